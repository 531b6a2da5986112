"""Deck doctor benchmark (`make bench`; issue 28, "Performance").

1. **A doctor run**: Emerald Vanguard (Boundless) against a field of four (Akumaiden Onslaught,
   Undertow Tempo and two random legal decks, seeded), greedy against greedy, started the way the
   web starts it (``simulate.doctor_runs.doctor_start``) on the local pool with 2 worker processes,
   timed until its verdicts are in. Targets: >= 30 candidates measured, verdicts within 10 minutes.
2. **Paired against unpaired**: for the first few candidates, the same number of games again from
   *other* seeds (the candidate's games independent of the original's), and the interval
   half-width each way on the same games; the games unpaired needs for the paired width are
   ``games * (unpaired width / paired width) ** 2`` (widths shrink as 1 / sqrt(games)). Target:
   paired needs at least 2x fewer. The same figure from the run's own games (the marginal
   variances of the two decks, which independent seeds would add) is printed beside it.

The database is a throwaway SQLite file; the machine's load average is printed (a shared machine
slows every figure). BENCH_DOCTOR_CANDIDATES, BENCH_DOCTOR_LOOKS, BENCH_DOCTOR_GAMES (per look)
and BENCH_DOCTOR_UNPAIRED (games per opponent) shrink it for a quick try; ``--small`` is such a try
ready-made (4 candidates, 2 looks of 6 games, 12 unpaired games per opponent: a minute or two,
enough to see both half-widths and their ratio printed, not to judge the targets). Figures are
printed and saved to bench-results/doctor.json (a shrunk run's to doctor-small.json, so it never
stands for the full one).
"""

from __future__ import annotations

import json
import os
import random
import shutil
import sys
import tempfile
import time
from concurrent.futures import ProcessPoolExecutor
from itertools import chain
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
RESULTS = ROOT / "bench-results"
SMALL = {"BENCH_DOCTOR_CANDIDATES": "4", "BENCH_DOCTOR_LOOKS": "2", "BENCH_DOCTOR_GAMES": "6",
         "BENCH_DOCTOR_UNPAIRED": "12"}
if "--small" in sys.argv[1:]:
    for name, value in SMALL.items():
        os.environ.setdefault(name, value)
SHRUNK = any(name in os.environ for name in SMALL)
CANDIDATES = int(os.environ.get("BENCH_DOCTOR_CANDIDATES", 32))
LOOKS = int(os.environ.get("BENCH_DOCTOR_LOOKS", 8))
GAMES = int(os.environ.get("BENCH_DOCTOR_GAMES", 10))
UNPAIRED = int(os.environ.get("BENCH_DOCTOR_UNPAIRED", 40))
UNPAIRED_CANDIDATES = 3
SEED = 2028
WORKERS = 2


def setup(home: Path) -> None:
    os.environ.update({"DJANGO_SETTINGS_MODULE": "config.settings", "DATABASE_URL": f"sqlite:///{home / 'b.sqlite3'}",
                       "SIMULATION_BACKEND": "local", "SIMULATION_LOCAL_WORKERS": str(WORKERS),
                       "SIMULATION_MAX_GAMES": "1000000", "SIMULATION_RESUME_ON_START": "0"})
    import django

    django.setup()
    import io

    from django.core.management import call_command

    call_command("migrate", verbosity=0, interactive=False, stdout=io.StringIO())
    call_command("load_cardpool", verbosity=0, stdout=io.StringIO())


def decks(user) -> list[int]:
    from decks.selectors import game_card_specs
    from decks.services import deck_create, deck_import_text
    from rules.core.registry import get_construction

    ids = []
    for name in ("emerald-vanguard", "akumaiden-onslaught", "undertow-tempo"):
        text = (ROOT / "fixtures" / "decks" / f"boundless-{name}.txt").read_text(encoding="utf-8")
        ids.append(deck_import_text(owner=user, game="boundless", text=text).pk)
    pool = game_card_specs("boundless")
    for n in (1, 2):
        dealt = get_construction("boundless").random_legal_deck(pool, random.Random(SEED + n))
        sections = {s: [(e.card.id, e.qty) for e in entries] for s, entries in dealt.sections.items()}
        ids.append(deck_create(owner=user, game="boundless", name=f"Random legal {n}", sections=sections).pk)
    return ids


def unpaired_figures(run, report: dict) -> list[dict]:
    """Paired against unpaired half-widths for the first candidates, on the same number of games."""
    from simulate import doctor
    from simulate.doctor_runs import load_doctor

    found = load_doctor(run)
    z = found.z()
    rows = []
    chosen = [c for c in found.candidates if c.assessment and c.assessment.games][:UNPAIRED_CANDIDATES]
    with ProcessPoolExecutor(WORKERS) as pool:
        for candidate in chosen:
            k = found.settings.games_per_look  # the paired games start after the screen's
            n = min(UNPAIRED, len(found.scores[candidate.number][0]) - k)
            other_seed = doctor.game_seed(SEED, -1, candidate.number)  # seeds no paired game used
            futures = [pool.submit(_play, found.deck_of(candidate.number), found.opponents, found.settings, other_seed,
                                   start, min(5, n - start)) for start in range(0, n, 5)]
            parts = [f.result()["scores"] for f in futures]
            independent = [list(chain.from_iterable(p[o] for p in parts)) for o in range(len(found.opponents))]
            original = [row[k:k + n] for row in found.scores[doctor.ORIGINAL]]
            paired = [row[k:k + n] for row in found.scores[candidate.number]]
            paired_half = _half(paired, original, z)
            unpaired_half = _half_unpaired(independent, original, z)
            model = doctor.unpaired_half_width(paired, original, z)
            rows.append({"candidate": candidate.swap.label, "games": n * len(found.opponents),
                         "paired_half_width": round(paired_half, 4), "unpaired_half_width": round(unpaired_half, 4),
                         "games_ratio": round((unpaired_half / paired_half) ** 2, 2) if paired_half else None,
                         "games_ratio_from_variances": round((model / paired_half) ** 2, 2) if paired_half else None})
    return rows


def _play(deck, opponents, settings, seed, first, count):
    from rules.core.registry import get_engine
    from simulate import doctor

    return doctor.play_chunk(get_engine("boundless"), deck, opponents, settings, seed, first, count)


def _half(candidate, original, z) -> float:
    """The paired interval's half-width (unclipped)."""
    import math

    variance = 0.0
    for mine, theirs in zip(candidate, original, strict=True):
        diffs = [a - b for a, b in zip(mine, theirs, strict=True)]
        mean = sum(diffs) / len(diffs)
        variance += sum((d - mean) ** 2 for d in diffs) / (len(diffs) - 1) / len(diffs)
    return z * math.sqrt(variance) / len(candidate)


def _half_unpaired(candidate, original, z) -> float:
    """The half-width of (candidate's mean - original's mean) from independent games."""
    from simulate import doctor

    return doctor.unpaired_half_width(candidate, original, z)


def _verdict(met: bool) -> str:
    """ok / MISSED against a target; a shrunk run's sizes are not the target's, so it only says so."""
    if SHRUNK:
        return "(a shrunk run: the targets are the full run's)"
    return "ok" if met else "MISSED"


def main() -> None:
    home = Path(tempfile.mkdtemp(prefix="bench-doctor-"))
    try:
        setup(home)
        from django.contrib.auth import get_user_model

        from simulate import doctor_runs, runner

        user = get_user_model().objects.create_user("bench", password="bench-pw")
        ids = decks(user)
        load = os.getloadavg()
        print(f"deck doctor benchmark: Emerald Vanguard vs a field of 4, {CANDIDATES} candidates, {GAMES} games a "
              f"look, at most {LOOKS} looks, greedy, {WORKERS} workers; load average {load[0]:.2f} "
              f"({os.cpu_count()} CPUs)", flush=True)
        runner.local_pool().warm()
        began = time.perf_counter()
        run = doctor_runs.doctor_start(owner=user, deck_id=ids[0], field=ids[1:], seed=SEED, agents=["greedy"],
                                       candidates=CANDIDATES, games_per_look=GAMES, max_looks=LOOKS)
        while True:
            run.refresh_from_db()
            if not run.is_active:
                break
            time.sleep(1)
        seconds = time.perf_counter() - began
        report = doctor_runs.doctor_report(run)
        if run.status != "done":
            sys.exit(f"the doctor run ended {run.status}: {run.error}")
        verdicts: dict[str, int] = {}
        for row in report["candidates"]:
            verdicts[row["verdict"]] = verdicts.get(row["verdict"], 0) + 1
        measured = len(report["candidates"])
        print(f"  {report['screened']} legal swaps screened, {measured} candidates measured, verdicts {verdicts}, "
              f"{report['games_spent']} games, "
              f"{seconds:.1f} s (target <= 600 s, >= 30 candidates) "
              f"{_verdict(seconds <= 600 and measured >= 30)}", flush=True)
        for row in report["helpful"]:
            print(f"    helps: {row['label']}: {row['change'] * 100:+.1f} points ({row['low'] * 100:+.1f} to "
                  f"{row['high'] * 100:+.1f}), {row['games']} games")
        runner.reset_local_pool()
        pairs = unpaired_figures(run, report)
        for row in pairs:
            print(f"  {row['candidate']}: {row['games']} games: half-width paired {row['paired_half_width']}, "
                  f"unpaired {row['unpaired_half_width']}: unpaired needs {row['games_ratio']}x the games "
                  f"({row['games_ratio_from_variances']}x from the run's variances)")
        ratios = [r["games_ratio"] for r in pairs if r["games_ratio"]]
        overall = sorted(ratios)[len(ratios) // 2] if ratios else None
        print(f"  median games ratio unpaired / paired: {overall} (target >= 2) "
              f"{_verdict(bool(overall and overall >= 2))}")
        RESULTS.mkdir(exist_ok=True)
        (RESULTS / ("doctor-small.json" if SHRUNK else "doctor.json")).write_text(json.dumps({
            "seed": SEED, "workers": WORKERS, "cpus": os.cpu_count(), "load_average_at_start": load,
            "load_average_at_end": os.getloadavg(), "seconds": round(seconds, 1), "screened": report["screened"],
            "candidates": measured,
            "verdicts": verdicts, "games_spent": report["games_spent"], "helpful": report["helpful"],
            "paired_vs_unpaired": pairs, "median_games_ratio": overall}, indent=2) + "\n")
    finally:
        from simulate import runner

        runner.reset_local_pool()
        shutil.rmtree(home, ignore_errors=True)


if __name__ == "__main__":
    main()
