"""More shapes of printed text, batch "guards" (issue 26.2; rules/millennium_blades/phrases_guards.py
and ops_guards.py): protection, naming, and triggers switched off or counted. Original cards in each
shape, compiled, checked by the card checker and played in the tournament engine (millennium-blades.txt
sections cited per test; docs/rules-notes.md, "MB: guards")."""

from __future__ import annotations

from rules.millennium_blades.text import compile_text
from tests.rules.millennium_blades.helpers import card, compiles, do, kit, lamps, names, place, table

HOOK = "ACCESSORY | Action: Attach this card to a face-up single. The attached card gains +2 STAR while this card is attached."


def test_a_ban_after_an_attaching_text_is_still_a_ban():
    """"Effects on Cards": each ability is read on its own. An attaching ability read just before
    must not make "That card cannot be played ..." of the next text a thing an attached card gains
    (the attach op was remembered by the id of its effect, which a later effect could reuse)."""
    bans = ("ACCESSORY | Action: Name a card. That card may not be played until the end of the tournament.",
            "Action: Name a card. That card can't be played for the rest of this tournament.")
    for _ in range(10):
        for ban in bans:
            assert compile_text(HOOK)[1] is None
            effects, reason = compile_text(ban)
            assert reason is None, reason
            assert effects is not None and effects[0]["ops"] == [{"op": "name_card"}, {"op": "ban_named"}]
    assert compiles(bans[0])


RAIDER = "Play: Flip a card in an opponent's tableau."


def test_a_protection_printed_in_a_play_text_lasts_while_its_condition_holds():
    """"Effects on Cards": "Ongoing effects keep on working continuously as long as the card is
    face-up in your tableau"; a protection cannot be a one-time Play effect, so it is an Ongoing rule
    of the card, in force while the Play text's condition holds (rules notes, "MB: guards")."""
    text = "Play: If you have a MAGE in play, your other singles can't be flipped by opponents' effects."
    (effect,) = compiles(text)  # the Play text is only that rule
    assert effect["timing"] == "ongoing" and effect["ops"][0]["op"] == "protect"
    assert effect["ops"][0]["while"]["of"]["filter"] == {"type": "mage"}
    warden = card("Cog Warden", text)
    st = table(kit([warden, card("Rune Adept", types=("mage",))]), kit([card("Raider", RAIDER), *lamps(2)]))
    place(st, 0, "Rune Adept")
    do(st, 'play "Cog Warden"', 'play "Raider"')  # the Adept is kept: only the Warden itself may be flipped
    assert names(st, st.down) == ["Cog Warden"]
    st = table(kit([warden, card("Rune Adept", types=("mage",)), card("Plain Squire")]),
               kit([card("Raider", RAIDER), *lamps(2)]))
    place(st, 0, "Plain Squire")  # no MAGE: nothing is kept
    do(st, 'play "Cog Warden"', 'play "Raider"', "target 0 0")  # the Squire or the Warden: both open
    assert names(st, st.down) == ["Plain Squire"]


def test_a_card_that_cannot_be_moved_by_opponents_effects_is_no_choice_for_their_move():
    """"Tableau": cards sit in slots; a card that "cannot be moved" by an opponent's effect is no
    legal choice for it, as a card that cannot be flipped is none for a flip ("FAQs"); its own
    player's effects still move it (rules notes, "MB: guards")."""
    text = "Ongoing: This single can't be flipped or moved by effects that your opponents control."
    effects = compiles(text)
    assert effects[0]["ops"] == [{"op": "protect", "target": "this"}, {"op": "unmovable", "target": "this"}]
    assert compiles("Ongoing: Your other cards cannot be moved by an opponent's effects.")[0]["ops"] == [
        {"op": "unmovable", "target": "tableau", "filter": {"where": "other"}}]
    mover = "Action: Take a card in any tableau and move it to the right-most slot of its owner's tableau."
    st = table(kit([card("Shelf Mover", mover), card("Idle Lamp")]),
               kit([card("Rooted Oak", text), card("Loose Leaf"), card("Root Mover", mover)]))
    place(st, 0, "Shelf Mover")
    place(st, 1, "Rooted Oak", "Loose Leaf")
    do(st, 'use "Shelf Mover"')
    (seat,) = st.current_players()
    targets = [a.args for a in st.legal_actions(seat) if a.verb == "target"]
    assert (1, 0) not in targets and (1, 1) in targets  # the Oak is kept in its slot
    st = table(kit([card("Rooted Oak", text), card("Loose Leaf"), card("Root Mover", mover), card("Idle Lamp")]),
               kit([card("Idle Lamp")]))
    place(st, 0, "Rooted Oak", "Loose Leaf", "Root Mover")
    do(st, 'use "Root Mover"', "target 0 0")  # its own player's effect moves it
    assert names(st, st.tableau[0]) == ["Loose Leaf", "Root Mover", "Rooted Oak"]


MOTH = "Flip: Gain 1 RP."


def test_a_trigger_named_with_a_card_pays_each_time_it_activates():
    """"Effects on Cards": the timing words are the triggers ("Next effects trigger on the next card
    you play"); "Flip effects are activated when a card is flipped face-down"; an Ongoing effect works
    while the card is face-up. Each effect of the named trigger that activates, any player's, pays
    this card's player; others do not (rules notes, "MB: guards")."""
    text = ("Play: Name a trigger. | Ongoing: Whenever the trigger you named with this card activates, gain 2 RP. "
            "This effect keeps working during scoring.")
    effects = compiles(text)
    assert effects[0]["ops"] == [{"op": "name_trigger"}]
    assert effects[1]["trigger"] == {"event": "trigger_activates", "by": "any"}
    st = table(kit([card("Echo Scribe", text), card("Spark Moth", MOTH), *lamps(2)]),
               kit([card("Raider", RAIDER), *lamps(2)]))
    place(st, 0, "Spark Moth")
    do(st, 'play "Echo Scribe"', 'value "flip"')
    assert st.rp == [0, 0]  # its own Play effect is no Flip effect
    do(st, 'play "Raider"', "target 0 0")  # the Moth flips: its Flip effect activates
    assert names(st, st.down) == ["Spark Moth"] and st.rp == [1 + 2, 0]


def test_a_trigger_switched_off_until_your_next_turn_or_a_pass():
    """"Effects on Cards": the named trigger's effects do not activate on the cards of your tableau
    until the start of your next turn (a pass, "Tournament Turns", comes no sooner unless the Action
    leaves you unable to play); the opponents' cards are not affected (rules notes, "MB: guards")."""
    text = ("ACCESSORY | Action: Name a trigger other than Score. Until the start of your next turn or until you "
            "pass, the named trigger can't activate on singles in your tableau.")
    effects = compiles(text)
    assert effects[0]["ops"] == [{"op": "name_trigger", "except": ["score"]}, {"op": "silence_trigger"}]
    manual = card("Quiet Manual", text, kind="accessory")
    st = table(kit([card("Spark Moth", MOTH), *lamps(2)], accessories=[manual]),
               kit([card("Raider", RAIDER), *lamps(2)]))
    place(st, 0, "Spark Moth")
    do(st, 'use "Quiet Manual"', 'value "flip"', 'play "Lamp 1"', 'play "Raider"', "target 0 0")
    assert sorted(names(st, st.down)) == ["Quiet Manual", "Spark Moth"] and st.rp == [0, 0]  # no Flip effect
    assert any(e.action == "trigger_off" for e in st.events)
    assert st.current_players() == [0]  # seat 0's next turn started: on again
    assert not any(key.startswith("silenced:") for key in st.named)
