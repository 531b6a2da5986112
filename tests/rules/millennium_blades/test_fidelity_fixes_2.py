"""Rule-fidelity fixes, stop 34 (docs/rules-notes.md, "MB: fidelity fixes 2 (stop 34)"): a flip's
Reactions offered to every player who holds one, in turn order from the player whose turn it is
(millennium-blades.txt, "Effects on Cards" and the FAQ "multiple reaction effects"); a filter's
X STAR counted with the context of the effect that checks it ("CARD DATA"; batch g's counted STAR).
Every card here is invented."""

from __future__ import annotations

import pytest

from rules.millennium_blades.ops_more_g import ContextCountRefused
from tests.rules.millennium_blades.helpers import card, do, ids, kit, lamps, place, table

TILT = ("Play: Flip any number of face-up cards in your tableau. Then play a card from your hand whose STAR is equal to "
        "or less than the number of cards flipped this way.")


def test_a_hand_cards_x_star_counts_the_cards_this_effect_flipped():
    """"Play a card from your hand whose STAR is equal to or less than the number of cards flipped this
    way": X is what this effect flipped (two cards), so the 2 STAR card may be played and the 3 STAR
    one may not; the count was 0 when the filter was checked without the effect's context."""
    st = table(kit([card("Tilt Lever", TILT), card("Pebble Page", star=2), card("Boulder Page", star=3),
                    card("Moss A"), card("Moss B")]), kit(lamps(2)))
    place(st, 0, "Moss A", "Moss B")
    do(st, 'play "Tilt Lever"', "target 0 0", "target 0 1", "decline")
    assert ids(st, 0, "Pebble Page")[0] in st.tableau[0]
    assert ids(st, 0, "Boulder Page")[0] in st.hand[0]
    assert not [e for e in st.events if e.action == "play_failed"]


def test_an_effects_x_star_is_refused_outside_that_effect():
    """Outside any effect of its card (no effect resolving), an X counting what an effect did has no
    value: the filter refuses to compare rather than compare with 0; an X counting the table (cards in
    your tableau) needs no effect and is counted as before."""
    st = table(kit([card("Tilt Lever", TILT), card("Pebble Page", star=2), card("Moss A")]), kit(lamps(2)))
    place(st, 0, "Moss A")
    lever, pebble = ids(st, 0, "Tilt Lever", "Pebble Page")
    assert not st.stack
    with pytest.raises(ContextCountRefused):
        st.matches(pebble, {"star": {"cmp": "<=", "value": {"count": "flipped_this_way"}}}, lever)
    assert not st.matches(pebble, {"star": {"cmp": "<=", "value": {"count": "cards", "zone": "tableau", "filter": {}}}},
                          lever)

