"""Engine benchmark (`make bench`, second half): Boundless speed beside a pure-Python reference.

On one core (the process is pinned to a single CPU where the OS allows it):
  - Boundless random-vs-random games: games/s and engine steps/s (a step = one applied action),
  - python-chess random playouts in the same run, rounds alternating with Boundless's: moves/s (a move = generate the legal moves,
    pick one at random, push it, ask whether the game is over).
Target (issue 4): Boundless steps/s >= 2x python-chess moves/s.
Then, on the local process pool: 10,000 greedy-vs-greedy Boundless games with workers=2
(target: under 60 s on the 2-core machine).

With ``--baseline REV`` (a git revision, e.g. ``HEAD`` before a change) the engine as it was at
REV is extracted to a temporary package and timed in the same run, alternating with today's
(``--baseline-rounds`` rounds each, best kept), so a change to the engine is judged against the
same machine and load: the random-vs-random steps/s and the greedy pool time of both, and their
ratio (target for a refactoring: the greedy pool within 5% of the baseline's time).

Decks are the sample decks in fixtures/decks, read against fixtures/boundless.json directly (no
database). Figures are printed and saved to bench-results/engine.json. Timings use the wall
clock, which is fine here: benchmarks live in `make bench`, never in tests. Other work on the
machine slows every figure down, so the load average is printed (and saved) before and after:
quote figures only from a quiet machine (load well under 1 per core).
"""

from __future__ import annotations

import argparse
import importlib
import itertools
import json
import os
import random
import re
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
RESULTS = ROOT / "bench-results"

from rules.core.decks import CardSpec, DeckList, parse_deck_text, resolve_deck  # noqa: E402
from rules.core.play import run_games  # noqa: E402
from rules.core.registry import get_engine, get_game  # noqa: E402

GAME = "boundless"


def load_decks() -> list[DeckList]:
    """The sample Boundless decks, resolved against the fixture card pool."""
    data = json.loads((ROOT / "fixtures" / f"{GAME}.json").read_text(encoding="utf-8"))
    pool = [CardSpec(id=i, name=c["name"], card_type=c["card_type"], attributes=c.get("attributes", {}),
                     effects=tuple(c.get("effects", ())), set_code=c["set"], number=c["number"], text=c.get("text", ""))
            for i, c in enumerate(data["cards"], 1)]
    decks = []
    for path in sorted((ROOT / "fixtures" / "decks").glob(f"{GAME}-*.txt")):
        deck, errors = resolve_deck(parse_deck_text(path.read_text(encoding="utf-8"), get_game(GAME)), pool, game=GAME)
        if errors:
            raise SystemExit(f"{path}: {'; '.join(map(str, errors))}")
        decks.append(deck)
    return decks


def load_average() -> list[float] | None:
    """The 1, 5 and 15 minute load averages (None where the OS has none)."""
    try:
        return [round(x, 2) for x in os.getloadavg()]
    except (AttributeError, OSError):
        return None


def save_results(name: str, figures: dict, load_before: list[float] | None = None) -> None:
    """Print the load average after the run (when ``load_before`` is given, both go into the figures)
    and write ``figures`` to ``bench-results/<name>.json`` (sorted keys), saying where."""
    if load_before is not None:
        figures["load_average"] = {"before": load_before, "after": load_average()}
        print(f"  load average after: {figures['load_average']['after']}")
    RESULTS.mkdir(exist_ok=True)
    path = RESULTS / f"{name}.json"
    path.write_text(json.dumps(figures, indent=2, sort_keys=True) + "\n", encoding="utf-8")
    print(f"  saved to {path}")


def matchups(decks: list[DeckList]) -> list[tuple[DeckList, DeckList]]:
    return list(itertools.combinations_with_replacement(decks, 2))


def bench_boundless(engine, decks: list[DeckList], games: int) -> dict:
    """Random-vs-random games in this process, spread over every pairing of the sample decks."""
    pairs = matchups(decks)
    per_pair = max(1, games // len(pairs))
    played = steps = 0
    start = time.perf_counter()
    for number, (a, b) in enumerate(pairs):
        results = run_games(engine, [a, b], ["random", "random"], games=per_pair, seed=number)
        played += len(results)
        steps += sum(r.steps for r in results)
    seconds = time.perf_counter() - start
    return {"games": played, "steps": steps, "seconds": round(seconds, 3),
            "games_per_s": round(played / seconds, 1), "steps_per_s": round(steps / seconds)}


def bench_chess(games: int, seed: int = 1, clock=time.perf_counter) -> dict:
    """python-chess random playouts from the initial position, to the end of each game, timed by
    ``clock`` (wall seconds by default)."""
    import chess

    rng = random.Random(seed)
    moves = 0
    start = clock()
    for _ in range(games):
        board = chess.Board()
        while not board.is_game_over():
            board.push(rng.choice(list(board.legal_moves)))
            moves += 1
    seconds = clock() - start
    return {"games": games, "moves": moves, "seconds": round(seconds, 3), "moves_per_s": round(moves / seconds),
            "chess_version": chess.__version__}


def bench_greedy_pool(engine, decks: list[DeckList], games: int, workers: int) -> dict:
    """Greedy vs greedy on the local process pool (the mirror of the first two sample decks)."""
    start = time.perf_counter()
    results = run_games(engine, [decks[0], decks[1]], ["greedy", "greedy"], games=games, seed=1, workers=workers)
    seconds = time.perf_counter() - start
    return {"games": len(results), "workers": workers, "steps": sum(r.steps for r in results),
            "seconds": round(seconds, 2), "games_per_s": round(len(results) / seconds, 1)}


BASELINE_PACKAGE = "boundless_baseline"

#: engines written before the v2 protocol (rules/core/engine.py) used end reasons the core no
#: longer declares; the baseline gets them back locally so it still runs
_OLD_END_REASONS = (
    "class EndReason(StrEnum):\n"
    "    SPIRITS_IN_VOID = \"spirits_in_void\"\n    DECK_OUT = \"deck_out\"\n    ALTERNATE_WIN = \"alternate_win\"\n"
)


_OLD_SAYING = """

# -- added by scripts/bench_engine.py: the v2 protocol's action_to_string, from describe_action --
for _class in list(globals().values()):
    if isinstance(_class, type) and getattr(_class, "__abstractmethods__", None) == frozenset({"action_to_string"}):
        _class.action_to_string = _class.describe_action
        _class.__abstractmethods__ = frozenset()
"""


def load_baseline(revision: str):
    """The Boundless engine as it was at git ``revision``, imported from a temporary copy of
    rules/boundless (imports rewritten to the copy). An engine older than the v2 protocol is
    shimmed just enough to start games: ``action_to_string`` is its ``describe_action`` and its
    end reasons are declared locally. Nothing else changes: the baseline plays its own rules."""
    listing = subprocess.run(["git", "ls-tree", "--name-only", revision, f"rules/{GAME}/"], cwd=ROOT, check=True,
                             capture_output=True, text=True).stdout.split()
    folder = Path(tempfile.mkdtemp(prefix="bench-engine-baseline-"))
    package = folder / BASELINE_PACKAGE
    package.mkdir()
    for path in listing:
        if not path.endswith(".py"):
            continue
        text = subprocess.run(["git", "show", f"{revision}:{path}"], cwd=ROOT, check=True, capture_output=True,
                              text=True).stdout
        text = re.sub(rf"\brules\.{GAME}\b", BASELINE_PACKAGE, text)
        if "EndReason.SPIRITS_IN_VOID" in text and "class EndReason" not in text:
            text = re.sub(r"from rules\.core\.engine import ([^\n]*)\bEndReason, ", r"from rules.core.engine import \1", text)
            text = text.replace("\nVERSION = ", "\nfrom enum import StrEnum\n\n\n" + _OLD_END_REASONS + "\n\nVERSION = ", 1)
        if "def describe_action" in text and "def action_to_string" not in text:
            text += _OLD_SAYING
        (package / Path(path).name).write_text(text, encoding="utf-8")
    sys.path.insert(0, str(folder))  # (spawned pool workers inherit sys.path and import the copy)
    return importlib.import_module(f"{BASELINE_PACKAGE}.engine").ENGINE


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--games", type=int, default=300, help="random-vs-random Boundless games a round (default 300)")
    parser.add_argument("--chess-games", type=int, default=25, help="python-chess random playouts a round (default 25)")
    parser.add_argument("--greedy-games", type=int, default=10_000, help="greedy games on the pool (default 10000)")
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--rounds", type=int, default=3, help="alternating one-core rounds, best kept (default 3)")
    parser.add_argument("--baseline", metavar="REV", help="also time the engine as it was at this git revision")
    parser.add_argument("--baseline-rounds", type=int, default=2,
                        help="greedy pool runs of each engine, alternating, best kept (default 2)")
    args = parser.parse_args()

    engine = get_engine(GAME)
    if engine is None:
        raise SystemExit(f"{GAME} has no rules engine yet: nothing to benchmark")
    decks = load_decks()
    baseline = load_baseline(args.baseline) if args.baseline else None
    cpus = sorted(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else []
    if cpus:
        os.sched_setaffinity(0, {cpus[0]})  # one core for the single-process figures
    print(f"Engine benchmark: {GAME} engine {engine.version}, decks: {', '.join(d.name for d in decks)}")
    load_before = load_average()
    print(f"  load average before: {load_before}")
    # alternate the measurements and keep each one's best round: other load on the core only
    # ever slows a round down, so the best round is the fairest comparison
    boundless_rounds, chess_rounds, baseline_rounds = [], [], []
    for _ in range(args.rounds):
        boundless_rounds.append(bench_boundless(engine, decks, args.games))
        chess_rounds.append(bench_chess(args.chess_games))
        if baseline is not None:
            baseline_rounds.append(bench_boundless(baseline, decks, args.games))
    boundless = max(boundless_rounds, key=lambda r: r["steps_per_s"])
    chess_figures = max(chess_rounds, key=lambda r: r["moves_per_s"])
    print(f"  Boundless, random vs random, one core: {boundless['games']} games, {boundless['steps']} steps "
          f"in {boundless['seconds']} s -> {boundless['games_per_s']} games/s, {boundless['steps_per_s']:,} steps/s"
          f" (best of {args.rounds} rounds)")
    print(f"  python-chess {chess_figures['chess_version']} random playouts, one core: {chess_figures['games']} games, "
          f"{chess_figures['moves']} moves in {chess_figures['seconds']} s -> {chess_figures['moves_per_s']:,} moves/s"
          f" (best of {args.rounds} rounds)")
    ratio = boundless["steps_per_s"] / chess_figures["moves_per_s"]
    verdict = "met" if ratio >= 2 else "NOT met"
    print(f"  Boundless steps/s / chess moves/s = {ratio:.2f} (target >= 2: {verdict})")
    figures = {"engine_version": engine.version, "boundless_random": boundless, "chess_random": chess_figures,
               "steps_ratio": round(ratio, 2)}
    if baseline is not None:
        base_random = max(baseline_rounds, key=lambda r: r["steps_per_s"])
        print(f"  baseline ({args.baseline}, engine {baseline.version}), random vs random, one core: "
              f"{base_random['steps_per_s']:,} steps/s; today / baseline = "
              f"{boundless['steps_per_s'] / base_random['steps_per_s']:.3f}")
        figures["baseline"] = {"revision": args.baseline, "engine_version": baseline.version, "random": base_random}
    if cpus:
        os.sched_setaffinity(0, set(cpus))  # the pool may use every core again
    pool_rounds, base_pool_rounds = [], []
    for _ in range(args.baseline_rounds if baseline is not None else 1):
        if baseline is not None:
            base_pool_rounds.append(bench_greedy_pool(baseline, decks, args.greedy_games, args.workers))
            print(f"    baseline greedy pool: {base_pool_rounds[-1]['seconds']} s", flush=True)
        pool_rounds.append(bench_greedy_pool(engine, decks, args.greedy_games, args.workers))
        if baseline is not None:
            print(f"    today's greedy pool:  {pool_rounds[-1]['seconds']} s", flush=True)
    pool = min(pool_rounds, key=lambda r: r["seconds"])
    projected = pool["seconds"] * 10_000 / max(pool["games"], 1)
    pool_verdict = "met" if projected < 60 else "NOT met"
    scaled = "" if pool["games"] == 10_000 else f", {projected:.1f} s projected for 10,000"
    print(f"  {pool['games']:,} greedy-vs-greedy games with workers={pool['workers']}: {pool['seconds']} s "
          f"({pool['games_per_s']} games/s{scaled}; target: 10,000 in < 60 s: {pool_verdict})")
    figures["greedy_pool"] = pool
    if baseline is not None:
        base_pool = min(base_pool_rounds, key=lambda r: r["seconds"])
        change = pool["seconds"] / base_pool["seconds"]
        print(f"  baseline ({args.baseline}): {base_pool['games']:,} greedy games in {base_pool['seconds']} s; "
              f"today / baseline = {change:.3f} (best of {len(pool_rounds)} each; target <= 1.05: "
              f"{'met' if change <= 1.05 else 'NOT met'})")
        figures["baseline"]["greedy_pool"] = base_pool
        figures["baseline"]["greedy_ratio"] = round(change, 3)
    save_results("engine", figures, load_before)


if __name__ == "__main__":
    main()
