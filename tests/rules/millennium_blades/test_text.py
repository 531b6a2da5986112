"""The card-text compiler (rules/millennium_blades/text.py): a table of texts in the game's style
with the structure each compiles to, texts it must refuse naming the phrase, and the round trip:
every fixture card's effects are its compiled text."""

from __future__ import annotations

import itertools
import json
from pathlib import Path

import pytest

from rules.millennium_blades.effects import check_card
from rules.millennium_blades.text import compile_text
from rules.millennium_blades.vocabulary import ELEMENTS, TYPES

ROOT = Path(__file__).resolve().parents[3]


def up(**kw):
    return {"face": "up", **kw}


def cards(zone="tableau", **flt):
    return {"count": "cards", "zone": zone, "filter": flt}


def gain(n, per=None, **kw):
    return {"op": "gain_rp", "amount": n, **({"per": per} if per else {}), **kw}


HAND_WRITTEN = [
    ("Play: Gain 4 RP.", [{"timing": "play", "ops": [gain(4)]}]),
    ("Score: Gain 12 RP.", [{"timing": "score", "ops": [gain(12)]}]),
    ("Flip: Gain 6 RP.", [{"timing": "flip", "ops": [gain(6)]}]),
    ("Action: Gain 5 RP.", [{"timing": "action", "ops": [gain(5)]}]),
    ("Play: Gain 3 RP for each card to the left of this one.",
     [{"timing": "play", "ops": [gain(3, cards(where="left_of"))]}]),
    ("Play: Gain 3 RP for each card to the right of this one.",
     [{"timing": "play", "ops": [gain(3, cards(where="right_of"))]}]),
    ("Score: Gain 5 RP for each different type among face-up cards in your tableau.",
     [{"timing": "score", "ops": [gain(5, {"count": "types", "zone": "tableau", "filter": up()})]}]),
    ("Score: Gain 2 RP per Water card.", [{"timing": "score", "ops": [gain(2, cards(element="water"))]}]),
    ("Score: Gain 2 RP for each +1 Star token on cards in your tableau.",
     [{"timing": "score", "ops": [gain(2, {"count": "star_tokens", "zone": "tableau", "filter": {}})]}]),
    ("Score: Gain 3 RP for each clash you won this tournament.",
     [{"timing": "score", "ops": [gain(3, {"count": "clashes_won"})]}]),
    ("Score: Gain 6 RP for each face-down card in your opponents' tableaus, up to 30 RP.",
     [{"timing": "score", "ops": [gain(6, cards("opponents", face="down"), max=30)]}]),
    ("Play: Clash with an opponent. The winner gains 12 RP.",
     [{"timing": "play", "ops": [{"op": "clash", "with": "opponent", "winner": [gain(12)]}]}]),
    ("Action: Clash with all players. If you win, gain 15 RP. If you lose, lose 5 RP.",
     [{"timing": "action", "ops": [{"op": "clash", "with": "all", "win": [gain(15)],
                                    "lose": [{"op": "lose_rp", "amount": 5}]}]}]),
    ("Play: Clash with an opponent. If you tie, gain 4 RP. Each loser loses 3 RP.",
     [{"timing": "play", "ops": [{"op": "clash", "with": "opponent", "tie": [gain(4)],
                                  "losers": [{"op": "lose_rp", "amount": 3}]}]}]),
    ("Top: Cards in your tableau cannot be flipped by opponents' effects.",
     [{"timing": "top", "ops": [{"op": "protect", "target": "tableau"}]}]),
    ("Ongoing: Cards adjacent to this one cannot be flipped by opponents' effects.",
     [{"timing": "ongoing", "ops": [{"op": "protect", "target": "adjacent"}]}]),
    ("Ongoing: Soldiers adjacent to this card cannot be flipped by opponents' effects.",
     [{"timing": "ongoing", "ops": [{"op": "protect", "target": "adjacent", "filter": {"type": "soldier"}}]}]),
    ("Ongoing: Your tableau has one extra slot, at its right end.",
     [{"timing": "ongoing", "ops": [{"op": "extra_slot", "amount": 1}]}]),
    ("Ongoing: X is twice the number of different elements among face-up cards in your tableau.",
     [{"timing": "ongoing", "ops": [{"op": "set_star", "amount": 2,
                                     "per": {"count": "elements", "zone": "tableau", "filter": up()}}]}]),
    ("Play: Each opponent flips their Top Card.",
     [{"timing": "play", "ops": [{"op": "flip", "target": {"player": "each_opponent", "pick": "top",
                                                           "chooser": "owner"}}]}]),
    ("Play: Each opponent flips their highest card.",
     [{"timing": "play", "ops": [{"op": "flip", "target": {"player": "each_opponent", "pick": "highest",
                                                           "chooser": "owner"}}]}]),
    ("Play: Flip your Top Card.", [{"timing": "play", "ops": [{"op": "flip", "target": {"player": "self",
                                                                                       "pick": "top"}}]}]),
    ("Play: Flip the card to the left of this one and gain 10 RP.",
     [{"timing": "play", "ops": [{"op": "flip", "target": {"player": "self", "pick": "left"}}, gain(10)]}]),
    ("Play: You may play an additional single this turn.",
     [{"timing": "play", "optional": True, "ops": [{"op": "play_extra", "amount": 1}]}]),
    ("Play: Gain $3.", [{"timing": "play", "ops": [{"op": "gain_money", "amount": 3}]}]),
    ("Play: Each opponent loses 5 RP.", [{"timing": "play", "ops": [{"op": "lose_rp", "amount": 5,
                                                                      "who": "each_opponent"}]}]),
    ("Play: Each player gains 2 RP.", [{"timing": "play", "ops": [gain(2, who="each")]}]),
    ("Play: Reveal the top card of the Store. Gain RP equal to twice its Star Rating.",
     [{"timing": "play", "ops": [{"op": "reveal", "source": "store"},
                                 gain(2, {"count": "star", "card": "revealed"})]}]),
    ("Next: Gain RP equal to the Star Rating of the next card you play.",
     [{"timing": "next", "ops": [gain(1, {"count": "star", "card": "next_played"})]}]),
    ("Next: If the next card you play is a Citizen, gain 7 RP.",
     [{"timing": "next", "condition": {"test": "card", "card": "next_played", "is": up(type="citizen")},
       "ops": [gain(7)]}]),
    ("Play: If this is the only card in your tableau, gain 5 RP.",
     [{"timing": "play", "condition": {"test": "count", "of": cards(), "cmp": "==", "value": 1}, "ops": [gain(5)]}]),
    ("Score: If you have no cards in hand, gain 8 RP.",
     [{"timing": "score", "condition": {"test": "count", "of": cards("hand"), "cmp": "==", "value": 0},
       "ops": [gain(8)]}]),
    ("Top: Whenever you play a single, gain 3 RP.",
     [{"timing": "top", "trigger": {"event": "play", "by": "self"}, "ops": [gain(3)]}]),
    ("Top: Whenever you win a clash, gain 5 RP.",
     [{"timing": "top", "trigger": {"event": "clash_won"}, "ops": [gain(5)]}]),
    ("Top: Whenever an opponent plays a single, that opponent loses 2 RP.",
     [{"timing": "top", "trigger": {"event": "play", "by": "opponent"},
       "ops": [{"op": "lose_rp", "amount": 2, "who": "that_player"}]}]),
    ("Reaction: When an opponent's effect would flip a card in your tableau, flip this card instead.",
     [{"timing": "reaction", "trigger": {"event": "would_flip", "by": "opponent", "whose": "self"},
       "optional": True, "ops": [{"op": "cancel_flip"}]}]),
    ("Action: Discard a single from your hand to gain 6 RP.",
     [{"timing": "action", "ops": [{"op": "discard", "amount": 1}, gain(6)]}]),
    ("Action: Put two +1 Star tokens on your Top Card.",
     [{"timing": "action", "ops": [{"op": "star_tokens", "amount": 2, "target": {"player": "self", "pick": "top"}}]}]),
    ("Mimicry", [{"timing": "ongoing", "keyword": "mimicry", "ops": [{"op": "copy_attributes"}]}]),
    ("Scurry", [{"timing": "play", "keyword": "scurry", "optional": True, "ops": [{"op": "insert"}]}]),
    ("Blast Off PLUS", [{"timing": "action", "keyword": "blast_off", "optional": True, "ops": [
        {"op": "star_tokens", "amount": 5, "target": {"player": "self", "pick": "next_played"}}]}]),
    ("DECK BOX | Score: Gain 2 RP per Water card.", [{"timing": "score", "ops": [gain(2, cards(element="water"))]}]),
    ("Play: Gain 2 RP. | Flip: Gain 4 RP.", [{"timing": "play", "ops": [gain(2)]}, {"timing": "flip", "ops": [gain(4)]}]),
]


def _generated():
    """Texts built from the game's templates over every element, type and a few amounts."""
    out = []
    for element, n in itertools.product(ELEMENTS, (2, 3, 5)):
        out.append((f"Score: Gain {n} RP for each {element.capitalize()} card in your tableau.",
                    [{"timing": "score", "ops": [gain(n, cards(element=element))]}]))
        out.append((f"Score: Gain {n} RP for each face-up {element.capitalize()} card in your tableau.",
                    [{"timing": "score", "ops": [gain(n, cards(face="up", element=element))]}]))
    for kind, n in itertools.product(TYPES, (3, 4, 6)):
        out.append((f"Play: Gain {n} RP for each {kind.capitalize()} in your tableau.",
                    [{"timing": "play", "ops": [gain(n, cards(type=kind))]}]))
        out.append((f"Next: If the next card you play is a {kind.capitalize()}, gain {n} RP.",
                    [{"timing": "next", "condition": {"test": "card", "card": "next_played", "is": up(type=kind)},
                      "ops": [gain(n)]}]))
    for kind, n in itertools.product(TYPES, (2, 4)):
        out.append((f"Top: Whenever you play a {kind.capitalize()}, gain {n} RP.",
                    [{"timing": "top", "trigger": {"event": "play", "by": "self", "filter": {"type": kind}},
                      "ops": [gain(n)]}]))
        out.append((f"Score: Gain {5 * n} RP for each face-up {kind.capitalize()} adjacent to this card.",
                    [{"timing": "score", "ops": [gain(5 * n, cards(face="up", type=kind, where="adjacent"))]}]))
    for element in ELEMENTS:
        out.append((f"Action: Reveal a card from your hand. If it is a {element.capitalize()} card, gain 6 RP.",
                    [{"timing": "action", "ops": [{"op": "reveal", "source": "hand"}, {
                        "op": "if", "condition": {"test": "card", "card": "revealed", "is": up(element=element)},
                        "then": [gain(6)]}]}]))
    for n in (1, 2, 3, 4, 5, 6):
        out.append((f"Play: Flip a face-up card with {n} or fewer stars in an opponent's tableau.",
                    [{"timing": "play", "ops": [{"op": "flip", "target": {"player": "opponent", "pick": "choice",
                                                                          "filter": up(star={"cmp": "<=", "value": n})}}]}]))
        out.append((f"Score: If your tableau holds {n} or more face-up cards, gain {5 * n} RP.",
                    [{"timing": "score", "condition": {"test": "count", "of": cards(face="up"), "cmp": ">=", "value": n},
                      "ops": [gain(5 * n)]}]))
    return out


TABLE = HAND_WRITTEN + _generated()


def _strip(effects):
    return [{k: v for k, v in e.items() if k != "text"} for e in effects]


def test_the_table_holds_150_distinct_texts():
    assert len({text for text, _ in TABLE}) >= 150


@pytest.mark.parametrize("text,expected", TABLE, ids=[t[:60] for t, _ in TABLE])
def test_compiles_to_the_expected_structure(text, expected):
    effects, reason = compile_text(text)
    assert reason is None, reason
    assert _strip(effects) == expected
    assert check_card("single", {"star": 3}, effects) == []


REFUSED = [
    ("Play: Gain 3 RP if you feel lucky.", "you feel lucky"),
    ("Play: Swap hands with an opponent.", "swap hands with an opponent"),
    ("Whenever you play: gain 3 RP.", "Whenever you play"),
    ("Score: Gain 3 RP for each Plasma card in your tableau.", "plasma card in your tableau"),
    ("Top: Your opponents cannot clash.", "your opponents cannot clash"),
    ("Reaction: Gain 5 RP.", "gain 5 rp"),
    # (a bare "This card cannot be flipped" is no effect's target: rules notes, "MB: prevention")
    ("Ongoing: Your cards cannot be flipped.", "your cards cannot be flipped"),
    ("Play: If the moon is full, gain 5 RP.", "the moon is full"),
]


@pytest.mark.parametrize("text,phrase", REFUSED)
def test_refused_texts_name_the_phrase(text, phrase):
    effects, reason = compile_text(text)
    assert effects is None and phrase in reason


def test_every_fixture_card_plays_its_compiled_text():
    """Issue 12, part 4: every fixture card's effects come from compiling its text."""
    data = json.loads((ROOT / "fixtures" / "millennium_blades.json").read_text())
    for c in data["cards"]:
        effects, reason = compile_text(c["text"])
        assert reason is None, (c["name"], reason)
        assert c["effects"] == effects, c["name"]
        assert check_card(c["card_type"], c["attributes"], effects) == [], c["name"]


def test_the_checker_names_the_field():
    errors = check_card("single", {"star": 3}, [{"timing": "play", "ops": [{"op": "gain_rp", "amount": 3,
                                                                              "per": {"count": "moons"}}]}])
    assert errors and errors[0][0] == "effects[0].ops[0].per"
    errors = check_card("single", {"star": 3}, [{"timing": "play", "condition": "if it rains", "ops": [gain(1)]}])
    assert errors[0][0] == "effects[0].condition"


def test_the_checker_names_a_bad_chosen_filter_instead_of_failing():
    """A filter's ``chosen`` is only ever true: another value is reported with the allowed one
    (it used to raise a TypeError joining the non-string choice into the message)."""
    effects = [{"timing": "play", "ops": [{"op": "flip", "target": {"pick": "choice", "filter": {"chosen": False}}}]}]
    assert check_card("single", {"star": 3}, effects) == [
        ("effects[0].ops[0].target.filter.chosen", "False is not one of True")]


def test_a_text_compiles_the_same_whatever_was_compiled_before_it():
    """A sentence's memory of the sentences before it ("The attached card gains ...": the attach op an
    earlier sentence read) ends with its effect: it once outlived it, keyed by the effect dict's id,
    which Python reuses once a dict is freed, so that a later card's "That card cannot be played ..."
    was read as a grant to an earlier card's attached card and refused, by the order of an import."""
    from rules.millennium_blades.special_text import ATTACHING

    banning = "Action: Name a card. The named card may not be played until the end of this tournament."
    alone = compile_text(banning)
    assert alone[1] is None
    for _ in range(50):  # each round frees the attaching effect, whose id the next effect may take
        compile_text("Action: Attach this accessory to a face-up card. It gains +2 STAR and FIRE.")
        assert ATTACHING.get() is None
        assert compile_text(banning) == alone
