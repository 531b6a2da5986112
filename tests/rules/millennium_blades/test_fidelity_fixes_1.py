"""Rule-fidelity fixes (stop 34, part 1): words a reader dropped, a Sell Marker put on the wrong card, and
a count that read printed symbols where rules in force change them. Original cards, played in the
tournament engine; each test failed before its fix (millennium-blades.txt sections cited per test;
docs/rules-notes.md, "MB: fidelity fixes (stop 34)")."""

from __future__ import annotations

from dataclasses import replace

from rules.millennium_blades.effects import check_card
from tests.rules.millennium_blades.helpers import card, compiles, do, ids, kit, lamps, names, place, table

HAUL = "Play: Gain the top card of the Store. If it is a Single, play it."
WEIGH = "Play: Gain the top card of the Store. If it is a Single, gain 4 RP."


def _store_top(st, spec) -> int:
    """The Store's top card made ``spec`` (the Store is dealt in a known order: helpers.table)."""
    top = st.store[-1]
    st.cards[top] = st.cards[top].__class__.from_spec(spec)
    st.index_features()
    return top


def test_if_it_is_a_single_tests_the_kind_of_the_card_gained():
    """"SINGLES", "DECK BOXES", "ACCESSORIES" are the three kinds of card, and the Store holds all three.
    "If it is a Single, gain 4 RP" after the Store's top card is gained: the card must be a Single (the
    reader dropped "a Single" and tested only that the card was face-up, so an Accessory gave the RP)."""
    assert compiles(WEIGH)[0]["ops"][1]["condition"] == {"test": "card", "card": "revealed",
                                                         "is": {"kind": "single", "face": "up"}}
    kinds = {"an Accessory": "accessory", "a Deck Box": "deck_box", "an AIR Single": "single"}
    for words, kind in kinds.items():
        cond = compiles(f"Play: Gain the top card of the Store. If it is {words}, gain 4 RP.")[0]["ops"][1]
        assert cond["condition"]["is"]["kind"] == kind
    assert compiles("Play: Gain the top card of the Store. If it is a face-down card, gain 4 RP.")[0][
        "ops"][1]["condition"]["is"] == {"face": "down"}  # "face-down" was read as face-up
    for kind, gains in (("accessory", 0), ("deck_box", 0), ("single", 4)):
        st = table(kit([card("Crate Weigher", WEIGH), *lamps(2)]), kit(lamps(3)))
        top = _store_top(st, card("Shelf Find", kind=kind))
        do(st, 'play "Crate Weigher"')
        assert top in st.hand[0] and st.rp[0] == gains, kind
        assert any(e.action == "gain_rp" for e in st.events) is bool(gains)


def test_if_it_is_a_single_after_a_gain_plays_the_card_gained_from_the_hand():
    """The card gained goes to the hand; "If it is a Single, play it" plays it from there ("Play a
    Single": the next open slot, its Play effect resolving) when it is a Single, and leaves any other
    kind in the hand ("play it" was read as a card looked at on the Store, so nothing was played)."""
    assert compiles(HAUL)[0]["ops"] == [
        {"op": "gain_store", "amount": 1},
        {"op": "if", "condition": {"test": "card", "card": "revealed", "is": {"kind": "single", "face": "up"}},
         "then": [{"op": "play_gained"}]}]
    for kind, played in (("accessory", False), ("single", True)):
        st = table(kit([card("Bulk Buyer", HAUL), *lamps(2)]), kit(lamps(3)))
        top = _store_top(st, card("Crate Find", "Play: Gain 2 RP.", kind=kind))
        do(st, 'play "Bulk Buyer"')
        assert (top in st.tableau[0]) is played and (top in st.hand[0]) is not played, kind
        assert st.rp[0] == (2 if played else 0)


MARKER_OWN = "Ongoing: Whenever you play a FIRE card, put a Sell Marker on it."
MARKER_THEIRS = "Ongoing: Whenever an opponent plays a WATER card, put 2 Sell Markers on that card."


def test_a_sell_marker_in_a_play_trigger_goes_on_the_card_played():
    """"Ongoing effects keep on working continuously as long as the card is face-up in your tableau";
    "Whenever you play a FIRE card, put a Sell Marker on it": "it" is the card played, as the trigger's
    other orders read it ("put a +1 STAR token on it"), not this card (the marker went on this card).
    The markers are the listener's (rules notes, "Sell Markers in a tournament")."""
    assert compiles(MARKER_OWN)[0]["ops"] == [{"op": "put_sell_marker", "on": "played"}]
    assert compiles(MARKER_THEIRS)[0]["ops"] == [{"op": "put_sell_marker", "on": "played", "amount": 2}]
    assert check_card("single", {"star": 3}, compiles(MARKER_OWN)) == []
    assert compiles("Play: Put a Sell Marker on it.")[0]["ops"] == [{"op": "put_sell_marker", "on": "this"}]
    st = table(kit([card("Kiln Broker", MARKER_OWN), card("Hot Coal", elements=("fire",)), *lamps(1)]),
               kit(lamps(3)))
    place(st, 0, "Kiln Broker")
    broker, coal = ids(st, 0, "Kiln Broker", "Hot Coal")
    left = st.markers_left[0]
    do(st, 'play "Hot Coal"')
    assert st.sell_marked == {coal: 1} and broker not in st.sell_marked and st.markers_left[0] == left - 1
    assert any(e.action == "sell_marker" and dict(e.changes).get("card") == "Hot Coal" for e in st.events)


def test_a_sell_marker_on_an_opponents_card_played_is_the_listeners():
    """The trigger hears an opponent's play; the card played is in that opponent's tableau, and the
    markers put on it are the listener's, as many as they have left (rules notes, "MB: fidelity
    fixes (stop 34)")."""
    st = table(kit([card("Dock Broker", MARKER_THEIRS), *lamps(2)]),
               kit([card("Wet Rope", elements=("water",)), card("Dry Rope", elements=("earth",)), *lamps(2)]))
    place(st, 0, "Dock Broker")
    (broker,) = ids(st, 0, "Dock Broker")
    st.markers_left[0] = 1  # one left: one is put
    do(st, 'play "Lamp 0"', 'play "Dry Rope"')
    assert st.sell_marked == {}
    do(st, 'play "Lamp 1"', 'play "Wet Rope"')
    (rope,) = ids(st, 1, "Wet Rope")
    assert st.sell_marked == {rope: 1} and broker not in st.sell_marked and st.markers_left[0] == 0


PRISM = "This card is all ELEMENTS and TYPES while it is in your hand."
#: a Play effect showing cards of the hand, as many as its player likes, then 2 RP for each different ELEMENT
#: among them, given as structured ops (the reader of that shape is pinned in test_printed_market_and_clash.py)
SHOWCASE = ({"timing": "play", "ops": [{"op": "reveal_any"}, {"op": "gain_rp", "amount": 2,
                                                           "per": {"count": "those_distinct", "what": "element"}}]},)


def test_different_elements_revealed_are_counted_as_the_rules_in_force_make_them():
    """"CARD DATA": a card's Elements and Types; a rule in force changes them (a card that is every
    ELEMENT and TYPE while it is in its owner's hand: rules notes, "MB: batch j"). "For each different
    ELEMENT revealed" counts the elements the cards shown from the hand have there ("General Rules": a
    card shown from the hand goes back to it), the same symbols a filter sees, not the printed ones (the
    count read the printed ones: 2 elements, 4 RP)."""
    st = table(kit([replace(card("Showcase Clerk", elements=("air",)), effects=SHOWCASE),
                    card("Prism Shard", PRISM, elements=("earth",)), card("Ember", elements=("fire",))]),
               kit(lamps(3)))
    prism, ember = ids(st, 0, "Prism Shard", "Ember")
    assert len(st.elements(prism)) == 6  # in the hand: every element
    do(st, 'play "Showcase Clerk"', 'show "Prism Shard"', 'show "Ember"')
    assert st.rp[0] == 6 * 2 and sorted(names(st, st.hand[0])) == ["Ember", "Prism Shard"]


CHOOSER = "Top: Choose a TYPE. All cards in every player's hands and tableaus are that TYPE."
#: an Action of the same shape, 3 RP for each different TYPE
TALLY = ({"timing": "action", "ops": [{"op": "reveal_any"}, {"op": "gain_rp", "amount": 3,
                                                         "per": {"count": "those_distinct", "what": "type"}}]},)


def test_different_types_revealed_under_a_top_rule_that_overrides_them():
    """"Top Card": a Top rule works while its card is the right-most face-up card. "All cards in every
    player's hands and tableaus are that TYPE" gives the hand's cards that one type: three cards of
    three printed types revealed show one type (3 RP, not 9); the rule out of force, their own."""
    board = replace(card("Tally Board", kind="accessory"), effects=TALLY)
    assert check_card("accessory", {}, list(TALLY)) == [] and check_card("single", {"star": 3}, list(SHOWCASE)) == []
    st = table(kit([card("Dress Code", CHOOSER), card("Pike", types=("soldier",)), card("Tome", types=("mage",)),
                    card("Hound", types=("animal",))], accessories=[board]), kit(lamps(4)))
    do(st, 'play "Dress Code"', "value myth", "end", 'play "Lamp 0"')
    pike, tome, hound = ids(st, 0, "Pike", "Tome", "Hound")
    assert [st.types(c) for c in (pike, tome, hound)] == [("myth",)] * 3
    do(st, 'use "Tally Board"', 'show "Pike"', 'show "Tome"', 'show "Hound"')
    assert st.rp[0] == 3
    st = table(kit([card("Pike", types=("soldier",)), card("Tome", types=("mage",)), card("Hound", types=("animal",))],
                   accessories=[board]), kit(lamps(4)))
    do(st, 'use "Tally Board"', 'show "Pike"', 'show "Tome"', 'show "Hound"')
    assert st.rp[0] == 9
