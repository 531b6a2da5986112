"""FellBound deck construction: one test per rule of fellbound.txt.

"SETUP" (a deck of ten cards), "WAYS TO PLAY": "CONSTRUCTED PLAY" (ten unique cards, our
``standard``), "RANDOM PLAY" (ten unique cards dealt from a pool, ``random``) and "ALIGNMENT"
(no Life with Death, no Order with Chaos, ``aligned``).
"""

from __future__ import annotations

import pytest

from rules.core.construction import validate_deck
from rules.core.decks import CardSpec, DeckEntry, DeckList
from rules.fellbound.construction import CONSTRUCTION, FORMATS, chart_data, deal_random_deck, validate
from tests.rules.samples import GamePool, codes

POOLS = GamePool("fellbound")
GAME, SPEC, POOL, BY_NAME, SAMPLES = "fellbound", POOLS.spec, POOLS.pool, POOLS.by_name, POOLS.samples
STANDARD, ALIGNED, RANDOM = FORMATS["standard"], FORMATS["aligned"], FORMATS["random"]


def sample(stem: str = "fellbound-dawnwardens") -> DeckList:
    return POOLS.sample(stem)


def set_qty(deck: DeckList, name: str, qty: int) -> DeckList:
    return POOLS.set_qty(deck, "deck", name, qty)


def test_builtin_formats_are_standard_aligned_random():
    assert list(FORMATS) == ["standard", "aligned", "random"]


@pytest.mark.parametrize("stem", SAMPLES)
def test_sample_decks_are_legal_in_their_own_format(stem):
    """Each sample deck names its format ("# Format:"); validate_deck uses it."""
    assert validate_deck(sample(stem)) == []


@pytest.mark.parametrize("stem", SAMPLES)
def test_sample_decks_are_legal_constructed(stem):
    assert validate(sample(stem), STANDARD) == []


@pytest.mark.parametrize("name,qty", [("Sunlance Paladin", 0), ("Wandering Saint", 1)])
def test_constructed_play_exactly_ten_cards(name, qty):
    """CONSTRUCTED PLAY: "Each player's deck is shuffled containing ten unique cards"."""
    (v,) = validate(set_qty(sample(), name, qty), STANDARD)
    assert (v.code, v.section) == ("deck_size", "deck")
    assert "CONSTRUCTED PLAY" in v.rule


def test_constructed_play_cards_are_unique():
    """CONSTRUCTED PLAY: "ten unique cards" -- two of a card is illegal even at ten cards."""
    deck = set_qty(set_qty(sample(), "Sunlance Paladin", 0), "Hearthward Mender", 2)
    (v,) = validate(deck, STANDARD)
    assert (v.code, v.cards) == ("not_unique", ("Hearthward Mender",))


def test_uniqueness_is_by_name_across_printings():
    deck = set_qty(sample(), "Sunlance Paladin", 0)
    mender = BY_NAME["Hearthward Mender"]
    deck.sections["deck"].append(DeckEntry(CardSpec(None, mender.name, "character", mender.attributes,
                                                    (), "PROMO", "1"), 1))
    assert codes(validate(deck, STANDARD)) == ["not_unique"]


def test_alignment_life_cannot_align_with_death():
    """ALIGNMENT: "Life cannot align with Death"."""
    deck = set_qty(set_qty(sample(), "Sunlance Paladin", 0), "Marrowdrinker", 1)
    (v,) = validate(deck, ALIGNED)
    assert v.code == "alignment_conflict" and v.cards == ("Marrowdrinker",) and "Life" in v.message
    assert v.rule == 'fellbound.txt, "ALIGNMENT"'
    # the one Death card is to blame, not every Life card (the message still names both sides)


def test_alignment_order_cannot_align_with_chaos():
    """ALIGNMENT: "Order cannot align with Chaos"."""
    deck = set_qty(set_qty(sample(), "Sunlance Paladin", 0), "Pocketcut Urchin", 1)
    assert codes(validate(deck, ALIGNED)) == ["alignment_conflict"]


def test_alignment_both_pairs_give_two_violations():
    """The Turncoat Purse sample mixes all four alignments: legal constructed, two conflicts aligned."""
    deck = sample("fellbound-turncoat-purse")
    assert validate(deck, STANDARD) == []
    assert codes(validate(deck, ALIGNED)) == ["alignment_conflict", "alignment_conflict"]


def test_alignment_life_with_order_is_fine():
    """ALIGNMENT forbids only Life+Death and Order+Chaos (Dawnwardens is Life and Order)."""
    assert validate(sample(), ALIGNED) == []


def test_random_play_deals_ten_unique_cards_reproducibly():
    """RANDOM PLAY: "ten unique cards drawn randomly face-down from a communal card pool"."""
    deck = deal_random_deck(POOL, seed=7)
    assert deck.format == "random" and deck.count("deck") == 10
    assert len({e.card.name for e in deck.entries()}) == 10
    assert validate_deck(deck) == []
    again = deal_random_deck(list(reversed(POOL)), seed=7)  # same pool in another order
    assert [e.card.name for e in again.entries()] == [e.card.name for e in deck.entries()]
    others = {tuple(e.card.name for e in deal_random_deck(POOL, seed=s).entries()) for s in range(5)}
    assert len(others) > 1


def test_random_play_deals_one_printing_per_name():
    reprints = [CardSpec(None, c.name, c.card_type, c.attributes, (), "RE", c.number) for c in POOL[:10]]
    deck = deal_random_deck(POOL[:10] + reprints, seed=1)
    assert len({e.card.name for e in deck.entries()}) == 10


def test_random_play_refuses_a_small_pool():
    """RANDOM PLAY needs ten unique cards: a pool of nine names is refused with a clear message."""
    reprints = [CardSpec(None, c.name, c.card_type, c.attributes, (), "RE", c.number) for c in POOL[:9]]
    with pytest.raises(ValueError, match="9 unique"):
        deal_random_deck(POOL[:9] + reprints, seed=1)


def test_random_format_checks_ten_unique_cards():
    deck = deal_random_deck(POOL, seed=3)
    first = deck.entries()[0].card.name
    deck.sections["deck"][0] = DeckEntry(deck.sections["deck"][0].card, 2)
    violations = validate(deck, RANDOM)
    assert codes(violations) == ["deck_size", "not_unique"]
    assert all("RANDOM PLAY" in v.rule for v in violations) and violations[1].cards == (first,)


def test_several_broken_rules_are_all_reported():
    deck = set_qty(sample(), "Hearthward Mender", 3)
    deck = set_qty(deck, "Pocketcut Urchin", 1)
    deck = set_qty(deck, "Marrowdrinker", 1)
    assert codes(validate_deck(deck, ALIGNED)) == ["alignment_conflict", "alignment_conflict",
                                                   "deck_size", "not_unique"]


def test_custom_format_with_a_twelve_card_deck():
    """Formats are data: a house format of twelve unique cards."""
    twelve = STANDARD.derive(slug="twelve", name="Twelve", limits={"deck_size": 12})
    assert codes(validate_deck(sample(), twelve)) == ["deck_size"]


def test_custom_format_ban_list():
    fmt = ALIGNED.derive(slug="house", name="House", banned=["Sunlance Paladin"])
    (v,) = validate_deck(sample(), fmt)
    assert (v.code, v.cards) == ("banned_card", ("Sunlance Paladin",))


def test_draws_setup_and_deployment_phase():
    """SETUP: draw three on your opening turn; DEPLOYMENT PHASE: one more card each later turn."""
    assert (CONSTRUCTION.draws.section, CONSTRUCTION.draws.opening, CONSTRUCTION.draws.per_turn) == ("deck", 3, 1)
    assert CONSTRUCTION.draws.draw_on_first_turn is False


def test_chart_data_gold_curve_has_x_as_its_own_bar():
    charts = {c["id"]: c for c in chart_data(sample())}
    gold = charts["gold_curve"]
    assert gold["labels"][-1] == "X" and gold["series"][0]["values"][-1] == 1  # Wishing-Well Spirit
    assert sum(gold["series"][0]["values"]) == 10
    assert charts["alignments"]["labels"] == ["Life", "Death", "Order", "Chaos"]
    assert charts["alignments"]["series"][0]["values"] == [8, 0, 6, 0]
