"""More shapes of printed text, batch n (issue 26.2; rules/millennium_blades/phrases_more_n.py and
ops_more_n.py): zones and turns. A trigger when its owner's turn is passed. Original cards in each
shape, compiled and played in the tournament engine (millennium-blades.txt sections cited per test;
docs/rules-notes.md, "MB: batch n")."""

from __future__ import annotations

from dataclasses import replace

from tests.rules.millennium_blades.helpers import card, compiles, do, kit, lamps, place, table


def test_whenever_your_turn_is_passed():
    """"Tournament Turns": "If the player is unable to play a Single, they cannot take an Action, and
    instead Passes." The trigger is its owner's Pass only: a turn with a Single played is not one, an
    opponent's Pass is not one (rules notes, "MB: batch n")."""
    text = "Ongoing: Whenever your turn is passed, gain 7 RP."
    assert compiles(text)[0]["trigger"] == {"event": "passed", "by": "self"}
    assert compiles("Ongoing: Each time you pass, gain 2 RP.")[0]["trigger"] == {"event": "passed", "by": "self"}
    st = table(kit([card("Idle Sentry", text), card("Step One")]), kit(lamps(3)))
    place(st, 0, "Idle Sentry")
    do(st, 'play "Step One"')  # a Single played: no pass
    assert st.rp[0] == 0 and st.seat_turn == 1
    do(st, 'play "Lamp 0"', "pass")  # seat 0 has no card left: it Passes
    assert st.rp[0] == 7 and st.seat_turn == 1
    do(st, 'play "Lamp 1"', "pass", 'play "Lamp 2"')  # another Pass of its own, then seat 1 plays
    assert st.rp[0] == 14 and st.rp[1] == 0


def test_remove_this_card_from_the_game_at_scoring():
    """"Discards": "Cards that are discarded \"to the Box\" or \"removed from the game\" are placed back
    into the game box and will never come back into play": the card leaves the tableau for the box
    (``removed``), not the binder; "If you do not" is the other branch of the test before it, decided
    before either runs (rules notes, "MB: batch n")."""
    text = "Score: If you have at least 90 RP, gain 20 RP. If you don't, remove this single from the game."
    assert compiles(text)[0]["ops"] == [{"op": "if", "condition": {"test": "count", "of": {"count": "rp"}, "cmp": ">=",
                                                                  "value": 90},
                                         "then": [{"op": "gain_rp", "amount": 20}], "else": [{"op": "remove_self"}]}]
    did = compiles("Play: You may discard a card from your hand. If you do not, gain 2 RP.")[0]["ops"]
    assert did[-1] == {"op": "if", "condition": {"test": "not", "of": {"test": "did"}},
                       "then": [{"op": "gain_rp", "amount": 2}]}  # after a discard: the core reading
    assert compiles("Action: Return this single to the box.")[0]["ops"] == [{"op": "remove_self"}]
    st = table(kit([card("Brittle Trophy", text), card("Idle Lamp")]), kit(lamps(1)))
    place(st, 0, "Brittle Trophy")
    trophy = st.tableau[0][0]
    do(st, 'play "Idle Lamp"', 'play "Lamp 0"', "pass", "pass")  # both pass: scoring
    assert trophy in st.removed[0] and trophy not in st.tableau[0] + st.binder[0] and st.rp[0] == 0
    modest = "Score: If you have exactly 85 RP, gain 20 RP. If not, return this single to the box."
    st = table(kit([card("Modest Trophy", modest), card("Idle Lamp")]), kit(lamps(1)))
    place(st, 0, "Modest Trophy")
    st.rp[0] = 85  # the gain makes 105: the test was decided before it, the card stays
    trophy = st.tableau[0][0]
    do(st, 'play "Idle Lamp"', 'play "Lamp 0"', "pass", "pass")
    assert st.tableau[0][0] == trophy and st.removed[0] == [] and st.rp[0] == 105


def test_a_bare_discard_a_card_is_from_the_hand():
    """"Discard a Card": "The card is discarded to the owner's Binder (unless another location is
    specified)"; the card discarded is one of the hand's, as the player chooses."""
    text = "Action: Discard a card. Gain 4 RP."
    assert compiles(text)[0]["ops"] == [{"op": "discard", "amount": 1}, {"op": "gain_rp", "amount": 4}]
    st = table(kit([card("Tidy Clerk", text), card("Old Boot"), card("Spare Lamp")]), kit(lamps(2)))
    place(st, 0, "Tidy Clerk")
    do(st, 'use "Tidy Clerk"', 'pick "Old Boot"')
    assert [st.cards[c].name for c in st.binder[0]] == ["Old Boot"] and st.rp[0] == 4


def test_the_first_time_each_turn_you_discard():
    """An Ongoing trigger "the first time each turn" fires once a turn: the second discard of the
    same turn gains nothing, the next turn's first one does ("Tournament Turns": each player's turn
    is a turn; rules notes, "MB: batch n")."""
    text = "Ongoing: The first time each turn that you discard a card, gain 9 RP."
    assert compiles(text)[0]["trigger"] == {"event": "discard", "first_each_turn": True}
    assert compiles("Ongoing: The first time each turn you play a card, gain 2 RP.")[0]["trigger"] == {
        "event": "play", "by": "self", "first_each_turn": True}
    tosser = "Play: Discard a card. Discard a card."
    st = table(kit([card("Thrifty Eye", text), card("Double Tosser", tosser), card("Single Tosser", "Play: Discard a card."),
                    card("Old Boot"), card("Old Sock"), card("Old Hat")]), kit(lamps(3)))
    place(st, 0, "Thrifty Eye")
    do(st, 'play "Double Tosser"', 'pick "Old Boot"', 'pick "Old Sock"')
    assert st.rp[0] == 9  # two discards this turn: once
    do(st, 'play "Lamp 0"', 'play "Single Tosser"', 'pick "Old Hat"')
    assert st.rp[0] == 18  # a new turn of its own


def test_each_different_rarity_revealed():
    """A hand shown stays in the hand ("Effects on Cards"); "CARD DATA": a card's rarity is its Set's.
    "For each different RARITY revealed" counts the rarities among the cards shown (a starter card
    with no known Set shows none: ops_more_l)."""
    text = "Play: Look at each opponent's hand. Gain 6 RP for each different RARITY revealed."
    assert compiles(text)[0]["ops"][1] == {"op": "gain_rp", "amount": 6, "per": {"count": "those_kinds", "what": "rarity"}}
    gems = [replace(card(name), set_kind=kind) for name, kind in (("Glass Gem", "core"), ("Opal Gem", "premium"),
                                                                   ("Jade Gem", "core"), ("Bare Gem", ""))]
    st = table(kit([card("Gem Appraiser", text)]), kit(gems))
    do(st, 'play "Gem Appraiser"')
    assert st.rp[0] == 12 and len(st.hand[1]) == 4  # core and premium; all still in hand


def test_the_first_time_each_turn_a_neighbour_gains_rp():
    """"The first time each turn" with a trigger on a player seated beside you (rules notes, "Left and
    right": the previous player in turn order is on your right): a gain by another player does not use
    up the once a turn."""
    text = "Ongoing: The first time each turn that the player seated to your right gains RP, you gain 3 RP."
    trigger = compiles(text)[0]["trigger"]
    assert trigger["event"] == "gained_rp" and trigger["first_each_turn"] is True
    st = table(kit([card("Side Glance", text), card("Idle Lamp")]), kit(lamps(1)),
               kit([card("Gift Giver", "Play: Each player gains 1 RP. Each player gains 1 RP.")]))
    place(st, 0, "Side Glance")
    do(st, 'play "Idle Lamp"', 'play "Lamp 0"', 'play "Gift Giver"')
    assert st.rp == [2 + 3, 2, 2]  # seat 2 gained twice on its turn: the first one counted
