"""Replays open at once, a page of frames at a time (issue 27.6): the replay page embeds every
move's line and outline but the boards of its first frames only (rules.core.replay.FRAMES_PER_PAGE);
the viewer fetches the others a page at a time; while a replay is prepared in the background the
waiting page shows how far it has come (moves played again of the game's)."""

from __future__ import annotations

import json
import re

import pytest
from django.test import Client
from django.urls import reverse

from rules.core.replay import FRAMES_PER_PAGE
from simulate import replays
from simulate.models import ReplayCache
from tests.simulate.conftest import start_deckless

pytestmark = pytest.mark.django_db


def _script(page: str, name: str):
    return json.loads(re.search(rf'<script id="{name}" type="application/json">(.*?)</script>', page, re.S).group(1))


@pytest.fixture
def whole_game(owner, django_capture_on_commit_callbacks):
    """A finished whole game of Millennium Blades (3 seats, random agents) and its owner's client."""
    run = start_deckless(owner, django_capture_on_commit_callbacks, games=1)
    client = Client()
    client.force_login(owner)
    return run, client


def test_a_whole_game_replay_page_carries_one_page_of_boards_and_fetches_the_others(whole_game):
    run, client = whole_game
    page = client.get(reverse("simulate:replay", args=[run.pk, 0, 0]))
    text = page.content.decode()
    assert page.status_code == 200
    outline, first = _script(text, "replay-frames"), _script(text, "replay-page")
    assert len(outline) > 3 * FRAMES_PER_PAGE  # a whole game: far more frames than a page
    assert "view" not in outline[0] and len(first["frames"]) == FRAMES_PER_PAGE and first["first"] == 0
    assert all(frame["view"] for frame in first["frames"])
    assert len(page.content) < 600_000  # never the whole game's boards (2 MB before)
    frames_url = re.search(r'data-frames-url="([^"]+)"', text).group(1).replace("&amp;", "&")
    last = client.get(f"{frames_url}&first={len(outline) - 1}").json()
    assert last["total"] == len(outline) and last["first"] == len(outline) - 1
    assert last["frames"][-1]["over"] and last["frames"][-1]["view"]["phase"] == "over"
    middle = client.get(f"{frames_url}&first=60").json()
    assert [f["number"] for f in middle["frames"]] == list(range(60, 60 + FRAMES_PER_PAGE))
    assert client.get(f"{frames_url}&first=-1").status_code == 400
    assert client.get(reverse("simulate:replay_frames", args=[run.pk, 0, 0]) + "?seat=9").status_code == 404


def test_the_waiting_page_shows_how_far_the_replay_has_come(whole_game, settings, monkeypatch,
                                                            django_capture_on_commit_callbacks):
    run, client = whole_game
    settings.SIMULATION_BACKEND = "local"  # prepared in the background, as on a server
    url = reverse("simulate:replay", args=[run.pk, 0, 0])
    with django_capture_on_commit_callbacks(execute=False) as background:
        waiting = client.get(url)
    assert waiting.status_code == 202 and b"replay-pending-bar" in waiting.content and len(background) == 1
    seen = []
    real = replays._progress_counter

    def watched(row):
        count = real(row)

        def step():
            count()
            seen.append(replays.progress(run, 0, 0))
            return False

        return step

    monkeypatch.setattr(replays, "_progress_counter", watched)
    replays._compute(ReplayCache.objects.get(run=run).pk)  # what the background thread does
    total = seen[-1]["of"]
    assert total and total > 100 and seen[-1]["moves"] <= total  # the game's moves, from the run's tally
    assert any(p["moves"] > 0 for p in seen)
    state = client.get(reverse("simulate:replay_state", args=[run.pk, 0, 0])).json()
    assert state == {"status": "ready"}  # the progress is forgotten once the replay is kept
    assert client.get(url).status_code == 200
