"""The main actions of a Turn-Based turn (millennium-blades.txt, "Turn-Based Mode": "On a player's
turn, he must perform exactly one of these actions", 1-5, and "Action:" effects)."""

from __future__ import annotations

from rules.core.engine import Action
from rules.millennium_blades.turn_based.actions import main_actions
from tests.rules.millennium_blades.turn_based.helpers import act, game, give, hand_names, set_hand

SIX = ["Meadow Sprite", "Lantern Moth", "Scrap Golem", "Riverbank Angler", "Hollow Wraith", "Gloomcap Goblin"]


def verbs(state, seat: int) -> set[str]:
    return {a.verb for a in main_actions(state, seat)}


def test_turn_based_exactly_one_main_action_then_the_turn_passes():
    """"he must perform exactly one of these actions": after one, no other main action is offered
    and, with no "Action:" effect to use, the turn passes clockwise."""
    state = game(3)
    set_hand(state, 0, SIX)
    act(state, "buy_store")
    assert state.turn_seat == 1 and state.current_players() == [1]
    assert not state.main_done


def test_turn_based_action_1_buy_from_the_store_top_card_for_its_cost():
    """"Buy a card from the store": decision, the top card of the Store deck, for its buy cost ("the
    number in its top right"; its set shows: ``store_top_set``)."""
    state = game(3)
    set_hand(state, 0, SIX)
    top = state.table.store[-1]
    assert state.view(0)["store_top_set"] == state.cards[top].set_code
    act(state, "buy_store")
    assert top in state.table.hand[0]
    assert state.money[0] == 30 - state.cards[top].cost
    assert state.money_flow[0]["buy_store"] == -state.cards[top].cost


def test_turn_based_action_1_buy_needs_fewer_than_seven_cards():
    """"(he must have fewer than 7 cards to do this)"; "a maximum hand size of 7 cards"."""
    state = game(3)
    state.table.aftermarket.append(state.table.store.pop())
    assert len(state.table.hand[0]) == 7
    assert not verbs(state, 0) & {"buy_store", "buy_aftermarket"}
    set_hand(state, 0, SIX)
    assert {"buy_store", "buy_aftermarket"} <= verbs(state, 0)


def test_turn_based_action_1_buy_from_the_aftermarket_returns_the_marker():
    """"Buy ... from the Aftermarket": "pay Millennium Dollars equal to that card's Star Rating ...
    Return the Sell Marker on the card to its owner"; "you cannot buy it back"."""
    state = game(3)
    give(state, 0, "Sunforged Paladin")
    act(state, 'sell "Sunforged Paladin"')
    assert state.money[0] == 35 and state.table.markers[0] == 3
    assert Action("buy_aftermarket", ("Sunforged Paladin",)) not in main_actions(state, 0)
    set_hand(state, 1, SIX)
    act(state, 'buy_aftermarket "Sunforged Paladin"')
    assert "Sunforged Paladin" in hand_names(state, 1)
    assert state.money[1] == 25 and state.table.markers[0] == 4
    assert not state.table.aftermarket


def test_turn_based_action_2_sell_needs_a_sell_marker():
    """"Sell a card to the Aftermarket (if he has sell markers remaining)": its Star Rating in dollars."""
    state = game(3)
    assert "sell" in verbs(state, 0)
    state.table.markers[0] = 0
    assert not verbs(state, 0) & {"sell", "fuse"}


def test_turn_based_action_3_fuse_bronze_once_per_deck_and_no_gold():
    """"Fuse cards from his hand into a promo using normal card fusion rules" (5 for Bronze, 7 for
    Silver, a Sell Marker on the pile, one fusion of each type per round); "Gold Promos are not
    available to fuse in this mode"."""
    state = game(3)
    set_hand(state, 0, ["Sunforged Paladin", *SIX])
    fuses = {a.args[0] for a in main_actions(state, 0) if a.verb == "fuse"}
    assert fuses == {"bronze1", "bronze2", "silver"}
    act(state, "fuse bronze1")
    hand = hand_names(state, 0)
    assert len(hand) == 3 and "Sunforged Paladin" in hand  # the 5 of lowest sell value went
    assert any(state.cards[c].set_code == "MB-BP1" for c in state.table.hand[0])
    assert len(state.box) == 5 and len(state.fusion["bronze1"]) == 5
    assert state.table.markers[0] == 3
    set_hand(state, 0, ["Sunforged Paladin", *SIX])
    assert {a.args[0] for a in main_actions(state, 0) if a.verb == "fuse"} == {"silver"}


def test_turn_based_action_4_add_declares_the_collection_symbol():
    """"Add a card from his hand to a collection. The collection's type/element is declared at the
    moment you add the first card to it. You may have two collections at a time -- one based on
    element, and another based on type." Star ratings stay distinct ("Make your Collection")."""
    state = game(2)
    set_hand(state, 0, ["Magma Fist Novice", "Geyser Brawler", "Emberwing Drake", "Brick Block Buster",
                        "Wrench Apprentice", "Wandering Squire"])
    act(state, 'collect "Magma Fist Novice" fire')
    assert state.collection_symbol[0] == {"element": "fire", "type": None}
    options = {a.args for a in main_actions(state, 0) if a.verb == "collect"}
    assert ("Geyser Brawler", "fire") in options and ("Emberwing Drake", "fire") in options
    assert ("Brick Block Buster", "soldier") in options  # the type collection is still open
    assert ("Brick Block Buster", "earth") not in options  # the element collection is fire
    assert ("Wrench Apprentice", "water") not in options
    assert ("Wandering Squire", "soldier") in options
    act(state, "score", 1)
    act(state, 'collect "Brick Block Buster" soldier')
    assert state.collection_symbol[0] == {"element": "fire", "type": "soldier"}
    options = {a.args for a in main_actions(state, 0) if a.verb == "collect"}
    assert ("Geyser Brawler", "soldier") in options
    assert ("Wrench Apprentice", "construct") not in options
    assert ("Wandering Squire", "fire") not in options


def test_turn_based_action_5_play_a_single_with_its_play_effect():
    """"Play a card from his hand into his tableau ... following all rules as in a tournament": the
    left-most open slot, its Play effect resolved (Wandering Squire: gain 3 RP)."""
    state = game(3)
    give(state, 0, "Wandering Squire")
    act(state, 'play "Wandering Squire"')
    assert [state.cards[c].name for c in state.table.tableau[0]] == ["Wandering Squire"]
    assert state.table.rp[0] == 3
    assert state.table.stats[0]["played"] == {"Wandering Squire": 1}


def test_turn_based_action_5_deck_box_accessories_and_one_copy():
    """"or as a deck box or accessory": one deck box, two accessories ("Build your Deck"), one copy
    of a card in play ("You may only have one copy of any card in your deck!")."""
    state = game(3)
    set_hand(state, 0, ["Champion's Trunk", "Plain Cardboard Box", "Lucky Dice", "Tournament Snack",
                        "Trading Card Wallet", "Wandering Squire"])
    give(state, 0, "Wandering Squire", "tableau")
    plays = {(a.verb, a.args[0]) for a in main_actions(state, 0) if a.verb in ("play", "deck_box", "accessory")}
    assert ("deck_box", "Champion's Trunk") in plays and ("accessory", "Lucky Dice") in plays
    assert ("play", "Wandering Squire") not in plays  # a copy is already in play
    give(state, 0, "Plain Cardboard Box", "deck_box")
    give(state, 0, "Lucky Dice", "accessories")
    give(state, 0, "Tournament Snack", "accessories")
    assert not verbs(state, 0) & {"deck_box", "accessory"}


def test_turn_based_action_effects_before_or_after_the_main_action():
    """"players can use "Action:" effects before or after doing their main action for the turn":
    one a turn, the card then flipped ("Use an Action")."""
    state = game(3)
    give(state, 0, "Tournament Snack", "accessories")
    set_hand(state, 0, SIX)
    assert Action("use", ("Tournament Snack",)) in state.legal_actions(0)
    act(state, 'use "Tournament Snack"')
    assert state.table.rp[0] == 5 and state.turn_seat == 0
    assert "use" not in {a.verb for a in state.legal_actions(0)}
    act(state, "buy_store")
    assert state.turn_seat == 1
    # after the main action: the Action is still offered, with ``end``
    give(state, 1, "Lucky Dice", "accessories")
    set_hand(state, 1, SIX)
    act(state, "buy_store")
    assert state.turn_seat == 1 and {a.verb for a in state.legal_actions(1)} == {"use", "end"}
    act(state, "end")
    assert state.turn_seat == 2


def test_turn_based_action_5_an_additional_single_this_turn():
    """"Play: You may play an additional single this turn" (Pocket Champion), as in a tournament."""
    state = game(3)
    set_hand(state, 0, ["Pocket Champion", "Wandering Squire"])
    act(state, 'play "Pocket Champion"')
    assert state.turn_seat == 0 and state.view(0)["decision"]["kind"] == "optional"
    act(state, "accept")
    assert set(map(str, state.legal_actions(0))) == {'play "Wandering Squire"', "end"}
    act(state, 'play "Wandering Squire"')
    assert state.turn_seat == 1 and len(state.table.tableau[0]) == 2


def test_turn_based_aftermarket_space_a_clash_over_twelve_cards_discards_it_markers_back():
    """"Aftermarket Space": "If a card or cards would be placed in the Aftermarket and cause it to go
    over this limit, discard all cards in the Aftermarket to the store discard" (a clash's cards);
    decision: the Sell Markers on the discarded cards go back to their owners. Selling is never
    refused ("The Aftermarket has no card limit" in Deckbuilding)."""
    state = game(2)
    give(state, 0, "Aurora Sovereign", "tableau")
    give(state, 1, "Wandering Squire", "tableau")
    give(state, 0, "Lucky Dice", "accessories")
    table = state.table
    table.aftermarket.extend(table.store.pop() for _ in range(11))
    sold = table.aftermarket[0]
    table.marker_on[sold], state.sold_by[sold] = 1, 1
    table.markers[1] -= 1
    before = list(table.aftermarket)
    act(state, 'use "Lucky Dice"')
    assert len(table.aftermarket) == 2 and not set(before) & set(table.aftermarket)
    assert set(before) <= set(table.store_discard)
    assert table.markers[1] == 3 and sold not in table.marker_on
    assert state.table.clashes_won[0] == 1 and state.table.rp[0] == 8
