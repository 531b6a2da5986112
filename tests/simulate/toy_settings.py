"""Django settings for the multi-process simulation tests (test_celery.py, sim_driver.py): the
project's settings, with the toy rules (tests/rules/core/toy.py) as the `boundless` engine in
every process that loads them -- the driver, Celery workers and local pool processes alike
(they inherit ``DJANGO_SETTINGS_MODULE``). The chunk machinery is what those tests prove; the
toy keeps them independent of the real engine's pace and of work in progress on it.

``SIM_TEST_CHUNKS_BEFORE_HANG=N`` (test_celery.py's doomed worker): a Celery worker process runs
N chunk tasks, then hangs at the start of the next one until it is killed -- a worker that dies
mid-run at a known point, whatever the machine's pace, with no clock."""

import os
import threading

from config.settings import *  # noqa: F403
from rules.core import registry
from tests.rules.core.toy import BOUNDLESS_TOY

_real_get_engine = registry.get_engine


def _get_engine(slug: str):
    return BOUNDLESS_TOY if slug == "boundless" else _real_get_engine(slug)


registry.get_engine = _get_engine


_chunks_before_hang = os.environ.get("SIM_TEST_CHUNKS_BEFORE_HANG")
if _chunks_before_hang is not None:
    from celery.signals import task_prerun

    _chunks_started = [0]

    @task_prerun.connect(weak=False)
    def _hang_after_chunks(sender=None, **kwargs):
        if getattr(sender, "name", "") != "simulate.run_chunk":
            return
        _chunks_started[0] += 1
        if _chunks_started[0] > int(_chunks_before_hang):
            threading.Event().wait()  # until SIGKILL
