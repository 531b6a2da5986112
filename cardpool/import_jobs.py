"""Large card imports from the admin, run in a background thread with progress (issue 15 part 10).

A file with more rows than ``settings.CARD_IMPORT_BACKGROUND_ROWS`` is not imported during the
request: :func:`job_create` stores it in a :class:`~cardpool.models.CardImportJob` row and, once
that transaction commits, hands it to this process's import thread (one at a time per process,
so two big imports never compete for SQLite's write lock). The thread runs the very import the
request would (``cardpool.importer.import_cards_text``): one transaction, all or nothing, every
error with its line and field, then stores the summary or the errors in the row.

Progress: the import's ``progress`` callback (after each written batch) is published at most
every :data:`PROGRESS_EVERY` seconds, from outside the import's transaction (which no other
connection can see into):

- on PostgreSQL (and any server database), to the job row, through a database connection of its
  own (:class:`_Progress`; Django's connections are per thread, so a second one is made and
  closed by hand), with a heartbeat;
- on SQLite the import's transaction holds the one write lock until it commits, so a second
  connection could not write the row before the end: progress goes to a small JSON file beside
  the uploads (``MEDIA_ROOT/card_import_progress/<id>.json``), which every server process of
  the machine reads (SQLite serves one machine only).

A job left queued or running by a process that stopped is shown as failed ("interrupted") when it
is next looked at (:func:`refresh_interrupted`): its worker ("host:pid") was a process of this
host that is gone (or this process, which no longer runs it), or, on another host, its heartbeat
is older than :data:`STALE_AFTER`.
"""

from __future__ import annotations

import csv
import io
import json
import logging
import os
import socket
import threading
import time
from concurrent.futures import ThreadPoolExecutor
from datetime import timedelta
from pathlib import Path

from django.conf import settings
from django.db import DEFAULT_DB_ALIAS, connection, connections, transaction
from django.utils import timezone

from cardpool.art_ahead import draw_art_later
from cardpool.importer import import_cards_text
from cardpool.models import CardImportJob
from cardpool.services import ImportFailed, ImportSummary, RowError
from config.json_depth import too_deep

log = logging.getLogger(__name__)

#: least seconds between two progress writes of one job (the last is always written)
PROGRESS_EVERY = 1.0
#: a job running on another host whose heartbeat is older than this is shown as interrupted
STALE_AFTER = timedelta(minutes=15)
#: most "not playable yet" cards kept in a job's summary
NOT_PLAYABLE_KEPT = 20

_executor = ThreadPoolExecutor(max_workers=1, thread_name_prefix="card-import")
_mine: set[int] = set()  # jobs this process has queued or is running
_mine_lock = threading.Lock()


def this_worker() -> str:
    return f"{socket.gethostname()}:{os.getpid()}"[:200]


# -- deciding and starting ----------------------------------------------------------------------
def count_rows(text: str, fmt: str) -> int:
    """How many cards the file holds, cheaply, to choose between the request and a job: CSV
    records after the header (blank ones skipped), or the length of a JSON file's card list.
    A file that cannot be read counts 0 (the request's import then reports where it is wrong)."""
    if fmt == "json":
        if too_deep(text) is not None:
            return 0  # json.loads would recurse past Python's limit; the import says where
        try:
            data = json.loads(text)
        except ValueError:
            return 0
        cards = data.get("cards") if isinstance(data, dict) else data
        return len(cards) if isinstance(cards, list) else 0
    try:
        records = sum(1 for record in csv.reader(io.StringIO(text)) if any(cell.strip() for cell in record))
    except csv.Error:
        records = text.count("\n") + 1
    return max(0, records - 1)


def goes_to_background(rows: int) -> bool:
    return rows > settings.CARD_IMPORT_BACKGROUND_ROWS


def job_create(*, user, game: str, file_name: str, fmt: str, text: str, dry_run: bool,
               rows: int, file_bytes: int = 0) -> CardImportJob:
    """Store the upload as a queued job and start it once the current transaction commits."""
    with transaction.atomic():
        job = CardImportJob.objects.create(
            user=user, game=game, file_name=file_name[:255], file_format=fmt, text=text,
            file_bytes=file_bytes or len(text.encode("utf-8")), dry_run=dry_run, rows_total=rows,
            worker=this_worker(), heartbeat=timezone.now())
        transaction.on_commit(lambda: job_start(job.pk))
    return job


def job_start(job_id: int) -> None:
    """Hand the job to this process's import thread."""
    with _mine_lock:
        _mine.add(job_id)
    _executor.submit(_run_in_thread, job_id)


def _run_in_thread(job_id: int) -> None:
    try:
        job_run(job_id)
    except Exception:  # job_run records its own failures; this is a last resort
        log.exception("card import job %s", job_id)
    finally:
        with _mine_lock:
            _mine.discard(job_id)
        connection.close()  # this thread's connection: the next job opens its own


# -- running ------------------------------------------------------------------------------------
def error_dict(error: RowError) -> dict:
    where = error.where
    line = None
    if where.startswith("line "):
        number = where[5:].split(" ", 1)[0]
        line = int(number) if number.isdigit() else None
    return {"line": line, "where": where, "field": error.field, "message": error.message}


def summary_dict(summary: ImportSummary) -> dict:
    return {"created": summary.created, "updated": summary.updated, "unchanged": summary.unchanged,
            "sets_created": summary.sets_created, "compiled": summary.compiled,
            "not_playable": [list(item) for item in summary.not_playable[:NOT_PLAYABLE_KEPT]],
            "not_playable_count": len(summary.not_playable), "text": str(summary)}


def job_run(job_id: int) -> CardImportJob | None:
    """Run a queued job here and now (the import thread calls this; so can a test). Returns the
    finished job, or None when it was not queued (another process took it, or it was marked)."""
    worker = this_worker()
    now = timezone.now()
    taken = CardImportJob.objects.filter(pk=job_id, status=CardImportJob.Status.QUEUED).update(
        status=CardImportJob.Status.RUNNING, worker=worker, started=now, heartbeat=now)
    if not taken:
        return None
    job = CardImportJob.objects.get(pk=job_id)
    progress = _Progress(job_id, worker)
    final: dict = {"text": "", "finished": None}
    try:
        summary = import_cards_text(job.text, game_slug=job.game, fmt=job.file_format,
                                    dry_run=job.dry_run, progress=progress)
    except ImportFailed as exc:
        final.update(status=CardImportJob.Status.FAILED, errors=[error_dict(e) for e in exc.errors],
                     message=f"{len(exc.errors)} error(s); nothing was imported")
    except Exception as exc:  # a bug must not leave the job "running" for ever; nothing was written
        log.exception("card import job %s failed", job_id)
        final.update(status=CardImportJob.Status.FAILED,
                     message=f"the import stopped: {type(exc).__name__}: {exc}; nothing was imported"[:2000])
    else:
        if not job.dry_run:
            draw_art_later(job.game)
        final.update(status=CardImportJob.Status.DONE, summary=summary_dict(summary),
                     rows_done=progress.total or job.rows_total, rows_total=progress.total or job.rows_total)
    finally:
        progress.close()
    final["finished"] = timezone.now()
    final["heartbeat"] = final["finished"]
    if final["status"] == CardImportJob.Status.FAILED:
        final["rows_done"] = 0  # all or nothing: none of them was written
    CardImportJob.objects.filter(pk=job_id).update(**final)
    return CardImportJob.objects.defer("text").get(pk=job_id)


def progress_file(job_id: int) -> Path:
    return Path(settings.MEDIA_ROOT) / "card_import_progress" / f"{job_id}.json"


class _Progress:
    """The import's ``progress(done, total)``: published outside the import's transaction, at
    most every :data:`PROGRESS_EVERY` seconds (see the module's docstring)."""

    def __init__(self, job_id: int, worker: str):
        self.job_id, self.worker = job_id, worker
        self.on_file = connection.vendor == "sqlite"
        self.own_connection = None
        self.last: float | None = None  # monotonic time has no fixed origin: nothing published yet
        self.total = 0

    def __call__(self, done: int, total: int) -> None:
        self.total = total
        now = time.monotonic()
        if done < total and self.last is not None and now - self.last < PROGRESS_EVERY:
            return
        self.last = now
        try:
            self.publish(done, total)
        except Exception:  # progress is a courtesy: it never stops an import
            log.warning("card import job %s: progress not written", self.job_id, exc_info=True)

    def publish(self, done: int, total: int) -> None:
        if self.on_file:
            path = progress_file(self.job_id)
            path.parent.mkdir(parents=True, exist_ok=True)
            part = path.with_suffix(f".{os.getpid()}.{threading.get_ident()}.part")
            part.write_text(json.dumps({"rows_done": done, "rows_total": total,
                                        "heartbeat": timezone.now().isoformat()}))
            os.replace(part, path)  # readers see the old numbers or the new, never half
            return
        if self.own_connection is None:
            self.own_connection = connections.create_connection(DEFAULT_DB_ALIAS)
        db = self.own_connection
        meta = CardImportJob._meta
        q = db.ops.quote_name
        table, col = q(meta.db_table), (lambda name: q(meta.get_field(name).column))
        now = db.ops.adapt_datetimefield_value(timezone.now())
        with db.cursor() as cursor:  # autocommit: each statement is seen at once
            cursor.execute(f"UPDATE {table} SET {col('rows_done')} = %s, {col('rows_total')} = %s, "
                           f"{col('heartbeat')} = %s WHERE {col('id')} = %s AND {col('status')} = %s",
                           [done, total, now, self.job_id, CardImportJob.Status.RUNNING])
            # the jobs queued behind this one in this process are alive too
            cursor.execute(f"UPDATE {table} SET {col('heartbeat')} = %s WHERE {col('worker')} = %s "
                           f"AND {col('status')} = %s", [now, self.worker, CardImportJob.Status.QUEUED])

    def close(self) -> None:
        if self.own_connection is not None:
            self.own_connection.close()
            self.own_connection = None
        progress_file(self.job_id).unlink(missing_ok=True)


# -- reading ------------------------------------------------------------------------------------
def _process_gone(worker: str, job_id: int) -> bool | None:
    """True/False for a worker of this host; None for another host's (ask its heartbeat)."""
    host, _, pid = worker.rpartition(":")
    if host != socket.gethostname() or not pid.isdigit():
        return None
    if int(pid) == os.getpid():
        with _mine_lock:
            return job_id not in _mine
    try:
        os.kill(int(pid), 0)
    except ProcessLookupError:
        return True
    except OSError:  # exists, under another user
        return False
    return False


def refresh_interrupted(jobs) -> list[int]:
    """Mark failed ("interrupted") the queued or running jobs among ``jobs`` whose process is gone;
    returns their ids (the caller's instances are updated too)."""
    marked = []
    now = timezone.now()
    for job in jobs:
        if job.status not in CardImportJob.ACTIVE:
            continue
        gone = _process_gone(job.worker, job.pk)
        if gone is None:
            gone = job.heartbeat is None or now - job.heartbeat > STALE_AFTER
        if not gone:
            continue
        message = (f"interrupted: the server process that ran it ({job.worker or 'unknown'}) stopped before "
                   f"it finished; nothing was imported. Upload the file again.")
        if CardImportJob.objects.filter(pk=job.pk, status=job.status).update(
                status=CardImportJob.Status.FAILED, message=message, finished=now, text="", rows_done=0):
            job.status, job.message, job.finished, job.rows_done = CardImportJob.Status.FAILED, message, now, 0
            progress_file(job.pk).unlink(missing_ok=True)
            marked.append(job.pk)
    return marked


def job_progress(job: CardImportJob) -> tuple[int, int]:
    """(rows done, rows total) as last published: the row, or on SQLite the progress file."""
    if job.status == CardImportJob.Status.RUNNING:
        try:
            data = json.loads(progress_file(job.pk).read_text())
            return int(data["rows_done"]), int(data["rows_total"])
        except (OSError, ValueError, KeyError, TypeError):
            pass
    return job.rows_done, job.rows_total


def job_state(job: CardImportJob) -> dict:
    """What the job page's poll reads (and shows)."""
    refresh_interrupted([job])
    done, total = job_progress(job)
    if job.status == CardImportJob.Status.DONE:
        percent = 100
    else:
        percent = int(100 * done / total) if total else 0
    return {"id": job.pk, "status": job.status, "active": job.active, "rows_done": done, "rows_total": total,
            "percent": min(100, percent), "dry_run": job.dry_run, "summary": job.summary.get("text", ""),
            "errors": len(job.errors), "message": job.message,
            "finished": job.finished.isoformat() if job.finished else None}
