"""``clone`` is derived from the fields base.py declares (issue 30): at many positions of random
games (the sample decks, and decks holding every card) a clone shares no mutable object with its
source (the object graphs walked), holds every attribute its source holds, plays on exactly like
it, and the card tables declared ``FIXED`` are never changed by a game. The RNG and the event log
are the objects a clone and its source share, until either needs its own (``COPY_ON_WRITE``)."""

from __future__ import annotations

import random

from rules.boundless.engine import ENGINE
from tests.rules.boundless.helpers import every_card_deck, sample_decks
from tests.rules.core.clone_checks import check_determinize_redeals_only_the_copy, check_whole_games, play_random_move

GAMES = 30
EVERY = 3  # positions checked: one move in three
SAMPLES = sample_decks()
PAIRS = [(a, b) for a in SAMPLES for b in SAMPLES]


def _decks(seed: int) -> list:
    """A pairing of the sample decks, or (one game in three) two decks of every card."""
    if seed % 3 == 2:
        return [every_card_deck("Sylvara, Emerald Warden"), every_card_deck("Kuroha, Akumaiden Matriarch")]
    return list(PAIRS[seed % len(PAIRS)])


def test_a_clone_shares_no_mutable_object_with_its_source():
    checked = check_whole_games((ENGINE.start(_decks(seed), seed) for seed in range(GAMES)), EVERY)
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
    check_determinize_redeals_only_the_copy(lambda: ENGINE.start(list(PAIRS[2]), 3), 40)


def test_the_command_rows_and_known_hand_cards_are_shared_and_replaced_never_changed_in_place():
    """``command_face_up``, ``command_set_turn`` and ``known_in_hand`` are ``REPLACED``: a clone
    shares them, and placing a command or playing from the hand on the clone leaves the source's."""
    rng = random.Random(4)
    played = set()
    for seed in range(12):
        state = ENGINE.start(list(PAIRS[seed % len(PAIRS)]), seed)
        while not state.is_over and len(played) < 3:
            seat = state.current_players()[0]
            for act in state.legal_actions(seat):
                if act.verb in ("set", "cmd", "play") and act.verb not in played:
                    before = ([row[:] for row in state.command_face_up], [row[:] for row in state.command_set_turn],
                              [set(cards) for cards in state.known_in_hand])
                    clone = state.clone()
                    assert clone.command_face_up is state.command_face_up and clone.known_in_hand is state.known_in_hand
                    clone.apply(act, seat)
                    assert (state.command_face_up, state.command_set_turn, state.known_in_hand) == before, str(act)
                    played.add(act.verb)
            play_random_move(state, rng)
    assert played == {"set", "cmd", "play"}
