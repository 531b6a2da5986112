"""The checks every game's clone test makes at a position (issue 30: ``clone`` derived from the
state's declared fields, ``rules/core/fields.py``)."""

from __future__ import annotations

import json
import random

from rules.core.fields import shared_mutables, undeclared


def play_random_move(state, rng: random.Random) -> None:
    """One joint move of random legal actions, every acting seat at once."""
    state.apply_joint_checked({seat: rng.choice(state.legal_actions(seat)) for seat in state.current_players()})


def check_clone(state, rng: random.Random) -> None:
    """Every attribute of ``state`` is declared; its clone shares no mutable object with it, holds
    the same attributes, events and view, and playing on the clone leaves the source alone."""
    assert not undeclared(state), f"{type(state).__name__} attributes not declared: {undeclared(state)}"
    clone = state.clone()
    shared = shared_mutables(state, clone)
    assert not shared, f"the clone shares mutable objects with its source: {shared[:5]}"
    assert vars(clone).keys() == vars(state).keys()
    assert clone.events == state.events and clone.view(None) == state.view(None)
    before = json.dumps(state.view(None), sort_keys=True)
    for _ in range(3):
        if clone.is_over:
            break
        play_random_move(clone, rng)
    assert json.dumps(state.view(None), sort_keys=True) == before, "playing on a clone changed its source"
