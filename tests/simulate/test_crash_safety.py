"""Crash safety (production issue, part 7): the production server -- gunicorn, DEBUG off, the
local simulation pool in its workers -- is killed with SIGKILL (master, workers and pool
processes: the whole process group, as a power cut or the OOM killer would) in the middle of two
simulation runs, just after a deck was saved through the API. Started again, it resumes both runs
by itself (simulate/startup.py, called as each gunicorn worker loads config.wsgi) to exactly
their game counts -- no chunk lost, none counted twice -- and the saved deck is there, card for
card. Nobody runs a command in between.

The server runs against a database of the test's engine that other processes can open
(``process_database``: an SQLite file, or a database of its own on the PostgreSQL pass's server),
with the real Boundless engine and random agents. No timing is asserted: the test polls the
database, with a generous overall bound that fails with what it saw, and fails at once if the
server it waits on has died.
"""

from __future__ import annotations

import base64
import json
import os
import signal
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
from pathlib import Path

import pytest

pytestmark = pytest.mark.long  # a minute or more of tests: started first (tests/conftest.py)

ROOT = Path(__file__).resolve().parents[2]
# per run: 40 chunks of 20. The kill comes a few chunks after the runs start (measured: the first run
# had stored 13 chunks and the second 5 or 6, with 1,600 games a run as with 800): most stay pending,
# and the test says so (below) if a run ever finishes first. 1,600 games only lengthened the resume.
GAMES = 800
PATIENCE = 900  # seconds: an overall bound on each wait, far above what any of them takes
USER, PASSWORD = "driver", "driver-pw"  # made by tests/simulate/sim_driver.py setup


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def group_alive(pgid: int) -> list[int]:
    """The processes of group ``pgid`` that are still running (zombies waiting to be reaped are not)."""
    alive = []
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            stat = (entry / "stat").read_text()
        except OSError:
            continue
        fields = stat.rsplit(")", 1)[1].split()  # after "(command)": state, ppid, pgrp, ...
        if int(fields[2]) == pgid and fields[0] != "Z":
            alive.append(int(entry.name))
    return alive


class Server:
    """The production server as `make serve` runs it (gunicorn, DEBUG off), on a free port."""

    def __init__(self, database_url: str, tmp: Path):
        clean = {k: v for k, v in os.environ.items() if not k.startswith(("DJANGO_", "SIMULATION_", "API_RATE"))}
        self.env = {**clean, "DJANGO_SETTINGS_MODULE": "config.settings", "DJANGO_DEBUG": "0",
                    "DJANGO_SECRET_KEY": "crash-safety-test-" + "k" * 40, "DJANGO_ALLOWED_HOSTS": "127.0.0.1",
                    "DATABASE_URL": database_url, "MEDIA_ROOT": str(tmp / "media"), "PYTHONPATH": str(ROOT),
                    "SIMULATION_BACKEND": "local", "SIMULATION_LOCAL_WORKERS": "1", "SIMULATION_CHUNK_SIZE": "20"}
        self.tmp = tmp
        self.process: subprocess.Popen | None = None
        self.starts = 0

    def start(self) -> None:
        self.port = free_port()
        self.starts += 1
        self.log = self.tmp / f"server-{self.starts}.log"
        # Makefile `serve`: gunicorn config.wsgi ... (two workers here: the test shares the machine;
        # no control socket: gunicorn's default path is one per machine, and another server may use it)
        with open(self.log, "w") as log:  # the server keeps its own copy of the file
            self.process = subprocess.Popen(
                [sys.executable, "-m", "gunicorn", "config.wsgi", "--bind", f"127.0.0.1:{self.port}", "--workers", "2",
                 "--timeout", "120", "--graceful-timeout", "30", "--forwarded-allow-ips", "*",
                 "--access-logfile", "/dev/null", "--error-logfile", "-", "--no-control-socket"],
                cwd=ROOT, env=self.env, stdout=log, stderr=subprocess.STDOUT, start_new_session=True)
        deadline = time.monotonic() + PATIENCE
        while True:
            self.check_alive()
            try:
                with urllib.request.urlopen(f"http://127.0.0.1:{self.port}/healthz", timeout=10) as answer:
                    if answer.status == 200:
                        return
            except OSError:
                pass
            if time.monotonic() > deadline:
                pytest.fail(f"the server did not answer /healthz in {PATIENCE} s:\n{self.tail()}")
            time.sleep(0.2)

    def tail(self) -> str:
        return self.log.read_text(errors="replace")[-3000:]

    def check_alive(self) -> None:
        if self.process.poll() is not None:
            pytest.fail(f"the server exited ({self.process.returncode}):\n{self.tail()}")

    def api(self, method: str, path: str, body: dict | None = None) -> tuple[int, dict]:
        auth = base64.b64encode(f"{USER}:{PASSWORD}".encode()).decode()
        request = urllib.request.Request(
            f"http://127.0.0.1:{self.port}{path}", method=method,
            data=json.dumps(body).encode() if body is not None else None,
            headers={"Authorization": f"Basic {auth}", "Content-Type": "application/json"})
        try:
            with urllib.request.urlopen(request, timeout=120) as answer:
                return answer.status, json.loads(answer.read())
        except urllib.error.HTTPError as exc:
            return exc.code, json.loads(exc.read() or b"{}")

    def kill(self) -> None:
        """SIGKILL the whole process group: the gunicorn master, its workers and their pool processes."""
        pgid = self.process.pid
        os.killpg(pgid, signal.SIGKILL)
        self.process.wait()
        deadline = time.monotonic() + PATIENCE
        while survivors := group_alive(pgid):
            if time.monotonic() > deadline:
                pytest.fail(f"processes {survivors} of the killed server are still running")
            time.sleep(0.1)

    def stop(self) -> None:
        if self.process is not None and self.process.poll() is None:
            os.killpg(self.process.pid, signal.SIGTERM)
            try:
                self.process.wait(timeout=60)
            except subprocess.TimeoutExpired:
                os.killpg(self.process.pid, signal.SIGKILL)
                self.process.wait()


@pytest.fixture
def world(filled_process_database, tmp_path):
    database, made = filled_process_database()
    server = Server(database.url, tmp_path)
    yield server, database, made
    server.stop()


def chunk_counts(database, run_id: int) -> dict[str, int]:
    rows = database.fetch(f"SELECT status, COUNT(*) FROM simulate_runchunk WHERE run_id = {int(run_id)} GROUP BY status")
    return dict(rows)


def run_status(database, run_id: int) -> str:
    return database.fetch(f"SELECT status FROM simulate_simulationrun WHERE id = {int(run_id)}")[0][0]


def test_a_killed_production_server_resumes_its_runs_to_exact_counts_and_keeps_saved_decks(world):
    server, database, made = world
    server.start()
    decks = made["decks"]
    runs = []
    for seed, pair in ((11, decks[:2]), (12, [decks[2], decks[0]])):
        status, body = server.api("POST", "/api/simulations/", {
            "game": "boundless", "mode": "head_to_head", "decks": pair, "games": GAMES, "seed": seed,
            "agents": ["random"]})
        assert status == 201, body
        runs.append(body["id"])

    # the runs are under way: each has stored a chunk (and has many still to play)
    deadline = time.monotonic() + PATIENCE
    while not all(chunk_counts(database, run).get("done", 0) >= 1 for run in runs):
        server.check_alive()
        if time.monotonic() > deadline:
            pytest.fail(f"no chunk stored in {PATIENCE} s: {[chunk_counts(database, r) for r in runs]}\n{server.tail()}")
        time.sleep(0.1)

    # a deck saved through the API while the runs play, and the kill right after its answer
    text = (ROOT / "fixtures/decks/boundless-undertow-tempo.txt").read_text(encoding="utf-8")
    status, saved = server.api("POST", "/api/decks/import/", {"game": "boundless", "text": text,
                                                              "name": "Saved just before the crash"})
    assert status == 201, saved
    server.kill()

    before = {run: chunk_counts(database, run) for run in runs}
    for run in runs:
        assert run_status(database, run) in ("queued", "running"), \
            f"run {run} finished before the kill ({before[run]}): make GAMES larger"
        assert before[run].get("pending", 0) > 0, before

    # started again, and nothing else: the server resumes the runs by itself
    server.start()
    deadline = time.monotonic() + PATIENCE
    while any(run_status(database, run) in ("queued", "running") for run in runs):
        server.check_alive()
        if time.monotonic() > deadline:
            pytest.fail(f"runs not resumed to their end in {PATIENCE} s: "
                        f"{[chunk_counts(database, r) for r in runs]}\n{server.tail()}")
        time.sleep(0.2)

    assert "resumed unfinished simulation runs" in server.tail(), server.tail()  # simulate/startup.py did it
    for run in runs:
        status, body = server.api("GET", f"/api/simulations/{run}/")
        assert status == 200, body
        assert body["status"] == "done", (body["status"], body["error"])
        assert body["progress"]["games_done"] == body["progress"]["games_requested"] == GAMES
        assert body["results"]["games_done"] == GAMES
        assert [side["games"] for side in body["results"]["summary"]["sides"]] == [GAMES, GAMES]
        # every chunk stored exactly once, and their tallies add up to the run's games
        tallies = database.fetch(f"SELECT games, tally FROM simulate_runchunk WHERE run_id = {int(run)}")
        counted = [json.loads(t) if isinstance(t, str) else t for _, t in tallies]
        assert sum(games for games, _ in tallies) == GAMES
        assert sum(t["games"] for t in counted) == GAMES
        assert chunk_counts(database, run) == {"done": GAMES // 20}

    status, deck = server.api("GET", f"/api/decks/{saved['id']}/")
    assert status == 200, deck
    assert (deck["name"], deck["sections"], deck["current_version"]) == \
        ("Saved just before the crash", saved["sections"], saved["current_version"])
    assert database.fetch(f"SELECT name FROM decks_deck WHERE id = {int(saved['id'])}") == \
        [("Saved just before the crash",)]
