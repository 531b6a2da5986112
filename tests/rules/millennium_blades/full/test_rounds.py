"""Rounds, tournaments, prize support and the end (millennium-blades.txt, "GAME FLOW",
"Tournament Phase", "Ending the Tournament", "Tournament VP Chart", "GAME END")."""

from __future__ import annotations

import random

import pytest

from rules.core.agents import RandomAgent
from rules.core.engine import Action, IllegalAction
from rules.millennium_blades.full import new_full_game, scoring
from rules.millennium_blades.full.view import step_words
from rules.millennium_blades.state import CHARTS
from tests.rules.core.clone_checks import play_random_move
from tests.rules.millennium_blades.full.helpers import game, tick

CHART_OF_ROUND = {1: "round1", 2: "round2", 3: "final"}


def play_random(players: int, seed: int):
    state = game(players, seed)
    agents = [RandomAgent(seed * 10 + s) for s in range(players)]
    starts = []
    while not state.is_over:
        if state.tournament is not None and len(starts) < state.round:
            starts.append(state.tournament.first_player)
        state.apply_move({s: agents[s].choose(state, s) for s in state.current_players()})
    return state, starts


@pytest.fixture(scope="module")
def finished():
    return play_random(4, 3)


def test_game_flow_three_rounds_each_with_its_chart(finished):
    """"Award VP for each player based on the Tournament VP chart for your current round ... If two
    or more players tie, add up and divide between them the VP for all places they would win".
    Three tournaments: Round 1, Round 2, Final Round."""
    state, _ = finished
    assert len(state.placements) == 3
    for r in (1, 2, 3):
        chart = CHARTS[CHART_OF_ROUND[r]]
        vp = [state.vp_tournament[s][r - 1] for s in range(4)]
        places = state.placements[r - 1]
        for s in range(4):
            tied = places.count(places[s])
            first = places[s] - 1
            assert vp[s] == sum(chart[first:first + tied]) // tied


def test_ending_the_tournament_prize_support_bronze_then_silver(finished):
    """"Reveal a complete set of Promo Cards, based on the Prize Support column ... Players get one
    of these randomly": Bronze after Round 1, Silver after Round 2, none after the Final Round."""
    state, _ = finished
    prizes = [e for e in state.events if e.action == "prize_support"]
    assert len(prizes) == 8
    kinds = [state.cards[next(i for i, c in enumerate(state.cards) if c.name == dict(e.changes)["card"])].kind
             for e in prizes]
    assert kinds == ["bronze_promo"] * 4 + ["silver_promo"] * 4
    assert len(state.box["prize_unused"]) == 4 and state.prize == {1: [], 2: []}


def test_setup_the_phase_turns_begin_with_the_highest_placed(finished):
    """"Turns begin with whichever player placed highest in the previous tournament (or whoever most
    recently opened a booster pack ..., in case of a tie or the first game round)"."""
    state, starts = finished
    for r in (2, 3):
        previous = state.placements[r - 2]
        assert previous[starts[r - 1]] == 1


def test_deckbuilding_income_each_round_and_money_through_the_bank(finished):
    """"Give each player 30 Millennium Dollars of income" each Deckbuilding Phase; money moves only
    through the bank."""
    state, _ = finished
    for s in range(4):
        assert state.money_flow[s]["income"] == 90
        assert sum(state.money_flow[s].values()) == state.money[s] >= 0


def test_game_end_totals_and_tie_breaks():
    """"In case of a tie, the winner is whoever had the most VP from tournaments. If the game is
    still a tie, then whoever had the most VP from Collections, followed by Money and then
    Friendship\""""
    def b(t, c, m):
        return {"tournaments": t, "collections": c, "money": m, "friendship": 0, "total": t + c + m}
    assert scoring.placements([b(50, 10, 5), b(55, 5, 5), b(40, 20, 5), b(50, 10, 5)]) == (2, 1, 4, 2)
    assert scoring.placements([b(10, 10, 0), b(10, 0, 10), b(0, 20, 0)]) == (1, 2, 3)


def test_game_end_outcome_is_final_vp_with_placements_by_the_tie_breaks(finished):
    state, _ = finished
    bds = [scoring.breakdown(state, s) for s in range(4)]
    assert list(state.outcome.returns) == [b["total"] for b in bds]
    assert state.outcome.placements == scoring.placements(bds)
    assert all(b["money"] == state.money[s] // 4 for s, b in enumerate(bds))


def test_apply_checked_refuses_illegal_moves():
    state = game(3)
    with pytest.raises(IllegalAction):
        tick(state, s0="buy_store MB-NOPE")
    with pytest.raises(IllegalAction):
        state.apply_joint_checked({0: Action("wait")})  # every seat acts in a tick


def test_the_step_named_between_moves_is_the_step_the_next_move_happens_in():
    """Issue 27 ("numbers disagree"): a page heads the game with its turn and ``step_name``; after
    every move ``step_name`` names the decision now waiting, so the next move's events carry that
    step (a tournament's is "round N:tournament", the Pre-Release's its own), never the tick that
    was just played; and the turn counts moves."""
    state = new_full_game(3, 5, pre_release=True)
    rng = random.Random(5)
    play_random_move(state, rng)  # (before the first move the header names no step: the set-up's)
    steps = set()
    while not state.is_over:
        turn, step, logged = state.turn, state.step_name, len(state.events)
        steps.add(step)
        play_random_move(state, rng)
        outer = [e for e in state.events[logged:] if e.step]  # the tournament engine's own events name none
        assert all(e.step == step for e in outer), (step, outer[:3])
        assert state.turn == turn + 1
    assert {"pre_release:tournament", "round1:tournament", "round1:timer1:tick2"} <= steps
    assert step_words("pre_release:tournament") == "the Pre-Release Tournament"
    assert step_words("round2:tournament") == "round 2, tournament"


def test_the_last_round_keeps_no_infinite_loop_dollars_and_only_those(monkeypatch):
    """"Infinite Loops": "you gain Millennium Dollars equal to their total sell value. You do not gain
    Millennium Dollars if it is the last round." Only the dollars the rule paid are taken back: a
    card an effect had returned to the box earlier paid nothing, so it takes nothing back."""
    from rules.millennium_blades import resolve

    state = game(3, 5)
    agents = [RandomAgent(50 + s) for s in range(3)]
    while not (state.tournament is not None and state.round == state.last_round):
        state.apply_move({s: agents[s].choose(state, s) for s in state.current_players()})
    inner = state.tournament
    seat = inner.seat_turn
    boxed = next(c for c in inner.hand[seat] if inner.cards[c].printed_star)  # as if an effect boxed it
    inner.hand[seat].remove(boxed)
    inner.removed[seat].append(boxed)
    before = state.money_flow[seat].get("tournament", 0)
    monkeypatch.setattr(resolve, "LOOP_LIMIT", 0)  # the first effect resolved is an Infinite Loop
    while seat not in inner.out:
        state.apply_move({s: agents[s].choose(state, s) for s in state.current_players()})
    assert inner.loop_money[seat] > 0 and inner.money[seat] >= inner.loop_money[seat]
    earned = inner.money[seat] - inner.loop_money[seat]  # what its effects gained before the loop
    monkeypatch.setattr(resolve, "LOOP_LIMIT", 3000)
    while state.tournament is inner:
        state.apply_move({s: agents[s].choose(state, s) for s in state.current_players()})
    assert state.money_flow[seat].get("tournament", 0) - before == earned
