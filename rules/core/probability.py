"""Exact draw odds (hypergeometric), a seeded sample hand, and the Wilson score interval.

Pure Python and exact: probabilities are ``Fraction``s, so tests compare them with hand-computed
values, not with a tolerance. How a game draws is its declared construction's ``draws``
(:class:`~rules.core.construction_spec.DrawRules`).
"""

from __future__ import annotations

import math
import random
from fractions import Fraction

from rules.core.construction_spec import DrawRules
from rules.core.decks import CardSpec, DeckList


def _check_counts(deck_size: int, copies: int, drawn: int) -> None:
    for label, value in (("deck size", deck_size), ("copies", copies), ("cards drawn", drawn)):
        if isinstance(value, bool) or not isinstance(value, int) or value < 0:
            raise ValueError(f"{label} must be a whole number >= 0, not {value!r}")
    if copies > deck_size:
        raise ValueError(f"copies ({copies}) cannot exceed the deck size ({deck_size})")
    if drawn > deck_size:
        raise ValueError(f"cannot draw {drawn} cards from a deck of {deck_size}")


def p_exactly(k: int, deck_size: int, copies: int, drawn: int) -> Fraction:
    """P(exactly ``k`` copies among ``drawn`` cards from ``deck_size`` holding ``copies``)."""
    _check_counts(deck_size, copies, drawn)
    if k < 0 or k > copies or k > drawn or drawn - k > deck_size - copies:
        return Fraction(0)
    return Fraction(math.comb(copies, k) * math.comb(deck_size - copies, drawn - k), math.comb(deck_size, drawn))


def p_at_least(k: int, deck_size: int, copies: int, drawn: int) -> Fraction:
    """P(at least ``k`` copies among ``drawn`` cards) -- the hypergeometric upper tail."""
    _check_counts(deck_size, copies, drawn)
    if k <= 0:
        return Fraction(1)
    return sum((p_exactly(i, deck_size, copies, drawn) for i in range(k, min(copies, drawn) + 1)), Fraction(0))


def p_at_least_one(deck_size: int, copies: int, drawn: int) -> Fraction:
    """P(at least one copy among ``drawn`` cards) = 1 - C(N-K, n) / C(N, n)."""
    _check_counts(deck_size, copies, drawn)
    return 1 - Fraction(math.comb(deck_size - copies, drawn), math.comb(deck_size, drawn))


def cards_seen(draws: DrawRules, turn: int, on_play: bool = True) -> int:
    """How many cards a player has drawn by the end of ``turn``'s draw (turn 0: the opening hand)."""
    if turn <= 0:
        return draws.opening
    draw_turns = turn if draws.draw_on_first_turn else turn - 1
    if on_play and draws.first_player_skips_first_draw and draws.draw_on_first_turn:
        draw_turns -= 1
    return draws.opening + draws.per_turn * max(draw_turns, 0)


def draw_odds(deck_size: int, copies: int, draws: DrawRules | None, turns: int,
              on_play: bool = True) -> list[tuple[int, Fraction]]:
    """``[(turn, P(at least one copy seen by that turn))]`` for turn 0 (opening hand) .. ``turns``.

    ``on_play``: the player goes first (matters where the first player skips a draw). The cards
    seen never exceed the deck. A game without draws (``draws`` None) raises ValueError.
    """
    if not draws:
        raise ValueError("this game does not draw cards, so it has no draw odds")
    _check_counts(deck_size, copies, 0)
    return [(t, p_at_least_one(deck_size, copies, min(cards_seen(draws, t, on_play), deck_size)))
            for t in range(max(int(turns), 0) + 1)]


def sample_hand(deck: DeckList, draws: DrawRules | None, seed: int) -> list[CardSpec]:
    """A seeded opening hand: shuffle the drawing section with ``random.Random(seed)``, take the top."""
    if not draws:
        raise ValueError("this game does not draw cards, so it has no opening hand")
    cards = deck.cards(draws.section)
    random.Random(seed).shuffle(cards)
    return cards[: draws.opening]


def wilson_interval(successes: int, n: int, z: float = 1.96) -> tuple[float, float]:
    """The Wilson score interval for a proportion (e.g. a win rate from ``n`` simulated games).

    ``n == 0`` tells nothing: (0.0, 1.0).
    """
    if n < 0 or successes < 0 or successes > n:
        raise ValueError(f"need 0 <= successes <= n, not successes={successes}, n={n}")
    if n == 0:
        return 0.0, 1.0
    p = successes / n
    z2 = z * z
    centre = (p + z2 / (2 * n)) / (1 + z2 / n)
    half = z * math.sqrt(p * (1 - p) / n + z2 / (4 * n * n)) / (1 + z2 / n)
    return max(0.0, centre - half), min(1.0, centre + half)
