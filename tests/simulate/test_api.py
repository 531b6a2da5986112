"""The simulation API (issue 5, part 6; issue 8, part 8): start, read, list, cancel, delete,
replay, for 1 to ``max_players`` decks (the toy rules as the `boundless` engine: 2-4 seats), and
clear 400s for every kind of bad input and for the limits (settings)."""

from pathlib import Path

import pytest
from rest_framework.test import APIClient

from decks.models import Deck
from simulate.models import SimulationRun
from tests.simulate.conftest import EMERALD, UNDERTOW, import_deck

URL = "/api/simulations/"


@pytest.fixture
def api(sim_decks, django_capture_on_commit_callbacks):
    """A client logged in as the decks' owner; ``post`` dispatches the run (inline backend)."""
    owner, decks, other = sim_decks
    client = APIClient()
    client.force_authenticate(owner)

    def post(body, dispatch=True):
        with django_capture_on_commit_callbacks(execute=dispatch):
            return client.post(URL, body, format="json")

    client.start = post
    client.decks = decks
    client.owner = owner
    client.other = other
    return client


def body(api, **more):
    return {"game": "boundless", "mode": "head_to_head", "decks": [api.decks[0].pk, api.decks[1].pk],
            "games": 6, "seed": 3, **more}


def test_start_read_and_list(api):
    response = api.start(body(api, agents=["greedy", "random"]))
    assert response.status_code == 201, response.json()
    run_id = response.json()["id"]
    assert response.json()["seed"] == 3
    doc = api.get(f"{URL}{run_id}/").json()
    assert doc["status"] == "done" and doc["mode"] == "head_to_head" and doc["seed"] == 3
    assert doc["agents"] == [{"name": "greedy"}, {"name": "random"}]
    assert [d["name"] for d in doc["decks"]] == ["Emerald Vanguard", "Akumaiden Onslaught"]
    assert doc["progress"]["games_done"] == doc["progress"]["games_requested"] == 6
    summary = doc["results"]["summary"]
    a, b = summary["sides"]
    assert (a["name"], b["name"]) == ("Emerald Vanguard", "Akumaiden Onslaught")
    assert a["wins"] + b["wins"] + summary["draws"] == 6 and a["losses"] == 6 - a["wins"] - a["draws"]
    assert set(a["win_rate"]) == {"successes", "trials", "rate", "low", "high"}
    assert set(a["mean_return"]) == {"mean", "low", "high", "count", "too_few"} and sum(n for _, n in a["placements"]) == 6
    assert doc["results"]["series"][-1]["games"] == 6 and doc["results"]["readable"]
    assert doc["sides"] == [["Emerald Vanguard", "Akumaiden Onslaught"]]
    listed = api.get(URL).json()["results"]
    assert [r["id"] for r in listed] == [run_id] and listed[0]["progress"]["percent"] == 100.0


def test_random_seed_is_chosen_and_shown(api):
    response = api.start({k: v for k, v in body(api).items() if k != "seed"})
    assert response.status_code == 201
    seed = response.json()["seed"]
    assert isinstance(seed, int) and 0 <= seed < 2**31
    assert api.get(f"{URL}{response.json()['id']}/").json()["seed_text"] == str(seed)


def test_gauntlet_and_goldfish(api):
    gauntlet = api.start(body(api, mode="gauntlet", decks=[d.pk for d in api.decks], games=2))
    assert gauntlet.status_code == 201, gauntlet.json()
    doc = api.get(f"{URL}{gauntlet.json()['id']}/").json()
    assert doc["pairings"] == 2 and len(doc["results"]["matrix"]["rows"][0]) == 2
    fish = api.start(body(api, mode="goldfish", decks=[api.decks[2].pk], games=2, agents="random"))
    assert fish.status_code == 201, fish.json()
    assert api.get(f"{URL}{fish.json()['id']}/").json()["results"]["summary"]["mode"] == "goldfish"


def test_replay_with_frames(api):
    run_id = api.start(body(api)).json()["id"]
    doc = api.get(f"{URL}{run_id}/games/1/replay/?seat=1").json()
    assert doc["game"] == 1 and doc["seat"] == 1 and doc["pairing"] == 0
    assert doc["replay"]["format"] == "card-workshop-replay"
    assert doc["replay"]["format_version"] == 2
    assert len(doc["frames"]) == len(doc["replay"]["moves"]) + 1
    assert doc["frames"][1]["moves"][0]["sentence"]
    assert doc["seats"][0] == {"seat": 0, "side": 1, "deck": "Akumaiden Onslaught", "agent": "greedy"}
    assert sorted(r["place"] for r in doc["standings"]) == sorted(doc["replay"]["outcome"]["placements"])
    plain = api.get(f"{URL}{run_id}/games/1/replay/?frames=0").json()
    assert plain["frames"] is None and plain["replay"] == doc["replay"]


@pytest.mark.parametrize("query, message", [
    ("games/6/replay/", "game must be from 0 to 5"),
    ("games/0/replay/?pairing=1", "pairing must be from 0 to 0"),
    ("games/0/replay/?pairing=x", "pairing must be a whole number"),
    ("games/0/replay/?seat=3", "seat must be from 0 to 1, or empty (everything), not 3"),
    ("games/0/replay/?seat=-1", "seat must be from 0 to 1"),
])
def test_bad_replay_requests(api, query, message):
    run_id = api.start(body(api)).json()["id"]
    response = api.get(f"{URL}{run_id}/{query}")
    assert response.status_code == 400 and message in response.json()["message"]


def test_cancel_and_delete(api):
    run_id = api.start(body(api), dispatch=False).json()["id"]
    response = api.post(f"{URL}{run_id}/cancel/")
    assert response.status_code == 200 and response.json()["status"] == "cancelled"
    assert api.delete(f"{URL}{run_id}/").status_code == 204
    assert not SimulationRun.objects.filter(pk=run_id).exists()
    assert api.get(f"{URL}{run_id}/").status_code == 404


def _illegal_deck(owner):
    text = Path(EMERALD).read_text(encoding="utf-8").replace("1 Sylvara, Emerald Warden\n", "")
    from decks.services import deck_import_text

    return deck_import_text(owner=owner, game="boundless", text=text, name="No savior")


@pytest.mark.parametrize("change, code, message", [
    ({"game": "chess"}, "unknown_game", "unknown game 'chess'"),
    ({"game": "millennium_blades"}, "no_engine", "millennium_blades has no rules engine yet"),
    ({"mode": "melee"}, "bad_mode", "mode must be one of goldfish, head_to_head, gauntlet, match, table, teams"),
    ({"mode": ["table"]}, "bad_mode", "mode must be one of"),
    ({"decks": "1,2"}, "bad_decks", "decks must be a list of deck ids"),
    ({"decks": [1, "x"]}, "bad_decks", "decks[1] must be a deck id"),
    ({"mode": "goldfish"}, "wrong_deck_count", "goldfish takes exactly 1 deck for boundless (2 to 4 players), not 2"),
    ({"decks": []}, "wrong_deck_count", "head_to_head takes exactly 2 decks for boundless (2 to 4 players), not 0"),
    ({"mode": "gauntlet", "decks": [1]}, "wrong_deck_count", "gauntlet takes 1 deck and 1 to 20 opponents"),
    ({"mode": "table", "decks": [1]}, "wrong_deck_count", "table takes 2 to 4 decks"),
    ({"mode": "table", "decks": [1, 2, 3, 4, 5]}, "wrong_deck_count", ("table takes 2 to 4 decks for boundless (2 to 4 "
                                                                       "players), not 5")),
    ({"decks": [999999, 1]}, "unknown_deck", "decks[0]: there is no deck 999999"),
    ({"games": 0}, "bad_games", "games must be a whole number of at least 1"),
    ({"games": "many"}, "bad_games", "games must be a whole number"),
    ({"games": 100_001}, "too_many_games", "at most 100,000 games"),
    ({"seed": -1}, "bad_seed", "seed must be a whole number from 0"),
    ({"seed": 2**64}, "bad_seed", "seed must be a whole number from 0"),
    ({"agents": ["chess-master"]}, "bad_agents", "unknown agent 'chess-master'"),
    ({"agents": ["passive"]}, "bad_agents", "unknown agent 'passive'"),
    ({"agents": ["greedy", "greedy", "greedy"]}, "bad_agents", "takes 1 agent or 2 (one per deck), not 3"),
    ({"agents": [{"name": "ismcts", "iterations": 0}]}, "bad_agents", "agents[0].iterations must be a whole number"),
    ({"agents": [{"name": "ismcts", "iterations": 10**9}]}, "bad_agents", "from 1 to 2000"),
    ({"agents": [{"name": "greedy", "depth": 3}]}, "bad_agents", "greedy takes no option 'depth'"),
    ({"agents": [{"iterations": 3}]}, "bad_agents", "must be an agent name"),
    ({"colour": "red"}, "unknown_field", "unknown field(s): colour"),
])
def test_bad_input_is_a_clear_400_and_saves_nothing(api, change, code, message, without_engine):
    data = {**body(api), **change}
    if data.get("decks") == [1]:
        data["decks"] = [api.decks[0].pk]
    response = api.start(data)
    assert response.status_code == 400, response.json()
    assert response.json()["error"] == code
    assert message in response.json()["message"]
    assert not SimulationRun.objects.exists()


def test_a_field_of_the_wrong_type_names_itself_its_value_and_every_error(api):
    """Production issue, part 9: the body is checked by a serializer (simulate.api.SimulationStartSerializer)
    and refused through the one exception handler with the documented body, per field."""
    response = api.start({**body(api), "decks": [api.decks[0].pk, "x"], "games": "many"})
    doc = response.json()
    assert response.status_code == 400 and doc["error"] == "bad_decks"
    assert doc["message"] == "decks[1] must be a deck id, not 'x'"
    assert set(doc["errors"]) == {"decks", "games"}
    assert not SimulationRun.objects.exists()


def test_missing_fields_and_malformed_json(api):
    response = api.start({"game": "boundless"})
    assert response.status_code == 400 and response.json()["message"] == "missing field(s): mode, decks, games"
    response = api.post(URL, "{not json", content_type="application/json")
    assert response.status_code == 400 and response.json()["error"] == "malformed_json"
    response = api.post(URL, "[1, 2]", content_type="application/json")
    assert response.status_code == 400 and response.json()["error"] == "malformed_json"


def test_illegal_deck_is_refused_with_its_violations(api):
    illegal = _illegal_deck(api.owner)
    response = api.start(body(api, decks=[api.decks[0].pk, illegal.pk]))
    assert response.status_code == 400
    doc = response.json()
    assert doc["error"] == "illegal_deck" and doc["position"] == 1 and doc["deck"] == illegal.pk
    assert "is not legal" in doc["message"]
    assert doc["violations"] and all({"code", "rule", "message"} <= set(v) for v in doc["violations"])
    assert any("savior" in v["message"].lower() for v in doc["violations"])
    assert not SimulationRun.objects.exists()


def test_a_deck_of_another_game_is_refused(api, card_pool):
    from decks.services import deck_import_text

    other = deck_import_text(owner=api.owner, game="fellbound",
                             text=Path("fixtures/decks/fellbound-gravetide.txt").read_text(encoding="utf-8"))
    response = api.start(body(api, decks=[api.decks[0].pk, other.pk]))
    assert response.status_code == 400 and response.json()["error"] == "wrong_game"


def test_someone_elses_private_deck_is_unknown_but_a_public_one_is_usable(api):
    theirs = import_deck(api.other, EMERALD)
    response = api.start(body(api, decks=[api.decks[0].pk, theirs.pk]))
    assert response.status_code == 400 and response.json()["error"] == "unknown_deck"
    theirs.visibility = Deck.PUBLIC
    theirs.save()
    assert api.start(body(api, decks=[api.decks[0].pk, theirs.pk])).status_code == 201


def test_games_limit_is_a_setting_and_counts_every_pairing(api, settings):
    settings.SIMULATION_MAX_GAMES = 10
    assert api.start(body(api, games=11)).json()["error"] == "too_many_games"
    response = api.start(body(api, mode="gauntlet", decks=[d.pk for d in api.decks], games=6))
    assert response.status_code == 400 and "asks for 12 (6 against each of 2 opponents)" in response.json()["message"]
    assert api.start(body(api, games=10)).status_code == 201


def test_active_runs_per_user_limit(api, settings):
    settings.SIMULATION_MAX_ACTIVE_RUNS = 2
    assert api.start(body(api), dispatch=False).status_code == 201
    second = api.start(body(api), dispatch=False).json()["id"]
    third = api.start(body(api), dispatch=False)
    assert third.status_code == 400 and third.json()["error"] == "too_many_runs"
    assert "at most 2 at once" in third.json()["message"]
    api.post(f"{URL}{second}/cancel/")  # a cancelled run frees its place
    assert api.start(body(api), dispatch=False).status_code == 201
    assert SimulationRun.objects.count() == 3


def test_schema_documents_the_endpoints(api):
    schema = api.get("/api/schema/", {"format": "json"}).json()
    assert {"/api/simulations/", "/api/simulations/{id}/", "/api/simulations/{id}/cancel/",
            "/api/simulations/{id}/games/{n}/replay/"} <= set(schema["paths"])
    components = schema["components"]["schemas"]
    mode = components["SimulationStart"]["properties"]["mode"]
    ref = mode.get("$ref") or next((part["$ref"] for part in mode.get("allOf", []) if "$ref" in part), None)
    assert "table" in (components[ref.rsplit("/", 1)[1]] if ref else mode)["enum"]
    side = components["SimulationSide"]["properties"]
    assert {"placements", "mean_placement", "mean_return", "win_rate", "counters", "cards"} <= set(side)
    detail = schema["paths"]["/api/simulations/{id}/"]["get"]["responses"]["200"]["content"]["application/json"]
    assert detail["schema"]["$ref"].endswith("/SimulationRun")
    replay = schema["paths"]["/api/simulations/{id}/games/{n}/replay/"]["get"]["responses"]["200"]
    assert replay["content"]["application/json"]["schema"]["$ref"].endswith("/SimulationReplay")


def test_a_four_seat_table(api):
    """Four decks at one table through the API: every deck's placements and mean return, a
    replay of four seats with its frames and placements."""
    decks = [*[d.pk for d in api.decks], import_deck(api.owner, UNDERTOW).pk]
    response = api.start(body(api, mode="table", decks=decks, games=8, agents=["greedy", "random", "greedy", "random"]))
    assert response.status_code == 201, response.json()
    run_id = response.json()["id"]
    doc = api.get(f"{URL}{run_id}/").json()
    assert doc["mode"] == "table" and doc["status"] == "done" and len(doc["agents"]) == 4
    summary = doc["results"]["summary"]
    assert summary["seats"] == 4 and len(summary["sides"]) == 4 and len(summary["seat_wins"]) == 4
    for side in summary["sides"]:
        assert sum(n for _, n in side["placements"]) == 8
        assert side["mean_return"]["count"] == 8 and 1 <= side["mean_placement"] <= 4
    assert len(doc["results"]["series"][-1]["sides"]) == 4
    replay = api.get(f"{URL}{run_id}/games/3/replay/?seat=2").json()
    assert [s["side"] for s in replay["seats"]] == [3, 0, 1, 2] and replay["seat"] == 2
    assert len(replay["replay"]["decks"]) == 4 and len(replay["standings"]) == 4
    assert api.get(f"{URL}{run_id}/games/3/replay/?seat=4").json()["message"].startswith("seat must be from 0 to 3")
