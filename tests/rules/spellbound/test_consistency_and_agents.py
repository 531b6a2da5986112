"""Random games (every game ends, no card lost or duplicated, no value below 0, hand at most nine at
the end of a turn, never more creatures than allowed, the same seed repeats the game), the agents
(greedy beats random by a stated margin) and the goldfish run; and the card compiler."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from rules.core.agents import make_agent
from rules.core.engine import Action
from rules.core.play import goldfish, play_game
from rules.core.probability import wilson_interval
from rules.spellbound import ai
from rules.spellbound.cards import GAME
from rules.spellbound.engine import ENGINE
from tests.rules.spellbound.helpers import DECKS
from tests.sweeps import sweep

pytestmark = pytest.mark.long  # a minute or more of tests: started first (tests/conftest.py)

NAMES = list(DECKS)
GAMES = sweep(150)


def _check(state) -> None:
    for seat, side in enumerate(state.sides):
        assert all(v >= 0 for v in side.souls.values())
        assert len(state.creatures(seat)) <= state.creature_limit(seat)
    for perm in state.board.values():
        assert perm.damage >= 0
        if perm.kind == "creature":
            assert state.attack(perm) >= 0 and perm.damage < state.max_health(perm)


def play(seed: int, checks: bool, decks: list | None = None):
    """A game with random choices (the sample decks by seed unless ``decks``), checked at every turn's
    end and, with ``checks``, after every move: the final state and the moves."""
    decks = decks or [DECKS[NAMES[seed % 3]], DECKS[NAMES[(seed // 3) % 3]]]
    state = ENGINE.start(decks, seed)
    rng = random.Random(seed)
    cards = Counter(state.all_cards())
    moves = []
    while not state.is_over:
        seat = state.current_players()[0]
        action = rng.choice(state.legal_actions(seat))
        turn = state.turn
        state.apply_checked(action, seat)
        moves.append((seat, action))
        if state.turn != turn and not state.is_over:  # a turn just ended
            assert len(state.sides[1 - state.active].hand) <= 9
        if checks and not state.is_over:
            assert Counter(state.all_cards()) == cards
            _check(state)
    return state, moves


def test_random_games_end_conserve_cards_and_never_go_negative():
    reasons = Counter()
    for seed in range(GAMES):
        state, _ = play(seed, checks=seed % 3 == 0)
        reasons[state.outcome.reason] += 1
    print("random games by end reason:", dict(reasons))
    assert set(reasons) <= {"bounder", "library", "turn_limit"}
    assert reasons["turn_limit"] <= GAMES // 20


def test_the_same_seed_repeats_the_game():
    for seed in range(10):
        state, moves = play(seed, checks=False)
        again = ENGINE.start([DECKS[NAMES[seed % 3]], DECKS[NAMES[(seed // 3) % 3]]], seed)
        for seat, action in moves:
            again.apply_checked(action, seat)
        assert again.events == state.events


def test_view_never_shows_a_hidden_card():
    state, _ = play(4, checks=False)
    state = ENGINE.start([DECKS["ashen"], DECKS["pink"]], 4)
    rng = random.Random(4)
    for _ in range(300):
        if state.is_over:
            break
        for seat in (0, 1):
            view = state.view(seat)
            assert "hand" not in view["players"][1 - seat]
            assert state.determinize(seat, random.Random(rng.random())).view(seat) == view
        seat = state.current_players()[0]
        state.apply_checked(rng.choice(state.legal_actions(seat)), seat)


def test_greedy_beats_random():
    """72 games, greedy in either seat, every deck pairing: the 95% Wilson lower bound of greedy's
    win rate is above 0.85 (it wins all or nearly all: at most 4 losses)."""
    games, wins = 72, 0
    for g in range(games):
        seat = g % 2
        agents = ["greedy", "random"] if seat == 0 else ["random", "greedy"]
        result = play_game(ENGINE, [DECKS[NAMES[g % 3]], DECKS[NAMES[(g // 2) % 3]]], g, agents)
        wins += seat in result.winners
    assert wilson_interval(wins, games)[0] > 0.85, wins


def test_ismcts_plays_through_the_ladder():
    """With the engine's search defaults (the flat search; engine.SEARCH_DEFAULTS) and a small budget."""
    result = play_game(ENGINE, [DECKS["pink"], DECKS["ashen"]], 5, [{"name": "ismcts", "iterations": 1}, "random"])
    assert result.winners


def test_ismcts_skip_verbs_never_searches_a_convert_flip():
    """``skip_verbs="convert"`` (a flip that paying makes anyway): the search never chooses one while
    anything else is legal, also with the opponent's one-ply replies first and greedy play-outs to the
    end of the turn it searched from (the other options measured: docs/rules-notes.md)."""
    state = ENGINE.start([DECKS["pink"], DECKS["rootbound"]], 3)
    searcher = make_agent("ismcts", 1, ENGINE, iterations=6, skip_verbs="convert", reply_first=True,
                          rollout="greedy", rollout_turns=1, rollout_from_root=True, flat=False)
    other = make_agent("greedy", 2, ENGINE)
    flips_offered = 0
    while not state.is_over and state.turn <= 8:
        seat = state.current_players()[0]
        actions = state.legal_actions(seat)
        action = (searcher if seat == 0 else other).choose(state, seat)
        if seat == 0 and any(a.verb == "convert" for a in actions) and len(actions) > 1:
            flips_offered += 1
            assert action.verb != "convert" or all(a.verb == "convert" for a in actions), action
        state.apply_checked(action, seat)
    assert flips_offered


def test_evaluate_future_counts_the_draw_and_the_gain_before_they_happen():
    """``ai.evaluate_future``: passing from the caretake step to the first casting phase (the draw
    and gain steps between) leaves both players' scores as they were: the active player's draw and
    pond gain are counted from the start of the turn, so positions at different steps score alike."""
    checked = 0
    for seed in range(4):
        state = ENGINE.start([DECKS[NAMES[seed % 3]], DECKS[NAMES[(seed + 1) % 3]]], seed)
        players = [make_agent("greedy", seed * 2 + seat, ENGINE) for seat in (0, 1)]
        while not state.is_over and state.turn < 16:
            seat = state.current_players()[0]
            if state.step_name == "caretake" and state.turn > 1 and not state.ladder and not state.pending:
                world = state.clone()
                before = [ai.evaluate_future(world, p) for p in (0, 1)]
                while world.step_name != "first_casting" and not world.ladder and not world.is_over:
                    world.apply(Action("pass"), world.current_players()[0])
                if world.step_name == "first_casting" and not world.ladder and not world.is_over:
                    assert [ai.evaluate_future(world, p) for p in (0, 1)] == before
                    checked += 1
            state.apply_checked(players[seat].choose(state, seat), seat)
    assert checked >= 10


def test_goldfish_against_a_bounder_that_never_acts():
    summary = goldfish(ENGINE, DECKS["ashen"], games=4, seed=5)
    side = summary["sides"][0]
    assert side["wins"] == 4 and 4 <= side["turns_to_win"]["mean"] <= 30


def test_actions_round_trip_through_their_text():
    state, moves = play(2, checks=False)
    for _, action in moves:
        assert Action.parse(str(action)) == action


def test_card_checker_rejects_effects_the_engine_cannot_run_naming_the_field():
    errors = GAME.validate_card(card_type="hex", attributes={"soul_cost": {"death": 1}}, effects=[
        {"timing": "cast", "ops": [{"op": "hex_damage", "amount": 10, "target": "everything"}]}])
    assert errors and errors[0][0] == "effects[0].ops[0].target"
    errors = GAME.validate_card(card_type="creature", attributes={
        "soul_cost": {"death": 1}, "health": 10, "damage": 1, "soul_type": "death"}, effects=[
        {"timing": "triggered", "trigger": "moon_rises", "ops": [{"op": "draw", "amount": 1}]}])
    assert errors and errors[0][0] == "effects[0].trigger"
    errors = GAME.validate_card(card_type="creature", attributes={
        "soul_cost": {"death": 1}, "health": 10, "damage": 1, "soul_type": "death", "keywords": ["Flying"]}, effects=[])
    assert errors and errors[0][0] == "attributes.keywords"
