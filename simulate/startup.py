"""Unfinished runs resume by themselves: when a server process starts (config/wsgi.py and
config/asgi.py call ``resume_when_serving``) and when a Celery worker is ready
(config/celery.py), without anyone running ``resume_simulations``.

A server process hands its backend's unfinished local runs to its pool (``runner.local_pool``
resumes them as it starts) a moment after it starts, in a thread, so start-up is not held up;
a Celery worker re-enqueues the chunks whose lease ran out. Several processes doing so at once
(the workers of one gunicorn) play each chunk once: a worker takes a chunk's lease before playing
it and skips a chunk a live process holds (``runner.claim_chunk``); a lease whose holder was
killed with the old server is taken over at once; and a chunk is stored once whatever happens.
``SIMULATION_RESUME_ON_START=0`` turns it off. ``manage.py migrate``, the tests and other
commands never import the WSGI module, so they resume nothing.
"""

from __future__ import annotations

import logging
import threading

from django.conf import settings
from django.db import DatabaseError

log = logging.getLogger(__name__)


def resume_unfinished_runs(backend: str | None = None) -> dict[int, int]:
    """Resume the runs a stop left unfinished: {run id: chunks dispatched again}."""
    from simulate import runner

    backend = backend or settings.SIMULATION_BACKEND
    try:
        if not runner.active_runs(backend).exists():
            return {}
        resumed = runner.resume(backend=backend)
    except DatabaseError as exc:  # no tables yet (a server started before `migrate`)
        log.warning("unfinished simulation runs not resumed: %s", exc)
        return {}
    if resumed:
        log.warning("resumed unfinished simulation runs: %s", resumed)
    return resumed


def resume_when_serving() -> None:
    """Called once by a server process as it starts: resume in a thread, off the start-up path."""
    if not getattr(settings, "SIMULATION_RESUME_ON_START", True) or settings.SIMULATION_BACKEND == "inline":
        return
    threading.Thread(target=resume_unfinished_runs, name="resume-simulations", daemon=True).start()
