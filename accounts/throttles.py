"""API rate limits: per person (session, basic auth or token) and per address for strangers,
read from settings at each request (API_RATE_USER, API_RATE_ANON: "600/min", "120/min"). Past the
rate the API answers 429 with Retry-After.

Counted in the cache every server process shares (``settings.SHARED_CACHE``: the database's cache
table, or Redis when ``DJANGO_REDIS_URL`` is set), not in a worker's own memory: with five gunicorn
workers a per-process count let five times the rate through. The address is
``config.client_ip.client_ip``: X-Forwarded-For counts only behind the configured proxy
(``DJANGO_BEHIND_TLS_PROXY``), never as any client sends it (DRF's own reading trusted it, so a
made-up header gave every request a fresh count)."""

from __future__ import annotations

from django.conf import settings
from django.core.cache import caches
from rest_framework.throttling import AnonRateThrottle, UserRateThrottle


def shared_cache():
    """The cache every server process shares (sign-ups and API rates are counted there)."""
    return caches[settings.SHARED_CACHE]


class _SharedCount:
    @property
    def cache(self):
        return shared_cache()

    def get_ident(self, request):
        from config.client_ip import client_ip

        return client_ip(request)


class StrangerRate(_SharedCount, AnonRateThrottle):
    def get_rate(self):
        return settings.API_RATE_ANON


class PersonRate(_SharedCount, UserRateThrottle):
    def get_rate(self):
        return settings.API_RATE_USER
