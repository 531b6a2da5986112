"""``clone`` is derived from the fields base.py declares (issue 30): at many positions of random
games a clone shares no mutable object with its source (the object graphs walked), holds every
attribute its source holds, plays on exactly like it, and the card tables declared ``FIXED`` are
never changed by a game."""

from __future__ import annotations

from rules.bos.engine import ENGINE
from tests.rules.bos.helpers import DECKS
from tests.rules.core.clone_checks import check_determinize_redeals_only_the_copy, check_whole_games

GAMES = 40
EVERY = 3  # positions checked: one move in three
PAIRS = [(a, b) for a in DECKS for b in DECKS]


def _start(seed: int):
    a, b = PAIRS[seed % len(PAIRS)]
    options = {"first_player": "rps"} if seed % 4 == 3 else {"reserve_swaps": seed % 4 == 2}
    return ENGINE.start([DECKS[a], DECKS[b]], seed, **options)


def test_a_clone_shares_no_mutable_object_with_its_source():
    assert check_whole_games((_start(seed) for seed in range(GAMES)), EVERY) > 500


def test_determinize_redeals_only_the_copy():
    check_determinize_redeals_only_the_copy(lambda: ENGINE.start([DECKS["blue"], DECKS["red"]], 3), 40)
