"""Replay timings (robustness issue, part 2): a game played by ISMCTS played again for its
replay (uncached, what a request cost before), then the same replay from the cache.

    .venv/bin/python scripts/bench_replays.py        # part of `make bench`

Uses a throwaway SQLite database in a temporary directory (migrated, card pools loaded).
"""

from __future__ import annotations

import io
import os
import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
ITERATIONS = 300


def main() -> None:
    home = tempfile.mkdtemp(prefix="bench-replays-")
    os.environ["DATABASE_URL"] = f"sqlite:///{home}/db.sqlite3"
    os.environ["SIMULATION_BACKEND"] = "inline"
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
    os.chdir(ROOT)
    import django

    django.setup()
    from django.contrib.auth import get_user_model
    from django.core.management import call_command

    from decks.services import deck_import_text
    from simulate import replays, selectors, services

    call_command("migrate", verbosity=0, stdout=io.StringIO())
    call_command("load_cardpool", "--no-decks", verbosity=0, stdout=io.StringIO())
    user = get_user_model().objects.create_user("bench", password="bench-password-1")
    decks = [deck_import_text(owner=user, game="boundless", text=(ROOT / f"fixtures/decks/boundless-{name}.txt").read_text())
             for name in ("emerald-vanguard", "akumaiden-onslaught")]
    agent = {"name": "ismcts", "iterations": ITERATIONS}
    run = services.simulation_start(owner=user, game="boundless", mode="head_to_head",
                                    deck_ids=[d.pk for d in decks], games=3, seed=11, agents=[agent])
    run.refresh_from_db()
    print(f"replay benchmark: Boundless, ISMCTS ({ITERATIONS} iterations) against itself, run {run.status}", flush=True)
    uncached = []
    for game in range(3):
        began = time.perf_counter()
        selectors.simulation_replay(run, 0, game)
        uncached.append(time.perf_counter() - began)
    replays._store({"run": run, "pairing": 0, "game": 0, "engine_version": run.engine_version},
                   "ready", data=selectors.simulation_replay(run, 0, 0), requester="bench")
    cached = []
    for _ in range(20):
        began = time.perf_counter()
        replays.replay(run, 0, 0, "bench")
        cached.append(time.perf_counter() - began)
    print(f"  uncached (played again): median {statistics.median(uncached) * 1000:9.1f} ms  "
          f"(max {max(uncached) * 1000:.1f} ms, 3 games)")
    print(f"  cached (kept replay):    median {statistics.median(cached) * 1000:9.1f} ms  "
          f"({statistics.median(uncached) / statistics.median(cached):.0f}x faster)")


if __name__ == "__main__":
    main()
