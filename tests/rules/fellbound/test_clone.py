"""``clone`` is derived from the fields base.py declares (issue 30): at many positions of random
two- and four-seat games a clone shares no mutable object with its source (the object graphs
walked), holds every attribute its source holds, plays on exactly like it, and the tables
declared ``FIXED`` are never changed by a game."""

from __future__ import annotations

from rules.fellbound.engine import ENGINE
from rules.fellbound.state import FellBoundState
from tests.rules.core.clone_checks import check_determinize_redeals_only_the_copy, check_slotted, check_whole_games
from tests.rules.fellbound.helpers import POOL

GAMES = 40
EVERY = 2  # positions checked: one move in two


def _decks(seed: int, seats: int):
    """The sample decks, a different pairing (or foursome) per seed."""
    stems = POOL.samples
    return [POOL.sample(stems[(seed + seat * (seed // len(stems) + 1)) % len(stems)]) for seat in range(seats)]


def test_a_clone_shares_no_mutable_object_with_its_source():
    games = (ENGINE.start(_decks(seed, 4 if seed % 4 == 3 else 2), seed) for seed in range(GAMES))
    assert check_whole_games(games, EVERY) > 400


def test_determinize_redeals_only_the_copy():
    check_determinize_redeals_only_the_copy(lambda: ENGINE.start(_decks(3, 2), 3), 20)


def test_a_game_holds_its_fields_in_slots():
    """Every field a slot (``FellBoundBase.__slots__``)."""
    check_slotted(FellBoundState, ENGINE.start(POOL.sample_decks()[:2], 1))
