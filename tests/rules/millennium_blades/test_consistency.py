"""Random tables of 2-5 random kits from the pool, played by random agents: every tournament ends,
no card is lost or duplicated, RP is never negative, face-down cards are blank, the same seed
repeats the game (issue 12, "Checks that must pass")."""

from __future__ import annotations

import random
from collections import Counter

from rules.core.decks import DeckEntry, DeckList
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


def play(decks, seed):
    state = new_game(decks, seed)
    rng = random.Random(seed)
    everything = Counter(state.all_cards())
    moves = []
    while not state.is_over:
        (seat,) = state.current_players()
        action = rng.choice(state.legal_actions(seat))
        moves.append(action)
        state.apply_checked(action, seat)
        assert min(state.rp) >= 0
        assert Counter(state.all_cards()) == everything
        for card in state.down:
            assert state.star(card) is None and not state.elements(card) and not state.types(card)
        assert len(moves) < 2000
    return state, moves


def test_random_tables_keep_the_rules():
    rng = random.Random(12)
    for table in range(TABLES):
        decks = [random_kit(rng) for _ in range(rng.randint(2, 5))]
        state, moves = play(decks, table)
        assert state.outcome.reason in ("tournament_end", "turn_limit")
        assert 1 in state.outcome.placements and max(state.outcome.returns) <= 21.0
        if table % 25 == 0:
            again = new_game(decks, table)
            for action in moves:
                again.apply_checked(action, again.current_players()[0])
            assert again.events == state.events
