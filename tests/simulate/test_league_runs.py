"""League runs (issue 28.1): the tables a league plays for each kind of game (simulate/league.py),
the API's league mode, its decks found by source, bad input, cancelling, and that the web page,
the API and ``manage.py simulate --mode league`` show the same figures for one seed."""

import json
import re

import pytest
from django.core.management import call_command
from rest_framework.test import APIClient

from rules.core.registry import get_engine
from simulate import league, modes
from simulate.models import SimulationRun
from tests.simulate.conftest import AKUMAIDEN, EMERALD, UNDERTOW, import_deck, make_user

URL = "/api/simulations/"


# -- the tables of a league (pure) -------------------------------------------------------------------
def test_every_pair_plays_once_for_a_two_player_game():
    settings = league.check(get_engine("boundless"), 4, None, None)
    assert settings == {"format": "head_to_head", "table_size": 2}
    assert league.tables(4, settings) == [(0, 1), (0, 2), (0, 3), (1, 2), (1, 3), (2, 3)]


def test_tables_teams_and_matches_come_from_the_engine():
    mb = get_engine("millennium_blades")
    assert league.formats(mb) == ["head_to_head", "table"] and league.table_sizes(mb) == [3, 4, 5]
    settings = league.check(mb, 4, "table", 3)
    assert league.tables(4, settings) == [(0, 1, 2), (0, 1, 3), (0, 2, 3), (1, 2, 3)]
    fellbound = get_engine("fellbound")
    assert league.formats(fellbound) == ["head_to_head", "teams"]
    teams = league.check(fellbound, 3, "teams", None)
    assert teams == {"format": "teams", "table_size": 4}
    assert league.tables(3, teams)[0] == (0, 1, 0, 1)  # each deck takes both seats of its team
    assert league.pairing_names(["A", "B", "C"], teams)[0] == ["A", "B", "A (ally 2)", "B (ally 2)"]
    assert "match" in league.formats(get_engine("bos"))


@pytest.mark.parametrize("args, code", [
    (("boundless", 1, None, None), "wrong_deck_count"),
    (("boundless", 33, None, None), "wrong_deck_count"),
    (("boundless", 4, "table", 3), "bad_league"),
    (("millennium_blades", 4, "table", 6), "bad_league"),
    (("millennium_blades", 2, "table", 3), "wrong_deck_count"),
    (("boundless", 4, "sideways", None), "bad_league"),
    (("millennium_blades", 32, "table", 5), "too_many_games"),
])
def test_bad_leagues_are_refused_saying_why(args, code):
    game, decks, form, size = args
    with pytest.raises(modes.ModeError) as caught:
        league.check(get_engine(game), decks, form, size)
    assert caught.value.code == code and caught.value.message


# -- runs through the API (the toy rules as the `boundless` engine) -------------------------------------
@pytest.fixture
def api(sim_decks, django_capture_on_commit_callbacks):
    owner, decks, other = sim_decks
    client = APIClient()
    client.force_authenticate(owner)

    def post(body):
        with django_capture_on_commit_callbacks(execute=True):
            return client.post(URL, body, format="json")

    client.start, client.decks, client.owner = post, decks, owner
    return client


def test_a_league_run_plays_every_pairing_and_reports_its_figures(api):
    ids = [d.pk for d in api.decks]
    response = api.start({"game": "boundless", "mode": "league", "decks": ids, "games": 8, "seed": 5,
                          "agents": ["random"]})
    assert response.status_code == 201, response.json()
    doc = api.get(f"{URL}{response.json()['id']}/").json()
    assert doc["status"] == "done" and doc["mode"] == "league" and doc["pairings"] == 3
    assert doc["progress"]["games_done"] == 24
    figures = doc["results"]["league"]
    assert figures["names"] == ["Emerald Vanguard", "Akumaiden Onslaught", "Undertow Tempo"]
    assert figures["comparisons"] == 24 and figures["format"] == "head_to_head"
    cell, mirror = figures["matrix"][0][1], figures["matrix"][1][0]
    assert cell["games"] == mirror["games"] == 8 and cell["score"] + mirror["score"] == 8
    assert sorted(d["rank"] for d in figures["decks"]) == [1, 2, 3]
    assert sum(d["share"] for d in figures["decks"]) == pytest.approx(1, abs=1e-3)


def test_a_league_of_my_decks_finds_them(api):
    response = api.start({"game": "boundless", "mode": "league", "games": 2, "seed": 1, "league": {"source": "mine"}})
    assert response.status_code == 201, response.json()
    run = SimulationRun.objects.get(pk=response.json()["id"])
    assert run.run_decks.count() == 3 and run.league["source"] == "mine"


@pytest.mark.parametrize("body, code", [
    ({"decks": "one"}, "bad_decks"),
    ({"league": {"source": "elsewhere"}}, "bad_league"),
    ({"league": {"format": "match"}}, "bad_league"),
    ({"league": {"format": "head_to_head", "table_size": 3}}, "bad_league"),
    ({"league": {"colour": "red"}}, "bad_league"),
    ({"league": {"source": "search", "query": ""}, "decks": []}, "bad_league"),
    ({"league": {"source": "search", "query": "no such deck"}, "decks": []}, "wrong_deck_count"),
    ({"games": 60_000}, "too_many_games"),
    ({"mode": "head_to_head", "decks": [1, 2], "league": {}}, "bad_league"),
])
def test_bad_league_input_is_a_400_saying_what(api, body, code):
    base = {"game": "boundless", "mode": "league", "decks": [d.pk for d in api.decks], "games": 2}
    response = api.start({**base, **body})
    assert response.status_code == 400 and response.json()["error"] == code, response.json()


def test_cancelled_league_stops(api, django_capture_on_commit_callbacks):
    from simulate import services

    with django_capture_on_commit_callbacks(execute=False):  # not dispatched: still queued
        run = services.simulation_start(owner=api.owner, game="boundless", mode="league",
                                        deck_ids=[d.pk for d in api.decks], games=4, seed=2)
    services.simulation_cancel(actor=api.owner, run=run)
    run.refresh_from_db()
    assert run.status == "cancelled"
    assert api.get(f"{URL}{run.pk}/").json()["results"]["league"]["comparisons"] == 0


# -- one seed, the same figures on the page, in the API and from the command (real Boundless) -------------
@pytest.mark.django_db(transaction=False)
def test_web_api_and_cli_agree(card_pool, inline_backend, client, django_capture_on_commit_callbacks):
    from simulate import services

    owner = make_user("leaguer")
    decks = [import_deck(owner, path) for path in (EMERALD, AKUMAIDEN, UNDERTOW)]
    with django_capture_on_commit_callbacks(execute=True):
        run = services.simulation_start(owner=owner, game="boundless", mode="league", deck_ids=[d.pk for d in decks],
                                        games=4, seed=11, agents=["random"])
    api = APIClient()
    api.force_authenticate(owner)
    from_api = api.get(f"{URL}{run.pk}/").json()["results"]["league"]
    out = __import__("io").StringIO()
    call_command("simulate", "--game", "boundless", "--mode", "league", "--games", "4", "--seed", "11",
                 "--agent", "random", "--json", "--quiet", *(arg for d in decks for arg in ("--deck", str(d.pk))),
                 stdout=out)
    from_cli = json.loads(out.getvalue())["results"]["league"]
    assert from_cli == from_api
    client.force_login(owner)
    page = client.get(f"/simulations/{run.pk}/").content.decode()
    shown = json.loads(re.search(r'<script id="league-data" type="application/json">(.*?)</script>', page, re.S)[1])
    assert shown == from_api
    for deck in from_api["decks"]:  # the ratings the page prints are the API's
        assert f"{deck['rating']:+.0f}" in page


def test_a_league_left_unfinished_is_resumed(api, django_capture_on_commit_callbacks):
    from simulate import runner, services

    with django_capture_on_commit_callbacks(execute=False):  # a restart before any chunk was played
        run = services.simulation_start(owner=api.owner, game="boundless", mode="league",
                                        deck_ids=[d.pk for d in api.decks], games=4, seed=8, agents=["random"])
    assert runner.resume(backend="inline") == {run.pk: run.chunks.count()}
    run.refresh_from_db()
    assert run.status == "done"
    assert api.get(f"{URL}{run.pk}/").json()["results"]["league"]["comparisons"] == 12


def test_the_league_mode_is_in_the_openapi_schema(api):
    schema = api.get("/api/schema/", HTTP_ACCEPT="application/json").json()
    body = schema["components"]["schemas"]["SimulationStart"]["properties"]
    mode = body["mode"]
    ref = (mode.get("$ref") or mode.get("allOf", [{}])[0].get("$ref") or "").rsplit("/", 1)[-1]
    assert "league" in (mode.get("enum") or schema["components"]["schemas"].get(ref, {}).get("enum", [])), mode
    assert "league" in body and "table_size" in body["league"]["description"]


def test_the_league_page_links_each_matchup_to_its_games(api, client):
    ids = [d.pk for d in api.decks]
    run_id = api.start({"game": "boundless", "mode": "league", "decks": ids, "games": 4, "seed": 5,
                        "agents": ["random"]}).json()["id"]
    client.force_login(api.owner)
    page = client.get(f"/simulations/{run_id}/?sort=order").content.decode()
    assert f"/simulations/{run_id}/games/?pairing=2" in page  # decks 2 and 3: the third pairing
    games = client.get(f"/simulations/{run_id}/games/?pairing=2")
    assert games.status_code == 200 and "Undertow Tempo" in games.content.decode()


def test_no_games_no_equilibrium():
    from simulate.metagame import Table, league_report

    report = league_report(["A", "B"], [Table((0, 1), {})], seed=1)
    assert report["comparisons"] == 0 and report["bootstrap_samples"] == 0
    assert [d["share"] for d in report["decks"]] == [None, None] and not report["decks"][0]["in_equilibrium"]


def test_the_command_prints_the_league(simulate):
    run = simulate("--game", "boundless", "--mode", "league", "--deck", EMERALD, "--deck", AKUMAIDEN,
                   "--deck", UNDERTOW, "--games", "2", "--agent", "random", "--seed", "4", "--quiet")
    assert run.code == 0, run.error
    assert "boundless league (head_to_head): 3 decks, 2 games per table" in run.out
    assert "matchup matrix" in run.out and "Emerald Vanguard: best" in run.out
    bad = simulate("--game", "boundless", "--mode", "league", "--deck", EMERALD, "--games", "2", "--quiet")
    assert bad.code == 2 and "a league takes 2 to 32 decks, not 1" in bad.error
    bad = simulate("--game", "boundless", "--mode", "league", "--deck", EMERALD, "--deck", AKUMAIDEN,
                   "--league-format", "table", "--quiet")
    assert bad.code == 2 and "has no table league" in bad.error
    bad = simulate("--game", "boundless", "--deck", EMERALD, "--table-size", "3", "--quiet")
    assert bad.code == 2 and "for --mode league" in bad.error
