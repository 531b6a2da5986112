"""Simulation benchmark (`make bench`): games per second of a whole run, dispatch included.

A 20,000-game head-to-head run (greedy vs greedy, Emerald Vanguard vs Akumaiden Onslaught) is
started the way the web starts it (``simulate.services.simulation_start``) and timed until the
run is done, three times:

  - local pool, 1 worker process     (SIMULATION_BACKEND=local, SIMULATION_LOCAL_WORKERS=1)
  - local pool, 2 worker processes   (SIMULATION_LOCAL_WORKERS=2)
  - Celery, 2 worker processes       (a real redis-server and `celery -A config worker
                                      --concurrency=2`, started here and stopped after)

Targets (issue 5): local-2 / local-1 >= 1.8; Celery within 15% of local-2. Every run uses the
same seed, so the three also must agree on the results (checked). The database is a throwaway
SQLite file. BENCH_SIM_GAMES shrinks the run for a quick try (e.g. BENCH_SIM_GAMES=1000).
Figures are printed and saved to bench-results/simulate.json.
"""

from __future__ import annotations

import json
import os
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
RESULTS = ROOT / "bench-results"
CELERY = ROOT / ".venv" / "bin" / "celery"
GAMES = int(os.environ.get("BENCH_SIM_GAMES", 20_000))
SEED = 2024


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def driver(env: dict, *args: str) -> dict:
    done = subprocess.run([sys.executable, "-m", "tests.simulate.sim_driver", *args], env=env, cwd=ROOT,
                          capture_output=True, text=True)
    if done.returncode:
        sys.exit(f"sim_driver {' '.join(args)} failed:\n{done.stderr[-3000:]}")
    return json.loads(done.stdout)


def stop(process: subprocess.Popen) -> None:
    if process.poll() is None:
        os.killpg(process.pid, signal.SIGTERM)
    try:
        process.wait(timeout=60)
    except subprocess.TimeoutExpired:
        os.killpg(process.pid, signal.SIGKILL)
        process.wait()


def timed_run(env: dict, backend: str) -> tuple[float, dict]:
    out = driver(env, "start", backend, str(GAMES), str(SEED), "greedy", "--wait")
    if out["status"] != "done":
        sys.exit(f"the {backend} run ended {out['status']}")
    return out["seconds"], out["results"]["summary"]


def with_celery(env: dict, home: Path) -> tuple[float, dict]:
    server = shutil.which("redis-server") or "/usr/bin/redis-server"
    if not Path(server).exists():
        sys.exit("redis-server is missing: install Debian's redis-server package")
    port = free_port()
    env = {**env, "CELERY_BROKER_URL": f"redis://127.0.0.1:{port}/0", "SIMULATION_BACKEND": "celery"}
    redis = subprocess.Popen([server, "--port", str(port), "--bind", "127.0.0.1", "--save", "", "--appendonly", "no",
                              "--dir", str(home)], stdout=subprocess.DEVNULL, start_new_session=True)
    log_path = home / "worker.log"
    with open(log_path, "w") as log:  # the worker keeps its own copy of the file
        worker = subprocess.Popen([str(CELERY), "-A", "config", "worker", "--pool=prefork", "--concurrency=2",
                                   "--loglevel=INFO", "--without-gossip", "--without-mingle", "--without-heartbeat",
                                   "-n", "bench@%h"], env=env, cwd=ROOT, stdout=log,
                                  stderr=subprocess.STDOUT, start_new_session=True)
    try:
        while "ready." not in log_path.read_text(errors="replace"):  # both processes up before the clock starts
            if worker.poll() is not None:
                sys.exit(f"the celery worker exited:\n{log_path.read_text()[-2000:]}")
            time.sleep(0.2)
        return timed_run(env, "celery")
    finally:
        stop(worker)
        stop(redis)


def main() -> None:
    home = Path(tempfile.mkdtemp(prefix="bench-simulate-"))
    env = {**os.environ, "DJANGO_SETTINGS_MODULE": "config.settings", "PYTHONPATH": str(ROOT),
           "DATABASE_URL": f"sqlite:///{home / 'bench.sqlite3'}", "SIMULATION_MAX_GAMES": str(max(GAMES, 100_000)),
           "SIMULATION_MAX_ACTIVE_RUNS": "10"}
    try:
        driver(env, "setup")
        print(f"simulation benchmark: {GAMES:,}-game head-to-head, greedy vs greedy, seed {SEED}", flush=True)
        figures = {}
        summaries = {}
        for label, backend, workers, run in (("local_1", "local", 1, timed_run), ("local_2", "local", 2, timed_run),
                                             ("celery_2", "celery", 2, None)):
            if run is None:
                seconds, summary = with_celery({**env, "SIMULATION_LOCAL_WORKERS": "2"}, home)
            else:
                seconds, summary = run({**env, "SIMULATION_LOCAL_WORKERS": str(workers)}, backend)
            figures[label] = {"seconds": round(seconds, 2), "games_per_second": round(GAMES / seconds, 1)}
            summaries[label] = json.dumps(summary, sort_keys=True)
            print(f"  {label:<9} {GAMES / seconds:8.1f} games/s  ({seconds:.1f} s)", flush=True)
        scaling = figures["local_2"]["games_per_second"] / figures["local_1"]["games_per_second"]
        celery_vs_local = figures["celery_2"]["games_per_second"] / figures["local_2"]["games_per_second"]
        same = len(set(summaries.values())) == 1
        print(f"  local 2 workers / 1 worker: {scaling:.2f}x (target >= 1.8) {'ok' if scaling >= 1.8 else 'MISSED'}")
        print(f"  celery 2 / local 2: {celery_vs_local:.2f} (target within 15%) "
              f"{'ok' if abs(1 - celery_vs_local) <= 0.15 else 'MISSED'}")
        print(f"  same results on every backend: {'yes' if same else 'NO'}")
        RESULTS.mkdir(exist_ok=True)
        (RESULTS / "simulate.json").write_text(json.dumps({
            "games": GAMES, "seed": SEED, "cpus": os.cpu_count(), "figures": figures,
            "scaling_2_over_1": round(scaling, 3), "celery_over_local_2": round(celery_vs_local, 3),
            "same_results": same}, indent=2) + "\n")
        if not same:
            sys.exit("the backends disagree on the results")
    finally:
        shutil.rmtree(home, ignore_errors=True)


if __name__ == "__main__":
    main()
