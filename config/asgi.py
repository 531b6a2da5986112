"""The ASGI entry point (gunicorn, runserver). A server process resumes the simulation runs a
stop left unfinished as it starts (simulate/startup.py)."""

import os

from django.core.asgi import get_asgi_application

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
application = get_asgi_application()

from simulate.startup import resume_when_serving  # noqa: E402 (after Django is set up)

resume_when_serving()
