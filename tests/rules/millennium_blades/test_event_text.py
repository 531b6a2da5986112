"""Millennium Blades' events in words on replay frames (rules/millennium_blades/event_text.py): a whole
game's replay gives every event a sentence, seats named for people, never an event's raw data."""

from __future__ import annotations

import random

from rules.millennium_blades.full import new_full_game


def _played_full_game(seed: int):
    state = new_full_game(3, seed)
    state.log_events = True
    rng = random.Random(seed)
    while not state.is_over:
        state.apply_joint({s: (rng.choice(state.legal_actions(s)) if rng.random() < 0.3 else state.legal_actions(s)[0])
                           for s in state.current_players()})
    return state


def test_every_event_of_a_whole_game_reads_as_a_sentence():
    state = _played_full_game(1)
    unworded = {e.action for e in state.events if state.event_to_string(e) is None}
    assert not unworded
    income = next(e for e in state.events if e.action == "income")
    assert state.event_to_string(income).startswith("Seat 0 receives 30 dollars")
