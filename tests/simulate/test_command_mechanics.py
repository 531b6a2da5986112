"""The `simulate` command's own mechanics (arguments, decks, output, workers, replays), driven
through the toy rules of tests/rules/core/toy.py registered under the `boundless` slug, so they
hold for any engine. The real Boundless engine is exercised in test_simulate_boundless.py."""

import json

import pytest

from rules.core.replay import render_text, replay_game
from tests.rules.core.toy import BOUNDLESS_TOY
from tests.simulate.conftest import AKUMAIDEN, EMERALD

COMMAND = "simulate.management.commands.simulate"


@pytest.fixture
def toy(monkeypatch):
    monkeypatch.setattr(f"{COMMAND}.get_engine", lambda slug: BOUNDLESS_TOY if slug == "boundless" else None)


def test_goldfish_json(simulate, toy):
    run = simulate("--game", "boundless", "--deck", EMERALD, "--mode", "goldfish", "--games", "6", "--seed", "3",
                   "--json")
    assert run.code == 0, run.error
    doc = run.json()
    assert doc["settings"] == {
        "game": "boundless", "engine_version": "toy-1", "mode": "goldfish", "games": 6, "seed": 3,
        "agents": [{"name": "greedy"}, {"name": "passive"}],
        "decks": [{"source": EMERALD, "name": "Emerald Vanguard", "cards": 46}],
    }
    assert doc["results"]["games"] == 6 and doc["results"]["mode"] == "goldfish"
    assert "6/6 games" in run.err  # the progress bar


def test_head_to_head_text_report(simulate, toy):
    run = simulate("--game", "boundless", "--deck", EMERALD, "--deck", AKUMAIDEN, "--mode", "head-to-head",
                   "--games", "4", "--agent", "random", "--agent", "greedy")
    assert run.code == 0, run.error
    assert run.out.startswith("boundless head-to-head: 4 games, seed 1, random vs greedy")
    assert "deck A: Emerald Vanguard" in run.out and "deck B: Akumaiden Onslaught" in run.out


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
                                   "rollout": "random", "rollout_steps": 10, "rollout_sample": 4}
    assert replay_game(replay, BOUNDLESS_TOY).is_over
    assert "won" in render_text(replay).splitlines()[-1]


def test_illegal_deck_is_refused_with_its_violations(simulate, toy, illegal_deck):
    run = simulate("--game", "boundless", "--deck", illegal_deck, "--games", "2")
    assert run.code == 1
    assert "is not legal" in run.error and "savior" in run.error.lower()
    assert run.out == ""


@pytest.mark.parametrize("args, message", [
    (("--deck", "no/such/file.txt"), "does not exist"),
    (("--deck", "fixtures/decks"), "is a directory"),
    (("--deck", "99999"), "no saved deck with id 99999"),
    (("--deck", EMERALD, "--deck", AKUMAIDEN, "--mode", "goldfish"), "goldfish takes 1 --deck, not 2"),
    (("--deck", EMERALD, "--mode", "head-to-head"), "head-to-head takes 2 --deck, not 1"),
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


def test_a_game_without_an_engine_says_so(simulate, toy):
    run = simulate("--game", "fellbound", "--deck", "fixtures/decks/fellbound-gravetide.txt")
    assert run.code == 2
    assert "fellbound has no rules engine yet" in run.error


def test_unknown_game(simulate):
    run = simulate("--game", "chess", "--deck", EMERALD)
    assert run.code == 2 and "unknown game 'chess'" in run.error
