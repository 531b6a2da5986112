"""``clone`` is derived from the fields base.py declares (issue 30): at many positions of random
two- and four-seat games a clone shares no mutable object with its source (the object graphs
walked), holds every attribute its source holds, plays on exactly like it, and the tables
declared ``FIXED`` are never changed by a game."""

from __future__ import annotations

import json
import random

from rules.core.fields import FIXED, declared_fields, shared_mutables, undeclared
from rules.fellbound.engine import ENGINE
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


def _play(state, rng: random.Random) -> None:
    state.apply_joint_checked({seat: rng.choice(state.legal_actions(seat)) for seat in state.current_players()})


def _check_clone(state, rng: random.Random) -> None:
    assert not undeclared(state), f"FellBoundState attributes not declared in base.py: {undeclared(state)}"
    clone = state.clone()
    shared = shared_mutables(state, clone)
    assert not shared, f"the clone shares mutable objects with its source: {shared[:5]}"
    assert vars(clone).keys() == vars(state).keys()
    assert clone.events == state.events and clone.view(None) == state.view(None)
    before = json.dumps(state.view(None), sort_keys=True)
    for _ in range(3):
        if clone.is_over:
            break
        _play(clone, rng)
    assert json.dumps(state.view(None), sort_keys=True) == before, "playing on a clone changed its source"


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
                _check_clone(state, random.Random(moves))
                checked += 1
            _play(state, rng)
            moves += 1
        _check_clone(state, rng)
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
        _play(state, rng)
    before = json.dumps(state.view(None), sort_keys=True)
    world = state.determinize(0, random.Random(1))
    assert not shared_mutables(state, world)
    assert json.dumps(state.view(None), sort_keys=True) == before
