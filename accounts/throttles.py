"""API rate limits: per person (session, basic auth or token) and per address for strangers,
read from settings at each request (API_RATE_USER, API_RATE_ANON: "600/min", "120/min"). Past the
rate the API answers 429 with Retry-After.

Counted where every server process sees the same count (with five gunicorn workers a per-process
count let five times the rate through), in **fixed windows** (a minute for "/min": the count starts
again at each window, so a burst across a window's edge may reach twice the rate, never more), at
one statement a request:

- the embedded default, SQLite or PostgreSQL: an upsert on ``accounts.RateCount`` that returns the
  new count (``INSERT ... ON CONFLICT DO UPDATE ... RETURNING``, both databases);
- with ``DJANGO_REDIS_URL``: ``add`` and ``incr`` on the shared cache (atomic in Redis).

DRF's own throttles keep a list of every request's time in a cache entry and write it back whole;
on the database cache that was six statements a request, one of them counting the whole table.

The address is ``config.client_ip.client_ip``: X-Forwarded-For counts only behind the configured
proxy (``DJANGO_BEHIND_TLS_PROXY``), never as any client sends it (DRF's own reading trusted it,
so a made-up header gave every request a fresh count)."""

from __future__ import annotations

import random
import time

from django.conf import settings
from django.core.cache import caches
from django.core.cache.backends.db import DatabaseCache
from django.db import connection
from rest_framework.throttling import SimpleRateThrottle

#: old windows' rows are deleted after about one new window in this many (rows are per client key)
PRUNE_ONE_IN = 200


def prune_now() -> bool:
    """Whether this request, the first of its window, also deletes the old windows' rows (one in
    ``PRUNE_ONE_IN``: the table stays small without a statement more on every request). Tests that
    count a request's statements switch it off (tests/conftest.py); one test switches it on."""
    return random.randrange(PRUNE_ONE_IN) == 0


def shared_cache():
    """The cache every server process shares (sign-ups and regex search slots live there)."""
    return caches[settings.SHARED_CACHE]


def count_hit(key: str, period: int, now: float | None = None) -> int:
    """Count one request for ``key`` in the current window of ``period`` seconds: the window's count."""
    now = time.time() if now is None else now
    window = int(now // period)
    cache = shared_cache()
    if not isinstance(cache, DatabaseCache):
        windowed = f"{key}:{window}"
        cache.add(windowed, 0, period + 1)
        return cache.incr(windowed)
    from accounts.models import RateCount

    table = connection.ops.quote_name(RateCount._meta.db_table)
    with connection.cursor() as cursor:
        cursor.execute(
            f"INSERT INTO {table} (rate_key, window_number, hits) VALUES (%s, %s, 1) "
            f"ON CONFLICT (rate_key) DO UPDATE SET hits = CASE WHEN {table}.window_number = excluded.window_number "
            f"THEN {table}.hits + 1 ELSE 1 END, window_number = excluded.window_number RETURNING hits", [key, window])
        hits = cursor.fetchone()[0]
    if hits == 1 and prune_now():
        RateCount.objects.filter(window_number__lt=window).delete()
    return hits


class _FixedWindowRate(SimpleRateThrottle):
    """DRF's rate throttle, counted by :func:`count_hit` (one statement) instead of a request log."""

    def get_ident(self, request):
        from config.client_ip import client_ip

        return client_ip(request)

    def allow_request(self, request, view):
        self.rate = self.get_rate()
        self.num_requests, self.duration = self.parse_rate(self.rate)
        self.key = self.get_cache_key(request, view)
        if self.key is None:
            return True
        self.now = time.time()
        return count_hit(self.key, self.duration, self.now) <= self.num_requests

    def wait(self):
        return self.duration - (self.now % self.duration)


class StrangerRate(_FixedWindowRate):
    scope = "anon"

    def get_rate(self):
        return settings.API_RATE_ANON

    def get_cache_key(self, request, view):
        if request.user and request.user.is_authenticated:
            return None
        return self.cache_format % {"scope": self.scope, "ident": self.get_ident(request)}


class PersonRate(_FixedWindowRate):
    scope = "user"

    def get_rate(self):
        return settings.API_RATE_USER

    def get_cache_key(self, request, view):
        if not (request.user and request.user.is_authenticated):
            return None  # strangers: StrangerRate's count alone
        return self.cache_format % {"scope": self.scope, "ident": request.user.pk}



