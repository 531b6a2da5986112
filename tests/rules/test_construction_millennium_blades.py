"""Millennium Blades decks and collections: one test per rule of millennium-blades.txt.

"Build your Deck": "up to eight singles, up to one Deck Box, and up to two Accessories" and "You
may only have one copy of any card in your deck!". "Make your Collection": "2-8 cards, each having
at least one matching symbol with all the others, and each having a different star rating";
"ACCESSORIES": cards without symbols "cannot be used as part of a collection"; "SCORING
COLLECTIONS": 2->2, 3->4, 4->7, 5->9, 6->12, 7->16, 8+->21.
"""

from __future__ import annotations

import pytest

from rules.core.construction import validate_deck
from rules.core.decks import CardSpec, DeckEntry, DeckList
from rules.millennium_blades.construction import (
    CONSTRUCTION,
    FORMATS,
    chart_data,
    check_collection,
    collection_points,
    validate,
)
from tests.rules.samples import GamePool, codes

POOLS = GamePool("millennium_blades")
GAME, SPEC, POOL, BY_NAME, SAMPLES = "millennium_blades", POOLS.spec, POOLS.pool, POOLS.by_name, POOLS.samples
STANDARD = FORMATS["standard"]
#: Eight soldiers with star ratings 1..8.
SOLDIERS = ["Wandering Squire", "Argent Squire Corps", "Bastion Sentinel", "Rindguard Captain",
            "Sunforged Paladin", "Obsidian Sensei", "James Bomb", "Rodeo Starlord Zeta"]


def sample(stem: str = "millennium_blades-argent-wall") -> DeckList:
    return POOLS.sample(stem)


def set_qty(deck: DeckList, section: str, name: str, qty: int) -> DeckList:
    return POOLS.set_qty(deck, section, name, qty)


def cards(*names: str) -> list[CardSpec]:
    return [BY_NAME[n] for n in names]


# -- deck ---------------------------------------------------------------------------------------------
@pytest.mark.parametrize("stem", SAMPLES)
def test_sample_decks_are_legal(stem):
    assert validate_deck(sample(stem)) == []


def test_build_your_deck_up_to_eight_singles():
    """Build your Deck: "up to eight singles" (Illegal Decks: "the 8-card limit")."""
    (v,) = validate(set_qty(sample(), "singles", "Spark Recruit", 1), STANDARD)
    assert (v.code, v.section) == ("singles_limit", "singles")
    assert v.rule == 'millennium-blades.txt, "Build your Deck"'


def test_build_your_deck_up_to_one_deck_box():
    """Build your Deck: "up to one Deck Box"."""
    assert codes(validate(set_qty(sample(), "deck_box", "Tribal Tin", 1), STANDARD)) == ["deck_box_limit"]


def test_build_your_deck_up_to_two_accessories():
    """Build your Deck: "up to two Accessories"."""
    assert codes(validate(set_qty(sample(), "accessories", "Lucky Dice", 1), STANDARD)) == ["accessory_limit"]


def test_build_your_deck_fewer_cards_are_fine():
    """"up to": a deck of six singles and nothing else is legal."""
    deck = sample()
    deck.sections = {"singles": deck.sections["singles"][:6]}
    assert validate(deck, STANDARD) == []


def test_build_your_deck_one_copy_of_any_card():
    """Build your Deck: "You may only have one copy of any card in your deck!"."""
    deck = set_qty(set_qty(sample(), "singles", "Wandering Squire", 0), "singles", "Orella", 2)
    (v,) = validate(deck, STANDARD)
    assert (v.code, v.cards, v.section) == ("duplicate_card", ("Orella",), "singles")


def test_one_copy_is_counted_by_name_across_printings():
    deck = set_qty(sample(), "singles", "Wandering Squire", 0)
    orella = BY_NAME["Orella"]
    deck.sections["singles"].append(DeckEntry(CardSpec(None, "Orella", "single", orella.attributes,
                                                       (), "PROMO", "2"), 1))
    assert codes(validate(deck, STANDARD)) == ["duplicate_card"]


def test_cards_belong_in_their_section():
    """Build your Deck: singles, a deck box and accessories each have their own place."""
    deck = set_qty(set_qty(sample(), "singles", "Wandering Squire", 0), "singles", "Lucky Dice", 1)
    (v,) = validate(deck, STANDARD)
    assert (v.code, v.cards, v.section) == ("wrong_section", ("Lucky Dice",), "singles")


def test_several_broken_rules_are_all_reported():
    deck = set_qty(sample(), "singles", "Orella", 3)
    deck = set_qty(deck, "deck_box", "Tribal Tin", 1)
    deck = set_qty(deck, "accessories", "Lucky Dice", 2)
    assert codes(validate_deck(deck)) == ["accessory_limit", "deck_box_limit", "duplicate_card",
                                          "duplicate_card", "singles_limit"]


def test_custom_format_six_singles_and_a_ban():
    """Formats are data: a house format of six singles that bans the Citadel Warhorn."""
    fmt = STANDARD.derive(slug="short", name="Short", limits={"max_singles": 6}, banned=["Citadel Warhorn"])
    assert codes(validate_deck(sample(), fmt)) == ["banned_card", "singles_limit"]


def test_no_draws_the_deck_is_the_hand():
    """Tournament Phase, Setup the Phase: players "take the cards in their decks into their hands"."""
    assert CONSTRUCTION.draws is None


def test_chart_data_star_curve_and_spreads():
    charts = {c["id"]: c for c in chart_data(sample())}
    stars = charts["star_curve"]
    assert stars["labels"][:8] == [str(i) for i in range(1, 9)]
    assert sum(sum(s["values"]) for s in stars["series"]) == 11
    soldier = charts["types"]["labels"].index("Soldier")  # TYPES: animal, citizen, construct, mage, myth, soldier
    assert charts["types"]["series"][0]["values"][soldier] == 8


# -- collections -------------------------------------------------------------------------------------
@pytest.mark.parametrize("size,points", [(2, 2), (3, 4), (4, 7), (5, 9), (6, 12), (7, 16), (8, 21)])
def test_scoring_collections_points_table(size, points):
    """SCORING COLLECTIONS, Collection Points: 2->2, 3->4, 4->7, 5->9, 6->12, 7->16, 8+->21."""
    assert check_collection(cards(*SOLDIERS[:size])) == ([], points)


def test_scoring_collections_eight_or_more_is_21():
    assert collection_points(8) == collection_points(12) == 21 and collection_points(1) == 0


@pytest.mark.parametrize("names", [SOLDIERS[:1], SOLDIERS + ["Knight Captain Malcombe"]])
def test_make_your_collection_two_to_eight_cards(names):
    """Make your Collection: "made up of 2-8 cards"."""
    violations, points = check_collection(cards(*names))
    assert codes(violations) == ["collection_size"] and points == 0


def test_make_your_collection_one_symbol_shared_by_all():
    """Make your Collection: "each having at least one matching symbol with all the others".
    Decision: one symbol common to every card (the rulebook's "collection of Dark Cards",
    "collection of Soldier Cards"); pairwise matches are not enough."""
    # Squire-Scout share earth, Squire-Bomb soldier, Scout-Bomb dark: nothing common to all three.
    violations, points = check_collection(cards("Wandering Squire", "Whiskerwick Scout", "James Bomb"))
    assert codes(violations) == ["no_shared_symbol"] and points == 0


def test_make_your_collection_different_star_ratings():
    """Make your Collection: "each having a different star rating than all the others"."""
    violations, points = check_collection(cards("Sunforged Paladin", "Ashen Drillmaster", "Wandering Squire"))
    (v,) = violations
    assert v.code == "same_star" and set(v.cards) == {"Sunforged Paladin", "Ashen Drillmaster"}
    assert points == 0


def test_accessories_without_symbols_cannot_be_collected():
    """ACCESSORIES: "Those that do not have one of these symbols cannot be used as part of a
    collection": the card is reported and left out; the rest still scores."""
    violations, points = check_collection(cards(*SOLDIERS[:3], "Citadel Warhorn"))
    assert codes(violations) == ["no_symbol"] and violations[0].cards == ("Citadel Warhorn",)
    assert points == 4


def test_a_type_without_an_element_is_enough():
    """A card with a type and no element (Orbital Saddle: machine) joins a machine collection."""
    assert check_collection(cards("Wrench Apprentice", "Orbital Saddle", "Clockwork Courier")) == ([], 4)


def test_x_star_is_a_rating_of_its_own():
    """Decision: an "X" star rating differs from every number (Prism Shard Wyrm)."""
    assert check_collection(cards("Prism Shard Wyrm", "Gloomcap Goblin")) == ([], 2)


def test_several_collection_problems_at_once():
    violations, points = check_collection(cards("Sunforged Paladin", "Ashen Drillmaster", "Kiln Hound",
                                                "Lucky Dice"))
    assert codes(violations) == ["no_shared_symbol", "no_symbol", "same_star"] and points == 0
