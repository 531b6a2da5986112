"""Card Race: a small hidden-hand card game that implements the whole engine protocol.

It exists so that the agents, modes, tallies, replays and the conformance suite in
``rules/core`` are proven game-agnostic, for 2 to 4 seats, simultaneous moves and teams, before
(and besides) any real game. Rules:

- 2-4 players, each with a shuffled deck of numbered cards (``attributes["value"]``).
- Setup: shuffle, deal 3 cards. Every player then chooses ``keep`` or ``mulligan`` at the same
  time (independent commitments); a mulligan shuffles the hand back and deals 3 again.
- Then a **secret bid**: every player bids 0-3 points at the same time (``bid N``), none seeing
  the others' bids; the bids are revealed together. The highest bidder pays its bid from its
  score and goes first; a tie goes to the lowest seat among the highest bidders.
- Each turn the active player draws a card, then plays one card from hand by name
  (``play "Strong 5"``: its value is added to their score) or passes (``pass``).
- The game ends when a player reaches ``TARGET`` points (``score_reached``) or must draw from
  an empty deck (``deck_out``); seats are placed by score (their returns), ties shared. Past the
  turn cap the game is a draw.
- Teams (option ``teams=[[0, 2], [1, 3]]``): allies add their scores together, and a team
  reaching ``TARGET`` wins together; allies share their placement.

``view(seat)`` keys: ``turn``, ``active``, ``scores``, ``team_scores`` (with teams),
``deck_sizes``, ``hand_sizes``, ``bids`` (the revealed bids, once revealed), ``hands`` (only the
seat's own hand; everything with ``None``).
"""

from __future__ import annotations

import dataclasses
import random
from enum import StrEnum

from rules.core.decks import CardSpec, DeckEntry, DeckList
from rules.core.engine import Action, EngineSpec, GameState, StatCounter
from rules.core.options import code_only

TARGET = 20
HAND = 3
MAX_BID = 3


class ToyEnd(StrEnum):
    SCORE_REACHED = "score_reached"
    DECK_OUT = "deck_out"


SCORE_REACHED = ToyEnd.SCORE_REACHED.value


def value(card: CardSpec) -> int:
    """A card's points: its ``value`` attribute; cards of other games (CLI tests) get 1-8 by name."""
    return card.attributes.get("value") or 1 + len(card.name) % 8


class CardRace(GameState):
    turn_limit = 40

    def __init__(self, decks: list[DeckList], seed: int, teams: list[list[int]] | None = None):
        super().__init__(len(decks), seed)
        self.decks: list[list[CardSpec]] = [list(deck.cards()) for deck in decks]
        self.hands: list[list[CardSpec]] = [[] for _ in decks]
        self.scores = [0] * len(decks)
        self.team_of = list(range(len(decks)))
        if teams:
            for number, members in enumerate(teams):
                for seat in members:
                    self.team_of[seat] = number
        self.active = 0
        self.phase = "mulligan"  # then "bid", then "play"
        self.waiting: set[int] = set(range(len(decks)))  # seats yet to decide keep/mulligan
        self.bids: list[int] | None = None
        self.drawn = [dict() for _ in decks]
        self.played = [dict() for _ in decks]
        self.mulligan_count = [0] * len(decks)
        self.step_name = "setup"
        for p in range(self.num_players):
            self.rng.shuffle(self.decks[p])
            self._deal(p)

    # -- helpers ---------------------------------------------------------------------------------
    def _deal(self, p: int) -> None:
        for _ in range(HAND):
            self._draw(p)

    def _draw(self, p: int) -> bool:
        if not self.decks[p]:
            return False
        card = self.decks[p].pop()
        self.hands[p].append(card)
        self.drawn[p][card.name] = self.drawn[p].get(card.name, 0) + 1
        self.log("draw", p, card=card.name)
        return True

    def team_score(self, seat: int) -> int:
        return sum(s for p, s in enumerate(self.scores) if self.team_of[p] == self.team_of[seat])

    def _end_by_scores(self, reason: ToyEnd) -> None:
        self.end_with_returns([self.team_score(p) for p in range(self.num_players)], reason)

    def _start_turn(self) -> None:
        self.turn += 1
        if self.check_turn_limit():
            return
        self.step_name = "draw"
        if not self._draw(self.active):
            self._end_by_scores(ToyEnd.DECK_OUT)
            return
        self.step_name = "main"

    # -- protocol --------------------------------------------------------------------------------
    def current_players(self) -> list[int]:
        if self.is_over:
            return []
        if self.phase == "mulligan":
            return sorted(self.waiting)
        if self.phase == "bid":
            return list(range(self.num_players))
        return [self.active]

    def legal_actions(self, player: int) -> list[Action]:
        if self.phase == "mulligan":
            return [Action("keep"), Action("mulligan")]
        if self.phase == "bid":
            return [Action("bid", (amount,)) for amount in range(MAX_BID + 1)]
        names = sorted({card.name for card in self.hands[player]})
        return [Action("play", (name,)) for name in names] + [Action("pass")]

    def apply(self, action: Action, player: int) -> None:
        if self.phase == "mulligan":
            if action.verb == "mulligan":
                self.mulligan_count[player] += 1
                self.decks[player].extend(self.hands[player])
                self.hands[player].clear()
                self.rng.shuffle(self.decks[player])
                self._deal(player)
            self.log(str(action), player)
            self.waiting.discard(player)
            if not self.waiting:
                self.phase = "bid"
                self.step_name = "bid"
            return
        if action.verb == "play":
            card = next(c for c in self.hands[player] if c.name == action.args[0])
            self.hands[player].remove(card)
            self.scores[player] += value(card)
            self.played[player][card.name] = self.played[player].get(card.name, 0) + 1
            self.log(str(action), player, card=card.name, points=value(card), score=self.scores[player])
            if self.team_score(player) >= TARGET:
                self._end_by_scores(ToyEnd.SCORE_REACHED)
                return
        else:
            self.log(str(action), player)
        self.active = (self.active + 1) % self.num_players
        self._start_turn()

    def apply_joint(self, actions) -> None:
        """Mulligans are independent commitments (the default, seat by seat); the bids are
        revealed and resolved together."""
        if self.phase != "bid":
            super().apply_joint(actions)
            return
        self.bids = [actions[p].args[0] for p in range(self.num_players)]
        high = max(self.bids)
        self.active = self.bids.index(high)  # ties: the lowest seat among the highest bidders
        self.scores[self.active] -= high
        self.log("bids_revealed", None, bids=list(self.bids), first=self.active, paid=high)
        self.phase = "play"
        self._start_turn()

    def action_to_string(self, action: Action, player: int) -> str:
        if action.verb == "play":
            card = next(c for c in self.hands[player] if c.name == action.args[0])
            return f"Seat {player} plays {card.name} for {value(card)} points"
        if action.verb == "bid":
            return f"Seat {player} bids {action.args[0]} in secret"
        if action.verb == "mulligan":
            return f"Seat {player} shuffles their hand back and draws {HAND} new cards"
        if action.verb == "keep":
            return f"Seat {player} keeps their hand"
        return f"Seat {player} passes"

    def view(self, player: int | None) -> dict:
        out = {
            "turn": self.turn,
            "active": self.active,
            "scores": list(self.scores),
            "deck_sizes": [len(d) for d in self.decks],
            "hand_sizes": [len(h) for h in self.hands],
            "bids": list(self.bids) if self.bids is not None else None,
            "hands": {p: [c.name for c in h] for p, h in enumerate(self.hands) if player is None or p == player},
        }
        if len(set(self.team_of)) < self.num_players:
            out["team_scores"] = [self.team_score(p) for p in range(self.num_players)]
        return out

    def hidden_cards(self, player: int) -> list[str]:
        hidden = [c.name for p, hand in enumerate(self.hands) if p != player for c in hand]
        return hidden + [c.name for deck in self.decks for c in deck]

    def all_cards(self) -> list[str]:
        return [c.name for pile in (*self.decks, *self.hands) for c in pile] + [
            name for played in self.played for name, n in played.items() for _ in range(n)]

    def clone(self) -> CardRace:
        other = CardRace.__new__(CardRace)
        other.__dict__.update(self.__dict__)
        other.rng = random.Random()
        other.rng.setstate(self.rng.getstate())
        other.events = list(self.events)
        other.decks = [list(d) for d in self.decks]
        other.hands = [list(h) for h in self.hands]
        other.scores = list(self.scores)
        other.waiting = set(self.waiting)
        other.drawn = [dict(d) for d in self.drawn]
        other.played = [dict(d) for d in self.played]
        other.mulligan_count = list(self.mulligan_count)
        return other

    def determinize(self, player: int, rng: random.Random) -> CardRace:
        other = self.clone()
        for p in range(self.num_players):
            if p == player:
                rng.shuffle(other.decks[p])
                continue
            unseen = other.decks[p] + other.hands[p]
            rng.shuffle(unseen)
            size = len(other.hands[p])
            other.hands[p], other.decks[p] = unseen[:size], unseen[size:]
        return other

    def counters(self) -> list[dict]:
        return [{"drawn": dict(self.drawn[p]), "played": dict(self.played[p]),
                 "mulligans": self.mulligan_count[p],
                 "bid": self.bids[p] if self.bids is not None else 0} for p in range(self.num_players)]


def evaluate(state: CardRace, player: int) -> float:
    """Own (team) score minus the best other team's score (what greedy maximises)."""
    if state.is_over:
        return 100.0 if player in state.outcome.winners else -100.0
    mine = state.team_score(player)
    others = [state.team_score(p) for p in range(state.num_players) if state.team_of[p] != state.team_of[player]]
    return mine - max(others, default=0)


def new_game(decks: list[DeckList], seed: int, **options) -> CardRace:
    return CardRace(decks, seed, teams=options.get("teams"))


ENGINE = EngineSpec(
    game="toy", version="toy-2", new_game=new_game, evaluate=evaluate, min_players=2, max_players=4,
    perfect_information=False, chance=True, simultaneous_moves=True, teams=True,
    end_reasons={ToyEnd.SCORE_REACHED: f"a player reached {TARGET} points", ToyEnd.DECK_OUT: "a deck ran out"},
    counters=(StatCounter("drawn", "Cards drawn", per_card=True, description="copies that entered the hand"),
              StatCounter("played", "Cards played", per_card=True),
              StatCounter("mulligans", "Mulligans"), StatCounter("bid", "Opening bid")),
    setup_options=(code_only("teams", "four players: two lists of two seats", list, tuple),),
)
#: the toy rules under a registered slug, to drive the CLI with real deck files and validators
BOUNDLESS_TOY = dataclasses.replace(ENGINE, game="boundless")


def make_deck(name: str, values: list[int]) -> DeckList:
    """A deck with one card per value (``"<name> 3"`` etc.); equal values share a card."""
    counts: dict[int, int] = {}
    for v in values:
        counts[v] = counts.get(v, 0) + 1
    entries = [DeckEntry(CardSpec(id=None, name=f"{name} {v}", card_type="number", attributes={"value": v}), n)
               for v, n in sorted(counts.items())]
    return DeckList(game="toy", sections={"deck": entries}, name=name)


STRONG = make_deck("Strong", [1, 2, 3, 4, 5, 5, 6, 6, 7, 7, 8, 8] * 2)
WEAK = make_deck("Weak", [1, 1, 2, 2, 3, 3, 4, 4, 5, 5, 6, 6] * 2)
