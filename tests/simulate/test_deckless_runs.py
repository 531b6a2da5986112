"""Web runs of a game's deckless mode (``EngineSpec.deckless_modes``: Millennium Blades' ``full-game``),
started from the services, the API and the simulate page: no decks, ``players`` seats, one agent
per seat, the seats not rotating, played on the runner's chunks (inline backend) to the end, with the
CLI's per-seat figures (``rules.core.tally.deckless_figures``) and replays that re-run to the same end.

The whole game needs no card pool (its Store comes from fixtures/millennium_blades.json); random
agents keep a game to a few hundredths of a second."""

import pytest
from django.urls import reverse

from rules.core.play import run_games, summarize_results
from rules.core.registry import get_engine
from rules.core.replay import replay_game
from rules.core.tally import deckless_figures
from simulate import modes, replays, selectors, services
from simulate.models import SimulationRun
from tests.simulate.conftest import start_deckless

GAME, MODE = "millennium_blades", "full-game"
URL = "/api/simulations/"



start = start_deckless


@pytest.fixture
def finished(owner, django_capture_on_commit_callbacks):
    return start(owner, django_capture_on_commit_callbacks)


# -- services, runner, results ------------------------------------------------------------------------
def test_a_deckless_run_plays_every_game_to_the_end_as_the_cli_does(finished):
    run, full = finished, get_engine(GAME, MODE)
    assert run.status == "done" and run.mode == MODE and run.players == 3 and run.is_deckless
    assert run.engine_version == full.version and not run.run_decks.exists()
    assert run.agents == [{"name": "random"}] * 3 and run.get_mode_display() == "Full game"
    assert selectors.pairing_names(run) == [["Seat 1", "Seat 2", "Seat 3"]]
    doc = selectors.run_summary(run)
    assert (doc["deckless"], doc["players"], doc["mode_label"]) == (True, 3, "Full game")
    summary = selectors.run_results(run)["summary"]
    assert summary["games"] == 4 and [s["name"] for s in summary["sides"]] == ["Seat 1", "Seat 2", "Seat 3"]
    # the CLI's games and figures from the same seed (seats not rotating)
    pairing = modes.deckless_pairing(full, 3, run.agents)
    cli = deckless_figures(summarize_results(run_games(full, pairing.decks, pairing.agents, games=4, seed=5,
                                                       rotate=False), MODE, pairing.names, full), full)
    assert summary == cli
    side = summary["sides"][0]
    assert set(side["counters"]) == {c.name for c in full.counters if not c.per_card}
    assert set(side["counters"]["vp_money"]["mean_interval"]) == {"mean", "low", "high", "count", "too_few"}
    assert set(side["card_totals"]) == {c.name for c in full.counters if c.per_card}
    assert summary["seat_wins"] == [s["wins"] for s in summary["sides"]]


def test_a_game_of_a_deckless_run_replays_to_the_same_end(finished):
    data = replays.replay(finished, 0, 2, "user:test")
    assert data["mode"] == MODE and data["engine_version"] == get_engine(GAME, MODE).version
    replay_game(data)  # plays it again with the registry's engine for the mode, checking the end and the log
    seats = selectors.seat_names(finished, 0, 2)
    assert [(s["seat"], s["side"], s["deck"]) for s in seats] == [(0, 0, "Seat 1"), (1, 1, "Seat 2"), (2, 2, "Seat 3")]
    record = next(r for r in selectors.game_records(finished, 0) if r["index"] == 2)
    assert data["outcome"]["winners"] == record["winners"] and data["turns"] == record["turns"]
    frames = selectors.replay_frames(finished, 0, 2, 1, replay=data)
    assert frames[-1]["over"] and frames[0]["view"] is not None


@pytest.mark.parametrize(("more", "code", "said"), [
    ({"players": 2}, "bad_players", "players must be one of 3, 4, 5, not 2"),
    ({"players": None}, "bad_players", "needs players"),
    ({"deck_ids": [1]}, "decks_not_taken", "needs no decks"),
    ({"deal_from": "game:millennium_blades"}, "decks_not_taken", "needs no decks"),
    ({"agents": ["random", "greedy"]}, "bad_agents", "1 agent (for every seat) or 3"),
    ({"agents": ["passive"]}, "bad_agents", "unknown agent"),
    ({"mode": "draft"}, "bad_mode", "needing no decks: full-game"),
    ({"mode": "table", "deck_ids": [1, 2, 3]}, "bad_players", "players is for a mode that needs no decks"),
])
def test_bad_input_is_refused_naming_what(owner, more, code, said):
    args = {"game": GAME, "mode": MODE, "players": 3, "games": 2, "agents": ["random"], **more}
    with pytest.raises(services.SimulationError) as caught:
        services.simulation_start(owner=owner, **args)
    assert caught.value.code == code and said in caught.value.message
    assert not SimulationRun.objects.exists()


# -- the API --------------------------------------------------------------------------------------------
def test_the_api_starts_a_deckless_run_and_reads_its_seats(api):
    response = api.start({"game": GAME, "mode": MODE, "players": 3, "games": 2, "seed": 9,
                          "agents": ["random", "random", {"name": "random"}]})
    assert response.status_code == 201, response.json()
    doc = api.get(f"{URL}{response.json()['id']}/").json()
    assert doc["status"] == "done" and doc["mode"] == MODE and doc["players"] == 3 and doc["deckless"]
    assert doc["decks"] == [] and doc["sides"] == [["Seat 1", "Seat 2", "Seat 3"]]
    side = doc["results"]["summary"]["sides"][2]
    assert side["name"] == "Seat 3" and "mean_interval" in side["counters"]["vp_tournaments"]
    replay = api.get(f"{URL}{doc['id']}/games/1/replay/?seat=0").json()
    assert replay["replay"]["mode"] == MODE and replay["frames"][-1]["over"]


@pytest.mark.parametrize(("body", "code", "said"), [
    ({"players": 7}, "bad_players", "players must be one of 3, 4, 5, not 7"),
    ({"players": "many"}, "bad_players", "players must be a number of seats"),
    ({"decks": [1, 2, 3]}, "decks_not_taken", "needs no decks"),
    ({"mode": "draft", "decks": []}, "bad_mode", "mode must be one of"),
    ({"mode": "head_to_head"}, "missing_field", "decks"),
    ({"mode": ["full-game"]}, "missing_field", "decks"),  # not a mode's name: decks are asked for first
])
def test_the_api_refuses_bad_deckless_input_with_a_400_naming_the_field(api, body, code, said):
    response = api.start({"game": GAME, "mode": MODE, "players": 3, "games": 2, **body})
    assert response.status_code == 400, response.json()
    assert response.json()["error"] == code and said in response.json()["message"]
    if code == "bad_players" and body["players"] == 7:
        assert response.json()["players"] == [3, 4, 5]


# -- pages ----------------------------------------------------------------------------------------------
@pytest.fixture
def browser(client, owner):
    client.force_login(owner)
    return client


def test_the_start_page_offers_the_deckless_mode_and_starts_a_run(browser, django_capture_on_commit_callbacks):
    page = browser.get(reverse("simulate:new") + f"?game={GAME}").content.decode()
    assert f'value="{MODE}"' in page and 'name="players"' in page and 'name="seat_agent_5"' in page
    form = {"game": GAME, "mode": MODE, "players": "3", "games": "2", "seed": "4", "seat_agent_1": "random",
            "seat_agent_2": "random", "seat_agent_3": "random", "seat_agent_4": "greedy",
            "agent_a": "greedy", "agent_b": "greedy"}  # the deck modes' pickers, hidden but sent
    with django_capture_on_commit_callbacks(execute=True):
        response = browser.post(reverse("simulate:new") + f"?game={GAME}", form)
    assert response.status_code == 302, response.context["form"].errors
    run = SimulationRun.objects.get()
    assert (run.mode, run.players, run.status) == (MODE, 3, "done") and run.agents == [{"name": "random"}] * 3
    started = f"Started full game run {run.pk}."
    assert browser.get(response["Location"]).content.decode().count(started) == 1  # said once, not twice
    bad = browser.post(reverse("simulate:new") + f"?game={GAME}", {**form, "players": "2"})
    assert bad.status_code == 400 and "players" in bad.context["form"].errors


def test_the_run_page_shows_every_seat_with_its_counters(browser, finished):
    page = browser.get(finished.get_absolute_url()).content.decode()
    assert "Full game: 3 players" in page and "Seat 2" in page
    assert 'data-side-noun="Seat"' in page
    counters = page[page.index('id="counters"'):page.index('id="cards-box"')]
    assert "VP from tournaments" in counters and "Seat 1" in counters and "cell-ci" in counters
    assert "Bought from the Store" in counters  # a per-card counter's total per seat
    games = browser.get(reverse("simulate:games", args=[finished.pk])).content.decode()
    assert "Seat 1" in games and "Seat 0" not in games and reverse("simulate:replay", args=[finished.pk, 0, 3]) in games
    replay = browser.get(reverse("simulate:replay", args=[finished.pk, 0, 1]) + "?seat=0")
    assert replay.status_code == 200 and "Seat 1" in replay.content.decode() and "Seat 0" not in replay.content.decode()
