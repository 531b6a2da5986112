"""`manage.py simulate` on the real Boundless engine (issue 4, part 6): both modes from the sample
deck files and a saved deck, illegal and unreadable decks refused, JSON identical whatever
the number of workers, replays that re-run to the same end. Figures are read generically
(every deck's wins, placements, the engine's declared counters)."""

import json
from pathlib import Path

from django.contrib.auth import get_user_model

from decks.services import deck_import_text
from rules.boundless.engine import ENGINE
from rules.core.replay import render_text, replay_game
from tests.simulate.conftest import AKUMAIDEN, EMERALD, UNDERTOW


def test_goldfish(simulate):
    run = simulate("--game", "boundless", "--deck", EMERALD, "--mode", "goldfish", "--games", "12", "--seed", "7",
                   "--json")
    assert run.code == 0, run.error
    doc = run.json()
    assert doc["settings"]["engine_version"] == ENGINE.version
    assert doc["settings"]["agents"] == [{"name": "greedy"}, {"name": "passive"}]
    deck = doc["results"]["sides"][0]
    assert deck["name"] == "Emerald Vanguard"
    assert deck["wins"] + deck["losses"] + deck["draws"] == 12
    assert deck["turns_to_win"]["count"] == deck["wins"] > 0  # a passive opponent gets beaten
    for counter in ENGINE.counters:  # whatever statistics the engine declares, the figures carry
        if counter.per_card:
            assert any(counter.name in by_counter for by_counter in deck["cards"].values())
        else:
            assert 0 <= deck["counters"][counter.name]["games_with"] <= 12


def test_head_to_head_json_is_identical_across_workers(simulate):
    args = ("--game", "boundless", "--deck", EMERALD, "--deck", AKUMAIDEN, "--mode", "head-to-head",
            "--games", "8", "--seed", "11", "--agent", "greedy", "--agent", "random", "--json")
    one, two = simulate(*args, "--workers", "1"), simulate(*args, "--workers", "2")
    assert one.code == two.code == 0, one.error + two.error
    assert one.out == two.out
    result = one.json()["results"]
    a, b = result["sides"]
    assert a["wins"] + b["wins"] + result["draws"] == 8
    assert sum(n for _, n in a["placements"]) == sum(n for _, n in b["placements"]) == 8
    assert sum(result["end_reasons"].values()) == 8
    assert set(b["cards"]) <= {line.split(" ", 1)[1].strip() for line in Path(AKUMAIDEN).read_text().splitlines()
                                if line[:1].isdigit()}


def test_head_to_head_text_and_ismcts(simulate):
    run = simulate("--game", "boundless", "--deck", UNDERTOW, "--deck", EMERALD, "--games", "2",
                   "--agent", "ismcts", "--iterations", "5", terminal=True)  # the bar is drawn on a terminal only
    assert run.code == 0, run.error
    assert run.out.startswith("boundless head-to-head: 2 games, seed 1, ismcts vs ismcts")
    assert "2/2 games" in run.err


def test_replays_rerun_to_the_same_end(simulate, tmp_path):
    run = simulate("--game", "boundless", "--deck", EMERALD, "--deck", AKUMAIDEN, "--games", "3", "--seed", "2",
                   "--agent", "random", "--replays", str(tmp_path))
    assert run.code == 0, run.error
    files = sorted(tmp_path.glob("game-*.json"))
    assert len(files) == 3
    for path in files:
        replay = json.loads(path.read_text())
        state = replay_game(replay)  # the engine comes from the registry
        assert state.outcome.as_dict() == replay["outcome"]
        text = render_text(replay)
        assert "Turn 1" in text and f"after {replay['turns']} turns" in text


def test_saved_deck_by_id(simulate):
    owner = get_user_model().objects.create_user("sim", password="x")
    deck = deck_import_text(owner=owner, game="boundless", text=Path(AKUMAIDEN).read_text(encoding="utf-8"))
    run = simulate("--game", "boundless", "--deck", str(deck.pk), "--games", "2", "--json")
    assert run.code == 0, run.error
    assert run.json()["settings"]["decks"] == [{"source": str(deck.pk), "name": "Akumaiden Onslaught", "cards": 46}]


def test_illegal_deck_is_refused(simulate, illegal_deck):
    run = simulate("--game", "boundless", "--deck", illegal_deck, "--deck", EMERALD, "--games", "2")
    assert run.code == 1
    assert "is not legal" in run.error and run.out == ""


def test_unreadable_deck_file_exits_2(simulate, tmp_path):
    missing = simulate("--game", "boundless", "--deck", str(tmp_path / "missing.txt"))
    assert missing.code == 2 and "does not exist" in missing.error
    garbled = tmp_path / "garbled.txt"
    garbled.write_text("Savior:\nthis is not a card line\n", encoding="utf-8")
    run = simulate("--game", "boundless", "--deck", str(garbled))
    assert run.code == 2 and "line 2: cannot read" in run.error


def test_recording_replays_changes_no_result(simulate, tmp_path):
    """With --replays the engine keeps its event log; without, it is off for speed: same games."""
    args = ("--game", "boundless", "--deck", UNDERTOW, "--deck", AKUMAIDEN, "--games", "4", "--seed", "5",
            "--agent", "ismcts", "--agent", "greedy", "--iterations", "8", "--json")
    plain, recorded = simulate(*args), simulate(*args, "--replays", str(tmp_path))
    assert plain.code == recorded.code == 0
    assert plain.out == recorded.out
