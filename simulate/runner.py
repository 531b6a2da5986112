"""Running simulations: chunks of games, one task for every backend, and the backends.

A run has one *pairing* per match-up (goldfish, head-to-head and table: one; a gauntlet: one
per opponent; ``simulate.modes``); each pairing's ``games_requested`` games are split into
:class:`RunChunk` rows. A pairing has 1 to ``max_players`` sides (decks). Game ``i`` of pairing
``p`` is played from ``derive_seed(pairing_seed(run.seed, p), "game", i)`` with the sides seated
by ``rules.core.play.seating(i, sides)`` (every side takes every seat in turn; a deckless mode's
seats keep their places, ``Pairing.rotate``), exactly as
``rules.core.play.run_games`` does, so results depend on neither the chunk size nor the
backend, and a run gives the same games as ``manage.py simulate`` with its seed. A chunk's
tally is ``rules.core.tally`` version 2 (placements, returns, the game's declared counters).

:func:`run_chunk` is THE chunk task of every backend. It plays its games and stores their tally
only if the chunk is still pending (a conditional update), so a re-run, a duplicate delivery or
a worker that died after storing never counts a chunk twice; then it marks the run done when no
chunk is pending. A cancelled run's pending chunks are skipped.

Backends (``settings.SIMULATION_BACKEND``):

- ``local``: a ``ProcessPoolExecutor`` (spawn) of ``SIMULATION_LOCAL_WORKERS`` processes in this
  process, fed by a dispatcher thread. The first dispatch in a process also resumes the unfinished
  runs left by a restart (as ``manage.py resume_simulations`` does).
- ``celery``: one Celery task per chunk on a Redis broker (``simulate.tasks``); chunks whose
  worker died are re-enqueued when their lease runs out (``resume_simulations``, beat task); a
  live worker renews its chunk's lease while it plays (``cancel_check``).
- ``inline``: chunks run in the calling thread (tests, debugging).
"""

from __future__ import annotations

import logging
import math
import multiprocessing
import os
import socket
import threading
import time
from collections import OrderedDict, deque
from concurrent.futures import ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from datetime import timedelta

from django.conf import settings
from django.db import DatabaseError, InterfaceError, OperationalError, transaction
from django.db.models import Max, Q
from django.utils import timezone

from rules.core import registry
from rules.core.dealing import Dealer, dealt_names
from rules.core.decks import DeckList
from rules.core.play import GameResult, GameStopped, play_indexed_game, play_indexed_match
from rules.core.replay import deck_from_data
from rules.core.tally import tally
from simulate import league, modes
from simulate.models import RunChunk, SimulationRun
from simulate.modes import Pairing, game_seed

log = logging.getLogger(__name__)

#: fewest chunks a pairing is split into (so progress moves and workers share), size permitting
TARGET_CHUNKS = 20


# -- chunks (pure arithmetic; seeds and seats: simulate.modes and rules.core.play) -----------------------
#: how much slower than a random game a game of each agent is, roughly (greedy tries every
#: action; ismcts runs its iterations at every decision), so chunks of slow agents are smaller
AGENT_COST = {"greedy": 4.0, "rollout": 50.0}
ISMCTS_COST_PER_ITERATION = 0.25
#: an ISMCTS iteration that plays greedy out to a turn horizon costs this much more per turn
ISMCTS_PLAYOUT_TURN_COST = 12.0
#: a ``flat`` ISMCTS iteration plays out every legal action, about this many at a decision searched
ISMCTS_FLAT_ACTIONS = 8.0


def agent_cost(agents: list | None, search_defaults: dict | None = None) -> float:
    """The slowest agent's cost (1 for random and passive), from the run's agent specs and the
    game's ISMCTS defaults (``EngineSpec.search_defaults``: greedy play-outs cost more)."""
    cost = 1.0
    for spec in agents or ():
        name = spec.get("name") if isinstance(spec, dict) else spec
        if name == "ismcts":
            options = {**(search_defaults or {}), **(spec if isinstance(spec, dict) else {})}
            per_iteration = ISMCTS_COST_PER_ITERATION
            if options.get("rollout") == "greedy":
                per_iteration *= 1 + ISMCTS_PLAYOUT_TURN_COST * options.get("rollout_turns", 0)
            if options.get("flat"):
                per_iteration *= ISMCTS_FLAT_ACTIONS
            cost = max(cost, per_iteration * options.get("iterations", 100))
        else:
            cost = max(cost, AGENT_COST.get(name, 1.0))
    return cost


#: measured CPU cost of one game of a slow game or mode, by agent (every seat played by it), in
#: random games of a deck game (BOS: about 6 ms, ``scripts/bench_games.py``); the agents not
#: named cost the game's ``random`` times ``agent_cost``. Millennium Blades' whole game:
#: ``scripts/bench_full_game.py`` (random 0.2 CPU s a game, greedy under 2 s since issue 25.8;
#: 16-63 s before); Duel Mode (random 0.09 s, greedy 1.3 s) and Turn-Based Mode (4 seats: random
#: 0.016 s, greedy 3.4 s) measured the same way.
GAME_COST: dict[tuple[str, str], dict[str, float]] = {
    ("millennium_blades", "full-game"): {"random": 40.0, "greedy": 330.0},
    ("millennium_blades", "duel"): {"random": 15.0, "greedy": 230.0},
    ("millennium_blades", "turn-based"): {"random": 3.0, "greedy": 580.0},
}


def game_cost(game: str, mode: str, agents: list | None, search_defaults: dict | None = None) -> float:
    """What one game of the run costs, in random deck games: the slowest agent's, priced by the
    game's measured cost (``GAME_COST``) when it has one, else ``agent_cost``."""
    measured = GAME_COST.get((game, mode))
    if measured is None:
        return agent_cost(agents, search_defaults)
    cost = measured["random"]
    for spec in agents or ():
        name = spec.get("name") if isinstance(spec, dict) else spec
        cost = max(cost, measured.get(name) or measured["random"] * agent_cost([spec], search_defaults))
    return cost


def chunk_size_for(games: int, limit: int | None = None, agents: list | None = None,
                   search_defaults: dict | None = None, cost: float | None = None) -> int:
    """Games per chunk: at most ``SIMULATION_CHUNK_SIZE`` random deck games' worth (fewer in
    proportion to a game's ``cost``, default the slowest agent's ``agent_cost``: every chunk takes
    about the same CPU whatever the game, so progress moves every few seconds, an ISMCTS run shows a
    time-left estimate after its first games, and a worker is never held for minutes by one
    chunk), small enough for ~20 chunks."""
    limit = limit or settings.SIMULATION_CHUNK_SIZE
    cost = agent_cost(agents, search_defaults) if cost is None else cost
    limit = max(1, math.floor(limit / cost))
    return max(1, min(limit, math.ceil(games / TARGET_CHUNKS)))


def plan_chunks(games: int, pairings: int, chunk_size: int) -> list[tuple[int, int, int]]:
    """``(pairing, first_game, games)`` per chunk, numbered in this order."""
    return [(pairing, start, min(chunk_size, games - start))
            for pairing in range(pairings) for start in range(0, games, chunk_size)]


# -- what a run plays ------------------------------------------------------------------------------
def run_engine(run: SimulationRun):
    """The engine the run plays: its game's, or the game's deckless mode's (``registry.get_engine(game, mode)``)."""
    engine = registry.get_engine(run.game, run.mode) if run.is_deckless else registry.get_engine(run.game)
    if engine is None:
        raise RuntimeError(f"{run.game} has no rules engine")
    return engine


def run_pairings(run: SimulationRun, engine=None) -> list[Pairing]:
    """The run's match-ups from its frozen decks (``simulate.modes.pairings``)."""
    engine = engine or run_engine(run)
    if run.is_deckless:  # a placeholder deck per seat, seats not rotating
        return [modes.deckless_pairing(engine, run.players or 0, run.agents, run.options)]
    if run.deal:  # a dealt-format run: placeholders, dealt per game (``Pairing.dealer``)
        names = dealt_names(run.deal["count"])
        pairings = modes.pairings(run.mode, engine, [DeckList(game=run.game, name=n) for n in names], names,
                                  [dict(a) for a in run.agents])
        pool = deck_from_data(run.deal["pool"], run.game)
        for pairing in pairings:
            pairing.dealer = Dealer.from_pool_deck(pool, range(len(names)), pairing.names[:len(names)])
        return _with_options(pairings, run)
    frozen = list(run.run_decks.order_by("position"))
    decks = [deck_from_data(rd.snapshot, run.game) for rd in frozen]
    if run.mode == modes.LEAGUE:  # every table of the league's decks (simulate/league.py)
        return _with_options(league.pairings(engine, decks, [rd.name for rd in frozen], [dict(a) for a in run.agents],
                                             run.league or {}), run)
    return _with_options(modes.pairings(run.mode, engine, decks, [rd.name for rd in frozen],
                                        [dict(a) for a in run.agents]), run)


#: the run this process played a chunk of last: its key, engine and pairings (``chunk_pairing``)
_LAST_PAIRINGS: list = [None, None, None]


def chunk_pairing(run: SimulationRun, engine, number: int) -> Pairing:
    """Pairing ``number`` of ``run`` (``run_pairings``), built once per process for the run it
    plays: a run's decks, agents and options are frozen when it starts, and a worker plays many of
    its chunks in a row (a 12-deck league's 528 chunks each rebuilt all 66 pairings from the saved
    decks: about 2% of a greedy league's CPU). Kept for the run's id and creation time (a test
    database reuses ids) and the very engine object (tests swap engines); playing a pairing's
    games only reads it (``play_games``)."""
    key = (run.pk, run.created)
    last_key, last_engine, pairings = _LAST_PAIRINGS
    if last_key != key or last_engine is not engine:
        pairings = run_pairings(run, engine)
        _LAST_PAIRINGS[:] = [key, engine, pairings]
    return pairings[number]


def _with_options(pairings: list[Pairing], run: SimulationRun) -> list[Pairing]:
    """The run's setup options (``EngineSpec.setup_options``) in every pairing's engine options."""
    for pairing in pairings:
        pairing.options = {**(run.options or {}), **pairing.options}
    return pairings


def play_games(engine, pairing: Pairing, run_seed: int, first: int, count: int,
               record: bool = False, should_stop=None) -> list[GameResult]:
    """Games ``first .. first + count - 1`` of ``pairing``, each with the sides seated by
    ``rules.core.play.seating``. ``should_stop`` is asked between games and before every move
    (a cancelled run gives its chunk up: ``rules.core.play.GameStopped``)."""
    results = []
    for index in range(first, first + count):
        seed = game_seed(run_seed, pairing.number, index)
        if should_stop is not None and should_stop():
            raise GameStopped(f"stopped before game {index}")
        if pairing.match:
            results.append(play_indexed_match(engine, pairing.decks, pairing.agents, seed, index, record,
                                              rotate=pairing.rotate))
        else:
            results.append(play_indexed_game(engine, pairing.decks, pairing.agents, seed, index, record,
                                             rotate=pairing.rotate, options=pairing.options, dealer=pairing.dealer,
                                             should_stop=should_stop))
    return results


#: how often (seconds) a chunk being played asks whether its run was cancelled
CANCEL_POLL_SECONDS = 1.0
#: a playing chunk renews its lease this many times a lease
LEASE_RENEWALS = 4


def cancel_check(run_id: int, chunk_id: int | None = None, worker: str = ""):
    """``should_stop`` for a chunk of ``run_id``: true once the run is cancelled, failed or gone,
    asked of the database at most every :data:`CANCEL_POLL_SECONDS`. Given the chunk and its
    worker, it also renews the chunk's lease every :data:`LEASE_RENEWALS`-th of a lease while the
    chunk plays, so a chunk that outlasts one lease (slow agents, long games) is not handed to
    another worker while its own still lives: only a dead worker's lease runs out."""
    last = renewed = time.monotonic()

    def should_stop() -> bool:
        nonlocal last, renewed
        now = time.monotonic()
        if now - last < CANCEL_POLL_SECONDS:
            return False
        last = now
        if chunk_id is not None and now - renewed >= settings.SIMULATION_CHUNK_LEASE / LEASE_RENEWALS:
            renewed = now
            RunChunk.objects.filter(pk=chunk_id, worker=worker, status=RunChunk.Status.PENDING).update(
                leased_until=timezone.now() + timedelta(seconds=settings.SIMULATION_CHUNK_LEASE))
        return not SimulationRun.objects.filter(pk=run_id, status__in=SimulationRun.ACTIVE,
                                                cancel_requested=False).exists()

    return should_stop


# -- THE chunk task -------------------------------------------------------------------------------
def run_chunk(run_id: int, index: int, *, worker: str = "") -> str:
    """Play chunk ``index`` of run ``run_id`` and store its tally once. Returns what happened:
    ``stored``, ``already_done`` (or ``duplicate`` when another delivery stored it meanwhile),
    ``skipped`` (run cancelled, failed or gone), ``leased`` (another live worker holds it),
    ``stopped`` (cancelled while playing: given up
    between games or moves, within about :data:`CANCEL_POLL_SECONDS`), ``failed``."""
    chunk = RunChunk.objects.select_related("run").filter(run_id=run_id, index=index).first()
    if chunk is None:
        return "skipped"
    run = chunk.run
    if chunk.status == RunChunk.Status.DONE:
        return "already_done"
    if run.cancel_requested or run.status not in SimulationRun.ACTIVE:
        return "skipped"
    worker = (worker or f"{socket.gethostname()}:{os.getpid()}")[:200]
    now = timezone.now()
    if not claim_chunk(chunk, worker, now):
        return "leased"
    SimulationRun.objects.filter(pk=run.pk, status=SimulationRun.Status.QUEUED).update(
        status=SimulationRun.Status.RUNNING, started=now)
    try:
        if run.mode == modes.DOCTOR:  # a candidate deck against the whole field (simulate.doctor_runs)
            from simulate import doctor_runs

            counts = doctor_runs.play_run_chunk(run, chunk, cancel_check(run.pk, chunk.pk, worker))
        else:
            engine = run_engine(run)
            pairing = chunk_pairing(run, engine, chunk.pairing)
            played = play_games(engine, pairing, run.seed, chunk.first_game, chunk.games,
                                should_stop=cancel_check(run.pk, chunk.pk, worker))
            counts = tally(played, pairing.sides)
            if run.mode == modes.LEAGUE:  # each game's placements by side: the league's figures (simulate/metagame.py)
                counts["league_patterns"] = league.outcome_patterns(played)
    except GameStopped:  # cancelled (or deleted) while playing: the chunk gives up at once, storing nothing
        return "stopped"
    except DATABASE_TROUBLE:  # the database, not the game: the chunk is tried again (run_chunk_retrying)
        raise
    except Exception as exc:  # an engine bug must not leave the run "running" for ever
        log.exception("simulation run %s chunk %s failed", run_id, index)
        SimulationRun.objects.filter(pk=run.pk, status__in=SimulationRun.ACTIVE).update(
            status=SimulationRun.Status.FAILED, error=f"chunk {index}: {type(exc).__name__}: {exc}"[:2000],
            finished=timezone.now())
        return "failed"
    if not store_chunk(chunk, counts, worker):
        return "duplicate"
    return STORED_STAGED if run.mode in STAGED_MODES else "stored"


#: runs played in stages, each planned when the last is in (``next_stage``); their chunks answer
#: ``STORED_STAGED``, so the local pool looks for the next stage's chunks
STAGED_MODES = (modes.DOCTOR,)
STORED_STAGED = "stored_staged"


def next_stage(run_id: int, mode: str) -> bool:
    """Plan a staged run's next chunks when its last pending one is stored (the deck doctor's next
    look): True when there are new chunks, False when the run is finished."""
    if mode == modes.DOCTOR:
        from simulate import doctor_runs

        return doctor_runs.next_stage(run_id)
    return False


def store_chunk(chunk: RunChunk, counts: dict, worker: str) -> bool:
    """Store a played chunk's tally unless it is stored already, and mark its run done when it
    was the last one pending. True when this call stored it."""
    with transaction.atomic():
        # the write comes first: it serialises concurrent chunks on SQLite, and on PostgreSQL the
        # run-row lock below makes the last chunk's "anything pending?" see every other commit
        stored = RunChunk.objects.filter(pk=chunk.pk, status=RunChunk.Status.PENDING).update(
            status=RunChunk.Status.DONE, tally=counts, finished=timezone.now(), leased_until=None,
            worker=worker)
        if stored:
            run_id = chunk.run_id
            mode = SimulationRun.objects.select_for_update().filter(pk=run_id).values_list("mode", flat=True).first()
            if not RunChunk.objects.filter(run_id=run_id, status=RunChunk.Status.PENDING).exists() \
                    and not (mode in STAGED_MODES and next_stage(run_id, mode)):
                SimulationRun.objects.filter(pk=run_id, status__in=SimulationRun.ACTIVE).update(
                    status=SimulationRun.Status.DONE, finished=timezone.now())
    return bool(stored)


#: errors of the database connection (a restart, a network cut), not of the data: worth a retry
DATABASE_TROUBLE = (OperationalError, InterfaceError)
#: seconds between a chunk's attempts while the database is away (then the last, again and again)
DATABASE_RETRY_DELAYS = (1, 2, 5, 10, 20, 30, 60)
#: attempts of a chunk in one worker before it is handed back (the local pool tries it again later)
DATABASE_ATTEMPTS = 5


def run_chunk_retrying(run_id: int, index: int, *, worker: str = "", attempts: int = DATABASE_ATTEMPTS,
                       sleep=time.sleep) -> str:
    """``run_chunk``, tried again when the database fails under it (a PostgreSQL restart left
    pool processes with dead connections, and their chunks pending for ever). Between attempts the
    broken connections are dropped, so the next one connects afresh. Returns ``run_chunk``'s
    answer, or ``database_error`` when every attempt failed (the chunk is still pending and stored
    once whenever it runs: the local pool hands it out again, :meth:`LocalPool._done`)."""
    for attempt in range(attempts):
        try:
            return run_chunk(run_id, index, worker=worker)
        except DATABASE_TROUBLE as exc:
            log.warning("simulation run %s chunk %s: database error (attempt %s of %s): %s",
                        run_id, index, attempt + 1, attempts, exc)
            drop_broken_connections()
            if attempt + 1 < attempts:
                sleep(DATABASE_RETRY_DELAYS[min(attempt, len(DATABASE_RETRY_DELAYS) - 1)])
    return "database_error"


def drop_broken_connections() -> None:
    """Close this thread's connections that failed (outside a transaction: a test's stays)."""
    from django.db import connections

    for conn in connections.all(initialized_only=True):
        if not conn.in_atomic_block:
            conn.close_if_unusable_or_obsolete()


def fail_run(run_id: int, error: str) -> None:
    """Mark an active run failed with ``error`` (shown on its page and in the API), if the database lets us."""
    try:
        SimulationRun.objects.filter(pk=run_id, status__in=SimulationRun.ACTIVE).update(
            status=SimulationRun.Status.FAILED, error=error[:2000], finished=timezone.now())
    except DatabaseError:
        log.exception("simulation run %s could not be marked failed", run_id)


def claim_chunk(chunk: RunChunk, worker: str, now) -> bool:
    """Take the chunk's lease for ``worker``, atomically: when nobody holds it, its lease ran
    out, ``worker`` holds it already, or its holder was a process of this host that is gone (a
    server killed mid-chunk: its successor need not wait out the lease). False when another
    live worker holds it: two server processes that both resume a run then play each chunk once."""
    until = now + timedelta(seconds=settings.SIMULATION_CHUNK_LEASE)
    pending = RunChunk.objects.filter(pk=chunk.pk, status=RunChunk.Status.PENDING)
    free = Q(leased_until__isnull=True) | Q(leased_until__lt=now) | Q(worker=worker)
    if pending.filter(free).update(leased_until=until, worker=worker):
        return True
    holder = pending.values_list("worker", flat=True).first()
    if holder is None or not holder_is_gone(holder):
        return False
    return bool(pending.filter(worker=holder).update(leased_until=until, worker=worker))


def holder_is_gone(worker: str) -> bool:
    """Whether a lease's holder ("host:pid") was a process of this host that no longer runs."""
    host, _, pid = worker.rpartition(":")
    if host != socket.gethostname() or not pid.isdigit():
        return False
    try:
        os.kill(int(pid), 0)
    except ProcessLookupError:
        return True
    except OSError:  # exists, but another user's
        return False
    return _is_zombie(int(pid))  # killed, but not reaped yet (its parent died with the server)


def _is_zombie(pid: int) -> bool:
    try:
        with open(f"/proc/{pid}/stat", encoding="ascii", errors="replace") as stat:
            return stat.read().rpartition(")")[2].split()[0] == "Z"
    except (OSError, IndexError):  # no /proc (not Linux): only a vanished process counts as gone
        return False


# -- which chunks still need a worker ---------------------------------------------------------------
def pending_chunks(run: SimulationRun) -> list[int]:
    return list(run.chunks.filter(status=RunChunk.Status.PENDING).order_by("index").values_list("index", flat=True))


def pending_chunks_of(run_id: int) -> list[int]:
    return list(RunChunk.objects.filter(run_id=run_id, status=RunChunk.Status.PENDING).order_by("index")
                .values_list("index", flat=True))


def stale_chunks(run: SimulationRun, stale_after: float | None = None) -> list[int]:
    """Pending chunks nobody is working on: leased longer ago than the lease, or never leased
    while the run showed no progress for ``stale_after`` seconds (default: the lease). With
    ``stale_after=0`` every pending chunk."""
    lease = settings.SIMULATION_CHUNK_LEASE if stale_after is None else stale_after
    now = timezone.now()
    cutoff = now - timedelta(seconds=lease)
    pending = run.chunks.filter(status=RunChunk.Status.PENDING)
    if lease <= 0:
        return list(pending.order_by("index").values_list("index", flat=True))
    activity = run.chunks.aggregate(last=Max("finished"))["last"] or run.started or run.created
    quiet = activity < cutoff
    out = []
    for index, leased_until in pending.order_by("index").values_list("index", "leased_until"):
        if (leased_until is not None and leased_until < now) or (leased_until is None and quiet):
            out.append(index)
    return out


def active_runs(backend: str | None = None):
    runs = SimulationRun.objects.filter(status__in=SimulationRun.ACTIVE, cancel_requested=False)
    return runs.filter(backend=backend) if backend else runs


# -- dispatch -------------------------------------------------------------------------------------
def dispatch(run: SimulationRun) -> None:
    """Hand the run's pending chunks to its backend (called after the run's rows are committed)."""
    if run.backend == "celery":
        enqueue_celery(run.pk, pending_chunks(run))
    elif run.backend == "inline":
        for index in pending_chunks(run):
            run_chunk(run.pk, index, worker="inline")
    else:
        local_pool().submit_run(run.pk, pending_chunks(run))


def enqueue_celery(run_id: int, indices: list[int]) -> None:
    from simulate.tasks import run_chunk_task

    for index in indices:
        run_chunk_task.delay(run_id, index)


def resume(*, backend: str | None = None, stale_after: float | None = None) -> dict[int, int]:
    """Re-dispatch what a restart or a dead worker left behind: {run id: chunks re-dispatched}.

    Local runs: every pending chunk (this process's pool is new, so nothing of them is running
    here). Celery runs: the stale chunks only (:func:`stale_chunks`); duplicates are harmless.
    """
    out: dict[int, int] = {}
    for run in active_runs(backend):
        if run.backend == "celery":
            indices = stale_chunks(run, stale_after)
            enqueue_celery(run.pk, indices)
        elif run.backend == "local":
            indices = pending_chunks(run)
            local_pool().submit_run(run.pk, indices)
        else:
            indices = pending_chunks(run)
            for index in indices:
                run_chunk(run.pk, index, worker="inline")
        if indices:
            out[run.pk] = len(indices)
    return out


# -- the local process pool -------------------------------------------------------------------------
def run_owner_and_costs(run_id: int, indices: list[int]) -> tuple[int, dict[int, float]]:
    """The run's owner (0: gone) and what each of its chunks ``indices`` costs: its games times the
    run's ``game_cost`` (the unit of ``FairQueue``'s shares)."""
    run = SimulationRun.objects.filter(pk=run_id).only("owner_id", "game", "mode", "agents").first()
    if run is None:
        return 0, {}
    engine = registry.get_engine(run.game, run.mode) if run.is_deckless else registry.get_engine(run.game)
    per_game = game_cost(run.game, run.mode, run.agents, engine.search_defaults if engine else None)
    games = dict(run.chunks.filter(index__in=indices).values_list("index", "games"))
    return run.owner_id or 0, {index: games.get(index, 1) * per_game for index in indices}


class FairQueue:
    """Chunks waiting for the local pool, shared fairly between people: the next chunk is the
    person's who was handed the least work so far (each chunk priced by its cost, ``put``'s
    ``cost``: its games times the run's ``game_cost``; ties in the order people came), and within a
    person one run's, then the next run's. First-come-first-served let one person's queue of long
    runs hold up everyone else's run until it drained; counting chunks alone let a run of dear
    chunks take more than its share. A person who comes (back) to the queue starts level with the
    least served one waiting, not with credit saved up while away.

    ``put(owner, run, indices, cost)`` adds chunks; ``get()`` blocks until one is waiting and returns
    ``(run, index)``, or None once ``close()`` has been called."""

    def __init__(self):
        self.owners: OrderedDict[int, OrderedDict[int, deque[tuple[int, float]]]] = OrderedDict()
        self.served: dict[int, float] = {}  # owner -> work handed out (chunk costs)
        self.ready = threading.Condition()
        self.closed = False

    def put(self, owner: int, run: int, indices: list[int], cost: float | dict[int, float] = 1.0) -> None:
        """``cost``: every chunk's, or per chunk index (default 1: counted by chunks)."""
        if not indices:
            return
        with self.ready:
            if owner not in self.owners:
                level = min((self.served[o] for o in self.owners), default=0.0)
                self.served[owner] = max(self.served.get(owner, 0.0), level)
            runs = self.owners.setdefault(owner, OrderedDict())
            runs.setdefault(run, deque()).extend(
                (index, cost.get(index, 1.0) if isinstance(cost, dict) else cost) for index in indices)
            self.ready.notify()

    def get(self) -> tuple[int, int] | None:
        with self.ready:
            while not self.owners and not self.closed:
                self.ready.wait()
            if self.closed:
                return None
            owner = min(self.owners, key=self.served.__getitem__)  # the first of the least served
            runs = self.owners[owner]
            run, chunks = next(iter(runs.items()))
            index, cost = chunks.popleft()
            self.served[owner] += cost
            runs.move_to_end(run)  # this person's next run comes next time
            if not chunks:
                del runs[run]
            self.owners.move_to_end(owner)  # among the equally served, the others first next time
            if not runs:
                del self.owners[owner]
            return run, index

    def close(self) -> None:
        with self.ready:
            self.closed = True
            self.ready.notify_all()


class LocalPool:
    """A spawn process pool fed by one dispatcher thread, which keeps at most two chunks per
    process in flight and never queues a chunk that is already queued or running here."""

    #: a pool that breaks this many times in a row gives up (its chunks stay pending)
    MAX_BREAKS = 3
    #: a chunk whose worker could not reach the database is handed out again after this many
    #: seconds, this many times (each time after ``run_chunk_retrying``'s own attempts); then its
    #: run fails saying why, instead of staying "running" with its owner's run slots taken
    DATABASE_RETRY_AFTER = 30.0
    DATABASE_ROUNDS = 10

    def __init__(self, workers: int, *, dispatcher: bool = True):
        """``dispatcher=False``: no thread; whoever made the pool hands chunks out (:meth:`dispatch`)."""
        from django.db import connection

        self.breaks = 0
        self.closed = False
        self.workers = workers
        self.database_name = str(connection.settings_dict["NAME"])
        self.queue = FairQueue()
        self.known: set[tuple[int, int]] = set()
        self.database_rounds: dict[tuple[int, int], int] = {}
        self.lock = threading.Lock()
        self.slots = threading.Semaphore(workers * 2)
        self.executor = self._executor()
        self.thread = threading.Thread(target=self._loop, name="simulation-dispatcher", daemon=True)
        if dispatcher:
            self.thread.start()

    def _executor(self) -> ProcessPoolExecutor:
        from simulate import pool_worker

        return ProcessPoolExecutor(max_workers=self.workers, mp_context=multiprocessing.get_context("spawn"),
                                   initializer=pool_worker.init_worker, initargs=(self.database_name,))

    def submit_run(self, run_id: int, indices: list[int]) -> None:
        with self.lock:
            fresh = [index for index in indices if (run_id, index) not in self.known]
            self.known.update((run_id, index) for index in fresh)
        try:
            owner, costs = run_owner_and_costs(run_id, fresh)
        except DATABASE_TROUBLE:  # a retry while the database is still away: queued all the same
            owner, costs = 0, {}
        self.queue.put(owner, run_id, fresh, costs)

    def warm(self) -> int:
        """Start every worker process now (Django set up in each) instead of on the first chunks;
        returns how many answered. Benchmarks use it so process start-up is not timed."""
        from simulate import pool_worker

        futures = [self.executor.submit(pool_worker.ping, 0.3) for _ in range(self.workers)]
        return len({f.result() for f in futures})

    def idle(self) -> bool:
        with self.lock:
            return not self.known

    def _loop(self) -> None:
        while True:
            key = self.queue.get()  # the next chunk, round-robin across people and runs
            if key is None or self.closed or not self.dispatch(key):
                return

    def dispatch(self, key: tuple[int, int]) -> bool:
        """Hand chunk ``key`` (run, index) to a worker process; False once the pool is shut down."""
        from simulate import pool_worker

        self.slots.acquire()
        try:
            future = self.executor.submit(pool_worker.run_chunk, *key)
        except BrokenProcessPool:  # a worker died: start a fresh pool
            log.warning("simulation pool broken; starting a new one")
            self.executor = self._executor()
            future = self.executor.submit(pool_worker.run_chunk, *key)
        except RuntimeError:  # shut down (the interpreter is exiting)
            return False
        future.add_done_callback(lambda f, key=key: self._done(key, f))
        return True

    def _done(self, key: tuple[int, int], future) -> None:
        self.slots.release()
        error = None if future.cancelled() else future.exception()
        with self.lock:
            self.known.discard(key)
            self.breaks = self.breaks + 1 if isinstance(error, BrokenProcessPool) else 0
            breaks = self.breaks
        result = None if future.cancelled() or error is not None else future.result()
        if isinstance(error, BrokenProcessPool) and breaks <= self.MAX_BREAKS:  # its worker died: again
            self.submit_run(key[0], [key[1]])
        elif result == "database_error" or isinstance(error, DATABASE_TROUBLE):
            self._retry_after_database_error(key, error)
        elif error is not None:  # the chunk stays pending: resume_simulations can try it later
            log.error("simulation chunk %s failed: %r", key, error)
        elif result == "leased":
            # another live process holds it: look again when its lease has run out, so a holder
            # that died without our noticing (another host's) never leaves the run unfinished
            self._later(settings.SIMULATION_CHUNK_LEASE + 1, self.submit_run, key[0], [key[1]])
        elif result == STORED_STAGED:  # a staged run's next stage may be planned: hand its chunks out
            self.submit_run(key[0], pending_chunks_of(key[0]))
        if result not in (None, "database_error"):
            with self.lock:
                self.database_rounds.pop(key, None)

    def _retry_after_database_error(self, key: tuple[int, int], error) -> None:
        """Hand the chunk out again a little later (the database may be restarting), as the Celery
        backend re-enqueues a chunk whose lease ran out; past ``DATABASE_ROUNDS`` its run fails."""
        with self.lock:
            rounds = self.database_rounds[key] = self.database_rounds.get(key, 0) + 1
        if rounds > self.DATABASE_ROUNDS:
            log.error("simulation chunk %s: the database stayed unreachable; the run fails", key)
            fail_run(key[0], f"chunk {key[1]}: the database could not be reached ({rounds - 1} retries)"
                             + (f": {error}" if error else ""))
            return
        log.warning("simulation chunk %s: database unreachable; handed out again in %ss (%s of %s)",
                    key, self.DATABASE_RETRY_AFTER, rounds, self.DATABASE_ROUNDS)
        self._later(self.DATABASE_RETRY_AFTER, self.submit_run, key[0], [key[1]])

    def _later(self, seconds: float, function, *args) -> None:
        timer = threading.Timer(seconds, function, args)
        timer.daemon = True
        timer.start()

    def shutdown(self) -> None:
        self.closed = True
        self.queue.close()
        self.executor.shutdown(wait=True, cancel_futures=True)


_pool: LocalPool | None = None
_pool_lock = threading.Lock()


def local_pool() -> LocalPool:
    """This process's pool; made on first use, which also resumes unfinished local runs."""
    global _pool
    with _pool_lock:
        if _pool is not None:
            return _pool
        _pool = LocalPool(settings.SIMULATION_LOCAL_WORKERS)
    for run in active_runs("local"):  # runs a restart left unfinished
        _pool.submit_run(run.pk, pending_chunks(run))
    return _pool


def reset_local_pool() -> None:
    """Stop this process's pool (tests, benchmarks)."""
    global _pool
    with _pool_lock:
        pool, _pool = _pool, None
    if pool is not None:
        pool.shutdown()
