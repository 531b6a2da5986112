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
