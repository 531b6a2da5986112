"""The attribute schema a game declares: every kind's validation, card and effect checks, index rows."""

import pytest

from rules.core.registry import UnknownGame, all_games, game_slugs, get_game
from rules.core.schema import BOOL, ENUM, INT, LIST, MAP, STR, TAGS, Attribute, index_rows

LEVEL = Attribute("level", INT, "Level", minimum=0, maximum=3)
GOLD = Attribute("gold", INT, "Gold", minimum=0, maximum=9, allow_x=True)
COLOR = Attribute("color", ENUM, "Colour", values=("red", "blue"))
ELEMENTS = Attribute("elements", LIST, "Elements", values=("fire", "water"))
TRIBE = Attribute("tribe", TAGS, "Tribe")
COND = Attribute("condition", STR, "Condition")
BASIC = Attribute("basic", BOOL, "Basic")
SOULS = Attribute("souls", MAP, "Souls", values=("dream", "hollow"))


@pytest.mark.parametrize("attr, value", [
    (LEVEL, 0), (LEVEL, 3), (GOLD, "X"), (GOLD, 9), (COLOR, "red"), (ELEMENTS, ["fire", "water"]),
    (ELEMENTS, []), (TRIBE, ["Golem", "Any Word"]), (COND, "if you have 3 summons"), (BASIC, False),
    (SOULS, {"dream": 1, "hollow": 0}),
])
def test_valid_values_pass(attr, value):
    assert attr.validate(value) is None


@pytest.mark.parametrize("attr, value, fragment", [
    (LEVEL, 4, "at most 3"), (LEVEL, -1, "at least 0"), (LEVEL, "2", "whole number"), (LEVEL, True, "whole number"),
    (LEVEL, "X", "whole number"), (GOLD, "Y", 'or "X"'), (COLOR, "green", "one of red, blue"),
    (ELEMENTS, ["fire", "ice"], "'ice'"), (ELEMENTS, "fire", "list"), (ELEMENTS, ["fire", "fire"], "twice"),
    (TRIBE, [""], "list of words"), (COND, 3, "text"), (BASIC, "yes", "true or false"),
    (SOULS, {"space": 1}, "unknown key 'space'"), (SOULS, {"dream": -1}, ">= 0"), (SOULS, [1], "mapping"),
])
def test_invalid_values_say_why(attr, value, fragment):
    assert fragment in attr.validate(value)


def test_unknown_kind_is_refused_when_declared():
    with pytest.raises(ValueError, match="unknown kind"):
        Attribute("x", "float", "X")


def test_validate_card_reports_every_problem_at_once():
    spec = get_game("boundless")
    errors = dict(spec.validate_card(card_type="form", attributes={"level": 7, "spirit_kind": "boost", "colour": 1},
                                     effects=[{"timing": "never", "ops": [{"op": "explode"}]}]))
    assert "at most 3" in errors["attributes.level"]
    assert "does not apply to form" in errors["attributes.spirit_kind"]
    assert "not a Boundless TCG attribute" in errors["attributes.colour"]
    assert "is required on form" in errors["attributes.pwr"]
    assert "not one of" in errors["effects[0].timing"]
    assert "unknown op 'explode'" in errors["effects[0].ops[0].op"]


def test_unknown_card_type_and_bad_effect_shapes():
    spec = get_game("bos")
    errors = dict(spec.validate_card(card_type="dragon", attributes={},
                                     effects=[{"ops": []}, "text", {"ops": [{"op": "gain_vim", "amount": "lots", "who": 1}]}]))
    assert "not a BOS card type" in errors["card_type"]
    assert "non-empty list" in errors["effects[0].ops"]
    assert errors["effects[1]"] == "must be an object"
    assert "not a parameter of gain_vim" in errors["effects[2].ops[0].who"]


def test_index_rows_flatten_each_kind():
    spec = get_game("spellbound")
    rows = index_rows(spec, {"soul_cost": {"dream": 1, "hollow": 2}, "health": 3, "basic": True,
                             "converts_to": ["dream"], "keywords": ["Barrage"]},
                      [{"timing": "cast", "ops": []}])
    assert ("soul_cost.dream", 1, "dream") in rows and ("soul_cost", 3, None) in rows
    assert ("health", 3, None) in rows and ("basic", 1, "true") in rows
    assert ("converts_to", None, "dream") in rows and ("keywords", None, "barrage") in rows
    assert ("timing", None, "cast") in rows
    assert index_rows(get_game("fellbound"), {"gold_cost": "X"}) == [("gold_cost", None, "x")]


def test_registry_finds_the_five_games_and_their_contract():
    assert sorted(game_slugs()) == ["bos", "boundless", "fellbound", "millennium_blades", "spellbound"]
    sections = {g.slug: [s.slug for s in g.sections] for g in all_games()}
    assert sections == {"boundless": ["savior", "main", "spirit"], "spellbound": ["bounder", "soul_pond", "library"],
                        "fellbound": ["deck"], "bos": ["main", "reserves"],
                        "millennium_blades": ["singles", "deck_box", "accessories"]}
    with pytest.raises(UnknownGame, match="known games"):
        get_game("chess")


def test_attribute_lookup_by_alias_and_section_by_label():
    spec = get_game("millennium_blades")
    assert spec.attribute("element").name == "elements" and spec.attribute("STAR").name == "star"
    assert spec.section("Deck Box").slug == "deck_box" and spec.section_for_type("accessory").slug == "accessories"
    assert spec.rarity("ultra rare").code == "UR" and spec.rarity("nope") is None


def test_rule_citations_read_as_the_games_rulebook_and_heading():
    from rules.core.decks import Violation
    from rules.core.formats import readable_citation

    assert readable_citation('boundless-tcg.txt, "WHAT YOU NEED"') == "Boundless TCG rulebook, What You Need"
    assert readable_citation('fellbound.txt, "CONSTRUCTED PLAY" rule 2') == "FellBound rulebook, Constructed Play rule 2"
    assert readable_citation('docs/architecture.md, "Game slugs"') == 'docs/architecture.md, "Game slugs"'
    assert Violation("x", 'bos.txt, "DECK BUILDING"', "m").as_dict()["citation"] == "BOS rulebook, Deck Building"
