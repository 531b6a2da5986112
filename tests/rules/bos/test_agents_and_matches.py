"""Agents, goldfish and best-of-three matches on the BOS engine (issue 11, parts 2, 3, 5, 6)."""

from __future__ import annotations

import math

import pytest

from rules.bos.engine import ENGINE, VERSION
from rules.bos.match import play_match
from rules.core.play import goldfish, play_game, play_indexed_match
from rules.core.replay import ReplayError, replay_game
from tests.rules.bos.helpers import DECKS

COLOURS = list(DECKS)


def _wilson_low(wins: float, n: int, z: float = 1.96) -> float:
    p = wins / n
    return (p + z * z / (2 * n) - z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n))) / (1 + z * z / n)


def test_greedy_beats_random_by_a_wide_margin():
    """200 games, greedy in either seat and every deck pairing: greedy's win rate's 95% Wilson
    lower bound is above 0.85 (it wins about 97%)."""
    wins = 0
    games = 200
    for g in range(games):
        decks = [DECKS[COLOURS[g % 3]], DECKS[COLOURS[(g // 3) % 3]]]
        seat = g % 2
        agents = ["greedy", "random"] if seat == 0 else ["random", "greedy"]
        result = play_game(ENGINE, decks, g, agents)
        wins += seat in result.winners
    assert _wilson_low(wins, games) > 0.85, wins


def test_two_deterministic_agents_play_the_same_game_from_every_seed():
    """Luckless: with passive agents (no RNG) the seed changes nothing."""
    decks = [DECKS["red"], DECKS["blue"]]
    first = play_game(ENGINE, decks, 1, ["passive", "passive"], record=True).replay
    for seed in (2, 77, 10_000):
        again = play_game(ENGINE, decks, seed, ["passive", "passive"], record=True).replay
        assert again["moves"] == first["moves"] and again["events"] == first["events"]


def test_ismcts_plays_a_legal_game():
    result = play_game(ENGINE, [DECKS["yellow"], DECKS["red"]], 3,
                       [{"name": "ismcts", "iterations": 20}, "random"], record=True)
    assert result.winners
    replay_game(result.replay)


def test_goldfish_against_an_empty_side():
    summary = goldfish(ENGINE, DECKS["red"], games=4, seed=5)
    side = summary["sides"][0]
    assert side["wins"] == 4 and 2 <= side["turns_to_win"]["mean"] <= 12


def test_best_of_3_match_with_reserve_swaps_and_replays():
    match = play_match(ENGINE, [DECKS["yellow"], DECKS["blue"]], ["greedy", "random"], 11, record=True)
    assert match.winner is not None and max(match.game_wins) == 2 and 2 <= len(match.games) <= 5
    assert sum(match.game_wins) + sum(1 for g in match.games if not g.winners) == len(match.games)
    for game in match.games:
        replay_game(game.replay)
    assert match.games[1].replay["options"]["reserve_swaps"] is True
    assert any(m[0][1] == "done" for m in match.games[1].replay["moves"])


def test_a_replay_of_an_older_engine_version_says_so():
    """Engine 1.2 changed games (issue 29.5): a replay recorded by 1.1, alone or inside a match's
    wrapper (``card-workshop-match``, docs/replay-format.md), is refused naming both versions, never
    replayed into a false mismatch."""
    assert VERSION == "1.2"
    result = play_indexed_match(ENGINE, [DECKS["red"], DECKS["blue"]], [{"name": "random"}] * 2, 5, 0, record=True)
    assert result.replay["format"] == "card-workshop-match"
    for game in result.replay["games"]:
        assert game["engine_version"] == VERSION and game["game"] == "bos"
        replay_game(game)
        old = {**game, "engine_version": "1.1"}
        with pytest.raises(ReplayError, match=r"made by bos engine '1\.1'; this is version '1\.2'"):
            replay_game(old)
