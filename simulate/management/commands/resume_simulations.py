"""``manage.py resume_simulations``: re-dispatch the chunks that a restart or a dead worker left.

    python manage.py resume_simulations [--backend local|celery] [--stale-after SECONDS] [--no-wait]

Celery runs: pending chunks whose lease ran out (or all pending ones with ``--stale-after 0``)
are enqueued again; a chunk delivered twice is stored once. Local runs: their pending chunks go
to this process's pool, and the command waits (with a progress bar) until they are played.
With ``--no-wait`` the command returns at once and the local runs are played by a detached
background process (this command again, waiting, its output in ``var/resume-<pid>.log``): a
pool inside this command would die with it. A starting server resumes them too
(simulate/startup.py), so the command is only needed without a running server.
"""

from __future__ import annotations

import subprocess
import sys
import time
from pathlib import Path

from django.conf import settings
from django.core.management.base import BaseCommand

from config.progress import add_quiet_argument, progress_bar
from simulate import runner
from simulate.models import RunChunk, SimulationRun


class Command(BaseCommand):
    help = "Resume unfinished simulation runs (after a restart or a worker that died)."

    def add_arguments(self, parser):
        parser.add_argument("--backend", choices=("local", "celery", "inline"), help="only runs of this backend")
        parser.add_argument("--stale-after", type=float, default=None,
                            help="celery: re-enqueue chunks quiet for this many seconds (default: the lease)")
        parser.add_argument("--no-wait", action="store_true", help="local: do not wait for the runs to finish")
        add_quiet_argument(parser)

    def handle(self, *args, **options):
        backend = options["backend"]
        if options["no_wait"] and backend in (None, "local") and runner.active_runs("local").exists():
            self._detach_local()
            if backend == "local":
                return
            backend = "celery"  # and the other runs here
        resumed = runner.resume(backend=backend, stale_after=options["stale_after"])
        for run_id, count in sorted(resumed.items()):
            self.stdout.write(f"run {run_id}: {count} chunk(s) dispatched again")
        if not resumed:
            self.stdout.write("nothing to resume")
        local = [pk for pk in resumed if SimulationRun.objects.filter(pk=pk, backend="local").exists()]
        if local and not options["no_wait"]:
            self._wait(local, options)

    def _detach_local(self) -> None:
        """Hand the local runs to a background process that outlives this command."""
        logs = Path(settings.BASE_DIR) / "var"
        logs.mkdir(exist_ok=True)
        log = logs / f"resume-{int(time.time())}.log"
        with open(log, "ab") as out:
            child = subprocess.Popen([sys.executable, str(Path(settings.BASE_DIR) / "manage.py"), "resume_simulations",
                                      "--backend", "local"], cwd=settings.BASE_DIR, stdout=out, stderr=subprocess.STDOUT,
                                     stdin=subprocess.DEVNULL, start_new_session=True)
        self.stdout.write(f"local runs: handed to background process {child.pid} (its output: {log})")

    def _wait(self, run_ids: list[int], options: dict) -> None:
        """Wait for the local runs, a progress bar of their games on stderr."""
        chunks = RunChunk.objects.filter(run_id__in=run_ids)
        total = sum(chunks.values_list("games", flat=True))
        with progress_bar(self, options, total=total, desc="Resuming", unit="games") as bar:
            while True:
                done = sum(chunks.filter(status=RunChunk.Status.DONE).values_list("games", flat=True))
                bar.update(done - bar.n)
                active = SimulationRun.objects.filter(pk__in=run_ids, status__in=SimulationRun.ACTIVE,
                                                      cancel_requested=False).exists()
                if not active or runner.local_pool().idle():
                    return
                time.sleep(0.5)
