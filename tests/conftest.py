"""Shared fixtures: the real card pools, loaded into the test database on demand."""

import os

import pytest
from django.core.management import call_command
from hypothesis import settings as hypothesis_settings

# CI replays the same examples every run (a submission passes or fails on its merits, not on
# the draw); local runs keep exploring new examples, which is how regressions get found.
hypothesis_settings.register_profile("ci", derandomize=True, database=None)
if os.environ.get("CI"):
    hypothesis_settings.load_profile("ci")


@pytest.fixture
def card_pool(db):
    """Every game's card pool from fixtures/, loaded as `make run` loads it."""
    call_command("load_cardpool", verbosity=0, stdout=open("/dev/null", "w"))


@pytest.fixture(autouse=True)
def _media_in_tmp(settings, tmp_path):
    """Drawn images and uploads never land in the working tree during tests."""
    settings.MEDIA_ROOT = tmp_path / "media"


def pytest_collection_modifyitems(items):
    """Mark every test that touches the database ``database``: `make test` runs those again on
    PostgreSQL (``-m "database and not browser"``), so a new database test joins by itself."""
    for item in items:
        fixtures = set(getattr(item, "fixturenames", ()))
        if fixtures & {"db", "transactional_db", "live_server", "django_db_setup"} or item.get_closest_marker("django_db"):
            item.add_marker(pytest.mark.database)
