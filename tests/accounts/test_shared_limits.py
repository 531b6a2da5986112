"""Throttles that hold (issue 25, item 7): the client's address trusts X-Forwarded-For only behind
the configured proxy (DJANGO_BEHIND_TLS_PROXY); rates and sign-ups are counted in a store every
server process shares (the database's cache table by default, Redis when DJANGO_REDIS_URL is set),
not in each worker's memory; a basic-auth lockout answers 429 like the other surfaces."""

from __future__ import annotations

import base64
import socket

import pytest
from django.contrib.auth import get_user_model
from django.test import Client
from django.urls import reverse

from accounts.throttles import shared_cache
from tests.redis_server import start_redis

pytestmark = pytest.mark.django_db

PASSWORD = "the-right-password-1"


def a_new_worker_process() -> None:
    """What another gunicorn worker sees of this one's memory: nothing. Every in-memory cache is
    emptied (the default cache, pages kept for visitors ...); a shared store keeps its counts."""
    from django.core.cache.backends import locmem

    for store in (*locmem._caches.values(), *locmem._expire_info.values()):
        store.clear()


def stranger_codes(count: int, **headers) -> list[int]:
    client = Client()
    return [client.get("/api/games/", REMOTE_ADDR="10.9.9.9", **headers).status_code for _ in range(count)]


def test_a_made_up_forwarded_for_header_does_not_reset_the_count(card_pool, settings):
    """700 anonymous requests each with a made-up X-Forwarded-For were all answered 200."""
    settings.API_RATE_ANON = "3/min"
    client = Client()
    codes = [client.get("/api/games/", REMOTE_ADDR="10.9.9.9", HTTP_X_FORWARDED_FOR=f"203.0.113.{n}").status_code
             for n in range(5)]
    assert codes == [200, 200, 200, 429, 429]


def test_behind_the_configured_proxy_the_address_it_saw_counts(card_pool, settings):
    settings.API_RATE_ANON = "2/min"
    settings.BEHIND_TLS_PROXY = True
    proxy = Client()

    def via_proxy(seen: str, sent: str = "") -> int:
        forwarded = f"{sent}, {seen}" if sent else seen
        return proxy.get("/api/games/", REMOTE_ADDR="10.0.0.1", HTTP_X_FORWARDED_FOR=forwarded).status_code

    assert [via_proxy("198.51.100.7") for _ in range(3)] == [200, 200, 429]
    assert via_proxy("198.51.100.8") == 200  # another client behind the same proxy has its own count
    # what the client itself put before the proxy's entry changes nothing
    assert via_proxy("198.51.100.7", sent="203.0.113.99") == 429


def test_the_api_rate_is_counted_once_for_every_worker(card_pool, settings):
    """700 requests from one address got 600 answers before the first 429 against 120/min: each
    of the five workers counted its own."""
    settings.API_RATE_ANON = "3/min"
    assert stranger_codes(2) == [200, 200]
    a_new_worker_process()
    assert stranger_codes(2) == [200, 429]


def test_a_person_s_rate_is_counted_once_for_every_worker(card_pool, settings):
    settings.API_RATE_USER = "2/min"
    person = get_user_model().objects.create_user("counted", password=PASSWORD)
    client = Client()
    client.force_login(person)
    assert client.get("/api/games/").status_code == 200
    a_new_worker_process()
    assert [client.get("/api/games/").status_code for _ in range(2)] == [200, 429]


def test_sign_ups_are_counted_once_for_every_worker(card_pool, settings):
    settings.SIGNUPS_PER_HOUR = 1

    def sign_up(name):
        return Client().post(reverse("signup"), {"username": name, "password1": "a-long-password-77",
                                                 "password2": "a-long-password-77"}, REMOTE_ADDR="10.1.1.2")

    assert sign_up("first").status_code == 302
    a_new_worker_process()
    assert sign_up("second").status_code == 429
    assert not get_user_model().objects.filter(username="second").exists()


def test_the_shared_store_is_the_database_cache_table_by_default(settings):
    from django.core.cache.backends.db import DatabaseCache
    from django.db import connection

    assert isinstance(shared_cache(), DatabaseCache)
    assert settings.CACHES["default"]["BACKEND"].endswith("LocMemCache")  # pages stay per process
    assert shared_cache()._table in connection.introspection.table_names()  # made by migrate


def test_a_basic_auth_lockout_answers_429_like_the_login_page(card_pool, settings):
    get_user_model().objects.create_user("person", password=PASSWORD)
    client = Client()
    bad = "Basic " + base64.b64encode(b"person:wrong").decode()
    for _ in range(settings.AXES_FAILURE_LIMIT - 1):
        assert client.get("/api/decks/?mine=1", HTTP_AUTHORIZATION=bad, REMOTE_ADDR="10.0.0.9").status_code == 401
    good = "Basic " + base64.b64encode(f"person:{PASSWORD}".encode()).decode()
    for header in (bad, good):  # locked: the right password waits too
        locked = client.get("/api/decks/?mine=1", HTTP_AUTHORIZATION=header, REMOTE_ADDR="10.0.0.9")
        assert locked.status_code == 429, locked.content
        assert int(locked["Retry-After"]) > 0
        body = locked.json()
        assert body["error"] == "throttled" and "Too many failed logins" in body["message"]


# -- Redis, when configured ---------------------------------------------------------------------------
def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


@pytest.fixture
def redis_url(tmp_path):
    """A redis-server of this test's own."""
    port = _free_port()
    process = start_redis(port, tmp_path)
    try:
        yield f"redis://127.0.0.1:{port}/0"
    finally:
        process.terminate()
        process.wait()


def test_with_redis_configured_the_counts_live_there(card_pool, settings, redis_url):
    from django.core.cache.backends.redis import RedisCache

    settings.CACHES = {**settings.CACHES, settings.SHARED_CACHE: {
        "BACKEND": "django.core.cache.backends.redis.RedisCache", "LOCATION": redis_url}}
    assert isinstance(shared_cache(), RedisCache)
    settings.API_RATE_ANON = "3/min"
    assert stranger_codes(2) == [200, 200]
    a_new_worker_process()
    assert stranger_codes(2) == [200, 429]
    import redis

    assert any(b"throttle_anon_10.9.9.9" in key for key in redis.Redis.from_url(redis_url).keys("*"))


def test_a_request_is_counted_in_one_statement(django_assert_num_queries):
    """DRF's request log on the database cache cost six statements a request, one of them counting
    the whole cache table; the fixed-window upsert costs one, on SQLite and PostgreSQL alike."""
    from accounts.throttles import count_hit

    with django_assert_num_queries(1):
        assert count_hit("throttle_anon_10.1.1.1", 60, now=6_000.0) == 1
    with django_assert_num_queries(1):
        assert count_hit("throttle_anon_10.1.1.1", 60, now=6_010.0) == 2


def test_the_count_starts_again_in_the_next_window_and_keys_count_apart():
    from accounts.throttles import count_hit

    assert [count_hit("throttle_anon_10.2.2.2", 60, now=120.0 + n) for n in range(3)] == [1, 2, 3]
    assert count_hit("throttle_anon_10.3.3.3", 60, now=150.0) == 1  # another client
    assert count_hit("throttle_anon_10.2.2.2", 60, now=180.0) == 1  # the next minute
    assert count_hit("throttle_anon_10.2.2.2", 60, now=181.0) == 2


def test_the_first_request_of_a_window_sometimes_prunes_the_old_windows(monkeypatch):
    """One first request of a window in ``PRUNE_ONE_IN`` deletes the rows of older windows (every
    client's), so the table stays small; a request that does not prune leaves them."""
    from accounts.models import RateCount
    from accounts.throttles import count_hit

    count_hit("throttle_anon_10.5.5.5", 60, now=60.0)
    count_hit("throttle_anon_10.6.6.6", 60, now=61.0)
    count_hit("throttle_anon_10.7.7.7", 60, now=125.0)  # the next window, no prune (tests/conftest.py)
    assert RateCount.objects.count() == 3
    monkeypatch.setattr("accounts.throttles.prune_now", lambda: True)
    count_hit("throttle_anon_10.8.8.8", 60, now=126.0)  # a first request of its own key: prunes
    assert set(RateCount.objects.values_list("rate_key", flat=True)) == {"throttle_anon_10.7.7.7",
                                                                        "throttle_anon_10.8.8.8"}


def test_retry_after_says_when_the_window_ends(card_pool, settings):
    settings.API_RATE_ANON = "1/min"
    client = Client()
    assert client.get("/api/games/", REMOTE_ADDR="10.4.4.4").status_code == 200
    refused = client.get("/api/games/", REMOTE_ADDR="10.4.4.4")
    assert refused.status_code == 429 and 1 <= int(refused["Retry-After"]) <= 60


def test_a_person_is_counted_once_and_a_stranger_once():
    """Each request is counted by one rate: a stranger's by address, a person's by account."""
    from types import SimpleNamespace

    from accounts.throttles import PersonRate, StrangerRate

    stranger = SimpleNamespace(user=SimpleNamespace(is_authenticated=False), META={"REMOTE_ADDR": "10.5.5.5"})
    person = SimpleNamespace(user=SimpleNamespace(is_authenticated=True, pk=7), META={"REMOTE_ADDR": "10.5.5.5"})
    assert PersonRate().get_cache_key(stranger, None) is None and StrangerRate().get_cache_key(person, None) is None
    assert StrangerRate().get_cache_key(stranger, None) == "throttle_anon_10.5.5.5"
    assert PersonRate().get_cache_key(person, None) == "throttle_user_7"
