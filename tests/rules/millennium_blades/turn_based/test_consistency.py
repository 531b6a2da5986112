"""Random complete Turn-Based games keep the rules: every game ends, every card stays in exactly
one zone, money moves only by the rules (income, purchases, sales, effects), every seat scores
three times and the outcome is the total RP; the same seed and moves repeat a game."""

from __future__ import annotations

import random
from collections import Counter

from rules.millennium_blades.turn_based import new_turn_based_game
from rules.millennium_blades.turn_based.setup import INCOME

GAMES = 100
FLOWS = {"income", "buy_store", "buy_aftermarket", "sell", "effect"}


def play(players: int, seed: int, *, check_zones: bool) -> tuple:
    state = new_turn_based_game(players, seed)
    rng = random.Random(seed)
    moves = []
    every = list(range(len(state.cards)))
    while not state.is_over:
        seat = state.current_players()[0]
        action = rng.choice(state.legal_actions(seat))
        moves.append((seat, action))
        state.apply_checked(action, seat)
        if check_zones:
            held = [c for zone in state.zones().values() for c in zone]
            assert sorted(held) == every, f"a card is in no zone or in two after {action}"
        assert min(state.money) >= 0
        assert max(len(hand) for hand in state.table.hand) <= 7  # "a maximum hand size of 7 cards"
        assert len(moves) < 5000
    return state, moves


def _money_by_events(state) -> list[Counter]:
    flows = [Counter() for _ in range(state.num_players)]
    for event in state.events:
        changes, seat = dict(event.changes), event.player
        if event.action == "bought":
            flows[seat]["buy_store"] -= changes["cost"]
        elif event.action == "bought_aftermarket":
            flows[seat]["buy_aftermarket"] -= changes["price"]
        elif event.action == "sold":
            flows[seat]["sell"] += changes["price"]
        elif event.action in ("setup", "new_deck"):
            for s in range(state.num_players) if event.action == "setup" else [seat]:
                flows[s]["income"] += INCOME
        elif event.action in ("gain_money", "pay_money"):
            flows[seat]["effect"] += changes["amount"] * (1 if event.action == "gain_money" else -1)
    return flows


def test_random_complete_games_keep_the_rules():
    lengths = []
    for game in range(GAMES):
        players = 2 + game % 4
        state, moves = play(players, 9000 + game, check_zones=game % 10 == 0)
        lengths.append(len(moves))
        assert state.scorings == [3] * players and all(len(s) == 3 for s in state.scores)
        assert state.outcome.returns == tuple(float(sum(s)) for s in state.scores)
        assert state.outcome.reason == "game_end"
        assert Counter(state.all_cards()) == Counter(new_turn_based_game(players, 9000 + game).all_cards())
        held = sorted(c for zone in state.zones().values() for c in zone)
        assert held == list(range(len(state.cards)))
        by_events = _money_by_events(state)
        for seat in range(players):
            flow = state.money_flow[seat]
            assert set(flow) <= FLOWS
            assert state.money[seat] == sum(flow.values())
            assert {k: v for k, v in flow.items() if v} == {k: v for k, v in by_events[seat].items() if v}
            assert flow["income"] == INCOME * 3  # setup and two new decks; none after the third scoring
    assert max(lengths) < 2000


def test_the_same_seed_and_moves_repeat_the_game():
    for game in range(5):
        first, moves = play(3, 77 + game, check_zones=False)
        again = new_turn_based_game(3, 77 + game)
        for seat, action in moves:
            again.apply_checked(action, seat)
        assert again.events == first.events
        assert again.outcome == first.outcome
