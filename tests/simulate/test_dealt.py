"""Dealt-format runs (``rules.core.dealing``; FellBound's "RANDOM PLAY"): no decks are chosen, every
game deals fresh decks of ten unique cards from the cards matching a query, reproducibly from the
game's seed; the replay carries the dealt decks."""

from __future__ import annotations

import pytest

from rules.core.dealing import Dealer, can_deal
from rules.core.play import run_games
from rules.core.registry import get_engine
from simulate import runner, selectors, services
from simulate.models import SimulationRun
from tests.rules.samples import GamePool
from tests.simulate.conftest import make_user

POOL = tuple(GamePool("fellbound").pool)


def test_only_games_with_a_dealt_format_deal():
    assert can_deal("fellbound")
    assert not can_deal("boundless")


def test_a_dealer_deals_fresh_unique_decks_per_game_reproducibly():
    dealer = Dealer("fellbound", POOL, (0, 1), ("Random deck 1", "Random deck 2"))
    first, again, other = dealer.deal(5, [None, None]), dealer.deal(5, [None, None]), dealer.deal(6, [None, None])
    assert [d.name for d in first] == ["Random deck 1", "Random deck 2"]
    names = [sorted(c.name for c in d.cards()) for d in first]
    assert names == [sorted(c.name for c in d.cards()) for d in again]
    assert names != [sorted(c.name for c in d.cards()) for d in other]
    assert all(len(set(n)) == 10 for n in names)  # "ten unique cards"
    engine = get_engine("fellbound")
    results = run_games(engine, [None, None], ["random", "random"], games=6, seed=3, dealer=dealer, record=True)
    decks = [[d["name"] for d in r.replay["decks"]] for r in results]
    assert all(set(names) == {"Random deck 1", "Random deck 2"} for names in decks)
    cards = {tuple(sorted(e["name"] for s in r.replay["decks"][0]["sections"] for e in s["cards"])) for r in results}
    assert len(cards) > 1  # a new deal every game
    assert [r.winners for r in results] == [r.winners for r in run_games(engine, [None, None], ["random", "random"],
                                                                         games=6, seed=3, dealer=dealer, workers=2)]


@pytest.fixture
def dealer_owner(card_pool, inline_backend):
    return make_user("dealer")


def test_a_dealt_run_plays_from_the_matching_cards_and_replays_its_dealt_decks(dealer_owner,
                                                                              django_capture_on_commit_callbacks):
    with django_capture_on_commit_callbacks(execute=True):
        run = services.simulation_start(owner=dealer_owner, game="fellbound", mode="head_to_head", games=6, seed=2,
                                        deal_from="game:fellbound s:FB1")
    run.refresh_from_db()
    assert run.status == "done" and run.deal["count"] == 2 and not run.run_decks.exists()
    assert selectors.pairing_names(run) == [["Random deck 1", "Random deck 2"]]
    assert selectors.run_summary(run)["deal"] == {"query": "game:fellbound s:FB1", "count": 2, "pool_size": 30}
    summary = selectors.run_results(run)["summary"]
    assert summary["games"] == 6 and summary["sides"][0]["name"] == "Random deck 1"
    replay = selectors.simulation_replay(run, 0, 1)
    dealt = {e["name"] for deck in replay["decks"] for s in deck["sections"] for e in s["cards"]}
    fb1 = {c.name for c in POOL if c.set_code == "FB1"}
    assert dealt <= fb1 and len(dealt) >= 10
    pairing = runner.run_pairings(run)[0]
    cli = run_games(get_engine("fellbound"), pairing.decks, pairing.agents, games=6, seed=2, dealer=pairing.dealer)
    assert [r.winners for r in cli] == [r.winners for r in runner.play_games(get_engine("fellbound"), pairing, 2, 0, 6)]


@pytest.mark.parametrize("change, code, message", [
    ({"game": "boundless", "mode": "head_to_head"}, "no_dealt_format", "boundless has no dealt format"),
    ({"deal_from": "set:"}, "bad_query", "deal_from:"),
    ({"deal_from": "name:nosuchcard"}, "small_pool", "needs 10 unique cards"),
    ({"deck_ids": [1]}, "bad_decks", "takes no decks"),
    ({"mode": "gauntlet"}, "mode_not_offered", "a gauntlet plays chosen decks"),
    ({"deal_from": ""}, "bad_query", "deal_from must be a search query"),
])
def test_bad_deals_are_refused_saying_why(dealer_owner, change, code, message):
    args = {"owner": dealer_owner, "game": "fellbound", "mode": "head_to_head", "games": 2,
            "deal_from": "game:fellbound", **change}
    with pytest.raises(services.SimulationError) as caught:
        services.simulation_start(**args)
    assert caught.value.code == code and message in caught.value.message
    assert not SimulationRun.objects.exists()


def test_the_cli_deals_from_a_query(simulate):
    run = simulate("--game", "fellbound", "--deal-from", "game:fellbound", "--games", "4", "--json")
    assert run.code == 0, run.error
    data = run.json()
    assert data["settings"]["deal_from"] == {"query": "game:fellbound", "pool_size": 44}
    assert [d["name"] for d in data["results"]["sides"]] == ["Random deck 1", "Random deck 2"]
    again = simulate("--game", "fellbound", "--deal-from", "game:fellbound", "--games", "4", "--json", "--workers", "2")
    assert again.json()["results"] == data["results"]
    assert "not both or neither" in simulate("--game", "fellbound", "--games", "2").error
    assert "no dealt format" in simulate("--game", "boundless", "--deal-from", "game:boundless").error


def test_the_api_and_the_page_start_a_dealt_run(dealer_owner, client):
    from rest_framework.test import APIClient

    api = APIClient()
    api.force_authenticate(dealer_owner)
    response = api.post("/api/simulations/", {"game": "fellbound", "mode": "head_to_head", "games": 2,
                                              "deal_from": "game:fellbound"}, format="json")
    assert response.status_code == 201, response.json()
    response = api.post("/api/simulations/", {"game": "fellbound", "mode": "head_to_head", "games": 2,
                                              "deal_from": "set:"}, format="json")
    assert response.status_code == 400 and response.json()["error"] == "bad_query"
    client.force_login(dealer_owner)
    page = client.get("/simulations/new/?game=fellbound")
    assert 'name="deal_from"' in page.content.decode()
    assert 'name="deal_from"' not in client.get("/simulations/new/?game=boundless").content.decode()
    response = client.post("/simulations/new/?game=fellbound", {"game": "fellbound", "mode": "head_to_head",
                                                                "deal_from": "game:fellbound s:FB2", "games": 2,
                                                                "agent_a": "random", "agent_b": "random", "seed": 5})
    assert response.status_code == 302, response.content.decode()[:3000]
    run = SimulationRun.objects.filter(deal__isnull=False).latest("pk")
    assert run.deal["query"] == "game:fellbound s:FB2"
    page = client.get(response["Location"]).content.decode()
    assert "Random format: fresh decks dealt every game from the 14 cards matching" in page
    response = client.post("/simulations/new/?game=fellbound", {"game": "fellbound", "mode": "head_to_head",
                                                                "games": 2, "agent_a": "random", "agent_b": "random",
                                                                "seed": 5})
    assert response.status_code == 400 and "Choose your deck, or deal random decks." in response.content.decode()
