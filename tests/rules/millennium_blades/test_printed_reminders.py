"""Parentheses in printed text (rules/millennium_blades/text.py, ``REMINDERS``): a cap "(max. N)"
caps the RP, a reminder of what the rules already do is dropped, and any other parenthetical stops
the card ("not playable yet", naming it) instead of being dropped, since it may change the effect
(rules notes, "MB: printed parentheses"). Original cards; millennium-blades.txt sections per test."""

from __future__ import annotations

import pytest

from rules.millennium_blades.text import compile_text
from tests.rules.millennium_blades.helpers import card, compiles, do, ids, kit, lamps, place, table


def test_a_bare_cap_in_parentheses_caps_the_rp():
    """"(max. 24)" with no unit caps the RP the sentence gives, as "(max. 24 RP)" does: six EARTH
    cards at 5 RP each would be 30 ("Ending the Tournament": Score effects)."""
    text = "Score: Gain 5 RP for each EARTH card in your tableau (max. 24)."
    assert compiles(text)[0]["ops"][0]["max"] == 24
    earth = [card(f"Clay Imp {i}", elements=("earth",)) for i in range(5)]
    st = table(kit([card("Loam Warden", text, elements=("earth",)), *earth]), kit(lamps()))
    place(st, 0, "Loam Warden", *(c.name for c in earth))
    st.start_scoring()
    st.settle()
    assert st.rp[0] == 24


def test_a_reminder_is_dropped_and_the_sentence_plays():
    """"(including you)" after "each player": every player is counted, you too ("Effects on Cards")."""
    text = "Play: Gain 4 RP for each player with a WATER card in their tableau (including you)."
    assert compile_text(text)[1] is None
    st = table(kit([card("Tide Counter", text, elements=("water",))]),
               kit([card("Puddle Sprite", elements=("water",))]))
    place(st, 1, "Puddle Sprite")
    do(st, 'play "Tide Counter"')
    assert st.rp[0] == 8  # both players: the opponent's WATER card and this one


def test_mimicrys_own_reminder_after_the_keyword():
    """"Set Specific Keywords": Mimicry has the symbols of the face-up card to its left "instead of"
    its own; the keyword's printed reminder says the same, so it is dropped after the keyword (and
    only there: alone, it would be a card with no keyword)."""
    reminder = "(This card has the ELEMENTS and TYPES of the card to its left instead of its own.)"
    assert compiles(f"Mimicry {reminder} | Play: Gain 2 RP.") == compiles("Mimicry | Play: Gain 2 RP.")
    st = table(kit([card("Big Ox", types=("animal",), elements=("earth",)),
                    card("Copy Newt", f"Mimicry {reminder}", elements=("water",), types=("myth",))]), kit(lamps()))
    place(st, 0, "Big Ox", "Copy Newt")
    (newt,) = ids(st, 0, "Copy Newt")
    assert st.elements(newt) == ("earth",) and st.types(newt) == ("animal",)
    assert compile_text(f"KEYWORD | {reminder}")[0] is None


@pytest.mark.parametrize("text, phrase", [
    ("Play: Gain 6 RP (before scoring).", "(before scoring)"),
    ("Score: Gain 3 RP for each face-up card in your tableau (max. 9 RP per turn).", "max 9 rp per turn"),
    ("Ongoing: Your cards have +1 STAR (this bonus ends when scoring begins).",
     "(this bonus ends when scoring begins)"),
])
def test_any_other_parenthetical_stops_the_card_naming_it(text, phrase):
    """A parenthetical the grammar does not know may change what the card does, so the card is not
    played rather than played without it; another cap is kept as words, and stays unread."""
    effects, reason = compile_text(text)
    assert effects is None and phrase in reason.lower()


def test_fewer_cards_fewer_tokens_is_a_reminder():
    """"FAQs": a face-down card cannot gain tokens; each player puts one token on each of up to three
    different face-up cards, so a player with fewer places fewer, which is what the reminder says
    (rules notes, "MB: batch m, parentheses")."""
    text = ("Play: Each player places a +1 STAR Token onto three different cards in their tableau "
            "(players with fewer cards place fewer tokens).")
    bare = "Play: Each player places a +1 STAR Token onto three different cards in their tableau."
    assert compiles(text) == compiles(bare)
    st = table(kit([card("Gust Herald", text), card("Kite A"), card("Kite B")]), kit([card("Lone Kite")]))
    place(st, 0, "Kite A", "Kite B", down=("Kite B",))
    place(st, 1, "Lone Kite")
    do(st, 'play "Gust Herald"')
    herald, kite_a, kite_b = ids(st, 0, "Gust Herald", "Kite A", "Kite B")
    (lone,) = ids(st, 1, "Lone Kite")
    assert st.tokens == {herald: 1, kite_a: 1, lone: 1}  # two face-up cards: two tokens; one card: one


def test_including_this_one_after_a_count_of_your_tableau():
    """"Effects on Cards": a card in your tableau is one of its cards, so "per card in your tableau
    (including this one)" counts it and the reminder is dropped; after a play trigger it is no
    reminder (a card's own trigger does not fire on its own play): words the trigger reads
    (test_printed_shapes_m.py), so it is not dropped there."""
    text = "Play: Gain 3 RP per card in your tableau (including this one)."
    assert compiles(text) == compiles("Play: Gain 3 RP per card in your tableau.")
    st = table(kit([card("Census Owl", text), card("Perch A"), card("Perch B")]), kit(lamps()))
    place(st, 0, "Perch A", "Perch B")
    do(st, 'play "Census Owl"')
    assert st.rp[0] == 9  # three cards, this one too
    trigger = compiles("Ongoing: Whenever you play a FIRE card (including this one), gain 2 RP.")[0]["trigger"]
    assert trigger.get("this_too") is True


@pytest.mark.parametrize("text", [
    "Reaction: When you would clash, ignore that clash (no player wins or loses the clash).",
    "Reaction: When you would lose a clash, you do not lose that clash (this is not considered winning).",
    "Reaction: When you would lose a clash, you don't lose (this doesn't mean you win).",
])
def test_a_clash_nobody_wins_is_a_reminder(text):
    """"Clashing": an ignored clash has no result (tests/.../test_printed_shapes_a.py, "ignores a
    clash"), and a player who does not lose is not counted a winner (clash.py, ``not_lose``), so these
    reminders say what the engine does and are dropped."""
    assert compiles(text) == compiles(text.split(" (")[0] + ".")


def test_a_copy_that_cannot_be_copied():
    """FAQs: "Copy effects can never be copied. The card in question will usually indicate this", so
    "(this effect cannot be copied)" after a copy is a reminder; a second copier finds nothing to copy
    in it (its Play effect copies, so it is not copied). After any other effect the words stay unread."""
    text = "Action: Copy the Action effect of another face-up single in your tableau (this effect cannot be copied)."
    assert compiles(text) == compiles("Action: Copy the Action effect of another face-up single in your tableau.")
    mirror = "Play: Copy the Play effects of the card to the immediate left of this card (this effect cannot be copied)."
    cards = [card("Coin Sprite", "Play: Gain 4 RP."), card("Glass Twin", mirror), card("Glass Echo", mirror)]
    st = table(kit(cards), kit(lamps()))
    place(st, 0, "Coin Sprite")
    do(st, 'play "Glass Twin"')
    assert st.rp[0] == 4  # a copy of the Sprite's Play effect
    st = table(kit(cards), kit(lamps()))
    place(st, 0, "Coin Sprite", "Glass Twin")
    do(st, 'play "Glass Echo"')
    assert st.rp[0] == 0  # the Twin's Play effect is a copy: never copied
    effects, reason = compile_text("Score: Gain 2 RP for each adjacent card (this effect cannot be copied).")
    assert effects is None and "(this effect cannot be copied)" in reason


def test_a_loss_of_rp_or_as_much_as_possible():
    """FAQs: "You lose as much as you can and stop at zero", so "(or as much as possible)" after a loss
    of RP is a reminder: an opponent with 4 RP loses 4 of the 9."""
    text = "Play: Each opponent loses 9 RP (or as much as possible)."
    assert compiles(text) == compiles("Play: Each opponent loses 9 RP.")
    st = table(kit([card("Tax Imp", text)]), kit(lamps()))
    st.rp[1] = 4
    do(st, 'play "Tax Imp"')
    assert st.rp[1] == 0
    effects, reason = compile_text("Play: Gain 9 RP (or as much as possible).")
    assert effects is None and "(or as much as possible)" in reason
