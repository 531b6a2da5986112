"""The engine protocol (rules/core/engine.py) as the Boundless engine fulfils it: registry entry,
clone independence, determinize consistency, statistics, evaluation."""

from __future__ import annotations

import json
import random
from collections import Counter

from rules.boundless import ai
from rules.boundless.engine import ENGINE, BoundlessState
from rules.core.registry import get_engine

from .helpers import sample_decks, start


def advance(state, rng, steps):
    for _ in range(steps):
        if state.is_over:
            break
        p = state.current_players()[0]
        state.apply(rng.choice(state.legal_actions(p)), p)


def test_engine_is_registered_and_starts_games():
    assert get_engine("boundless") is ENGINE
    assert ENGINE.min_players == ENGINE.max_players == 2 and ENGINE.evaluate is ai.evaluate
    state = ENGINE.start(sample_decks()[:2], seed=1, turn_limit=30)
    assert isinstance(state, BoundlessState) and state.turn_limit == 30
    assert state.current_players() == [0]


def test_clone_is_independent_and_continues_identically():
    decks = sample_decks()
    state = ENGINE.start([decks[0], decks[2]], seed=4)
    advance(state, random.Random(1), 60)
    before = json.dumps(state.view(None), sort_keys=True)
    copy = state.clone()
    advance(copy, random.Random(2), 200)
    assert json.dumps(state.view(None), sort_keys=True) == before
    a, b = state.clone(), state.clone()
    advance(a, random.Random(3), 500)
    advance(b, random.Random(3), 500)
    assert [e.as_dict() for e in a.events] == [e.as_dict() for e in b.events]
    assert a.outcome == b.outcome


def test_determinize_redeals_only_what_the_player_cannot_see():
    decks = sample_decks()
    rng = random.Random(5)
    for seed in range(40):
        state = ENGINE.start([decks[seed % 3], decks[(seed + 1) % 3]], seed=seed)
        advance(state, rng, 25 + seed)
        if state.is_over:
            continue
        me, opp = 0, 1
        world = state.determinize(me, random.Random(seed))
        assert sorted(world.all_cards()) == sorted(state.all_cards())
        assert world.view(me)["players"][me] == state.view(me)["players"][me]
        assert world.view(me)["players"][opp] == state.view(me)["players"][opp]  # same public picture
        assert sorted(world.hand[me]) == sorted(state.hand[me])
        def hidden(s, opp=opp):
            return Counter(s.hand[opp] + s.deck[opp] + s.sdeck[opp] + [c for c in s.cmds[opp] if c >= 0])

        assert hidden(world) == hidden(state)
        assert [world.cd[c].ctype == "spirit" for c in sorted(world.hand[opp])].count(True) == \
            [state.cd[c].ctype == "spirit" for c in state.hand[opp]].count(True)
        assert state.public[opp] <= set(world.hand[opp])
        for i, c in enumerate(world.cmds[opp]):
            if c >= 0 and not world.cup[opp][i]:
                assert world.cd[c].command_kind in ("interrupt", "swift")
        advance(world, random.Random(seed), 300)  # a determinized world plays on


def test_card_stats_and_mulligans():
    state = ENGINE.start(sample_decks()[:2], seed=9)
    advance(state, random.Random(9), 10_000)
    stats = state.card_stats()
    assert set(stats) == {0, 1}
    assert sum(stats[0]["drawn"].values()) >= 5 and all(n > 0 for n in stats[0]["played"].values())
    assert set(state.mulligans().values()) <= {0, 1}


def test_evaluate_prefers_the_side_with_fewer_spirits_in_its_void():
    state = start(sample_decks()[:2], seed=2)  # past setup (before it, only the hands count)
    base = ai.evaluate(state, 0)
    assert abs(base + ai.evaluate(state, 1)) < 1e-9  # zero-sum
    state.void[1].append(state.sdeck[1].pop())
    assert ai.evaluate(state, 0) > base
    advance(state, random.Random(2), 10_000)
    winner = state.outcome.winners[0] if state.outcome.winners else None
    if winner is not None:
        assert ai.evaluate(state, winner) == ai.WIN
