"""The evaluation and the look-ahead machinery the agents rely on (rules/boundless/ai.py,
``BoundlessState.field_summary``, ``determinize``): fast paths must agree with the plain rules."""

from __future__ import annotations

import random

from rules.boundless import ai
from rules.boundless.engine import ENGINE
from rules.core.agents import make_agent, sample_world

from .helpers import sample_decks


def positions(count: int = 6, every: int = 7):
    """Positions from random games of every sample-deck pairing, every ``every`` actions."""
    decks = sample_decks()
    for number, (a, b) in enumerate([(0, 1), (1, 2), (2, 0)]):
        for game in range(count):
            state = ENGINE.start([decks[a], decks[b]], seed=100 * number + game)
            rng = random.Random(game)
            steps = 0
            while not state.is_over:
                p = state.current_players()[0]
                state.apply(rng.choice(state.legal_actions(p)), p)
                steps += 1
                if steps % every == 0 and not state.is_over:
                    yield state


def test_field_summary_agrees_with_pwr_of_each_card():
    """"FORM CARDS", CONT effects: the evaluation's one-pass PWR sums equal ``pwr`` card by card."""
    for state in positions():
        for p in (0, 1):
            savior, count, total, spirited, commands = state.field_summary(p)
            live = [c for c in state.forms[p] if c >= 0 and c not in state.damaged]
            assert savior == state.pwr(state.savior[p])
            assert (count, total) == (len(live), sum(state.pwr(c) for c in live))
            assert state.form_pwrs(p) == [state.pwr(c) for c in live]
            assert spirited == sum(map(len, state.form_spirits[p]))
            assert commands == sum(c >= 0 for c in state.commands[p])


def test_evaluate_is_zero_sum_and_repeatable():
    for state in positions(count=2):
        assert abs(ai.evaluate(state, 0) + ai.evaluate(state, 1)) < 1e-9
        assert ai.evaluate(state, 0) == ai.evaluate(state.clone(), 0)


def test_a_sampled_world_draws_the_same_hidden_cards_in_every_copy():
    """Deck order is fixed lazily in a sampled world (``take_top``): every copy of one world
    draws the same card, and it is one of the cards that could be there."""
    for state in positions(count=1, every=11):
        p = state.current_players()[0]
        world = sample_world(state, p, random.Random(3))
        for q in (0, 1):
            if len(world.main_deck[q]) > 1:
                first, second = world.clone(), world.clone()
                assert first.draw(q, 1) == second.draw(q, 1) == 1
                assert first.hand[q][-1] == second.hand[q][-1] and first.hand[q][-1] in world.main_deck[q]


def test_greedy_never_changes_the_real_state():
    agent = make_agent("greedy", 4, evaluate=ENGINE.evaluate)
    for state in positions(count=1, every=5):
        before = (state.view(None), len(state.events), state.rng.getstate(), state.counters())
        agent.choose(state, state.current_players()[0])
        assert (state.view(None), len(state.events), state.rng.getstate(), state.counters()) == before


def test_the_greedy_scorer_gives_evaluate_s_scores_and_reuses_unchanged_sides():
    """``ai.decision_scorer`` (the greedy agent's ``greedy_scorer``) reuses a side's score while
    what ``_side`` reads is unchanged: for every candidate of many decisions it must give the very
    float ``evaluate`` gives (else greedy would choose other moves), and it must reuse often."""
    checked = reused = 0
    calls = []
    real_side = ai._side

    def counting_side(state, player):
        calls.append(player)
        return real_side(state, player)

    for state in positions(count=3, every=3):
        player = state.current_players()[0]
        world = sample_world(state, player, random.Random(checked))
        actions = world.legal_actions(player)
        score = world.greedy_scorer(player, ai.evaluate)
        assert score is not None
        for action in actions:  # each candidate on a copy of its own, as the greedy agent plays them
            after = world.clone()
            after.apply(action, player)
            if after.is_over:
                continue
            expected = ai.evaluate(after, player)
            calls.clear()
            ai._side = counting_side
            try:
                value = score(after)
            finally:
                ai._side = real_side
            assert value == expected, (str(action), value, expected)
            checked += 1
            reused += 2 - len(calls) if after.turn else 0
    assert checked > 500 and reused > checked // 4, (checked, reused)
    assert world.greedy_scorer(player, lambda s, p: 0.0) is None  # another evaluation: scored by it


def test_the_greedy_scorer_sees_a_change_to_either_side():
    """A state whose sides differ from the first one scored gets its own sides' scores."""
    state = next(s for s in positions(count=1, every=40) if s.turn and any(c >= 0 for c in s.forms[1]))
    player = 0
    score = ai.decision_scorer(player)
    first = state.clone()
    assert score(first) == ai.evaluate(first, player)
    for change in ("hand", "forms", "void", "spirits"):
        other = state.clone()
        p = 1 if change in ("forms", "void") else 0
        if change == "hand":
            other.hand[p] = other.hand[p][1:] if other.hand[p] else other.main_deck[p][:1]
        elif change == "forms":
            other.damaged = [next(c for c in other.forms[p] if c >= 0)]
        elif change == "void":
            other.void[p] = other.void[p] + other.spirit_deck[p][:1]
        else:
            other.savior_spirits[p] = other.savior_spirits[p] + other.spirit_deck[p][:1]
        assert score(other) == ai.evaluate(other, player), change
        assert score(other) != score(first), change
