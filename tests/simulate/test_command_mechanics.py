"""The `simulate` command's own mechanics (arguments, decks, modes for 1 to max_players decks,
output, workers, replays), driven through the toy rules of tests/rules/core/toy.py registered
under the `boundless` slug (2-4 seats), so they hold for any engine. The real Boundless engine is
exercised in test_simulate_boundless.py."""

import dataclasses
import json

import pytest

from rules.core.replay import render_text, replay_game
from tests.rules.core.toy import BOUNDLESS_TOY
from tests.simulate.conftest import AKUMAIDEN, EMERALD, UNDERTOW

COMMAND = "simulate.management.commands.simulate"


@pytest.fixture
def toy(monkeypatch):
    monkeypatch.setattr(f"{COMMAND}.get_engine", lambda slug: BOUNDLESS_TOY if slug == "boundless" else None)


def test_goldfish_json(simulate, toy):
    run = simulate("--game", "boundless", "--deck", EMERALD, "--mode", "goldfish", "--games", "6", "--seed", "3",
                   "--json", terminal=True)
    assert run.code == 0, run.error
    doc = run.json()
    assert doc["settings"] == {
        "game": "boundless", "engine_version": "toy-2", "mode": "goldfish", "games": 6, "seed": 3,
        "agents": [{"name": "greedy"}, {"name": "passive"}],
        "decks": [{"source": EMERALD, "name": "Emerald Vanguard", "cards": 46}],
    }
    results = doc["results"]
    assert results["games"] == 6 and results["mode"] == "goldfish"
    assert [s["name"] for s in results["sides"]] == ["Emerald Vanguard", "Goldfish opponent"]
    assert results["sides"][0]["turns_to_win"]["count"] == results["sides"][0]["wins"]
    assert "100%|" in run.err and "6/6 games" in run.err  # the progress bar, on a terminal only


def test_no_progress_bar_off_a_terminal_or_when_quiet(simulate, toy):
    args = ("--game", "boundless", "--deck", EMERALD, "--mode", "goldfish", "--games", "3", "--json")
    assert "3/3 games" not in simulate(*args).err  # stderr is not a terminal
    assert "3/3 games" not in simulate(*args, "--quiet", terminal=True).err
    assert "3/3 games" not in simulate(*args, "-v", "0", terminal=True).err


def test_head_to_head_text_report(simulate, toy):
    run = simulate("--game", "boundless", "--deck", EMERALD, "--deck", AKUMAIDEN, "--mode", "head-to-head",
                   "--games", "4", "--agent", "random", "--agent", "greedy")
    assert run.code == 0, run.error
    assert run.out.startswith("boundless head-to-head: 4 games, seed 1, random vs greedy")
    assert "deck 1: Emerald Vanguard:" in run.out and "deck 2: Akumaiden Onslaught:" in run.out
    assert "placements: 1st" in run.out and "mean return" in run.out
    assert "Mulligans: mean" in run.out and "Cards drawn/g" in run.out  # the game's declared counters


def test_a_table_of_four_decks(simulate, toy, tmp_path):
    """Four decks at one table (the toy seats 2 to 4): placements and mean return per deck, the
    same figures as the web's table mode with the same seed (test_runner.py)."""
    decks = ("--deck", EMERALD, "--deck", AKUMAIDEN, "--deck", UNDERTOW, "--deck", EMERALD)
    run = simulate("--game", "boundless", *decks, "--games", "8", "--seed", "4", "--agent", "greedy",
                   "--agent", "random", "--agent", "greedy", "--agent", "random", "--json",
                   "--replays", str(tmp_path))
    assert run.code == 0, run.error
    doc = run.json()
    assert doc["settings"]["mode"] == "table" and len(doc["settings"]["agents"]) == 4
    results = doc["results"]
    assert results["mode"] == "table" and results["seats"] == 4 and results["games"] == 8
    for side in results["sides"]:
        assert sum(n for _, n in side["placements"]) == 8 and side["mean_return"]["count"] == 8
    replay = json.loads((tmp_path / "game-00001.json").read_text())
    assert len(replay["decks"]) == 4 and replay["decks"][0]["name"] == "Akumaiden Onslaught"  # seats rotate
    assert replay_game(replay, BOUNDLESS_TOY).is_over
    text = simulate("--game", "boundless", *decks, "--mode", "table", "--games", "4")
    assert text.code == 0, text.error
    assert text.out.startswith("boundless table: 4 games, seed 1, greedy vs greedy vs greedy vs greedy")
    assert "deck 4: Emerald Vanguard (2):" in text.out and text.out.count("placements: ") == 4  # told apart


def test_a_gauntlet_plays_each_opponent(simulate, toy):
    run = simulate("--game", "boundless", "--deck", EMERALD, "--deck", AKUMAIDEN, "--deck", UNDERTOW,
                   "--mode", "gauntlet", "--games", "4", "--json")
    assert run.code == 0, run.error
    results = run.json()["results"]
    assert [[s["name"] for s in r["sides"]] for r in results] == [["Emerald Vanguard", "Akumaiden Onslaught"],
                                                                  ["Emerald Vanguard", "Undertow Tempo"]]


def test_a_table_needs_a_game_for_three_or_more(simulate, monkeypatch):
    two = dataclasses.replace(BOUNDLESS_TOY, max_players=2)
    monkeypatch.setattr(f"{COMMAND}.get_engine", lambda slug: two if slug == "boundless" else None)
    run = simulate("--game", "boundless", "--deck", EMERALD, "--deck", AKUMAIDEN, "--deck", UNDERTOW)
    assert run.code == 2 and "played by exactly 2 players, so it has no table" in run.error


def test_json_identical_across_workers(simulate, toy):
    args = ("--game", "boundless", "--deck", EMERALD, "--deck", AKUMAIDEN, "--games", "8", "--seed", "5", "--json")
    one = simulate(*args, "--workers", "1")
    two = simulate(*args, "--workers", "2")
    assert one.code == two.code == 0
    assert one.out == two.out


def test_replays_are_written_and_replay(simulate, toy, tmp_path):
    out = tmp_path / "replays"
    run = simulate("--game", "boundless", "--deck", EMERALD, "--deck", AKUMAIDEN, "--games", "3",
                   "--agent", "ismcts", "--iterations", "10", "--replays", str(out))
    assert run.code == 0, run.error
    files = sorted(out.iterdir())
    assert [f.name for f in files] == ["game-00000.json", "game-00001.json", "game-00002.json"]
    replay = json.loads(files[1].read_text())
    assert replay["agents"][0] == {"name": "ismcts", "iterations": 10, "exploration": 0.4, "eval_scale": 10.0,
                                   "rollout": "random", "rollout_steps": 0, "rollout_sample": 4, "rollout_turns": 0,
                                   "prior": 1, "relative": True}
    assert replay_game(replay, BOUNDLESS_TOY).is_over
    assert "won" in render_text(replay).splitlines()[-1]


def test_without_iterations_ismcts_plays_with_the_games_search_defaults(simulate, monkeypatch, tmp_path):
    """No ``--iterations``: the game's ``search_defaults`` budget stands (Spellbound's flat search sets
    4); a given ``--iterations`` wins over it."""
    budgeted = dataclasses.replace(BOUNDLESS_TOY, search_defaults={"iterations": 3})
    monkeypatch.setattr(f"{COMMAND}.get_engine", lambda slug: budgeted if slug == "boundless" else None)
    for extra, iterations in (((), 3), (("--iterations", "7"), 7)):
        out = tmp_path / f"replays-{iterations}"
        run = simulate("--game", "boundless", "--deck", EMERALD, "--deck", AKUMAIDEN, "--games", "1",
                       "--agent", "ismcts", *extra, "--replays", str(out))
        assert run.code == 0, run.error
        replay = json.loads(next(out.iterdir()).read_text())
        assert replay["agents"][0]["iterations"] == iterations


def test_illegal_deck_is_refused_with_its_violations(simulate, toy, illegal_deck):
    run = simulate("--game", "boundless", "--deck", illegal_deck, "--games", "2")
    assert run.code == 1
    assert "is not legal" in run.error and "savior" in run.error.lower()
    assert run.out == ""


@pytest.mark.parametrize("args, message", [
    (("--deck", "no/such/file.txt"), "does not exist"),
    (("--deck", "fixtures/decks"), "is a directory"),
    (("--deck", "99999"), "no saved deck with id 99999"),
    (("--deck", EMERALD, "--deck", AKUMAIDEN, "--mode", "goldfish"),
     "goldfish takes exactly 1 deck (one --deck each), not 2"),
    (("--deck", EMERALD, "--mode", "head-to-head"), "head-to-head takes exactly 2 decks (one --deck each), not 1"),
    (("--deck", EMERALD, "--mode", "table"), "table takes 2 to 4 decks (one --deck each), not 1"),
    (("--deck", EMERALD,) * 5, "table takes 2 to 4 decks (one --deck each), not 5"),
    (("--deck", EMERALD, "--games", "0"), "--games must be at least 1"),
    (("--deck", EMERALD, "--deck", AKUMAIDEN, "--agent", "random", "--agent", "random", "--agent", "random"),
     "one --agent for every deck or one per deck (2), not 3"),
])
def test_bad_input_exits_2(simulate, toy, args, message):
    run = simulate("--game", "boundless", *args)
    assert run.code == 2
    assert message in run.error


def test_unreadable_deck_text_names_the_line(simulate, toy, tmp_path):
    path = tmp_path / "typo.txt"
    path.write_text("Savior:\n1 Sylvara, Emerald Warden\nMain:\n4 Emeraldefender Golum\n", encoding="utf-8")
    run = simulate("--game", "boundless", "--deck", str(path))
    assert run.code == 2
    assert "line 4: unknown card 'Emeraldefender Golum'; did you mean 'Emeraldefender Golem'?" in run.error
    path.write_bytes(b"\xff\xfe\x00bad")
    assert "not UTF-8" in simulate("--game", "boundless", "--deck", str(path)).error


def test_a_game_without_an_engine_says_so(simulate, toy, without_engine):
    run = simulate("--game", "millennium_blades", "--deck", "fixtures/decks/millennium_blades-ember-dojo.txt")
    assert run.code == 2
    assert "millennium_blades has no rules engine yet" in run.error


def test_unknown_game(simulate):
    run = simulate("--game", "chess", "--deck", EMERALD)
    assert run.code == 2 and "unknown game 'chess'" in run.error


def test_a_game_played_alone_reports_no_wins_or_draws(simulate):
    """A one-kit Millennium Blades goldfish has no one to beat: the report gives its return only."""
    run = simulate("--game", "millennium_blades", "--deck", "fixtures/decks/millennium_blades-ember-dojo.txt",
                   "--games", "3")
    assert run.code == 0, run.error
    assert "Ember Dojo: 3 games alone; mean return" in run.out and "drawn" not in run.out.split("\n")[1]
