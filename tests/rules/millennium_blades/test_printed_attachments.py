"""Attaching a card from the hand, "the attached card", and cards nothing may be attached to
(rules/millennium_blades/special_text.py, special_ops.py): each test plays an ORIGINAL card (invented
name and wording) in the tournament engine and checks what it did, citing millennium-blades.txt
("FAQs": "How do attached cards function?")."""

from __future__ import annotations

from rules.core.engine import Action
from rules.millennium_blades.effects import check_card
from rules.millennium_blades.text import compile_text
from tests.rules.millennium_blades.helpers import card, do, ids, kit, names, place, table

IDLE = card("Idle Lamp", "Play: Gain 1 RP.", star=1, elements=("light",), types=("citizen",))


def _compiles(text: str, kind: str = "single") -> list[dict]:
    effects, reason = compile_text(text)
    assert reason is None, reason
    assert check_card(kind, {"star": 3}, effects) == []
    return effects


def test_attach_a_card_from_your_hand_and_gain_twice_its_star():
    """"Attached cards are not considered in the tableau for effects" ("FAQs"): the card picked
    leaves the hand for this one; "the attached card's STAR" is its Star Rating. "If a card that
    has an attachment becomes flipped, the attached card is put back in your binder"."""
    text = "Play: Attach a card from your hand to this card and gain RP equal to twice the attached card's STAR."
    _compiles(text)
    keeper = card("Vault Keeper", text, star=2)
    stone, pebble = card("Heavy Stone", star=4), card("Loose Pebble", star=1)
    raid = card("Raid Hawk", "Play: Flip a card in an opponent's tableau.", star=1)
    st = table(kit([keeper, stone, pebble]), kit([raid, IDLE]))
    do(st, 'play "Vault Keeper"')
    assert st.pending["kind"] == "attach"
    assert set(st.legal_actions(0)) == {Action("pick", ("Heavy Stone",)), Action("pick", ("Loose Pebble",))}
    do(st, 'pick "Heavy Stone"')
    (vk,) = ids(st, 0, "Vault Keeper")
    (hs,) = list(st.attached)
    assert st.rp[0] == 8 and st.attached[hs]["host"] == vk and names(st, st.hand[0]) == ["Loose Pebble"]
    assert hs not in st.tableau[0] and st.star(vk) == 2  # it gives its host nothing it does not say
    do(st, 'play "Raid Hawk"')  # its one choice, the host, is flipped: the attachment goes to the binder
    assert not st.attached and hs in st.binder[0]


def test_attach_with_an_empty_hand_attaches_nothing():
    """"Attach a card from your hand": with no card in hand nothing is attached and nothing is gained."""
    text = "Play: Attach a card from your hand to this card and gain RP equal to twice the attached card's STAR."
    st = table(kit([card("Vault Keeper", text, star=2)]), kit([IDLE]))
    do(st, 'play "Vault Keeper"')
    assert not st.attached and st.rp[0] == 0


def test_copy_the_score_effects_of_the_attached_card_attached_at_the_start_of_the_turn():
    """"Tournament Turns": an Ongoing "At the start of your turn, you may attach a DARK card from your
    hand to this card" is offered as the turn begins; at scoring "Copy any Score effects on the
    attached card" resolves the attached card's Score effects as this card's ("Effects on Cards")."""
    keep = ("Ongoing: At the start of your turn, you may attach a DARK card from your hand to this card. | "
            "Score: Copy any Score effects on the attached card.")
    _compiles(keep)
    crypt = card("Crypt Reliquary", keep, star=3)
    relic = card("Night Relic", "Score: Gain 6 RP.", star=2, elements=("dark",))
    torch = card("Day Torch", "Score: Gain 9 RP.", star=2, elements=("light",))
    st = table(kit([crypt, relic, torch, card("Second Pebble", star=1)]), kit([IDLE, card("Lamp Two", star=1)]))
    do(st, 'play "Crypt Reliquary"', 'play "Idle Lamp"')
    assert st.pending["kind"] == "optional"  # seat 0's turn starts: attach?
    do(st, "accept")
    assert st.legal_actions(0) == [Action("pick", ("Night Relic",))]  # DARK only
    do(st, 'pick "Night Relic"', 'play "Second Pebble"', 'play "Lamp Two"')
    do(st, "accept")  # "you may": asked, but no DARK card is left in hand
    assert st.pending is None and names(st, st.hand[0]) == ["Day Torch"]
    do(st, 'play "Day Torch"', "pass", "decline", "pass")
    assert st.phase == "over" and st.rp[0] == 15  # the torch's 9 and the relic's 6, copied (it is not in play)


def test_cards_cannot_be_attached_to_this_card():
    """"Cards cannot be attached to this card": such a card is no legal choice for an attach (as a
    card that cannot be flipped is no legal choice for a flip, "FAQs")."""
    ward = "Cards cannot be attached to this card. | Play: Gain 2 RP."
    _compiles(ward)
    gear = "ACCESSORY | Action: Attach this card to a face-up card. The attached card gains +3 STAR while this card is attached."
    st = table(kit([card("Warded Owl", ward, star=2), card("Plain Owl", star=2), card("Third Owl", star=1)],
                   accessories=[card("Brass Harness", gear, star=2, kind="accessory")]), kit([IDLE]))
    place(st, 0, "Warded Owl", "Plain Owl")
    do(st, 'use "Brass Harness"')  # one legal card: no question
    (warded, plain) = ids(st, 0, "Warded Owl", "Plain Owl")
    assert st.star(plain) == 5 and st.star(warded) == 2


def test_flip_a_card_and_copy_its_play_effects_as_it_was():
    """"Flip a card ... and copy all Play effects on that card": the copy names the card this effect
    flipped, so it copies the card as it was (rules notes; "FAQs": a copy of a card already
    face-down does nothing). "if this is not attached to a card" holds for a card in play."""
    text = "Play: Flip a 3 STAR or lower card in your tableau and copy all Play effects on that card."
    _compiles(text)
    _compiles("ACCESSORY | Score: Gain 15 RP if this is not attached to a card.", "accessory")
    st = table(kit([card("Echo Thief", text, star=4), card("Coin Pup", "Play: Gain 5 RP.", star=2)]), kit([IDLE]))
    place(st, 0, "Coin Pup")
    do(st, 'play "Echo Thief"')
    assert names(st, st.down) == ["Coin Pup"] and st.rp[0] == 5
