"""Match runs (``simulate.modes.MATCH``): a game's competitive matches (``EngineSpec.match``; BOS's
best of three, bos.txt "Best of 3 Match") played as a run's "games", on the web, the API and the
CLI: match wins, the games won inside them, and every game of a match replayed."""

from __future__ import annotations

import pytest

from rules.core.play import MATCH_REPLAY, run_games, summarize_results
from rules.core.registry import get_engine
from simulate import modes, runner, selectors, services
from tests.simulate.conftest import make_user

RED, BLUE = "fixtures/decks/bos-red-kindling-rush.txt", "fixtures/decks/bos-blue-tidewatch-control.txt"


def _bos_deck(owner, path):
    from decks.services import deck_import_text

    return deck_import_text(owner=owner, game="bos", text=open(path, encoding="utf-8").read())


@pytest.fixture
def bos_decks(card_pool, inline_backend):
    owner = make_user("duelist")
    return owner, [_bos_deck(owner, RED), _bos_deck(owner, BLUE)]


def test_only_games_with_a_match_format_offer_matches():
    assert modes.MATCH in modes.available_modes(get_engine("bos"))
    assert modes.MATCH not in modes.available_modes(get_engine("fellbound"))


def test_a_match_run_counts_matches_and_replays_every_game_of_a_match(bos_decks, client,
                                                                     django_capture_on_commit_callbacks):
    owner, decks = bos_decks
    with django_capture_on_commit_callbacks(execute=True):
        run = services.simulation_start(owner=owner, game="bos", mode="match", deck_ids=[d.pk for d in decks],
                                        games=4, seed=9, agents=["greedy", "random"])
    run.refresh_from_db()
    assert run.status == "done"
    summary = selectors.run_results(run)["summary"]
    assert summary["games"] == 4 and set(summary["end_reasons"]) <= {"match_won", "match_drawn"}
    winner = summary["sides"][0]
    assert winner["counters"]["games_won"]["total"] >= 2 * winner["wins"]  # two games won per match won
    pairing = runner.run_pairings(run)[0]
    cli = run_games(get_engine("bos"), pairing.decks, pairing.agents, games=4, seed=9, match=True)
    assert summarize_results(cli, "match", selectors.pairing_names(run)[0], get_engine("bos")) == summary
    replay = selectors.simulation_replay(run, 0, 1)
    assert replay["format"] == MATCH_REPLAY and 2 <= len(replay["games"]) <= 5
    assert replay["games"][1]["options"]["reserve_swaps"] is True  # reserves are swapped from game 2 on
    second = selectors.replay_frames(run, 0, 1, None, replay=replay, match_game_number=2)
    assert second[-1]["over"]
    with pytest.raises(selectors.ReplayNotFound):
        selectors.replay_frames(run, 0, 1, None, replay=replay, match_game_number=9)
    client.force_login(owner)
    page = client.get(f"/simulations/{run.pk}/games/0/1/?match_game=2").content.decode()
    assert "won the match" in page and 'aria-current="page">Game 2</a>' in page
    assert client.get(f"/simulations/{run.pk}/games/0/1/?match_game=9").status_code == 404
    api = client.get(f"/api/simulations/{run.pk}/games/1/replay/?match_game=2")
    assert api.status_code == 200 and api.json()["frames"][-1]["over"]


def test_the_cli_plays_matches(simulate):
    run = simulate("--game", "bos", "--deck", RED, "--deck", BLUE, "--mode", "match", "--games", "2", "--json")
    assert run.code == 0, run.error
    data = run.json()
    assert data["settings"]["mode"] == "match" and data["results"]["games"] == 2
    text = simulate("--game", "bos", "--deck", RED, "--deck", BLUE, "--mode", "match", "--games", "2").out
    assert "bos match: 2 matches" in text and "Games won in the match" in text
    assert "has no competitive match format" in simulate("--game", "fellbound", "--deck",
                                                         "fixtures/decks/fellbound-gravetide.txt", "--deck",
                                                         "fixtures/decks/fellbound-dawnwardens.txt", "--mode",
                                                         "match").error


def test_a_luckless_pairing_of_agents_that_choose_alike_is_shown_as_its_few_games(card_pool):
    """issue 11 part 3: BOS has no chance; two passive agents play the same game from every seed
    (one per seating), and the figures say so instead of counting 20 samples."""
    engine = get_engine("bos")
    from simulate.deck_sources import load_deck

    decks = [load_deck(path, "bos").deck for path in (RED, BLUE)]
    summary = summarize_results(run_games(engine, decks, ["passive", "passive"], games=20, seed=4),
                                "head_to_head", ["Red", "Blue"], engine)
    assert summary["distinct_games"] == 2 and summary["repeated_games"] is True
    varied = summarize_results(run_games(engine, decks, ["random", "random"], games=20, seed=4), "head_to_head",
                               ["Red", "Blue"], engine)
    assert varied["repeated_games"] is False and varied["distinct_games"] is None  # more than FINGERPRINTS_KEPT
