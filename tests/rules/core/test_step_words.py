"""No raw engine step reaches a person (issue 27.1): the replay viewer's position line and the play
page say a frame's step in the game's words (``GameState.step_to_string``: Boundless's
"combat:declare", Millennium Blades' "round1:timer3:tick40"), and a board draws no value of the
engine's own spelling (an id joined by colons, a snake_case word) where a person reads it.

Every engine and every deckless mode (the golden playthroughs' games) plays a random game, and its
replay frames are walked as the viewer reads them (``rules.core.replay.replay_frames``): every
seat's and the whole table's boards."""

from __future__ import annotations

import re

import pytest

from rules.core.play import play_game
from rules.core.replay import replay_frames
from tests.rules.golden.playthroughs import Playthrough, _decks, playthroughs

#: an engine's own spelling: "combat:declare", "round1:timer3", "turn_based", "spirits_in_void"
RAW = re.compile(r"[a-z0-9]:[a-z0-9]|[a-z]_[a-z]")
ALWAYS_INTERNAL = {"id", "uid", "slot", "hints"}  # static/js/board.js
ENVELOPE_QUIET = {"game", "over", "outcome"}  # not drawn as facts in a view with hints (board.js)
CASES = [case for case in playthroughs() if case.n == 1]


def drawn_texts(value, hints: dict | None = None, key: str = "", top: bool = True):
    """Every scalar text a board draws of a view, as static/js/board.js reads it: internal keys and,
    in a view with hints, its envelope are left out; a value with words in the hints'
    ``value_labels`` is drawn as those words. Card names are names, not the engine's words."""
    if isinstance(value, dict):
        if isinstance(value.get("hints"), dict):
            hints, top = value["hints"], True
        internal = ALWAYS_INTERNAL | set((hints or {}).get("internal", []))
        for k, v in value.items():
            if k in internal or k == "name" or (top and hints and k in ENVELOPE_QUIET):
                continue
            yield from drawn_texts(v, hints, k, top=False)
    elif isinstance(value, list):
        for item in value:
            yield from drawn_texts(item, hints, key, top=False)
    elif isinstance(value, str):
        words = (hints or {}).get("value_labels", {}).get(key)
        yield key, words[value] if isinstance(words, dict) and value in words else value


def assert_no_raw(text: str, where: str) -> None:
    found = RAW.search(text)
    assert found is None, f"{where} reads {text!r}: the engine's spelling, not the game's words"


@pytest.fixture(scope="module", params=CASES, ids=[case.name for case in CASES])
def game(request) -> tuple[Playthrough, dict]:
    case = request.param
    engine = case.engine
    seats = min(n for n in engine.seat_counts() if n >= 2)
    result = play_game(engine, _decks(case, seats), 27, ["random"] * seats, record=True)
    return case, result.replay


@pytest.mark.parametrize("seat", [None, 0])
def test_every_frame_says_its_step_in_words(game, seat):
    case, replay = game
    steps = set()
    for frame in replay_frames(replay, seat, case.engine):
        where = f"{case.name}, frame {frame['number']}"
        steps.add(frame["step"])
        if frame["step"]:
            assert frame["step_words"], f"{where}: step {frame['step']!r} has no words"
        assert_no_raw(frame["step_words"], f"{where}'s step")
        for key, text in drawn_texts(frame["view"]):
            assert_no_raw(text, f"{where}, the board's {key!r}")
        hints = frame["view"].get("hints") or {}
        if frame["over"]:
            assert hints.get("outcome"), f"{where}: the end has no sentence (a board would draw the raw outcome)"
            assert_no_raw(hints["outcome"], f"{where}'s outcome")
    assert steps, case.name


def test_the_raw_steps_this_guards_are_raw():
    """The check fails on the engine's own spelling (the steps pages showed before)."""
    for raw in ("combat:declare", "round1:timer3:tick40", "first_casting", "turn_based"):
        with pytest.raises(AssertionError):
            assert_no_raw(raw, "a page")
    assert_no_raw("round 1, timer 3 of 3, tick 40", "a page")
    assert_no_raw("combat step, choosing an attacker", "a page")
