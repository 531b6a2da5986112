"""Exact draw odds, seeded sample hands and the Wilson interval (rules/core/probability.py).

Hypergeometric values are compared with fractions computed by hand; the draws per game come from
each rulebook (cited in the game's declared ``CONSTRUCTION.draws``).
"""

from __future__ import annotations

from fractions import Fraction
from math import comb

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rules.boundless.construction import CONSTRUCTION as BOUNDLESS
from rules.core.decks import CardSpec, DeckEntry, DeckList
from rules.core.probability import (
    cards_seen,
    draw_odds,
    p_at_least,
    p_at_least_one,
    p_exactly,
    sample_hand,
    wilson_interval,
)
from rules.fellbound.construction import CONSTRUCTION as FELLBOUND
from rules.spellbound.construction import CONSTRUCTION as SPELLBOUND

BOUNDLESS_DRAWS, FELLBOUND_DRAWS, SPELLBOUND_DRAWS = (g.draws for g in (BOUNDLESS, FELLBOUND, SPELLBOUND))


def test_one_copy_in_four_cards_drawing_two_is_one_half():
    # hand count: 3 of the 6 two-card hands from {A, b, c, d} hold A
    assert p_at_least_one(4, 1, 2) == Fraction(1, 2)


def test_two_copies_in_five_cards_drawing_two():
    # 10 hands; 3 of them ({b,c}, {b,d}, {c,d}) miss both copies; 1 ({A,A'}) holds both
    assert p_at_least_one(5, 2, 2) == Fraction(7, 10)
    assert p_at_least(2, 5, 2, 2) == Fraction(1, 10)
    assert p_exactly(1, 5, 2, 2) == Fraction(6, 10)


def test_four_copies_in_thirty_opening_hand_of_five():
    """A Boundless main deck: 4 copies in 30 cards, 5-card opening hand."""
    # C(26,5) = 65780 hands miss every copy, out of C(30,5) = 142506
    assert p_at_least_one(30, 4, 5) == Fraction(142506 - 65780, 142506) == Fraction(38363, 71253)


def test_at_least_zero_is_certain_and_edge_cases():
    assert p_at_least(0, 30, 4, 5) == 1
    assert p_at_least_one(30, 0, 5) == 0
    assert p_at_least_one(30, 4, 0) == 0
    assert p_at_least_one(30, 4, 30) == 1
    assert p_at_least(5, 30, 4, 10) == 0


@pytest.mark.parametrize("args", [(3, 4, 1), (10, 2, 11), (-1, 0, 0), (10, 1.5, 2)])
def test_impossible_counts_are_refused(args):
    with pytest.raises(ValueError):
        p_at_least_one(*args)


@settings(deadline=None)
@given(st.integers(0, 60).flatmap(lambda n: st.tuples(st.just(n), st.integers(0, n), st.integers(0, n))))
def test_exact_probabilities_sum_to_one(case):
    n, k, drawn = case
    assert sum(p_exactly(i, n, k, drawn) for i in range(k + 1)) == 1
    assert p_at_least_one(n, k, drawn) == p_at_least(1, n, k, drawn)


def test_boundless_draw_odds_draw_five_then_one_per_turn():
    """boundless-tcg.txt, "BEFORE YOU START" (draw 5) and "TURN STRUCTURE" (draw step, no skip)."""
    odds = draw_odds(30, 4, BOUNDLESS_DRAWS, turns=3)
    assert [t for t, _ in odds] == [0, 1, 2, 3]
    assert [p for _, p in odds] == [1 - Fraction(comb(26, n), comb(30, n)) for n in (5, 6, 7, 8)]


def test_spellbound_first_player_skips_the_first_draw():
    """spellbound-chaos-divided.txt, "6. Parts of a Turn", Draw Step."""
    assert [cards_seen(SPELLBOUND_DRAWS, t, on_play=True) for t in range(4)] == [5, 5, 6, 7]
    assert [cards_seen(SPELLBOUND_DRAWS, t, on_play=False) for t in range(4)] == [5, 6, 7, 8]
    on_play = dict(draw_odds(40, 4, SPELLBOUND_DRAWS, 2, on_play=True))
    on_draw = dict(draw_odds(40, 4, SPELLBOUND_DRAWS, 2, on_play=False))
    assert on_play[1] == p_at_least_one(40, 4, 5) and on_draw[1] == p_at_least_one(40, 4, 6)


def test_fellbound_opening_turn_draws_three_then_one_per_turn():
    """fellbound.txt, "SETUP" (three on the opening turn) and "DEPLOYMENT PHASE" (one more)."""
    assert [cards_seen(FELLBOUND_DRAWS, t) for t in range(4)] == [3, 3, 4, 5]


def test_draw_odds_stop_at_the_deck_size():
    odds = draw_odds(10, 1, FELLBOUND_DRAWS, turns=12)
    assert odds[-1] == (12, Fraction(1))


def test_games_without_draws_have_no_odds():
    with pytest.raises(ValueError, match="does not draw"):
        draw_odds(24, 3, None, 3)


def _deck() -> DeckList:
    main = [DeckEntry(CardSpec(i, f"Card {i}", "form"), 2) for i in range(15)]
    spirit = [DeckEntry(CardSpec(100, "Boost Spirit", "spirit"), 15)]
    return DeckList(game="boundless", sections={"main": main, "spirit": spirit})


def test_sample_hand_is_seeded_and_drawn_from_the_drawing_section():
    deck = _deck()
    hand = sample_hand(deck, BOUNDLESS_DRAWS, seed=42)
    assert len(hand) == 5 and all(c.card_type == "form" for c in hand)
    assert hand == sample_hand(deck, BOUNDLESS_DRAWS, seed=42)
    assert any(sample_hand(deck, BOUNDLESS_DRAWS, seed=s) != hand for s in range(1, 6))


def test_sample_hand_from_a_short_deck_is_the_whole_deck():
    deck = DeckList(game="boundless", sections={"main": [DeckEntry(CardSpec(1, "Lone", "form"), 3)]})
    assert [c.name for c in sample_hand(deck, BOUNDLESS_DRAWS, seed=1)] == ["Lone"] * 3


def test_wilson_interval_known_values():
    low, high = wilson_interval(50, 100)
    assert low == pytest.approx(0.40383, abs=1e-5) and high == pytest.approx(0.59617, abs=1e-5)
    low, high = wilson_interval(0, 10)
    assert low == 0.0 and high == pytest.approx(0.27754, abs=1e-5)  # 2 * 0.19208 / 1.38416
    low, high = wilson_interval(81, 263)  # Wikipedia's example: 0.2553 .. 0.3662 at 95 %
    assert low == pytest.approx(0.2553, abs=1e-4) and high == pytest.approx(0.3662, abs=1e-4)


def test_wilson_interval_edges():
    assert wilson_interval(0, 0) == (0.0, 1.0)
    with pytest.raises(ValueError):
        wilson_interval(5, 4)
