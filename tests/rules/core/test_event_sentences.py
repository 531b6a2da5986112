"""Every event a person reads is a sentence in the game's words (issue 27.1): the replay viewer draws
an event by its ``sentence`` (``GameState.event_to_string``, each game's ``event_text`` module), and
one without a sentence from its raw data (``key value`` pairs, uids, seats from 0). And the legal
actions a board shows (folded under "Legal actions") are the actions' sentences, not their text
(``rules.core.replay.worded_view``).

Every play mode (each engine and each deckless mode: the golden playthroughs' games) plays seeded
games, random and greedy, at its smallest and next table; every event of every frame is checked
as the viewer reads it (static/js/replay.js: an event that only repeats its move, with no data, is
left to the move's sentence)."""

from __future__ import annotations

import re

import pytest

from rules.core.engine import Event
from rules.core.play import build_agent, choose_move, derive_seed, play_game
from rules.core.replay import name_seats, replay_frames, worded_view
from tests.rules.golden.playthroughs import Playthrough, _decks, playthroughs

#: what a sentence never holds: a uid ("u5", "uid"), a seat from 0 or in the engine's spelling
#: ("seat0", "owner 0"), a place word ("col1"), a snake_case word, raw data ("{", "=", "None")
RAW = re.compile(r"\buids?\b|\bu\d+\b|\bowner 0\b|\b[Ss]eat ?0\b|\bseat\d|\bcol\d|[a-z]_[a-z]|[{}=]|\bNone\b")
CASES = [case for case in playthroughs() if case.n == 1]
SEEDS = (1, 2)


def assert_a_sentence(text: str, where: str) -> None:
    found = RAW.search(text)
    assert found is None, f"{where} reads {text!r}: {found[0]!r} is the engine's, not the game's words"


def shown_events(frame: dict) -> list[dict]:
    """The events the viewer draws of a frame (static/js/replay.js): all but those worded "" (their
    move says them) and those that only repeat a move of the frame, with no data."""
    moves = frame["moves"]
    return [event for event in frame["events"] if event.get("sentence") != "" and not (
        not event["changes"] and any(m["player"] == event["player"] and m["action"] == event["action"] for m in moves))]


def check_events(frames: list[dict], where: str) -> set[str]:
    """Every shown event has a sentence that reads for people; the kinds seen."""
    kinds = set()
    for frame in frames:
        for event in shown_events(frame):
            kind = event["action"].split(" ")[0]
            kinds.add(kind)
            said = f"{where}, frame {frame['number']}, event {kind!r} ({event['changes']})"
            assert isinstance(event.get("sentence"), str), f"{said} has no sentence: the viewer draws its raw data"
            assert_a_sentence(event["sentence"], said)
    return kinds


def tables(case: Playthrough) -> list[int]:
    return sorted(n for n in case.engine.seat_counts() if n >= 2)[:2]


@pytest.mark.parametrize("case", CASES, ids=[case.name for case in CASES])
def test_every_event_of_seeded_games_reads_as_a_sentence(case):
    engine, kinds = case.engine, set()
    for seats in tables(case):
        for seed in SEEDS:
            for agents in (["random"] * seats, ["greedy"] + ["random"] * (seats - 1)):
                replay = play_game(engine, _decks(case, seats), seed, agents, record=True).replay
                kinds |= check_events(replay_frames(replay, None, engine), f"{case.name} ({seats} seats, seed {seed})")
    assert kinds, f"{case.name}: no event checked"


def test_an_event_without_a_sentence_or_with_raw_words_fails():
    """The check cannot pass vacuously: raw data and engine spellings are caught."""
    frame = {"number": 1, "moves": [], "events": [{"player": 0, "action": "hex_damage", "changes": {"target": "u16"}}]}
    with pytest.raises(AssertionError, match="no sentence"):
        check_events([frame], "a game")
    for raw in ("Seat 0 draws", "Cinderling (seat1.col0) attacks", "u16 takes 50 damage", "effect your_form_attacks",
                "owner 0", "target=u5", "None conducts Cinderling"):
        with pytest.raises(AssertionError):
            assert_a_sentence(raw, "an event")
    assert_a_sentence("Ember Whelp deals 1 damage to Tide Scholar (strength 2 to 1)", "an event")
    echo = {"number": 2, "moves": [{"player": 1, "action": "end"}],
            "events": [{"player": 1, "action": "end", "changes": {}}, {"player": 1, "action": "x", "changes": {},
                                                                      "sentence": ""}]}
    assert shown_events(echo) == []


def test_the_core_words_the_end_of_any_game():
    from rules.core.event_words import worded_event
    end = Event(9, None, "", "game_end", (("winners", [1]), ("reason", "spirits_in_void")))
    assert worded_event(end, {}) == "Seat 1 wins (spirits in void)"
    draw = Event(9, None, "", "game_end", (("winners", []), ("reason", "turn_limit")))
    assert worded_event(draw, {}) == "The game ends in a draw (turn limit)"
    assert worded_event(Event(1, 0, "", "unheard_of", ()), {}) is None


@pytest.mark.parametrize("case", CASES, ids=[case.name for case in CASES])
def test_a_board_lists_the_legal_actions_as_their_sentences(case):
    """``worded_view``: the view's ``legal_actions`` are the actions' sentences, in the engine's
    order, seats named; checked at every decision of a seeded game, for each seat to act (and the
    whole table's by-seat lists where a game gives them)."""
    engine = case.engine
    seats = tables(case)[0]
    seed = derive_seed("worded", case.name)
    agents = [build_agent("random", derive_seed(seed, seat), engine) for seat in range(seats)]
    state = engine.start(_decks(case, seats), seed)
    names = [f"Deck {seat + 1}" for seat in range(seats)]
    checked = 0
    for _ in range(60):
        if state.is_over:
            break
        for seat in state.current_players():
            said = [name_seats(state.action_to_string(a, seat), names) for a in state.legal_actions(seat)]
            assert worded_view(state, seat, names)["legal_actions"] == said, f"{case.name}, turn {state.turn}"
            for sentence in said:
                assert_a_sentence(sentence, f"{case.name}'s legal action")
            checked += 1
        everyone = worded_view(state, None, names).get("legal_actions")
        for key, listed in (everyone.items() if isinstance(everyone, dict) else ()):
            mover = int(key)
            assert listed == [name_seats(state.action_to_string(a, mover), names) for a in state.legal_actions(mover)]
        state.apply_move(choose_move(state, agents))
    assert checked, case.name
