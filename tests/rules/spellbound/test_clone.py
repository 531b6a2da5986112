"""``clone`` is derived from the fields base.py declares (issue 30): at many positions of random
games (the sample decks and random legal decks) a clone shares no mutable object with its source
(the object graphs walked), holds every attribute its source holds, plays on exactly like it, and
the card table declared ``FIXED`` is never changed by a game. The RNG is the one object a clone
and its source share, until either asks for it (``COPY_ON_WRITE``)."""

from __future__ import annotations

import random

from rules.spellbound.construction import random_legal_deck
from rules.spellbound.engine import ENGINE
from tests.rules.core.clone_checks import check_determinize_redeals_only_the_copy, check_whole_games
from tests.rules.spellbound.helpers import DECKS, POOL

GAMES = 12
EVERY = 8  # positions checked: one move in eight
PAIRS = [(a, b) for a in DECKS for b in DECKS]


def _decks(seed: int) -> list:
    """A pairing of the sample decks, or (one game in three) two random legal decks."""
    if seed % 3 == 2:
        rng = random.Random(seed)
        return [random_legal_deck(POOL.pool, rng) for _ in range(2)]
    a, b = PAIRS[seed % len(PAIRS)]
    return [DECKS[a], DECKS[b]]


def test_a_clone_shares_no_mutable_object_with_its_source():
    checked = check_whole_games((ENGINE.start(_decks(seed), seed) for seed in range(GAMES)), EVERY)
    assert checked > 800, checked


def test_the_rng_is_shared_until_either_side_draws_from_it():
    state = ENGINE.start([DECKS["ashen"], DECKS["pink"]], 5)
    clone = state.clone()
    expected = random.Random()
    expected.setstate(state.rng.getstate())
    draws = [state.rng.random() for _ in range(3)]
    assert clone.rng is not state.rng
    assert [clone.rng.random() for _ in range(3)] == draws == [expected.random() for _ in range(3)]


def test_determinize_redeals_only_the_copy():
    check_determinize_redeals_only_the_copy(lambda: ENGINE.start([DECKS["ashen"], DECKS["rootbound"]], 3), 40)
