"""Agent strength (`make bench`): in head-to-head Boundless play greedy beats random and ismcts
beats greedy, each by a margin stated with its 95% Wilson interval.

How: each pairing plays the mirror match of every sample deck (fixtures/decks/boundless-*.txt),
so the decks cancel out and only the agents differ; seats alternate game by game (the die roll
decides who goes first). A draw counts as not won. The games are seeded, so the figures are
exact and repeatable; the interval says how far the measured rate can be trusted as the agents'
true rate. Budgets are iterations, never seconds.

Targets: greedy's win rate against random above 60% with 95% confidence; ismcts (50 iterations)
above 50% against greedy. This used to be a test (tests/rules/boundless/test_agent_strength.py);
it plays a few hundred whole games, which is a benchmark's job, not the test suite's. Exits 1 when
a target is missed. Figures are saved to bench-results/agents.json.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
RESULTS = ROOT / "bench-results"

from rules.core.play import run_games  # noqa: E402
from rules.core.probability import wilson_interval  # noqa: E402
from rules.core.registry import get_engine  # noqa: E402
from scripts.bench_engine import load_decks  # noqa: E402

#: the ismcts budget: enough to beat greedy clearly, small enough for one core
ISMCTS = {"name": "ismcts", "iterations": 50, "rollout_steps": 10}


def win_rate(engine, decks, agents, games_per_deck: int, seed: int, workers: int) -> dict:
    """Wins of ``agents[0]`` over all sample-deck mirrors, and the 95% Wilson interval."""
    wins = games = 0
    for number, deck in enumerate(decks):
        results = run_games(engine, [deck, deck], agents, games=games_per_deck, seed=seed + number, workers=workers)
        wins += sum(0 in r.winning_sides for r in results)
        games += len(results)
    low, high = wilson_interval(wins, games)
    return {"wins": wins, "games": games, "rate": round(wins / games, 4), "low": round(low, 4), "high": round(high, 4)}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--greedy-games", type=int, default=30, help="greedy vs random games per deck (default 30)")
    parser.add_argument("--ismcts-games", type=int, default=12, help="ismcts vs greedy games per deck (default 12)")
    parser.add_argument("--workers", type=int, default=1)
    args = parser.parse_args()
    engine = get_engine("boundless")
    decks = load_decks()
    checks = [
        ("greedy vs random", ["greedy", "random"], args.greedy_games, 100, 0.60),
        ("ismcts (50 iterations) vs greedy", [ISMCTS, "greedy"], args.ismcts_games, 200, 0.50),
    ]
    figures, missed = {}, False
    print(f"Agent strength: boundless engine {engine.version}, mirrors of {', '.join(d.name for d in decks)}")
    for label, agents, per_deck, seed, margin in checks:
        result = win_rate(engine, decks, agents, per_deck, seed, args.workers)
        met = result["low"] > margin
        missed |= not met
        figures[label] = {**result, "margin": margin, "met": met}
        print(f"  {label}: {result['wins']}/{result['games']} won, 95% CI {result['low']:.3f}-{result['high']:.3f} "
              f"(target: lower bound > {margin:.2f}: {'met' if met else 'NOT met'})")
    RESULTS.mkdir(exist_ok=True)
    (RESULTS / "agents.json").write_text(json.dumps(figures, indent=2, sort_keys=True) + "\n", encoding="utf-8")
    print(f"  saved to {RESULTS / 'agents.json'}")
    if missed:
        raise SystemExit(1)


if __name__ == "__main__":
    main()
