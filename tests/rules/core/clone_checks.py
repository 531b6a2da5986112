"""The checks every game's clone test makes at a position (issue 30: ``clone`` derived from the
state's declared fields, ``rules/core/fields.py``)."""

from __future__ import annotations

import json
import random
from collections.abc import Callable, Iterable

from rules.core.fields import FIXED, declared_fields, held_attributes, shared_mutables, undeclared


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
    assert held_attributes(clone) == held_attributes(state)
    assert clone.events == state.events and clone.view(None) == state.view(None)
    before = json.dumps(state.view(None), sort_keys=True)
    for _ in range(3):
        if clone.is_over:
            break
        play_random_move(clone, rng)
    assert json.dumps(state.view(None), sort_keys=True) == before, "playing on a clone changed its source"


def check_slotted(cls: type, state) -> None:
    """``cls`` holds every field in a slot (``fields.declared_slots``): no instance ``__dict__``, which a
    part of the state written as a mixin without ``__slots__ = ()`` would bring back (and with it a
    place for undeclared attributes); ``state``, one of its games, refuses an undeclared attribute."""
    assert not cls.__dictoffset__, [k.__name__ for k in cls.__mro__ if "__slots__" not in vars(k)]
    try:
        state.not_a_field = 1
    except AttributeError:
        return
    raise AssertionError(f"a {cls.__name__} took an undeclared attribute")


def _fixed_tables(state) -> dict:
    """Each ``FIXED`` field: the table itself, its text and (a dict's) the objects it holds, to
    tell that a game changed none of them."""
    tables = {}
    for name, policy in declared_fields(type(state)).items():
        if policy is FIXED:
            table = getattr(state, name)
            held = list(table.values()) if isinstance(table, dict) else list(table) if isinstance(table, list) else []
            tables[name] = (table, repr(table), held)
    return tables


def _unchanged(before: dict, after: dict) -> bool:
    return before.keys() == after.keys() and all(
        after[n][0] is table and after[n][1] == text and all(a is b for a, b in zip(after[n][2], held, strict=True))
        for n, (table, text, held) in before.items())


def check_whole_games(starts: Iterable, every: int) -> int:
    """Play each started game to its end with random legal moves, checking a clone
    (:func:`check_clone`) one move in ``every`` and at the end, and that the game changed none of
    the tables declared ``FIXED``: the number of positions checked."""
    checked = 0
    for seed, state in enumerate(starts):
        fixed = _fixed_tables(state)
        rng = random.Random(seed)
        moves = 0
        while not state.is_over:
            if moves % every == 0:
                check_clone(state, random.Random(moves))
                checked += 1
            play_random_move(state, rng)
            moves += 1
        check_clone(state, rng)
        assert _unchanged(fixed, _fixed_tables(state)), "a FIXED table changed during the game"
    return checked


def check_determinize_redeals_only_the_copy(start: Callable[[], object], moves: int) -> None:
    """After ``moves`` random moves, ``determinize`` returns a world that shares no mutable object
    with the game, and leaves the game as it was."""
    state = start()
    rng = random.Random(3)
    for _ in range(moves):
        if state.is_over:
            break
        play_random_move(state, rng)
    before = json.dumps(state.view(None), sort_keys=True)
    world = state.determinize(0, random.Random(1))
    assert not shared_mutables(state, world)
    assert json.dumps(state.view(None), sort_keys=True) == before
