"""``/healthz``: whether this server can do its work, for a load balancer or a monitor.

Answers 200 ``{"status": "ok", "database": "ok", "broker": ...}`` when the database answers
(``broker`` is ``"not used"`` with the local simulation pool, else ``"ok"`` or ``"unreachable"``:
runs then wait, pages still work), and 503 when the database does not. Cheap enough to poll
every second: one trivial query, and with Celery one connection check.
"""

from __future__ import annotations

from django.conf import settings
from django.db import DatabaseError, connection
from django.http import JsonResponse
from django.views.decorators.cache import never_cache


def _database() -> str:
    try:
        with connection.cursor() as cursor:
            cursor.execute("SELECT 1")
            cursor.fetchone()
    except DatabaseError:
        return "unreachable"
    return "ok"


def _broker() -> str:
    if settings.SIMULATION_BACKEND != "celery":
        return "not used"
    try:
        from config.celery import app

        with app.connection_for_write() as conn:
            conn.ensure_connection(max_retries=1, timeout=2)
    except Exception:  # any failure to reach it is "unreachable"
        return "unreachable"
    return "ok"


@never_cache
def healthz(request):
    database = _database()
    body = {"status": "ok" if database == "ok" else "failing", "database": database, "broker": _broker()}
    return JsonResponse(body, status=200 if database == "ok" else 503)
