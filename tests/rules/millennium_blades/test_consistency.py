"""Random tables of 2-5 random kits from the pool, played by random agents: every tournament ends,
no card is lost or duplicated, RP is never negative, face-down cards are blank, the same seed
repeats the game (issue 12, "Checks that must pass"); and, with kits from
``construction.random_legal_deck`` (the whole pool), the turn and face-down rules of issue 29:
no Action before the Single in a turn that then plays none ("Tournament Turns"), an Action's card
ends face-down ("Use an Action"), no Reaction of a face-down card is offered ("Flip a Card")."""

from __future__ import annotations

import random
from collections import Counter

from rules.core.decks import DeckEntry, DeckList
from rules.millennium_blades.construction import random_legal_deck
from rules.millennium_blades.engine import new_game
from tests.rules.samples import GamePool

POOL = GamePool("millennium_blades")
TABLES = 300


def random_kit(rng: random.Random) -> DeckList:
    by_type = {kind: [c for c in POOL.pool if c.card_type == kind] for kind in ("single", "deck_box", "accessory")}
    sections = {"singles": rng.sample(by_type["single"], rng.randint(4, 9)),  # 9: an illegal deck, trimmed
                "deck_box": rng.sample(by_type["deck_box"], rng.randint(0, 1)),
                "accessories": rng.sample(by_type["accessory"], rng.randint(0, 2))}
    return DeckList("millennium_blades", {k: [DeckEntry(c, 1) for c in v] for k, v in sections.items()})


class TurnRules:
    """Watches a game move by move for the issue 29 rules (from the protocol and the state)."""

    def __init__(self):
        self.action_first: set[int] = set()  # turns where an Action came before the turn's Single
        self.played: set[int] = set()  # turns where a Single was played
        self.used: list[int] = []  # the cards whose Action was used (powers aside)

    def before(self, state, seat, action) -> None:
        if state.pending:
            frame = state.stack[-1]
            if state.pending["kind"] == "optional" and frame["reaction"]:
                assert frame["source"] not in state.down, "a face-down card's Reaction is offered"
            return
        if action.verb == "play":
            self.played.add(state.turn)
        elif action.verb == "use":
            if not state.played_this_turn:
                self.action_first.add(state.turn)
            self.used += [c for c in state.usable_actions(seat)
                          if state.cards[c].name == action.args[0] and c not in state.powers[seat]]

    def after(self, state) -> None:
        if not state.pending and not state.stack:
            assert all(c in state.down for c in self.used), "an Action's card is still face-up"

    def at_the_end(self) -> None:
        assert self.action_first <= self.played, "an Action was taken in a turn that played no Single"


def play(decks, seed):
    state = new_game(decks, seed)
    rng = random.Random(seed)
    everything = Counter(state.all_cards())
    moves = []
    rules = TurnRules()
    while not state.is_over:
        (seat,) = state.current_players()
        action = rng.choice(state.legal_actions(seat))
        moves.append(action)
        rules.before(state, seat, action)
        state.apply_checked(action, seat)
        rules.after(state)
        assert min(state.rp) >= 0
        assert Counter(state.all_cards()) == everything
        for card in state.down:
            assert state.star(card) is None and not state.elements(card) and not state.types(card)
        assert len(moves) < 2000
    rules.at_the_end()
    return state, moves


def test_random_tables_keep_the_rules():
    rng = random.Random(12)
    for table in range(TABLES):
        players = rng.randint(2, 5)
        if table % 2:  # legal kits from the whole pool (the conformance sweep's)
            decks = [random_legal_deck(POOL.pool, rng) for _ in range(players)]
        else:
            decks = [random_kit(rng) for _ in range(players)]
        state, moves = play(decks, table)
        assert state.outcome.reason in ("tournament_end", "turn_limit")
        assert 1 in state.outcome.placements and max(state.outcome.returns) <= 21.0
        if table % 25 == 0:
            again = new_game(decks, table)
            for action in moves:
                again.apply_checked(action, again.current_players()[0])
            assert again.events == state.events
