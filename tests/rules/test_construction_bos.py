"""BOS deck construction: one test per rule of bos.txt, "Starting Info" and "Reserves".

"one deck of 24 cards. It consists of 3 wizards, 10 summons, 10 spells, and 1 boss, all of which
will share the same color ... up to 3 copies of the same card ... 3 different wizards"; reserves:
"a maximum of 10 cards, and can only have summons and spells in it ... a total of 3 copies of a
single card in your entire deck, including your reserves". Some rules cannot break alone (a 4th
wizard in a 24-card deck is one summon or spell short); those tests expect both codes.
"""

from __future__ import annotations

import pytest

from rules.bos.construction import CONSTRUCTION, FORMATS, chart_data, validate
from rules.core.construction import validate_deck
from rules.core.decks import CardSpec, DeckEntry, DeckList
from tests.rules.samples import GamePool, codes

POOLS = GamePool("bos")
GAME, SPEC, POOL, BY_NAME, SAMPLES = "bos", POOLS.spec, POOLS.pool, POOLS.by_name, POOLS.samples
STANDARD = FORMATS["standard"]


def sample(stem: str = "bos-blue-tidewatch-control") -> DeckList:
    return POOLS.sample(stem)


def set_qty(deck: DeckList, section: str, name: str, qty: int) -> DeckList:
    return POOLS.set_qty(deck, section, name, qty)


@pytest.mark.parametrize("stem", SAMPLES)
def test_sample_decks_are_legal(stem):
    """Starting Info + Reserves: each sample deck (with its reserves) is legal in standard."""
    assert validate_deck(sample(stem)) == []


def test_starting_info_exactly_24_cards():
    """Starting Info: "you have one deck of 24 cards"."""
    deck = set_qty(sample(), "main", "Ripple Sprite", 2)
    assert codes(validate(deck, STANDARD)) == ["deck_size", "summon_count"]
    assert 'bos.txt, "Starting Info"' in validate(deck, STANDARD)[0].rule


def test_starting_info_three_wizards():
    """Starting Info: "3 wizards" -- a fourth wizard in place of a summon."""
    deck = set_qty(set_qty(sample(), "main", "Aurelia, the Still Current", 1), "main", "Ripple Sprite", 0)
    assert codes(validate(deck, STANDARD)) == ["summon_count", "wizard_count"]


def test_starting_info_three_different_wizards():
    """Starting Info: "you must have 3 different wizards"."""
    deck = set_qty(set_qty(sample(), "main", "Mistweaver", 0), "main", "Tide Scholar", 2)
    (v,) = validate(deck, STANDARD)
    assert (v.code, v.cards) == ("wizards_not_different", ("Tide Scholar",))


def test_starting_info_ten_summons_and_ten_spells():
    """Starting Info: "10 summons, 10 spells" -- a spell in place of a summon."""
    deck = set_qty(set_qty(sample(), "main", "Ripple Sprite", 0), "main", "Perfect Infusion", 3)
    assert codes(validate(deck, STANDARD)) == ["spell_count", "summon_count"]


def test_starting_info_one_boss():
    """Starting Info: "and 1 boss"."""
    deck = set_qty(set_qty(sample(), "main", "The Frozen Sovereign", 1), "main", "Ripple Sprite", 0)
    assert codes(validate(deck, STANDARD)) == ["boss_count", "summon_count"]
    assert codes(validate(set_qty(sample(), "main", "Tidelord Maraketh", 0), STANDARD)) == ["boss_count",
                                                                                          "deck_size"]


def test_starting_info_every_card_shares_one_colour():
    """Starting Info: "all of which will share the same color (either red, yellow, or blue)"."""
    deck = set_qty(set_qty(sample(), "main", "Ripple Sprite", 0), "main", "Ember Whelp", 1)
    (v,) = validate(deck, STANDARD)
    assert (v.code, v.cards) == ("mixed_colours", ("Ember Whelp",))


def test_starting_info_at_most_three_copies():
    """Starting Info: "You can only have up to 3 copies of the same card in your deck"."""
    deck = set_qty(sample(), "main", "Drift Elemental", 4)
    deck = set_qty(set_qty(deck, "main", "Ripple Sprite", 0), "main", "Mirror Eel", 0)
    (v,) = validate(deck, STANDARD)
    assert (v.code, v.cards) == ("too_many_copies", ("Drift Elemental",))


def test_reserves_three_copies_count_deck_and_reserves_together():
    """Reserves: "a total of 3 copies of a single card in your entire deck, including your reserves"."""
    deck = set_qty(sample(), "reserves", "Perfect Infusion", 2)  # 2 in the deck + 2 in reserves
    (v,) = validate(deck, STANDARD)
    assert (v.code, v.cards) == ("too_many_copies", ("Perfect Infusion",))
    assert "Reserves" in v.rule


def test_reserves_at_most_ten_cards():
    """Reserves: "Your reserves can consist of a maximum of 10 cards"."""
    deck = set_qty(sample(), "reserves", "Tidal Recall", 3)  # 8 + 3
    (v,) = validate(deck, STANDARD)
    assert (v.code, v.section) == ("reserve_size", "reserves")
    assert v.rule == 'bos.txt, "Reserves"'


def test_reserves_are_optional():
    """Reserves: "Players in a competitive setting have the option to create" them."""
    deck = sample()
    deck.sections.pop("reserves")
    assert validate_deck(deck) == []


@pytest.mark.parametrize("name", ["Aurelia, the Still Current", "The Frozen Sovereign"])
def test_reserves_only_summons_and_spells(name):
    """Reserves: "can only have summons and spells in it"."""
    deck = set_qty(sample(), "reserves", name, 1)
    (v,) = validate(deck, STANDARD)
    assert (v.code, v.cards, v.section) == ("reserve_card_type", (name,), "reserves")


def test_reserves_share_the_deck_colour():
    """Decision (docs/rules-notes.md, "Deck construction"): reserves are swapped into the deck, which must
    keep one colour, so a red card in blue reserves is off colour."""
    deck = set_qty(sample(), "reserves", "Ember Whelp", 1)
    (v,) = validate(deck, STANDARD)
    assert (v.code, v.cards) == ("mixed_colours", ("Ember Whelp",))


def test_foreign_card_type_in_main_is_wrong_section():
    deck = sample()
    deck.sections["main"].append(DeckEntry(CardSpec(None, "Stray Form", "form", {"color": "blue"}), 1))
    assert codes(validate(deck, STANDARD)) == ["deck_size", "wrong_section"]


def test_several_broken_rules_are_all_reported():
    deck = set_qty(sample(), "main", "Mistweaver", 0)
    deck = set_qty(deck, "main", "Tide Scholar", 2)
    deck = set_qty(deck, "main", "Ember Whelp", 1)
    deck = set_qty(deck, "reserves", "Tidal Recall", 3)
    deck = set_qty(deck, "reserves", "Mistweaver", 1)
    deck = set_qty(deck, "reserves", "Undertow", 2)
    assert codes(validate_deck(deck)) == sorted([
        "deck_size", "summon_count", "wizards_not_different", "too_many_copies", "reserve_size",
        "reserve_card_type", "mixed_colours",
    ])


def test_custom_format_without_reserves():
    """Formats are data: a casual format allowing no reserves."""
    casual = STANDARD.derive(slug="casual", name="Casual", limits={"reserves_max": 0})
    assert codes(validate_deck(sample(), casual)) == ["reserve_size"]


def test_custom_format_restricted_list():
    fmt = STANDARD.derive(slug="house", name="House", restricted={"Hailstrike": 1}, banned=["Undertow"])
    assert codes(validate_deck(sample(), fmt)) == ["banned_card", "restricted_card"]


def test_bos_is_luckless_no_draws():
    """Starter Guide: "no shuffling your cards, no drawing cards"."""
    assert CONSTRUCTION.draws is None


def test_chart_data_vim_curve_and_strength_spread():
    charts = {c["id"]: c for c in chart_data(sample())}
    assert sum(charts["vim_curve"]["series"][0]["values"]) == 10
    spread = charts["strength_spread"]
    assert spread["kind"] == "stacked" and spread["labels"][-1] == "12+"
    assert [sum(s["values"]) for s in spread["series"]] == [10, 1]
