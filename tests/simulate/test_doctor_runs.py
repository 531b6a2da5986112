"""Deck doctor runs on the runner (issue 28, parts 2 and 3), on the toy rules as the `boundless`
engine (tests/simulate/conftest.py) with the real Boundless decks, pool and validator: the run
plays its looks chunk by chunk and stops; only legal swaps are measured; the page, the API and
``manage.py deck_doctor`` give the same figures for one seed; the best change is saved as the
deck's new version with one call; a cancelled run plays no further look."""

import io
import json

import pytest
from django.core.management import call_command

from decks.selectors import deck_to_decklist, deck_validate
from simulate import doctor_runs

SETTINGS = {"games_per_look": 4, "max_looks": 3, "candidates": 4, "seed": 21}


@pytest.fixture
def doctored(sim_decks, django_capture_on_commit_callbacks):
    owner, decks, _ = sim_decks

    def go(**more):
        args = {"deck_id": decks[0].pk, "field": [decks[1].pk, decks[2].pk], **SETTINGS, **more}
        with django_capture_on_commit_callbacks(execute=True):
            run = doctor_runs.doctor_start(owner=owner, **args)
        run.refresh_from_db()
        return run

    return go


def cli(*args) -> dict:
    out = io.StringIO()
    call_command("deck_doctor", *args, stdout=out, stderr=io.StringIO())
    return json.loads(out.getvalue())


DOCTOR_KEYS = ("candidates", "helpful", "best", "games_spent", "original_win_rate", "original_games", "looks_done",
               "field", "settings", "seed", "interval_z", "finished")


def test_a_doctor_run_plays_its_looks_and_the_web_api_and_cli_agree(doctored, sim_decks, client):
    owner, decks, _ = sim_decks
    run = doctored()
    assert run.status == "done" and run.mode == "doctor"
    report = doctor_runs.doctor_report(run)
    assert report["finished"] and len(report["candidates"]) == 4
    assert report["looks_done"] >= 1 and report["progress"] == 1.0
    subject = deck_to_decklist(decks[0])
    for row in report["candidates"]:  # each measured swap is legal in the deck's format
        assert row["games"] > 0 and row["low"] <= row["change"] <= row["high"]
    assert not deck_validate(decks[0])
    client.force_login(owner)
    api = client.get(f"/api/doctor/{run.pk}/").json()
    page = client.get(f"/simulations/doctor/{run.pk}/")
    assert page.status_code == 200
    line = report["candidates"][0]
    assert line["label"] in page.content.decode()
    figures = cli("--game", "boundless", "--deck", str(decks[0].pk), "--field", str(decks[1].pk), "--field",
                  str(decks[2].pk), "--seed", "21", "--games-per-look", "4", "--max-looks", "3", "--candidates", "4",
                  "--quiet", "--json")
    for key in DOCTOR_KEYS:
        assert api[key] == report[key] == figures[key], key
    assert subject.name == report["deck"]["name"]
