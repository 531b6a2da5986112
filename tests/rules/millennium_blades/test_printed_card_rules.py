"""Phrase shapes of printed Millennium Blades cards (issue 26, parts 2 and 3), the rules a card
prints about itself and copied effects (rules/millennium_blades/special_text.py): each test plays an
ORIGINAL card written in one shape (invented name and wording) in the tournament engine and checks
what it did, citing the rulebook (millennium-blades.txt) section the shape follows."""

from __future__ import annotations

from rules.core.engine import Action
from rules.millennium_blades.effects import check_card
from rules.millennium_blades.text import compile_text
from tests.rules.millennium_blades.helpers import card, do, ids, kit, names, place, table

IDLE = card("Idle Lamp", "Play: Gain 1 RP.", star=1, elements=("light",), types=("citizen",))


def _compiles(text: str) -> list[dict]:
    effects, reason = compile_text(text)
    assert reason is None, reason
    assert check_card("single", {"star": 3}, effects) == []
    return effects


def test_fusion_card_is_played_only_with_cards_of_its_element_and_type():
    """"Play a Single (Required)": a Fusion card whose condition fails is no legal play; it is one
    once a face-up card shares its element and one shares its type (rules notes, "Fusion")."""
    text = ("Fusion: You may only play this card if you have cards of this card's ELEMENT and TYPE in your "
            "tableau. | Play: Gain 12 RP.")
    _compiles(text)
    golem = card("Ember Colossus", text, star=9, elements=("fire",), types=("construct",))
    spark = card("Spark Wisp", star=1, elements=("fire",), types=("myth",))
    gear = card("Cog Pup", star=1, elements=("water",), types=("construct",))
    st = table(kit([golem, spark, gear]), kit([IDLE]))
    assert Action.parse('play "Ember Colossus"') not in st.legal_actions(0)
    place(st, 0, "Spark Wisp")
    assert Action.parse('play "Ember Colossus"') not in st.legal_actions(0)  # an element, but no construct yet
    place(st, 0, "Cog Pup")
    do(st, 'play "Ember Colossus"')
    assert st.rp[0] == 12
    st = table(kit([golem, spark, gear]), kit([IDLE]))
    place(st, 0, "Spark Wisp", "Cog Pup", down=("Cog Pup",))  # a face-down card has no type ("Face-Down Cards")
    assert Action.parse('play "Ember Colossus"') not in st.legal_actions(0)


def test_level_up_enters_with_a_token_and_spends_it_instead_of_flipping():
    """Level Up: "Comes into play with a +1 STAR Token"; "Use an Action": the card is flipped after
    its text, unless its controller removes a token from it instead, as the card allows."""
    text = ("Level Up - Comes into play with a +1 STAR Token on it. When you use this card's Action effect, "
            "you may remove a +1 STAR Token from it instead of flipping it. | Action: Gain 4 RP.")
    _compiles(text)
    squire = card("Rookie Squire", text, star=2)
    st = table(kit([squire, card("Second Pebble", star=1), card("Third Pebble", star=1)]), kit([IDLE, card("Lamp Two")]))
    do(st, 'play "Rookie Squire"')
    (sq,) = ids(st, 0, "Rookie Squire")
    assert st.tokens[sq] == 1 and st.star(sq) == 3
    do(st, 'use "Rookie Squire"', "accept")  # remove the token instead of flipping
    assert st.rp[0] == 4 and sq not in st.down and sq not in st.tokens
    do(st, 'play "Idle Lamp"', 'play "Second Pebble"', 'use "Rookie Squire"')  # no token left: it is flipped
    assert st.rp[0] == 8 and sq in st.down


def test_copy_this_cards_play_effect_on_another_earth_card():
    """"Effects on Cards": an Ongoing effect triggered by playing another EARTH card copies this
    card's Play effect, which resolves again as this card's; "This effect cannot be copied" is the
    FAQ's "Copy effects can never be copied"."""
    text = ("Loamcraft–Ongoing: Each time you play another EARTH card, copy this card's Play effect. This effect "
            "cannot be copied. | Play: Gain 5 RP.")
    _compiles(text)
    mole = card("Burrow Sage", text, elements=("earth",))
    st = table(kit([mole, card("Clay Pup", star=1, elements=("earth",)), card("Ash Pup", star=1)]), kit([IDLE, card("L2")]))
    do(st, 'play "Burrow Sage"')
    assert st.rp[0] == 5
    do(st, 'play "Idle Lamp"', 'play "Clay Pup"')
    assert st.rp[0] == 10
    do(st, 'play "L2"', 'play "Ash Pup"')  # not EARTH
    assert st.rp[0] == 10


def test_spend_dollars_and_repeat_play_effects():
    """"Use an Action": paying is part of the text; without the dollars the rest does not happen
    (rules notes, "Paying dollars"); "repeat this card's Play effects" copies them."""
    text = "Token Slot–Action: Spend 2 Dollars and repeat this card's Play Effects. | Play: Gain 3 Dollars and 4 RP."
    _compiles(text)
    arcade = card("Arcade Imp", text)
    st = table(kit([arcade, card("Second Pebble", star=1)]), kit([IDLE]))
    do(st, 'play "Arcade Imp"')
    assert st.rp[0] == 4 and st.money[0] == 3
    do(st, 'use "Arcade Imp"')
    assert st.rp[0] == 8 and st.money[0] == 4  # paid 2, gained 3 again
    poor = table(kit([card("Arcade Imp", "Action: Spend 2 Dollars and repeat this card's Play Effects. | Play: Gain 4 RP."),
                      card("Second Pebble", star=1)]), kit([IDLE]))
    do(poor, 'play "Arcade Imp"', 'use "Arcade Imp"')
    assert poor.rp[0] == 4 and ids(poor, 0, "Arcade Imp")[0] in poor.down  # nothing paid, nothing repeated


def test_copy_a_play_effect_of_the_card_to_the_left():
    """FAQs: "A copy effect that would target a face-down card does nothing"; "a Play effect" of a
    card with several: the player accepts the one to copy."""
    text = "Play: Copy a Play effect on a card to the immediate left of this card. This effect cannot be copied."
    _compiles(text)
    mirror = card("Puddle Mirror", text)
    twin = card("Twin Bell", "Play: Gain 2 RP. | Play: Gain 7 RP.")
    st = table(kit([twin, mirror]), kit([IDLE]))
    place(st, 0, "Twin Bell")
    do(st, 'play "Puddle Mirror"', "decline", "accept")  # not the first, the second
    assert st.rp[0] == 7
    st = table(kit([twin, mirror]), kit([IDLE]))
    place(st, 0, "Twin Bell", down=("Twin Bell",))
    do(st, 'play "Puddle Mirror"')
    assert st.rp[0] == 0 and any(e.action == "copy_failed" for e in st.events)


def test_other_cards_have_a_copy_of_this_cards_flip_effect():
    """"Flip a Card": a flipped card's Flip effects happen; Other DARK cards in the tableau have this
    card's Flip effect as their own while it is face-up (judged as the card was before the flip)."""
    text = ("Gloomkin–Ongoing: Other DARK cards in your tableau have a copy of this card's Flip Effect. This effect "
            "cannot be copied. | Flip: Gain 6 RP.")
    _compiles(text)
    host = card("Dusk Warden", text, elements=("dark",))
    bat = card("Night Bat", star=2, elements=("dark",))
    moth = card("Day Moth", star=2, elements=("light",))
    raid = card("Raid Hawk", "Play: Flip a card in an opponent's tableau.", star=1)
    st = table(kit([host, bat, moth]), kit([raid, card("Raid Owl", "Play: Flip a card in an opponent's tableau.")]))
    place(st, 0, "Dusk Warden", "Night Bat", "Day Moth")
    do(st, "pass", 'play "Raid Hawk"')
    do(st, f"target 0 {st.tableau[0].index(ids(st, 0, 'Night Bat')[0])}")
    assert st.rp[0] == 6 and names(st, st.down) == ["Night Bat"]
    do(st, "pass", 'play "Raid Owl"', f"target 0 {st.tableau[0].index(ids(st, 0, 'Day Moth')[0])}")
    assert st.rp[0] == 6  # not DARK


def test_attach_an_accessory_to_a_face_up_card():
    """"FAQs", "How do attached cards function?": the accessory leaves its zone for the card, which
    gains an element and stars while it is attached (not flipped by the Action: rules notes,
    "Attached cards"); "If the attached card would be flipped by an effect an opponent controls,
    discard this card instead": the accessory goes to the binder and the card stays face-up."""
    text = ("ACCESSORY | Action: Attach this card to a face-up card. The attached card gains WATER and +2 STAR while "
            "this card is attached. | If the attached card would be flipped by an effect an opponent controls, "
            "discard this card instead.")
    effects, reason = compile_text(text)
    assert reason is None and check_card("accessory", {}, effects) == []
    charm = card("Tide Charm", text, kind="accessory")
    rider = card("Reef Rider", star=4, elements=("fire",))
    raid = card("Raid Hawk", "Play: Flip a card in an opponent's tableau.", star=1)
    st = table(kit([rider, card("Second Pebble", star=1)], accessories=[charm]), kit([raid]))
    place(st, 0, "Reef Rider")
    ch, rr = ids(st, 0, "Tide Charm", "Reef Rider")
    do(st, 'use "Tide Charm"')
    assert st.star(rr) == 6 and st.elements(rr) == ("fire", "water")
    assert ch not in st.accessories[0] and ch not in st.down and st.attached[ch]["host"] == rr
    assert st.view(None)["players"][0]["tableau"][0]["attached"] == ["Tide Charm"]
    assert st.event_to_string(next(e for e in st.events if e.action == "attach")) == \
        "Seat 0 attaches Tide Charm to Reef Rider (now 6 stars)"
    do(st, 'play "Second Pebble"', 'play "Raid Hawk"', "target 0 0")
    assert rr not in st.down and ch in st.binder[0] and not st.attached
    assert st.star(rr) == 4


def test_attached_card_cannot_be_flipped_and_returns_to_the_binder_when_flipped():
    """An attachment that makes the card unflippable by opponents' effects ("Cannot be flipped");
    "If a card that has an attachment becomes flipped, the attached card is put back in your
    binder" ("FAQs"): here by its owner's own effect."""
    text = ("ACCESSORY | Action: Attach this card to a card in your tableau. That card has +3 STAR and is a MAGE in "
            "addition to its other TYPES, and cannot be flipped by other players' effects.")
    effects, reason = compile_text(text)
    assert reason is None and check_card("accessory", {}, effects) == []
    cloak = card("Hermit Cloak", text, kind="accessory")
    knight = card("Hedge Knight", star=2)
    self_flip = card("Rash Squire", "Play: Flip a card in your tableau.", star=1)
    st = table(kit([knight, self_flip], accessories=[cloak]), kit([card("Raid Hawk", "Play: Flip a card in an "
                                                                       "opponent's tableau.", star=1)]))
    place(st, 0, "Hedge Knight")
    do(st, 'use "Hermit Cloak"')
    (hk,) = ids(st, 0, "Hedge Knight")
    assert st.star(hk) == 5 and "mage" in st.types(hk)
    do(st, 'play "Rash Squire"')  # its own flip: "a card in your tableau", two to choose from
    do(st, "target 0 0")
    assert hk in st.down and names(st, st.binder[0]) == ["Hermit Cloak"] and not st.attached


def test_exact_copy_of_the_card_to_its_left():
    """An exact copy has the face-up neighbour's printed data and effects while that card fits
    ("Play effects can be used": its Play effect as it comes into play); flipped, the neighbour no
    longer fits and the card is itself again ("Flip a Card"; rules notes, "Exact copies")."""
    text = ("Ongoing: This card is an exact copy of a 4 STAR or lower ANIMAL card to its immediate left (Play "
            "effects can be used). This effect continues to work during scoring. This effect cannot be copied.")
    _compiles(text)
    newt = card("Mirror Newt", text, star=1, elements=("water",), types=("myth",))
    hare = card("Field Hare", "Play: Gain 5 RP. | Score: Gain 2 RP.", star=3, elements=("earth",), types=("animal",))
    raid = card("Raid Hawk", "Play: Flip a card in an opponent's tableau.", star=1)
    st = table(kit([hare, newt]), kit([raid]))
    place(st, 0, "Field Hare")
    do(st, 'play "Mirror Newt"')
    (mn,) = ids(st, 0, "Mirror Newt")
    assert st.rp[0] == 5 and st.star(mn) == 3 and st.types(mn) == ("animal",)
    assert st.event_to_string(next(e for e in st.events if e.action == "exact_copy")) == \
        "Mirror Newt is now an exact copy of Field Hare"
    do(st, 'play "Raid Hawk"', "target 0 0")  # the hare is flipped: nothing left to copy
    assert st.star(mn) == 1 and st.types(mn) == ("myth",) and st.cards[mn].copied_from == ""
    big = card("Big Ox", "Play: Gain 5 RP.", star=6, types=("animal",))
    st = table(kit([big, newt]), kit([IDLE]))
    place(st, 0, "Big Ox")
    do(st, 'play "Mirror Newt"')  # 6 STAR: not 4 or lower
    assert st.rp[0] == 0 and st.star(ids(st, 0, "Mirror Newt")[0]) == 1


def test_exact_copy_scores_the_copied_card():
    """"This effect continues to work during scoring": the copy's Score effects score."""
    text = "Ongoing: This card is an exact copy of a 4 STAR or lower card to its immediate left."
    newt = card("Mirror Newt", text, star=1)
    hare = card("Field Hare", "Score: Gain 2 RP.", star=3, types=("animal",))
    st = table(kit([hare, newt]), kit([]))
    place(st, 0, "Field Hare", "Mirror Newt")
    do(st, "pass", "pass")
    assert st.phase == "over" and st.rp[0] == 4


def test_flip_a_card_of_this_cards_star_to_gain():
    """"Use an Action": "Flip a card of this card's STAR in an opponent's tableau to gain 8 RP": the
    gain is what the flip is for, so it happens only if a card was flipped ("Flip a Card": only a
    face-up card of that Star Rating is a legal choice)."""
    text = "Drill – Action: Flip a card of this card's STAR in an opponent's tableau to gain 8 RP."
    _compiles(text)
    drill = card("Tunnel Mole", text, star=3)
    three, two = card("Stone Pup", star=3), card("Sand Pup", star=2)
    st = table(kit([drill, card("Second Pebble", star=1)]), kit([three, two, IDLE]))
    place(st, 0, "Tunnel Mole")
    place(st, 1, "Stone Pup", "Sand Pup")
    do(st, 'use "Tunnel Mole"')
    assert names(st, st.down) == ["Tunnel Mole", "Stone Pup"] and st.rp[0] == 8
    st = table(kit([drill, card("Second Pebble", star=1)]), kit([two, IDLE]))
    place(st, 0, "Tunnel Mole")
    place(st, 1, "Sand Pup")
    do(st, 'use "Tunnel Mole"')  # no 3 STAR card: nothing flipped, nothing gained
    assert names(st, st.down) == ["Tunnel Mole"] and st.rp[0] == 0


def test_at_the_start_of_your_turn():
    """"Tournament Turns": an Ongoing effect "At the start of your turn" resolves as its player's turn
    begins, before they act; the trailing form "... at the start of each of your turns" is the same."""
    _compiles("Ongoing: Gain 2 RP at the start of each of your turns.")
    text = "Ongoing: At the start of your turn, put a +1 STAR Token on this card."
    _compiles(text)
    snail = card("Patient Snail", text, star=1)
    st = table(kit([snail, card("Second Pebble", star=1)]), kit([IDLE, card("Lamp Two", star=1)]))
    do(st, 'play "Patient Snail"')
    (sn,) = ids(st, 0, "Patient Snail")
    assert sn not in st.tokens
    do(st, 'play "Idle Lamp"')  # seat 1's turn start: not seat 0's effect
    assert st.tokens[sn] == 1 and st.seat_turn == 0  # seat 0's turn started
    do(st, 'play "Second Pebble"', 'play "Lamp Two"')
    assert st.tokens[sn] == 2


def test_copy_the_effect_of_a_chosen_card_or_of_the_revealed_card():
    """"Copy the Flip effect of an adjacent card": the player chooses the card, its Flip effects
    resolve as this card's; "Reveal a card from your hand. Copy its Play effects" copies the card
    revealed ("Reveal a Card from your hand": shown, then back in the hand)."""
    text = "Flip: Copy the Flip effect of an adjacent card."
    _compiles(text)
    echo = card("Echo Moth", text, star=2)
    left = card("Ash Beetle", "Flip: Gain 3 RP.", star=1)
    right = card("Glow Beetle", "Flip: Gain 9 RP.", star=1)
    raid = card("Raid Hawk", "Play: Flip a card in an opponent's tableau.", star=1)
    st = table(kit([left, echo, right]), kit([raid]))
    place(st, 0, "Ash Beetle", "Echo Moth", "Glow Beetle")
    do(st, "pass", 'play "Raid Hawk"', "target 0 1", "target 0 2")  # flip the moth; copy the right one's
    assert st.rp[0] == 9 and names(st, st.down) == ["Echo Moth"]
    text = "Play: Reveal a card from your hand. Copy its Play effects. This effect cannot be copied."
    _compiles(text)
    seer = card("Palm Seer", text)
    st = table(kit([seer, card("Coin Toad", "Play: Gain 4 RP.", star=1)]), kit([IDLE]))
    do(st, 'play "Palm Seer"')
    assert st.rp[0] == 4 and names(st, st.hand[0]) == ["Coin Toad"]


def test_gain_for_each_card_flipped_this_way():
    """"Flip a Card": "Flip all cards adjacent to this one. Gain 5 RP for each card flipped this
    way" counts the cards this effect flipped (a card already face-down is no legal choice), and "the
    combined STAR of the cards flipped this way" their stars as they were."""
    text = "Play: Flip all cards adjacent to this one. Gain 5 RP for each card flipped this way."
    _compiles(text)
    quake = card("Quake Toad", text, star=1)
    st = table(kit([card("Left Pup", star=2), quake, card("Right Pup", star=4)]), kit([IDLE]))
    place(st, 0, "Left Pup")
    do(st, 'play "Quake Toad"')  # one neighbour when played
    assert st.rp[0] == 5 and names(st, st.down) == ["Left Pup"]
    effects = _compiles("Play: Flip all cards adjacent to this one. Gain RP equal to the combined STAR of the cards "
                        "flipped this way.")
    assert effects[0]["ops"][1]["per"] == {"count": "flipped_stars"}
    sum_toad = card("Sum Toad", "Play: Flip all cards adjacent to this one. Gain RP equal to the combined STAR of the "
                                "cards flipped this way.", star=1)
    st = table(kit([card("Left Pup", star=2), sum_toad]), kit([IDLE]))
    place(st, 0, "Left Pup")
    do(st, 'play "Sum Toad"')
    assert st.rp[0] == 2


def test_what_the_flipped_card_was_and_the_highest_star_flipped():
    """"Flip a Card": a face-down card "has no attributes", so "If it was a WATER card" and "the
    highest STAR flipped by this effect" look at the flipped cards as they were."""
    text = "Play: Flip a card in your tableau. If it was a WATER card, gain 5 more RP."
    _compiles(text)
    st = table(kit([card("Brook Pup", star=2, elements=("water",)), card("Tide Diver", text)]), kit([IDLE]))
    place(st, 0, "Brook Pup")
    do(st, 'play "Tide Diver"', "target 0 0")
    assert st.rp[0] == 5 and names(st, st.down) == ["Brook Pup"]
    st = table(kit([card("Ash Pup", star=2), card("Tide Diver", text)]), kit([IDLE]))
    place(st, 0, "Ash Pup")
    do(st, 'play "Tide Diver"', "target 0 0")
    assert st.rp[0] == 0
    text = "Play: Each player flips their left-most face-up card. Gain RP equal to twice the highest STAR flipped by this effect."
    _compiles(text)
    st = table(kit([card("Ash Pup", star=2), card("Toppler", text, star=1)]), kit([card("Tall Ox", star=5), IDLE]))
    place(st, 0, "Ash Pup")
    place(st, 1, "Tall Ox")
    do(st, 'play "Toppler"')
    assert st.rp[0] == 10 and set(names(st, st.down)) == {"Ash Pup", "Tall Ox"}


def test_cards_with_fewer_star_than_this_one():
    """"CARD DATA": "with fewer STAR than this one" is a lower Star Rating than this card's."""
    text = "Score: Gain 5 RP for every card in your tableau with fewer STAR than this one."
    _compiles(text)
    st = table(kit([card("Pup One", star=1), card("Pup Four", star=4), card("Elder Owl", text, star=3)]), kit([]))
    place(st, 0, "Pup One", "Pup Four", "Elder Owl")
    do(st, "pass", "pass")
    assert st.rp[0] == 5


def test_a_copy_card_dealt_in_a_sampled_world_is_a_copy(monkeypatch):
    """A sampled world deals Store cards with their printed text (``MBState.determinize``): a dealt
    exact-copy card copies its neighbour there as it would in the game (rules notes, "Exact copies")."""
    import random

    from rules.millennium_blades import state as state_module
    from rules.millennium_blades.catalogue import CardDef

    text = "Ongoing: This card is an exact copy of a 4 STAR or lower card to its immediate left."
    hare = card("Field Hare", "Play: Gain 5 RP.", star=3, types=("animal",))
    st = table(kit([hare, card("Second Pebble", star=1)]), kit([card("Mirror Newt", star=1), IDLE]), store=())
    printed = CardDef.from_spec(card("Mirror Newt", text, star=1))
    (newt,) = ids(st, 1, "Mirror Newt")
    assert not st.cards[newt].effects  # as a Store card is made: no effects
    monkeypatch.setattr(state_module, "as_printed", lambda d: printed if d.name == "Mirror Newt" else d)
    do(st, 'play "Field Hare"')  # the game has asked which cards copy: none of its own
    world = st.determinize(0, random.Random(3))
    place(world, 1, "Idle Lamp")
    do(world, 'play "Mirror Newt"')  # the lamp's Play effect, as the copy comes into play
    assert world.cards[newt].copied_from == "Idle Lamp" and world.rp[1] == 1
