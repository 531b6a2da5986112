"""The core's conformance checks (tests/rules/core/test_conformance.py) on the whole game, which is
not registered yet: a few random games per seat count with every check on (actions round-trip
and apply on clones, views are JSON-able and do not leak what determinize redeals, cards are
conserved, outcomes and counters are as declared), and a seed repeats a game."""

from __future__ import annotations

import pytest

from rules.core.decks import DeckList
from rules.millennium_blades.full import FULL_ENGINE
from tests.rules.core.test_conformance import Table, play_random_game
from tests.sweeps import sweep

GAMES = sweep(1)


@pytest.mark.parametrize("players", [3, 4, 5])
def test_whole_game_keeps_the_engine_protocol(players):
    decks = tuple(DeckList("millennium_blades", {}, name=f"seat {s}") for s in range(players))
    table = Table(FULL_ENGINE, decks)
    for game in range(GAMES):
        state, seen = play_random_game(table, 500 + game, checks=True)
        assert seen["simultaneous"] > 0
        again = FULL_ENGINE.start(list(decks), 500 + game)
        for move in seen["moves"]:
            again.apply_joint_checked(move)
        assert again.events == state.events
