"""``manage.py resume_simulations``: re-dispatch the chunks that a restart or a dead worker left.

    python manage.py resume_simulations [--backend local|celery] [--stale-after SECONDS] [--no-wait]

Celery runs: pending chunks whose lease ran out (or all pending ones with ``--stale-after 0``)
are enqueued again; a chunk delivered twice is stored once. Local runs: their pending chunks go
to this process's pool, and the command waits (with a progress bar) until they are played,
unless ``--no-wait``.
"""

from __future__ import annotations

import time

from django.core.management.base import BaseCommand

from simulate import runner
from simulate.models import RunChunk, SimulationRun


class Command(BaseCommand):
    help = "Resume unfinished simulation runs (after a restart or a worker that died)."

    def add_arguments(self, parser):
        parser.add_argument("--backend", choices=("local", "celery", "inline"), help="only runs of this backend")
        parser.add_argument("--stale-after", type=float, default=None,
                            help="celery: re-enqueue chunks quiet for this many seconds (default: the lease)")
        parser.add_argument("--no-wait", action="store_true", help="local: do not wait for the runs to finish")

    def handle(self, *args, **options):
        resumed = runner.resume(backend=options["backend"], stale_after=options["stale_after"])
        for run_id, count in sorted(resumed.items()):
            self.stdout.write(f"run {run_id}: {count} chunk(s) dispatched again")
        if not resumed:
            self.stdout.write("nothing to resume")
        local = [pk for pk in resumed if SimulationRun.objects.filter(pk=pk, backend="local").exists()]
        if local and not options["no_wait"]:
            self._wait(local)

    def _wait(self, run_ids: list[int]) -> None:
        chunks = RunChunk.objects.filter(run_id__in=run_ids)
        total = sum(chunks.values_list("games", flat=True))
        while True:
            done = sum(chunks.filter(status=RunChunk.Status.DONE).values_list("games", flat=True))
            filled = 30 * done // total if total else 30
            self.stderr.write(f"\r[{'#' * filled}{'.' * (30 - filled)}] {done}/{total} games", ending="")
            active = SimulationRun.objects.filter(pk__in=run_ids, status__in=SimulationRun.ACTIVE,
                                                  cancel_requested=False).exists()
            if not active or runner.local_pool().idle():
                self.stderr.write("")
                return
            time.sleep(0.5)
