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


def planted_helpful(run) -> None:
    """Mark the run's first candidate as a change that helps (the toy's games decide nothing here;
    the doctor's finding of a real improvement is tests/simulate/test_doctor.py's)."""
    from simulate.models import RunChunk

    number = run.doctor.candidates and 1
    for chunk in RunChunk.objects.filter(run=run, pairing=number):
        chunk.tally = {**chunk.tally, "scores": [[1.0] * len(row) for row in chunk.tally["scores"]]}
        chunk.save(update_fields=["tally"])
    for chunk in RunChunk.objects.filter(run=run, pairing=0):
        chunk.tally = {**chunk.tally, "scores": [[0.0] * len(row) for row in chunk.tally["scores"]]}
        chunk.save(update_fields=["tally"])


def test_one_api_call_saves_the_best_change_as_the_decks_new_version(doctored, sim_decks, client):
    owner, decks, other = sim_decks
    run = doctored()
    planted_helpful(run)
    report = doctor_runs.doctor_report(run)
    best = next(r for r in report["candidates"] if r["number"] == report["best"])
    assert best["verdict"] == "helps"
    client.force_login(other)
    assert client.post(f"/api/doctor/{run.pk}/apply/", {}, content_type="application/json").status_code == 404
    client.force_login(owner)
    before = decks[0].current_version
    answer = client.post(f"/api/doctor/{run.pk}/apply/", {}, content_type="application/json")
    assert answer.status_code == 200, answer.content
    decks[0].refresh_from_db()
    assert answer.json() == {"deck": decks[0].pk, "version": before + 1} and decks[0].current_version == before + 1
    cards = {(e.card.name, e.qty) for e in deck_to_decklist(decks[0]).entries(best["section"])}
    assert (best["card_in"], 1) in cards or any(name == best["card_in"] for name, _ in cards)
    assert not deck_validate(decks[0])  # the saved deck is legal
    assert "deck doctor" in decks[0].versions.get(number=before + 1).note
    again = client.post(f"/api/doctor/{run.pk}/apply/", {}, content_type="application/json")
    assert again.status_code == 409 and again.json()["error"] == "deck_changed"


def test_the_web_page_saves_the_best_change_with_one_click(doctored, sim_decks, client):
    owner, decks, _ = sim_decks
    run = doctored()
    planted_helpful(run)
    client.force_login(owner)
    page = client.get(f"/simulations/doctor/{run.pk}/").content.decode()
    assert 'id="doctor-apply"' in page and "<svg" in page
    answer = client.post(f"/simulations/doctor/{run.pk}/apply/", {"candidate": "1"})
    assert answer.status_code == 302 and answer["Location"] == decks[0].get_absolute_url()
    decks[0].refresh_from_db()
    assert doctor_runs.doctor_report(run)["saved_version"] == decks[0].current_version


def test_a_change_that_does_not_help_is_not_saved(doctored, sim_decks, client):
    owner, _, _ = sim_decks
    run = doctored(max_looks=1, candidates=1)
    client.force_login(owner)
    answer = client.post(f"/api/doctor/{run.pk}/apply/", {"candidate": 1}, content_type="application/json")
    assert answer.status_code == 400 and answer.json()["error"] == "not_helpful"


def test_start_refuses_bad_input_saying_what(sim_decks, client):
    owner, decks, other = sim_decks
    client.force_login(owner)
    cases = [({"deck": decks[0].pk, "field": []}, "bad_field"),
             ({"deck": decks[0].pk, "field": [decks[1].pk], "candidates": 0}, "bad_candidates"),
             ({"deck": decks[0].pk, "field": [decks[1].pk], "alpha": 0.5}, "bad_alpha"),
             ({"deck": 999999, "field": [decks[1].pk]}, "unknown_deck"),
             ({"deck": decks[0].pk, "field": [decks[1].pk], "max_looks": 99}, "bad_max_looks")]
    for body, code in cases:
        answer = client.post("/api/doctor/", body, content_type="application/json")
        assert answer.status_code == 400 and answer.json()["error"] == code, (body, answer.content)
    assert client.post("/api/doctor/", {"deck": decks[0].pk, "field": [decks[1].pk]},
                       content_type="application/json").status_code == 201


def test_a_cancelled_doctor_plays_no_further_look(sim_decks, django_capture_on_commit_callbacks, client):
    owner, decks, _ = sim_decks
    with django_capture_on_commit_callbacks(execute=False):  # queued, nothing played yet
        run = doctor_runs.doctor_start(owner=owner, deck_id=decks[0].pk, field=[decks[1].pk], **SETTINGS)
    client.force_login(owner)
    answer = client.post(f"/api/doctor/{run.pk}/cancel/")
    assert answer.status_code == 200 and answer.json()["status"] == "cancelled"
    from simulate import runner

    runner.dispatch(run)
    run.refresh_from_db()
    assert run.status == "cancelled" and not run.chunks.filter(status="done").exists()
    assert run.doctor.candidates == []


def test_the_doctor_endpoints_are_in_the_openapi_schema(client):
    schema = client.get("/api/schema/", HTTP_ACCEPT="application/json").content.decode()
    for path in ("/api/doctor/", "/api/doctor/{id}/", "/api/doctor/{id}/apply/", "/api/doctor/{id}/cancel/"):
        assert path in schema


def test_a_doctor_run_reads_well_among_the_other_runs(doctored, sim_decks, client):
    owner, _, _ = sim_decks
    run = doctored(max_looks=1, candidates=1)
    client.force_login(owner)
    mine = client.get("/simulations/")
    assert mine.status_code == 200 and f"/simulations/doctor/{run.pk}/" in mine.content.decode()
    assert client.get(f"/simulations/{run.pk}/")["Location"] == f"/simulations/doctor/{run.pk}/"
    listed = client.get("/api/simulations/").json()["results"]
    assert any(r["id"] == run.pk and r["mode"] == "doctor" for r in listed)
    detail = client.get(f"/api/simulations/{run.pk}/").json()
    assert detail["results"]["readable"] is False and f"/api/doctor/{run.pk}/" in detail["results"]["message"]


def test_the_command_prints_a_table_and_refuses_bad_input(sim_decks):
    from django.core.management.base import CommandError

    _, decks, _ = sim_decks
    out = io.StringIO()
    call_command("deck_doctor", "--game", "boundless", "--deck", str(decks[0].pk), "--field", str(decks[1].pk),
                 "--games-per-look", "2", "--max-looks", "1", "--candidates", "2", "--quiet", stdout=out)
    assert "Original deck:" in out.getvalue() and "verdict" in out.getvalue()
    with pytest.raises(CommandError) as bad:
        call_command("deck_doctor", "--game", "boundless", "--deck", str(decks[0].pk), "--field", str(decks[1].pk),
                     "--candidates", "0", stdout=io.StringIO())
    assert bad.value.returncode == 2 and "candidates" in str(bad.value)
    with pytest.raises(CommandError) as missing:
        call_command("deck_doctor", "--game", "boundless", "--deck", "999999", "--field", str(decks[1].pk),
                     stdout=io.StringIO())
    assert missing.value.returncode == 2 and "999999" in str(missing.value)
