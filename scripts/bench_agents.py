"""Agent strength (`make bench`): in every game with an engine greedy beats random and ismcts
beats greedy, each by a margin stated with its 95% Wilson interval.

How: a pairing is played over every ordered pair of the game's sample decks
(fixtures/decks/<game>-*.txt), the stronger agent's seat alternating game by game, so the decks
and the seats cancel out and only the agents differ. At a table of more than two seats
(Millennium Blades: three) the measured agent sits in each seat in turn beside the others, and
"won" means placed first alone or shared. A draw counts as not won. The games are seeded, so the
figures are exact and repeatable; the interval says how far the measured rate can be trusted as
the agents' true rate. Budgets are iterations, never seconds.

Targets: greedy's win rate against random above the share of a seat that plays like its
opponents (1/2 at two seats, 1/3 at three) with 95% confidence, by the margin each game states in
:data:`GAMES`; ISMCTS above that share against greedy. These used to be tests; they play
hundreds of whole games, which is a benchmark's job, not the test suite's (the tests keep a
short greedy-beats-random check per game). Exits 1 when a target is missed. Figures are saved
to bench-results/agents.json. ``--game`` picks games; ``--scale`` multiplies the game counts.
"""

from __future__ import annotations

import argparse
import itertools
import sys
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from rules.core.play import run_games  # noqa: E402
from rules.core.probability import wilson_interval  # noqa: E402
from rules.core.registry import get_engine  # noqa: E402
from scripts.bench_engine import save_results  # noqa: E402
from scripts.bench_games import sample_decks  # noqa: E402


@dataclass(frozen=True)
class Check:
    """One pairing to measure: ``agents[0]`` against ``agents[1]`` in every other seat."""

    label: str
    strong: object
    weak: object
    games: int  # games per ordered deck pairing (rounded up to fill every seat)
    seed: int


#: Per game: seats at the table, and the checks with their ISMCTS budget (iterations per decision).
GAMES: dict[str, tuple[int, list[Check]]] = {
    "boundless": (2, [Check("greedy vs random", "greedy", "random", 8, 100),
                      Check("ismcts (50 iterations) vs greedy", {"name": "ismcts", "iterations": 50}, "greedy", 4, 200)]),
    "fellbound": (2, [Check("greedy vs random", "greedy", "random", 6, 100),
                      Check("ismcts (30 iterations) vs greedy", {"name": "ismcts", "iterations": 30}, "greedy", 6, 200)]),
    "bos": (2, [Check("greedy vs random", "greedy", "random", 6, 100),
                Check("ismcts (150 iterations) vs greedy", {"name": "ismcts", "iterations": 150}, "greedy", 8, 200)]),
    "spellbound": (2, [Check("greedy vs random", "greedy", "random", 6, 100),
                       Check("ismcts (100 iterations) vs greedy", {"name": "ismcts", "iterations": 100}, "greedy", 6, 200)]),
    "millennium_blades": (3, [Check("greedy vs random", "greedy", "random", 12, 100),
                              Check("ismcts (50 iterations) vs greedy", {"name": "ismcts", "iterations": 50}, "greedy", 6,
                                    200)]),
}


def win_rate(engine, decks, seats: int, check: Check, scale: float, workers: int) -> dict:
    """Games won (placed first) by ``check.strong`` over every deck arrangement and seat."""
    wins = games = 0
    arrangements = list(itertools.permutations(range(len(decks)), seats)) if seats > 2 else \
        list(itertools.product(range(len(decks)), repeat=2))
    per_seat = max(1, round(check.games * scale / seats))
    for number, arrangement in enumerate(arrangements):
        for seat in range(seats):
            agents = [check.strong if s == seat else check.weak for s in range(seats)]
            results = run_games(engine, [decks[i] for i in arrangement], agents, games=per_seat,
                                seed=check.seed + 100 * number + seat, workers=workers, rotate=False)
            wins += sum(r.placements[seat] == 1 if r.placements else seat in r.winners for r in results)
            games += len(results)
    low, high = wilson_interval(wins, games)
    return {"wins": wins, "games": games, "rate": round(wins / games, 4), "low": round(low, 4), "high": round(high, 4)}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--game", action="append", choices=sorted(GAMES), help="only these games (repeatable)")
    parser.add_argument("--scale", type=float, default=1.0, help="multiply every game count (default 1)")
    parser.add_argument("--workers", type=int, default=1)
    args = parser.parse_args()
    figures, missed = {}, []
    for game in args.game or GAMES:
        seats, checks = GAMES[game]
        engine = get_engine(game)
        decks = sample_decks(game)
        share = 1 / seats
        print(f"Agent strength: {game} engine {engine.version}, {seats} seats, decks {', '.join(d.name for d in decks)}")
        for check in checks:
            result = win_rate(engine, decks, seats, check, args.scale, args.workers)
            met = result["low"] > share
            if not met:
                missed.append(f"{game}: {check.label}")
            figures.setdefault(game, {})[check.label] = {**result, "margin": round(share, 4), "met": met}
            print(f"  {check.label}: {result['wins']}/{result['games']} won, 95% CI {result['low']:.3f}-"
                  f"{result['high']:.3f} (target: lower bound > {share:.2f}: {'met' if met else 'NOT met'})", flush=True)
    save_results("agents", figures)
    if missed:
        print("Missed: " + "; ".join(missed))
        raise SystemExit(1)


if __name__ == "__main__":
    main()
