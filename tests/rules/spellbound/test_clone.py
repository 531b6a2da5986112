"""``clone`` is derived from the fields base.py declares (issue 30): at many positions of random
games (the sample decks and random legal decks) a clone shares no mutable object with its source
(the object graphs walked), holds every attribute its source holds, plays on exactly like it, and
the card table declared ``FIXED`` is never changed by a game. The RNG is the one object a clone
and its source share, until either asks for it (``COPY_ON_WRITE``)."""

from __future__ import annotations

import json
import random

from rules.core.fields import FIXED, declared_fields, shared_mutables
from rules.spellbound.construction import random_legal_deck
from rules.spellbound.engine import ENGINE
from tests.rules.core.clone_checks import check_clone, play_random_move
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


def _fixed(state) -> dict:
    return {name: dict(getattr(state, name)) for name, policy in declared_fields(type(state)).items() if policy is FIXED}


def test_a_clone_shares_no_mutable_object_with_its_source():
    checked = 0
    for seed in range(GAMES):
        state = ENGINE.start(_decks(seed), seed)
        fixed = _fixed(state)
        rng = random.Random(seed)
        moves = 0
        while not state.is_over:
            if moves % EVERY == 0:
                check_clone(state, random.Random(moves))
                checked += 1
            play_random_move(state, rng)
            moves += 1
        check_clone(state, rng)
        after = _fixed(state)
        assert after.keys() == fixed.keys() and all(after[n] == fixed[n] and all(
            after[n][key] is value for key, value in fixed[n].items()) for n in fixed), \
            "a FIXED table changed during the game"
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
    state = ENGINE.start([DECKS["ashen"], DECKS["rootbound"]], 3)
    rng = random.Random(3)
    for _ in range(40):
        if state.is_over:
            break
        play_random_move(state, rng)
    before = json.dumps(state.view(None), sort_keys=True)
    world = state.determinize(0, random.Random(1))
    assert not shared_mutables(state, world)
    assert json.dumps(state.view(None), sort_keys=True) == before
