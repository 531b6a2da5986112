"""Team runs (``simulate.modes.TEAMS``): FellBound's Allied Team Play on the web's runs, the API
and the CLI, with team win rates; allies sit in alternate seats and stay allies as seats rotate."""

from __future__ import annotations

from pathlib import Path

import pytest

from rules.core.play import run_games, seating, summarize_results
from rules.core.registry import get_engine
from simulate import modes, runner, selectors, services
from tests.simulate.conftest import make_user

FELLBOUND = ["dawnwardens", "gravetide", "turncoat-purse"]


def _fellbound_deck(owner, stem, name=None):
    from decks.services import deck_import_text

    text = Path(f"fixtures/decks/fellbound-{stem}.txt").read_text(encoding="utf-8")
    return deck_import_text(owner=owner, game="fellbound", text=text, name=name)


@pytest.fixture
def team_decks(card_pool, inline_backend):
    owner = make_user("captain")
    decks = [_fellbound_deck(owner, stem) for stem in FELLBOUND]
    decks.append(_fellbound_deck(owner, "gravetide", name="Gravetide Twin"))
    return owner, decks


def test_fellbound_offers_teams_and_not_a_free_for_all_table():
    engine = get_engine("fellbound")
    assert modes.available_modes(engine) == ["goldfish", "head_to_head", "gauntlet", "teams", "league"]
    with pytest.raises(modes.ModeError) as caught:
        modes.deck_range("table", engine)
    assert "use teams instead" in caught.value.message
    with pytest.raises(modes.ModeError) as caught:
        modes.check_deck_count("teams", 3, engine)
    assert caught.value.message == "teams takes 4 decks (2 a team) for fellbound (2 or 4 players), not 3"


def test_side_order_alternates_the_teams_and_rotation_keeps_allies_together():
    assert modes.side_order("teams", ["A1", "A2", "B1", "B2"]) == ["A1", "B1", "A2", "B2"]
    for game in range(8):
        sides = seating(game, 4)
        assert {sides[0], sides[2]} in ({0, 2}, {1, 3})  # the even seats always hold one team


def test_a_team_run_reports_team_win_rates_and_replays_with_allies(team_decks, django_capture_on_commit_callbacks):
    owner, decks = team_decks
    with django_capture_on_commit_callbacks(execute=True):
        run = services.simulation_start(owner=owner, game="fellbound", mode="teams", deck_ids=[d.pk for d in decks],
                                        games=6, seed=3, agents=["greedy", "random", "greedy", "random"])
    run.refresh_from_db()
    assert run.status == "done"
    # chosen team by team (Dawnwardens & Gravetide against Turncoat Purse & Gravetide Twin), stored alternating
    assert selectors.pairing_names(run) == [["Dawnwardens", "Turncoat Purse", "Gravetide", "Gravetide Twin"]]
    assert [a["name"] for a in run.agents] == ["greedy", "greedy", "random", "random"]
    assert selectors.run_summary(run)["teams"] == [{"team": 1, "names": ["Dawnwardens", "Gravetide"]},
                                                   {"team": 2, "names": ["Turncoat Purse", "Gravetide Twin"]}]
    summary = selectors.run_results(run)["summary"]
    team1, team2 = summary["teams"]
    assert team1["names"] == ["Dawnwardens", "Gravetide"] and team1["sides"] == [0, 2]
    assert team1["wins"] + team2["wins"] + summary["draws"] == 6
    sides = summary["sides"]
    assert sides[0]["wins"] == sides[2]["wins"] == team1["wins"]  # allies win together
    replay = selectors.simulation_replay(run, 0, 1)
    assert replay["options"] == {"teams": [[0, 2], [1, 3]]}
    seats = selectors.seat_names(run, 0, 1)
    winners = replay["outcome"]["winners"]
    if winners:
        assert {seats[s]["side"] % 2 for s in winners} == {seats[winners[0]]["side"] % 2}
    # the CLI plays the same games
    pairing = runner.run_pairings(run)[0]
    assert pairing.options == {"teams": [[0, 2], [1, 3]]}
    cli = run_games(runner.run_engine(run), pairing.decks, pairing.agents, games=6, seed=3, options=pairing.options)
    assert summarize_results(cli, "teams", selectors.pairing_names(run)[0], runner.run_engine(run)) == summary


def test_a_team_run_needs_four_decks(team_decks):
    owner, decks = team_decks
    with pytest.raises(services.SimulationError) as caught:
        services.simulation_start(owner=owner, game="fellbound", mode="teams", deck_ids=[d.pk for d in decks[:3]],
                                  games=2)
    assert caught.value.code == "wrong_deck_count"


def test_the_cli_plays_teams_from_four_deck_files(simulate):
    files = [f"fixtures/decks/fellbound-{stem}.txt" for stem in (*FELLBOUND, "gravetide")]
    run = simulate("--game", "fellbound", *[arg for f in files for arg in ("--deck", f)], "--games", "4", "--json")
    assert run.code == 0, run.error
    data = run.json()
    assert data["settings"]["mode"] == "teams"
    teams = data["results"]["teams"]
    assert [t["names"] for t in teams] == [["Dawnwardens", "Gravetide"], ["Turncoat Purse", "Gravetide (2)"]]
    text = simulate("--game", "fellbound", *[arg for f in files for arg in ("--deck", f)], "--games", "2")
    assert "team 1 (Dawnwardens & Gravetide):" in text.out

