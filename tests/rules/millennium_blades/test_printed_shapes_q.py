"""More shapes of printed text, batch q (issue 26.2; rules/millennium_blades/phrases_more_q.py and
ops_more_q.py): counts and tests over zones. Original cards in each shape, compiled, checked by the
card checker and played in the tournament engine (millennium-blades.txt sections cited per test;
docs/rules-notes.md, "MB: batch q")."""

from __future__ import annotations

from dataclasses import replace

from rules.millennium_blades.effects import check_card
from rules.millennium_blades.text import compile_text
from tests.rules.millennium_blades.helpers import card, compiles, do, ids, kit, lamps, place, table


def test_several_kinds_of_different_values_are_each_counted_and_added():
    """"CARD DATA": a card shows its Star Rating, Elements and Types; "each different STAR and
    ELEMENT among cards in your tableau" counts the different Star Ratings and the different
    Elements of the face-up cards, added up (a face-down card shows none: "Flip a Card")."""
    text = "Action: Gain 2 RP for each different STAR and ELEMENT among cards in your tableau."
    effects = compiles(text)
    assert effects[0]["ops"][0]["per"] == {"count": "sum", "of": [
        {"count": "star_values", "zone": "tableau", "filter": {}}, {"count": "elements", "zone": "tableau", "filter": {}}]}
    assert check_card("single", {"star": 3}, effects) == []
    assert compiles("Action: Gain 1 RP for each different TYPE, SET, or RARITY among cards in your tableau.")
    st = table(kit([card("Tally Sage", text), card("Ash", star=2, elements=("fire",)), card("Brine", star=2,
               elements=("water",)), card("Cinder", star=5, elements=("fire",)), card("Hidden", star=7,
               elements=("air",)), *lamps(1)]), kit(lamps()))
    place(st, 0, "Tally Sage", "Ash", "Brine", "Cinder", "Hidden", down=("Hidden",))
    do(st, 'use "Tally Sage"')
    # Star Ratings 3, 2, 5 (three) and Elements fire, water (two); the face-down card adds nothing
    assert st.rp[0] == 2 * (3 + 2)


def test_an_effect_repeated_for_other_kinds_of_value():
    """"CARD DATA": "Repeat this effect for TYPES and STAR" after "If there are 3 or more different
    ELEMENTS in your tableau, gain 10 RP" tests the Types, then the Star Ratings, the same way, each
    paying on its own (rules notes, "MB: batch q")."""
    text = ("Action: If there are 3 or more different ELEMENTS in your tableau, gain 10 RP. "
            "Repeat this effect for TYPES and STAR.")
    effects = compiles(text)
    tests = [op["condition"]["of"]["count"] for op in effects[0]["ops"]]
    assert tests == ["elements", "types", "star_values"]
    assert check_card("single", {"star": 3}, effects) == []
    assert compile_text("Action: Gain 2 RP. Repeat this effect for TYPES.")[0] is None  # nothing of a kind to repeat
    st = table(kit([card("Triple Check", text, elements=("fire",), types=("ninja",)),
                    card("Wave", star=1, elements=("water",), types=("ninja",)),
                    card("Gale", star=5, elements=("air",), types=("ninja",)), *lamps(1)]), kit(lamps()))
    place(st, 0, "Triple Check", "Wave", "Gale")
    do(st, 'use "Triple Check"')
    assert st.rp[0] == 20  # three Elements, three Star Ratings (3, 1, 5), but only one Type


def test_a_card_with_a_higher_star_than_every_card_of_another_zone():
    """"CARD DATA": the Star Rating; "Face-Down Cards" have none. "a card in your hand has a higher
    STAR than all cards in your tableau" holds when one card of the hand is above the highest
    face-up card of the tableau; "a single in your tableau with a higher STAR than every card in
    opponents' tableaus" when one of yours is above the best of all theirs (a tie is not higher)."""
    hand_text = "Action: If a card in your hand has a higher STAR than all cards in your tableau, gain 9 RP."
    top_text = ("Action: Gain 12 RP if you have a single in your tableau with a higher STAR than every card in "
                "opponents' tableaus.")
    for text in (hand_text, top_text):
        assert check_card("single", {"star": 3}, compiles(text)) == []
    st = table(kit([card("Top Dog", top_text, star=4), *lamps(1)]), kit([card("Rival", star=4), card("Rival Down", star=9),
                                                                      *lamps()]))
    place(st, 0, "Top Dog")
    place(st, 1, "Rival", "Rival Down", down=("Rival Down",))
    do(st, 'use "Top Dog"')
    assert st.rp[0] == 0  # 4 against 4: not higher (the face-down 9 has no Star Rating)
    for peak, gained in ((4, 9), (5, 0)):  # the 5 in hand against the best face-up card in play
        st = table(kit([card("Hand Weigher", hand_text, star=2), card("Peak", star=peak), card("Big Hope", star=5),
                        card("Low Hope", star=1)]), kit(lamps()))
        place(st, 0, "Hand Weigher", "Peak")
        do(st, 'use "Hand Weigher"')
        assert st.rp[0] == gained


def test_choosing_an_opponent_and_a_set_then_counting_their_hand():
    """"CARD DATA": a card's Set. "Choose another player and a SET" is the two choices in print order;
    "each card from the same SET in their hand" then counts the chosen player's hand cards of the
    chosen Set, the other Sets and the other hands not."""
    text = "Play: Choose another player and a SET. Gain 4 RP for each card from the same SET in their hand."
    effects = compiles(text)
    assert [op["op"] for op in effects[0]["ops"]] == ["choose_player", "choose_value", "gain_rp"]
    assert effects[0]["ops"][2]["per"] == {"count": "that_player", "of": {"count": "cards", "zone": "hand",
                                                                          "filter": {"chosen": True}}}
    assert check_card("single", {"star": 3}, effects) == []
    assert compiles("Play: Choose a TYPE and another player. Gain 1 RP for each card of that TYPE in their hand.")
    inked = [replace(card(name), set_code=code) for name, code in (("Ink A", "QA"), ("Ink B", "QA"), ("Ink C", "QB"))]
    st = table(kit([card("Set Sniffer", text), replace(card("Own Ink"), set_code="QA")]), kit([*inked, *lamps()]))
    do(st, 'play "Set Sniffer"', 'value "QA"')
    assert st.rp[0] == 8  # two QA cards in the opponent's hand; the QA card in the player's own hand not


def test_a_gain_of_rp_your_effect_gives_an_opponent():
    """"Effects on Cards": an Ongoing effect works while its card is face-up. "The first time each
    turn your effect causes an opponent to gain RP" hears the gains an effect of its player gives
    another player, once a turn; a gain an opponent's own effect gives them is not one, and does not
    use up the turn's first time (rules notes, "MB: batch q")."""
    text = "Ongoing: The first time each turn your effect causes an opponent to gain RP, gain 6 RP."
    effects = compiles(text)
    assert effects[0]["trigger"] == {"event": "gained_rp", "by": "opponent", "whose": "self", "first_each_turn": True}
    assert check_card("single", {"star": 3}, effects) == []
    giver = card("Alms Giver", "Play: Each opponent gains 3 RP.")
    st = table(kit([card("Gift Ledger", text), giver, card("Alms Twin", "Play: Each opponent gains 1 RP."), *lamps(1)]),
               kit([card("Self Gain", "Play: Gain 4 RP."), *lamps()]), kit(lamps()))
    place(st, 0, "Gift Ledger")
    do(st, 'play "Alms Giver"')
    assert st.rp == [6, 3, 3]  # two opponents gained from this player's effect: the first time only
    do(st, 'play "Self Gain"')
    assert st.rp == [6, 7, 3]  # their own effect's gain
    do(st, 'play "Lamp 0"', 'play "Alms Twin"')
    assert st.rp == [12, 8, 4]  # a new turn of this player


def test_a_gain_of_rp_from_a_card_in_the_gainers_own_tableau():
    """"Your Tournament Area": the tableau holds a player's singles. "When an opponent gains RP from a
    card in their tableau" hears an opponent's gain that one of their own tableau's cards gave, not
    a gain another player's card gave them (rules notes, "MB: batch q")."""
    text = "Ongoing: When an opponent gains RP from a card in their tableau, gain 2 RP."
    effects = compiles(text)
    assert effects[0]["trigger"] == {"event": "gained_rp", "by": "opponent", "from_tableau": True}
    assert check_card("single", {"star": 3}, effects) == []
    first = {**effects[0], "trigger": {**effects[0]["trigger"], "first_each_turn": True}}
    assert check_card("single", {"star": 3}, [first])
    assert check_card("single", {"star": 3}, [{**effects[0], "trigger": {"event": "play", "from_tableau": True}}])
    st = table(kit([card("Old Clock", text), card("Alms Giver", "Play: Each opponent gains 3 RP."), *lamps(1)]),
               kit([card("Self Gain", "Play: Gain 4 RP."), *lamps()]))
    place(st, 0, "Old Clock")
    do(st, 'play "Alms Giver"')
    assert st.rp == [0, 3]  # this player's card gave it
    do(st, 'play "Self Gain"')
    assert st.rp == [2, 7]


def test_the_chosen_players_hand_revealed_and_its_cards_counted():
    """"General Rules": a card revealed from a hand is shown to all, then returned. "Choose another
    player. They reveal their hand. Gain 3 RP for each 4 STAR or higher card." counts the revealed
    cards that fit, as printed; the count names no zone, so it is of the cards just revealed, not of
    the tableau (rules notes, "MB: batch q")."""
    text = "Play: Choose another player. They reveal their hand. Gain 3 RP for each 4 STAR or higher card."
    effects = compiles(text)
    assert effects[0]["ops"][1:] == [{"op": "reveal_hand", "who": "that_player"}, {
        "op": "gain_rp", "amount": 3, "per": {"count": "those_fitting", "filter": {"star": {"cmp": ">=", "value": 4}}}}]
    assert check_card("single", {"star": 3}, effects) == []
    assert check_card("single", {"star": 3}, [{"timing": "play", "ops": [{"op": "gain_rp", "amount": 1, "per": {
        "count": "those_fitting", "filter": {"star": 4}}}]}])
    assert compiles("Play: Reveal the top 2 cards of the Store. Gain 5 RP for each WATER card revealed this way.")
    st = table(kit([card("Nosy Scout", text), card("Tall Tower", star=8), *lamps(1)]),
               kit([card("Four", star=4), card("Six", star=6), card("Two", star=2), *lamps()]))
    place(st, 0, "Tall Tower")
    do(st, 'play "Nosy Scout"')
    assert st.rp[0] == 6  # the 4 and the 6 of their hand; the 8 in the tableau is not counted
    shown = [e for e in st.events if e.action == "reveal_hand"]
    assert len(shown) == 1 and len(st.hand[1]) == 6  # shown, then kept


def test_the_top_cards_of_the_store_discard_taken_to_the_binder():
    """"Discards": "Cards that are discarded 'to the Store Discard' may reappear later on". "Gain the
    top 2 cards of the Store discard to your binder" takes the last two discarded there (the top),
    which are the player's now; "those cards" are them, as printed (rules notes, "MB: batch q")."""
    text = ("Action: If you have 4 cards in your tableau and this is the only face-up card in your tableau, gain the "
            "top 2 cards of the Store discard to your binder. Gain RP equal to twice the combined STAR of those cards.")
    effects = compiles(text)
    assert effects[0]["ops"][0]["then"] == [{"op": "take_store_discard", "amount": 2, "to": "binder"},
                                            {"op": "gain_rp", "amount": 2, "per": {"count": "those_stars"}}]
    assert check_card("single", {"star": 3}, effects) == []
    assert check_card("single", {"star": 3}, [{"timing": "play", "ops": [{"op": "take_store_discard", "amount": 2,
                                                                          "to": "tableau"}]}])
    assert compiles("Play: Add the top card of the Store Discard to your hand.")[0]["ops"] == [
        {"op": "take_store_discard", "amount": 1, "to": "hand"}]
    st = table(kit([card("Scrap Rat", text), card("Pile A"), card("Pile B"), card("Pile C"), *lamps(1)]), kit(lamps()),
               store=(4, 6, 1, *(1,) * 17))
    place(st, 0, "Scrap Rat", "Pile A", "Pile B", "Pile C", down=("Pile A", "Pile B", "Pile C"))
    st.store_discard.extend(st.store.pop() for _ in range(3))  # the 4, then the 6, then the 1 on top
    bottom = st.store_discard[0]
    do(st, 'use "Scrap Rat"')
    assert st.rp[0] == 14 and st.store_discard == [bottom]  # twice the 1 and the 6
    assert sorted(st.cards[c].printed_star for c in st.binder[0][-2:]) == [1, 6]
    assert all(st.owner[c] == 0 for c in st.binder[0][-2:])
    assert any(e.action == "from_store_discard" for e in st.events)


def test_each_card_of_the_chosen_kind_with_a_different_star():
    """"CARD DATA": "For each card of that TYPE or ELEMENT in your tableau with a different STAR" after
    "Choose a TYPE or ELEMENT" counts each different Star Rating among the cards with that symbol
    once (two 2 STAR cards are one); the cap of the gain holds (rules notes, "MB: batch q")."""
    text = ("Action: Choose a TYPE or ELEMENT. For each card of that TYPE or ELEMENT in your tableau with a different "
            "STAR, gain 4 RP (max. 20 RP).")
    effects = compiles(text)
    assert effects[0]["ops"][1]["per"] == {"count": "star_values", "zone": "tableau", "filter": {"chosen": True}}
    assert check_card("single", {"star": 3}, effects) == []
    assert compiles("Action: Choose a TYPE. Gain 1 RP for each different STAR among cards of that TYPE in your tableau.")
    st = table(kit([card("Star Sorter", text, types=("mage",)), card("Twin A", star=2), card("Twin B", star=2),
                    card("Five", star=5), card("Other Seven", star=7, types=("myth",)), *lamps(1)]), kit(lamps()))
    place(st, 0, "Star Sorter", "Twin A", "Twin B", "Five", "Other Seven")
    do(st, 'use "Star Sorter"', 'value "soldier"')
    assert st.rp[0] == 8  # the soldiers show 2 and 5; the myth's 7 and the mage's 3 are not of that type


def test_each_card_sharing_a_kind_with_the_card_to_its_left():
    """"Tableau": slots left to right; "Flip a Card": a face-down card shares nothing. "Each card in
    your tableau that shares an ELEMENT or STAR with the card to its immediate left" counts the
    face-up cards whose left neighbour is face-up and shows one of their elements or their Star
    Rating; the leftmost card has none (rules notes, "MB: batch q")."""
    text = ("Action: Gain 3 RP for each card in your tableau that shares an ELEMENT or STAR with the card to its "
            "immediate left.")
    effects = compiles(text)
    assert effects[0]["ops"][0]["per"] == {"count": "shares_neighbour", "kinds": ["element", "star"], "side": "left",
                                           "zone": "tableau", "filter": {}}
    assert check_card("single", {"star": 3}, effects) == []
    bad = {"count": "shares_neighbour", "kinds": ["rarity"], "side": "up", "zone": "tableau", "filter": {}}
    assert len(check_card("single", {"star": 3}, [{"timing": "action", "ops": [
        {"op": "gain_rp", "amount": 1, "per": bad}]}])) == 2
    st = table(kit([card("Chain Link", text, star=1, elements=("dark",)), card("Same Star", star=1, elements=("air",)),
                    card("Same Fire", star=6, elements=("air",)), card("Hidden", star=6, elements=("air",)),
                    card("After Hidden", star=6, elements=("air",)), *lamps(1)]), kit(lamps()))
    place(st, 0, "Chain Link", "Same Star", "Same Fire", "Hidden", "After Hidden", down=("Hidden",))
    do(st, 'use "Chain Link"')
    # Same Star (STAR 1 as Chain Link) and Same Fire (air as Same Star) count; Hidden is face-down,
    # After Hidden has a face-down card on its left
    assert st.rp[0] == 6


def test_copying_the_score_effect_of_another_players_deck_box():
    """"Ending the Tournament": Score effects of face-up cards, then Deck Boxes. "Copy the Score effect
    of an opponent's Deck Box" resolves that Deck Box's Score effect as this card's, for its own
    player; a face-down Deck Box has no effect to copy ("Face-Down Cards")."""
    text = "DECK BOX | Score: Copy the Score effect of an opponent's Deck Box."
    effects = compiles(text)
    assert effects[0]["ops"][0]["target"] == {"player": "opponent", "pick": "choice", "zone": "deck_box",
                                              "filter": {"face": "up"}}
    assert check_card("deck_box", {"star": 3}, effects) == []
    for down, gained in (False, 11), (True, 0):
        st = table(kit(lamps(1), box=[card("Mirror Tin", text, kind="deck_box")]),
                   kit(lamps(), box=[card("Gold Tin", "DECK BOX | Score: Gain 11 RP.", kind="deck_box")]))
        if down:
            st.down.add(ids(st, 1, "Gold Tin")[0])
        st.start_scoring()
        st.settle()
        assert st.rp[0] == gained


def test_after_an_opponent_plays_a_higher_card_it_is_taken_to_your_hand():
    """"Top" effects work while the card is the right-most face-up card. "After an opponent plays a
    card with more STAR than this card, add that card to your hand" waits for the played card's
    Play effects (batch m's "after all Play effects"), then takes it from their tableau into this
    player's hand, theirs now; a lower card stays (rules notes, "MB: batch q")."""
    text = "Top: After an opponent plays a card with more STAR than this card, add that card to your hand."
    effects = compiles(text)
    assert effects[0]["trigger"]["after_play"] is True
    assert effects[0]["ops"] == [{"op": "to_hand", "target": {"player": "any", "pick": "played"}, "to": "self"}]
    assert check_card("single", {"star": 3}, effects) == []
    dropped = compiles("Ongoing: After another player plays a FIRE card, discard that card.")
    assert dropped[0]["ops"] == [{"op": "discard_in_play", "target": {"player": "any", "pick": "played"}}]
    st = table(kit([card("Jealous Eye", text, star=4), *lamps(2)]),
               kit([card("Big One", "Play: Gain 2 RP.", star=6), card("Small One", star=2), *lamps()]))
    place(st, 0, "Jealous Eye")
    do(st, 'play "Lamp 0"')
    st.down.add(st.tableau[0][-1])  # face-down: Jealous Eye is the Top Card again
    do(st, 'play "Big One"')
    big = next(c for c in st.hand[0] if st.cards[c].name == "Big One")
    assert st.rp[1] == 2 and st.owner[big] == 0 and not st.tableau[1]  # its Play effect first, then taken
    do(st, 'play "Lamp 1"')
    st.down.add(st.tableau[0][-1])
    do(st, 'play "Small One"')
    assert [st.cards[c].name for c in st.tableau[1]] == ["Small One"]


def test_the_hand_swapped_with_cards_drawn_blind_from_the_binder():
    """"Discards": cards in the binder are the player's own. "Swap your hand with as many cards from
    your binder at random" draws as many cards as the hand holds, blind, from the binder as it was
    (fewer if it holds fewer), then puts the hand's cards in the binder; "each card gained from your
    binder" counts the cards drawn (rules notes, "MB: batch q")."""
    text = ("Play: Swap your hand with as many cards from your binder at random. Gain 2 RP for each card gained from "
            "your binder.")
    effects = compiles(text)
    assert effects[0]["ops"] == [{"op": "swap_hand_binder"}, {"op": "gain_rp", "amount": 2, "per": {"count": "those_count"}}]
    assert check_card("single", {"star": 3}, effects) == []
    st = table(kit([card("Door Swap", text), card("Keep A"), card("Keep B"), card("Keep C"), card("Old D"), card("Old E")]),
               kit(lamps()))
    for old in ids(st, 0, "Old D", "Old E"):
        st.hand[0].remove(old)
        st.binder[0].append(old)
    do(st, 'play "Door Swap"')
    assert sorted(st.cards[c].name for c in st.hand[0]) == ["Old D", "Old E"]  # the binder had two
    assert sorted(st.cards[c].name for c in st.binder[0]) == ["Keep A", "Keep B", "Keep C"]
    assert st.rp[0] == 4 and any(e.action == "swap_hand_binder" for e in st.events)


def test_each_card_beside_your_only_face_up_card():
    """"Tableau": slots left to right. "If you have only one face-up card in your tableau, gain 4 RP
    for each card to the right of that card": "that card" is that one card; the face-down cards in
    the slots on its right count; with two face-up cards nothing is gained (rules notes, "MB: batch q")."""
    text = ("DECK BOX | Score: If you have only one face-up card in your tableau, gain 4 RP for each card to the "
            "right of that card.")
    effects = compiles(text)
    assert effects[0]["ops"][0]["per"] == {"count": "beside_only", "side": "right", "filter": {"face": "up"}}
    assert check_card("deck_box", {"star": 3}, effects) == []
    for downs, gained in ((("Slot A", "Slot C", "Slot D"), 8), (("Slot A", "Slot D"), 0)):
        st = table(kit([card("Slot A"), card("Slot B"), card("Slot C"), card("Slot D")],
                       box=[card("Lonely Tally", text, kind="deck_box")]), kit(lamps()))
        place(st, 0, "Slot A", "Slot B", "Slot C", "Slot D", down=downs)
        st.start_scoring()
        st.settle()
        assert st.rp[0] == gained  # Slot B alone face-up: Slot C and Slot D on its right


def test_an_opponent_reveals_the_cards_of_their_choice():
    """"General Rules": a card revealed from a hand is shown to all, then returned. "Choose an
    opponent to reveal 2 cards in their hand of their choice" lets that player pick the two; "the
    total STAR of cards revealed" adds their printed Star Ratings, with its cap (rules notes, "MB:
    batch q")."""
    text = ("Action: Choose an opponent to reveal 2 cards from their hand of their choice. Gain RP equal to the total "
            "STAR of the cards revealed, up to 20 RP.")
    effects = compiles(text)
    assert effects[0]["ops"][1:] == [{"op": "reveal_picked", "amount": 2},
                                     {"op": "gain_rp", "amount": 1, "per": {"count": "those_stars"}, "max": 20}]
    assert check_card("single", {"star": 3}, effects) == []
    assert compiles("Play: Look at target opponent's hand. Gain RP equal to twice the combined STAR of the cards "
                    "revealed.")[0]["ops"][1]["per"] == {"count": "those_stars"}
    st = table(kit([card("Show Me", text), *lamps(1)]),
               kit([card("Heavy", star=8), card("Light", star=1), *lamps()]))
    place(st, 0, "Show Me")
    do(st, 'use "Show Me"')
    assert st.current_players() == [1]  # the opponent chooses
    do(st, 'show "Heavy"', 'show "Light"')
    assert st.rp[0] == 9 and len(st.hand[1]) == 5
    st = table(kit([card("Show Me", text), *lamps(1)]), kit([card("Only", star=4)]))
    place(st, 0, "Show Me")
    do(st, 'use "Show Me"')
    assert st.rp[0] == 4  # a hand of one card: revealed whole, nothing to choose


def test_guessing_the_star_of_the_stores_top_card():
    """"CARD DATA": a Star Rating is a number. "Guess the STAR of the top card of the Store Deck and reveal
    it" is a number chosen before the card is seen, then the card revealed (into the Aftermarket, as
    the core's reveal does); "If you guessed right" holds when its printed Star Rating is that number
    (rules notes, "MB: batch q")."""
    text = ("Play: Guess the STAR of the top card of the Store Deck and reveal it. If you guessed right, gain the top "
            "2 cards of the Store into your hand. Gain RP equal to twice the combined STAR of those cards.")
    effects = compiles(text)
    assert effects[0]["ops"][:2] == [{"op": "choose_value", "what": "number"}, {"op": "reveal", "source": "store"}]
    assert effects[0]["ops"][2]["condition"] == {"test": "card", "card": "revealed", "is": {"chosen": True}}
    assert check_card("single", {"star": 3}, effects) == []
    assert compile_text("Play: Flip a single in your tableau. If you guessed right, gain 2 RP.")[0] is None  # no guess
    for guess, gained, cards in ((5, 10, 2), (4, 0, 0)):
        st = table(kit([card("Price Guess", text), *lamps(1)]), kit(lamps()), store=(5, 2, 3, *(1,) * 10))
        do(st, 'play "Price Guess"', f"value {guess}")
        assert st.rp[0] == gained and len(st.hand[0]) == 1 + cards  # the 2 and the 3 after the 5 revealed


def test_other_players_may_discard_a_card_matching_the_one_discarded():
    """"Discard a Card": to the owner's binder. "Discard a card from your hand. Each other player may
    discard a card that matches its ELEMENT to gain 7 RP": "its" is the card just discarded; each
    other player with such a card in hand is asked, in turn order, and gains the RP if they discard;
    a player without one is not asked (rules notes, "MB: batch q")."""
    text = ("Play: Gain 5 RP and discard a card from your hand. Each other player may discard a card that matches its "
            "ELEMENT to gain 7 RP.")
    effects = compiles(text)
    assert effects[0]["ops"][2] == {"op": "others_discard_matching", "kind": "element", "amount": 7, "discard_at": 1}
    assert check_card("single", {"star": 3}, effects) == []
    assert check_card("single", {"star": 3}, [{"timing": "play", "ops": [
        {"op": "others_discard_matching", "kind": "set", "amount": 7, "discard_at": -1}]}])
    assert compile_text("Play: Gain 5 RP. Each other player may discard a card that matches its TYPE to gain 7 RP.")[
        0] is None  # nothing discarded for "its"
    st = table(kit([card("Trade Call", text), card("Water Chip", elements=("water",)), *lamps(1)]),
               kit([card("Wet One", elements=("water",)), *lamps()]), kit(lamps()))
    do(st, 'play "Trade Call"', 'pick "Water Chip"')
    assert st.current_players() == [1]  # seat 2 has no WATER card: not asked
    do(st, 'pick "Wet One"')
    assert st.rp == [5, 7, 0]
    assert [st.cards[c].name for c in st.binder[1]][-1:] == ["Wet One"]
