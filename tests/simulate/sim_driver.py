"""A stand-in for the web process in the multi-process tests and the benchmark.

Celery workers and local pool processes are other processes, so they cannot see pytest's
in-memory test database: these tests use a dedicated SQLite file (``DATABASE_URL``) that this
driver migrates and fills, and on which it starts runs like the web does. Run as

    DATABASE_URL=sqlite:////tmp/x.sqlite3 python -m tests.simulate.sim_driver COMMAND [ARGS]

Commands (each prints one JSON document on stdout):
  setup                               migrate, load the card pools, create a user and 3 decks
  start BACKEND GAMES SEED AGENT [--wait] [--chunk N]   start a head-to-head run of decks 1 and 2
  status RUN                          progress and per-chunk counts of a run
  results RUN                         the run's results (merged done chunks)
  resume [--stale-after S]            manage.py resume_simulations for celery runs
"""

from __future__ import annotations

import argparse
import io
import json
import os
import sys
import time


def _django(backend: str | None = None, chunk: int | None = None):
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
    if backend:
        os.environ["SIMULATION_BACKEND"] = backend
    if chunk:
        os.environ["SIMULATION_CHUNK_SIZE"] = str(chunk)
    import django

    django.setup()


def setup() -> dict:
    _django()
    from django.core.management import call_command

    call_command("migrate", verbosity=0, interactive=False, stdout=io.StringIO())
    call_command("load_cardpool", verbosity=0, stdout=io.StringIO())
    from django.contrib.auth import get_user_model

    from decks.services import deck_import_text

    user = get_user_model().objects.create_user("driver", password="driver-pw")
    ids = []
    for name in ("emerald-vanguard", "akumaiden-onslaught", "undertow-tempo"):
        text = open(f"fixtures/decks/boundless-{name}.txt", encoding="utf-8").read()
        ids.append(deck_import_text(owner=user, game="boundless", text=text).pk)
    return {"user": user.pk, "decks": ids}


def start(backend: str, games: int, seed: int, agent: str, wait: bool, chunk: int | None) -> dict:
    _django(backend, chunk)
    from django.contrib.auth import get_user_model

    from decks.models import Deck
    from simulate import selectors, services

    user = get_user_model().objects.get(username="driver")
    decks = list(Deck.objects.filter(owner=user).order_by("pk").values_list("pk", flat=True))
    if backend == "local":  # the pool's processes start before the clock does (as Celery's do)
        from simulate import runner

        runner.local_pool().warm()
    began = time.perf_counter()
    run = services.simulation_start(owner=user, game="boundless", mode="head_to_head", deck_ids=decks[:2],
                                    games=games, seed=seed, agents=[agent])
    out = {"run": run.pk, "chunks": run.chunks.count()}
    if wait:
        while True:
            run.refresh_from_db()
            if not run.is_active:
                break
            time.sleep(0.05)
        out["seconds"] = time.perf_counter() - began
        out["status"] = run.status
        out["results"] = selectors.run_results(run)
        from simulate import runner

        runner.reset_local_pool()
    return out


def status(run_id: int) -> dict:
    _django()
    from simulate import selectors
    from simulate.models import RunChunk, SimulationRun

    run = SimulationRun.objects.get(pk=run_id)
    chunks = list(RunChunk.objects.filter(run=run).order_by("index").values("index", "status", "games", "tally"))
    return {"status": run.status, "error": run.error, "progress": selectors.run_progress(run),
            "chunks": [{"index": c["index"], "status": c["status"], "games": c["games"],
                        "tally_games": (c["tally"] or {}).get("games")} for c in chunks]}


def results(run_id: int) -> dict:
    _django()
    from simulate import selectors
    from simulate.models import SimulationRun

    return selectors.run_results(SimulationRun.objects.get(pk=run_id))


def resume(stale_after: float | None) -> dict:
    _django("celery")
    from django.core.management import call_command

    out = io.StringIO()
    args = ["resume_simulations", "--backend", "celery"]
    if stale_after is not None:
        args += ["--stale-after", str(stale_after)]
    call_command(*args, stdout=out)
    return {"output": out.getvalue()}


def main(argv: list[str]) -> None:
    parser = argparse.ArgumentParser()
    sub = parser.add_subparsers(dest="command", required=True)
    sub.add_parser("setup")
    p = sub.add_parser("start")
    p.add_argument("backend")
    p.add_argument("games", type=int)
    p.add_argument("seed", type=int)
    p.add_argument("agent")
    p.add_argument("--wait", action="store_true")
    p.add_argument("--chunk", type=int)
    for name in ("status", "results"):
        sub.add_parser(name).add_argument("run", type=int)
    sub.add_parser("resume").add_argument("--stale-after", type=float)
    args = parser.parse_args(argv)
    if args.command == "setup":
        out = setup()
    elif args.command == "start":
        out = start(args.backend, args.games, args.seed, args.agent, args.wait, args.chunk)
    elif args.command == "status":
        out = status(args.run)
    elif args.command == "results":
        out = results(args.run)
    else:
        out = resume(args.stale_after)
    sys.stdout.write(json.dumps(out, sort_keys=True) + "\n")


if __name__ == "__main__":
    main(sys.argv[1:])
