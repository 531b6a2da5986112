"""Trading and Friendship (millennium-blades.txt, "YOUR FRIENDS", "Trade with Players"; "GAME SETUP"
5; "GAME END" 4; "VARIANTS & OPTIONS", "Free Market Mode"). Seat 0 plays Fulton, seat 1 Morrey
in the rulebook's equal trade; seat 0 Deques and seat 1 Cardine in its Friendship example."""

from __future__ import annotations

from rules.core.engine import Action
from rules.millennium_blades.full import new_full_game, scoring, trading
from rules.millennium_blades.full.agents.ai import OFFER_CHANCE, evaluate
from rules.millennium_blades.full.friendship import CAP_PER_GIVER, FRIENDSHIP_VP, PER_CHARACTER
from tests.rules.millennium_blades.full.helpers import game, give, tick


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
