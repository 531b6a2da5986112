"""Doctor a deck against a league's top decks (issue 28, part 2: "a field ... or a league's top
decks"): the field is the league run's best decks by rating, the doctored deck left out; from the
league page (a link per deck, then the doctor's form) and from the API (``league`` and ``top``).
The toy rules play as the `boundless` engine (tests/simulate/conftest.py)."""

import pytest

from simulate import doctor_runs, selectors, services
from simulate.models import SimulationRun

SIZES = {"games_per_look": 2, "max_looks": 1, "candidates": 1}


@pytest.fixture
def league_run(sim_decks, django_capture_on_commit_callbacks):
    """A finished three-deck league of the owner's decks."""
    owner, decks, _ = sim_decks
    with django_capture_on_commit_callbacks(execute=True):
        run = services.simulation_start(owner=owner, game="boundless", mode="league", deck_ids=[d.pk for d in decks],
                                        games=6, seed=5, agents=["random"])
    run.refresh_from_db()
    assert run.status == "done"
    return run


def top_ids(run: SimulationRun, leave_out: int) -> list[int]:
    """The league's deck ids in ranking order, ``leave_out`` left out."""
    by_position = dict(run.run_decks.values_list("position", "deck_id"))
    return [by_position[i] for i in selectors.league_figures(run)["ranking"] if by_position[i] != leave_out]


def field_of(run_id: int) -> list[int]:
    return list(SimulationRun.objects.get(pk=run_id).run_decks.filter(position__gt=0).order_by("position")
                .values_list("deck_id", flat=True))


def test_the_field_is_the_leagues_top_decks_by_rating(sim_decks, league_run):
    _, decks, _ = sim_decks
    subject = decks[1].pk
    expected = top_ids(league_run, subject)
    assert doctor_runs.league_field(league_run.owner, league_run.pk, subject) == expected
    assert doctor_runs.league_field(league_run.owner, str(league_run.pk), subject, top=1) == expected[:1]


def test_the_api_doctors_a_deck_against_a_leagues_top_decks(sim_decks, league_run, client,
                                                            django_capture_on_commit_callbacks):
    owner, decks, other = sim_decks
    client.force_login(owner)
    body = {"deck": decks[0].pk, "league": league_run.pk, "top": 1, "seed": 3, **SIZES}
    with django_capture_on_commit_callbacks(execute=True):
        answer = client.post("/api/doctor/", body, content_type="application/json")
    assert answer.status_code == 201, answer.content
    run_id = answer.json()["id"]
    assert field_of(run_id) == top_ids(league_run, decks[0].pk)[:1]
    report = client.get(f"/api/doctor/{run_id}/").json()
    assert report["field_source"] == f"league:{league_run.pk}" and report["status"] == "done"
    cases = [({"deck": decks[0].pk, "league": 999999}, "unknown_league"),
             ({"deck": decks[0].pk, "league": league_run.pk, "top": 0}, "bad_top"),
             ({"deck": decks[0].pk, "league": league_run.pk, "field": [decks[1].pk]}, "bad_field"),
             ({"deck": decks[0].pk}, "bad_field")]
    for bad, code in cases:
        answer = client.post("/api/doctor/", bad, content_type="application/json")
        assert answer.status_code == 400 and answer.json()["error"] == code, (bad, answer.content)
    client.force_login(other)  # another user's private league is not theirs to take a field from
    answer = client.post("/api/doctor/", {"deck": decks[0].pk, "league": league_run.pk},
                         content_type="application/json")
    assert answer.status_code == 400 and answer.json()["error"] in ("unknown_league", "unknown_deck")


def test_from_the_league_page_each_deck_is_one_click_from_the_doctor(sim_decks, league_run, client,
                                                                     django_capture_on_commit_callbacks):
    owner, decks, _ = sim_decks
    client.force_login(owner)
    page = client.get(f"/simulations/{league_run.pk}/").content.decode()
    link = f"/simulations/doctor/?deck={decks[2].pk}&amp;league={league_run.pk}"
    assert link in page and page.count('class="btn doctor-link"') == 3
    form = client.get(link.replace("&amp;", "&"))
    names = {d.pk: d.name for d in decks}
    expected = top_ids(league_run, decks[2].pk)
    text = form.content.decode()
    assert form.status_code == 200 and 'id="doctor-league-field"' in text
    assert ", ".join(names[i] for i in expected) in text
    with django_capture_on_commit_callbacks(execute=True):
        started = client.post("/simulations/doctor/", {"deck": decks[2].pk, "league": league_run.pk, "agent": "random",
                                                        "seed": 4, **SIZES})
    assert started.status_code == 302, started.content.decode()[-2000:]
    run_id = int(started["Location"].rstrip("/").rsplit("/", 1)[1])
    assert field_of(run_id) == expected
    assert SimulationRun.objects.get(pk=run_id).doctor.field_source == f"league:{league_run.pk}"


def test_a_league_with_no_games_yet_gives_no_field(sim_decks, django_capture_on_commit_callbacks, client):
    owner, decks, _ = sim_decks
    with django_capture_on_commit_callbacks(execute=False):  # queued, nothing played
        run = services.simulation_start(owner=owner, game="boundless", mode="league", deck_ids=[d.pk for d in decks],
                                        games=2, seed=1)
    client.force_login(owner)
    answer = client.post("/api/doctor/", {"deck": decks[0].pk, "league": run.pk}, content_type="application/json")
    assert answer.status_code == 400 and answer.json()["error"] == "league_unplayed"
    page = client.get(f"/simulations/doctor/?deck={decks[0].pk}&league={run.pk}", follow=True).content.decode()
    assert "has played no games yet" in page and 'name="field"' in page  # back to choosing the field


def test_the_league_page_has_the_share_box_and_a_shared_league_gives_its_field(
        sim_decks, client, django_capture_on_commit_callbacks):
    from decks.services import deck_update

    owner, decks, other = sim_decks
    for deck in decks:
        deck_update(actor=owner, deck=deck, visibility="public")
    with django_capture_on_commit_callbacks(execute=True):
        run = services.simulation_start(owner=owner, game="boundless", mode="league", deck_ids=[d.pk for d in decks],
                                        games=4, seed=9, agents=["random"])
    run.refresh_from_db()
    assert run.share_token
    client.force_login(owner)
    page = client.get(f"/simulations/{run.pk}/").content.decode()
    assert 'id="share-link"' in page and f"?key={run.share_token}" in page and "Revoke the link" in page
    assert client.post(f"/simulations/{run.pk}/share/", {"action": "revoke"}).status_code == 302
    page = client.get(f"/simulations/{run.pk}/").content.decode()
    assert 'id="share-link"' not in page and "Make a share link" in page
    client.post(f"/simulations/{run.pk}/share/", {"action": "regenerate"})
    run.refresh_from_db()

    client.force_login(other)  # a reader holding the link: no share box, but the doctor links carry the key
    page = client.get(f"/simulations/{run.pk}/?key={run.share_token}").content.decode()
    assert "share-box" not in page and f"league_key={run.share_token}" in page
    body = {"deck": decks[0].pk, "league": run.pk, **SIZES}
    refused = client.post("/api/doctor/", body, content_type="application/json")
    assert refused.status_code == 400 and refused.json()["error"] == "unknown_league"
    with django_capture_on_commit_callbacks(execute=True):
        answer = client.post("/api/doctor/", {**body, "league_key": run.share_token}, content_type="application/json")
    assert answer.status_code == 201, answer.content
    assert field_of(answer.json()["id"]) == top_ids(run, decks[0].pk)
