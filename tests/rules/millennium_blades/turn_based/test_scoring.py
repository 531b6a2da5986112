"""The Score action's 7 steps and the end of the game (millennium-blades.txt, "Turn-Based Mode",
"Scoring is the only new action available to players in this mode")."""

from __future__ import annotations

from rules.millennium_blades.turn_based.actions import main_actions
from tests.rules.millennium_blades.turn_based.helpers import STACKS, act, game, give, hand_names, set_hand

ONE_META_EACH = {"elemental": STACKS["elemental"][:1], "type": STACKS["type"][:1]}  # Heatwave (fire), Drill Season (soldier)
SIX = ["Meadow Sprite", "Lantern Moth", "Scrap Golem", "Riverbank Angler", "Hollow Wraith", "Gloomcap Goblin"]


def gains(state, seat: int, since: int) -> list[int]:
    return [dict(e.changes)["amount"] for e in state.events[since:] if e.action == "gain_rp" and e.player == seat]


def score(state, seat: int, keep: bool = True) -> None:
    """Seat ``seat`` scores now, answering the accessory and meta questions."""
    state.turn_seat = state.table.seat_turn = seat
    act(state, "score", seat)
    while state.decision:
        kind = state.decision["kind"]
        option = state.decision["options"][0 if keep or kind == "meta" else 1]
        act(state, str(option), seat)


def test_turn_based_scoring_step_1_score_effects_of_tableau_meta_accessories_deck_box():
    """"Activate all Score effects on cards in your tableau, in the meta, and on your Accessories and
    Deck Box": face-up cards only, in that order (Aurora Sovereign 15; the face-down Corner Store
    Champion nothing; Heatwave 0 and Drill Season 2 for the one Soldier; Lunch Money Pouch 8 with
    no card in hand; Plain Cardboard Box 2 a face-up single)."""
    state = game(2, metagames=ONE_META_EACH)
    set_hand(state, 0, [])
    give(state, 0, "Aurora Sovereign", "tableau")
    state.table.down.add(give(state, 0, "Corner Store Champion", "tableau"))
    give(state, 0, "Wandering Squire", "tableau")
    give(state, 0, "Lunch Money Pouch", "accessories")
    give(state, 0, "Plain Cardboard Box", "deck_box")
    since = len(state.events)
    act(state, "score")
    act(state, 'keep "Lunch Money Pouch"')
    assert gains(state, 0, since) == [15, 0, 2, 8, 4]
    assert gains(state, 1, since) == []  # only the scoring player activates the meta
    assert state.scores[0] == [29]


def test_turn_based_scoring_step_2_ten_rp_per_collection_card():
    """"Gain 10 RP for each card in your collections" (both collections; no minimum size)."""
    state = game(2)
    set_hand(state, 0, ["Magma Fist Novice", "Emberwing Drake", "Brick Block Buster"])
    state.collections[0]["element"] = [state.table.hand[0].pop(0), state.table.hand[0].pop(0)]
    state.collections[0]["type"] = [state.table.hand[0].pop(0)]
    state.table.rp[0] = 7
    score(state, 0)
    assert state.scores[0] == [37]


def test_turn_based_scoring_step_3_record_then_reset_rp_to_zero():
    """"Record your final RP on a score sheet or other device, then reduce your RP back to zero.\""""
    state = game(2)
    state.table.rp[0] = 12
    score(state, 0)
    assert state.scores[0] == [12] and state.table.rp[0] == 0
    assert state.view(1)["players"][0]["scores"] == [12]


def test_turn_based_scoring_step_4_discard_to_the_store_discard_keep_accessories_by_choice():
    """"Discard your tableau, deck box, hand and collection to the store discard. You may choose to
    discard or keep your accessories" (a kept one is face-up again for the next deck)."""
    state = game(2)
    tableau = give(state, 0, "Sunforged Paladin", "tableau")
    box = give(state, 0, "Champion's Trunk", "deck_box")
    kept = give(state, 0, "Lucky Dice", "accessories")
    dropped = give(state, 0, "Tournament Snack", "accessories")
    state.table.down.add(kept)
    hand = list(state.table.hand[0])
    state.collections[0]["element"] = [hand.pop()]
    state.table.hand[0] = hand
    collected = state.collections[0]["element"][0]
    act(state, "score")
    assert state.decision["kind"] == "accessory"
    assert {str(a) for a in state.legal_actions(0)} == {'keep "Lucky Dice"', 'discard "Lucky Dice"'}
    act(state, 'keep "Lucky Dice"')
    act(state, 'discard "Tournament Snack"')
    discard = set(state.table.store_discard)
    assert {tableau, box, dropped, collected, *hand} <= discard
    assert state.table.accessories[0] == [kept] and kept not in state.table.down
    assert state.collections[0] == {"element": [], "type": []}
    assert state.collection_symbol[0] == {"element": None, "type": None}


def test_turn_based_scoring_step_5_a_meta_to_the_bottom_replaced_from_the_same_pile():
    """"Choose and place one of the Metas onto the bottom of the deck. Replace it with a new one
    immediately from the same pile.\""""
    state = game(2, metagames=STACKS)
    old = {state.meta_kind[c]: c for c in state.table.metagame}
    waiting = state.meta["elemental"][-1]
    act(state, "score")
    assert state.decision["kind"] == "meta"
    assert {str(a) for a in state.legal_actions(0)} == {"meta elemental", "meta type"}
    act(state, "meta elemental")
    now = {state.meta_kind[c]: c for c in state.table.metagame}
    assert now == {"elemental": waiting, "type": old["type"]}
    assert state.meta["elemental"] == [old["elemental"]]


def test_turn_based_scoring_step_6_new_hand_of_six_thirty_dollars_sell_markers_back():
    """"Draw a new hand of 6 cards, gain 30 more Millennium Dollars, and retrieve any used Sell
    Markers" (a card still for sale stays, marker-less, and its seller may not buy it back)."""
    state = game(2, prize={"silver": None})
    give(state, 0, "Sunforged Paladin")
    act(state, 'sell "Sunforged Paladin"')
    assert state.table.markers[0] == 2
    act(state, "buy_store") if len(state.table.hand[1]) < 7 else act(state, "score")
    state.fused[0].add("bronze")
    score(state, 0)
    assert len(state.table.hand[0]) == 6
    assert state.money[0] == 30 + 5 + 30
    assert state.table.markers[0] == 3 and state.fused[0] == set()
    paladin = state.table.aftermarket[0]
    assert state.table.marker_on.get(paladin) is None and state.sold_by[paladin] == 0
    set_hand(state, 0, SIX[:5])
    assert "buy_aftermarket" not in {a.verb for a in main_actions(state, 0)}


def test_turn_based_scoring_step_7_silver_promo_then_gold_promo():
    """"If this is your first time scoring, gain a random silver promo from out of play. If this is
    your second time scoring, gain a random Gold Promo instead.\""""
    state = game(2)
    score(state, 0)
    sets = [state.cards[c].set_code for c in state.table.hand[0]]
    assert len(sets) == 7 and sets.count("MB-SP1") == 1 and len(state.prize["silver"]) == 5
    score(state, 0)
    sets = [state.cards[c].set_code for c in state.table.hand[0]]
    assert sets.count("MB-GP1") == 1 and len(state.prize["gold"]) == 5
    assert sum(state.counters()[0]["prize"].values()) == 2


def test_turn_based_out_after_the_third_scoring_and_highest_total_rp_wins():
    """"After a player scores for the third time, he is out of the game. After all players have
    scored three times, total up their RP across all three rounds ... The highest total RP wins!\""""
    state = game(2)
    for rp in (5, 6, 7):
        state.table.rp[0] = rp
        score(state, 0)
    assert 0 in state.out and state.table.hand[0] == [] and state.table.accessories[0] == []
    assert state.turn_seat == 1 and not state.is_over
    act(state, "sell " + f'"{state.cards[state.table.hand[1][0]].name}"')
    assert state.turn_seat == 1  # seat 0 takes no more turns
    for rp in (9, 0, 0):
        state.table.rp[1] = rp
        score(state, 1)
    assert state.is_over
    assert state.outcome.returns == (18.0, 9.0) and state.outcome.placements == (1, 2)
    assert state.outcome.reason == "game_end"
    assert state.counters()[0]["rp_scoring_3"] == 7


def test_turn_based_turns_per_deck_limit_leaves_only_score():
    """No rule makes a player score; decision: after ``turns_per_deck`` turns on one deck, Score is
    the only main action, so that every game ends."""
    state = game(2, turns_per_deck=2)
    assert len(main_actions(state, 0)) > 1
    act(state, "score")  # seat 0's deck 1 ends on its first turn
    act(state, "buy_store") if len(state.table.hand[1]) < 7 else act(state, 'sell "' + hand_names(state, 1)[0] + '"')
    assert state.turn_seat == 0 and len(main_actions(state, 0)) > 1
    act(state, "buy_store") if len(state.table.hand[0]) < 7 else act(state, 'sell "' + hand_names(state, 0)[0] + '"')
    assert state.turn_seat == 1 and [str(a) for a in main_actions(state, 1)] == ["score"]
