"""Deck rules printed on kit cards (issue 26.2, rules/millennium_blades/deck_rules.py): original
cards in each shape, checked in the tournament engine and the deck validator (millennium-blades.txt,
"Build your Deck", "Illegal Decks", "Make your Collection")."""

from __future__ import annotations

from rules.core.decks import CardSpec
from rules.core.registry import get_game
from rules.millennium_blades.construction import FORMATS, check_collection, validate
from rules.millennium_blades.effects import check_card
from rules.millennium_blades.text import compile_text
from tests.rules.millennium_blades.helpers import card, kit, table

ROOMY = "DECK BOX | You may include 3 additional Singles in your deck. | Score: Gain 2 RP."


def compiled(name: str, text: str, kind: str, **attrs) -> CardSpec:
    """A made-up card with its effects compiled (as the importer stores them)."""
    effects, reason = compile_text(text)
    assert reason is None, reason
    return CardSpec(None, name, kind, {"star": attrs.get("star", 2), "elements": list(attrs.get("elements", ())),
                                       "types": list(attrs.get("types", ()))}, tuple(effects), "", "", text)


def test_extra_singles_phrases_compile_to_kit_slots():
    """"Build your Deck": "up to eight singles"; a kit card printing more singles adds slots."""
    effects, reason = compile_text(ROOMY)
    assert reason is None
    assert effects[0] == {"timing": "deckbuilding", "ops": [{"op": "kit_slots", "section": "singles", "amount": 3}],
                          "text": "You may include 3 additional Singles in your deck."}
    assert check_card("deck_box", {}, effects) == []
    effects, _ = compile_text("ACCESSORY | Your Deck Size is increased by 2.")
    assert effects[0]["ops"] == [{"op": "kit_slots", "section": "singles", "amount": 2}]
    effects, _ = compile_text("ACCESSORY | Ongoing: You can include two additional singles in your deck.")
    assert effects[0]["ops"][0]["amount"] == 2
    # a deck rule holds only the deck-rule ops
    assert check_card("accessory", {}, [{"timing": "deckbuilding", "ops": [{"op": "gain_rp", "amount": 1}]}])


def test_tournament_keeps_the_extra_singles_a_deck_box_prints():
    """"Illegal Decks": cards beyond the limit go to the binder at random; the Deck Box's printed
    extra slots raise the limit, so eleven singles with "3 additional Singles" are all kept."""
    box = card("Roomy Tin", ROOMY, kind="deck_box", elements=(), types=())
    singles = [card(f"Pebble {i}", star=1) for i in range(11)]
    st = table(kit(singles, box=[box]), kit([card("Idle Lamp")]))
    assert len(st.hand[0]) == 11 and st.binder[0] == []
    assert not [e for e in st.events if e.action == "illegal_deck_trimmed"]
    st = table(kit(singles), kit([card("Idle Lamp")]))  # without it: trimmed to eight
    assert len(st.hand[0]) == 8 and len(st.binder[0]) == 3
    (trimmed,) = [e.as_dict() for e in st.events if e.action == "illegal_deck_trimmed"]
    assert trimmed["player"] == 0 and len(trimmed["changes"]["to_binder"]) == 3


def test_validator_allows_the_printed_extra_singles():
    """The deck builder's check ("Build your Deck") counts the kit card's extra slots."""
    box = compiled("Roomy Tin", ROOMY, "deck_box")
    singles = [compiled(f"Pebble {i}", "Play: Gain 1 RP.", "single", star=1) for i in range(10)]
    fmt = FORMATS["standard"]
    assert not [v for v in validate(kit(singles, box=[box]), fmt) if v.code == "singles_limit"]
    assert [v for v in validate(kit(singles), fmt) if v.code == "singles_limit"]


def test_all_elements_and_types_card_joins_any_collection():
    """"Make your Collection": "each having at least one matching symbol with all the others"; a
    card printed all ELEMENTS and TYPES "for the purpose of building collections" matches any."""
    charm = compiled("Prism Charm", "ACCESSORY | This card is all ELEMENTS and TYPES for the purpose of building "
                     "collections.", "accessory", star=5)
    fire = compiled("Ember Pup", "Play: Gain 1 RP.", "single", star=1, elements=("fire",), types=("animal",))
    fire2 = compiled("Ember Hound", "Play: Gain 1 RP.", "single", star=2, elements=("fire",), types=("animal",))
    assert get_game("millennium_blades").validate_card(card_type="accessory", attributes={},
                                                       effects=list(charm.effects)) == []
    problems, points = check_collection([fire, fire2, charm])
    assert problems == [] and points == 4
    plain = compiled("Dull Charm", "ACCESSORY | Score: Gain 1 RP.", "accessory", star=5)
    problems, points = check_collection([fire, fire2, plain])
    assert points == 2 and [v.code for v in problems] == ["no_symbol"]
