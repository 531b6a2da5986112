"""Complete random games of 3 and 4 players (issue 13, "Checks that must pass"): every game ends;
every seat has a legal action at every decision and each round-trips through its text; cards are
conserved across the Store, the Store discard, the Aftermarket, binders, kits, collections, the
fusion and prize piles, the box, the tournament and the Friendship cards; money moves only
through the bank by the rules, or between two players in a logged trade ("Trade with Players";
equal value unless in Free Market Mode); VP totals equal their breakdown, Friendship included
and capped; the same seed repeats the game; what a seat sees does not
change when what it cannot see is redealt."""

from __future__ import annotations

import json
import random

import pytest

from rules.core.agents import RandomAgent
from rules.core.engine import Action
from rules.millennium_blades.full import new_full_game, scoring
from rules.millennium_blades.full.friendship import FRIENDSHIP_VP
from rules.millennium_blades.full.rounds import INCOME
from tests.rules.millennium_blades.full.helpers import STACKS
from tests.sweeps import sweep

pytestmark = pytest.mark.long  # a minute or more of tests: started first (tests/conftest.py)

GAMES = sweep(30)  # half of 3 players, half of 4; every 5th with metagame stacks, some with the Pre-Release


def conserved(state) -> None:
    held = sorted(c for zone in state.zones().values() for c in zone)
    assert held == list(range(len(state.cards))), "a card is lost or in two zones"


def play(players: int, seed: int, check_every: int = 1, **options):
    state = new_full_game(players, seed, **options)
    agents = [RandomAgent(seed * 7 + s) for s in range(players)]
    names = sorted(state.all_cards())
    moves, steps = [], 0
    while not state.is_over:
        seats = state.current_players()
        move = {}
        for s in seats:
            legal = state.legal_actions(s)
            assert legal, f"seat {s} has no legal action"
            if steps % 25 == 0:
                assert all(Action.parse(str(a)) == a for a in legal)
                assert all(state.action_to_string(a, s) for a in legal)
            move[s] = agents[s].choose(state, s)
        if steps % 40 == 0:
            seat = seats[0]
            world = state.determinize(seat, random.Random(steps))
            assert world.view(seat) == state.view(seat)
            json.dumps(state.view(None))
        if len(move) == 1:
            (s, a), = move.items()
            state.apply_checked(a, s)
        else:
            state.apply_joint_checked(move)
        moves.append(move)
        steps += 1
        if steps % check_every == 0:
            conserved(state)
            assert min(state.money) >= 0
        assert steps < 5000
    assert sorted(state.all_cards()) == names
    conserved(state)
    return state, moves


def check_money(state) -> None:
    """Every dollar came from or went to the bank by a logged rule."""
    cost = {c.name: c for c in state.cards}
    for s in range(state.num_players):
        flow = state.money_flow[s]
        assert sum(flow.values()) == state.money[s]
        assert flow["income"] == INCOME * sum(1 for e in state.events if e.action == "deckbuilding")
        mine = [e for e in state.events if e.player == s]
        changes = [dict(e.changes) for e in mine]
        assert flow.get("sell", 0) == sum(cost[c["card"]].value for e, c in zip(mine, changes, strict=True) if e.action == "sell")
        assert -flow.get("buy_store", 0) == sum(c["cost"] for e, c in zip(mine, changes, strict=True) if e.action == "bought")
        assert -flow.get("buy_aftermarket", 0) == sum(c["price"] for e, c in zip(mine, changes, strict=True)
                                                      if e.action == "bought_aftermarket")
        trades = [dict(e.changes) for e in state.events if e.action == "traded" and s in dict(e.changes)["seats"]]
        net = 0
        for t in trades:
            side = t["seats"].index(s)
            net += t["dollars"][1 - side] - t["dollars"][side]
        assert flow.get("trade", 0) == net
        star = {c.name: c.value for c in state.cards}  # "Liquidation Mode": the decks' Star Ratings
        assert flow.get("liquidation", 0) == sum(star[n] for e, c in zip(mine, changes, strict=True)
                                                 if e.action == "liquidated" for n in c["cards"])
        assert set(flow) <= {"income", "sell", "buy_store", "buy_aftermarket", "tournament", "trade", "liquidation"}
    assert sum(f.get("trade", 0) for f in state.money_flow) == 0
    star = {c.name: c.value for c in state.cards}
    for e in state.events:
        if e.action == "traded" and not state.free_market:  # "equal value trades"
            t = dict(e.changes)
            sides = [sum(star[n] for n in t["cards"][i]) + t["dollars"][i] for i in (0, 1)]
            assert sides[0] == sides[1], t


def check_vp(state) -> None:
    for s in range(state.num_players):
        b = scoring.breakdown(state, s)
        assert b["total"] == b["tournaments"] + b["collections"] + b["money"] + b["friendship"]
        given = [dict(e.changes) for e in state.events if e.action == "traded" and s in dict(e.changes)["seats"]]
        received = {}
        for t in given:
            side = t["seats"].index(s)
            other = t["seats"][1 - side]
            received[other] = received.get(other, 0) + FRIENDSHIP_VP * len(t["friendship"][1 - side])
        assert b["friendship"] == sum(min(6, vp) for vp in received.values())  # "not more than 6 VP" per giver
        assert state.outcome.returns[s] == b["total"]
        collected = sum(dict(e.changes)["vp"] for e in state.events if e.action == "collection_scored" and e.player == s)
        assert collected == b["collections"]
        tourn = sum(dict(e.changes)["vp"][s] for e in state.events if e.action == "tournament_vp")
        assert tourn == b["tournaments"] == sum(b["tournament_rounds"]) + b["pre_release"]


def test_random_complete_games_keep_the_rules():
    trades_seen = friendship_seen = 0
    for game in range(GAMES):
        players = 3 if game % 2 == 0 else 4
        options = {"metagames": STACKS} if game % 5 == 1 else {"pre_release": True} if game % 7 == 3 else {}
        if game % 4 == 2:
            options["free_market"] = True
        state, moves = play(players, game, check_every=1 if game < 10 else 7, **options)
        assert state.outcome.reason == "game_end" and state.round == state.last_round and len(state.placements) == 3
        assert 1 in state.outcome.placements
        check_money(state)
        check_vp(state)
        trades_seen += len(state.trades)
        friendship_seen += sum(len(f) for f in state.friends)
        if game % 10 == 0:  # the same seed and moves repeat the game, byte for byte
            again = new_full_game(players, game, **options)
            for move in moves:
                again.apply_move(move)
            assert again.events == state.events and again.outcome == state.outcome
    assert trades_seen > 0 and friendship_seen > 0


def test_a_metagame_card_an_effect_took_out_of_play_goes_to_the_box():
    """"Discard any revealed Metagame cards out of play": a Metagame card a tournament effect removed
    (ops_metagame.py's ``meta_leaves``) is no longer revealed after the tournament, and is in the box
    (cards conserved), not lost."""
    state = new_full_game(3, 11, metagames=STACKS)
    agents = [RandomAgent(s) for s in range(3)]
    removed = None
    while not state.is_over and (removed is None or state.tournament is not None):
        if removed is None and state.tournament is not None and state.tournament.metagame:
            inner = state.tournament
            removed = state.lent[inner.metagame[0]]
            inner.metagame = inner.metagame[1:]  # as meta_leaves does
        seats = state.current_players()
        move = {s: agents[s].choose(state, s) for s in seats}
        if len(move) == 1:
            (s, a), = move.items()
            state.apply_checked(a, s)
        else:
            state.apply_joint_checked(move)
    assert removed is not None and removed not in state.meta_revealed and removed in state.box["metagame"]
    conserved(state)
