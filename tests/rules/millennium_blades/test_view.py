"""The tournament view's decisions (docs/view-format.md, rules/millennium_blades/view.schema.json)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

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
