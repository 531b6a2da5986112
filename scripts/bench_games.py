"""Every game's engine beside python-chess (`make bench`): random-vs-random steps per second.

On one core (pinned where the OS allows), rounds alternating with python-chess random playouts
(``scripts/bench_engine.py``'s, a move = generate the legal moves, pick one, push it, ask whether
the game is over), best round kept: each registered engine's games between its sample decks
(fixtures/decks/<game>-*.txt, read against fixtures/<game>.json, no database), at its smallest
seat count, and at every other seat count it is played with. A step is one decision point
applied (several seats' choices at once count one). Targets (each engine's issue): steps/s >= 2x
python-chess moves/s. Saved to bench-results/games.json.

Both sides are timed in CPU seconds of this process (``time.process_time``), not wall seconds:
other work on a shared machine stretches wall time unevenly between rounds (a loaded round of
one side beside a quiet round of the other), while the CPU time a step costs barely moves.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from rules.core.decks import CardSpec, DeckList, parse_deck_text, resolve_deck  # noqa: E402
from rules.core.play import run_games  # noqa: E402
from rules.core.registry import game_slugs, get_engine, get_game  # noqa: E402
from scripts.bench_engine import bench_chess, load_average, save_results  # noqa: E402


def sample_decks(game: str) -> list[DeckList]:
    data = json.loads((ROOT / "fixtures" / f"{game}.json").read_text(encoding="utf-8"))
    pool = [CardSpec(id=i, name=c["name"], card_type=c["card_type"], attributes=c.get("attributes", {}),
                     effects=tuple(c.get("effects", ())), set_code=c["set"], number=c["number"], text=c.get("text", ""))
            for i, c in enumerate(data["cards"], 1)]
    decks = []
    for path in sorted((ROOT / "fixtures" / "decks").glob(f"{game}-*.txt")):
        deck, errors = resolve_deck(parse_deck_text(path.read_text(encoding="utf-8"), get_game(game)), pool, game=game)
        if errors:
            raise SystemExit(f"{path}: {'; '.join(map(str, errors))}")
        decks.append(deck)
    return decks


def bench_engine(engine, decks: list[DeckList], seats: int, games: int) -> dict:
    """Random-vs-random games at ``seats`` seats, the sample decks taking turns at the table."""
    tables = [[decks[(start + i) % len(decks)] for i in range(seats)] for start in range(len(decks))]
    per_table = max(1, games // len(tables))
    played = steps = 0
    start = time.process_time()
    for number, table in enumerate(tables):
        results = run_games(engine, table, ["random"] * seats, games=per_table, seed=number)
        played += len(results)
        steps += sum(r.steps for r in results)
    seconds = time.process_time() - start
    return {"seats": seats, "games": played, "steps": steps, "seconds": round(seconds, 3),
            "steps_per_s": round(steps / seconds)}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--games", type=int, default=1000, help="random games a round per engine and seat count")
    parser.add_argument("--chess-games", type=int, default=25, help="python-chess random playouts a round")
    parser.add_argument("--rounds", type=int, default=3, help="alternating rounds, best kept (default 3)")
    parser.add_argument("--game", action="append", help="only these games (default: every game with an engine)")
    args = parser.parse_args()
    games = args.game or [slug for slug in game_slugs() if get_engine(slug) is not None]
    cpus = sorted(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else []
    if cpus:
        os.sched_setaffinity(0, {cpus[0]})
    load_before = load_average()
    print(f"Game engines beside python-chess, random vs random, one core, CPU seconds "
          f"(load average before: {load_before})")
    best: dict[tuple[str, int], dict] = {}
    chess_best = None
    for _ in range(args.rounds):
        for game in games:
            engine, decks = get_engine(game), sample_decks(game)
            for seats in engine.seat_counts():
                figure = bench_engine(engine, decks, seats, args.games)
                key = (game, seats)
                if key not in best or figure["steps_per_s"] > best[key]["steps_per_s"]:
                    best[key] = figure
        chess = bench_chess(args.chess_games, clock=time.process_time)
        if chess_best is None or chess["moves_per_s"] > chess_best["moves_per_s"]:
            chess_best = chess
    print(f"  python-chess {chess_best['chess_version']}: {chess_best['moves_per_s']:,} moves/s "
          f"(best of {args.rounds} rounds)")
    out = {"chess_random": chess_best, "engines": []}
    for (game, seats), figure in best.items():
        ratio = figure["steps_per_s"] / chess_best["moves_per_s"]
        verdict = "met" if ratio >= 2 else "NOT met"
        print(f"  {game} ({get_engine(game).version}), {seats} seats: {figure['games']} games, {figure['steps']} steps "
              f"in {figure['seconds']} s -> {figure['steps_per_s']:,} steps/s = {ratio:.2f}x chess "
              f"(target >= 2: {verdict})")
        out["engines"].append({"game": game, **figure, "ratio": round(ratio, 2)})
    save_results("games", out, load_before)


if __name__ == "__main__":
    main()
