"""``clone`` is derived from the fields base.py declares (issue 30): at many positions of random
two- and four-seat games a clone shares no mutable object with its source (the object graphs
walked), holds every attribute its source holds, plays on exactly like it, and the tables
declared ``FIXED`` are never changed by a game."""

from __future__ import annotations

import json
import random

from rules.core.fields import FIXED, declared_fields, shared_mutables
from rules.fellbound.engine import ENGINE
from tests.rules.core.clone_checks import check_clone, play_random_move
from tests.rules.fellbound.helpers import POOL

GAMES = 40
EVERY = 2  # positions checked: one move in two


def _decks(seed: int, seats: int):
    """The sample decks, a different pairing (or foursome) per seed."""
    stems = POOL.samples
    return [POOL.sample(stems[(seed + seat * (seed // len(stems) + 1)) % len(stems)]) for seat in range(seats)]


def _fixed(state) -> dict:
    return {name: (getattr(state, name), repr(getattr(state, name)))
            for name, policy in declared_fields(type(state)).items() if policy is FIXED}


def test_a_clone_shares_no_mutable_object_with_its_source():
    checked = 0
    for seed in range(GAMES):
        seats = 4 if seed % 4 == 3 else 2
        state = ENGINE.start(_decks(seed, seats), seed)
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
        assert after.keys() == fixed.keys() and all(after[n][0] is fixed[n][0] and after[n][1] == fixed[n][1]
                                                    for n in fixed), "a FIXED table changed during the game"
    assert checked > 400


def test_determinize_redeals_only_the_copy():
    state = ENGINE.start(_decks(3, 2), 3)
    rng = random.Random(3)
    for _ in range(20):
        if state.is_over:
            break
        play_random_move(state, rng)
    before = json.dumps(state.view(None), sort_keys=True)
    world = state.determinize(0, random.Random(1))
    assert not shared_mutables(state, world)
    assert json.dumps(state.view(None), sort_keys=True) == before
