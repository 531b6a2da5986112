"""Agent strength (issue 4, part 4): in head-to-head play greedy beats random and ismcts beats
greedy, each by a margin stated with its 95% Wilson interval.

How: each pairing plays the mirror match of every sample deck (fixtures/decks/boundless-*.txt),
so the decks cancel out and only the agents differ; seats alternate game by game (the die roll
decides who goes first). A draw counts as not won. The games are seeded, so the test is exact
and repeatable; the interval says how far the measured rate can be trusted as the agents'
true rate. Budgets are iterations, never seconds.
"""

from rules.boundless.engine import ENGINE
from rules.core.play import run_games
from rules.core.probability import wilson_interval
from tests.rules.boundless.helpers import sample_decks

#: the ismcts budget for the test: enough to beat greedy clearly, small enough for one core
ISMCTS = {"name": "ismcts", "iterations": 50, "rollout_steps": 10}


def win_rate(agents, games_per_deck: int, seed: int) -> tuple[int, int, float, float]:
    """Wins of ``agents[0]`` over all sample-deck mirrors, and the 95% Wilson interval."""
    wins = games = 0
    for number, deck in enumerate(sample_decks()):
        results = run_games(ENGINE, [deck, deck], agents, games=games_per_deck, seed=seed + number)
        wins += sum(0 in r.winning_sides for r in results)
        games += len(results)
    low, high = wilson_interval(wins, games)
    return wins, games, low, high


def test_greedy_beats_random_by_a_clear_margin():
    """Margin: greedy's win rate against random is above 60% with 95% confidence."""
    wins, games, low, high = win_rate(["greedy", "random"], games_per_deck=30, seed=100)
    assert low > 0.60, f"greedy won {wins}/{games} against random; 95% CI {low:.3f}-{high:.3f}"


def test_ismcts_beats_greedy_by_a_clear_margin():
    """Margin: ismcts (50 iterations) wins more than half its games against greedy with 95% confidence."""
    wins, games, low, high = win_rate([ISMCTS, "greedy"], games_per_deck=12, seed=200)
    assert low > 0.50, f"ismcts won {wins}/{games} against greedy; 95% CI {low:.3f}-{high:.3f}"
