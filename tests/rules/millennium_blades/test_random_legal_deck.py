"""``construction.random_legal_deck``: random Standard kits from the whole card pool, for the
conformance suite's random-legal-deck sweep (millennium-blades.txt, "Build your Deck")."""

from __future__ import annotations

import random

import pytest

from rules.core.construction import validate_deck
from rules.core.registry import get_construction
from rules.millennium_blades.construction import random_legal_deck
from tests.rules.samples import GamePool

POOL = GamePool("millennium_blades").pool


def kit_names(deck) -> tuple[str, ...]:
    return tuple(e.card.name for e in deck.entries())


def test_fifty_random_kits_are_all_legal_standard_decks():
    """"The Deck Area can contain up to eight singles, up to one Deck Box, and up to two
    Accessories"; "You may only have one copy of any card in your deck!" ("Build your Deck")."""
    rng = random.Random(29)
    for _ in range(50):
        deck = random_legal_deck(POOL, rng)
        assert validate_deck(deck) == []
        assert 1 <= deck.count("singles") <= 8 and deck.count("deck_box") <= 1 and deck.count("accessories") <= 2


def test_random_kits_vary_and_repeat_for_the_same_rng_state():
    kits = [kit_names(random_legal_deck(POOL, random.Random(seed))) for seed in range(10)]
    assert len(set(kits)) == 10
    assert kits == [kit_names(random_legal_deck(POOL, random.Random(seed))) for seed in range(10)]
    assert kit_names(random_legal_deck(list(reversed(POOL)), random.Random(3))) == kits[3]  # the pool's order


def test_the_registry_finds_it_and_a_pool_without_singles_is_refused():
    assert get_construction("millennium_blades").random_legal_deck is random_legal_deck
    with pytest.raises(ValueError, match="no single"):
        random_legal_deck([c for c in POOL if c.card_type != "single"], random.Random(0))
