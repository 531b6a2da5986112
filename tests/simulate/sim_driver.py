"""A stand-in for the web process in the multi-process tests and the benchmark.

Celery workers and local pool processes are other processes, so they cannot see pytest's
in-memory test database: these tests use a dedicated SQLite file (``DATABASE_URL``) that this
driver migrates and fills, and on which it starts runs like the web does. Run as

    DATABASE_URL=sqlite:////tmp/x.sqlite3 python -m tests.simulate.sim_driver COMMAND [ARGS]

Commands (each prints one JSON document on stdout):
  setup                               migrate, load the card pools, create a user and 3 decks
  start BACKEND GAMES SEED AGENT [--wait] [--chunk N] [--mode M]
                                      start a head-to-head run of decks 1 and 2; with --mode league
                                      a league of the 3 decks (GAMES per pairing); with --mode doctor
                                      a deck doctor run of deck 1 against decks 2 and 3 (GAMES a look,
                                      2 looks at most, 3 candidates)
  reference AGENT GAMES:SEED:MODE... [--chunk N]
                                      local runs one after another on one pool, each to its end:
                                      their status and results (what Celery's must equal)
  status RUN                          progress and per-chunk counts of a run
  results RUN                         the run's results (merged done chunks; a doctor run's report)
  resume [--stale-after S]            manage.py resume_simulations for celery runs
  crowd RUNS SAVES                    while a local run plays, RUNS users start a run each and
                                      SAVES deck saves happen, all at once (threads, each with its
                                      own connection, as a threaded server's requests): the errors
"""

from __future__ import annotations

import argparse
import io
import json
import os
import sys
import time
from pathlib import Path


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
        text = Path(f"fixtures/decks/boundless-{name}.txt").read_text(encoding="utf-8")
        ids.append(deck_import_text(owner=user, game="boundless", text=text).pk)
    return {"user": user.pk, "decks": ids}


DOCTOR_SIZES = {"max_looks": 2, "candidates": 3}


def _driver_and_decks():
    from django.contrib.auth import get_user_model

    from decks.models import Deck

    user = get_user_model().objects.get(username="driver")
    return user, list(Deck.objects.filter(owner=user).order_by("pk").values_list("pk", flat=True))


def _begin(mode: str, games: int, seed: int, agent: str):
    """Start a run of ``mode`` (see ``start``) as the web would; the run."""
    from simulate import services

    user, decks = _driver_and_decks()
    if mode == "doctor":
        from simulate import doctor_runs

        return doctor_runs.doctor_start(owner=user, deck_id=decks[0], field=decks[1:3], seed=seed, agents=[agent],
                                        games_per_look=games, **DOCTOR_SIZES)
    return services.simulation_start(owner=user, game="boundless", mode=mode,
                                     deck_ids=decks[:3] if mode == "league" else decks[:2],
                                     games=games, seed=seed, agents=[agent])


def _wait_over(run) -> dict:
    """Poll until ``run`` is over; its status and results."""
    while True:
        run.refresh_from_db()
        if not run.is_active:
            break
        time.sleep(0.05)
    return {"status": run.status, "results": _results_of(run)}


def start(backend: str, games: int, seed: int, agent: str, wait: bool, chunk: int | None,
          mode: str = "head_to_head") -> dict:
    _django(backend, chunk)
    if backend == "local":  # the pool's processes start before the clock does (as Celery's do)
        from simulate import runner

        runner.local_pool().warm()
    began = time.perf_counter()
    run = _begin(mode, games, seed, agent)
    out = {"run": run.pk, "chunks": run.chunks.count()}
    if wait:
        out.update(_wait_over(run))
        out["seconds"] = time.perf_counter() - began
        from simulate import runner

        runner.reset_local_pool()
    return out


def reference(specs: list[str], agent: str, chunk: int | None) -> dict:
    """Several runs on the local pool, one after another in this process (one pool, started once):
    ``{"GAMES:SEED:MODE": {"status": .., "results": ..}}``, the figures a test compares another
    backend's runs with."""
    _django("local", chunk)
    from simulate import runner

    runner.local_pool().warm()
    out = {}
    for spec in specs:
        games, seed, mode = spec.split(":")
        out[spec] = _wait_over(_begin(mode, int(games), int(seed), agent))
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


def _results_of(run) -> dict:
    """A run's results; a doctor run's are its report (``doctor_runs.doctor_report``)."""
    from simulate import doctor_runs, selectors

    return doctor_runs.doctor_report(run) if run.mode == "doctor" else selectors.run_results(run)


def results(run_id: int) -> dict:
    _django()
    from simulate.models import SimulationRun

    return _results_of(SimulationRun.objects.get(pk=run_id))


def resume(stale_after: float | None) -> dict:
    _django("celery")
    from django.core.management import call_command

    out = io.StringIO()
    args = ["resume_simulations", "--backend", "celery"]
    if stale_after is not None:
        args += ["--stale-after", str(stale_after)]
    call_command(*args, stdout=out)
    return {"output": out.getvalue()}


def crowd(runs: int, saves: int) -> dict:
    """Concurrent writes from many threads while the local pool's processes store chunks."""
    _django("local", 2)
    import threading

    from django.contrib.auth import get_user_model
    from django.db import connection

    from decks.models import Deck
    from decks.services import deck_set_cards
    from simulate import runner, services
    from simulate.models import SimulationRun

    owner = get_user_model().objects.get(username="driver")
    decks = list(Deck.objects.filter(owner=owner).order_by("pk"))
    background = services.simulation_start(owner=owner, game="boundless", mode="head_to_head",
                                           deck_ids=[decks[0].pk, decks[1].pk], games=400, seed=3, agents=["random"])
    users = [get_user_model().objects.create_user(f"crowd{i}", password="crowd-pw") for i in range(runs)]
    eager = get_user_model().objects.create_user("eager", password="crowd-pw")  # starts 8 runs at once
    Deck.objects.filter(pk__in=[d.pk for d in decks]).update(visibility=Deck.PUBLIC)
    rows = {d.pk: [(r.card_id, r.quantity, r.section) for r in d.cards.all()] for d in decks}
    errors: list[str] = []
    gate = threading.Barrier(runs + saves + 8)
    refused: list[str] = []

    def start_eager():
        try:
            gate.wait()
            services.simulation_start(owner=eager, game="boundless", mode="head_to_head",  # long: still active
                                      deck_ids=[decks[0].pk, decks[2].pk], games=5000, seed=1, agents=["random"])
        except services.SimulationError as exc:
            refused.append(exc.code)
        except Exception as exc:
            errors.append(f"eager: {exc!r}")
        finally:
            connection.close()

    def start_run(user):
        try:
            gate.wait()
            services.simulation_start(owner=user, game="boundless", mode="head_to_head",
                                      deck_ids=[decks[0].pk, decks[2].pk], games=4, seed=1, agents=["random"])
        except Exception as exc:  # every error counts
            errors.append(f"start: {exc!r}")
        finally:
            connection.close()

    def save_deck(number):
        deck = decks[number % len(decks)]
        try:
            gate.wait()
            sections = {}
            for card_id, qty, section in rows[deck.pk]:
                sections.setdefault(section, []).append((card_id, qty))
            deck_set_cards(actor=owner, deck=Deck.objects.get(pk=deck.pk), sections=sections, note=f"save {number}")
        except Exception as exc:
            errors.append(f"save: {exc!r}")
        finally:
            connection.close()

    threads = [threading.Thread(target=start_run, args=(u,)) for u in users]
    threads += [threading.Thread(target=save_deck, args=(n,)) for n in range(saves)]
    threads += [threading.Thread(target=start_eager) for _ in range(8)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    started = SimulationRun.objects.exclude(pk=background.pk).exclude(owner=eager).count()
    eager_runs = SimulationRun.objects.filter(owner=eager).count()
    runner.reset_local_pool()
    return {"errors": errors, "runs_started": started, "versions": sum(d.versions.count() for d in decks),
            "eager_runs": eager_runs, "eager_refused": sorted(refused)}


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
    p.add_argument("--mode", default="head_to_head", choices=["head_to_head", "league", "doctor"])
    p = sub.add_parser("reference")
    p.add_argument("agent")
    p.add_argument("specs", nargs="+", help="GAMES:SEED:MODE")
    p.add_argument("--chunk", type=int)
    for name in ("status", "results"):
        sub.add_parser(name).add_argument("run", type=int)
    sub.add_parser("resume").add_argument("--stale-after", type=float)
    p = sub.add_parser("crowd")
    p.add_argument("runs", type=int)
    p.add_argument("saves", type=int)
    args = parser.parse_args(argv)
    if args.command == "setup":
        out = setup()
    elif args.command == "start":
        out = start(args.backend, args.games, args.seed, args.agent, args.wait, args.chunk, args.mode)
    elif args.command == "reference":
        out = reference(args.specs, args.agent, args.chunk)
    elif args.command == "status":
        out = status(args.run)
    elif args.command == "results":
        out = results(args.run)
    elif args.command == "crowd":
        out = crowd(args.runs, args.saves)
    else:
        out = resume(args.stale_after)
    sys.stdout.write(json.dumps(out, sort_keys=True) + "\n")


if __name__ == "__main__":
    main(sys.argv[1:])
