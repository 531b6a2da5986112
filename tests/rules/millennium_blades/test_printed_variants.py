"""Printed variants of shapes the grammar already reads (issue 26.2): original cards in each,
played in the tournament engine (millennium-blades.txt sections cited per test)."""

from __future__ import annotations

from rules.millennium_blades.text import compile_text
from tests.rules.millennium_blades.helpers import card, do, kit, place, table


def test_an_additional_slot_on_the_right_edge_is_an_extra_tableau_slot():
    """"FAQs": "Any extra tableau slots are always at the rightmost side": "one additional slot on
    the right edge to play Singles" is one more slot of the Tableau ("Tableau")."""
    text = "Ongoing: Your tableau has one additional slot on the right edge to play Singles."
    effects, reason = compile_text(text)
    assert reason is None and effects[0]["ops"] == [{"op": "extra_slot", "amount": 1}]
    st = table(kit([card("Wide Shelf", text)]), kit([card("Idle Lamp")]))
    assert st.capacity(0) == 6
    do(st, 'play "Wide Shelf"')
    assert st.capacity(0) == 7 and st.capacity(1) == 6


def test_clash_with_a_different_player_and_a_result_printed_without_its_comma():
    """"Clashing": "clash with a different player" is a clash with one opponent; "If you lose gain
    15 RP" (no comma) is the loss result all the same."""
    text = "Play: Clash with a different player. If you lose gain 15 RP."
    effects, reason = compile_text(text)
    assert reason is None
    assert effects[0]["ops"] == [{"op": "clash", "with": "opponent", "lose": [{"op": "gain_rp", "amount": 15}]}]
    st = table(kit([card("Sore Loser", text, star=1)]), kit([card("Big Rock", star=9)]))
    place(st, 1, "Big Rock")
    do(st, 'play "Sore Loser"')  # the only opponent: clashed at once (1 + 1 against 9 + 1)
    (clash,) = [e.as_dict() for e in st.events if e.action == "clash"]
    assert clash["changes"]["players"] == [0, 1] and clash["changes"]["winner"] == 1
    assert st.rp == [15, 0] and st.events[-2].as_dict()["changes"] == {"amount": 15, "rp": 15}
