"""Turn-Based Mode's ``clone`` is derived from the fields ``TurnBasedState`` declares (issue 30):
at many positions of random games (two to five seats) a clone shares no mutable object with its
source, holds every attribute its source holds, plays on exactly like it, and the tables
declared ``FIXED`` never change. The table (the tournament engine's ``TurnTable``) is the clone's
own, drawing from the clone's RNG and writing into its log."""

from __future__ import annotations

from rules.millennium_blades.turn_based import new_turn_based_game
from tests.rules.core.clone_checks import check_whole_games

GAMES = 6
EVERY = 5  # positions checked: one move in five


def test_a_clone_shares_no_mutable_object_with_its_source():
    checked = check_whole_games((new_turn_based_game(seed % 4 + 2, seed) for seed in range(GAMES)), EVERY)
    assert checked > 150, checked


def test_the_clone_s_table_draws_from_the_clone_s_rng_and_logs_into_its_log():
    state = new_turn_based_game(3, 4)
    world = state.clone()
    assert world.table.rng is world.rng and world.rng is not state.rng
    assert world.table.events is world.events and world.events is not state.events
    assert state.table.rng is state.rng and state.table.events is state.events
