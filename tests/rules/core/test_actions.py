"""Actions round-trip exactly through their text (issue "Engine core, version 2", part 5)."""

import pytest
from hypothesis import given
from hypothesis import strategies as st

from rules.core.engine import Action, ActionParseError, Outcome

verbs = st.from_regex(r"[a-z_][a-z0-9_]{0,11}", fullmatch=True)
args = st.lists(st.one_of(st.integers(-10**12, 10**12), st.text(max_size=20)), max_size=5)


@given(verbs, args)
def test_every_action_round_trips(verb, arguments):
    action = Action(verb, tuple(arguments))
    assert Action.parse(str(action)) == action


@pytest.mark.parametrize("action, text", [
    (Action("play", ("007",)), 'play "007"'),
    (Action("play", (7,)), "play 7"),
    (Action("play", ("Ash Golem", 3)), 'play "Ash Golem" 3'),
    (Action("spirit", (16, "savior")), "spirit 16 savior"),
    (Action("say", ('he said "hi"',)), 'say "he said \\"hi\\""'),
    (Action("pass"), "pass"),
    (Action("x", ("",)), 'x ""'),
])
def test_text_forms(action, text):
    assert str(action) == text and Action.parse(text) == action


@pytest.mark.parametrize("text, message", [
    ("", "empty"), ("7 play", "starts with a verb"), ('play "Ash', "quoted argument"), ("play 007", "neither"),
])
def test_bad_text_is_refused_with_a_reason(text, message):
    with pytest.raises(ActionParseError, match=message):
        Action.parse(text)


def test_arguments_must_be_int_or_str():
    with pytest.raises(TypeError):
        str(Action("play", (True,)))
    with pytest.raises(TypeError):
        str(Action("play", (1.5,)))


def test_outcomes_place_seats_with_ties_shared():
    scored = Outcome.from_returns([20, 15, 15, 3], "end")
    assert scored.placements == (1, 2, 2, 4) and scored.winners == (0,)
    tied_first = Outcome.from_returns([9, 9, 1], "end")
    assert tied_first.placements == (1, 1, 3) and tied_first.winners == (0, 1) and not tied_first.is_draw
    assert Outcome.from_returns([5, 5], "end").is_draw
    won = Outcome.from_winners(2, [1], "deck_out")
    assert won.returns == (-1.0, 1.0) and won.placements == (2, 1)
    team = Outcome.from_winners(4, [0, 2], "win")
    assert team.placements == (1, 3, 1, 3) and team.returns == (1.0, -1.0, 1.0, -1.0)
    draw = Outcome.from_winners(3, [], "turn_limit")
    assert draw.is_draw and draw.placements == (1, 1, 1) and draw.returns == (0.0, 0.0, 0.0)


def test_sentences_name_each_seat_by_its_deck():
    from rules.core.replay import name_seats

    names = ["Emerald Vanguard", "Akumaiden Onslaught"]
    assert name_seats("Seat 1 plays Ashveil Imp into form zone 3", names) == \
        "Akumaiden Onslaught plays Ashveil Imp into form zone 3"
    assert name_seats("Seat 0 attacks seat 1's savior", names) == "Emerald Vanguard attacks Akumaiden Onslaught's savior"
    assert name_seats("Seat 7 passes", names) == "Seat 8 passes"  # no name: the number for people, from 1
    assert name_seats("Seated 1 passes", names) == "Seated 1 passes" and name_seats("seat 1 x", ()) == "seat 2 x"
