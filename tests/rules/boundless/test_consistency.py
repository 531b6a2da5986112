"""The random-simulation consistency test (docs/architecture.md, issue 4 "Checks that must pass").

Thousands of games with uniformly random legal actions over the three sample decks: every game
ends (the turn limit at worst); no card is lost or duplicated across the zones after any step
(``card_ids``; ``all_cards``, the names, never change); every offered action applies without
error (the chosen one always; at sampled steps every one, each on a clone); ``view`` never shows
a card its player may not see, and ``hidden_cards`` names exactly those; every action's text
round-trips; the same seed repeats the game exactly (same event log).

Runs ``BOUNDLESS_CONSISTENCY_GAMES`` games (default 400; see tests/sweeps.py for longer runs).
"""

from __future__ import annotations

import json
import random
from collections import Counter

import pytest

from rules.boundless.engine import new_game
from rules.core.engine import Action
from tests.sweeps import sweep

from .helpers import sample_decks

pytestmark = pytest.mark.long  # a minute or more of tests: started first (tests/conftest.py)

GAMES = sweep(400, "BOUNDLESS_CONSISTENCY_GAMES")
VIEW_EVERY = 7  # check the views (and every offered action) at about one step in seven
REPLAY_EVERY = 25  # replay one game in 25 with the same seed and compare event logs


def _ids(node, out: set) -> set:
    if isinstance(node, dict):
        for key, value in node.items():
            if key == "id":
                out.add(value)
            else:
                _ids(value, out)
    elif isinstance(node, list):
        for value in node:
            _ids(value, out)
    return out


def check_view(state, player: int) -> None:
    view = state.view(player)
    json.dumps(view)
    seen = _ids(view, set())
    opp = 1 - player
    hidden = set(state.main_deck[0]) | set(state.main_deck[1]) | set(state.spirit_deck[0]) | set(state.spirit_deck[1])
    hidden |= {c for c in state.hand[opp] if c not in state.known_in_hand[opp]}
    hidden |= {c for i, c in enumerate(state.commands[opp]) if c >= 0 and not state.command_face_up[opp][i]}
    leaked = seen & hidden
    assert not leaked, f"view({player}) shows hidden cards {[state.card_defs[c].name for c in leaked]}"
    assert Counter(state.hidden_cards(player)) == Counter(state.card_defs[c].name for c in hidden)
    mine = view["players"][player]
    assert "hand" in mine and "hand" not in view["players"][opp]
    assert view["players"][opp]["hand_count"] == len(state.hand[opp])


def play(decks, seed: int, agent_seed: int, *, checks: bool, log: bool = False):
    state = new_game(decks, seed)
    state.log_events = log
    rng = random.Random(agent_seed)
    everything = sorted(state.card_ids())
    assert everything == list(range(len(state.card_defs)))
    names = Counter(state.all_cards())
    steps = 0
    while not state.is_over:
        player = state.current_players()[0]
        actions = state.legal_actions(player)
        assert actions, f"seed {seed}: player {player} must act but has no legal action"
        action = rng.choice(actions)
        assert Action.parse(str(action)) == action
        if checks and steps % VIEW_EVERY == 0:
            check_view(state, 0)
            check_view(state, 1)
            for other in actions:
                assert Action.parse(str(other)) == other
                trial = state.clone()
                trial.log_events = False
                trial.apply(other, player)
                assert sorted(trial.card_ids()) == everything
        state.apply(action, player)
        steps += 1
        if checks:
            assert sorted(state.card_ids()) == everything, f"seed {seed}: cards lost or duplicated after {action}"
            assert Counter(state.all_cards()) == names
        assert steps < 20000, f"seed {seed}: no end after {steps} steps"
    assert state.turn <= state.turn_limit + 1
    return state, steps


def test_random_games_are_consistent():
    decks = sample_decks()
    pairs = [(a, b) for a in range(3) for b in range(3)]
    reasons = {}
    for game in range(GAMES):
        a, b = pairs[game % len(pairs)]
        state, steps = play([decks[a], decks[b]], seed=game, agent_seed=10_000 + game, checks=True,
                            log=game % REPLAY_EVERY == 0)
        reasons[state.outcome.reason] = reasons.get(state.outcome.reason, 0) + 1
        if game % REPLAY_EVERY == 0:
            again, steps_again = play([decks[a], decks[b]], seed=game, agent_seed=10_000 + game, checks=False, log=True)
            assert steps_again == steps
            assert [e.as_dict() for e in again.events] == [e.as_dict() for e in state.events]
            assert again.outcome == state.outcome
    assert sum(reasons.values()) == GAMES
    assert set(reasons) <= {"spirits_in_void", "deck_out", "alternate_win", "turn_limit"}
