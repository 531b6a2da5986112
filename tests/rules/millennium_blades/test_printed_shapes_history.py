"""More shapes of printed text, batch "history" (issue 26.2; rules/millennium_blades/phrases_history.py
and ops_history.py): what happened this turn or to the card just moved, and changes to gains of RP.
Original cards in each shape, compiled, checked by the card checker and played in the tournament engine
(millennium-blades.txt sections cited per test; docs/rules-notes.md, "MB: history")."""

from __future__ import annotations

from tests.rules.millennium_blades.helpers import card, compiles, do, ids, kit, lamps, place, table


def test_the_card_an_effect_was_copied_from_is_that_card():
    """"Effects on Cards": a copied effect resolves as this card's; "then flip that card" after "Copy a
    Play effect of a card in your tableau" is the card chosen to copy from ("Flip a Card"), not a card
    revealed (the checker refused the compiled effect before)."""
    text = "Play: Copy a Play effect of a card in your tableau, then flip that card."
    (effect,) = compiles(text)
    assert effect["ops"][1] == {"op": "flip", "target": {"player": "self", "pick": "chosen"}}
    st = table(kit([card("Mirror Thief", text), card("Ember Kite", "Play: Gain 4 RP."), *lamps(1)]), kit(lamps(3)))
    place(st, 0, "Ember Kite")
    do(st, 'play "Mirror Thief"', "target 0 0")  # the Kite, left-most of seat 0's tableau
    (kite, thief) = ids(st, 0, "Ember Kite", "Mirror Thief")
    assert st.rp[0] == 4 and kite in st.down and thief not in st.down


def test_the_face_of_the_card_returned_to_the_hand_decides_a_gain():
    """"If the card you returned was face-up" asks which it was, so the return may take a face-down card
    too ("Effects on Cards": effects cannot target face-down cards "unless they specifically say
    otherwise"; rules notes, "MB: history"); the gain only for a face-up one ("Flip a Card")."""
    text = ("Play: Return a card from your tableau to your hand, then flip this single. If the card you returned was "
            "face-up, gain 7 RP.")
    effects = compiles(text)
    assert effects[0]["ops"][0]["target"]["filter"] == {"face": "any"}
    assert effects[0]["ops"][2] == {"op": "if", "condition": {"test": "returned_face", "face": "up"},
                                    "then": [{"op": "gain_rp", "amount": 7}]}
    for down, gained in ((False, 7), (True, 0)):
        st = table(kit([card("Homing Kestrel", text), card("Old Perch"), *lamps(1)]), kit(lamps(3)))
        place(st, 0, "Old Perch", down=("Old Perch",) if down else ())
        do(st, 'play "Homing Kestrel"', "target 0 0")
        (perch, kestrel) = ids(st, 0, "Old Perch", "Homing Kestrel")
        assert perch in st.hand[0] and perch not in st.down and kestrel in st.down and st.rp[0] == gained


def test_any_number_of_the_cards_you_control_flipped_without_their_flip_effects():
    """"Play Area": your Singles (the tableau), your Deck Box and your Accessories are the cards you
    control; "Flip any number of cards you control" picks among all of them, one at a time, and "Do not
    activate any Flip effects on those cards" keeps their Flip effects from activating ("Flip a Card")."""
    text = ("Play: Flip any number of cards in your play area. Do not activate the Flip effects of those cards. "
            "Gain 2 RP for each card flipped this way.")
    (effect,) = compiles(text)
    assert effect["ops"][0] == {"op": "flip_any", "zone": "play_area", "no_flip_effects": True}
    assert compiles("Play: Flip any number of Accessories, Singles and Deck Boxes in your play area.")[0]["ops"] == [
        {"op": "flip_any", "zone": "play_area"}]
    box = card("Tin Crate", "Flip: Gain 10 RP.", kind="deck_box")
    lens = card("Glass Lens", "Flip: Gain 10 RP.", kind="accessory")
    st = table(kit([card("Switch Yard", text), card("Spark Moth", "Flip: Gain 10 RP."), *lamps(1)], box=[box],
                   accessories=[lens]), kit(lamps(3)))
    place(st, 0, "Spark Moth")
    do(st, 'play "Switch Yard"')
    assert {a.verb for a in st.legal_actions(0)} == {"target", "deck_box", "accessory", "decline"}
    do(st, "target 0 0", "deck_box 0 0", "accessory 0 0", "decline")
    (moth, yard) = ids(st, 0, "Spark Moth", "Switch Yard")
    assert {moth, *st.deck_box[0], *st.accessories[0]} <= st.down and yard not in st.down
    assert st.rp[0] == 6  # three cards flipped, no Flip effect activated


def test_gains_made_three_times_over_until_the_end_of_your_next_turn():
    """"Effects on Cards": an Ongoing effect works while its card is face-up, for every player's gains
    ("Players gain triple RP from effects": each gain_rp made three times over); "At the end of your next
    turn" is not the end of the turn the card was played in but of its player's next one ("Tournament
    Turns"), when it flips itself and the rule ends."""
    text = "Ongoing: Players gain three times as much RP. At the end of your next turn, flip this single."
    gain, flip = compiles(text)
    assert gain["ops"] == [{"op": "rp_gain_limit", "who": "each", "times": 3}]
    assert flip["trigger"] == {"event": "turn_end", "next_turn": True}
    st = table(kit([card("Thaw Idol", text), card("Ember Kite", "Play: Gain 2 RP."), *lamps(2)]),
               kit([card("Frost Kite", "Play: Gain 1 RP."), card("Hail Kite", "Play: Gain 1 RP."), *lamps(2)]))
    do(st, 'play "Thaw Idol"')  # the end of this turn is not the end of the next one
    (idol,) = ids(st, 0, "Thaw Idol")
    assert idol not in st.down and st.seat_turn == 1
    do(st, 'play "Frost Kite"')
    assert st.rp == [0, 3] and idol not in st.down
    do(st, 'play "Ember Kite"')  # seat 0's next turn: tripled, then flipped as it ends
    assert st.rp == [6, 3] and idol in st.down
    do(st, 'play "Hail Kite"')
    assert st.rp == [6, 4]  # face-down: no rule


def test_the_first_card_each_turn_may_be_followed_by_another_after_its_play_effects():
    """"Effects on Cards": the first card you play each turn, once its Play effects resolved
    ("afterwards"), may be followed by a second from the hand; "If you do" / "If you do not" ask whether
    you did (a card played by an effect is not the turn's Single: "Play a Single (Required)")."""
    text = ("Ongoing: When you play a single the first time each turn, you may play another single afterwards. If "
            "you do, gain 3 ranking points. If you do not, put a +1 STAR Token on the left-most card in your tableau.")
    (effect,) = compiles(text)
    assert effect["trigger"] == {"event": "play", "by": "self", "after_play": True, "first_each_turn": True}
    assert effect["ops"][0]["ops"][0] == {"op": "play_from_hand"}
    for answer, rp in (("accept", 5), ("decline", 2)):
        st = table(kit([card("Twin Comet", text), card("Ember Kite", "Play: Gain 2 RP."), *lamps(2)]), kit(lamps(3)))
        place(st, 0, "Twin Comet")
        do(st, 'play "Ember Kite"')
        assert st.rp[0] == 2 and st.pending["kind"] == "optional"  # the Kite's Play effect first
        do(st, answer, *(['pick "Lamp 0"'] if answer == "accept" else []))
        (comet,) = ids(st, 0, "Twin Comet")
        assert st.rp[0] == rp and st.tokens.get(comet, 0) == (answer == "decline")
        assert len(st.tableau[0]) == (3 if answer == "accept" else 2) and st.seat_turn == 1


def test_the_next_gain_made_three_times_over_after_all_rp_lost():
    """"Effects on Cards": a Top effect works while its card is the right-most face-up card; "the next time
    you would gain RP" answers that gain before it is made (batch v's would_gain_rp, you the gainer): all
    your RP lost ("FAQs": as much as you have), the gain made three times over, then the card flipped ("Flip
    a Card"), so it answers no later gain."""
    text = ("Top: The next time you would gain ranking points, lose all your ranking points, then triple that gain, "
            "then flip this single.")
    (effect,) = compiles(text)
    assert effect["trigger"] == {"event": "would_gain_rp", "gainer": "self"}
    assert effect["ops"] == [{"op": "rp_gain_outcome", "as": "times", "times": 3, "lose_all": True, "flip_this": True}]
    st = table(kit([card("Gambit Jar", text), *lamps(2)]),
               kit([card("Rain Drum", "Play: Each player gains 2 RP."), card("Hail Drum", "Play: Each player gains 2 RP."),
                    *lamps(1)]))
    st.rp[0] = 10
    do(st, 'play "Gambit Jar"', 'play "Rain Drum"')  # the Jar is seat 0's Top Card
    (jar,) = ids(st, 0, "Gambit Jar")
    assert st.rp == [6, 2] and jar in st.down
    do(st, 'play "Lamp 1"', 'play "Hail Drum"')
    assert st.rp == [8, 4]


def test_the_first_gain_each_turn_may_be_traded_for_one_option():
    """"Effects on Cards": an Ongoing effect on the turn's first gain of RP answers that gain
    before it is made (batch v's would_gain_rp, first each turn as batch o's); "you may instead gain"
    one of the options: the gain is not made and the option is; declining keeps the gain, and a later
    gain that turn is not asked about."""
    text = ("Ongoing: The first time each turn, when you gain ranking points, you may instead gain 3 Dollars, the top "
            "card of the Store, or 12 RP.")
    (effect,) = compiles(text)
    assert effect["trigger"] == {"event": "would_gain_rp", "gainer": "self", "first_each_turn": True}
    assert effect["ops"][0]["options"] == [[{"op": "gain_money", "amount": 3}], [{"op": "gain_store", "amount": 1}],
                                           [{"op": "gain_rp", "amount": 12}]]
    for answer, rp, money in (("option 2", 13, 0), ("option 0", 1, 3), ("decline", 3, 0)):
        st = table(kit([card("Comet Broker", text), card("Ember Kite", "Play: Gain 2 RP. Gain 1 RP."), *lamps(1)]),
                   kit(lamps(3)))
        place(st, 0, "Comet Broker")
        before = st.money[0]
        do(st, 'play "Ember Kite"')
        assert st.pending["kind"] == "either" and st.rp[0] == 0
        do(st, answer)
        assert st.rp[0] == rp and st.money[0] - before == money and st.seat_turn == 1


def test_the_cards_played_this_turn_flipped_then_lower_cards_of_the_others():
    """"Flip a Card": "all cards you played this turn (including this one)" are the face-up cards of your
    tableau played in this turn, and this one whenever it was played (the game keeps the turn of each
    play); "the number of cards you flipped" is counted when the others' flips are made ("Effects on
    Cards": in order), and "each card flipped this way" counts all of this effect's flips."""
    text = ("Play: You may play an additional card. | Action: Flip all face-up cards you played this turn (including "
            "this card). Each opponent must flip all cards with a STAR less than or equal to the number of cards you "
            "flipped. Gain 3 RP for each card flipped this way.")
    _extra, action = compiles(text)
    assert action["ops"][0]["target"]["filter"] == {"face": "up", "played_this_turn": "or_this"}
    assert action["ops"][1]["target"]["filter"]["star"] == {"cmp": "<=", "value": {"count": "flipped_this_way"}}
    st = table(kit([card("Rush Deck", text), card("Old Anchor"), *lamps(2)]),
               kit([card("Low Pawn", star=2), card("Mid Pawn", star=4), *lamps(2)]))
    place(st, 0, "Old Anchor")
    place(st, 1, "Low Pawn", "Mid Pawn")
    do(st, 'play "Rush Deck"', "accept", 'play "Lamp 0"', 'use "Rush Deck"')
    anchor, deck, lamp = ids(st, 0, "Old Anchor", "Rush Deck", "Lamp 0")
    low, mid = ids(st, 1, "Low Pawn", "Mid Pawn")
    assert deck in st.down and lamp in st.down and anchor not in st.down  # two flipped: played this turn
    assert low in st.down and mid not in st.down  # STAR 2 <= 2; STAR 4 is not
    assert st.rp[0] == 9  # three cards flipped this way


def test_an_opponents_card_flipped_after_its_play_and_next_effects_or_tokens_if_prevented():
    """"Effects on Cards": Top>Ongoing>Play>Next; "(and all Play and Next effects resolve)" after a play
    is batch m's "after all Play effects" (the play's Next effects resolve with them); "that card is
    flipped" is this effect's flip of it, and "If this flip is prevented" is that flip not made ("Cannot
    be flipped")."""
    text = ("Top: After an opponent plays a single (and its Play and Next effects have resolved), that single is flipped. "
            "If that flip was prevented, put 2 +1 STAR Tokens on a card in your tableau.")
    (effect,) = compiles(text)
    assert effect["trigger"] == {"event": "play", "by": "opponent", "after_play": True}
    assert effect["ops"][0] == {"op": "flip", "target": {"player": "self", "pick": "played"}}
    for played, flipped in (("Ember Kite", True), ("Stone Guard", False)):
        st = table(kit([card("Ember Kite", "Play: Gain 2 RP."), card("Stone Guard", "Ongoing: This card cannot be flipped."),
                        *lamps(1)]), kit([card("Night Warden", text), *lamps(2)]))
        place(st, 1, "Night Warden")
        do(st, f'play "{played}"')
        (card_played,) = ids(st, 0, played)
        (warden,) = ids(st, 1, "Night Warden")
        assert (card_played in st.down) == flipped and st.tokens.get(warden, 0) == (0 if flipped else 2)
        assert st.rp[0] == (2 if flipped else 0)  # the Kite's Play effect before the flip
