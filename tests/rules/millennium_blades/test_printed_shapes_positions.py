"""More shapes of printed text, batch ``positions`` (issue 26.2; rules/millennium_blades/phrases_positions.py
and ops_positions.py): where cards go in a tableau, whose tableau, and Sell Markers on tableau cards.
Original cards in each shape, compiled, checked by the card checker and played in the tournament
engine (millennium-blades.txt sections cited per test; docs/rules-notes.md, "MB: positions")."""

from __future__ import annotations

from dataclasses import replace

from rules.core.engine import Action
from rules.millennium_blades.effects import check_card
from tests.rules.millennium_blades.helpers import card, compiles, do, ids, kit, lamps, names, place, table


def _checked(effects: list[dict], kind: str = "single") -> list[dict]:
    assert check_card(kind, {"star": 3}, effects) == []
    return effects


def test_a_keyword_printed_with_its_ability_in_parentheses_inserts_into_another_tableau_and_gives_it_away():
    """"Set Specific Keywords": "On most cards, the keyword's full text is printed out" (here in
    parentheses after its name); Scurry: "insert this card anywhere ... shift some of your cards to the
    right to make room"; the player whose tableau holds the card scores it ("Score": "Activate all
    of the Score effects (of face-up cards) in your tableau"), and it now belongs to them ("Discard a
    Card": "discarded to the owner's Binder")."""
    text = ("Burrow PLUS (Play: You may insert this card anywhere in any player's tableau. That player gains "
            "ownership of this card.) | Score: Gain 7 RP.")
    effects = _checked(compiles(text))
    assert effects[0]["ops"] == [{"op": "insert_any", "give": True}] and effects[0]["optional"] is True
    assert check_card("single", {"star": 3}, [{"timing": "play", "ops": [{"op": "insert_any", "give": 2}]}])
    st = table(kit([card("Gift Mole", text), *lamps(2)]), kit([card("Post A"), card("Post B"), *lamps(2)]))
    place(st, 1, "Post A", "Post B")
    do(st, 'play "Gift Mole"', "accept", "player 1", "insert 1")
    (mole,) = [c for c in st.tableau[1] if st.cards[c].name == "Gift Mole"]
    assert names(st, st.tableau[1]) == ["Post A", "Gift Mole", "Post B"] and st.tableau[0] == []
    assert st.owner[mole] == 1
    st.start_scoring()
    assert st.rp == [0, 7]
    st.discard_from_play(mole)
    assert mole in st.binder[1]


def test_a_card_inserted_anywhere_stays_its_players_own_without_the_ownership_sentence():
    """Scurry into your own tableau: the slot chosen, the others shift right; no sentence hands
    the card over, so its owner does not change."""
    text = "Play: Insert this card anywhere in any player's tableau."
    st = table(kit([card("Shy Mole", text), card("Left Post"), card("Right Post")]), kit(lamps(3)))
    place(st, 0, "Left Post", "Right Post")
    do(st, 'play "Shy Mole"', "player 0", "insert 0")
    mole = ids(st, 0, "Shy Mole")[0]
    assert names(st, st.tableau[0]) == ["Shy Mole", "Left Post", "Right Post"] and st.owner[mole] == 0


def test_the_tableau_reordered_freely_at_the_end_of_the_turn_and_a_card_at_an_edge():
    """"Top": "if you can rearrange cards, you can keep your best Top effects"; "reorder ... freely" and
    "any way you wish" are batch u's rearrange. "At an edge of your tableau": no card left of it or
    none right of it, face-down cards counting ("They still count as cards")."""
    text = "Ongoing: At the end of your turn, you may reorder the cards in your tableau freely."
    effects = _checked(compiles(text))
    assert effects[0]["ops"] == [{"op": "rearrange"}] and effects[0]["optional"] is True
    assert compiles("Play: Rearrange cards in your tableau any way you like.")[0]["ops"] == [{"op": "rearrange"}]
    edge = "Flip: Gain 9 RP if this card is at an edge of your tableau."
    _checked(compiles(edge))
    st = table(kit([card("Tidy Clerk", text), card("Box A"), card("Box B"), card("Rim Walker", edge)]), kit(lamps(3)))
    place(st, 0, "Tidy Clerk", "Box A")
    do(st, 'play "Box B"', "accept", "target 0 2", "target 0 1")
    assert names(st, st.tableau[0]) == ["Box B", "Box A", "Tidy Clerk"]
    walker, box_a = ids(st, 0, "Rim Walker", "Box A")
    st.hand[0].remove(walker)
    st.tableau[0].insert(1, walker)  # between two cards: no edge
    st.flip_card(walker, 1)
    st.settle()
    assert st.rp[0] == 0
    st.down.discard(walker)
    st.tableau[0].remove(walker)
    st.tableau[0].insert(0, walker)  # the left edge, a face-down card right of it
    st.down.add(box_a)
    st.flip_card(walker, 1)
    st.settle()
    assert st.rp[0] == 9


def test_this_card_swapped_for_a_card_of_no_higher_star_then_a_sell_marker_on_the_card_it_brought():
    """"Tableau"; "effects cannot target face-down cards"; a card of "the same or lower STAR" than this
    one; the Sell Marker goes on the card the swap brought into your tableau, one of the player's
    markers ("Distribute Starting Items": 3 Sell Markers); nothing more happens to it in the
    tournament (rules notes, "MB: positions"), so it does not shield the card from a flip."""
    text = ("Play: Swap this card with a card of the same or lower STAR in an opponent's tableau, then place a Sell "
            "Marker on it.")
    effects = _checked(compiles(text))
    assert effects[0]["ops"] == [
        {"op": "swap_tableaus", "target": {"player": "opponent", "pick": "choice",
                                            "filter": {"star": {"cmp": "<=", "value": "this"}}}},
        {"op": "put_sell_marker", "on": "swapped"}]
    assert check_card("single", {"star": 3}, [{"timing": "play", "ops": [{"op": "put_sell_marker", "on": "it"}]}])
    st = table(kit([card("Comet Broker", text, star=4), *lamps(2)]),
               kit([card("Big Moon", star=6), card("Small Moon", star=4), *lamps(2)]))
    place(st, 1, "Big Moon", "Small Moon")
    do(st, 'play "Comet Broker"')  # the 6-STAR Moon is too high: the Small Moon, the only one
    assert names(st, st.tableau[0]) == ["Small Moon"] and names(st, st.tableau[1]) == ["Big Moon", "Comet Broker"]
    (moon,) = st.tableau[0]
    assert st.sell_marked == {moon: 1} and st.markers_left == [2, 3]
    st.flip_card(moon, 1)
    assert moon in st.down  # a marker alone keeps no card face-up


def test_then_swap_after_a_flip_at_the_start_of_the_turn():
    """", then swap this card with a card in an opponent's tableau" after a flip is a sentence of its
    own (batch u's swap); the trigger is "At the start of your turn" ("Tournament Turns")."""
    text = ("Ongoing: When your turn starts, flip another single in your tableau, then swap this card with a face-up "
            "card in an opponent's tableau.")
    effects = _checked(compiles(text))
    assert [o["op"] for o in effects[0]["ops"]] == ["flip", "swap_tableaus"]


def test_a_face_down_card_sold_without_a_sell_marker_pays_its_printed_star():
    """"Sell": "take Millennium Dollars equal to that card's Star Rating"; the card goes to the
    Aftermarket ("Aftermarket Space"), face-up there, so its printed Star Rating is paid (rules notes,
    "MB: positions"); no Sell Marker is spent; RP for each dollar gained."""
    text = "Play: You may sell a face-down single in your tableau without using a Sell Marker. Gain 3 RP per Dollar gained."
    effects = _checked(compiles(text))
    assert effects[0]["ops"] == [{"op": "sell_card", "from": "tableau", "face": "down"},
                                 {"op": "gain_rp", "amount": 3, "per": {"count": "those_stars"}}]
    assert check_card("single", {"star": 3}, [{"timing": "play", "ops": [{"op": "sell_card", "from": "hand", "face": "up"}]}])
    st = table(kit([card("Pawn Clerk", text), card("Old Relic", star=5), card("Dust", star=2), *lamps(2)]),
               kit(lamps(3)))
    place(st, 0, "Old Relic", "Dust", down=("Old Relic", "Dust"))
    relic = ids(st, 0, "Old Relic")[0]
    do(st, 'play "Pawn Clerk"', "accept", "target 0 0")
    assert relic in st.aftermarket and relic not in st.down and names(st, st.tableau[0]) == ["Dust", "Pawn Clerk"]
    assert st.money[0] == 5 and st.rp[0] == 15 and st.markers_left[0] == 3


def test_the_clash_winner_sells_a_card_from_their_hand():
    """"Clashing"; the winner's result: they sell a card of their hand of their choice ("Sell"), for
    dollars equal to its Star Rating, without a Sell Marker."""
    text = "Play: Clash with an opponent. The winner must sell a single from their hand without using a Sell Marker."
    effects = _checked(compiles(text))
    assert effects[0]["ops"][0]["winner"] == [{"op": "sell_card", "from": "hand"}]
    st = table(kit([card("Auction Bell", text, star=1), card("Spare", star=4), card("Keep", star=2)]),
               kit([card("Champion", star=9), card("Heirloom", star=6), *lamps(2)]), store=(1, 1, 1, 1))
    place(st, 1, "Champion")
    do(st, 'play "Auction Bell"', 'pick "Heirloom"')
    (heirloom,) = [c for c in st.aftermarket if st.cards[c].name == "Heirloom"]
    assert heirloom not in st.hand[1] and st.money == [0, 6]


def test_an_accessory_placed_face_down_in_another_players_tableau():
    """"Tableau": "Always place singles in the left-most available slot"; the Accessory ("A card cannot
    affect or target your Accessories unless it specifically says it can": this one says so) goes
    face-down, a blank card ("Face-Down Cards") that fills a slot; "That player" is the one who got it;
    its owner does not change."""
    text = "ACCESSORY | Action: Place this accessory face-down in an opponent's tableau. That player gains 6 RP."
    effects = _checked(compiles(text), "accessory")
    assert effects[0]["ops"] == [{"op": "place_down_in", "player": "opponent"},
                                 {"op": "gain_rp", "amount": 6, "who": "that_player"}]
    st = table(kit(lamps(2), accessories=[card("Soggy Board", text, kind="accessory")]),
               kit([card("Shelf"), *lamps(2)]))
    place(st, 1, "Shelf")
    (board,) = st.accessories[0]
    do(st, 'use "Soggy Board"')
    assert st.tableau[1][-1] == board and board in st.down and st.accessories[0] == []
    assert st.rp == [0, 6] and st.owner[board] == 0


def test_a_card_of_an_opponents_tableau_discarded_and_replaced_by_this_card():
    """"Discard a Card": "discarded to the owner's Binder"; this card takes its slot in that
    tableau, and works there for that player ("Ongoing": "in your tableau"); "add this card to your
    hand" from an Action is the hand of the player using it."""
    text = ("Play: Discard a single in an opponent's tableau and replace it with this card. | Action: Add this card to "
            "your hand.")
    effects = _checked(compiles(text))
    assert effects[0]["ops"] == [{"op": "replace_with_this"}]
    assert effects[1]["ops"] == [{"op": "to_hand", "target": {"player": "self", "pick": "this"}, "to": "self"}]
    st = table(kit([card("Usurper", text), *lamps(2)]),
               kit([card("Throne"), card("Hidden Guard"), card("Footman"), *lamps(2)]))
    place(st, 1, "Throne", "Hidden Guard", "Footman", down=("Hidden Guard",))
    do(st, 'play "Usurper"', "target 1 2")
    assert names(st, st.tableau[1]) == ["Throne", "Hidden Guard", "Usurper"] and st.tableau[0] == []
    assert [st.cards[c].name for c in st.binder[1]] == ["Footman"]
    (usurper,) = [c for c in st.tableau[1] if st.cards[c].name == "Usurper"]
    do(st, 'use "Usurper"')  # seat 1's turn: the card works for the tableau that holds it
    assert usurper in st.hand[1] and st.owner[usurper] == 1


def test_each_other_player_with_enough_face_up_cards_sells_one_and_you_gain_its_star():
    """"Sell": dollars equal to the card's Star Rating, to the player who sells; each other player
    with at least the number printed of face-up cards sells a face-up card of their choice, in turn
    order; the RP is the Star Ratings of all the cards sold this way."""
    text = ("Play: Each opponent with 2 or more face-up cards in their tableau must sell a face-up single in their "
            "tableau without using a Sell Marker. Gain RP equal to the STAR of cards sold this way.")
    effects = _checked(compiles(text))
    assert effects[0]["ops"] == [
        {"op": "sell_card", "from": "tableau", "face": "up", "who": "each_other", "face_up": 2},
        {"op": "gain_rp", "amount": 1, "per": {"count": "those_stars"}}]
    assert check_card("single", {"star": 3}, [{"timing": "play", "ops": [{"op": "sell_card", "from": "tableau",
                                                                          "face_up": 2}]}])
    st = table(kit([card("Tax Collector", text), *lamps(2)]),
               kit([card("Vase", star=5), card("Urn", star=2), *lamps(2)]),
               kit([card("Lone Lamp", star=4), card("Dim Lamp", star=6), *lamps(2)]))
    place(st, 1, "Vase", "Urn")
    place(st, 2, "Lone Lamp", "Dim Lamp", down=("Dim Lamp",))  # one face-up card: not enough
    do(st, 'play "Tax Collector"', "target 1 0")
    vase = next(c for c in st.aftermarket if st.cards[c].name == "Vase")
    assert names(st, st.tableau[1]) == ["Urn"] and vase in st.aftermarket and len(st.tableau[2]) == 2
    assert st.money == [0, 5, 0] and st.rp == [5, 0, 0]


def test_one_of_your_cards_swapped_for_an_opponents_card_of_its_set_with_a_higher_star():
    """"Tableau"; "effects cannot target face-down cards"; the second card must share the first's SET
    ("CARD DATA") and have a higher Star Rating than it; the two change tableaus and slots, each then
    working for the tableau it is in; the Action's card is flipped after ("Use an Action")."""
    text = ("Action: Swap one card in your tableau with a card in an opponent's tableau of the same SET with a "
            "higher STAR.")
    effects = _checked(compiles(text))
    assert effects[0]["ops"] == [{"op": "swap_two", "first": "self", "same": ["set"], "star": ">"}]
    assert check_card("single", {"star": 3}, [{"timing": "action", "ops": [{"op": "swap_two", "first": "self",
                                                                            "same": ["colour"]}]}])
    hawk, coin = replace(card("Tide Hawk", text), set_code="DUNE"), replace(card("Shell Coin", star=2), set_code="TIDE")
    crowns = [replace(card("Pearl Crown", star=8), set_code="TIDE"), replace(card("Sand Crown", star=1), set_code="DUNE")]
    st = table(kit([hawk, coin, *lamps(2)]), kit([*crowns, *lamps(2)]))
    place(st, 0, "Tide Hawk", "Shell Coin")
    place(st, 1, "Sand Crown", "Pearl Crown")
    # the Hawk's only partner, the Sand Crown, has a lower STAR: the Shell Coin is the only card
    # with a partner, and the Pearl Crown its only partner (no choice to ask)
    do(st, 'use "Tide Hawk"')
    assert names(st, st.tableau[0]) == ["Tide Hawk", "Pearl Crown"] and names(st, st.tableau[1]) == ["Sand Crown", "Shell Coin"]


def test_two_cards_of_any_two_tableaus_sharing_a_type_or_an_element_swapped_and_the_card_kept_face_up():
    """"Use an Action": "then flip the card face-down", unless it says not to (not "after" either);
    the two cards are in two different tableaus and share a TYPE or an ELEMENT."""
    text = ("ACCESSORY | Action: Swap the positions of two singles that share the same TYPE or ELEMENT in two "
            "different tableaus. Do not flip this accessory after.")
    effects = _checked(compiles(text), "accessory")
    assert effects[0]["ops"] == [{"op": "swap_two", "first": "any", "same": ["either"]}, {"op": "keep_source"}]
    marshal_card = card("Marshal", text, elements=("air",), types=("beast",), kind="accessory")
    st = table(kit([card("Stray Cat", elements=("air",), types=("beast",)), *lamps(2)], accessories=[marshal_card]),
               kit([card("Wet Knight", elements=("water",), types=("soldier",)), card("Sea Wolf", elements=("water",),
                                                                                      types=("beast",)), *lamps(2)]),
               kit([card("Old Knight", elements=("earth",), types=("soldier",)), *lamps(2)]))
    place(st, 0, "Stray Cat")
    place(st, 1, "Wet Knight", "Sea Wolf")
    place(st, 2, "Old Knight")
    do(st, 'use "Marshal"')
    assert st.pending["options"] == [Action("target", (0, 0)), Action("target", (1, 0)), Action("target", (1, 1)),
                                     Action("target", (2, 0))]
    do(st, "target 1 0")  # soldiers both: the Knights change places (the Old Knight, the only partner)
    assert names(st, st.tableau[1]) == ["Old Knight", "Sea Wolf"] and names(st, st.tableau[2]) == ["Wet Knight"]
    (marshal,) = st.accessories[0]
    assert marshal not in st.down


def test_a_deck_box_gives_every_card_you_play_a_keywords_play_ability():
    """"Set Specific Keywords": a keyword's "effects are always the same", its full text printed (here
    in parentheses after it); "Deck Box Area": the Deck Box "starts face-up in play", so its Ongoing
    works from the start ("Ongoing effects keep on working continuously"); each card its player plays
    has the Play ability, as its own (Scurry: "insert this card anywhere into your tableau"). An
    opponent's cards do not have it; a Deck Box flipped face-down gives nothing ("Face-Down Cards")."""
    text = "DECK BOX | Ongoing: All your cards have Nibble (Play: Put this card anywhere in your tableau.)."
    effects = _checked(compiles(text), "deck_box")
    assert effects[0]["ops"] == [{"op": "grant_play", "effect": {"timing": "play", "ops": [{"op": "insert"}]},
                                  "keyword": "nibble"}]
    bad = {"op": "grant_play", "effect": {"timing": "score", "ops": [{"op": "gain_rp", "amount": 1}]}, "keyword": "x"}
    assert check_card("deck_box", {}, [{"timing": "ongoing", "ops": [bad]}])
    given = compiles("Ongoing: All of your singles in your tableau have Hammer Fall (Action: Gain 2 RP).")
    assert given[0]["ops"] == [{"op": "grant_action", "ops": [{"op": "gain_rp", "amount": 2}]}]  # batch w's
    box = card("Mouse Hole", text, kind="deck_box")
    st = table(kit([card("Cheese A"), card("Cheese B"), card("Cheese C"), card("Cheese D")], box=[box]),
               kit([card("Rat A"), card("Rat B"), card("Rat C")]))
    place(st, 0, "Cheese A", "Cheese B")
    do(st, 'play "Cheese C"', "insert 0")
    assert names(st, st.tableau[0]) == ["Cheese C", "Cheese A", "Cheese B"]
    place(st, 1, "Rat A")
    do(st, 'play "Rat B"')  # no Nibble for the opponent: no choice, the next open slot
    assert names(st, st.tableau[1]) == ["Rat A", "Rat B"] and st.pending is None
    st.down.update(st.deck_box[0])
    do(st, 'play "Cheese D"')  # the Deck Box face-down: no Nibble
    assert names(st, st.tableau[0]) == ["Cheese C", "Cheese A", "Cheese B", "Cheese D"] and st.pending is None


def test_a_card_played_to_the_right_of_this_one_swaps_with_it_once_its_play_effects_resolved():
    """"Effects on Cards": the card's Play effects resolve first ("all Play effects have resolved"),
    then where it is decides: right of this card, the two change slots ("Tableau") and this card
    gets a +1 STAR token; a card that inserted itself left of this one (Scurry) does not."""
    text = ("Ongoing: Each time a single is played to the right of this card and its Play effects are resolved, "
            "swap this card with that card, then put two +1 STAR Tokens on this card.")
    effects = _checked(compiles(text))
    assert effects[0]["trigger"] == {"event": "play", "by": "self", "after_play": True}
    assert effects[0]["condition"] == {"test": "card", "card": "played", "is": {"where": "right_of"}}
    assert [o["op"] for o in effects[0]["ops"]] == ["swap_with", "star_tokens"]
    st = table(kit([card("Leapfrog", text), card("Lily Pad"), card("Tadpole", "Play: Insert this card anywhere in "
                                                                             "any player's tableau."), card("Reed")]),
               kit(lamps(4)))
    place(st, 0, "Reed", "Leapfrog")
    do(st, 'play "Lily Pad"')
    frog = ids(st, 0, "Leapfrog")[0]
    assert names(st, st.tableau[0]) == ["Reed", "Lily Pad", "Leapfrog"] and st.tokens.get(frog) == 2
    do(st, 'play "Lamp 0"', 'play "Tadpole"', "player 0", "insert 0")
    assert names(st, st.tableau[0]) == ["Tadpole", "Reed", "Lily Pad", "Leapfrog"] and st.tokens.get(frog) == 2


def test_the_first_player_to_play_a_card_into_a_slot_of_their_tableau():
    """"Tableau": "Always place singles in the left-most available slot", so the card played as the
    fifth card of a tableau is played into its fifth slot; the game keeps which card was the first
    played into it, at any tableau, and only that play pays ("Ongoing", while this card is face-up;
    the card itself counts when it is that card)."""
    text = "Ongoing: If you are the first player to play a card in your fifth tableau slot, gain 9 RP."
    effects = _checked(compiles(text))
    assert effects[0]["condition"] == {"test": "first_in_slot", "slot": 5}
    assert check_card("single", {"star": 3}, [{**effects[0], "condition": {"test": "first_in_slot", "slot": 0}}])
    baker = card("Early Baker", text)
    st = table(kit([baker, *lamps(5)]), kit(lamps(6)))
    place(st, 0, "Early Baker", "Lamp 0", "Lamp 1", "Lamp 2")
    place(st, 1, "Lamp 0", "Lamp 1", "Lamp 2", "Lamp 3")
    do(st, 'play "Lamp 3"')  # seat 0's fifth slot, the first of the game
    assert st.rp == [9, 0]
    do(st, 'play "Lamp 4"')  # seat 1's fifth slot: not the first (and seat 1 has no such card)
    do(st, 'play "Lamp 4"')  # seat 0's sixth slot: no gain
    assert st.rp == [9, 0]
    st = table(kit([baker, *lamps(5)]), kit(lamps(6)), first_player=1)
    place(st, 0, "Early Baker", "Lamp 0", "Lamp 1", "Lamp 2")
    place(st, 1, "Lamp 0", "Lamp 1", "Lamp 2", "Lamp 3")
    do(st, 'play "Lamp 4"', 'play "Lamp 3"')  # seat 1 was first into a fifth slot
    assert st.rp == [0, 0]
    st = table(kit([baker, *lamps(5)]), kit(lamps(6)))
    place(st, 0, "Lamp 0", "Lamp 1", "Lamp 2", "Lamp 3")
    do(st, 'play "Early Baker"')  # the card itself is the first into a fifth slot
    assert st.rp == [9, 0]


def test_when_you_play_this_card_a_low_card_of_another_tableau_goes_home_and_this_takes_its_slot():
    """"Effects on Cards": "Play effects are activated right away when a card comes into play", so
    "When you play this card, ..." is a Play effect; the card returned to "that player's Binder" is
    discarded ("Discard a Card"); only a face-up card of the Star Rating printed may be chosen."""
    text = ("When you play this card, you may return a 4 STAR or lower single in another tableau to its owner's binder "
            "and play this card in its place.")
    effects = _checked(compiles(text))
    assert effects[0]["timing"] == "play" and effects[0]["optional"] is True
    assert effects[0]["ops"] == [{"op": "replace_with_this", "filter": {"star": {"cmp": "<=", "value": 4}}}]
    assert check_card("single", {"star": 3}, [{"timing": "play", "ops": [{"op": "replace_with_this",
                                                                          "filter": {"star": 4}}]}])
    st = table(kit([card("Squatter", text), *lamps(2)]), kit([card("Tall Tower", star=7), card("Hut", star=2),
                                                                  *lamps(2)]))
    place(st, 1, "Hut", "Tall Tower")
    do(st, 'play "Squatter"', "accept")  # the Tower is too high: the Hut, the only one
    assert names(st, st.tableau[1]) == ["Squatter", "Tall Tower"] and names(st, st.binder[1]) == ["Hut"]


def test_a_deck_box_swaps_places_with_a_card_of_your_tableau():
    """"Deck Box Area": "A card cannot affect or target your Deck Box unless it specifically says it
    can" (this one says so of itself); the Deck Box takes the card's slot and the card the Deck Box
    area; the Action's card is then flipped where it is ("Use an Action"); the card in the Deck Box
    area still scores ("Activate all of the Score effects ... then your Deck Boxes")."""
    text = "DECK BOX | Action: Swap this deck box with a card in your tableau."
    effects = _checked(compiles(text), "deck_box")
    assert effects[0]["ops"] == [{"op": "swap_places"}]
    st = table(kit([card("Guest", "Score: Gain 4 RP."), card("Host"), *lamps(2)],
                   box=[card("Revolving Door", text, kind="deck_box")]), kit(lamps(3)))
    place(st, 0, "Guest", "Host")
    (door,) = st.deck_box[0]
    do(st, 'use "Revolving Door"', "target 0 0")
    guest = ids(st, 0, "Guest")[0]
    assert st.tableau[0][0] == door and st.deck_box[0] == [guest] and door in st.down
    st.start_scoring()
    assert st.rp[0] == 4
    single = "Action: Swap this card with another single in your tableau."
    st = table(kit([card("Juggler", single), card("Ball"), card("Pin"), *lamps(2)]), kit(lamps(3)))
    place(st, 0, "Juggler", "Ball", "Pin")
    do(st, 'use "Juggler"', "target 0 2")
    assert names(st, st.tableau[0]) == ["Pin", "Ball", "Juggler"]


def test_a_sell_marker_placed_on_a_card_of_any_tableau():
    """A Sell Marker put on a face-up card of the player's choice ("effects cannot target face-down
    cards"), one of the effect's player's markers; nothing more happens to that card."""
    text = "Play: Put a Sell Marker on a card in any player's tableau."
    effects = _checked(compiles(text))
    assert effects[0]["ops"] == [{"op": "put_sell_marker", "on": "choice", "player": "any"}]
    assert check_card("single", {"star": 3}, [{"timing": "play", "ops": [{"op": "put_sell_marker", "on": "choice"}]}])
    st = table(kit([card("Price Tagger", text), *lamps(2)]), kit([card("Antique"), card("Veiled"), *lamps(2)]))
    place(st, 1, "Antique", "Veiled", down=("Veiled",))
    do(st, 'play "Price Tagger"', "target 1 0")
    antique = ids(st, 1, "Antique")[0]
    assert st.sell_marked == {antique: 1} and st.markers_left == [2, 3]


def test_an_action_lets_the_next_single_go_between_two_cards_of_your_tableau():
    """"Play a Single (Required)": "Place the Single face-up in the next open left-most slot"; the
    Action lets the next Single its player plays (whenever: "Next effects trigger on the next card you
    play") go to a slot between two cards instead, the others shifting right (Scurry's words), or stay;
    only that Single."""
    text = "ACCESSORY | Action: You may play your next single between any two cards in your tableau."
    effects = _checked(compiles(text), "accessory")
    assert effects[0]["ops"] == [{"op": "next_between"}] and effects[0]["optional"] is True
    st = table(kit([card("Brick A"), card("Brick B"), card("Mortar"), card("Capstone")],
                   accessories=[card("Wedge", text, kind="accessory")]), kit(lamps(3)))
    place(st, 0, "Brick A", "Brick B")
    do(st, 'use "Wedge"', 'play "Mortar"')
    assert st.pending["options"] == [Action("insert", (1,)), Action("insert", (2,))]  # between, or the right end
    do(st, "insert 1")
    assert names(st, st.tableau[0]) == ["Brick A", "Mortar", "Brick B"]
    do(st, 'play "Lamp 0"', 'play "Capstone"')  # the next one after: the right end, no choice
    assert names(st, st.tableau[0]) == ["Brick A", "Mortar", "Brick B", "Capstone"] and st.pending is None


def test_a_top_card_lets_its_player_play_singles_to_the_left_most_slot():
    """"Top Card": a Top effect works while the card is the right-most face-up card, so a Single played
    to the left-most slot (the others shifting right) keeps it the Top Card; each time, the RP printed;
    a Single left at the right end becomes the Top Card, and the next play has no such choice. "This
    is your right-most card": no card right of it, face-down ones too."""
    text = ("Top: You may play singles to the left-most side of your tableau. Each time you do, gain 3 RP. | Score: "
            "Gain 11 RP if this is your right-most card.")
    effects = _checked(compiles(text))
    assert effects[0]["ops"] == [{"op": "play_leftmost", "then": [{"op": "gain_rp", "amount": 3}]}]
    assert effects[1]["ops"][0]["condition"]["of"]["filter"] == {"where": "right_of"}
    st = table(kit([card("Cave Dweller", text), card("Pebble"), card("Stone"), card("Rock")]), kit(lamps(4)))
    place(st, 0, "Cave Dweller")
    do(st, 'play "Pebble"', "insert 0")
    assert names(st, st.tableau[0]) == ["Pebble", "Cave Dweller"] and st.rp[0] == 3
    do(st, 'play "Lamp 0"', 'play "Stone"', "insert 2")  # left at the right end: no RP
    assert names(st, st.tableau[0]) == ["Pebble", "Cave Dweller", "Stone"] and st.rp[0] == 3
    do(st, 'play "Lamp 1"', 'play "Rock"')  # the Stone is the Top Card now: no choice
    assert names(st, st.tableau[0])[-1] == "Rock" and st.pending is None
    st.start_scoring()
    assert st.rp[0] == 3
    st = table(kit([card("Cave Dweller", text), card("Pebble")]), kit(lamps(4)))
    place(st, 0, "Cave Dweller", "Pebble", down=("Pebble",))
    st.start_scoring()  # a face-down card right of it: not its right-most card
    assert st.rp[0] == 0
    st = table(kit([card("Cave Dweller", text)]), kit(lamps(4)))
    place(st, 0, "Cave Dweller")
    st.start_scoring()
    assert st.rp[0] == 11


def test_an_accessory_swapped_with_an_opponents_accessory():
    """"Accessories": "A card cannot affect or target your Accessories unless it specifically says it
    can" (this one says so); a face-up one of an opponent's ("effects cannot target face-down cards")
    and this one change Accessory areas, each then its new holder's; this one is flipped where it now
    is ("Use an Action"); owners do not change."""
    text = "ACCESSORY | Action: Swap this accessory with an accessory in an opponent's play area."
    effects = _checked(compiles(text), "accessory")
    assert effects[0]["ops"] == [{"op": "swap_accessory"}]
    assert compiles("Play: Put a Sell Marker on this card.")[0]["ops"] == [{"op": "put_sell_marker", "on": "this"}]
    st = table(kit(lamps(2), accessories=[card("Rubber Duck", text, kind="accessory")]),
               kit(lamps(2), accessories=[card("Gold Ring", kind="accessory"), card("Old Boot", kind="accessory")]))
    duck = st.accessories[0][0]
    ring, boot = st.accessories[1]
    st.down.add(boot)  # face-down: no target
    do(st, 'use "Rubber Duck"')
    assert st.accessories[0] == [ring] and st.accessories[1] == [duck, boot] and duck in st.down
    assert st.owner[duck] == 0 and st.owner[ring] == 1
