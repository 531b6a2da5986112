"""Agent strength (`make bench`): in every game with an engine greedy beats random and ismcts
beats greedy, each by a margin stated with its 95% Wilson interval.

How: at two seats a pairing is played over every ordered pair of the game's sample decks
(fixtures/decks/<game>-*.txt), the stronger agent's seat alternating game by game, so the decks
and the seats cancel out and only the agents differ; "won" means placed first alone or shared,
a draw counts as not won. At a table of more than two seats (Millennium Blades: three) the
tables are mirrors: the same sample kit in every seat, for each kit, the measured agent in each
seat in turn beside the others. Mixed tables measured the kits, not the agents (one sample kit
places first at ~96% of mixed tables whoever plays it). There the score is a tie-aware share of
first place: a k-way shared first counts 1/k (mirror tables tie often), and the interval is the
Wilson interval of that score (conservative: a score in [0, 1] varies no more than a win/loss
of the same mean). The games are seeded, so the figures are exact and repeatable; the interval
says how far the measured rate can be trusted as the agents' true rate. Budgets are
iterations, never seconds.

Targets: greedy's win rate (score share at three seats) against random above the share of a
seat that plays like its opponents (1/2 at two seats, 1/3 at three) with 95% confidence, by the margin each game states in
:data:`GAMES`; ISMCTS above that share against greedy. These used to be tests; they play
hundreds of whole games, which is a benchmark's job, not the test suite's (the tests keep a
short greedy-beats-random check per game). Exits 1 when a target is missed. Figures are saved
to bench-results/agents.json. ``--game`` picks games; ``--scale`` multiplies the game counts.
"""

from __future__ import annotations

import argparse
import itertools
import os
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
    games: int  # games per ordered deck pairing, or per kit at a mirror table (split among the seats)
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
                       Check("ismcts (engine defaults: flat, 4 worlds, play-outs 3 turns) vs greedy", "ismcts", "greedy",
                             16, 200)]),
    "millennium_blades": (3, [Check("greedy vs random", "greedy", "random", 30, 100),
                              Check("ismcts (50 iterations) vs greedy", {"name": "ismcts", "iterations": 50}, "greedy", 72,
                                    200)]),
}


def win_rate(engine, decks, seats: int, check: Check, scale: float, workers: int) -> dict:
    """Games won (placed first) by ``check.strong``: over every ordered deck pairing at two seats;
    at more seats over mirror tables (each deck at every seat), a k-way shared first scoring 1/k."""
    wins = games = 0
    mirror = seats > 2
    arrangements = [(i,) * seats for i in range(len(decks))] if mirror else \
        list(itertools.product(range(len(decks)), repeat=2))
    per_seat = max(1, round(check.games * scale / seats))
    for number, arrangement in enumerate(arrangements):
        for seat in range(seats):
            agents = [check.strong if s == seat else check.weak for s in range(seats)]
            results = run_games(engine, [decks[i] for i in arrangement], agents, games=per_seat,
                                seed=check.seed + 100 * number + seat, workers=workers, rotate=False)
            for r in results:
                if mirror:
                    firsts = sum(place == 1 for place in r.placements)
                    wins += 1 / firsts if r.placements[seat] == 1 else 0
                else:
                    wins += r.placements[seat] == 1 if r.placements else seat in r.winners
            games += len(results)
    low, high = wilson_interval(wins, games)
    return {"wins": round(wins, 2), "games": games, "rate": round(wins / games, 4), "low": round(low, 4),
            "high": round(high, 4), "tables": "mirror, tie-split" if mirror else "ordered deck pairs"}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--game", action="append", choices=sorted(GAMES), help="only these games (repeatable)")
    parser.add_argument("--scale", type=float, default=1.0, help="multiply every game count (default 1)")
    parser.add_argument("--workers", type=int, default=os.cpu_count() or 1,
                        help="processes playing the games (default: the machine's cores; the figures do not depend on it)")
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
            won = "score" if seats > 2 else "won"
            print(f"  {check.label}: {result['wins']:g}/{result['games']} {won} ({result['rate']:.3f}), "
                  f"95% CI {result['low']:.3f}-{result['high']:.3f} "
                  f"(target: lower bound > {share:.2f}: {'met' if met else 'NOT met'})", flush=True)
    save_results("agents", figures)
    if missed:
        print("Missed: " + "; ".join(missed))
        raise SystemExit(1)


if __name__ == "__main__":
    main()
