"""``clone`` is derived from the fields base.py declares (issue 30): at many positions of random
games (the sample decks, and decks holding every card) a clone shares no mutable object with its
source (the object graphs walked), holds every attribute its source holds, plays on exactly like
it, and the card tables declared ``FIXED`` are never changed by a game. The RNG and the event log
are the objects a clone and its source share, until either needs its own (``COPY_ON_WRITE``)."""

from __future__ import annotations

import json
import random

from rules.boundless.engine import ENGINE
from rules.core.fields import FIXED, declared_fields, shared_mutables
from tests.rules.boundless.helpers import every_card_deck, sample_decks
from tests.rules.core.clone_checks import check_clone, play_random_move

GAMES = 30
EVERY = 3  # positions checked: one move in three
SAMPLES = sample_decks()
PAIRS = [(a, b) for a in SAMPLES for b in SAMPLES]


def _decks(seed: int) -> list:
    """A pairing of the sample decks, or (one game in three) two decks of every card."""
    if seed % 3 == 2:
        return [every_card_deck("Sylvara, Emerald Warden"), every_card_deck("Kuroha, Akumaiden Matriarch")]
    return list(PAIRS[seed % len(PAIRS)])


def _fixed(state) -> dict:
    return {name: list(getattr(state, name)) for name, policy in declared_fields(type(state)).items() if policy is FIXED}


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
        assert after.keys() == fixed.keys() and all(
            len(after[n]) == len(fixed[n]) and all(a is b for a, b in zip(after[n], fixed[n], strict=True))
            for n in fixed), "a FIXED table changed during the game"
    assert checked > 800, checked


def test_the_spirits_under_forms_are_shared_only_per_zone():
    """``SPIRITS_UNDER``: the pair and each seat's list are new; the list under a zone is shared
    (zones.py replaces it whole), so adding a spirit on the clone leaves the source's alone."""
    state = ENGINE.start(list(PAIRS[0]), 2)
    clone = state.clone()
    assert clone.form_spirits is not state.form_spirits
    assert all(clone.form_spirits[seat] is not state.form_spirits[seat] for seat in (0, 1))
    clone.form_spirits[0][0] = clone.form_spirits[0][0] + [1]
    assert state.form_spirits[0][0] == []


def test_the_rng_and_the_log_are_shared_until_either_side_needs_its_own():
    state = ENGINE.start(list(PAIRS[1]), 5)
    clone = state.clone()
    assert clone._rng is state._rng and clone.events is state.events
    expected = random.Random()
    expected.setstate(state._rng.getstate())
    draw = expected.random()
    assert clone.rng.random() == draw and clone._rng is not state._rng
    assert state.rng.random() == draw, "drawing from the clone's RNG moved its source's"
    events = list(state.events)
    play_random_move(clone, random.Random(1))
    assert state.events == events and clone.events is not state.events


def test_determinize_redeals_only_the_copy():
    state = ENGINE.start(list(PAIRS[2]), 3)
    rng = random.Random(3)
    for _ in range(40):
        play_random_move(state, rng)
    before = json.dumps(state.view(None), sort_keys=True)
    world = state.determinize(0, random.Random(1))
    assert not shared_mutables(state, world)
    assert json.dumps(state.view(None), sort_keys=True) == before
