"""The Celery app for simulation workers (README.md "Simulations").

    celery -A config worker          # on any machine that reaches the database and the broker

Settings come from ``config.settings`` (the ``CELERY_*`` names); tasks from ``simulate/tasks.py``.
The web side only enqueues when ``SIMULATION_BACKEND=celery``.
"""

import os

from celery import Celery

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")

app = Celery("config")
app.config_from_object("django.conf:settings", namespace="CELERY")
app.autodiscover_tasks(["simulate"])
