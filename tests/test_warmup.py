"""A new server process warms itself up before it takes traffic (issue 25, item 9): the first
request on each new production worker took 8-28 s. config/wsgi.py sends the most visited pages
through the process's own application (config/warmup.py) when DJANGO_WARM_UP is on (the default
with DEBUG off), before gunicorn lets the worker accept a connection."""

from __future__ import annotations

import gc
import importlib

import pytest
from django.core import signals
from django.core.wsgi import get_wsgi_application
from django.db import close_old_connections

from config import warmup


def test_warm_up_is_on_for_the_production_server(monkeypatch):
    import config.settings as production

    monkeypatch.setenv("DJANGO_DEBUG", "0")
    monkeypatch.setenv("DJANGO_SECRET_KEY", "x" * 50)
    monkeypatch.delenv("DJANGO_WARM_UP", raising=False)
    try:
        assert importlib.reload(production).WARM_UP is True
        monkeypatch.setenv("DJANGO_WARM_UP", "0")
        assert importlib.reload(production).WARM_UP is False
    finally:
        monkeypatch.undo()
        importlib.reload(production)


def test_loading_the_application_warms_it_when_asked(settings, monkeypatch):
    from simulate import startup

    warmed = []
    monkeypatch.setattr(warmup, "warm_up", warmed.append)
    monkeypatch.setattr(startup, "resume_when_serving", lambda: None)  # no runs resumed from a test
    settings.WARM_UP = True
    try:
        import config.wsgi

        module = importlib.reload(config.wsgi)
        assert warmed[-1] is module.application
        settings.WARM_UP = False
        before = len(warmed)
        importlib.reload(config.wsgi)
        assert len(warmed) == before
    finally:
        gc.unfreeze()


@pytest.mark.django_db
def test_the_warm_up_opens_the_most_visited_pages(card_pool):
    # the test's transaction must outlive the requests (Django's test client does the same)
    signals.request_started.disconnect(close_old_connections)
    signals.request_finished.disconnect(close_old_connections)
    try:
        statuses = warmup.warm_up(get_wsgi_application())
    finally:
        signals.request_started.connect(close_old_connections)
        signals.request_finished.connect(close_old_connections)
    assert statuses == dict.fromkeys(warmup.PATHS, 200)


def test_a_failing_page_never_stops_the_server_from_starting():
    def broken(environ, start_response):
        raise RuntimeError("no database yet")

    assert warmup.warm_up(broken, paths=("/",)) == {"/": 0}
