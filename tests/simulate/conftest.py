"""Helpers for the `simulate` command and simulation-run tests.

The web runs (services, runner, selectors, pages, API) are driven by the toy rules of
tests/rules/core/toy.py registered under the `boundless` slug (``toy_engine``), so they prove the
app for 2 to 4 seats whatever the real engines are doing; the real Boundless decks and card pool
still supply legal decks (the toy gives cards of other games points by name).
"""

import io
import json
from pathlib import Path

import pytest
from django.core.management import call_command
from django.core.management.base import CommandError

from tests.terminal import TerminalOutput

DECKS = "fixtures/decks"
EMERALD = f"{DECKS}/boundless-emerald-vanguard.txt"
AKUMAIDEN = f"{DECKS}/boundless-akumaiden-onslaught.txt"
UNDERTOW = f"{DECKS}/boundless-undertow-tempo.txt"


class Run:
    """What one call of the command printed, and its exit code (0, or the CommandError's)."""

    def __init__(self, *args, terminal: bool = False):
        self.stdout, self.stderr = io.StringIO(), TerminalOutput() if terminal else io.StringIO()
        self.code, self.error = 0, ""
        try:
            call_command("simulate", *args, stdout=self.stdout, stderr=self.stderr)
        except CommandError as exc:
            self.code, self.error = exc.returncode, str(exc)
        self.out, self.err = self.stdout.getvalue(), self.stderr.getvalue()

    def json(self):
        return json.loads(self.out)


@pytest.fixture
def simulate(card_pool):
    return Run


@pytest.fixture
def illegal_deck(tmp_path):
    """Emerald Vanguard without its savior: readable, but illegal."""
    text = Path(EMERALD).read_text(encoding="utf-8").replace("1 Sylvara, Emerald Warden\n", "")
    path = tmp_path / "no-savior.txt"
    path.write_text(text, encoding="utf-8")
    return str(path)


# -- simulation runs (services, runner, API) ------------------------------------------------------
@pytest.fixture
def toy_engine(monkeypatch):
    """The toy rules (2-4 seats, a secret simultaneous bid, declared counters) as the `boundless`
    engine for everything that asks the registry (the simulate app, replays)."""
    import importlib

    from tests.rules.core.toy import BOUNDLESS_TOY

    # the engine module's ENGINE, not ``registry.get_engine``: a module first imported during the
    # test (the URLconf's views, on a live server's first request) would keep a patched function
    # for the rest of the process, and play Boundless with the toy in later tests
    monkeypatch.setattr(importlib.import_module("rules.boundless.engine"), "ENGINE", BOUNDLESS_TOY)
    return BOUNDLESS_TOY


@pytest.fixture
def inline_backend(settings):
    """Chunks run in the calling thread: the test database is in memory, so no other process sees it."""
    settings.SIMULATION_BACKEND = "inline"
    settings.SIMULATION_MAX_GAMES = 100_000
    settings.SIMULATION_MAX_ACTIVE_RUNS = 3
    settings.SIMULATION_CHUNK_SIZE = 100
    return settings


def make_user(name="owner"):
    from django.contrib.auth import get_user_model

    return get_user_model().objects.create_user(name, password="pw-" + name)


def import_deck(owner, path, visibility="private"):
    from decks.services import deck_import_text

    return deck_import_text(owner=owner, game="boundless", text=Path(path).read_text(encoding="utf-8"),
                            visibility=visibility)


@pytest.fixture
def sim_decks(card_pool, inline_backend, toy_engine):
    """An owner with three legal Boundless decks (private) played by the toy engine, and another user."""
    owner = make_user("owner")
    decks = [import_deck(owner, path) for path in (EMERALD, AKUMAIDEN, UNDERTOW)]
    return owner, decks, make_user("other")


# -- deckless runs (Millennium Blades' whole game) ------------------------------------------------------------
DECKLESS_URL = "/api/simulations/"


@pytest.fixture
def owner(db, inline_backend):
    """A user who starts deckless runs."""
    return make_user("seats")


def start_deckless(owner, capture, **more):
    """A finished run of the whole game (3 players, 4 random games unless ``more`` says otherwise)."""
    from simulate import services

    args = {"game": "millennium_blades", "mode": "full-game", "players": 3, "games": 4, "seed": 5,
            "agents": ["random"], **more}
    with capture(execute=True):
        run = services.simulation_start(owner=owner, **args)
    run.refresh_from_db()
    return run


@pytest.fixture
def api(owner, django_capture_on_commit_callbacks):
    """An API client of ``owner`` whose ``start(body)`` posts a run and runs it inline."""
    from rest_framework.test import APIClient

    client = APIClient()
    client.force_authenticate(owner)

    def post(body):
        with django_capture_on_commit_callbacks(execute=True):
            return client.post(DECKLESS_URL, body, format="json")

    client.start = post
    return client


# -- databases other processes open (tests of the Celery workers, the local pool, a killed server) -------------
@pytest.fixture(scope="session")
def filled_process_database(process_database):
    """``filled_process_database()``: a new process database as ``sim_driver setup`` leaves it
    (migrated, the card pools, the user ``driver`` and three Boundless decks), and what the setup
    printed (``{"user": .., "decks": [..]}``). The setup runs once per session into a template that
    each call copies: migrating and loading the pools in a new process took 5 to 18 s a test."""
    import os
    import subprocess
    import sys

    root = Path(__file__).resolve().parents[2]
    template: dict = {}

    def make():
        if not template:
            database = process_database()
            env = {**os.environ, "DJANGO_SETTINGS_MODULE": "config.settings", "DATABASE_URL": database.url,
                   "PYTHONPATH": str(root)}
            done = subprocess.run([sys.executable, "-m", "tests.simulate.sim_driver", "setup"], env=env, cwd=root,
                                  capture_output=True, text=True, timeout=600)
            assert done.returncode == 0, f"sim_driver setup failed:\n{done.stderr[-3000:]}"
            template.update(database=database, made=json.loads(done.stdout))
        return process_database(like=template["database"]), json.loads(json.dumps(template["made"]))

    return make
