"""League benchmark (`make bench`, issue 28): a 12-deck Boundless league at 200 games per pairing
(66 pairings, 13,200 greedy games), started the way the web starts it
(``simulate.services.simulation_start``, mode ``league``) and timed until the run is done:

  - local pool, 2 worker processes   (SIMULATION_BACKEND=local, SIMULATION_LOCAL_WORKERS=2)
  - Celery, 2 worker processes       (a real redis-server and `celery -A config worker
                                      --concurrency=2`, started here and stopped after)

Targets: local-2 within 2 minutes; Celery within 15% of it; both give the same league figures
(the same seed). The local workers' CPU time is printed too (what the run costs on two idle cores:
the machine may be shared). The decks: the three Boundless sample decks and nine random legal decks
(``rules.boundless.construction.random_legal_deck``, seeded), saved in a throwaway SQLite file.
BENCH_LEAGUE_GAMES shrinks the run (games per pairing, e.g. 20 for a quick try);
BENCH_LEAGUE_BACKENDS=local skips Celery. The machine's load average is printed with the figures,
which are saved to bench-results/league.json.
"""

from __future__ import annotations

import json
import os
import resource
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from scripts.bench_simulate import CELERY, RESULTS, free_port, stop  # noqa: E402

GAMES = int(os.environ.get("BENCH_LEAGUE_GAMES", 200))
DECKS = 12
SEED = 2028
TARGET_SECONDS = 120.0


def _django() -> None:
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
    import django

    django.setup()


def setup() -> dict:
    """Migrate, load the card pools, and save the league's 12 decks for one user."""
    import io
    import random

    _django()
    from django.contrib.auth import get_user_model
    from django.core.management import call_command

    from decks.selectors import game_card_specs
    from decks.services import deck_create, deck_import_text
    from rules.boundless.construction import random_legal_deck

    call_command("migrate", verbosity=0, interactive=False, stdout=io.StringIO())
    call_command("load_cardpool", verbosity=0, stdout=io.StringIO())
    user = get_user_model().objects.create_user("bench", password="bench-pw")
    ids = [deck_import_text(owner=user, game="boundless", text=path.read_text(encoding="utf-8")).pk
           for path in sorted((ROOT / "fixtures" / "decks").glob("boundless-*.txt"))]
    pool, rng = game_card_specs("boundless"), random.Random(SEED)
    while len(ids) < DECKS:
        deck = random_legal_deck(pool, rng)
        sections = {name: [(entry.card.id, entry.qty) for entry in entries] for name, entries in deck.sections.items()}
        ids.append(deck_create(owner=user, game="boundless", name=f"Random deck {len(ids) + 1}",
                               sections=sections).pk)
    return {"decks": ids}


def play(backend: str) -> dict:
    """Start the league and wait for it; the seconds from start to done, and its figures."""
    _django()
    from django.contrib.auth import get_user_model

    from decks.models import Deck
    from simulate import runner, selectors, services

    user = get_user_model().objects.get(username="bench")
    ids = list(Deck.objects.filter(owner=user).order_by("pk").values_list("pk", flat=True))
    if backend == "local":  # the pool's processes start before the clock does (as Celery's do)
        runner.local_pool().warm()
    began = time.perf_counter()
    run = services.simulation_start(owner=user, game="boundless", mode="league", deck_ids=ids, games=GAMES,
                                    seed=SEED, agents=["greedy"])
    while True:
        run.refresh_from_db()
        if not run.is_active:
            break
        time.sleep(0.1)
    seconds = time.perf_counter() - began
    out = {"seconds": seconds, "status": run.status, "chunks": run.chunks.count(),
           "games": selectors.run_progress(run)["games_done"], "figures": selectors.league_figures(run)}
    runner.reset_local_pool()  # the pool's processes end: their CPU time is counted as this one's children's
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    out["worker_cpu_seconds"] = usage.ru_utime + usage.ru_stime if backend == "local" else None
    return out


def _driver(env: dict, *args: str) -> dict:
    done = subprocess.run([sys.executable, str(Path(__file__)), *args], env=env, cwd=ROOT, capture_output=True,
                          text=True)
    if done.returncode:
        sys.exit(f"bench_league {' '.join(args)} failed:\n{done.stderr[-3000:]}")
    return json.loads(done.stdout.strip().splitlines()[-1])


def _with_celery(env: dict, home: Path) -> dict:
    server = shutil.which("redis-server") or "/usr/bin/redis-server"
    if not Path(server).exists():
        sys.exit("redis-server is missing: install Debian's redis-server package")
    port = free_port()
    env = {**env, "CELERY_BROKER_URL": f"redis://127.0.0.1:{port}/0", "SIMULATION_BACKEND": "celery"}
    redis = subprocess.Popen([server, "--port", str(port), "--bind", "127.0.0.1", "--save", "", "--appendonly", "no",
                              "--dir", str(home)], stdout=subprocess.DEVNULL, start_new_session=True)
    log_path = home / "worker.log"
    with open(log_path, "w") as log:
        worker = subprocess.Popen([str(CELERY), "-A", "config", "worker", "--pool=prefork", "--concurrency=2",
                                   "--loglevel=INFO", "--without-gossip", "--without-mingle", "--without-heartbeat",
                                   "-n", "bench-league@%h"], env=env, cwd=ROOT, stdout=log, stderr=subprocess.STDOUT,
                                  start_new_session=True)
    try:
        while "ready." not in log_path.read_text(errors="replace"):
            if worker.poll() is not None:
                sys.exit(f"the celery worker exited:\n{log_path.read_text()[-2000:]}")
            time.sleep(0.2)
        return _driver(env, "play", "celery")
    finally:
        stop(worker)
        stop(redis)


def main() -> None:
    home = Path(tempfile.mkdtemp(prefix="bench-league-"))
    env = {**os.environ, "DJANGO_SETTINGS_MODULE": "config.settings", "PYTHONPATH": str(ROOT),
           "DATABASE_URL": f"sqlite:///{home / 'bench.sqlite3'}", "SIMULATION_MAX_GAMES": "100000",
           "SIMULATION_LOCAL_WORKERS": "2"}
    backends = os.environ.get("BENCH_LEAGUE_BACKENDS", "local,celery").split(",")
    try:
        _driver(env, "setup")
        pairings = DECKS * (DECKS - 1) // 2
        print(f"league benchmark: {DECKS} Boundless decks, {GAMES} games per pairing ({pairings * GAMES:,} greedy "
              f"games), 2 workers, seed {SEED}; load average before {os.getloadavg()[0]:.2f}", flush=True)
        figures, reports = {}, {}
        for backend in backends:
            out = _with_celery(env, home) if backend == "celery" else _driver(env, "play", "local")
            if out["status"] != "done":
                sys.exit(f"the {backend} league ended {out['status']}")
            cpu = out.get("worker_cpu_seconds")
            figures[backend] = {"seconds": round(out["seconds"], 1), "chunks": out["chunks"],
                                "worker_cpu_seconds": None if cpu is None else round(cpu, 1),
                                "idle_machine_seconds": None if cpu is None else round(cpu / 2, 1),
                                "games_per_second": round(out["games"] / out["seconds"], 1),
                                "load_after": round(os.getloadavg()[0], 2)}
            reports[backend] = json.dumps(out["figures"], sort_keys=True)
            ok = "ok" if backend != "local" or out["seconds"] <= TARGET_SECONDS else "MISSED"
            print(f"  {backend:<7} {out['seconds']:7.1f} s  {out['games'] / out['seconds']:6.1f} games/s  "
                  f"({out['chunks']} chunks; load average after {os.getloadavg()[0]:.2f}) "
                  f"{'target <= 120 s ' + ok if backend == 'local' else ''}", flush=True)
            if cpu is not None:  # what the same work takes on two otherwise idle cores
                print(f"          workers' CPU {cpu:.1f} s: {cpu / 2:.1f} s on 2 idle cores, "
                      f"{1000 * cpu / out['games']:.1f} ms a game", flush=True)
        result = {"decks": DECKS, "games_per_pairing": GAMES, "seed": SEED, "cpus": os.cpu_count(),
                  "figures": figures, "same_figures": len(set(reports.values())) <= 1}
        if "local" in figures and "celery" in figures:
            ratio = figures["celery"]["seconds"] / figures["local"]["seconds"]
            result["celery_over_local"] = round(ratio, 3)
            print(f"  celery / local: {ratio:.2f} (target within 15%) {'ok' if abs(1 - ratio) <= 0.15 else 'MISSED'}")
        print(f"  same league figures on every backend: {'yes' if result['same_figures'] else 'NO'}")
        RESULTS.mkdir(exist_ok=True)
        (RESULTS / "league.json").write_text(json.dumps(result, indent=2) + "\n")
        if not result["same_figures"]:
            sys.exit("the backends disagree on the league's figures")
    finally:
        shutil.rmtree(home, ignore_errors=True)


if __name__ == "__main__":
    if len(sys.argv) > 1 and sys.argv[1] == "setup":
        print(json.dumps(setup()))
    elif len(sys.argv) > 2 and sys.argv[1] == "play":
        print(json.dumps(play(sys.argv[2])))
    elif len(sys.argv) > 1:  # --help, or an argument it does not know: say what it does, run nothing
        print(__doc__)
        sys.exit(0 if sys.argv[1] in ("-h", "--help") else 2)
    else:
        main()
