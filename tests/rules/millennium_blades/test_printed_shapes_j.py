"""More shapes of printed text, batch j (issue 26.2; rules/millennium_blades/phrases_more_j.py and
ops_more_j.py): cards moving between zones. Each player in turn from you clockwise, a card move
once per thing counted, Store cards picked up and one played at once, cards returned to the box, a
card's own effect when it is discarded from the hand. Original cards in each shape, compiled and
played in the tournament engine (millennium-blades.txt sections cited per test; docs/rules-notes.md,
"MB: batch j")."""

from __future__ import annotations

from tests.rules.millennium_blades.helpers import card, compiles, do, ids, kit, lamps, names, place, table


def test_each_player_from_you_clockwise_takes_from_the_aftermarket():
    """"Tournament Turns": play goes "in clockwise order around the table"; "starting with you and
    going clockwise" each player takes a card of the Aftermarket in that order, as their own. "For
    each player" counts every player still in, you too."""
    text = ("Play: Add 1 card from the top of the Store Deck to the Aftermarket for each player. Starting with you "
            "and going clockwise, each player takes a card from the Aftermarket to their hand.")
    assert compiles(text)[0]["ops"] == [
        {"op": "repeat", "per": {"count": "players"}, "ops": [{"op": "store_to_aftermarket", "amount": 1}]},
        {"op": "clockwise", "ops": [{"op": "take_aftermarket", "to": "hand"}]}]
    st = table(kit([card("Swap Meet Host", text), card("Idle Lamp")]), kit(lamps()), kit(lamps()), store=(2, 5, 7, 1))
    do(st, 'play "Swap Meet Host"', 'take "Store card 1"', 'take "Store card 2"')  # you first, then seat 1
    assert names(st, st.hand[0]) == ["Idle Lamp", "Store card 1"]
    assert names(st, st.hand[1])[-1] == "Store card 2" and names(st, st.hand[2])[-1] == "Store card 0"
    assert st.aftermarket == []


def test_a_card_move_for_every_steps_of_rp():
    """A card move "for every 40 RP you have": once per whole step (rounded down), each a choice of
    its own (a gain of RP "for every" stays the core grammar's)."""
    text = "Action: Take a card from the Aftermarket to your hand for every 40 RP you have."
    assert compiles(text)[0]["ops"] == [{"op": "repeat", "per": {"count": "rp_steps", "every": 40},
                                         "ops": [{"op": "take_aftermarket", "to": "hand"}]}]
    assert compiles("Play: Gain 2 RP for every 40 RP you have.")[0]["ops"][0]["op"] == "gain_rp"
    st = table(kit([card("Pawn Broker", text), card("Idle Lamp")]), kit(lamps()))
    place(st, 0, "Pawn Broker")
    st.aftermarket = list(st.store[-3:])
    del st.store[-3:]
    st.rp[0] = 85  # two whole steps of 40
    do(st, 'use "Pawn Broker"', 'take "Store card 0"', 'take "Store card 2"')
    assert names(st, st.hand[0]) == ["Idle Lamp", "Store card 0", "Store card 2"]
    assert names(st, st.aftermarket) == ["Store card 1"]


def test_pick_up_store_cards_and_play_one_at_once():
    """"Play a Single": the card played goes to the next open slot, and its Play effects resolve; the
    cards not played go to the Aftermarket as revealed Store cards do ("Clashing": "Put all cards
    revealed this way into the Aftermarket"; rules notes, "MB: batch j")."""
    text = ("Play: Discard this single to your binder, pick up the top 3 cards of the Store Deck, play one immediately "
            "and put the others into the Aftermarket.")
    assert compiles(text)[0]["ops"] == [{"op": "discard_self"},
                                        {"op": "pick_play", "from": "store", "amount": 3, "rest": "aftermarket"}]
    split = ("Action: Discard this single to your binder, then reveal the top 2 cards of the Store, and play one of "
             "them immediately. Put the others into the Aftermarket.")
    assert compiles(split)[0]["ops"] == [{"op": "discard_self"}, {"op": "pick_play", "from": "store", "amount": 2},
                                         {"op": "rest_to_aftermarket"}]
    assert compiles("Play: Discard this single to your binder, take a card from the Aftermarket and play it "
                    "immediately.")[0]["ops"][1] == {"op": "pick_play", "from": "aftermarket", "amount": 1}
    st = table(kit([card("Booster Sniffer", text), card("Idle Lamp")]), kit(lamps()), store=(4, 6, 2, 9))
    do(st, 'play "Booster Sniffer"', 'take "Store card 1"')
    assert names(st, st.tableau[0]) == ["Store card 1"] and st.owner[st.tableau[0][0]] == 0
    assert names(st, st.binder[0]) == ["Booster Sniffer"]
    assert sorted(names(st, st.aftermarket)) == ["Store card 0", "Store card 2"]
    assert names(st, st.store[-1:]) == ["Store card 3"]


def test_return_cards_from_your_hand_to_the_box():
    """"Discards": cards returned "to the Box" never come back into play; up to N, the player
    stops when they like, and each one returned counts."""
    text = "Action: Return up to 3 cards from your hand to the box to gain 6 RP for each."
    assert compiles(text)[0]["ops"] == [{"op": "to_box", "amount": 3, "up_to": True},
                                        {"op": "gain_rp", "amount": 6, "per": {"count": "those_count"}}]
    st = table(kit([card("Shredder", text), card("Old A"), card("Old B"), card("Keep")]), kit(lamps()))
    place(st, 0, "Shredder")
    do(st, 'use "Shredder"', 'pick "Old A"', 'pick "Old B"', "decline")
    assert names(st, st.removed[0]) == ["Old A", "Old B"] and names(st, st.hand[0]) == ["Keep"]
    assert st.rp[0] == 12 and st.binder[0] == []


def test_a_card_discarded_from_the_hand_gains_its_own_rp():
    """"Discard a Card": a discard goes from the hand to the binder; this card's own effect works from
    the hand, for its player, when it is discarded (rules notes, "MB: batch j")."""
    text = "Score: Gain 4 RP. | Whenever you discard this card from your hand, gain 11 RP."
    assert compiles("Gain 11 RP whenever you discard this card from your hand.")[0]["ops"] == [{"op": "gain_rp", "amount": 11}]
    own = compiles(text)[1]
    assert (own["timing"], own["trigger"], own["ops"]) == ("ongoing", {"event": "discarded_this"},
                                                           [{"op": "gain_rp", "amount": 11}])
    st = table(kit([card("Spiteful Stub", text), card("Dump Truck", "Play: Discard a card from your hand."), card("Other")]),
               kit(lamps()))
    do(st, 'play "Dump Truck"', 'pick "Spiteful Stub"')
    assert st.rp[0] == 11 and names(st, st.binder[0]) == ["Spiteful Stub"]
    st = table(kit([card("Spiteful Stub", text), card("Dump Truck", "Play: Discard a card from your hand."), card("Other")]),
               kit(lamps()))
    do(st, 'play "Dump Truck"', 'pick "Other"')  # another card: nothing
    assert st.rp[0] == 0


def test_reveal_store_cards_score_them_and_keep_them():
    """"Reveal the top N cards of the Store": each goes to the Aftermarket as a revealed Store card
    does ("Clashing": "Put all cards revealed this way into the Aftermarket"), unless the text then
    puts those cards into your hand (rules notes, "MB: batch j")."""
    text = ("Play: Reveal the top 2 cards of the Store, then gain RP equal to three times the combined STAR of those "
            "cards. Add them to your hand afterwards.")
    assert compiles(text)[0]["ops"] == [{"op": "reveal_top", "amount": 2},
                                        {"op": "gain_rp", "amount": 3, "per": {"count": "those_stars"}},
                                        {"op": "those_to_hand"}]
    st = table(kit([card("Shelf Scanner", text), card("Idle Lamp")]), kit(lamps()), store=(4, 2, 6))
    do(st, 'play "Shelf Scanner"')
    assert st.rp[0] == 18 and names(st, st.hand[0]) == ["Idle Lamp", "Store card 0", "Store card 1"]
    assert st.aftermarket == [] and names(st, st.store[-1:]) == ["Store card 2"]


def test_keep_one_revealed_card_and_stack_the_others_on_top():
    """One of the revealed cards kept in hand, the other cards back on top "in any order": the player
    picks the card kept, then puts the others back one at a time, the last one on top."""
    text = ("Action: Reveal the top 3 cards of the Store Deck, then gain RP equal to the combined STAR of those "
            "cards. Put one of them into your hand, then put the other cards on top in any order.")
    assert compiles(text)[0]["ops"][2:] == [{"op": "those_to_hand", "amount": 1}, {"op": "those_to_top"}]
    st = table(kit([card("Tea Leaves", text), card("Idle Lamp")]), kit(lamps()), store=(1, 2, 3, 5))
    place(st, 0, "Tea Leaves")
    do(st, 'use "Tea Leaves"', 'take "Store card 1"', 'take "Store card 2"')
    assert st.rp[0] == 6 and names(st, st.hand[0]) == ["Idle Lamp", "Store card 1"]
    assert names(st, st.store[-2:]) == ["Store card 2", "Store card 0"] and st.aftermarket == []


def test_you_may_put_one_of_those_cards_back_on_top():
    """One card of those the effect added to the Aftermarket back on top of the Store, or none."""
    text = ("Action: Add the top 2 cards of the Store to the Aftermarket. You may put one of those cards back on top "
            "of the Store.")
    assert compiles(text)[0]["ops"][1] == {"op": "those_to_top", "amount": 1, "optional": True}
    st = table(kit([card("Tide Clerk", text), card("Idle Lamp")]), kit(lamps()), store=(1, 2, 3))
    place(st, 0, "Tide Clerk")
    do(st, 'use "Tide Clerk"', 'take "Store card 1"')
    assert names(st, st.aftermarket) == ["Store card 0"] and names(st, st.store[-1:]) == ["Store card 1"]
    st = table(kit([card("Tide Clerk", text), card("Idle Lamp")]), kit(lamps()), store=(1, 2, 3))
    place(st, 0, "Tide Clerk")
    do(st, 'use "Tide Clerk"', "decline")
    assert len(st.aftermarket) == 2 and names(st, st.store[-1:]) == ["Store card 2"]


def test_leave_the_tableau_and_play_a_random_binder_card():
    """"Discard a Card": this card goes from the tableau to the binder first; a card drawn blind from
    the binder (this one among them) is then played into the slot it freed ("Play a Single": the
    next open slot), its Play effects resolving."""
    text = "Action: Return this card from your tableau to your binder and play a card at random from your binder."
    assert compiles(text)[0]["ops"] == [{"op": "discard_self"}, {"op": "play_random_binder"}]
    st = table(kit([card("Dungeon Door", text), card("Idle Lamp")]), kit(lamps()))
    place(st, 0, "Dungeon Door")
    st.binder[0].append(st.store.pop())
    door, spare = ids(st, 0, "Dungeon Door")[0], st.binder[0][0]
    do(st, 'use "Dungeon Door"')
    assert len(st.tableau[0]) == 1 and {st.tableau[0][0], *st.binder[0]} == {door, spare}
    assert st.tableau[0][0] not in st.down


def test_put_a_hand_card_face_down_into_the_tableau():
    """"Face-Down Cards": a card put face-down into the tableau takes the next open slot with no
    text; it is not played, so none of its effects resolve."""
    text = "Play: Place a card from your hand face-down into your tableau."
    assert compiles(text)[0]["ops"] == [{"op": "hand_to_tableau_down"}]
    st = table(kit([card("Shade Tuck", text), card("Loud Horn", "Play: Gain 9 RP."), card("Idle Lamp")]),
               kit(lamps()))
    do(st, 'play "Shade Tuck"', 'pick "Loud Horn"')
    horn = st.tableau[0][1]
    assert names(st, st.tableau[0]) == ["Shade Tuck", "Loud Horn"] and horn in st.down and st.rp[0] == 0


def test_you_may_keep_a_revealed_card_and_gain_with_it():
    """"You may" covers the clauses joined after it: keeping the card revealed and the RP that comes
    with it, or neither ("Clashing": the revealed Store card is in the Aftermarket until then)."""
    text = ("Play: Reveal a card from the top of the Store. If it has 4 STAR or more, you may add it to your hand "
            "and gain 6 RP.")
    assert compiles(text)[0]["ops"][1]["then"] == [{"op": "may", "ops": [
        {"op": "take", "card": "revealed", "to": "hand"}, {"op": "gain_rp", "amount": 6}]}]
    st = table(kit([card("Bargain Bin", text), card("Idle Lamp")]), kit(lamps()), store=(5, 1))
    do(st, 'play "Bargain Bin"', "accept")
    assert st.rp[0] == 6 and names(st, st.hand[0]) == ["Idle Lamp", "Store card 0"] and st.aftermarket == []
    st = table(kit([card("Bargain Bin", text), card("Idle Lamp")]), kit(lamps()), store=(5, 1))
    do(st, 'play "Bargain Bin"', "decline")
    assert st.rp[0] == 0 and names(st, st.aftermarket) == ["Store card 0"]


def test_discard_any_number_and_draw_that_many_more():
    """"Discard a Card": any number of hand cards to the binder, none too; then as many top Store
    cards plus the number printed, and RP for each card discarded (not for those drawn)."""
    text = ("Action: Discard any number of cards from your hand to your binder and draw that many cards plus 1 from "
            "the top of the Store. Gain 3 RP for each card discarded this way.")
    assert compiles(text)[0]["ops"] == [{"op": "discard_any"}, {"op": "draw_that_many", "plus": 1},
                                        {"op": "gain_rp", "amount": 3, "per": {"count": "those_count"}}]
    st = table(kit([card("Recycler", text), card("Junk A"), card("Junk B"), card("Keep")]), kit(lamps()))
    place(st, 0, "Recycler")
    do(st, 'use "Recycler"', 'pick "Junk A"', 'pick "Junk B"', "decline")
    assert names(st, st.binder[0]) == ["Junk A", "Junk B"] and st.rp[0] == 6
    assert names(st, st.hand[0]) == ["Keep", "Store card 0", "Store card 1", "Store card 2"]


def test_discard_the_store_top_and_activate_its_score_effects():
    """"Discards": a card discarded "to the Store Discard" goes there face-up; its Score effects,
    activated now, resolve for you as a copy does (rules notes, "Activating another card's effect")."""
    text = ("Ongoing: When your turn starts, discard the top card of the Store to the Store discard, then activate "
            "any Score effects on that card.")
    assert compiles(text)[0]["ops"] == [{"op": "store_to_discard", "amount": 1},
                                        {"op": "copy_effects", "card": "revealed", "timing": "score", "pick": "all"}]
    st = table(kit([card("Bin Diver", text), card("Idle Lamp")]), kit(lamps()))
    st.store.append(st.store.pop(0))  # a card whose Score effect gives RP, on top
    top = st.store[-1]
    st.cards[top] = type(st.cards[top]).from_spec(card("Prize Coupon", "Score: Gain 7 RP."))
    place(st, 0, "Bin Diver")
    do(st, 'play "Idle Lamp"', 'play "Lamp 0"')  # seat 1's turn passes back to seat 0: their turn starts
    assert st.store_discard == [top] and st.rp[0] == 7


def test_players_with_no_rp_left_after_a_loss_discard():
    """"Every player who has 0 RP after this": their RP as it is once the loss before it is done
    ("FAQs": RP stop at zero); each of them discards a card of their choice."""
    text = "Play: Every player loses 8 RP. Each player who has 0 RP after this discards a card from their hand."
    assert compiles(text)[0]["ops"][1] == {"op": "for_players", "who": "each", "rp": {"cmp": "==", "value": 0},
                                           "ops": [{"op": "discard", "amount": 1, "who": "that_player"}]}
    st = table(kit([card("Tax Season", text), card("Idle Lamp")]), kit(lamps()))
    st.rp[:] = [20, 5]
    do(st, 'play "Tax Season"', 'pick "Lamp 0"')
    assert st.rp == [12, 0] and names(st, st.binder[1]) == ["Lamp 0"] and st.binder[0] == []


def test_swap_a_hand_card_with_a_card_of_their_revealed_hand():
    """Revealing hand cards ("General Rules": shown to all players): the opponent's hand is shown; the
    player then gives a card of their own hand for one of that hand that fits, each card now its new
    holder's, and "the card gained" is the one taken."""
    text = ("Play: Reveal an opponent's hand. Swap a card in your hand with a CITIZEN in their hand, then gain RP equal "
            "to three times the STAR of the card gained.")
    assert compiles(text)[0]["ops"][1:] == [{"op": "swap_hand", "filter": {"type": "citizen"}},
                                            {"op": "gain_rp", "amount": 3, "per": {"count": "star", "card": "taken"}}]
    steal = "Action: Reveal an opponent's hand. Swap one card in your hand with a card in their hand and steal 4 RP from them."
    assert compiles(steal)[0]["ops"][1:] == [{"op": "swap_hand"}, {"op": "steal_rp", "amount": 4, "who": "that_player"}]
    st = table(kit([card("Trade Winds", text), card("Old Boot", star=1), card("Idle Lamp")]),
               kit([card("Wolf Pup", star=4, types=("citizen",)), card("Tin Can", star=6), card("Lamp X")]))
    do(st, 'play "Trade Winds"', 'pick "Old Boot"', 'take "Wolf Pup"')
    assert names(st, st.hand[0]) == ["Idle Lamp", "Wolf Pup"] and "Old Boot" in names(st, st.hand[1])
    assert st.rp[0] == 12 and st.owner[st.hand[0][1]] == 0


def test_a_condition_list_of_three_things_you_have():
    """"If you have A, B, and C": all three must hold (the first read by the sentence's "if", the
    other two with it)."""
    text = "Score: If you have 2 face-down cards in your tableau, no cards in your hand, and 0 RP, gain 90 RP."
    effect = compiles(text)[0]
    assert effect["ops"][0]["condition"] == {"test": "all", "of": [
        {"test": "count", "of": {"count": "cards", "zone": "hand", "filter": {}}, "cmp": "==", "value": 0},
        {"test": "count", "of": {"count": "rp"}, "cmp": "==", "value": 0}]}
    st = table(kit([card("Last Stand", text), card("Down A"), card("Down B")]), kit(lamps()))
    place(st, 0, "Last Stand", "Down A", "Down B", down=("Down A", "Down B"))
    st.start_scoring()
    st.settle()
    assert st.rp[0] == 90
    st = table(kit([card("Last Stand", text), card("Down A"), card("Down B"), card("Held")]), kit(lamps()))
    place(st, 0, "Last Stand", "Down A", "Down B", down=("Down A", "Down B"))
    st.start_scoring()
    st.settle()
    assert st.rp[0] == 0  # a card left in hand


def test_keep_a_revealed_card_in_the_aftermarket_for_rp_or_put_it_back():
    """A revealed Store card waits in the Aftermarket ("Clashing"); the player keeps it there for RP
    equal to its Star Rating, or puts it back on top of the Store."""
    text = ("Ongoing: When your turn starts, reveal a card from the top of the Store. You may discard it to the "
            "Aftermarket to gain RP equal to 2 times its STAR, otherwise put it back on top.")
    assert compiles(text)[0]["ops"][1] == {"op": "either", "who": "self", "options": [
        [{"op": "gain_rp", "amount": 2, "per": {"count": "star", "card": "revealed"}}], [{"op": "revealed_to_top"}]]}
    st = table(kit([card("Fortune Teller", text), card("Idle Lamp")]), kit(lamps()), store=(1, 4, 3))
    place(st, 0, "Fortune Teller")
    do(st, 'play "Idle Lamp"', 'play "Lamp 0"', "option 1")  # seat 0's next turn: put it back
    assert st.aftermarket == [] and names(st, st.store[-1:]) == ["Store card 0"] and st.rp[0] == 0
    do(st, "pass", 'play "Lamp 1"', "option 0")  # an empty hand: seat 0 passes, then keeps the next card
    assert names(st, st.aftermarket) == ["Store card 0"] and st.rp[0] == 2


def test_discard_cards_with_different_types():
    """"Discard a Card": up to N hand cards, no two of them sharing a type; RP for each one."""
    text = "Play: Discard up to four cards with different TYPES from your hand. Gain 5 RP for each card discarded this way."
    assert compiles(text)[0]["ops"][0] == {"op": "discard_distinct", "amount": 4, "what": "type"}
    st = table(kit([card("Sorting Hat", text), card("Mage A", types=("mage",)), card("Mage B", types=("mage",)),
                    card("Myth C", types=("myth",))]), kit(lamps()))
    do(st, 'play "Sorting Hat"', 'pick "Mage A"')
    assert all(a.args != ("Mage B",) for a in st.legal_actions(0))  # shares MAGE with the card chosen
    do(st, 'pick "Myth C"')
    assert names(st, st.binder[0]) == ["Mage A", "Myth C"] and st.rp[0] == 10


def test_count_score_effects_sets_and_the_left_most_card():
    """"Face-Down Cards": no text and no attributes, so a face-down card's Score effect, Set and Star
    Rating count for none of these; "Effects on Cards": each printed effect of that timing counts."""
    brass = "Score: Gain 5 RP for each Score effect among face-up cards in your tableau."
    assert compiles(brass)[0]["ops"][0]["per"] == {"count": "effects", "timing": "score"}
    sets = "Score: Gain 4 RP for each different face-up SET in your tableau."
    assert compiles(sets)[0]["ops"][0]["per"] == {"count": "sets", "zone": "tableau", "filter": {"face": "up"}}
    wall = "Score: Gain RP equal to 2 times the STAR of your left-most face-up card (max. 9 RP)."
    assert compiles(wall)[0]["ops"][0] == {"op": "gain_rp", "amount": 2, "per": {"count": "edge_star", "side": "left"},
                                           "max": 9}
    st = table(kit([card("Effect Counter", brass, star=2), card("Two Score", "Score: Gain 1 RP. | Score: Lose 1 RP.", star=7),
                    card("Hidden Score", "Score: Gain 1 RP."), card("Edge Reader", wall, star=3)]), kit(lamps()))
    place(st, 0, "Hidden Score", "Two Score", "Effect Counter", "Edge Reader", down=("Hidden Score",))
    st.start_scoring()
    st.settle()
    # Effect Counter: 4 face-up Score effects (its own, two, Edge Reader's) x 5 = 20; Two Score: +1 -1;
    # Edge Reader: the left-most face-up card is Two Score (7 STAR): 14, capped at 9
    assert st.rp[0] == 20 + 9


def test_every_type_and_element_while_in_the_hand():
    """"CARD DATA": a card's elements and types; this one has all of them while it is in its owner's
    hand, so a discard of a FIRE card may take it (and its own discard effect then resolves), and in
    play it has only its printed ones."""
    text = ("This card is all elements and types while it is in your hand. | Whenever you discard this card from "
            "your hand, gain 12 RP.")
    assert compiles(text)[0]["ops"] == [{"op": "all_symbols_in_hand"}]
    burn = "Play: Discard a FIRE card from your hand. If you did, gain 3 RP."
    st = table(kit([card("Chameleon Note", text, elements=("water",), types=("citizen",)), card("Kindling", burn),
                    card("Wet Rag", elements=("water",))]), kit(lamps()))
    do(st, 'play "Kindling"', 'pick "Chameleon Note"')  # the only FIRE card of the hand ("Wet Rag" is WATER)
    assert st.rp[0] == 15 and names(st, st.binder[0]) == ["Chameleon Note"]
    note = st.binder[0][0]
    assert st.elements(note) == ("water",) and st.types(note) == ("citizen",)  # out of the hand: printed


def test_steps_of_star_and_the_spread_of_star():
    """"CARD DATA": Star Ratings of the face-up cards ("Face-Down Cards": none for a face-down one);
    whole steps of N STAR rounded down, and the highest less the lowest."""
    steps = "Score: For every 6 STAR of face-up cards in your tableau (round down), gain 5 RP (max. 11 RP)."
    assert compiles(steps)[0]["ops"] == [{"op": "gain_rp", "amount": 5, "max": 11, "per": {
        "count": "star_steps", "every": 6, "zone": "tableau", "filter": {"face": "up"}}}]
    spread = ("Score: Gain RP equal to 3 times the difference between the highest and lowest STAR among cards in your "
              "tableau.")
    assert compiles(spread)[0]["ops"][0]["per"] == {"count": "star_spread", "zone": "tableau", "filter": {"face": "up"}}
    st = table(kit([card("Step Counter", steps, star=2), card("Spread Gauge", spread, star=3),
                    card("Big One", star=8), card("Gone", star=9)]), kit(lamps()))
    place(st, 0, "Step Counter", "Spread Gauge", "Big One", "Gone", down=("Gone",))
    st.start_scoring()
    st.settle()
    assert st.rp[0] == 10 + 18  # 13 STAR face-up: 2 steps of 6 (10 RP); 8 - 2 = 6, three times: 18
