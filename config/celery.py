"""The Celery app for simulation workers (README.md "Simulations").

    celery -A config worker          # on any machine that reaches the database and the broker

Settings come from ``config.settings`` (the ``CELERY_*`` names); tasks from ``simulate/tasks.py``.
The web side only enqueues when ``SIMULATION_BACKEND=celery``.
"""

import os

from celery import Celery
from celery.signals import worker_ready

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")

app = Celery("config")
app.config_from_object("django.conf:settings", namespace="CELERY")
app.autodiscover_tasks(["simulate"])


@worker_ready.connect
def _resume_unfinished_runs(**kwargs):
    """A worker that starts picks up the chunks a stopped worker (or a restart) left behind."""
    from simulate.startup import resume_unfinished_runs

    resume_unfinished_runs("celery")
