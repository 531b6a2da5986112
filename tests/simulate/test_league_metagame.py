"""The league's statistics (simulate/metagame.py, docs/metagame.md "League") on matrices whose
answer is known: rock-paper-scissors, a dominated deck, a transitive ladder; and the reduction of
table games to comparisons."""

import numpy as np
import pytest

from simulate.metagame import Table, bradley_terry, dominated, equilibrium, league_report, pairwise_counts


def _pair_tables(wins: dict[tuple[int, int], tuple[int, int]]) -> list[Table]:
    """Two-deck tables from ``{(a, b): (a's wins, b's wins)}``."""
    return [Table((a, b), {"1,2": wa, "2,1": wb}) for (a, b), (wa, wb) in wins.items()]


def test_rock_paper_scissors_equilibrium_is_a_third_each():
    # rock beats scissors 90%, scissors beats paper 90%, paper beats rock 90%
    tables = _pair_tables({(0, 2): (90, 10), (2, 1): (90, 10), (1, 0): (90, 10)})
    report = league_report(["Rock", "Paper", "Scissors"], tables, seed=1, samples=50)
    shares = [d["share"] for d in report["decks"]]
    assert shares == pytest.approx([1 / 3] * 3, abs=1e-4)
    assert all(d["in_equilibrium"] and not d["dominated"] for d in report["decks"])
    assert [d["score_against_mix"] for d in report["decks"]] == pytest.approx([0.5] * 3, abs=1e-4)
    # no deck is stronger than another: equal ratings, every interval around 0
    assert [d["rating"] for d in report["decks"]] == pytest.approx([0, 0, 0], abs=0.5)
    assert all(d["rating_low"] < 0 < d["rating_high"] for d in report["decks"])
    # Rock's best matchup is Scissors, its worst Paper, which beats it for sure
    rock = report["decks"][0]
    assert rock["best"][0]["name"] == "Scissors" and rock["worst"][0]["name"] == "Paper"
    assert [b["name"] for b in rock["beaten_by"]] == ["Paper"]


def test_a_dominated_deck_gets_no_share():
    # rock-paper-scissors plus a fourth deck that does worse than an even mix of the three against everyone
    payoff = np.array([[0, -0.4, 0.4, 0.3], [0.4, 0, -0.4, 0.1], [-0.4, 0.4, 0, 0.1], [-0.3, -0.1, -0.1, 0]])
    shares = equilibrium(payoff)
    assert shares[3] == 0
    assert shares[:3] == pytest.approx([1 / 3] * 3, abs=1e-6)
    assert dominated(payoff) == {3: [0, 1, 2]}
    # no single deck dominates it: Rock does better against all but Paper
    assert not np.all(payoff[0] > payoff[3])


def test_dominated_deck_in_a_played_league():
    tables = _pair_tables({(0, 2): (90, 10), (2, 1): (90, 10), (1, 0): (90, 10),
                           (3, 0): (20, 80), (3, 1): (40, 60), (3, 2): (40, 60)})
    report = league_report(["Rock", "Paper", "Scissors", "Pebble"], tables, seed=2, samples=20)
    pebble = report["decks"][3]
    assert pebble["share"] == 0 and not pebble["in_equilibrium"] and pebble["dominated"]
    assert not any(d["dominated"] for d in report["decks"][:3])
    assert pebble["score_against_mix"] < 0.5


def test_transitive_ladder_ranks_right():
    # deck i has strength i: the higher beats the lower by the Bradley-Terry law, 400 games a pair
    strengths = [0.0, 0.5, 1.0, 1.5, 2.0]
    wins = {}
    for a in range(5):
        for b in range(a + 1, 5):
            p = 1 / (1 + np.exp(strengths[b] - strengths[a]))
            wins[(a, b)] = (round(400 * p), 400 - round(400 * p))
    report = league_report([f"D{i}" for i in range(5)], _pair_tables(wins), seed=3, samples=100)
    assert report["ranking"] == [4, 3, 2, 1, 0]
    assert [d["rank"] for d in report["decks"]] == [5, 4, 3, 2, 1]
    ratings = [d["rating"] for d in report["decks"]]
    gaps = np.diff(ratings)  # 0.5 in log-strength = 86.9 Elo points between neighbours
    assert gaps == pytest.approx([0.5 * 400 / np.log(10)] * 4, abs=8)
    for d in report["decks"]:
        assert d["rating_low"] < d["rating"] < d["rating_high"]
    # the strongest deck beats every other: it alone is the equilibrium; the others are dominated by it
    assert [d["share"] for d in report["decks"]] == [0, 0, 0, 0, 1]
    assert all(report["decks"][i]["dominated"] for i in range(4)) and not report["decks"][4]["dominated"]


def test_bradley_terry_recovers_known_strengths():
    truth = np.array([-1.0, 0.0, 1.0])
    games = np.full((3, 3), 1000.0) - np.diag([1000.0] * 3)
    p = 1 / (1 + np.exp(truth[None, :] - truth[:, None]))
    fitted = bradley_terry(games * p, games)
    assert fitted == pytest.approx(truth, abs=0.02)


def test_matrix_cells_undecided_when_the_interval_spans_half():
    tables = _pair_tables({(0, 1): (52, 48), (0, 2): (80, 20), (1, 2): (70, 30)})
    report = league_report(["A", "B", "C"], tables, seed=4, samples=10)
    matrix = report["matrix"]
    assert matrix[0][0] is None
    assert matrix[0][1]["undecided"] and matrix[1][0]["undecided"]
    assert not matrix[0][2]["undecided"] and matrix[0][2]["rate"] == 0.8 and matrix[2][0]["rate"] == 0.2
    assert matrix[0][2]["low"] < 0.8 < matrix[0][2]["high"] and matrix[0][2]["games"] == 100
    assert report["undecided_cells"] == 1


def test_same_seed_same_report_and_draws_count_half():
    tables = [Table((0, 1), {"1,1": 10, "1,2": 30, "2,1": 10})]
    first = league_report(["A", "B"], tables, seed=9, samples=30)
    assert first == league_report(["A", "B"], tables, seed=9, samples=30)
    assert first["matrix"][0][1]["score"] == 35.0 and first["matrix"][0][1]["rate"] == 0.7


def test_tables_and_teams_become_comparisons():
    # a table of three: A first, B and C tied second, 10 games
    scores, games = pairwise_counts(3, [Table((0, 1, 2), {"1,2,2": 10})])
    assert scores[0, 1] == scores[0, 2] == 10 and scores[1, 2] == scores[2, 1] == 5
    assert games[0, 1] == games[1, 2] == 10
    # two teams: deck 0 at sides 0 and 2, deck 1 at sides 1 and 3; each game is one comparison
    scores, games = pairwise_counts(2, [Table((0, 1, 0, 1), {"1,3,1,3": 7, "3,1,3,1": 3})])
    assert scores[0, 1] == 7 and games[0, 1] == 10
