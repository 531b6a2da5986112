"""The tournament view's decisions (docs/view-format.md, rules/millennium_blades/view.schema.json)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from rules.core.engine import Action
from rules.millennium_blades import view
from tests.rules.millennium_blades.helpers import card, kit, table


def test_every_decision_kind_is_in_the_view_schema():
    """A view while any decision waits fits view.schema.json: its ``decision.kind`` lists every kind
    the engine may ask (``view.DECISION_WORDS``)."""
    schema = json.loads((Path(view.__file__).parent / "view.schema.json").read_text(encoding="utf-8"))
    assert set(schema["properties"]["decision"]["properties"]["kind"]["enum"]) == set(view.DECISION_WORDS)


def test_the_engine_asks_no_decision_the_view_cannot_name():
    st = table(kit([card("Idle Lamp")]), kit([card("Idle Moth")]))
    with pytest.raises(ValueError, match="no decision kind"):
        st.ask(0, "ponder", [], "k", "a card")
    st.ask(0, "unflip", [], "k", "a card")
    assert st.view(None)["decision"] == {"seat": 0, "kind": "unflip", "about": "a card"}


def test_a_reaction_is_said_to_answer_what_it_answers():
    """An offered Reaction names what it answers (a card's flip here; a clash, a loss of RP elsewhere),
    in the sentence for the move and the log's choice."""
    from tests.rules.millennium_blades.helpers import do, place

    st = table(kit(["Wandering Squire", "Tideward Matron"]), kit(["Gloomcap Goblin"]))
    place(st, 0, "Wandering Squire", "Tideward Matron")
    st.seat_turn = 1
    do(st, 'play "Gloomcap Goblin"')
    assert st.action_to_string(Action("react", ("Tideward Matron",)), 0) == \
        "Seat 0 reacts with Tideward Matron to the flip of Wandering Squire"
    assert st.action_to_string(Action("decline"), 0) == "Seat 0 does not react to the flip of Wandering Squire"


def test_the_choice_of_an_opponent_to_clash_with_reads_as_one_sentence():
    """"Clash with an opponent" at a table of three asks which one; the move's sentence says the
    seat chosen as "an opponent to clash with" (it read "as the opponent for an opponent to ..."); a
    Single is still in the hand to play after the Action ("Tournament Turns")."""
    st = table(kit([card("Brawl Cub", "Action: Clash with an opponent.", star=3), card("Idle Ant", star=1)]),
               kit([card("Idle Moth", star=2)]), kit([card("Idle Lamp", star=1)]))
    from tests.rules.millennium_blades.helpers import do, place

    place(st, 0, "Brawl Cub")
    place(st, 1, "Idle Moth")
    place(st, 2, "Idle Lamp")
    do(st, 'use "Brawl Cub"')
    assert st.pending is not None and st.pending["kind"] == "opponent"
    assert st.action_to_string(Action("opponent", (2,)), 0) == "Seat 0 chooses seat 2 as an opponent to clash with"
