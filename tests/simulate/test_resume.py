"""Runs resume by themselves (robustness issue, part 7): a run a stop left unfinished is played
to its end when a server process starts (config/wsgi.py), without anyone running a command; and
``resume_simulations --no-wait`` returns at once while a detached process plays the local runs
(before, its pool died with the command: EOFError, and the run never moved).

Other processes cannot open pytest's test database, so these tests use one of their own
(``process_database``), filled by tests/simulate/sim_driver.py; the toy rules play as the
`boundless` engine (tests/simulate/toy_settings.py). No timing is asserted: the tests poll the
database until the run is done, and fail if a process they wait on has died.
"""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
import time
from pathlib import Path

import pytest

pytestmark = pytest.mark.long  # a minute or more of tests: started first (tests/conftest.py)

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture
def world(filled_process_database):
    database, _ = filled_process_database()
    env = {**os.environ, "DJANGO_SETTINGS_MODULE": "tests.simulate.toy_settings", "DATABASE_URL": database.url,
           "SIMULATION_LOCAL_WORKERS": "1", "PYTHONPATH": str(ROOT)}
    return {"env": env, "db": database}


def driver(env: dict, *args: str) -> dict:
    done = subprocess.run([sys.executable, "-m", "tests.simulate.sim_driver", *args], env=env, cwd=ROOT,
                          capture_output=True, text=True, timeout=600)
    assert done.returncode == 0, done.stderr[-3000:]
    return json.loads(done.stdout)


def left_unfinished(world) -> int:
    """A local run whose process stopped right after starting it: every chunk still pending."""
    started = driver(world["env"], "start", "local", "30", "7", "random", "--chunk", "5")
    run_id = started["run"]
    assert status(world, run_id) in ("queued", "running")
    return run_id


def status(world, run_id: int) -> str:
    return world["db"].fetch(f"SELECT status FROM simulate_simulationrun WHERE id = {int(run_id)}")[0][0]


def alive(pid: int) -> bool:
    try:
        waited, _ = os.waitpid(pid, os.WNOHANG)  # reaps it if it is our child and has exited
        return waited == 0
    except ChildProcessError:  # not our child: ask whether it exists
        try:
            os.kill(pid, 0)
        except ProcessLookupError:
            return False
        return True


def wait_done(world, run_id: int, pid: int) -> None:
    """Poll until the run is done; fail if the process that should play it has gone first."""
    while status(world, run_id) != "done":
        if not alive(pid) and status(world, run_id) != "done":
            pytest.fail(f"process {pid} exited before the run was done: {driver(world['env'], 'status', str(run_id))}")
        time.sleep(0.2)


def test_a_starting_server_process_resumes_what_a_stop_left(world):
    run_id = left_unfinished(world)
    # a server process: importing the WSGI application is what gunicorn and runserver do first
    server = subprocess.Popen([sys.executable, "-c", "import config.wsgi, time; time.sleep(600)"],
                              env={**world["env"], "DJANGO_SETTINGS_MODULE": "tests.simulate.toy_settings"},
                              cwd=ROOT, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, start_new_session=True)
    try:
        wait_done(world, run_id, server.pid)
    finally:
        server.kill()
        server.wait()
    assert driver(world["env"], "results", str(run_id))["games_done"] == 30


def test_resume_no_wait_returns_and_a_detached_process_finishes_the_runs(world, tmp_path):
    run_id = left_unfinished(world)
    done = subprocess.run([sys.executable, "manage.py", "resume_simulations", "--no-wait"], env=world["env"],
                          cwd=ROOT, capture_output=True, text=True, timeout=600)
    assert done.returncode == 0, done.stderr
    pid = int(re.search(r"handed to background process (\d+)", done.stdout)[1])
    wait_done(world, run_id, pid)
    results = driver(world["env"], "results", str(run_id))
    assert results["games_done"] == 30 and results["summary"]["games"] == 30


def test_a_crowd_starting_runs_and_saving_decks_meets_no_error(world):
    """Robustness issue, part 5: on SQLite five users starting runs at once got "database is
    locked" 9 times in 15, and a deck save beside running simulations failed. 20 users start a
    run and 50 deck saves happen at the same moment, while the local pool's processes store the
    chunks of another run: no error, every run and every version stored."""
    out = driver(world["env"], "crowd", "20", "50")
    assert out["errors"] == []
    assert out["runs_started"] == 20
    assert out["versions"] == 3 + 50  # each deck's first version, and one per save
    # robustness issue, part 4: the limit of runs at once per person holds under a race (one person
    # starting 8 runs at the same moment, limit 3)
    assert out["eager_runs"] == 3 and out["eager_refused"] == ["too_many_runs"] * 5
