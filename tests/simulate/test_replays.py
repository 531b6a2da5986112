"""Replays are not recomputed for free (robustness issue, part 2; simulate/replays.py): only games
that were played have one (404), each is computed once and kept, a slow one (a searching agent)
is computed in the background while the viewer polls, and one person has at most
SIMULATION_REPLAYS_AT_ONCE computing at once (429)."""

from __future__ import annotations

import pytest
from django.test import Client

from simulate import replays, selectors, services
from simulate.models import ReplayCache, RunChunk


@pytest.fixture
def start(sim_decks, django_capture_on_commit_callbacks):
    owner, decks, _ = sim_decks

    def go(games=6, dispatch=True, agents=None):
        with django_capture_on_commit_callbacks(execute=dispatch):
            run = services.simulation_start(owner=owner, game="boundless", mode="head_to_head",
                                            deck_ids=[decks[0].pk, decks[1].pk], games=games, seed=3,
                                            agents=agents or ["greedy"])
        run.refresh_from_db()
        return run

    return go


@pytest.fixture
def owner_client(sim_decks):
    client = Client()
    client.force_login(sim_decks[0])
    return client


def test_a_game_that_was_never_played_has_no_replay(start, owner_client):
    run = start(dispatch=False)  # queued: no chunk played yet
    assert owner_client.get(f"/simulations/{run.pk}/games/0/2/").status_code == 404
    assert owner_client.get(f"/simulations/{run.pk}/games/0/2/replay.json").status_code == 404
    api = owner_client.get(f"/api/simulations/{run.pk}/games/2/replay/")
    assert api.status_code == 404 and api.json()["error"] == "not_played"
    RunChunk.objects.filter(run=run, first_game__lte=2).update(status=RunChunk.Status.DONE)
    assert owner_client.get(f"/api/simulations/{run.pk}/games/2/replay/").status_code == 200


def test_a_replay_is_computed_once_and_kept(start, owner_client, monkeypatch):
    run = start()
    calls = []
    real = selectors.simulation_replay
    monkeypatch.setattr(selectors, "simulation_replay", lambda *a: calls.append(a) or real(*a))
    first = owner_client.get(f"/api/simulations/{run.pk}/games/1/replay/").json()["replay"]
    again = owner_client.get(f"/api/simulations/{run.pk}/games/1/replay/").json()["replay"]
    page = owner_client.get(f"/simulations/{run.pk}/games/0/1/")
    assert first == again and page.status_code == 200 and len(calls) == 1
    cached = ReplayCache.objects.get(run=run, pairing=0, game=1)
    assert cached.status == "ready" and cached.engine_version == run.engine_version


def test_a_slow_replay_is_prepared_in_the_background_while_the_viewer_polls(start, owner_client,
                                                                            django_capture_on_commit_callbacks):
    run = start(agents=[{"name": "ismcts", "iterations": 5}])
    with django_capture_on_commit_callbacks(execute=False) as background:
        page = owner_client.get(f"/simulations/{run.pk}/games/0/2/")
    assert page.status_code == 202 and page["Retry-After"] == "2"
    assert "Preparing the replay" in page.content.decode()
    state = f"/simulations/{run.pk}/games/0/2/state/"
    assert owner_client.get(state).json() == {"status": "computing"}
    api = owner_client.get(f"/api/simulations/{run.pk}/games/2/replay/")
    assert api.status_code == 202 and api.json()["status"] == "computing"
    assert len(background) == 1  # one computation, whoever asks meanwhile
    replays._compute(ReplayCache.objects.get(run=run, game=2).pk)  # what the background thread does
    assert owner_client.get(state).json() == {"status": "ready"}
    assert owner_client.get(f"/simulations/{run.pk}/games/0/2/").status_code == 200
    assert owner_client.get(f"/api/simulations/{run.pk}/games/2/replay/").json()["replay"]["moves"]


def test_one_person_computes_a_bounded_number_of_slow_replays_at_once(start, owner_client, settings,
                                                                    django_capture_on_commit_callbacks):
    settings.SIMULATION_REPLAYS_AT_ONCE = 2
    run = start(agents=[{"name": "ismcts", "iterations": 5}])
    with django_capture_on_commit_callbacks(execute=False):
        codes = [owner_client.get(f"/api/simulations/{run.pk}/games/{n}/replay/").status_code for n in range(3)]
    assert codes == [202, 202, 429]
    busy = owner_client.get(f"/api/simulations/{run.pk}/games/2/replay/")
    assert busy.status_code == 429 and busy.json()["error"] == "busy" and busy["Retry-After"]
    assert "being prepared" in owner_client.get(f"/simulations/{run.pk}/games/0/2/").content.decode()


# -- every replay in the background (issue 25, item 4) ------------------------------------------------
def test_every_replay_is_prepared_in_the_background_on_a_real_backend(start, owner_client, settings, monkeypatch,
                                                                    django_capture_on_commit_callbacks):
    """A greedy whole-game replay took past the worker's 120 s inside the request: only the inline
    backend (tests, debugging) still computes a fast agent's replay in the request."""
    run = start(agents=["greedy"])
    settings.SIMULATION_BACKEND = "local"
    monkeypatch.setattr(selectors, "simulation_replay", lambda *a: pytest.fail("computed inside the request"))
    with django_capture_on_commit_callbacks(execute=False) as background:
        page = owner_client.get(f"/simulations/{run.pk}/games/0/1/")
        api = owner_client.get(f"/api/simulations/{run.pk}/games/1/replay/")
        download = owner_client.get(f"/simulations/{run.pk}/games/0/1/replay.json")
    assert page.status_code == api.status_code == download.status_code == 202
    assert "Preparing the replay" in page.content.decode() and len(background) == 1


def test_a_deckless_run_s_share_key_starts_no_replay_in_the_request(owner, settings, monkeypatch,
                                                                   django_capture_on_commit_callbacks):
    from tests.simulate.conftest import start_deckless

    run = start_deckless(owner, django_capture_on_commit_callbacks, games=2, agents=["greedy"])
    assert run.status == "done" and run.share_token
    settings.SIMULATION_BACKEND = "local"
    monkeypatch.setattr(selectors, "simulation_replay", lambda *a: pytest.fail("computed inside the request"))
    stranger = Client()
    with django_capture_on_commit_callbacks(execute=False) as background:
        page = stranger.get(f"/simulations/{run.pk}/games/0/0/?key={run.share_token}")
    assert page.status_code == 202 and len(background) == 1
    with django_capture_on_commit_callbacks(execute=False):  # one person's replays at once are bounded
        codes = [stranger.get(f"/simulations/{run.pk}/games/0/{n}/?key={run.share_token}").status_code
                 for n in (1, 0)]
    assert codes == [202, 202]
    assert ReplayCache.objects.filter(run=run, status="computing").count() == 2


def test_a_busy_shared_cache_leaves_the_replay_progress_unknown_instead_of_failing_the_page(monkeypatch):
    """The progress of a replay being prepared is a hint read from the shared cache (a database
    table): a moment when that table is locked (SQLite's in-memory test database locks tables at
    once; a CI run's replay page answered 500) gives "unknown", not an error."""
    from types import SimpleNamespace

    from django.conf import settings
    from django.core.cache import caches
    from django.db import OperationalError

    def locked(*args, **kwargs):
        raise OperationalError("database table is locked: shared_cache")

    monkeypatch.setattr(caches[settings.SHARED_CACHE], "get", locked)
    assert replays.progress(SimpleNamespace(pk=1), 0, 0) == {}
