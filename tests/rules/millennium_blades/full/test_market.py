"""The Deckbuilding Phase market in ticks (millennium-blades.txt, "THE STORE", "Card Fusion", "THE
AFTERMARKET", "When time runs out...", "Personal Space & Etiquette")."""

from __future__ import annotations

from rules.core.engine import Action
from rules.millennium_blades.full.market import fusion_fodder
from tests.rules.millennium_blades.full.helpers import game, give, put_showing, tick, wait_until


def test_buy_a_pack_from_the_store_fulton_buys_a_5_cost_card():
    """"Fulton decides to buy a 5-cost Clockwork Empire card. He pays 5 Millennium Dollars to the
    bank, then adds the card to his Binder." (the fixture's premium set here is Masquerade of Many
    Faces, MB-PR1). The Store area is replenished from the top of the Store; the buyer revealed the
    new top."""
    state = game(3)
    for c in list(state.store_area):  # no other premium card showing
        if state.cards[c].set_code == "MB-PR1":
            state.store_area.remove(c)
            state.store_area.append(next(x for x in state.store if state.cards[x].set_code == "MB-CORE"))
            state.store.remove(state.store_area[-1])
            state.store.insert(0, c)
    card = put_showing(state, "MB-PR1")
    assert Action("buy_store", ("MB-PR1",)) in state.legal_actions(0)
    before = len(state.store)
    tick(state, s0="buy_store MB-PR1")
    assert state.money[0] == 25 and state.money_flow[0]["buy_store"] == -5
    assert card in state.binder[0] and len(state.store_area) == 9 and len(state.store) == before - 1
    assert state.revealed_by == {state.store[-1]: 0}


def test_buy_a_pack_needs_the_money():
    state = game(3)
    state.money[1] = 2
    assert not [a for a in state.legal_actions(1) if a.verb == "buy_store"]


def test_sell_to_the_aftermarket_james_bomb_for_seven():
    """"Selling James Bomb to the Aftermarket would get you seven dollars right away from the bank.\""""
    state = game(3)
    bomb = give(state, 0, "James Bomb")
    tick(state, s0='sell "James Bomb"')
    assert state.money[0] == 37 and state.money_flow[0]["sell"] == 7
    assert state.aftermarket == [bomb] and state.marker[bomb] == 0 and state.markers[0] == 3


def test_buy_from_the_aftermarket_pays_the_star_rating_and_returns_the_marker():
    """"Anyone who wants to buy him later would pay that same amount into the bank"; "Return the
    Sell Marker on the card to its owner"; "Once your card is on sale in the Aftermarket, you cannot
    buy it back"."""
    state = game(3)
    bomb = give(state, 0, "James Bomb")
    tick(state, s0='sell "James Bomb"')
    assert Action("buy_aftermarket", ("James Bomb",)) not in state.legal_actions(0)
    tick(state, s1='buy_aftermarket "James Bomb"')
    assert bomb in state.binder[1] and state.money[1] == 23 and state.money_flow[1]["buy_aftermarket"] == -7
    assert state.markers[0] == 4 and state.aftermarket == [] and bomb not in state.marker


def test_no_sell_markers_no_sales_and_no_fusion():
    """"If you have no Sell Markers ... you cannot sell more cards"; "you cannot perform Card
    Fusions if you have no Sell Markers left"."""
    state = game(3)
    state.markers[2] = 0
    assert not [a for a in state.legal_actions(2) if a.verb in ("sell", "fuse")]


def test_the_aftermarket_stops_accepting_cards_in_the_last_timer():
    """"After this timer expires, the Aftermarket stops accepting new cards for sale (players may
    still buy cards, but they cannot sell them anymore)\""""
    state = game(3)
    give(state, 0, "James Bomb")
    tick(state, s0='sell "James Bomb"')
    wait_until(state, lambda s: s.timer == 2)
    assert state.view(1)["timer"] == 3 and not state.aftermarket_open
    assert not [a for a in state.legal_actions(1) if a.verb == "sell"]
    assert Action("buy_aftermarket", ("James Bomb",)) in state.legal_actions(1)


def test_card_fusion_bronze_once_per_round():
    """"Select the appropriate number of cards from your binder (5-Bronze, 7-Silver, or 9-Gold) and
    place them in the box. Then take a card from the appropriate pile ... Place one of your Sell
    Markers on the pile. You cannot perform more than one Card Fusion of each type per round".
    The cards fused are the lowest in sell value (rules notes)."""
    state = game(3)
    binder = list(state.binder[0])
    fodder = fusion_fodder(state, 0, "bronze")
    assert len(fodder) == 5 and max(state.cards[c].value for c in fodder) <= min(
        state.cards[c].value for c in binder if c not in fodder)
    tick(state, s0="fuse bronze")
    assert state.box["fused"] == fodder and len(state.binder[0]) == len(binder) - 5 + 1
    promo = next(c for c in state.binder[0] if c not in binder)
    assert state.cards[promo].kind == "bronze_promo" and len(state.fusion["bronze"]) == 5
    assert state.markers[0] == 3 and state.fused[0] == {"bronze"}
    legal = state.legal_actions(0)
    assert Action("fuse", ("bronze",)) not in legal and Action("fuse", ("silver",)) in legal


def test_etiquette_the_revealing_player_buys_first():
    """"When a player reveals a new card from the Store, that player has the first chance to buy
    that card": the buyer of a Store card reveals the next top; in the next tick that player wins it
    even against a player with fewer VP."""
    state = game(3)
    core = [c for c in state.store if state.cards[c].set_code == "MB-CORE"]
    master = next(c for c in state.store if state.cards[c].set_code == "MB-MS1")
    first, under = core[9], core[10]
    rest = [c for c in state.store + state.store_area if c not in core[:11] and c != master]
    state.store_area = core[:9]  # nothing of MB-MS1 showing
    state.store = rest + [under, master, first]
    tick(state, s0=f"buy_store {state.cards[state.store[-1]].set_code}")
    revealed = state.store[-1]
    assert revealed == master and state.revealed_by == {revealed: 0}
    state.vp_tournament[0][0] = 21  # seat 1 has fewer VP, but seat 0 revealed the card
    code = state.cards[revealed].set_code
    assert code not in {state.cards[c].set_code for c in state.store_area}
    tick(state, s0=f"buy_store {code}", s1=f"buy_store {code}")
    assert revealed in state.binder[0]
    assert any(e.action == "beaten_to" and e.player == 1 for e in state.events)


def test_etiquette_fewer_victory_points_first():
    """"If two players both want to buy the same card from the Store or Aftermarket, give priority
    to the player with fewer Victory Points.\""""
    state = game(3)
    bomb = give(state, 0, "James Bomb")
    tick(state, s0='sell "James Bomb"')
    state.vp_collections[1][0] = 4
    state.vp_collections[2][0] = 2
    tick(state, s1='buy_aftermarket "James Bomb"', s2='buy_aftermarket "James Bomb"')
    assert bomb in state.binder[2] and state.money[1] == 30


def test_store_runs_out_the_store_discard_is_shuffled_in():
    """"If the Store runs out of cards, shuffle the store discard together to form a new deck.\""""
    state = game(3)
    state.store_discard += state.store[:-1]
    del state.store[:-1]
    tick(state, s0=f"buy_store {state.cards[state.store[-1]].set_code}")
    assert state.store and not state.store_discard and len(state.store_area) == 9
    assert any(e.action == "store_reshuffled" for e in state.events)


def test_when_time_runs_out_six_more_cards_are_dealt():
    """"After the first 7-minute timer expires, deal each player 6 more cards from the store deck":
    7 minutes at 2 ticks a minute is 14 ticks."""
    state = game(3)
    sizes = [len(b) for b in state.binder]
    for _ in range(13):
        tick(state)
    assert [len(b) for b in state.binder] == sizes
    tick(state)
    assert state.timer == 1 and [len(b) for b in state.binder] == [n + 6 for n in sizes]
