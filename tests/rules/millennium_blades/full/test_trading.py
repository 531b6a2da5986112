"""Trading and Friendship (millennium-blades.txt, "YOUR FRIENDS", "Trade with Players"; "GAME SETUP"
5; "GAME END" 4; "VARIANTS & OPTIONS", "Free Market Mode", "Duel Mode"). Seat 0 plays Fulton, seat 1 Morrey
in the rulebook's equal trade; seat 0 Deques and seat 1 Cardine in its Friendship example."""

from __future__ import annotations

from rules.core.engine import Action
from rules.millennium_blades.full import new_full_game, scoring, trading
from rules.millennium_blades.full.agents.ai import OFFER_CHANCE, REFUSE_CHANCE, acceptance_chance, evaluate
from rules.millennium_blades.full.friendship import CAP_PER_GIVER, FRIENDSHIP_VP, PER_CHARACTER
from tests.rules.millennium_blades.full.helpers import game, give, tick


def names(state, zone) -> list[str]:
    return sorted(state.cards[c].name for c in zone)


def test_game_setup_deals_a_character_and_its_6_friendship_cards():
    """"GAME SETUP" 5: "a Character Card ... and 6 Friendship cards of their character"."""
    state = game(4)
    assert len(set(state.characters)) == 4
    for seat in range(4):
        assert len(state.friendship[seat]) == PER_CHARACTER and state.friends[seat] == []
        names = {state.cards[c].name for c in state.friendship[seat]}
        assert names == {f"Friendship of {state.characters[seat]}"}
        assert state.view(None)["players"][seat]["friendship_left"] == PER_CHARACTER


def test_trade_with_players_fulton_matches_evil_helbane_with_money_and_a_card_of_his_own():
    """"If Fulton wants Morrey's Evil Helbane card, he's got to match its value with money and cards
    of his own." "the total of all Star Ratings and Millennium Dollars must be equal on both sides".
    Fulton offers Evil Helbane's 6 stars in dollars; Morrey counters asking for Fulton's James Bomb
    (7 stars) instead, so Morrey adds the 1-dollar difference: 7 = 6 + 1."""
    state = game(3)
    give(state, 1, "Evil Helbane")
    give(state, 0, "James Bomb")
    assert Action("offer", (1, "Evil Helbane", 5)) not in state.legal_actions(0)  # not equal value
    tick(state, s0='offer 1 "Evil Helbane" 6')
    assert state.offers[0]["take"] == ["Evil Helbane"] and state.offers[0]["pay"] == 6
    assert Action("accept", (0,)) in state.legal_actions(1)  # answered on a later tick
    tick(state, s1='counter 0 "James Bomb"')
    counter = state.offers[1]
    assert (counter["give"], counter["take"], counter["pay"], counter["receive"]) == (
        ["Evil Helbane"], ["James Bomb"], 1, 0)
    tick(state, s0="accept 1")
    assert "Evil Helbane" in [state.cards[c].name for c in state.binder[0]]
    assert "James Bomb" in [state.cards[c].name for c in state.binder[1]]
    assert state.money == [31, 29, 30] and state.money_flow[0]["trade"] == 1
    event = next(e for e in state.events if e.action == "traded")
    assert dict(event.changes) == {"seats": [1, 0], "cards": [["Evil Helbane"], ["James Bomb"]],
                                   "dollars": [1, 0], "friendship": [[], []]}
    assert state.view(None)["trades"][0]["cards"] == [["Evil Helbane"], ["James Bomb"]]
    assert state.offers == {}


def test_trade_with_players_deques_gives_friendship_for_cardines_soul_caliper():
    """"Deques really needs Cardine's promotional Soul Caliper card ... Since agreeing to make this
    trade is really a favor from Cardine to Deques, Deques offers a Friendship Card in addition to
    the even trade." Soul Caliper has 5 stars: 5 dollars, and a Friendship card on top."""
    state = game(3)
    give(state, 1, "Soul Caliper")
    tick(state, s0='offer 1 "Soul Caliper" 5')
    tick(state, s0="sweeten")
    assert state.view(1)["offers"][0]["friendship"] == f"Friendship of {state.characters[0]}"
    tick(state, s1="accept 0")
    assert state.money[:2] == [25, 35]
    assert len(state.friendship[0]) == PER_CHARACTER - 1 and len(state.friends[1]) == 1
    assert scoring.breakdown(state, 1)["friendship"] == FRIENDSHIP_VP
    assert scoring.breakdown(state, 0)["friendship"] == 0  # "You can't score them yourself"
    traded = dict(next(e for e in state.events if e.action == "traded").changes)
    assert traded["friendship"] == [[f"Friendship of {state.characters[0]}"], []]
    assert state.view(None)["players"][1]["friendship_received"] == [
        {"name": f"Friendship of {state.characters[0]}", "from": 0}]


def test_friendship_at_most_6_vp_from_a_single_players_cards():
    """"You may not score more than 6 VP from a single player's Friendship Cards." Four cards from
    seat 0 (8 VP printed) score 6; one from seat 2 scores on top."""
    state = game(3)
    for _ in range(4):
        state.friends[1].append(state.friendship[0].pop())
    state.friends[1].append(state.friendship[2].pop())
    assert 4 * FRIENDSHIP_VP > CAP_PER_GIVER
    b = scoring.breakdown(state, 1)
    assert b["friendship"] == CAP_PER_GIVER + FRIENDSHIP_VP
    assert b["total"] == b["tournaments"] + b["collections"] + b["money"] + b["friendship"]


def test_an_offer_lapses_when_its_card_moves_or_its_timer_expires():
    """Decisions (rules notes, "Trading and Friendship"): a card of the offer leaving its binder in
    the same tick as the acceptance voids the trade; a timer's end lapses every pending offer."""
    state = game(3)
    give(state, 1, "Evil Helbane")
    tick(state, s0='offer 1 "Evil Helbane" 6')
    tick(state, s1="accept 0", s2="wait")
    assert len(state.trades) == 1  # untouched, it goes through
    state2 = game(3)
    give(state2, 1, "Evil Helbane")
    tick(state2, s0='offer 1 "Evil Helbane" 6')
    tick(state2, s1='sell "Evil Helbane"')  # the card moves: the offer lapses
    assert state2.offers == {}
    assert any(e.action == "offer_lapsed" and dict(e.changes)["reason"] == "a card left its binder"
               for e in state2.events)
    state3 = game(3)
    give(state3, 1, "Evil Helbane")
    while state3.tick < state3.budgets[0] - 1:
        tick(state3)
    tick(state3, s0='offer 1 "Evil Helbane" 6')
    assert state3.timer == 1 and state3.offers == {}
    assert any(e.action == "offer_lapsed" and dict(e.changes)["reason"] == "timer 1 expired" for e in state3.events)


def test_an_acceptance_resolves_after_the_ticks_other_moves():
    state = game(3)
    give(state, 1, "Evil Helbane")
    tick(state, s0='offer 1 "Evil Helbane" 6')
    state.money[0] = 6
    tick(state, s0="buy_store MB-CORE", s1="accept 0")  # Fulton spends the dollars first
    assert state.trades == [] and state.offers == {}
    assert any(e.action == "offer_lapsed" and dict(e.changes)["reason"] == "not enough money" for e in state.events)


def test_free_market_mode_lifts_equal_value():
    """"With Free Market Mode, players may make uneven trades. That is, both sides of a trade do not
    need to match up in terms of Millennium Dollars and Star Ratings.\""""
    state = new_full_game(3, 0, free_market=True)
    give(state, 1, "Evil Helbane")
    assert {a.args[2] for a in state.legal_actions(0) if a.verb == "offer" and a.args[:2] == (1, "Evil Helbane")} == {
        4, 6, 8}
    tick(state, s0='offer 1 "Evil Helbane" 4')
    tick(state, s1="accept 0")
    assert state.money[:2] == [26, 34] and state.trades[0]["dollars"] == [4, 0]
    assert state.view(None)["free_market"] is True


def test_greedy_values_its_pending_offer_by_what_the_trade_adds():
    """The evaluation counts half (``OFFER_CHANCE``) of what its own pending offer would change."""
    state = game(3)
    give(state, 1, "Evil Helbane")
    base = evaluate(state, 0)
    tick(state, s0='offer 1 "Evil Helbane" 6')
    after = state.clone()
    trading.execute(after, after.offers.pop(0))
    assert abs(evaluate(state, 0) - (base + OFFER_CHANCE * (evaluate(after, 0) - base))) < 1e-9
    assert Action("offer", (1, "Evil Helbane", 6)) not in state.legal_actions(0)  # one offer at a time
    assert Action("withdraw") in state.legal_actions(0)


def test_trade_with_players_several_cards_a_side_fulton_matches_with_money_and_cards_of_his_own():
    """"he's got to match its value with money and cards of his own"; "the total of all Star Ratings
    and Millennium Dollars must be equal on both sides of the trade". Fulton offers 6 dollars for
    Evil Helbane, then adds his Pearl Diver (4), Net Mender (2) and Harbor Clerk (1) and asks for
    Morrey's Scrap Golem (3) too, one ``add`` a tick, the dollars rebalanced each time:
    4 + 2 + 1 + 2 dollars = 6 + 3."""
    state = game(3)
    give(state, 1, "Evil Helbane")
    tick(state, s0='offer 1 "Evil Helbane" 6')
    steps = [('add give "Pearl Diver"', 2, 0), ('add give "Net Mender"', 0, 0), ('add give "Harbor Clerk"', 0, 1),
             ('add take "Scrap Golem"', 2, 0)]
    for text, pay, receive in steps:
        adds = [a for a in state.legal_actions(0) if a.verb == "add"]
        assert len(adds) <= len(set(state.binder[0]) | set(state.binder[1]))  # bounded by the binders
        assert Action.parse(text) in adds and all(Action.parse(str(a)) == a for a in adds)
        tick(state, s0=text)
        offer = state.offers[0]
        assert (offer["pay"], offer["receive"]) == (pay, receive) and trading.is_equal(state, offer)
    assert offer["give"] == ["Pearl Diver", "Net Mender", "Harbor Clerk"] and offer["take"] == ["Evil Helbane",
                                                                                                  "Scrap Golem"]
    assert state.view(1)["offers"][0]["give"] == offer["give"]
    assert "Fulton" not in state.action_to_string(Action.parse('add take "Kiln Hound"'), 0)
    tick(state, s1="accept 0")
    assert state.money == [28, 32, 30]
    assert {"Evil Helbane", "Scrap Golem"} <= set(names(state, state.binder[0]))
    assert {"Pearl Diver", "Net Mender", "Harbor Clerk"} <= set(names(state, state.binder[1]))
    traded = dict(next(e for e in state.events if e.action == "traded").changes)
    assert traded["cards"] == [["Pearl Diver", "Net Mender", "Harbor Clerk"], ["Evil Helbane", "Scrap Golem"]]
    assert traded["dollars"] == [2, 0]
    assert 4 + 2 + 1 + 2 == 6 + 3


def test_equal_value_trades_with_several_cards_each_add_is_checked():
    """"any trades made between players must be equal value trades" with several cards a side: an
    uneven offer cannot be made good; an ``add`` whose rebalanced dollars a side cannot pay is not
    offered; at most ``MAX_CARDS_A_SIDE`` cards a side; Free Market Mode keeps an offer's unevenness."""
    state = game(3)
    give(state, 1, "Evil Helbane")
    uneven = trading._new_offer(state, 0, 1, give=["Pearl Diver", "Net Mender"], take=["Evil Helbane"], pay=1)
    assert trading.side_value(state, uneven["give"], uneven["pay"]) == 7 != 6
    assert trading.why_invalid(state, uneven) == "not an equal value trade"
    assert trading.why_invalid(state, dict(uneven, pay=0)) is None  # 4 + 2 = 6
    tick(state, s0='offer 1 "Evil Helbane" 6')
    state.money[1] = 2  # Morrey can pay at most 2 dollars back
    legal = state.legal_actions(0)
    assert Action("add", ("give", "Exaltius the Untenable")) not in legal  # 9 - 6: Morrey would owe 3
    assert Action("add", ("give", "Tideward Matron")) in legal  # 5 + 1 = 6: Fulton still pays 1
    assert Action("add", ("give", "Pearl Diver")) in legal
    for name in ("Pearl Diver", "Net Mender", "Harbor Clerk", "Sturdy Card Sleeves"):  # 4 + 2 + 1 + 1 = 6 + 2
        tick(state, s0=f'add give "{name}"')
    assert len(state.offers[0]["give"]) == trading.MAX_CARDS_A_SIDE
    assert not any(a.verb == "add" and a.args[0] == "give" for a in state.legal_actions(0))
    assert state.offers[0]["receive"] == 2 and trading.is_equal(state, state.offers[0])
    state.money[1] = 1  # Morrey spent a dollar: he cannot pay the 2 back
    assert trading.why_invalid(state, state.offers[0]) == "not enough money"
    assert Action("accept", (0,)) not in state.legal_actions(1)
    free = game(3, free_market=True)
    give(free, 1, "Evil Helbane")
    tick(free, s0='offer 1 "Evil Helbane" 4')
    tick(free, s0='add give "Net Mender"')
    assert (free.offers[0]["pay"], free.offers[0]["receive"]) == (2, 0)  # still 2 under the 6 stars


def test_asking_for_friendship_then_the_sweetened_trade():
    """"If you are making a trade that clearly benefits one side more than the other, you may wish
    to ask the other side for Friendship in addition to the other trade items." Deques offers 5
    dollars for Cardine's Soul Caliper; Cardine answers ``ask_friendship 0`` (she will take it with
    Friendship in addition); Deques sweetens and the trade is made in that tick."""
    state = game(3)
    give(state, 1, "Soul Caliper")
    tick(state, s0='offer 1 "Soul Caliper" 5')
    assert Action("ask_friendship", (0,)) in state.legal_actions(1)
    tick(state, s1="ask_friendship 0")
    assert state.offers[0]["asked"] and state.view(0)["offers"][0]["asked"] is True
    assert Action("ask_friendship", (0,)) not in state.legal_actions(1)  # asked once
    assert Action("accept", (0,)) in state.legal_actions(1)  # it may still take it as it is
    assert Action("sweeten") in state.legal_actions(0)
    assert "Friendship" in state.action_to_string(Action("ask_friendship", (0,)), 1)
    tick(state, s0="sweeten")
    assert state.offers == {} and len(state.trades) == 1
    assert state.money[:2] == [25, 35]
    assert len(state.friendship[0]) == PER_CHARACTER - 1 and len(state.friends[1]) == 1
    traded = dict(next(e for e in state.events if e.action == "traded").changes)
    assert traded["cards"] == [[], ["Soul Caliper"]]
    assert traded["friendship"] == [[f"Friendship of {state.characters[0]}"], []]
    assert scoring.breakdown(state, 1)["friendship"] == FRIENDSHIP_VP


def test_asking_for_friendship_a_changed_offer_drops_the_request():
    """The request answers the terms it saw: an ``add`` changes them, so the offer is no longer
    ``asked`` (sweetening then only adds the card; Cardine answers again)."""
    state = game(3)
    give(state, 1, "Soul Caliper")
    tick(state, s0='offer 1 "Soul Caliper" 5')
    tick(state, s1="ask_friendship 0")
    tick(state, s0='add give "Pearl Diver"')
    assert state.offers[0]["asked"] is False and state.offers[0]["pay"] == 1
    tick(state, s0="sweeten")
    assert state.trades == [] and state.offers[0]["friendship"] is not None
    tick(state, s1="accept 0")
    assert state.trades[0]["cards"] == [["Pearl Diver"], ["Soul Caliper"]] and state.trades[0]["dollars"] == [1, 0]


def test_asking_the_other_side_for_friendship_in_ones_own_offer():
    """The offerer asks: Fulton wants Morrey's Scrap Golem (3) and gives his Studio Director Chuckles
    (7), which Morrey needs, Morrey paying the 4 dollars; the trade favors Morrey, so Fulton's offer
    asks for a Friendship card of Morrey's in addition (``ask_friendship`` on one's own offer), given
    when Morrey accepts."""
    state = game(3)
    tick(state, s0='offer 1 "Scrap Golem" 3')
    tick(state, s0='add give "Studio Director Chuckles"')
    assert (state.offers[0]["pay"], state.offers[0]["receive"]) == (0, 4)
    assert Action("ask_friendship") in state.legal_actions(0)
    tick(state, s0="ask_friendship")
    assert state.offers[0]["friendship_from"] == 1 and Action("sweeten") not in state.legal_actions(0)
    assert state.view(1)["offers"][0]["friendship"] == f"Friendship of {state.characters[1]}"
    assert Action("ask_friendship", (0,)) not in state.legal_actions(1)  # it already holds Friendship
    tick(state, s1="accept 0")
    assert state.money[:2] == [34, 26]
    assert len(state.friendship[1]) == PER_CHARACTER - 1 and len(state.friends[0]) == 1
    assert scoring.breakdown(state, 0)["friendship"] == FRIENDSHIP_VP
    assert state.trades[0]["friendship"] == [[], [f"Friendship of {state.characters[1]}"]]


def test_duel_mode_friendship_is_not_used_and_trades_must_still_be_even():
    """"Duel Mode": "Friendship is not used in this mode." "Trading is available to players, but
    trades must still be even." With ``friendship_used`` False no Friendship move is offered (nor
    made); trades of several cards a side stay, checked for equal value."""
    state = game(3)
    state.friendship_used = False
    give(state, 1, "Evil Helbane")
    assert Action("offer", (1, "Evil Helbane", 5)) not in state.legal_actions(0)
    tick(state, s0='offer 1 "Evil Helbane" 6')
    friendship_verbs = {"sweeten", "ask_friendship"}
    assert not any(a.verb in friendship_verbs for s in range(3) for a in state.legal_actions(s))
    assert Action("add", ("give", "Pearl Diver")) in state.legal_actions(0)
    state.apply_joint({0: Action("sweeten"), 1: Action("ask_friendship", (0,)), 2: Action("wait")})  # unchecked
    assert state.offers[0]["friendship"] is None and not state.offers[0]["asked"]
    assert {e.action for e in state.events} >= {"sweeten_missed", "ask_friendship_missed"}
    tick(state, s0='add give "Pearl Diver"')
    tick(state, s1="accept 0")
    assert state.trades[0]["dollars"] == [2, 0] and state.trades[0]["friendship"] == [[], []]
    assert all(len(f) == PER_CHARACTER for f in state.friendship) and not any(state.friends)
    plain = game(3)
    give(plain, 1, "Evil Helbane")
    tick(plain, s0='offer 1 "Evil Helbane" 6')
    assert Action("sweeten") in plain.legal_actions(0)  # the flag absent: Friendship is used
    del plain.friendship_used
    assert Action("sweeten") in plain.legal_actions(0)
    duel = new_full_game(2, 0, duel=True)  # the mode itself sets the flag
    assert duel.friendship_used is False
    give(duel, 1, "Evil Helbane")
    tick(duel, s0='offer 1 "Evil Helbane" 6')
    assert not any(a.verb in friendship_verbs for s in range(2) for a in duel.legal_actions(s))
    assert Action("accept", (0,)) in duel.legal_actions(1)


def test_greedy_asks_for_friendship_and_values_the_answer():
    """The greedy evaluation: an offer it asked Friendship on counts ``OFFER_CHANCE`` of the trade
    with a Friendship card in addition; its own offer the other seat asked Friendship on, and not
    sweetened, counts ``REFUSE_CHANCE``; an offer asking the other side for Friendship is taken to
    be refused when that side loses by it."""
    state = game(3)
    give(state, 1, "Soul Caliper")
    tick(state, s0='offer 1 "Soul Caliper" 5')
    base = evaluate(state, 1)
    tick(state, s1="ask_friendship 0")
    with_friendship = state.clone()
    offer = with_friendship.offers.pop(0)
    offer["friendship"], offer["friendship_from"] = with_friendship.friendship[0][-1], 0
    trading.execute(with_friendship, offer)
    assert abs(evaluate(state, 1) - (base + OFFER_CHANCE * (evaluate(with_friendship, 1) - base))) < 1e-9
    assert acceptance_chance(state, state.offers[0]) == REFUSE_CHANCE
    cardine = state.friendship[1][-1]
    favor = trading._new_offer(state, 0, 1, give=["Exaltius the Untenable"], take=["Spark Recruit"], receive=8,
                               friendship=cardine, friendship_from=1)  # Morrey gets a 9-star card for 8 dollars
    grab = trading._new_offer(state, 0, 1, give=[], take=["Evil Beethoven", "Clockwork Courier"], pay=14,
                              friendship=cardine, friendship_from=1)  # Morrey loses his two best cards
    assert trading.why_invalid(state, favor) is None and trading.why_invalid(state, grab) is None
    assert acceptance_chance(state, favor) == OFFER_CHANCE
    assert acceptance_chance(state, grab) == REFUSE_CHANCE
