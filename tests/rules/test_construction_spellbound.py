"""Spellbound: Chaos Divided deck construction: one test per rule of spellbound-chaos-divided.txt.

"1. Breakdown of a Card" 1a (four of a name, Basic Converts unlimited); "3. Divisions of Cards"
7 (one bounder) and 8 (one soul pond). Decks are the sample decks, broken one rule at a time.
"""

from __future__ import annotations

import pytest

from rules.core.construction import validate_deck
from rules.core.decks import CardSpec, DeckEntry, DeckList
from rules.spellbound.construction import CONSTRUCTION, FORMATS, chart_data, validate
from tests.rules.samples import GamePool, codes

POOLS = GamePool("spellbound")
GAME, SPEC, POOL, BY_NAME, SAMPLES = "spellbound", POOLS.spec, POOLS.pool, POOLS.by_name, POOLS.samples
STANDARD = FORMATS["standard"]


def sample(stem: str = "spellbound-ashen-rift") -> DeckList:
    return POOLS.sample(stem)


def set_qty(deck: DeckList, section: str, name: str, qty: int) -> DeckList:
    return POOLS.set_qty(deck, section, name, qty)


@pytest.mark.parametrize("stem", SAMPLES)
def test_sample_decks_are_legal(stem):
    assert validate_deck(sample(stem)) == []


@pytest.mark.parametrize("count", [0, 2])
def test_divisions_7_exactly_one_bounder(count):
    """3. Divisions, 7. Bounders: "Your deck can only have one bounder in it" / "If you don't
    have a bounder, you can't play!"."""
    deck = set_qty(sample(), "bounder", "Vordak the Ash Warden", count)
    (v,) = validate(deck, STANDARD)
    assert (v.code, v.section) == ("bounder_count", "bounder")
    assert "7. Bounders" in v.rule


def test_divisions_7_two_different_bounders():
    deck = set_qty(sample(), "bounder", "Zix, the Unbound Spark", 1)
    assert codes(validate(deck, STANDARD)) == ["bounder_count"]


@pytest.mark.parametrize("count", [0, 2])
def test_divisions_8_exactly_one_soul_pond(count):
    """3. Divisions, 8. Soul Ponds: "You may only have one in your deck" / "If you don't have a
    soul pond, you can't gain souls, if you can't gain souls, you can't win!"."""
    deck = set_qty(sample(), "soul_pond", "Ember Grave Pool", count)
    assert codes(validate(deck, STANDARD)) == ["soul_pond_count"]


def test_breakdown_1a_at_most_four_of_a_name():
    """1. Breakdown of a Card, 1a: "up to four cards of the same name in a single deck"."""
    deck = set_qty(sample(), "library", "Cinderjaw Hound", 5)
    (v,) = validate(deck, STANDARD)
    assert (v.code, v.cards) == ("name_limit", ("Cinderjaw Hound",))
    assert "1. Breakdown of a Card" in v.rule


def test_breakdown_1a_basic_converts_are_unlimited():
    """1a: "... except for Basic Converts, which are unlimited"."""
    deck = set_qty(sample(), "library", "Death Convert", 30)
    assert validate(deck, STANDARD) == []


def test_breakdown_1a_nonbasic_converts_count_toward_four():
    """1a names Basic Converts only: a nonbasic convert (basic: false) is limited to four."""
    deck = set_qty(sample(), "library", "Gravebloom Convert", 5)
    assert codes(validate(deck, STANDARD)) == ["name_limit"]


def test_name_limit_counts_every_printing_and_section():
    """1a: "of the same name in a single deck" -- printings and sections add up."""
    deck = sample()
    hound = BY_NAME["Cinderjaw Hound"]
    deck.sections["library"].append(DeckEntry(CardSpec(None, hound.name, hound.card_type, hound.attributes,
                                                       (), "PROMO", "7"), 1))
    assert codes(validate(deck, STANDARD)) == ["name_limit"]


def test_no_library_size_rule():
    """The rulebook sets no library size: a short library is legal in standard."""
    deck = set_qty(sample(), "library", "Death Convert", 1)
    assert validate(deck, STANDARD) == []


@pytest.mark.parametrize("section,name", [("library", "Zix, the Unbound Spark"),
                                          ("bounder", "Cinderjaw Hound"),
                                          ("soul_pond", "Death Convert")])
def test_cards_belong_in_their_section(section, name):
    """3. Divisions 7-8: bounders and soul ponds are placed on the battlefield, not in the library."""
    deck = set_qty(sample(), section, name, 1)
    assert "wrong_section" in codes(validate(deck, STANDARD))


def test_several_broken_rules_are_all_reported():
    deck = set_qty(sample(), "bounder", "Vordak the Ash Warden", 0)
    deck = set_qty(deck, "soul_pond", "Hollowmere Pond", 1)
    deck = set_qty(deck, "library", "Havoc Imp", 9)
    deck = set_qty(deck, "library", "Ember Grave Pool", 1)
    assert codes(validate_deck(deck)) == ["bounder_count", "name_limit", "soul_pond_count", "wrong_section"]


def test_custom_format_with_a_fixed_library_size_and_three_copies():
    """Formats are data: a library of exactly 41 cards and at most 3 of a name."""
    fmt = STANDARD.derive(slug="strict", name="Strict", limits={"library_min": 41, "library_max": 41,
                                                                 "max_copies": 3})
    violations = validate_deck(sample(), fmt)
    assert codes(violations) == ["library_size", "name_limit", "name_limit"]
    assert {v.cards for v in violations if v.code == "name_limit"} == {("Gravebloom Convert",),
                                                                       ("Cinderjaw Hound",)}
    assert validate_deck(sample(), STANDARD.derive(slug="forty", name="Forty",
                                                   limits={"library_min": 40, "library_max": 40})) == []


def test_custom_format_banned_and_restricted():
    fmt = STANDARD.derive(slug="house", name="House", banned=["Soulfire Bolt"], restricted={"Unmake": 1})
    assert codes(validate_deck(sample(), fmt)) == ["banned_card", "restricted_card"]


def test_draws_set_up_and_draw_step():
    """2. Set Up 2 (draw five); 6. Parts of a Turn, Draw Step: the first player skips the first draw."""
    assert (CONSTRUCTION.draws.section, CONSTRUCTION.draws.opening, CONSTRUCTION.draws.per_turn) == ("library", 5, 1)
    assert CONSTRUCTION.draws.first_player_skips_first_draw is True


def test_chart_data_soul_curve_is_stacked_by_soul_type():
    charts = {c["id"]: c for c in chart_data(sample())}
    curve = charts["soul_curve"]
    assert curve["kind"] == "stacked" and curve["labels"][0] == "0"
    totals = [sum(s["values"][i] for s in curve["series"]) for i in range(len(curve["labels"]))]
    assert sum(totals) == 24  # the 40-card library minus its 16 converts
    assert {s["name"] for s in curve["series"]} >= {"death", "chaos", "hollow"}
