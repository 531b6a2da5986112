"""Replays (docs/replay-format.md) on the toy game: round trip, tamper detection, text."""

import copy
import json

import pytest

from rules.core.decks import DeckList
from rules.core.play import play_game
from rules.core.replay import (
    FORMAT,
    ReplayError,
    deck_from_data,
    deck_to_data,
    render_text,
    replay_frames,
    replay_game,
)
from tests.rules.core.toy import ENGINE, STRONG, WEAK


@pytest.fixture
def replay():
    result = play_game(ENGINE, [STRONG, WEAK], 11, ["greedy", {"name": "ismcts", "iterations": 20}], record=True)
    return json.loads(json.dumps(result.replay, sort_keys=True))  # as read back from a file


def test_replay_reaches_the_same_end(replay):
    state = replay_game(replay, ENGINE)
    assert state.is_over and state.outcome.as_dict() == replay["outcome"]
    assert replay["format"] == FORMAT and replay["steps"] == len(replay["moves"])
    assert replay["outcome"]["placements"] in ([1, 2], [2, 1]) and len(replay["outcome"]["returns"]) == 2
    assert [len(move) for move in replay["moves"][:2]] == [2, 2]  # the mulligan and the bid: joint moves
    assert replay["agents"][1]["name"] == "ismcts" and replay["agents"][1]["iterations"] == 20


def test_decks_round_trip_in_section_order():
    assert deck_from_data(deck_to_data(STRONG), "toy").cards() == STRONG.cards()
    two = DeckList("toy", {"zeta": WEAK.entries(), "alpha": STRONG.entries()}, name="Two")
    back = deck_from_data(json.loads(json.dumps(deck_to_data(two), sort_keys=True)), "toy")
    assert list(back.sections) == ["zeta", "alpha"] and back.cards() == two.cards()


def test_a_changed_action_is_caught(replay):
    bad = copy.deepcopy(replay)
    index = next(i for i, move in enumerate(bad["moves"]) if move[0][1].startswith("play"))
    bad["moves"][index][0][1] = 'play "Strong 99"'
    with pytest.raises(ReplayError, match=f"move {index + 1} .*does not replay"):
        replay_game(bad, ENGINE)
    bad["moves"][index][0][1] = 'play "Strong'
    with pytest.raises(ReplayError, match=f"move {index + 1} .*cannot be read"):
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
    with pytest.raises(ReplayError, match="version 1 replay.*play the game again"):
        replay_game({**replay, "format_version": 1}, ENGINE)


def test_frames_say_each_move_in_words_and_show_the_seat_view(replay):
    frames = replay_frames(replay, seat=0, engine=ENGINE)
    assert len(frames) == len(replay["moves"]) + 1 and frames[0]["moves"] == []
    bid = frames[2]["moves"]
    assert [m["player"] for m in bid] == [0, 1] and all(m["sentence"].endswith("in secret") for m in bid)
    plays = [m for f in frames for m in f["moves"] if m["action"].startswith("play")]
    assert plays and all(" plays Strong " in m["sentence"] or " plays Weak " in m["sentence"] for m in plays)
    assert all(set(f["view"]["hands"]) == {"0"} for f in frames)  # seat 0's view: only its own hand
    assert frames[-1]["over"] and not frames[-2]["over"]
    with pytest.raises(ReplayError, match="seat must be from 0 to 1"):
        replay_frames(replay, seat=2, engine=ENGINE)


def test_render_text_reads_turn_by_turn(replay):
    text = render_text(replay)
    lines = text.splitlines()
    assert lines[0] == "toy (engine toy-2), seed 11"
    assert lines[1] == "Player 1: Strong (24 cards), agent greedy"  # seats from 1 for people
    assert "Setup" in lines and "Turn 1" in lines
    assert "  [main] P1: play " in text or "  [main] P2: play " in text
    assert "Player 0" not in text and "P0:" not in text
    winner = replay["outcome"]["winners"][0]
    assert lines[-1].startswith(f"Player {winner + 1} won (score_reached) after {replay['turns']} turns")
