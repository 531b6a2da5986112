"""``clone`` is derived from the fields base.py declares (issue 30): at many positions of random
games a clone shares no mutable object with its source (the object graphs walked), holds every
attribute its source holds, plays on exactly like it, and the card tables declared ``FIXED`` are
never changed by a game."""

from __future__ import annotations

import json
import random

from rules.bos.engine import ENGINE
from rules.core.fields import FIXED, declared_fields, shared_mutables
from tests.rules.bos.helpers import DECKS
from tests.rules.core.clone_checks import check_clone

GAMES = 40
EVERY = 3  # positions checked: one move in three
PAIRS = [(a, b) for a in DECKS for b in DECKS]


def _fixed(state) -> dict:
    return {name: dict(getattr(state, name)) for name, policy in declared_fields(type(state)).items() if policy is FIXED}


def test_a_clone_shares_no_mutable_object_with_its_source():
    checked = 0
    for seed in range(GAMES):
        a, b = PAIRS[seed % len(PAIRS)]
        options = {"first_player": "rps"} if seed % 4 == 3 else {"reserve_swaps": seed % 4 == 2}
        state = ENGINE.start([DECKS[a], DECKS[b]], seed, **options)
        fixed = _fixed(state)
        rng = random.Random(seed)
        moves = 0
        while not state.is_over:
            if moves % EVERY == 0:
                check_clone(state, random.Random(moves))
                checked += 1
            state.apply_joint_checked({seat: rng.choice(state.legal_actions(seat)) for seat in state.current_players()})
            moves += 1
        check_clone(state, rng)
        after = _fixed(state)
        assert all(after[name][key] is value for name, table in fixed.items() for key, value in table.items()) \
            and after.keys() == fixed.keys() and all(after[n].keys() == fixed[n].keys() for n in fixed), \
            "a FIXED table changed during the game"
    assert checked > 500


def test_determinize_redeals_only_the_copy():
    state = ENGINE.start([DECKS["blue"], DECKS["red"]], 3)
    rng = random.Random(3)
    for _ in range(40):
        state.apply_joint_checked({seat: rng.choice(state.legal_actions(seat)) for seat in state.current_players()})
    before = json.dumps(state.view(None), sort_keys=True)
    world = state.determinize(0, random.Random(1))
    assert not shared_mutables(state, world)
    assert json.dumps(state.view(None), sort_keys=True) == before
