"""Simulations through a real broker and real worker processes (issue 5, "Checks"):

(a) a run completes through Celery on Debian's ``redis-server`` with exactly the results the
    local process pool gives for the same seed;
(b) a worker killed (SIGKILL) mid-run loses no finished chunk and counts none twice: after a new
    worker starts and ``resume_simulations`` re-enqueues what was pending, the run finishes with
    exactly the requested number of games, each chunk counted once.

Worker processes cannot open pytest's in-memory test database, so these tests use a dedicated
SQLite file, migrated and filled by ``tests/simulate/sim_driver.py`` (which stands in for the
web process). Every process (driver, Celery workers, local pool processes) loads
``tests.simulate.toy_settings``: the toy rules play as the `boundless` engine, as in the other
simulation tests, since what is proven here is the chunk machinery. Nothing is skipped: without
``redis-server`` the test fails and says how to get it (``make test`` installs it). No timing
is asserted.
"""

from __future__ import annotations

import json
import os
import shutil
import signal
import socket
import sqlite3
import subprocess
import sys
import time
from pathlib import Path

import pytest

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
        try:
            os.killpg(process.pid, sig)
        except ProcessLookupError:
            pass
    try:
        process.wait(timeout=30)
    except subprocess.TimeoutExpired:
        os.killpg(process.pid, signal.SIGKILL)
        process.wait()


@pytest.fixture(scope="module")
def world(tmp_path_factory):
    """A migrated SQLite file with the card pools and three decks, and a running redis-server."""
    server = shutil.which("redis-server") or ("/usr/bin/redis-server" if Path("/usr/bin/redis-server").exists() else None)
    if server is None:
        pytest.fail("redis-server is missing: install Debian's redis-server package (`make test` does it "
                    "when run as root: scripts/test.sh)")
    home = tmp_path_factory.mktemp("celery-world")
    port = free_port()
    env = {**os.environ, "DJANGO_SETTINGS_MODULE": "tests.simulate.toy_settings",
           "DATABASE_URL": f"sqlite:///{home / 'sim.sqlite3'}",
           "CELERY_BROKER_URL": f"redis://127.0.0.1:{port}/0", "SIMULATION_LOCAL_WORKERS": "2",
           "PYTHONPATH": str(ROOT)}
    redis = subprocess.Popen([server, "--port", str(port), "--bind", "127.0.0.1", "--save", "", "--appendonly", "no",
                              "--dir", str(home)], stdout=subprocess.DEVNULL, stderr=subprocess.STDOUT,
                             start_new_session=True, cwd=home)
    try:
        while True:  # until it answers
            if redis.poll() is not None:
                pytest.fail(f"redis-server exited with code {redis.returncode}")
            try:
                with socket.create_connection(("127.0.0.1", port), timeout=1) as s:
                    s.sendall(b"PING\r\n")
                    if s.recv(16).startswith(b"+PONG"):
                        break
            except OSError:
                time.sleep(0.1)
        driver(env, "setup")
        yield {"env": env, "db": home / "sim.sqlite3", "home": home}
    finally:
        stop(redis)


def driver(env: dict, *args: str) -> dict:
    done = subprocess.run([sys.executable, "-m", "tests.simulate.sim_driver", *args], env=env, cwd=ROOT,
                          capture_output=True, text=True)
    assert done.returncode == 0, f"sim_driver {' '.join(args)} failed:\n{done.stderr[-3000:]}"
    return json.loads(done.stdout)


def start_worker(world: dict, name: str) -> subprocess.Popen:
    log = open(world["home"] / f"{name}.log", "w")
    return subprocess.Popen(
        [str(CELERY), "-A", "config", "worker", "--pool=prefork", "--concurrency=1", "--loglevel=WARNING",
         "--without-gossip", "--without-mingle", "--without-heartbeat", "-n", f"{name}@%h"],
        env={**world["env"], "SIMULATION_BACKEND": "celery"}, cwd=ROOT, stdout=log, stderr=subprocess.STDOUT,
        start_new_session=True)


def chunk_rows(world: dict, run_id: int) -> list[tuple]:
    with sqlite3.connect(world["db"], timeout=30) as db:
        return db.execute("SELECT idx, status, games, tally FROM (SELECT \"index\" AS idx, status, games, tally "
                          "FROM simulate_runchunk WHERE run_id = ?) ORDER BY idx", (run_id,)).fetchall()


def run_status(world: dict, run_id: int) -> str:
    with sqlite3.connect(world["db"], timeout=30) as db:
        return db.execute("SELECT status FROM simulate_simulationrun WHERE id = ?", (run_id,)).fetchone()[0]


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


def local_results(world: dict, games: int, seed: int) -> dict:
    out = driver(world["env"], "start", "local", str(games), str(seed), "greedy", "--wait", "--chunk", str(CHUNK))
    assert out["status"] == "done"
    return out["results"]


def test_a_run_completes_through_the_broker_like_the_local_pool(world):
    worker = start_worker(world, "first")
    try:
        started = driver(world["env"], "start", "celery", str(GAMES_A), "17", "greedy", "--chunk", str(CHUNK))
        assert started["chunks"] >= GAMES_A // CHUNK
        wait_until(world, started["run"], worker)
    finally:
        stop(worker)
    through_celery = driver(world["env"], "results", str(started["run"]))
    assert through_celery["games_done"] == GAMES_A
    assert through_celery["summary"] == local_results(world, GAMES_A, 17)["summary"]


def test_a_killed_worker_loses_nothing_and_counts_nothing_twice(world):
    worker = start_worker(world, "doomed")
    started = driver(world["env"], "start", "celery", str(GAMES_B), "23", "greedy", "--chunk", str(CHUNK))
    run_id, chunks = started["run"], started["chunks"]
    try:
        wait_until(world, run_id, worker, done_chunks=3)
    finally:
        stop(worker, signal.SIGKILL)  # the worker and its pool process die mid-run
    done_at_kill = sum(row[1] == "done" for row in chunk_rows(world, run_id))
    assert 3 <= done_at_kill < chunks, "the run must be cut in the middle"
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
    assert all(json.loads(tally)["games"] == games for _, _, games, tally in rows)  # each chunk counted once
    results = driver(world["env"], "results", str(run_id))
    assert results["games_done"] == GAMES_B == sum(games for _, _, games, _ in rows)
    assert results["summary"] == local_results(world, GAMES_B, 23)["summary"]
