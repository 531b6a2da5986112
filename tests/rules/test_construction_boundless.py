"""Boundless TCG deck construction: one test per rule of boundless-tcg.txt, "WHAT YOU NEED".

Pure Python: decks are the sample decks in fixtures/decks/, parsed and resolved against CardSpecs
built from fixtures/boundless.json, then broken one rule at a time.
"""

from __future__ import annotations

import pytest

from rules.boundless.construction import CONSTRUCTION, FORMATS, chart_data, validate
from rules.core.construction import validate_deck
from rules.core.decks import CardSpec, DeckEntry, DeckList
from tests.rules.samples import GamePool, codes

POOLS = GamePool("boundless")
GAME, SPEC, POOL, BY_NAME, SAMPLES = "boundless", POOLS.spec, POOLS.pool, POOLS.by_name, POOLS.samples
STANDARD = FORMATS["standard"]


def sample(stem: str = "boundless-emerald-vanguard") -> DeckList:
    return POOLS.sample(stem)


def set_qty(deck: DeckList, section: str, name: str, qty: int) -> DeckList:
    return POOLS.set_qty(deck, section, name, qty)


@pytest.mark.parametrize("stem", SAMPLES)
def test_sample_decks_are_legal(stem):
    """WHAT YOU NEED: each sample deck meets every construction rule."""
    assert validate_deck(sample(stem)) == []


def test_every_violation_cites_the_rulebook():
    deck = set_qty(sample(), "savior", "Maris, Voice of the Undertow", 1)
    violations = validate(deck, STANDARD)
    assert violations and all(v.rule.startswith('boundless-tcg.txt, "') for v in violations)


@pytest.mark.parametrize("count", [0, 2])
def test_what_you_need_exactly_one_savior(count):
    """WHAT YOU NEED, SAVIOR CARD: "EVERY PLAYER MUST HAVE 1 (AND ONLY 1) SAVIOR CARD"."""
    deck = set_qty(sample(), "savior", "Sylvara, Emerald Warden", count)
    assert codes(validate(deck, STANDARD)) == ["savior_count"]


def test_what_you_need_two_different_saviors():
    """WHAT YOU NEED: two different saviors break the one-savior rule too."""
    deck = set_qty(sample(), "savior", "Maris, Voice of the Undertow", 1)
    (v,) = validate(deck, STANDARD)
    assert v.code == "savior_count" and v.section == "savior"
    assert set(v.cards) == {"Sylvara, Emerald Warden", "Maris, Voice of the Undertow"}


@pytest.mark.parametrize("delta", [-1, 1])
def test_what_you_need_main_deck_exactly_30(delta):
    """WHAT YOU NEED, MAIN DECK -- 30 CARDS."""
    deck = set_qty(sample(), "main", "Jadewall Colossus", 2 + delta)
    assert codes(validate(deck, STANDARD)) == ["main_size"]


def test_what_you_need_at_most_four_copies_in_main():
    """WHAT YOU NEED: "YOU CAN ONLY HAVE 4 COPIES OF THE SAME CARD IN YOUR MAIN DECK"."""
    deck = set_qty(sample(), "main", "Mosslit Pebbler", 5)  # was 3: +2
    deck = set_qty(deck, "main", "Jadewall Colossus", 0)  # was 2: -2, still 30
    (v,) = validate(deck, STANDARD)
    assert (v.code, v.cards, v.section) == ("too_many_copies", ("Mosslit Pebbler",), "main")


def test_copies_are_counted_by_name_across_printings():
    """WHAT YOU NEED: "4 COPIES OF THE SAME CARD" -- a reprint is the same card."""
    deck = sample()
    golem = BY_NAME["Emeraldefender Golem"]
    reprint = CardSpec(9999, golem.name, golem.card_type, golem.attributes, (), "BDP1", "099")
    deck = set_qty(deck, "main", "Jadewall Colossus", 1)
    deck.sections["main"].append(DeckEntry(reprint, 1))  # 4 + 1 printings of the golem, 30 cards
    assert codes(validate(deck, STANDARD)) == ["too_many_copies"]


@pytest.mark.parametrize("delta", [-1, 1])
def test_what_you_need_spirit_deck_exactly_15(delta):
    """WHAT YOU NEED, SPIRIT DECK -- 15 CARDS."""
    deck = set_qty(sample(), "spirit", "Aggress Spirit", 2 + delta)
    assert codes(validate(deck, STANDARD)) == ["spirit_size"]


def test_what_you_need_at_most_four_rescue_spirits():
    """WHAT YOU NEED / SPIRIT: "ONLY 4 CARDS NAMED 'RESCUE SPIRIT'"."""
    deck = set_qty(sample(), "spirit", "Rescue Spirit", 5)
    deck = set_qty(deck, "spirit", "Aggress Spirit", 1)
    (v,) = validate(deck, STANDARD)
    assert (v.code, v.cards, v.section) == ("spirit_name_limit", ("Rescue Spirit",), "spirit")


def test_what_you_need_at_most_one_perfect_spirit():
    """WHAT YOU NEED / SPIRIT: "ONLY 1 NAMED 'PERFECT SPIRIT'"."""
    deck = set_qty(sample(), "spirit", "Perfect Spirit", 2)
    deck = set_qty(deck, "spirit", "Aggress Spirit", 1)
    assert codes(validate(deck, STANDARD)) == ["perfect_spirit_limit"]


def test_spirit_no_maximum_for_boost_protect_aggress():
    """SPIRIT: "THERE IS NO MAXIMUM FOR THE AMOUNT OF BOOST, PROTECT, AND/OR AGGRESS SPIRITS"."""
    deck = set_qty(sample(), "spirit", "Protect Spirit", 10)
    deck = set_qty(deck, "spirit", "Boost Spirit", 0)
    deck = set_qty(deck, "spirit", "Rescue Spirit", 2)
    deck = set_qty(deck, "spirit", "Aggress Spirit", 2)
    assert deck.count("spirit") == 15
    assert validate(deck, STANDARD) == []


@pytest.mark.parametrize("section,name,home", [
    ("main", "Boost Spirit", "Spirit deck"),
    ("spirit", "Pebbleheart Sentry", "Main deck"),
    ("main", "Maris, Voice of the Undertow", "Savior"),
])
def test_what_you_need_cards_belong_in_their_section(section, name, home):
    """WHAT YOU NEED: main deck = Form and Command cards, spirit deck = Spirit cards, savior apart."""
    deck = set_qty(sample(), section, name, 1)
    wrong = [v for v in validate(deck, STANDARD) if v.code == "wrong_section"]
    assert len(wrong) == 1 and wrong[0].cards == (name,) and wrong[0].section == section
    assert home in wrong[0].message


def test_several_broken_rules_are_all_reported():
    """Every violation at once, never only the first."""
    deck = set_qty(sample(), "savior", "Sylvara, Emerald Warden", 0)
    deck = set_qty(deck, "main", "Mosslit Pebbler", 6)
    deck = set_qty(deck, "spirit", "Perfect Spirit", 3)
    deck = set_qty(deck, "spirit", "Rescue Spirit", 5)
    deck = set_qty(deck, "main", "Rescue Spirit", 1)
    assert codes(validate_deck(deck)) == sorted([
        "savior_count", "main_size", "too_many_copies", "spirit_size", "spirit_name_limit",
        "perfect_spirit_limit", "wrong_section",
    ])


def test_custom_format_with_a_40_card_main_deck_changes_the_verdict():
    """Formats are data: a 40-card main deck format makes the 30-card sample illegal."""
    big = STANDARD.derive(slug="big", name="Big main", limits={"main_size": 40})
    assert codes(validate_deck(sample(), big)) == ["main_size"]
    deck = set_qty(sample(), "main", "Emeraldefender Golem", 14)
    assert codes(validate_deck(deck, big)) == ["too_many_copies"]
    assert codes(validate_deck(deck, big.derive(slug="big8", name="Big, 14 copies",
                                                limits={"max_copies_main": 14}))) == []


def test_custom_format_ban_and_restricted_lists():
    """Formats are data: a house ban list and a restricted list."""
    house = STANDARD.derive(slug="house", name="House", banned=["Perfect Spirit"],
                            restricted={"Emeraldefender Golem": 2})
    violations = validate_deck(sample(), house)
    assert codes(violations) == ["banned_card", "restricted_card"]
    assert {v.cards for v in violations} == {("Perfect Spirit",), ("Emeraldefender Golem",)}


def test_unknown_section_is_a_violation_not_an_error():
    deck = sample()
    deck.sections["sideboard"] = [DeckEntry(BY_NAME["Boost Spirit"], 1)]
    (v,) = validate_deck(deck)
    assert (v.code, v.section, v.cards) == ("unknown_section", "sideboard", ("Boost Spirit",))


def test_draws_before_you_start_and_draw_step():
    """BEFORE YOU START: draw 5; TURN STRUCTURE, DRAW STEP: draw 1 each turn."""
    assert (CONSTRUCTION.draws.section, CONSTRUCTION.draws.opening, CONSTRUCTION.draws.per_turn) == ("main", 5, 1)
    assert not CONSTRUCTION.draws.first_player_skips_first_draw


def test_chart_data_level_curve_split_and_spirit_mix():
    charts = {c["id"]: c for c in chart_data(sample())}
    assert charts["level_curve"]["labels"] == ["0", "1", "2", "3"]
    assert sum(charts["level_curve"]["series"][0]["values"]) == 19
    assert charts["form_command_split"]["series"][0]["values"] == [19, 11]
    assert sum(charts["spirit_mix"]["series"][0]["values"]) == 15
