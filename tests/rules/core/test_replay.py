"""Replays (docs/replay-format.md) on the toy game: round trip, tamper detection, text."""

import copy
import json

import pytest

from rules.core.decks import DeckList
from rules.core.play import play_game
from rules.core.replay import FORMAT, ReplayError, deck_from_data, deck_to_data, render_text, replay_game
from tests.rules.core.toy import ENGINE, STRONG, WEAK


@pytest.fixture
def replay():
    result = play_game(ENGINE, [STRONG, WEAK], 11, ["greedy", {"name": "ismcts", "iterations": 20}], record=True)
    return json.loads(json.dumps(result.replay, sort_keys=True))  # as read back from a file


def test_replay_reaches_the_same_end(replay):
    state = replay_game(replay, ENGINE)
    assert state.is_over and state.outcome.as_dict() == replay["outcome"]
    assert replay["format"] == FORMAT and replay["steps"] == len(replay["actions"])
    assert replay["agents"][1]["name"] == "ismcts" and replay["agents"][1]["iterations"] == 20


def test_decks_round_trip_in_section_order():
    assert deck_from_data(deck_to_data(STRONG), "toy").cards() == STRONG.cards()
    two = DeckList("toy", {"zeta": WEAK.entries(), "alpha": STRONG.entries()}, name="Two")
    back = deck_from_data(json.loads(json.dumps(deck_to_data(two), sort_keys=True)), "toy")
    assert list(back.sections) == ["zeta", "alpha"] and back.cards() == two.cards()


def test_a_changed_action_is_caught(replay):
    bad = copy.deepcopy(replay)
    index = next(i for i, (_, text) in enumerate(bad["actions"]) if text.startswith("play"))
    bad["actions"][index][1] = "play 99"
    with pytest.raises(ReplayError, match=f"action {index + 1} .*does not replay"):
        replay_game(bad, ENGINE)


def test_a_changed_outcome_or_log_is_caught(replay):
    bad = copy.deepcopy(replay)
    bad["outcome"]["winners"] = [1 - bad["outcome"]["winners"][0]]
    with pytest.raises(ReplayError, match="the record says"):
        replay_game(bad, ENGINE)
    bad = copy.deepcopy(replay)
    bad["events"][3]["changes"] = {"card": "forged"}
    with pytest.raises(ReplayError, match="event 4"):
        replay_game(bad, ENGINE)


def test_version_and_format_are_checked(replay):
    with pytest.raises(ReplayError, match="engine 'toy-0'"):
        replay_game({**replay, "engine_version": "toy-0"}, ENGINE)
    with pytest.raises(ReplayError, match="not a replay"):
        replay_game({"format": "other"}, ENGINE)


def test_render_text_reads_turn_by_turn(replay):
    text = render_text(replay)
    lines = text.splitlines()
    assert lines[0] == "toy (engine toy-1), seed 11"
    assert lines[1] == "Player 0: Strong (24 cards), agent greedy"
    assert "Setup" in lines and "Turn 1" in lines
    assert "  [main] P0: play " in text or "  [main] P1: play " in text
    winner = replay["outcome"]["winners"][0]
    assert lines[-1].startswith(f"Player {winner} won (score_reached) after {replay['turns']} turns")
