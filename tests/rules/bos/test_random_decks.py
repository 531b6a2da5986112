"""``random_legal_deck``: random ``standard`` decks from the whole BOS pool (bos.txt, "Starting Info",
"Reserves"), for the conformance suite's random-legal-deck sweep and the random games here."""

from __future__ import annotations

import random

import pytest

from rules.bos.construction import random_legal_deck
from rules.core.construction import validate_deck
from rules.core.registry import get_construction
from tests.rules.bos.helpers import POOL, synthetic


def _key(deck) -> tuple:
    return tuple((section, e.card.name, e.qty) for section, entries in deck.sections.items() for e in entries)


def test_fifty_random_decks_from_the_whole_pool_are_standard_legal():
    decks = [random_legal_deck(POOL.pool, random.Random(seed)) for seed in range(50)]
    for deck in decks:
        assert validate_deck(deck) == [], _key(deck)
        assert deck.format == "standard" and deck.count("main") == 24 and 0 <= deck.count("reserves") <= 10
    # varied: every colour, all different decks, reserves of many sizes, the whole pool drawn on
    colours = {deck.entries("main")[0].card.attributes["color"] for deck in decks}
    assert colours == {"red", "yellow", "blue"}
    assert len({_key(deck) for deck in decks}) == 50
    assert len({deck.count("reserves") for deck in decks}) >= 5
    assert {e.card.name for deck in decks for e in deck.entries()} == {c.name for c in POOL.pool}


def test_the_same_rng_state_gives_the_same_deck_and_the_registry_finds_it():
    assert get_construction("bos").random_legal_deck is random_legal_deck
    for seed in range(5):
        assert _key(random_legal_deck(POOL.pool, random.Random(seed))) == \
            _key(random_legal_deck(POOL.pool, random.Random(seed)))
    rng = random.Random(7)
    first, second = random_legal_deck(POOL.pool, rng), random_legal_deck(POOL.pool, rng)
    assert _key(first) != _key(second)


def test_cards_the_engine_cannot_run_and_short_colours_are_left_out():
    broken = synthetic("Test Broken", "spell", vim_cost=1, effects=[{"timing": "cast", "ops": [{"op": "fly"}]}])
    lonely = synthetic("Test Lonely Wizard", "wizard", color="red")
    for seed in range(20):
        deck = random_legal_deck([*POOL.pool, broken, lonely], random.Random(seed))
        assert "Test Broken" not in {e.card.name for e in deck.entries()} and validate_deck(deck) == []
    only_red = [c for c in POOL.pool if c.attributes.get("color") == "red"]
    assert {e.card.attributes["color"] for e in random_legal_deck(only_red, random.Random(1)).entries()} == {"red"}
    with pytest.raises(ValueError, match="Starting Info"):
        random_legal_deck([c for c in only_red if c.card_type != "boss"], random.Random(1))
