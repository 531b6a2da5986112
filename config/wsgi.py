"""The WSGI entry point (gunicorn, runserver). A server process warms itself up before it takes
traffic (config/warmup.py, with DJANGO_WARM_UP: on when DEBUG is off) and resumes the simulation
runs a stop left unfinished as it starts (simulate/startup.py).

Once everything is imported the objects alive are frozen out of the garbage collector's sight
(``gc.freeze``): they live as long as the process, and every full collection would otherwise walk
them all again, a pause that showed as the slowest requests of a freshly started worker.
"""

import gc
import os

from django.core.wsgi import get_wsgi_application

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
application = get_wsgi_application()

from django.conf import settings  # noqa: E402 (after Django is set up)

from simulate.startup import resume_when_serving  # noqa: E402

if settings.WARM_UP:  # before this process takes its first request (config/warmup.py)
    from config.warmup import warm_up

    warm_up(application)
resume_when_serving()
gc.freeze()
