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


WARD = "Reaction: Prevent a card in any play area from being flipped by an opponent's effect, and gain 3 RP."
CUDGEL = "Play: Flip a card in another player's tableau."


def _ward_table():
    """Seat 0 (whose turn it is) flips a card of seat 2's (the Poppy, the one card it may flip); seat 1
    and seat 2 each hold a Ward."""
    st = table(kit([card("Cudgel Goblin", CUDGEL), *lamps(1)]),
               kit(lamps(2), accessories=[card("Near Ward", WARD, kind="accessory")]),
               kit([card("Tall Poppy"), *lamps(1)], accessories=[card("Home Ward", WARD, kind="accessory")]))
    place(st, 2, "Tall Poppy")
    return st


def _reactions(st) -> list[tuple[int | None, dict]]:
    return [(e.player, dict(e.changes)) for e in st.events if e.action == "reaction"]


def test_a_flips_reactions_are_offered_in_turn_order_from_the_active_player():
    """"The player whose turn it is gets the first opportunity to use Flip or Reaction effects, with that
    opportunity passing clockwise" ("Effects on Cards"); "the player whose turn it is has priority,
    followed by the other players with effects in turn order" (FAQ, multiple reaction effects). Seat 0
    flips seat 2's card: seat 1's Ward is offered before the owner's (seat 2's) own; used, it keeps the
    card face-up, so seat 2 is never asked and its Ward stays face-up. (The owner was asked first.)"""
    st = _ward_table()
    do(st, 'play "Cudgel Goblin"')
    assert st.current_players() == [1] and st.pending["kind"] == "react"
    do(st, 'react "Near Ward"')
    poppy, home = ids(st, 2, "Tall Poppy", "Home Ward")
    assert poppy not in st.down and home not in st.down and ids(st, 1, "Near Ward")[0] in st.down
    assert st.rp == [0, 3, 0]
    assert _reactions(st) == [(1, {"card": "Near Ward", "instead_of": "Tall Poppy"})]


def test_a_declined_reaction_passes_the_flip_to_the_next_holder_in_turn_order():
    """Seat 1 declines its Ward; the opportunity passes clockwise to seat 2, the card's owner, whose
    Ward keeps its own card face-up."""
    st = _ward_table()
    do(st, 'play "Cudgel Goblin"', "decline")
    assert st.current_players() == [2] and st.pending["kind"] == "react"
    do(st, 'react "Home Ward"')
    poppy, home = ids(st, 2, "Tall Poppy", "Home Ward")
    assert poppy not in st.down and home in st.down and ids(st, 1, "Near Ward")[0] not in st.down
    assert st.rp == [0, 0, 3]
    assert _reactions(st) == [(2, {"card": "Home Ward", "instead_of": "Tall Poppy"})]


def test_a_flip_nobody_answers_happens():
    """Both Wards declined: the card is flipped, and the log says so."""
    st = _ward_table()
    do(st, 'play "Cudgel Goblin"', "decline", "decline")
    assert ids(st, 2, "Tall Poppy")[0] in st.down and not _reactions(st)
    assert [dict(e.changes)["card"] for e in st.events if e.action == "flip"] == ["Tall Poppy"]


def test_a_reaction_that_keeps_nothing_face_up_passes_the_opportunity_on_once():
    """A Reaction to the flip that only gains RP ("When an opponent's effect would flip a card in any
    tableau, gain 2 RP") is used by seat 1, its card flipped ("Reaction"); the flip still would happen,
    so the opportunity passes on to seat 2, whose Ward keeps the card face-up. Seat 1's Reaction
    resolved once: 2 RP, one "reaction" event of seat 1's."""
    gong = "Reaction: When an opponent's effect would flip a card in any tableau, gain 2 RP."
    st = table(kit([card("Cudgel Goblin", CUDGEL), *lamps(1)]),
               kit(lamps(2), accessories=[card("Alarm Gong", gong, kind="accessory")]),
               kit([card("Tall Poppy"), *lamps(1)], accessories=[card("Home Ward", WARD, kind="accessory")]))
    place(st, 2, "Tall Poppy")
    do(st, 'play "Cudgel Goblin"', 'react "Alarm Gong"')
    assert st.current_players() == [2] and st.pending["kind"] == "react"
    do(st, 'react "Home Ward"')
    assert ids(st, 2, "Tall Poppy")[0] not in st.down and ids(st, 1, "Alarm Gong")[0] in st.down
    assert st.rp == [0, 2, 3]
    assert [p for p, _ in _reactions(st)] == [1, 2]
