"""Simulations through a real broker and real worker processes (issue 5, "Checks"):

(a) a run completes through Celery on Debian's ``redis-server`` with exactly the results the
    local process pool gives for the same seed;
(b) a worker killed (SIGKILL) mid-run loses no finished chunk and counts none twice: after a new
    worker starts and ``resume_simulations`` re-enqueues what was pending, the run finishes with
    exactly the requested number of games, each chunk counted once;
(c) a league run (issue 28) completes through Celery with the local pool's figures for one seed,
    and a deck doctor run plays its looks through Celery (each look's chunks are planned by the
    worker that stores the last chunk of the one before) to the local pool's verdicts.

Worker processes cannot open pytest's in-memory test database, so these tests use a database of
their own (``process_database``: an SQLite file, or in the PostgreSQL pass of ``make test`` a
database on that server, where chunk leases really lock rows), migrated and filled by
``tests/simulate/sim_driver.py`` (which stands in for the web process). Every process (driver,
Celery workers, local pool processes) loads ``tests.simulate.toy_settings``: the toy rules play
as the `boundless` engine, as in the other simulation tests, since what is proven here is the
chunk machinery. Nothing is skipped: without ``redis-server`` the test fails and says how to get
it (``make test`` installs it). No timing is asserted, and none decides where the worker dies: it
hangs in a given chunk (``SIM_TEST_CHUNKS_BEFORE_HANG``, tests/simulate/toy_settings.py).
"""

from __future__ import annotations

import contextlib
import json
import os
import signal
import socket
import subprocess
import sys
import time
from pathlib import Path

import pytest

from tests.redis_server import start_redis

pytestmark = pytest.mark.long  # a minute or more of tests: started first (tests/conftest.py)

ROOT = Path(__file__).resolve().parents[2]
CELERY = ROOT / ".venv" / "bin" / "celery"
GAMES_A = 60
GAMES_B = 120
CHUNK = 5


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def stop(process: subprocess.Popen, sig=signal.SIGTERM) -> None:
    """Stop a process we started in its own session, and everything it started."""
    if process.poll() is None:
        with contextlib.suppress(ProcessLookupError):
            os.killpg(process.pid, sig)
    try:
        process.wait(timeout=30)
    except subprocess.TimeoutExpired:
        os.killpg(process.pid, signal.SIGKILL)
        process.wait()


@pytest.fixture(scope="module")
def world(tmp_path_factory, filled_process_database):
    """A migrated database with the card pools and three decks, and a running redis-server."""
    home = tmp_path_factory.mktemp("celery-world")
    database, _ = filled_process_database()
    port = free_port()
    env = {**os.environ, "DJANGO_SETTINGS_MODULE": "tests.simulate.toy_settings", "DATABASE_URL": database.url,
           "CELERY_BROKER_URL": f"redis://127.0.0.1:{port}/0", "SIMULATION_LOCAL_WORKERS": "2",
           "PYTHONPATH": str(ROOT)}
    redis = start_redis(port, home, start_new_session=True, cwd=home)
    try:
        yield {"env": env, "db": database, "home": home}
    finally:
        stop(redis)


def driver(env: dict, *args: str) -> dict:
    done = subprocess.run([sys.executable, "-m", "tests.simulate.sim_driver", *args], env=env, cwd=ROOT,
                          capture_output=True, text=True)
    assert done.returncode == 0, f"sim_driver {' '.join(args)} failed:\n{done.stderr[-3000:]}"
    return json.loads(done.stdout)


def start_worker(world: dict, name: str, chunks_before_hang: int | None = None) -> subprocess.Popen:
    """A Celery worker (one process); with ``chunks_before_hang`` it stores that many chunks, then
    hangs in the next one until it is killed (tests/simulate/toy_settings.py)."""
    env = {**world["env"], "SIMULATION_BACKEND": "celery"}
    if chunks_before_hang is not None:
        env["SIM_TEST_CHUNKS_BEFORE_HANG"] = str(chunks_before_hang)
    with open(world["home"] / f"{name}.log", "w") as log:  # the worker keeps its own copy of the file
        return subprocess.Popen(
            [str(CELERY), "-A", "config", "worker", "--pool=prefork", "--concurrency=1", "--loglevel=WARNING",
             "--without-gossip", "--without-mingle", "--without-heartbeat", "-n", f"{name}@%h"],
            env=env, cwd=ROOT, stdout=log, stderr=subprocess.STDOUT, start_new_session=True)


def chunk_rows(world: dict, run_id: int) -> list[tuple]:
    """(index, status, games, tally) of every chunk; the tally decoded (SQLite gives JSON text)."""
    rows = world["db"].fetch(f'SELECT "index", status, games, tally FROM simulate_runchunk '
                             f'WHERE run_id = {int(run_id)} ORDER BY "index"')
    return [(*row[:3], json.loads(row[3]) if isinstance(row[3], str) else row[3]) for row in rows]


def run_status(world: dict, run_id: int) -> str:
    return world["db"].fetch(f"SELECT status FROM simulate_simulationrun WHERE id = {int(run_id)}")[0][0]


def wait_until(world: dict, run_id: int, worker: subprocess.Popen, done_chunks: int | None = None) -> None:
    """Poll until the run is over (or has ``done_chunks`` finished chunks). Fails if the worker
    dies or the run fails; no clock."""
    while True:
        status = run_status(world, run_id)
        assert status != "failed", driver(world["env"], "status", str(run_id))["error"]
        if done_chunks is None and status == "done":
            return
        if done_chunks is not None and sum(row[1] == "done" for row in chunk_rows(world, run_id)) >= done_chunks:
            return
        assert worker.poll() is None, f"the celery worker exited with code {worker.returncode}"
        time.sleep(0.1)


#: the local pool's runs the Celery runs are compared with: (games, seed, mode)
REFERENCE_RUNS = {"run": (GAMES_A, 17, "head_to_head"), "killed": (GAMES_B, 23, "head_to_head"),
                  "league": (12, 31, "league"), "doctor": (6, 37, "doctor")}


@pytest.fixture(scope="module")
def local_reference(world) -> dict:
    """The local pool's results of every ``REFERENCE_RUNS`` run, played one after another by one
    driver process on one pool (a driver and pool started per run cost about 5 s each)."""
    specs = {name: ":".join(map(str, run)) for name, run in REFERENCE_RUNS.items()}
    out = driver(world["env"], "reference", "greedy", *specs.values(), "--chunk", str(CHUNK))
    return {name: out[spec] for name, spec in specs.items()}


def local_results(local_reference: dict, name: str) -> dict:
    """The results of the local pool's ``REFERENCE_RUNS[name]`` run (it played to its end)."""
    assert local_reference[name]["status"] == "done"
    return local_reference[name]["results"]


def test_a_run_completes_through_the_broker_like_the_local_pool(world, local_reference):
    worker = start_worker(world, "first")
    try:
        games, seed, _ = REFERENCE_RUNS["run"]
        started = driver(world["env"], "start", "celery", str(games), str(seed), "greedy", "--chunk", str(CHUNK))
        assert started["chunks"] >= GAMES_A // CHUNK
        wait_until(world, started["run"], worker)
    finally:
        stop(worker)
    through_celery = driver(world["env"], "results", str(started["run"]))
    assert through_celery["games_done"] == GAMES_A
    assert through_celery["summary"] == local_results(local_reference, "run")["summary"]


def test_a_killed_worker_loses_nothing_and_counts_nothing_twice(world, local_reference):
    worker = start_worker(world, "doomed", chunks_before_hang=3)  # dies in its 4th chunk, whatever the pace
    games, seed, _ = REFERENCE_RUNS["killed"]
    started = driver(world["env"], "start", "celery", str(games), str(seed), "greedy", "--chunk", str(CHUNK))
    run_id, chunks = started["run"], started["chunks"]
    try:
        wait_until(world, run_id, worker, done_chunks=3)
    finally:
        stop(worker, signal.SIGKILL)  # the worker and its pool process die mid-run
    done_at_kill = sum(row[1] == "done" for row in chunk_rows(world, run_id))
    assert done_at_kill == 3 < chunks, "the run must be cut in the middle"
    assert run_status(world, run_id) == "running"

    survivor = start_worker(world, "survivor")
    try:
        resumed = driver(world["env"], "resume", "--stale-after", "0")  # every pending chunk, again
        assert f"run {run_id}:" in resumed["output"]
        wait_until(world, run_id, survivor)
    finally:
        stop(survivor)

    rows = chunk_rows(world, run_id)
    assert len(rows) == chunks and all(status == "done" for _, status, _, _ in rows)
    assert all(tally["games"] == games for _, _, games, tally in rows)  # each chunk counted once
    results = driver(world["env"], "results", str(run_id))
    assert results["games_done"] == GAMES_B == sum(games for _, _, games, _ in rows)
    assert results["summary"] == local_results(local_reference, "killed")["summary"]


def through_celery(world: dict, name: str) -> tuple[int, dict]:
    """Start the ``REFERENCE_RUNS[name]`` run on Celery, let one worker play it to the end; its id
    and results."""
    games, seed, mode = REFERENCE_RUNS[name]
    worker = start_worker(world, f"{mode}-worker")
    try:
        started = driver(world["env"], "start", "celery", str(games), str(seed), "greedy", "--chunk", str(CHUNK),
                         "--mode", mode)
        wait_until(world, started["run"], worker)
    finally:
        stop(worker)
    return started["run"], driver(world["env"], "results", str(started["run"]))


def test_a_league_completes_through_the_broker_like_the_local_pool(world, local_reference):
    run_id, results = through_celery(world, "league")
    figures = results["league"]
    assert figures["comparisons"] == 3 * 12 and run_status(world, run_id) == "done"
    assert figures == local_results(local_reference, "league")["league"]


def test_a_deck_doctor_run_plays_its_looks_through_the_broker(world, local_reference):
    run_id, report = through_celery(world, "doctor")
    assert report["status"] == "done" and report["finished"] and report["candidates"]
    assert report["looks_done"] >= 1 and all(row["games"] > 0 for row in report["candidates"])
    assert run_status(world, run_id) == "done"  # the candidates' chunks exist only after the screen look
    local = local_results(local_reference, "doctor")
    for key in ("candidates", "helpful", "best", "games_spent", "original_win_rate", "looks_done", "field"):
        assert report[key] == local[key], key
