"""Replays are not recomputed for free (robustness issue, part 2; issue 25, item 4).

A replay is a game played again from its seed, which costs what the game cost: a strong ISMCTS
game took 108 s in a web request, and eight at once slowed every page. So:

- only games that were played have a replay (404 for a game a cancelled run never reached);
- each replay is computed once and kept (``ReplayCache``, by run, pairing, game and engine
  version);
- every one is computed in the background, in a thread of the server process, whatever its
  agents and mode (a greedy game of Millennium Blades' whole game took past the worker's 120 s
  in a request, and a deckless run's share key let anyone start one); the page shows that it is
  being prepared and polls until it is ready, and the API answers ``202`` with ``Retry-After``.
  Only the ``inline`` backend (tests, debugging) computes a replay of fast agents (no searching
  agent) in the request;
- one person (user, share key or address) has at most ``SIMULATION_REPLAYS_AT_ONCE`` replays
  computing at once; past that, ``ReplayBusy`` (429).

A replay left "computing" by a process that stopped is computed again when asked after
``STALE_AFTER``. While it is computed, its progress (moves played again of the game's moves, which
the run's tallies recorded) is kept in the shared cache (``progress``), so the page that waits for
it, in any server process, shows how far it has come (issue 27.6). The viewer then gets the frames
a page at a time (``rules.core.replay.FRAMES_PER_PAGE``, ``frame_page_answer``): a whole game of
Millennium Blades is no 2 MB page.
"""

from __future__ import annotations

import logging
from concurrent.futures import ThreadPoolExecutor
from datetime import timedelta

from django.conf import settings
from django.core.cache import caches
from django.db import DatabaseError, IntegrityError, connection, transaction
from django.db.models import F
from django.utils import timezone

from simulate import runner, selectors
from simulate.models import ReplayCache, RunChunk, SimulationRun

log = logging.getLogger(__name__)

#: agents whose games are slow to play again: their replays are computed in the background
SLOW_AGENTS = frozenset({"ismcts", "rollout"})
STALE_AFTER = timedelta(minutes=15)
_background = ThreadPoolExecutor(max_workers=1, thread_name_prefix="replay")


class ReplayPending(Exception):
    """The replay is being computed; ask again in ``retry_after`` seconds."""

    retry_after = 2


class ReplayBusy(Exception):
    """This person already has as many replays computing as they may."""


def check_played(run: SimulationRun, pairing: int, game: int) -> None:
    """Raise ``ReplayNotFound`` unless game ``game`` of ``pairing`` was played (its chunk is done)."""
    played = (RunChunk.objects.filter(run=run, pairing=pairing, status=RunChunk.Status.DONE, first_game__lte=game)
              .annotate(end=F("first_game") + F("games")).filter(end__gt=game).exists())
    if not played:
        raise selectors.ReplayNotFound(f"game {game} of this run was not played (the run was cancelled, failed, or "
                                       "has not reached it yet), so it has no replay")


def is_slow(run: SimulationRun) -> bool:
    return any((a.get("name") if isinstance(a, dict) else str(a)) in SLOW_AGENTS for a in run.agents)


def in_background(run: SimulationRun) -> bool:
    """Whether the replay is computed in the background: always, but on the ``inline`` backend
    (chunks and fast replays in the request: tests and debugging)."""
    return settings.SIMULATION_BACKEND != "inline" or is_slow(run)


def replay(run: SimulationRun, pairing: int, game: int, requester: str) -> dict:
    """The replay of a played game: from the cache, or started in the background (raises
    ``ReplayPending``; computed now only on the inline backend, ``in_background``). Raises
    ``ReplayNotFound`` and ``ReplayBusy``."""
    selectors.seat_names(run, pairing, game)  # checks pairing and game numbers
    check_played(run, pairing, game)
    engine = runner.run_engine(run)
    selectors.check_engine_version(run, engine)  # before any background work: an old run's games are gone
    key = {"run": run, "pairing": pairing, "game": game, "engine_version": engine.version}
    row = ReplayCache.objects.filter(**key).first()
    if row is not None and row.status == ReplayCache.Status.READY:
        return row.data
    if row is not None and row.status == ReplayCache.Status.COMPUTING and timezone.now() - row.updated < STALE_AFTER:
        raise ReplayPending()
    if not in_background(run):
        data = selectors.simulation_replay(run, pairing, game)
        _store(key, ReplayCache.Status.READY, data=data, requester=requester)
        return data
    busy = ReplayCache.objects.filter(requester=requester, status=ReplayCache.Status.COMPUTING,
                                      updated__gt=timezone.now() - STALE_AFTER).count()
    if busy >= settings.SIMULATION_REPLAYS_AT_ONCE:
        raise ReplayBusy(f"{busy} of your replays are being prepared (at most {settings.SIMULATION_REPLAYS_AT_ONCE} "
                         "at once); open this one again when they are ready")
    row = _store(key, ReplayCache.Status.COMPUTING, requester=requester)
    transaction.on_commit(lambda: _background.submit(_compute_in_background, row.pk))
    raise ReplayPending()


def _store(key: dict, status: str, data: dict | None = None, requester: str = "") -> ReplayCache:
    try:
        with transaction.atomic():
            row, _ = ReplayCache.objects.update_or_create(
                **key, defaults={"status": status, "data": data, "requester": requester[:80], "error": ""})
    except IntegrityError:  # another request stored it at the same moment: theirs stands
        row = ReplayCache.objects.get(**key)
    return row


def _progress_key(run_id: int, pairing: int, game: int) -> str:
    return f"replay-progress:{run_id}:{pairing}:{game}"


def progress(run: SimulationRun, pairing: int, game: int) -> dict:
    """How far the replay being computed has come: ``{"moves": played again, "of": the game's
    moves}`` ({} when unknown: not started, or a match)."""
    try:
        found = caches[settings.SHARED_CACHE].get(_progress_key(run.pk, pairing, game))
    except DatabaseError:  # the figure is only a hint: a cache table busy for a moment must not fail the page
        log.warning("replay progress of run %s unread: the shared cache is busy", run.pk, exc_info=True)
        found = None
    return dict(found) if isinstance(found, dict) else {}


def _game_moves(run: SimulationRun, pairing: int, game: int) -> int | None:
    """The game's number of moves, as the run's tally recorded it (None when it did not)."""
    for record in selectors.game_records(run, pairing) or ():
        if record["index"] == game:
            return record["steps"]
    return None


def _progress_counter(row: ReplayCache):
    """A ``should_stop`` for the game played again: never stops, and every few moves writes how
    far it has come (``progress``)."""
    key, total = _progress_key(row.run_id, row.pairing, row.game), _game_moves(row.run, row.pairing, row.game)
    cache, moves = caches[settings.SHARED_CACHE], [0]

    def count() -> bool:
        if moves[0] % 10 == 0:
            try:
                cache.set(key, {"moves": moves[0], "of": total}, timeout=int(STALE_AFTER.total_seconds()))
            except DatabaseError:  # a hint only (``progress``): the replay goes on without it
                log.warning("replay progress %s unwritten: the shared cache is busy", key, exc_info=True)
        moves[0] += 1
        return False

    return count


def frame_page_answer(game: str, page: dict) -> dict:
    """A page of replay frames as the viewer fetches it (``rules.core.replay.paged``, without the
    outline it already has), with the pictures of the cards they name."""
    from cardpool.templatetags.card_images import card_names, image_map

    return {"total": page["total"], "first": page["first"], "frames": page["frames"],
            "card_images": image_map(game, card_names(page["frames"]))}


def _compute(row_id: int) -> None:
    """Play the game again and keep the replay (or why it failed)."""
    row = ReplayCache.objects.select_related("run").get(pk=row_id)
    try:
        data = selectors.simulation_replay(row.run, row.pairing, row.game, should_stop=_progress_counter(row))
    except Exception as exc:  # the viewer says so instead of waiting for ever
        log.exception("replay %s failed", row_id)
        ReplayCache.objects.filter(pk=row_id).update(status=ReplayCache.Status.FAILED, error=repr(exc)[:2000])
        return
    ReplayCache.objects.filter(pk=row_id).update(status=ReplayCache.Status.READY, data=data, error="")
    try:
        caches[settings.SHARED_CACHE].delete(_progress_key(row.run_id, row.pairing, row.game))
    except DatabaseError:  # the hint expires by itself (STALE_AFTER)
        log.warning("replay progress of %s left to expire: the shared cache is busy", row_id, exc_info=True)


def _compute_in_background(row_id: int) -> None:
    """``_compute`` in the background thread, which then gives its database connection back."""
    try:
        _compute(row_id)
    finally:
        connection.close()


def state(run: SimulationRun, pairing: int, game: int) -> str:
    """``ready``, ``computing``, ``failed`` or ``missing``: what the viewer's poll reads."""
    version = runner.run_engine(run).version
    row = ReplayCache.objects.filter(run=run, pairing=pairing, game=game, engine_version=version).first()
    return row.status if row is not None else "missing"


def requester_of(request, key: str | None) -> str:
    """Who asks: the signed-in user, else the share key, else the address."""
    from config.client_ip import client_ip

    if request.user.is_authenticated:
        return f"user:{request.user.pk}"
    if key:
        return f"key:{key[:40]}"
    return f"ip:{client_ip(request)}"
