"""Card Race: a small hidden-hand card game that implements the engine protocol fully.

It exists so the agents, modes and replays in ``rules/core`` are proven game-agnostic before
(and besides) any real game. Rules:

- 2-4 players, each with a shuffled deck of numbered cards (``attributes["value"]``).
- Setup: shuffle, deal 3 cards. Every player then chooses ``keep`` or ``mulligan`` at the same
  time (a simultaneous secret choice); a mulligan shuffles the hand back and deals 3 again.
- Each turn the active player draws a card (an empty deck loses: ``deck_out``), then plays one
  card from hand (``play <value>``, its value is added to their score) or passes (``pass``).
- The first player to reach ``TARGET`` points wins; past the turn cap the game is a draw.

Hands and deck order are hidden: ``view`` shows only the player's own hand, and ``determinize``
redeals what a player cannot see.
"""

from __future__ import annotations

import dataclasses
import random

from rules.core.decks import CardSpec, DeckEntry, DeckList
from rules.core.engine import Action, EndReason, EngineSpec, GameState

TARGET = 20
HAND = 3
SCORE_REACHED = "score_reached"


def value(card: CardSpec) -> int:
    """A card's points: its ``value`` attribute; cards of other games (CLI tests) get 1-8 by name."""
    return card.attributes.get("value") or 1 + len(card.name) % 8


class CardRace(GameState):
    turn_limit = 40

    def __init__(self, decks: list[DeckList], seed: int):
        super().__init__(len(decks), seed)
        self.decks: list[list[CardSpec]] = [list(deck.cards()) for deck in decks]
        self.hands: list[list[CardSpec]] = [[] for _ in decks]
        self.scores = [0] * len(decks)
        self.active = 0
        self.pending_mulligan: set[int] = set(range(len(decks)))
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

    def _start_turn(self) -> None:
        self.turn += 1
        if self.check_turn_limit():
            return
        self.step_name = "draw"
        if not self._draw(self.active):
            self.end([q for q in range(self.num_players) if q != self.active], EndReason.DECK_OUT)
            return
        self.step_name = "main"

    # -- protocol --------------------------------------------------------------------------------
    def current_players(self) -> list[int]:
        if self.is_over:
            return []
        if self.pending_mulligan:
            return sorted(self.pending_mulligan)
        return [self.active]

    def legal_actions(self, player: int) -> list[Action]:
        if self.pending_mulligan:
            return [Action("keep"), Action("mulligan")]
        values = sorted({value(card) for card in self.hands[player]})
        return [Action("play", (v,)) for v in values] + [Action("pass")]

    def apply(self, action: Action, player: int) -> None:
        if self.pending_mulligan:
            if action.verb == "mulligan":
                self.mulligan_count[player] += 1
                self.decks[player].extend(self.hands[player])
                self.hands[player].clear()
                self.rng.shuffle(self.decks[player])
                self._deal(player)
            self.log(str(action), player)
            self.pending_mulligan.discard(player)
            if not self.pending_mulligan:
                self._start_turn()
            return
        if action.verb == "play":
            points = action.args[0]
            card = next(c for c in self.hands[player] if value(c) == points)
            self.hands[player].remove(card)
            self.scores[player] += points
            self.played[player][card.name] = self.played[player].get(card.name, 0) + 1
            self.log(str(action), player, score=self.scores[player])
            if self.scores[player] >= TARGET:
                self.end([player], SCORE_REACHED)
                return
        else:
            self.log(str(action), player)
        self.active = (self.active + 1) % self.num_players
        self._start_turn()

    def view(self, player: int | None) -> dict:
        return {
            "turn": self.turn,
            "active": self.active,
            "scores": list(self.scores),
            "deck_sizes": [len(d) for d in self.decks],
            "hand_sizes": [len(h) for h in self.hands],
            "hands": {p: [c.name for c in h] for p, h in enumerate(self.hands) if player is None or p == player},
        }

    def clone(self) -> CardRace:
        other = CardRace.__new__(CardRace)
        other.__dict__.update(self.__dict__)
        other.rng = random.Random()
        other.rng.setstate(self.rng.getstate())
        other.events = list(self.events)
        other.decks = [list(d) for d in self.decks]
        other.hands = [list(h) for h in self.hands]
        other.scores = list(self.scores)
        other.pending_mulligan = set(self.pending_mulligan)
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

    def card_stats(self) -> dict[int, dict[str, dict[str, int]]]:
        return {p: {"drawn": dict(self.drawn[p]), "played": dict(self.played[p])} for p in range(self.num_players)}

    def mulligans(self) -> dict[int, int]:
        return {p: self.mulligan_count[p] for p in range(self.num_players)}


def evaluate(state: CardRace, player: int) -> float:
    """Own score minus the best opponent's score (what greedy maximises)."""
    if state.is_over:
        return 100.0 if player in state.outcome.winners else -100.0
    return state.scores[player] - max(s for p, s in enumerate(state.scores) if p != player)


def new_game(decks: list[DeckList], seed: int, **options) -> CardRace:
    return CardRace(decks, seed)


ENGINE = EngineSpec(game="toy", version="toy-1", new_game=new_game, evaluate=evaluate, min_players=2, max_players=4)
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
