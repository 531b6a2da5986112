"""``random_legal_deck(pool, rng)`` (rules/fellbound/construction.py): random ``standard`` decks from
the whole card pool, which the conformance suite's random-legal-deck sweep and the consistency
test play (fellbound.txt, "CONSTRUCTED PLAY": "ten unique cards, chosen by the player")."""

from __future__ import annotations

import random

import pytest

from rules.core.construction import validate_deck
from rules.core.registry import get_construction
from tests.rules.samples import GamePool

POOL = GamePool("fellbound").pool


def test_fifty_random_legal_decks_validate_and_vary():
    builder = get_construction("fellbound").random_legal_deck
    rng = random.Random(29)
    decks = [builder(POOL, rng) for _ in range(50)]
    for deck in decks:
        assert deck.game == "fellbound" and deck.format == "standard"
        assert validate_deck(deck) == [], validate_deck(deck)
        assert deck.count("deck") == 10 and len({e.card.name for e in deck.entries()}) == 10
    assert len({tuple(sorted(e.card.name for e in d.entries())) for d in decks}) == 50
    drawn = {e.card.name for d in decks for e in d.entries()}
    assert drawn == {c.name for c in POOL}  # the whole pool, not the sample decks


def test_random_legal_deck_repeats_for_the_same_rng_state_in_any_pool_order():
    builder = get_construction("fellbound").random_legal_deck
    names = [[e.card.name for e in builder(pool, random.Random(5)).entries()]
             for pool in (POOL, list(reversed(POOL)))]
    assert names[0] == names[1]


def test_random_legal_deck_refuses_a_pool_without_ten_names():
    builder = get_construction("fellbound").random_legal_deck
    with pytest.raises(ValueError, match="9 unique character name"):
        builder(POOL[:9], random.Random(1))
