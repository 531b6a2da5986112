"""The Boundless card compiler (rules/boundless/compiler.py): structured conditions and targets,
checked when a card is saved or imported so that a card the engine cannot run is refused with
the path of the fault (issue: "Effects are checked when cards are saved").

Rulebook: boundless-tcg.txt, "KEYWORDS", "EFFECT TIMING INDICATORS", "SAVIOR CARDS".
"""

from __future__ import annotations

import json

import pytest

from cardpool.migrations._boundless_legacy_effects import Unreadable, structured_effects, structured_snapshot
from rules.boundless.cards import GAME
from rules.boundless.compiler import TRIGGERS, Selector, compile_condition
from tests.rules.samples import ROOT

FORM_ATTRS = {"level": 1, "pwr": 3, "tribe": ["Golem"]}
SAVIOR_ATTRS = {"pwr": 3, "boundless_pwr": 5, "boundless_text": "x",
                "flip_condition": "This card has 3 or more spirits underneath it."}
FLIP = {"timing": "flip", "side": "bound", "condition": [{"test": "spirits_underneath", "at_least": 3}],
        "ops": [{"op": "flip_savior"}]}


def errors(effects, card_type="form", attributes=FORM_ATTRS):
    return GAME.validate_card(card_type=card_type, attributes=attributes, effects=effects)


def act(*ops, condition=None, **extra):
    effect = {"timing": "act", "ops": list(ops), **extra}
    if condition is not None:
        effect["condition"] = condition
    return effect


def test_every_card_of_the_pool_compiles():
    cards = json.loads((ROOT / "fixtures" / "boundless.json").read_text())["cards"]
    for card in cards:
        assert errors(card["effects"], card["card_type"], card["attributes"]) == [], card["name"]


@pytest.mark.parametrize("condition, path, words", [
    ("your act step", "effects[0].condition", "must be a list"),
    ([{"test": "moon_is_full"}], "effects[0].condition[0].test", "unknown test 'moon_is_full'"),
    ([{"step": "act"}], "effects[0].condition[0]", 'must be an object with a "test"'),
    ([{"test": "turn", "step": "draw"}], "effects[0].condition[0].step", "'draw' is not a known step"),
    ([{"test": "spirits_in_void", "player": "you"}], "effects[0].condition[0].at_least", "is required"),
    ([{"test": "spirits_in_void", "player": "them", "at_least": 3}], "effects[0].condition[0].player",
     "'them' is not a known player"),
    ([{"test": "spirits_in_void", "player": "you", "at_least": "3"}], "effects[0].condition[0].at_least",
     "whole number from 1 to 7"),
    ([{"test": "turn"}, {"test": "forms_you_control", "at_least": 2, "colour": "red"}],
     "effects[0].condition[1].colour", "is not a field here"),
    ([{"test": "card_is", "card": "attacked_form"}], "effects[0].condition[0]", "exactly one of tribe or card_type"),
])
def test_a_condition_the_engine_cannot_read_is_refused_with_its_path(condition, path, words):
    found = errors([act({"op": "draw", "amount": 1}, condition=condition)])
    assert len(found) == 1 and found[0][0] == path and words in found[0][1], found


@pytest.mark.parametrize("target, path, words", [
    ("your_golem_form", "effects[0].ops[0].target", "is not a known card reference"),
    ({"player": "you"}, "effects[0].ops[0].target.card", "is required"),
    ({"player": "you", "card": "spirit"}, "effects[0].ops[0].target.card", "'spirit' is not a known card"),
    ({"player": "you", "card": "form", "level": 4}, "effects[0].ops[0].target.level", "from 0 to 3"),
    ({"player": "you", "card": "form", "other": "yes"}, "effects[0].ops[0].target.other", "true or false"),
    ({"player": "you", "card": "savior", "tribe": "Golem"}, "effects[0].ops[0].target", "only player and card"),
    ({"player": "you", "card": "form", "colour": "red"}, "effects[0].ops[0].target.colour", "is not a field here"),
])
def test_a_target_the_engine_cannot_read_is_refused_with_its_path(target, path, words):
    found = errors([act({"op": "damage", "target": target})])
    assert len(found) == 1 and found[0][0] == path and words in found[0][1], found


@pytest.mark.parametrize("op, path, words", [
    ({"op": "damage"}, "effects[0].ops[0].target", "damage needs a target"),
    ({"op": "pwr", "amount": 1, "target": "self", "until": "next_week"}, "effects[0].ops[0].until", "not a known duration"),
    ({"op": "draw", "amount": "cards_in_hand"}, "effects[0].ops[0].amount", "not a known amount name"),
    ({"op": "discard", "amount": 1, "player": "both"}, "effects[0].ops[0].player", "not a known player"),
    ({"op": "negate", "target": "self"}, "effects[0].ops[0].target", "triggering_command only"),
    ({"op": "rescue", "amount": 1, "kind": "gold"}, "effects[0].ops[0].kind", "not a known spirit kind"),
    ({"op": "search", "card_type": "spirit"}, "effects[0].ops[0].card_type", "not a known main-deck card type"),
    ({"op": "play_from", "zone": "void"}, "effects[0].ops[0].zone", "not a known zone"),
])
def test_an_op_value_the_engine_cannot_run_is_refused_with_its_path(op, path, words):
    found = errors([act(op)])
    assert len(found) == 1 and found[0][0] == path and words in found[0][1], found


def test_a_card_of_the_moment_must_be_one_the_trigger_supplies():
    """"When this card is discarded" names no attacker: an effect that damages "the attacker"
    then could never act, so it is refused rather than silently doing nothing."""
    effect = {"timing": "auto", "trigger": "discarded", "ops": [{"op": "damage", "target": "attacker"}]}
    assert errors([effect]) == [("effects[0].ops[0].target", "'attacker' is not a card of this moment (none)")]
    effect = {"timing": "auto", "trigger": "attacks", "ops": [{"op": "damage", "target": "attacked_form"}]}
    assert errors([effect]) == []
    unknown = {"timing": "auto", "trigger": "moonrise", "ops": [{"op": "draw"}]}
    assert errors([unknown])[0][0] == "effects[0].trigger"


def test_a_cont_effect_changes_pwr_only_of_a_reference_or_of_all_matches():
    """"EFFECT TIMING INDICATORS", CONT: active while the card is in play (the engine reads PWR
    changes from it)."""
    assert errors([{"timing": "cont", "ops": [{"op": "draw"}]}])[0] == (
        "effects[0].ops[0].op", "a cont effect can only change PWR (op pwr)")
    one_form = {"player": "you", "card": "form", "tribe": "Golem"}
    assert errors([{"timing": "cont", "ops": [{"op": "pwr", "amount": 1, "target": one_form}]}])[0][0] == \
        "effects[0].ops[0].target"
    every_form = {**one_form, "all": True}
    assert errors([{"timing": "cont", "ops": [{"op": "pwr", "amount": 1, "target": every_form}]}]) == []


def test_a_savior_has_exactly_one_flip_requirement_and_only_a_savior_has_one():
    """"SAVIOR CARDS": the flip requirement is at the bottom of every savior's effect box."""
    assert errors([FLIP], "savior", SAVIOR_ATTRS) == []
    assert errors([], "savior", SAVIOR_ATTRS)[0][0] == "effects"
    assert errors([FLIP, FLIP], "savior", SAVIOR_ATTRS)[0][0] == "effects"
    assert errors([FLIP])[0] == ("effects[0].side", "only a savior's effects have a side")
    no_condition = {key: value for key, value in FLIP.items() if key != "condition"}
    assert errors([no_condition], "savior", SAVIOR_ATTRS)[0][0] == "effects[0].condition"
    other_op = {**FLIP, "ops": [{"op": "draw", "amount": 1}]}
    assert errors([other_op], "savior", SAVIOR_ATTRS)[0][0] == "effects[0].ops"


def test_all_problems_of_one_card_are_reported_together():
    found = errors([act({"op": "damage"}), act({"op": "draw"}, condition=[{"test": "nope"}])])
    assert [path for path, _ in found] == ["effects[0].ops[0].target", "effects[1].condition[0].test"]


def test_a_selection_compiles_to_what_it_says():
    sel = Selector({"player": "opponent", "card": "form", "tribe": "Golem", "level": 0, "other": True,
                    "unspiritualized": True, "all": True})
    assert (sel.side, sel.tag, sel.level, sel.other, sel.unspirited, sel.single) == \
        ("opponent", "golem", 0, True, True, False)
    assert sel.player(0) == 1 and Selector({"player": "you", "card": "form"}).single
    assert Selector("self").is_self and Selector("attacked_form").ctx_key == "target"


def test_every_trigger_the_engine_fires_is_known_to_the_compiler():
    """A trigger name the compiler accepts must be one some rule of the engine fires."""
    import re

    source = "\n".join(p.read_text() for p in (ROOT / "rules" / "boundless").glob("*.py")
                       if p.name != "compiler.py")
    fired = set(re.findall(r'"([a-z_]+)"', source))
    assert set(TRIGGERS) <= fired


def test_conditions_evaluate_clause_by_clause():
    class Seen:
        turn_player, drop, void, forms = 0, ([], []), ([1, 2, 3], [4]), ([], [])

        @staticmethod
        def in_act_step():
            return True

    pred = compile_condition([{"test": "turn", "step": "act"}, {"test": "spirits_in_void", "player": "you", "at_least": 3}])
    assert pred(Seen, 0, 7, {}) and not pred(Seen, 1, 7, {})
    assert compile_condition([]) is None and compile_condition(None) is None


# -- the old form, rewritten by the data migrations -------------------------------------------------
OLD_SAVIOR_EFFECTS = [
    {"timing": "act", "condition": "your act step", "side": "bound", "name": "Pact",
     "cost": [{"op": "discard", "amount": 1, "player": "you"}],
     "ops": [{"op": "pwr", "amount": 1, "target": "your_akumaiden_form", "until": "end_of_turn"}], "text": "t"},
    {"timing": "auto", "trigger": "your_form_damages_savior", "condition": 'the form is an "Akumaiden"',
     "side": "boundless", "name": "Feast", "ops": [{"op": "devour", "amount": 1}], "text": "t"},
]
OLD_SAVIOR_ATTRS = {**SAVIOR_ATTRS, "flip_condition": "This card has 3 or more spirits underneath it and your "
                                                      "opponent has 3 or more spirits in their void."}


def test_old_sentences_and_words_become_the_structured_form():
    new = structured_effects("savior", OLD_SAVIOR_ATTRS, OLD_SAVIOR_EFFECTS)
    assert new[0]["condition"] == [{"test": "turn", "step": "act"}]
    assert new[0]["ops"][0]["target"] == {"player": "you", "card": "form", "tribe": "Akumaiden"}
    assert new[1]["condition"] == [{"test": "card_is", "card": "triggering_form", "tribe": "Akumaiden"}]
    assert new[2] == {"timing": "flip", "side": "bound", "text": OLD_SAVIOR_ATTRS["flip_condition"],
                      "ops": [{"op": "flip_savior"}],
                      "condition": [{"test": "spirits_underneath", "at_least": 3},
                                    {"test": "spirits_in_void", "player": "opponent", "at_least": 3}]}
    assert errors(new, "savior", OLD_SAVIOR_ATTRS) == []
    assert structured_effects("savior", OLD_SAVIOR_ATTRS, new) == new  # already structured: unchanged


def test_old_target_words_all_read():
    words = {"other_your_golem_forms": {"player": "you", "card": "form", "tribe": "Golem", "other": True, "all": True},
             "another_your_golem_form": {"player": "you", "card": "form", "tribe": "Golem", "other": True},
             "opponent_level0_form": {"player": "opponent", "card": "form", "level": 0},
             "your_unspiritualized_form": {"player": "you", "card": "form", "unspiritualized": True},
             "opponent_savior": {"player": "opponent", "card": "savior"}, "host": "host"}
    for word, target in words.items():
        effect = structured_effects("form", {}, [act({"op": "damage", "target": word})])[0]
        assert effect["ops"][0]["target"] == target, word


def test_an_unreadable_old_sentence_is_named():
    with pytest.raises(Unreadable, match="the moon is full"):
        structured_effects("form", {}, [act({"op": "draw"}, condition="the moon is full")])


def test_a_frozen_run_deck_is_rewritten_card_by_card():
    snapshot = {"name": "d", "format": "standard", "sections": [{"section": "savior", "cards": [
        {"qty": 1, "name": "K", "card_type": "savior", "attributes": OLD_SAVIOR_ATTRS, "effects": OLD_SAVIOR_EFFECTS}]}]}
    new = structured_snapshot(snapshot)
    card = new["sections"][0]["cards"][0]
    assert card["effects"] == structured_effects("savior", OLD_SAVIOR_ATTRS, OLD_SAVIOR_EFFECTS)
    assert {k: v for k, v in card.items() if k != "effects"} == \
        {k: v for k, v in snapshot["sections"][0]["cards"][0].items() if k != "effects"}
