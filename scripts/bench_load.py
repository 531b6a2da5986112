"""Load benchmark (`make bench`): the production server under 20 and 100 concurrent clients.

Method. For each database -- SQLite, then PostgreSQL (a throwaway cluster from Debian's
postgresql binaries, as scripts/test.sh makes one; skipped with the reason when they are
missing) -- the production server is started exactly as `make serve` starts it (the command
itself: migrate, load_cardpool with the public sample decks, collectstatic, check --deploy,
then gunicorn with DEBUG off), with a throwaway secret key, database and media directory under a
temporary directory. The API's rate limits are lifted (every client here comes from one
address; a real crowd does not), nothing else is changed. Then an asyncio client (aiohttp, one
keep-alive connection per client) sends, endpoint by endpoint, a fixed number of GET requests
with 20 and then 100 clients at once to:

  home      /                                 the games and their card counts
  browse    /games/boundless/?q=...           the card browser with a search
  api       /api/cards/?game=boundless&q=...  the search API (first page of 60)
  deck      /decks/<id>/                      a public sample deck (Emerald Vanguard)
  healthz   /healthz                          the bare health view: one trivial query

and prints, for each, requests/s, p50/p95/p99 latency, errors (any answer but 200, or no answer),
and the ratio of its p95 to /healthz's p95 at the same concurrency in the same run. Each endpoint
is measured alone, so the ratio says how much dearer a page is than the cheapest request the
same server answers under the same crowd (machine speed and queueing divide out).

Meanwhile five users each start a 5,000-game head-to-head run through the API (token auth;
Emerald Vanguard against Akumaiden Onslaught, random agents) right after the 20-client phase, so
the 100-client phase is measured while they play; the script then waits for them and checks
that each finished with exactly its 5,000 games (status, progress and results all say so).
Their time is printed: the server plays them on its local pool, beside the web requests.

Targets (production issue, part 6): no error at all, and every page's p95 within 4x of
/healthz's at 20 clients; the five runs all done with exactly their game counts. PASS/MISS is
printed for each; a miss exits 1. Figures are saved to bench-results/load.json.
``--requests``, ``--requests-100``, ``--games`` and ``--workers`` change the sizes (defaults keep
the whole script to about five minutes on 2 cores); ``--only sqlite|postgres`` runs one half.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import os
import shutil
import signal
import socket
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.error
import urllib.request
from pathlib import Path

import aiohttp

ROOT = Path(__file__).resolve().parent.parent
RESULTS = ROOT / "bench-results"
PYTHON = ROOT / ".venv" / "bin" / "python"
TARGET_RATIO = 4.0
RUNS = 5
DECKS = ("Emerald Vanguard", "Akumaiden Onslaught")

# What the benchmark sets up on the server's database before the load: five users with an API
# token each, and the ids of the public sample decks. Printed as one JSON line.
SETUP = """
import json
from django.contrib.auth import get_user_model
from accounts.models import ApiToken
from decks.models import Deck
users = []
for i in range(%(runs)d):
    user = get_user_model().objects.create_user(f"load{i}", password=None)
    users.append(ApiToken.issue(user, "load benchmark")[1])
decks = {d.name: d.pk for d in Deck.objects.filter(game="boundless", owner__username="workshop", visibility="public")}
print(json.dumps({"tokens": users, "decks": decks}))
"""


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def stop(process: subprocess.Popen, grace: float = 40) -> None:
    """TERM the process group (make, the gunicorn master, its workers, their pools), then KILL."""
    if process.poll() is None:
        with contextlib.suppress(ProcessLookupError):
            os.killpg(process.pid, signal.SIGTERM)
    try:
        process.wait(timeout=grace)
    except subprocess.TimeoutExpired:
        os.killpg(process.pid, signal.SIGKILL)
        process.wait()


# -- a throwaway PostgreSQL cluster (as scripts/test.sh makes one) ---------------------------------
class Postgres:
    def __init__(self, home: Path):
        bins = sorted(Path("/usr/lib/postgresql").glob("*/bin/initdb"), key=lambda p: int(p.parts[-3]))
        if not bins:
            raise FileNotFoundError("no PostgreSQL binaries under /usr/lib/postgresql "
                                    "(install Debian's postgresql package)")
        self.bin = bins[-1].parent
        # a directory of its own, not inside `home` (0700, root's): the postgres user must reach it
        self.dir = Path(tempfile.mkdtemp(prefix="bench-load-pg-"))
        self.port = free_port()
        self.root = os.getuid() == 0
        if self.root:
            shutil.chown(self.dir, "postgres")

    def _run(self, *args: str) -> None:
        command = (["runuser", "-u", "postgres", "--"] if self.root else []) + list(args)
        done = subprocess.run(command, capture_output=True, text=True)
        if done.returncode:
            raise RuntimeError(f"{' '.join(args)} failed: {done.stderr[-2000:]}")

    def start(self) -> str:
        self._run(str(self.bin / "initdb"), "-D", str(self.dir / "data"), "-U", "postgres", "-A", "trust")
        self._run(str(self.bin / "pg_ctl"), "-D", str(self.dir / "data"), "-l", str(self.dir / "log"), "-w",
                  "-o", f"-p {self.port} -k {self.dir} -c listen_addresses=127.0.0.1", "start")
        return f"postgres://postgres@127.0.0.1:{self.port}/postgres"

    def stop(self) -> None:
        with contextlib.suppress(RuntimeError):
            self._run(str(self.bin / "pg_ctl"), "-D", str(self.dir / "data"), "-m", "immediate", "stop")
        shutil.rmtree(self.dir, ignore_errors=True)


# -- the production server ------------------------------------------------------------------------
class Server:
    """`make serve` on a free port, with a throwaway secret key, database and media directory."""

    def __init__(self, home: Path, database_url: str, workers: int | None):
        self.port = free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        self.log = home / f"server-{self.port}.log"
        clean = {k: v for k, v in os.environ.items() if not k.startswith(("DJANGO_", "SIMULATION_", "API_RATE"))}
        self.env = {**clean, "DATABASE_URL": database_url, "MEDIA_ROOT": str(home / "media"),
                    "DJANGO_SECRET_KEY": "bench-" + os.urandom(24).hex(),  # throwaway
                    "DJANGO_ALLOWED_HOSTS": "127.0.0.1,localhost",
                    # one address makes every request here; the rate limits are for real crowds
                    "API_RATE_ANON": "100000000/min", "API_RATE_USER": "100000000/min"}
        self.workers = workers
        self.process: subprocess.Popen | None = None

    def start(self) -> float:
        args = ["make", "--no-print-directory", "serve", f"HOST=127.0.0.1:{self.port}"]
        if self.workers:
            args.append(f"WORKERS={self.workers}")
        began = time.perf_counter()
        with open(self.log, "w") as log:  # the server keeps its own copy of the file
            self.process = subprocess.Popen(args, cwd=ROOT, env=self.env, stdout=log,
                                            stderr=subprocess.STDOUT, start_new_session=True)
        while True:  # migrate, load_cardpool, collectstatic, check --deploy, then gunicorn answers
            if self.process.poll() is not None:
                sys.exit(f"`make serve` exited {self.process.returncode}:\n{self.log.read_text()[-3000:]}")
            try:
                with urllib.request.urlopen(self.url + "/healthz", timeout=5) as answer:
                    if answer.status == 200:
                        return time.perf_counter() - began
            except OSError:
                pass
            time.sleep(0.5)

    def manage(self, *args: str) -> str:
        done = subprocess.run([str(PYTHON), "manage.py", *args], cwd=ROOT, env={**self.env, "DJANGO_DEBUG": "0"},
                              capture_output=True, text=True)
        if done.returncode:
            sys.exit(f"manage.py {args[0]} failed:\n{done.stderr[-3000:]}")
        return done.stdout

    def gunicorn_workers(self) -> int:
        """How many gunicorn workers `make serve` started (children of the gunicorn master)."""
        ps = subprocess.run(["ps", "-e", "-o", "pid=,ppid=,pgid=,args="],
                            capture_output=True, text=True).stdout.splitlines()
        rows = [line.split(None, 3) for line in ps]
        rows = [(pid, ppid) for pid, ppid, pgid, command in rows
                if pgid == str(self.process.pid) and "gunicorn" in command]
        pids = {pid for pid, _ in rows}
        return sum(ppid in pids for _, ppid in rows)

    def stop(self) -> None:
        if self.process is not None:
            stop(self.process)


# -- the load client ------------------------------------------------------------------------------
def percentile(sorted_values: list[float], p: float) -> float:
    """The p-th percentile (nearest rank) of values sorted ascending."""
    if not sorted_values:
        return float("nan")
    rank = max(1, round(p / 100 * len(sorted_values) + 0.4999))  # ceil without float noise
    return sorted_values[min(rank, len(sorted_values)) - 1]


async def hammer(url: str, requests: int, clients: int) -> dict:
    """``requests`` GETs of ``url`` by ``clients`` concurrent clients: rate, latencies, errors."""
    latencies: list[float] = []
    errors: dict[str, int] = {}
    left = [requests]
    timeout = aiohttp.ClientTimeout(total=120)

    async def client(session: aiohttp.ClientSession) -> None:
        while left[0] > 0:
            left[0] -= 1
            began = time.perf_counter()
            try:
                async with session.get(url, allow_redirects=False) as answer:
                    await answer.read()
                    status = answer.status
            except (TimeoutError, aiohttp.ClientError) as exc:
                status = type(exc).__name__
            latencies.append(time.perf_counter() - began)
            if status != 200:
                errors[str(status)] = errors.get(str(status), 0) + 1

    connector = aiohttp.TCPConnector(limit=clients, force_close=False)
    async with aiohttp.ClientSession(connector=connector, timeout=timeout) as session:
        began = time.perf_counter()
        await asyncio.gather(*(client(session) for _ in range(clients)))
        seconds = time.perf_counter() - began
    latencies.sort()
    return {"requests": len(latencies), "clients": clients, "seconds": round(seconds, 3),
            "requests_per_second": round(len(latencies) / seconds, 1),
            "p50_ms": round(1000 * percentile(latencies, 50), 1), "p95_ms": round(1000 * percentile(latencies, 95), 1),
            "p99_ms": round(1000 * percentile(latencies, 99), 1), "mean_ms": round(1000 * statistics.fmean(latencies), 1),
            "errors": sum(errors.values()), "error_kinds": errors}


def load_phase(server: Server, endpoints: dict[str, str], requests: int, clients: int) -> dict:
    figures = {}
    for name, path in endpoints.items():
        asyncio.run(hammer(server.url + path, min(requests, 2 * clients), clients))  # warm: connections, caches
        figures[name] = asyncio.run(hammer(server.url + path, requests, clients))
    health = figures["healthz"]["p95_ms"]
    for row in figures.values():
        row["p95_over_healthz"] = round(row["p95_ms"] / health, 2) if health else None
    return figures


def print_phase(label: str, figures: dict, targets: bool) -> list[str]:
    """Print one phase's table; return the misses."""
    misses = []
    print(f"  {label}")
    print(f"    {'endpoint':<9} {'req/s':>8} {'p50 ms':>8} {'p95 ms':>8} {'p99 ms':>8} {'errors':>7} {'p95/healthz':>12}")
    for name, row in figures.items():
        verdict = ""
        if row["errors"]:
            misses.append(f"{label} {name}: {row['errors']} errors {row['error_kinds']}")
            verdict = "MISS (errors)"
        if targets and name != "healthz":
            within = row["p95_over_healthz"] is not None and row["p95_over_healthz"] <= TARGET_RATIO
            verdict = verdict or ("PASS" if within else "MISS")
            if not within:
                misses.append(f"{label} {name}: p95 {row['p95_over_healthz']}x /healthz (target <= {TARGET_RATIO:g}x)")
        verdict = verdict or "PASS"
        print(f"    {name:<9} {row['requests_per_second']:8.1f} {row['p50_ms']:8.1f} {row['p95_ms']:8.1f} "
              f"{row['p99_ms']:8.1f} {row['errors']:7d} {row['p95_over_healthz']:11.2f}x  {verdict}", flush=True)
    return misses


# -- the simulation runs --------------------------------------------------------------------------
def api(server: Server, method: str, path: str, token: str, body: dict | None = None) -> tuple[int, dict]:
    data = json.dumps(body).encode() if body is not None else None
    request = urllib.request.Request(server.url + path, data=data, method=method, headers={
        "Authorization": f"Bearer {token}", "Content-Type": "application/json", "Accept": "application/json"})
    try:
        with urllib.request.urlopen(request, timeout=120) as answer:
            return answer.status, json.loads(answer.read())
    except urllib.error.HTTPError as exc:
        return exc.code, json.loads(exc.read() or b"{}")


def start_runs(server: Server, tokens: list[str], decks: list[int], games: int) -> list[tuple[str, int]]:
    runs = []
    for number, token in enumerate(tokens):
        status, body = api(server, "POST", "/api/simulations/", token, {
            "game": "boundless", "mode": "head_to_head", "decks": decks, "games": games, "seed": 1000 + number,
            "agents": ["random"]})
        if status != 201:
            sys.exit(f"starting simulation run {number + 1} answered {status}: {body}")
        runs.append((token, body["id"]))
    return runs


def wait_runs(server: Server, runs: list[tuple[str, int]], games: int, began: float, limit: float) -> dict:
    """Poll until every run has ended; each must be done with exactly ``games`` games."""
    ended: dict[int, dict] = {}
    while len(ended) < len(runs):
        for token, run_id in runs:
            if run_id in ended:
                continue
            status, body = api(server, "GET", f"/api/simulations/{run_id}/", token)
            if status == 200 and body["status"] not in ("queued", "running"):
                results = body["results"]
                ended[run_id] = {"status": body["status"], "seconds": round(time.perf_counter() - began, 1),
                                 "games_done": body["progress"]["games_done"],
                                 "results_games": results["games_done"],
                                 "side_games": [side["games"] for side in results["summary"]["sides"]],
                                 "error": body["error"]}
        if len(ended) < len(runs):
            if time.perf_counter() - began > limit:
                sys.exit(f"simulation runs not done after {limit:.0f} s: {sorted({r for _, r in runs} - set(ended))}")
            time.sleep(1)
    exact = all(r["status"] == "done" and r["games_done"] == r["results_games"] == games
                and all(g == games for g in r["side_games"]) for r in ended.values())
    return {"runs": {str(k): v for k, v in sorted(ended.items())}, "exact": exact,
            "seconds": max(r["seconds"] for r in ended.values())}


# -- one database ---------------------------------------------------------------------------------
def bench_database(label: str, database_url: str, home: Path, args) -> tuple[dict, list[str]]:
    server = Server(home, database_url, args.workers)
    try:
        ready = server.start()
        setup = json.loads(server.manage("shell", "-c", SETUP % {"runs": RUNS}).strip().splitlines()[-1])
        decks = [setup["decks"][name] for name in DECKS]
        endpoints = {
            "home": "/",
            "browse": "/games/boundless/?q=t%3Aform+pwr%3E%3D2",
            "api": "/api/cards/?game=boundless&q=t%3Aform+pwr%3E%3D2",
            "deck": f"/decks/{decks[0]}/",
            "healthz": "/healthz",
        }
        workers = server.gunicorn_workers()
        print(f"\n{label}: `make serve` ready in {ready:.1f} s (migrate, load_cardpool, collectstatic, "
              f"check --deploy); {workers} gunicorn workers, sync; {os.cpu_count()} cores", flush=True)
        low = load_phase(server, endpoints, args.requests, 20)
        misses = [f"{label} {miss}" for miss in
                  print_phase(f"20 clients, {args.requests} requests per endpoint", low, targets=True)]
        began = time.perf_counter()
        runs = start_runs(server, setup["tokens"], decks, args.games)
        print(f"  started {RUNS} runs of {args.games:,} games (head-to-head, random agents) through the API; "
              f"the 100-client phase runs while they play", flush=True)
        high = load_phase(server, endpoints, args.requests_100, 100)
        misses += [f"{label} {miss}" for miss in print_phase(
            f"100 clients, {args.requests_100} requests per endpoint (simulations playing)", high, targets=False)]
        if workers < 100:
            print(f"    note: {workers} sync gunicorn workers serve one request each at a time; the other "
                  f"{100 - workers} clients wait in the listen queue (latency above is mostly that wait)")
        sims = wait_runs(server, runs, args.games, began, args.run_limit)
        games_per_second = RUNS * args.games / sims["seconds"]
        verdict = "PASS" if sims["exact"] else "MISS"
        print(f"  {RUNS} simulation runs: all done in {sims['seconds']:.1f} s after their start "
              f"({games_per_second:.0f} games/s in all); games: "
              f"{', '.join(str(r['results_games']) for r in sims['runs'].values())}  {verdict}", flush=True)
        if not sims["exact"]:
            misses.append(f"{label}: simulation runs not exact: {sims['runs']}")
        return {"database": label, "gunicorn_workers": workers, "server_ready_seconds": round(ready, 1),
                "endpoints": endpoints, "clients_20": low, "clients_100": high, "simulations": sims}, misses
    finally:
        server.stop()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--requests", type=int, default=500, help="requests per endpoint at 20 clients (default 500)")
    parser.add_argument("--requests-100", type=int, default=500,
                        help="requests per endpoint at 100 clients (default 500)")
    parser.add_argument("--games", type=int, default=5000, help="games per simulation run (default 5000)")
    parser.add_argument("--workers", type=int, default=None,
                        help="gunicorn workers (default: `make serve`'s, two per core plus one)")
    parser.add_argument("--only", choices=("sqlite", "postgres"), help="run one database only")
    parser.add_argument("--run-limit", type=float, default=1800,
                        help="give up waiting for the simulation runs after this many seconds (default 1800)")
    args = parser.parse_args()
    home = Path(tempfile.mkdtemp(prefix="bench-load-"))
    figures: dict = {"cpus": os.cpu_count(), "requests_20": args.requests, "requests_100": args.requests_100,
                     "simulation_runs": RUNS, "simulation_games": args.games, "target_p95_over_healthz": TARGET_RATIO}
    misses: list[str] = []
    print(f"Load benchmark: the production server (`make serve`), {args.requests} requests per endpoint at 20 "
          f"clients and {args.requests_100} at 100; {RUNS} x {args.games:,}-game runs", flush=True)
    try:
        if args.only != "postgres":
            figures["sqlite"], missed = bench_database("SQLite", f"sqlite:///{home / 'bench.sqlite3'}", home, args)
            misses += missed
        if args.only != "sqlite":
            postgres = None
            try:
                postgres = Postgres(home)
                url = postgres.start()
            except (FileNotFoundError, RuntimeError) as exc:
                if postgres is not None:
                    postgres.stop()
                print(f"\nPostgreSQL: skipped ({exc})", flush=True)
                figures["postgres"] = {"skipped": str(exc)}
            else:
                try:
                    figures["postgres"], missed = bench_database("PostgreSQL", url, home, args)
                    misses += missed
                finally:
                    postgres.stop()
    finally:
        shutil.rmtree(home, ignore_errors=True)
    figures["misses"] = misses
    RESULTS.mkdir(exist_ok=True)
    (RESULTS / "load.json").write_text(json.dumps(figures, indent=2) + "\n", encoding="utf-8")
    print(f"\n{'MISS' if misses else 'PASS'}: " + ("; ".join(misses) if misses else
          "no errors; every page's p95 within 4x of /healthz at 20 clients; every run exact"))
    print(f"saved to {RESULTS / 'load.json'}")
    if misses:
        raise SystemExit(1)


if __name__ == "__main__":
    main()
