"""Warm a server process before it takes traffic (issue 25, item 9): the first request on each new
gunicorn worker took 8-28 s (imports done lazily, templates compiled, the games' registries and
the card pools' caches filled on first use). ``warm_up`` sends the pages most visitors open
through the process's own WSGI application, in the process, before it accepts a connection
(config/wsgi.py calls it as gunicorn loads the application, with ``DJANGO_WARM_UP``: on when
DEBUG is off). Nothing it answers is sent anywhere; a page that fails is logged and skipped."""

from __future__ import annotations

import io
import logging
import time

from django.conf import settings

log = logging.getLogger(__name__)

#: what visitors open most: the home page, the card browser and search, the API's cards, health
PATHS = ("/", "/search/?q=a", "/games/boundless/", "/api/games/", "/api/cards/?q=a", "/decks/public/", "/healthz")


def _host() -> str:
    hosts = [h for h in settings.ALLOWED_HOSTS if h and "*" not in h and not h.startswith(".")]
    return hosts[0] if hosts else "localhost"


def warm_up(application, paths=PATHS) -> dict[str, int]:
    """GET each of ``paths`` through ``application``: {path: status} (0 when it raised)."""
    statuses = {}
    started = time.monotonic()
    for target in paths:
        path, _, query = target.partition("?")
        environ = {
            "REQUEST_METHOD": "GET", "PATH_INFO": path, "QUERY_STRING": query, "SCRIPT_NAME": "",
            "SERVER_NAME": _host(), "SERVER_PORT": "443", "HTTP_HOST": _host(), "REMOTE_ADDR": "127.0.0.1",
            "HTTP_X_FORWARDED_PROTO": "https", "HTTP_ACCEPT": "text/html,application/json",
            "wsgi.url_scheme": "https", "wsgi.input": io.BytesIO(), "wsgi.errors": io.StringIO(),
            "wsgi.version": (1, 0), "wsgi.multithread": False, "wsgi.multiprocess": True, "wsgi.run_once": False,
        }
        answered = []
        try:
            body = application(environ, lambda status, headers, exc_info=None, seen=answered: seen.append(status))
            for _ in body:  # read it all, as a client would
                pass
            if hasattr(body, "close"):
                body.close()
            statuses[target] = int(answered[0].split()[0]) if answered else 0
        except Exception:  # a warm-up never stops a server from starting
            log.exception("warm-up of %s failed", target)
            statuses[target] = 0
    log.info("warmed up in %.1f s: %s", time.monotonic() - started, statuses)
    return statuses
