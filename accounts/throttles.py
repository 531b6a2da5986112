"""API rate limits: per person (session, basic auth or token) and per address for strangers,
read from settings at each request (API_RATE_USER, API_RATE_ANON: "600/min", "120/min"). Past the
rate the API answers 429 with Retry-After. Counted in the cache, so per server process."""

from __future__ import annotations

from django.conf import settings
from rest_framework.throttling import AnonRateThrottle, UserRateThrottle


class StrangerRate(AnonRateThrottle):
    def get_rate(self):
        return settings.API_RATE_ANON


class PersonRate(UserRateThrottle):
    def get_rate(self):
        return settings.API_RATE_USER
