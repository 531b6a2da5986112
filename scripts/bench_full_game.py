"""Millennium Blades' whole game (`make bench`): complete 4-player games per second, and a
1,000-game run on two worker processes.

What it measures, on the fixture pool (fixtures/millennium_blades.json, no database):

1. **Complete games per second in one process**, through ``rules.core.play.run_games`` on the
   game's deckless mode ``full-game`` (``get_engine("millennium_blades", "full-game")``): every game
   from setup through three Deckbuilding Phases (simultaneous ticks) and three tournaments to final
   scoring, 4 seats all played by ``greedy`` (``--greedy-games``, default 5: a greedy game takes
   seconds, it tries every legal action on a sampled world at every decision), then all by
   ``random`` (``--random-games``, default 200). Wall seconds and CPU seconds of this process.
2. **A 1,000-game run on ``--workers 2``**, end to end through the command line:
   ``manage.py simulate --game millennium_blades --mode full-game --players 4 --games 1000 --agent
   random --workers 2 --json --quiet`` in a subprocess, wall time from start to the JSON report
   (process start-up and the report included), checked to have reported exactly 1,000 games.
   A 1,000-game greedy run would take most of an hour on two cores; the same command with
   ``--agent greedy`` is timed on ``--greedy-run-games`` games (default 20) instead.

Wall times on a shared machine stretch with other work: the load average before and after is
printed and saved with the figures in bench-results/full_game.json.
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from rules.core.decks import DeckList  # noqa: E402
from rules.core.play import run_games  # noqa: E402
from rules.core.registry import get_engine  # noqa: E402
from scripts.bench_engine import load_average, save_results  # noqa: E402

GAME, MODE, PLAYERS = "millennium_blades", "full-game", 4


def in_process(engine, agent: str, games: int, seed: int) -> dict:
    """``games`` complete games, every seat played by ``agent``, in this process."""
    decks = [DeckList(game=GAME, name=f"Seat {seat + 1}") for seat in range(PLAYERS)]
    wall, cpu = time.perf_counter(), time.process_time()
    results = run_games(engine, decks, [agent] * PLAYERS, games=games, seed=seed, rotate=False)
    wall, cpu = time.perf_counter() - wall, time.process_time() - cpu
    assert len(results) == games and all(r.reason == "game_end" for r in results)
    return {"agent": agent, "games": games, "wall_s": round(wall, 2), "cpu_s": round(cpu, 2),
            "games_per_s": round(games / wall, 3), "cpu_games_per_s": round(games / cpu, 3),
            "mean_moves": round(sum(r.steps for r in results) / games, 1)}


def command_run(agent: str, games: int, workers: int, seed: int) -> dict:
    """``manage.py simulate --mode full-game`` in a subprocess, wall time to its JSON report."""
    command = [sys.executable, str(ROOT / "manage.py"), "simulate", "--game", GAME, "--mode", MODE, "--players",
               str(PLAYERS), "--games", str(games), "--seed", str(seed), "--agent", agent, "--workers", str(workers),
               "--json", "--quiet"]
    start = time.perf_counter()
    done = subprocess.run(command, cwd=ROOT, capture_output=True, text=True, check=False)
    wall = time.perf_counter() - start
    if done.returncode:
        raise SystemExit(f"{' '.join(command[1:])} failed ({done.returncode}): {done.stderr.strip()}")
    reported = json.loads(done.stdout)["results"]["games"]
    assert reported == games, f"the run reported {reported} games, not {games}"
    return {"agent": agent, "games": games, "workers": workers, "wall_s": round(wall, 2),
            "games_per_s": round(games / wall, 2), "command": " ".join(["manage.py", *command[2:]])}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--greedy-games", type=int, default=5, help="greedy games timed in one process (default 5)")
    parser.add_argument("--random-games", type=int, default=200, help="random games timed in one process (default 200)")
    parser.add_argument("--run-games", type=int, default=1000, help="games of the random --workers 2 run (1000)")
    parser.add_argument("--greedy-run-games", type=int, default=20,
                        help="games of the greedy --workers 2 run (default 20; 0 skips it)")
    parser.add_argument("--workers", type=int, default=2, help="worker processes of the runs (default 2)")
    args = parser.parse_args()
    engine = get_engine(GAME, MODE)
    before = load_average()
    print(f"Millennium Blades whole game ({MODE}, engine {engine.version}), {PLAYERS} players, fixture pool "
          f"(load average before: {before})")
    out: dict = {"engine_version": engine.version, "players": PLAYERS, "in_process": [], "runs": []}
    for agent, games in (("greedy", args.greedy_games), ("random", args.random_games)):
        figure = in_process(engine, agent, games, seed=1)
        out["in_process"].append(figure)
        print(f"  {agent} x{PLAYERS}, one process: {figure['games']} complete games in {figure['wall_s']} s wall "
              f"({figure['cpu_s']} s CPU) -> {figure['games_per_s']} games/s ({figure['cpu_games_per_s']} per CPU "
              f"second), {figure['mean_moves']} moves a game")
    runs = [("random", args.run_games)] + ([("greedy", args.greedy_run_games)] if args.greedy_run_games else [])
    for agent, games in runs:
        figure = command_run(agent, games, args.workers, seed=7)
        out["runs"].append(figure)
        print(f"  {figure['command']}: {games} games finished in {figure['wall_s']} s wall "
              f"-> {figure['games_per_s']} games/s")
    save_results("full_game", out, before)


if __name__ == "__main__":
    main()
