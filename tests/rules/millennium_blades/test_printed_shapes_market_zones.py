"""More shapes of printed text, batch market_zones (issue 26.2; rules/millennium_blades/
phrases_market_zones.py and ops_market_zones.py): the Store, the Store Discard and the Aftermarket as
zones effects look at and take from in a tournament. Original cards in each shape, compiled, checked
by the card checker and played in the tournament engine (millennium-blades.txt sections cited per
test; docs/rules-notes.md, "MB: market zones")."""

from __future__ import annotations

from rules.core.engine import Action
from rules.millennium_blades.effects import check_card
from rules.millennium_blades.engine import new_game
from tests.rules.millennium_blades.helpers import card, compiles, do, ids, kit, lamps, names, place, table

SEEKER = ("Play: Look at the top 2 cards of the Store deck and choose one. Discard this card and the cards not "
          "chosen, play the chosen card, then put a Sell Marker on it.")


def _to_store_discard(st, seat: int, *card_names: str) -> list[int]:
    """Hand cards moved to the Store Discard (the last on top), the Store's as any card there."""
    moved = ids(st, seat, *card_names)
    for c in moved:
        st.hand[seat].remove(c)
        st.store_discard.append(c)
        st.owner[c] = -1
    return moved


def test_look_at_the_top_store_cards_choose_one_and_play_it_with_a_sell_marker():
    """"Play a Single (Required)": a card an effect plays takes the next open slot and its Play effects
    resolve; "Discards": a Store card discarded goes to the Store Discard. The player sees the top 2
    Store cards and chooses (a decision); this card leaves play first, the other card looked at goes
    to the Store Discard, the chosen one is played and is the player's, and one of their Sell Markers
    goes on it (rules notes, "MB: market zones")."""
    effects = compiles(SEEKER)
    assert effects[0]["ops"] == [{"op": "look_choose", "from": "store", "amount": 2}, {"op": "discard_self"},
                                 {"op": "unchosen_to_discard"}, {"op": "play_chosen"}, {"op": "sell_marker"}]
    assert check_card("single", {"star": 2}, effects) == []
    assert check_card("single", {"star": 2}, [{"timing": "play", "ops": [{"op": "look_choose", "from": "binder"}]}])
    st = table(kit([card("Curio Seeker", SEEKER), *lamps(2)]), kit(lamps(3)), store=(1, 6, 2, 2))
    markers = st.markers_left[0]
    do(st, 'play "Curio Seeker"')
    assert st.pending["kind"] == "play"
    assert sorted(a.args[0] for a in st.pending["options"]) == ["Store card 0", "Store card 1"]
    do(st, 'value "Store card 1"')
    (chosen,) = st.tableau[0]
    assert names(st, st.tableau[0]) == ["Store card 1"] and st.owner[chosen] == 0
    assert names(st, st.binder[0]) == ["Curio Seeker"]
    assert names(st, st.store_discard) == ["Store card 0"]
    assert names(st, st.store[-1:]) == ["Store card 2"]
    assert st.sell_marked == {chosen: 1} and st.markers_left[0] == markers - 1


def test_look_at_the_store_discard_and_play_the_chosen_card_its_play_effect_resolving():
    """"Discards": cards discarded "to the Store Discard" may reappear; the top 2 there are looked at,
    the chosen one is played (its Play effect resolves: "Play a Single"), the other stays where it is;
    with no Sell Marker left the marker is simply not put (rules notes, "MB: market zones")."""
    text = ("Play: Look at the top 2 cards of the Store Discard and choose one. Discard this card, then play the "
            "chosen card and put a Sell Marker on it.")
    effects = compiles(text)
    assert effects[0]["ops"][0] == {"op": "look_choose", "from": "store_discard", "amount": 2}
    echo = card("Echo Bell", "Play: Gain 4 RP.", star=2)
    st = table(kit([card("Rummage Raccoon", text), echo, card("Dull Pebble", star=1), card("Old Rag", star=1),
                    *lamps(1)]), kit(lamps(3)))
    _to_store_discard(st, 0, "Old Rag", "Echo Bell", "Dull Pebble")  # Dull Pebble on top
    st.markers_left[0] = 0
    do(st, 'play "Rummage Raccoon"', 'value "Echo Bell"')
    assert names(st, st.tableau[0]) == ["Echo Bell"] and st.rp[0] == 4
    assert names(st, st.store_discard) == ["Old Rag", "Dull Pebble"]
    assert st.sell_marked == {}


def test_play_a_card_from_the_aftermarket_and_mark_it_the_marker_is_no_shield():
    """"Aftermarket": its cards are face-up and anyone's to take; "play a card from the Aftermarket"
    is batch j's pick and play (one of the player's choice, played at once). The Sell Marker put on it
    does nothing more in the tournament: it does not stop an opponent's flip (only a card printed to
    lose a marker instead does: rules notes, "Sell Markers in a tournament", "MB: market zones")."""
    text = "Play: Play one card from the Aftermarket, then put a Sell Marker on it. Discard this card."
    effects = compiles(text)
    assert [op["op"] for op in effects[0]["ops"]] == ["pick_play", "sell_marker", "discard_self"]
    st = table(kit([card("Flea Market Fox", text), card("Crate A", star=5), card("Crate B", star=2), *lamps(1)]),
               kit([card("Flipper", "Play: Flip a card in an opponent's tableau."), *lamps(2)]))
    for c in ids(st, 0, "Crate A", "Crate B"):
        st.hand[0].remove(c)
        st.aftermarket.append(c)
        st.owner[c] = -1
    do(st, 'play "Flea Market Fox"', 'take "Crate A"')
    (crate,) = ids(st, 0, "Crate A")
    assert names(st, st.tableau[0]) == ["Crate A"] and names(st, st.binder[0]) == ["Flea Market Fox"]
    assert st.sell_marked == {crate: 1} and names(st, st.aftermarket) == ["Crate B"]
    do(st, 'play "Flipper"')
    if st.pending:
        do(st, str(next(a for a in st.legal_actions(1) if a.verb == "target")))
    assert crate in st.down and st.sell_marked == {crate: 1}


def test_random_store_discard_cards_put_on_top_of_the_store_in_the_players_order():
    """"FAQs" (the Store refilled from its discard) and "Discards": 2 cards drawn blind from the Store
    Discard go on top of the Store one by one in the order the player chooses, the last one the new
    top; "these cards" are the cards put there (rules notes, "MB: market zones")."""
    text = ("Play: Put 2 random cards from the Store Discard on top of the Store in any order. Gain RP equal to the "
            "combined STAR rating of these cards.")
    effects = compiles(text)
    assert effects[0]["ops"] == [{"op": "store_discard_to_top", "amount": 2},
                                 {"op": "gain_rp", "amount": 1, "per": {"count": "those_stars"}}]
    assert check_card("single", {"star": 3}, effects) == []
    st = table(kit([card("Scrap Heap Gull", text), card("Bolt", star=4), card("Nut", star=2), *lamps(1)]),
               kit(lamps(3)))
    _to_store_discard(st, 0, "Bolt", "Nut")
    top = st.store[-1]
    do(st, 'play "Scrap Heap Gull"')
    assert st.pending["kind"] == "either"
    assert sorted(a.args[0] for a in st.pending["options"]) == ["Bolt", "Nut"]
    do(st, 'value "Nut"')
    assert names(st, st.store[-3:]) == [st.cards[top].name, "Nut", "Bolt"]  # Bolt, put last, is the top
    assert st.store_discard == [] and st.rp[0] == 6
    assert Action("value", ("Nut",)) not in st.legal_actions(st.current_players()[0])


def test_revealed_store_cards_that_fit_to_the_hand_the_rest_discarded():
    """"Clashing": revealed Store cards go to the Aftermarket (batch j's reveal); "gain all BEAST cards to
    your hand" takes those of them that fit, and the printed "(discard the rest)" sends the others to the
    Store Discard (a Store card has no owner: "Discards"; rules notes, "MB: market zones")."""
    text = ("Play: Reveal the top 3 cards of the Store. Gain 2 RP for each SOLDIER revealed this way. Then, gain "
            "all SOLDIER cards to your hand (discard the rest).")
    effects = compiles(text)
    assert effects[0]["ops"][-2:] == [{"op": "those_fitting_to_hand", "filter": {"type": "soldier"}},
                                      {"op": "those_to_store_discard"}]
    assert check_card("single", {"star": 3}, effects) == []
    assert check_card("single", {"star": 3}, [{"timing": "play", "ops": [{"op": "those_fitting_to_hand",
                                                                          "filter": {"type": "wizardly"}}]}])
    store = [card("Rivet", star=1), card("Mole", star=2, types=("beast",)), card("Gear", star=3), card("Spare", star=4)]
    st = new_game([kit([card("Scrap Collector", text), *lamps(2)]), kit(lamps(3))], 0, store=store)
    st.store.sort(key=lambda c: -[s.name for s in store].index(st.cards[c].name))  # Rivet on top
    do(st, 'play "Scrap Collector"')
    assert sorted(names(st, st.hand[0])) == ["Gear", "Lamp 0", "Lamp 1", "Rivet"] and st.rp[0] == 4
    assert st.aftermarket == [] and names(st, st.store_discard) == ["Mole"]
    assert names(st, st.store[-1:]) == ["Spare"] and st.owner[ids(st, 0, "Rivet")[0]] == 0


def test_a_tableau_card_discarded_to_the_store_discard_then_its_bottom_card_played():
    """"Discard a Card": to the binder "unless another location is specified"; a card discarded "to the
    Store Discard" goes there (the Store's card from then on: "Discards"), and "play the bottom card of
    the Store Discard" plays the first card that was discarded there (a card played by an effect:
    "Play a Single"; rules notes, "MB: market zones")."""
    text = ("Action: Discard a face-up card from your tableau to the Store Discard, then play the bottom card of the "
            "Store Discard.")
    effects = compiles(text)
    assert effects[0]["ops"] == [{"op": "discard_in_play", "to": "store_discard",
                                  "target": {"player": "self", "pick": "choice", "filter": {"face": "up"}}},
                                 {"op": "play_store_discard", "end": "bottom"}]
    assert check_card("accessory", {"star": 0}, effects) == []
    assert check_card("accessory", {"star": 0}, [{"timing": "action", "ops": [{"op": "play_store_discard",
                                                                              "end": "middle"}]}])
    old = card("Old Anvil", "Play: Gain 3 RP.", star=2)
    st = table(kit([card("Tin Soldier", star=1), old, *lamps(2)], accessories=[card("Grave Pick", text,
                                                                                     kind="accessory")]),
               kit(lamps(3)))
    _to_store_discard(st, 0, "Old Anvil")
    place(st, 0, "Tin Soldier")
    do(st, 'play "Lamp 0"')
    do(st, *[str(a) for a in st.legal_actions(1) if a.verb == "play"][:1])
    action = next(a for a in st.legal_actions(0) if a.verb in ("use", "action") and "Grave Pick" in str(a))
    do(st, str(action))
    if st.pending:
        do(st, str(next(a for a in st.legal_actions(0) if "0" in str(a.args[:1]) and a.verb == "target")))
    assert names(st, st.tableau[0]) == ["Lamp 0", "Old Anvil"] and st.rp[0] == 3
    assert names(st, st.store_discard) == ["Tin Soldier"] and st.owner[ids(st, 0, "Old Anvil")[0]] == 0


def test_reveal_the_top_store_card_and_put_it_back_it_stays_on_top():
    """"Reveal": every player sees the card; "then put it back" leaves it on top of the Store (it does
    not go to the Aftermarket as a clash's revealed cards do); the Core deck and the Store are one deck
    (rules notes, "The Core deck"; "MB: market zones")."""
    text = "Ongoing: At the start of your turn, reveal the top card of the Core deck and the Store, then put them back."
    effects = compiles(text)
    assert effects[0]["ops"] == [{"op": "reveal_in_place"}]
    st = table(kit([card("Window Gazer", text), *lamps(3)]), kit(lamps(3)), store=(5, 1, 1))
    place(st, 0, "Window Gazer")
    top = st.store[-1]
    do(st, 'play "Lamp 0"', 'play "Lamp 0"')
    assert st.store[-1] == top and st.aftermarket == []
    assert any(e.action == "reveal" and dict(e.changes).get("card") == "Store card 0" for e in st.events)


def test_the_aftermarket_filled_then_each_other_player_plays_one_of_its_cards_in_turn():
    """"Aftermarket Space" (12 at most in a tournament): "add cards to the Aftermarket until it holds 4
    cards" deals the Store's top cards into it until it holds 4; then, from the player on your left
    ("Tournament Turns": clockwise), each other player picks one of them and plays it at once (batch
    j's pick and play; a card an effect plays: "Play a Single"), you not among them."""
    text = ("Play: Gain 5 RP, then add cards to the Aftermarket until it holds 4 cards. Starting with the player on "
            "your left and going clockwise, each other player must take and play a card from the Aftermarket.")
    effects = compiles(text)
    assert effects[0]["ops"][1:] == [{"op": "fill_aftermarket", "size": 4},
                                     {"op": "clockwise", "skip_self": True,
                                      "ops": [{"op": "pick_play", "from": "aftermarket", "amount": 1}]}]
    assert check_card("single", {"star": 3}, effects) == []
    assert check_card("single", {"star": 3}, [{"timing": "play", "ops": [{"op": "fill_aftermarket", "size": "8"}]}])
    st = table(kit([card("Stall Keeper", text), card("Pebble", star=1), *lamps(2)]), kit(lamps(3)), kit(lamps(3)),
               store=(1, 2, 3, 4, 5))
    (pebble,) = ids(st, 0, "Pebble")
    st.hand[0].remove(pebble)
    st.aftermarket.append(pebble)  # one card there already: 3 more are dealt
    do(st, 'play "Stall Keeper"')
    assert st.rp[0] == 5 and len(st.aftermarket) == 4
    assert st.pending["seat"] == 1  # the player on the left picks first
    do(st, 'take "Store card 2"')
    assert st.pending["seat"] == 2
    do(st, 'take "Pebble"')
    assert names(st, st.tableau[1]) == ["Store card 2"] and names(st, st.tableau[2]) == ["Pebble"]
    assert names(st, st.tableau[0]) == ["Stall Keeper"] and sorted(names(st, st.aftermarket)) == ["Store card 0",
                                                                                                 "Store card 1"]
    assert st.owner[pebble] == 2


def test_a_next_effect_lets_the_next_card_played_be_the_top_of_the_store_discard():
    """"Effects on Cards": a Next effect "triggers on the next card you play". "Your next card may be the
    top card of the Store Discard" offers that card (a Single, face-up there: "Discards") as the next
    play, the turn's Single taken from the pile, the player's from then on and played as from the hand
    ("Play a Single (Required)"); the play spends the Next effect (rules notes, "MB: market zones")."""
    text = "Play: You may play another card this turn. | Next: Your next card may be the top card of the Store Discard."
    effects = compiles(text)
    assert effects[1] == {"timing": "next", "ops": [{"op": "next_from_store_discard"}],
                          "text": "Next: Your next card may be the top card of the Store Discard."}
    assert check_card("single", {"star": 2}, effects) == []
    echo, rag = card("Echo Bell", "Play: Gain 4 RP.", star=2), card("Old Rag", star=1)
    st = table(kit([card("Bone Jester", text), echo, rag, *lamps(2)]), kit(lamps(3)))
    _to_store_discard(st, 0, "Old Rag", "Echo Bell")  # Echo Bell on top
    play_top = Action("play", ("Echo Bell", "store_discard"))
    assert play_top not in st.legal_actions(0)  # no Next effect waits yet
    do(st, 'play "Bone Jester"', "accept")
    assert play_top in st.legal_actions(0)
    assert Action("play", ("Old Rag", "store_discard")) not in st.legal_actions(0)  # the top card only
    do(st, 'play "Echo Bell" store_discard')
    (bell,) = ids(st, 0, "Echo Bell")
    assert names(st, st.tableau[0]) == ["Bone Jester", "Echo Bell"] and st.rp[0] == 4 and st.owner[bell] == 0
    assert names(st, st.store_discard) == ["Old Rag"] and st.next_effects[0] == []
