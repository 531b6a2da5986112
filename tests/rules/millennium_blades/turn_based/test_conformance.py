"""The core's conformance checks (tests/rules/core/test_conformance.py) on Turn-Based Mode, which is
not registered here: random games per seat count with every check on (actions round-trip and
apply on clones, views are JSON-able and do not leak what determinize redeals, cards are
conserved, outcomes and counters are as declared), a seed repeats a game, and greedy's
look-ahead never touches the real game."""

from __future__ import annotations

import json

import pytest

from rules.core.decks import DeckList
from rules.core.play import build_agent, choose_move, derive_seed
from rules.core.replay import make_replay, replay_game
from rules.millennium_blades.turn_based import TURN_BASED_ENGINE
from tests.rules.core.test_conformance import Table, play_random_game

GAMES = 2


def _decks(players: int) -> tuple:
    return tuple(DeckList("millennium_blades", {}, name=f"seat {s}") for s in range(players))


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_turn_based_mode_keeps_the_engine_protocol(players):
    decks = _decks(players)
    table = Table(TURN_BASED_ENGINE, decks)
    for game in range(GAMES):
        state, seen = play_random_game(table, 600 + game, checks=True)
        assert seen["simultaneous"] == 0
        again = TURN_BASED_ENGINE.start(list(decks), 600 + game)
        for move in seen["moves"]:
            again.apply_joint_checked(move)
        assert again.events == state.events


def test_greedy_look_ahead_never_touches_the_real_game_and_replays():
    decks = _decks(3)
    seed = 700
    state = TURN_BASED_ENGINE.start(list(decks), seed)
    agents = [build_agent("greedy", derive_seed(seed, "agent", s), TURN_BASED_ENGINE) for s in range(3)]
    moves = []
    while not state.is_over:
        before = json.dumps(state.view(None), sort_keys=True)
        move = choose_move(state, agents)
        assert json.dumps(state.view(None), sort_keys=True) == before, f"choosing {move} changed the game"
        state.apply_move(move)
        moves.append(move)
    replay = make_replay(engine=TURN_BASED_ENGINE, decks=list(decks), seed=seed,
                         agents=[a.describe() for a in agents], moves=moves, state=state, options={})
    assert replay_game(replay, TURN_BASED_ENGINE).is_over
