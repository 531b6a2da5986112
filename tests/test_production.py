"""The production configuration (production issue, part 1): `make serve`'s settings pass
`manage.py check --deploy`, refuse to start without a secret key (saying how to make one), serve
the site's own error pages, and log one line per request with its id, user and timing."""

from __future__ import annotations

import json
import logging
import os
import subprocess
import sys
from pathlib import Path

import pytest
from django.template.loader import render_to_string

ROOT = Path(__file__).resolve().parents[1]
PRODUCTION = {"DJANGO_DEBUG": "0", "DJANGO_SECRET_KEY": "k" * 20 + "-production-test-key-of-fifty-chars-1234",
              "DJANGO_BEHIND_TLS_PROXY": "1", "DJANGO_ALLOWED_HOSTS": "cards.example.org"}


def manage(*args: str, **env: str) -> subprocess.CompletedProcess:
    clean = {k: v for k, v in os.environ.items() if not k.startswith("DJANGO_")}
    return subprocess.run([sys.executable, "manage.py", *args], cwd=ROOT, env={**clean, **env},
                          capture_output=True, text=True, timeout=300)


def test_check_deploy_is_clean_behind_a_tls_proxy():
    done = manage("check", "--deploy", **PRODUCTION)
    assert done.returncode == 0, done.stdout + done.stderr
    assert "System check identified no issues" in done.stdout, done.stdout + done.stderr


def test_the_production_server_refuses_to_start_without_a_secret_key_and_says_how_to_make_one():
    done = manage("check", DJANGO_DEBUG="0")
    assert done.returncode != 0
    assert "DJANGO_SECRET_KEY must be set" in done.stderr and "secrets.token_urlsafe(50)" in done.stderr


@pytest.mark.django_db
def test_error_pages_are_the_sites_own(client):
    missing = client.get("/no/such/page/")
    assert missing.status_code == 404 and "<h1>Not found</h1>" in missing.content.decode()
    assert "Resolver404" not in missing.content.decode()
    deck = client.get("/decks/999999/")
    assert deck.status_code == 404 and "No such deck, or it is not shared with you." in deck.content.decode()
    page = render_to_string("500.html")
    assert "Something went wrong on our side" in page and "/static/css/site" in page
    assert "Bad request" in render_to_string("400.html", {})


@pytest.mark.django_db
def test_one_log_line_per_request_with_its_id_user_and_timing(client, caplog, django_user_model):
    caplog.set_level(logging.INFO, logger="config.requests")
    user = django_user_model.objects.create_user("logged", password="a-long-password-9")
    client.force_login(user)
    response = client.get("/search/?q=golem", HTTP_X_REQUEST_ID="proxy-given-id-1")
    assert response["X-Request-ID"] == "proxy-given-id-1"
    lines = [r for r in caplog.records if r.name == "config.requests"]
    assert len(lines) == 1
    line = lines[0]
    assert (line.method, line.path, line.status, line.user, line.request_id) == \
        ("GET", "/search/", 200, "logged", "proxy-given-id-1")
    assert line.duration_ms >= 0
    odd = client.get("/", HTTP_X_REQUEST_ID="not a sane id; drop table")
    assert odd["X-Request-ID"] != "not a sane id; drop table" and len(odd["X-Request-ID"]) == 32


def test_json_log_lines_carry_the_request_fields():
    from config.logs import JsonFormatter

    record = logging.LogRecord("config.requests", logging.INFO, __file__, 1, "GET %s", ("/",), None)
    record.request_id, record.status = "abc", 200
    data = json.loads(JsonFormatter().format(record))
    assert data["message"] == "GET /" and data["request_id"] == "abc" and data["status"] == 200
    assert data["level"] == "INFO" and data["logger"] == "config.requests" and data["time"].endswith("+00:00")


@pytest.mark.django_db
def test_the_health_view_reports_the_database_and_the_broker(client, settings, monkeypatch):
    """Production issue, part 6: /healthz for a load balancer or a monitor."""
    response = client.get("/healthz")
    assert response.status_code == 200
    assert response.json() == {"status": "ok", "database": "ok", "broker": "not used"}
    assert "no-cache" in response["Cache-Control"]
    settings.SIMULATION_BACKEND = "celery"
    settings.CELERY_BROKER_URL = "redis://127.0.0.1:1/0"  # nothing listens there
    from config.celery import app

    monkeypatch.setattr(app.conf, "broker_url", "redis://127.0.0.1:1/0")
    assert client.get("/healthz").json()["broker"] == "unreachable"
    from config import health

    monkeypatch.setattr(health, "_database", lambda: "unreachable")
    failing = client.get("/healthz")
    assert failing.status_code == 503 and failing.json()["status"] == "failing"
