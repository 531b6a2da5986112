"""More shapes of printed text, batch f (issue 26.3; rules/millennium_blades/phrases_more_f.py and
ops_more_f.py): hands, binders and cards moved between zones, with original cards, compiled and
played in the tournament engine (millennium-blades.txt sections cited per test; docs/rules-notes.md,
"More shapes, batch f")."""

from __future__ import annotations

from tests.rules.millennium_blades.helpers import card, compiles, do, ids, kit, lamps, names, place, table


def _events(st, kind: str) -> list[dict]:
    return [dict(e.changes) for e in st.events if e.action == kind]


def test_opponents_with_large_hands_discard_blind():
    """"Discard a Card": to the owner's binder; a card discarded "at random" is drawn blind from the
    hand, nobody chooses it. A hand size after the player word is tested for each of those players
    as the effect reaches them (rules notes, "Random cards and hand sizes")."""
    text = "Action: Every opponent with five or more cards in his or her hand discards 1 card at random."
    size = {"count": "cards", "zone": "hand", "filter": {}}
    assert compiles(text)[0]["ops"] == [{"op": "as_each", "who": "each_opponent", "ops": [
        {"op": "if", "condition": {"test": "count", "of": size, "cmp": ">=", "value": 5},
         "then": [{"op": "discard_random", "amount": 1}]}]}]
    st = table(kit([card("Hand Auditor", text), card("Idle Lamp")]), kit(lamps(6)))
    place(st, 0, "Hand Auditor")
    before = list(st.hand[1])
    do(st, 'use "Hand Auditor"')
    assert len(st.hand[1]) == 5 and len(st.binder[1]) == 1 and st.binder[1][0] in before
    assert any(e.get("random") for e in _events(st, "discard"))
    st = table(kit([card("Hand Auditor", text), card("Idle Lamp")]), kit(lamps(4)))
    place(st, 0, "Hand Auditor")
    do(st, 'use "Hand Auditor"')  # four cards: not enough, nothing discarded
    assert len(st.hand[1]) == 4 and st.binder[1] == []


def test_all_players_discard_blind_then_move_a_card_with_their_own_binder():
    """Each of the players does both parts, as their own ("their binder", "their hand"): a blind
    discard, then a binder card drawn blind back to the hand (rules notes, "Random cards and hand
    sizes")."""
    text = ("Play: All players (including you) discard one card at random, then move 1 card from their binder "
            "to their hand at random.")
    assert compiles(text)[0]["ops"] == [{"op": "as_each", "who": "each", "ops": [
        {"op": "discard_random", "amount": 1}, {"op": "binder_to_hand", "amount": 1}]}]
    st = table(kit([card("Shuffle Party", text), card("Idle Lamp")]), kit(lamps(2)))
    lamp = ids(st, 0, "Idle Lamp")[0]
    do(st, 'play "Shuffle Party"')
    assert st.hand[0] == [lamp] and st.binder[0] == []  # discarded, then drawn back: the only binder card
    assert len(st.hand[1]) == 2 and st.binder[1] == []
    assert [e["cards"] for e in _events(st, "binder_to_hand")] == [["Idle Lamp"], names(st, [st.hand[1][-1]])]


def test_a_blind_card_from_your_binder_to_your_hand():
    """A card in the binder is out of the tournament ("Discard a Card") unless an effect says
    otherwise: this one draws one blind back into the hand, "it" being that card."""
    text = "Play: Move 1 card from your binder to your hand at random. Gain 9 RP if it's a WATER card."
    ops = compiles(text)[0]["ops"]
    assert ops[0] == {"op": "binder_to_hand", "amount": 1}
    assert ops[1]["condition"] == {"test": "card", "card": "revealed", "is": {"element": "water", "face": "up"}}
    st = table(kit([card("Binder Dive", text), card("Old Puddle", elements=("water",))]), kit(lamps()))
    puddle = ids(st, 0, "Old Puddle")[0]
    st.hand[0].remove(puddle)
    st.binder[0].append(puddle)
    do(st, 'play "Binder Dive"')
    assert st.hand[0] == [puddle] and st.binder[0] == [] and st.rp[0] == 9
    assert _events(st, "binder_to_hand")[-1]["cards"] == ["Old Puddle"]


def test_take_a_blind_card_from_each_other_hand():
    """A card drawn blind from each opponent's hand into yours; it is yours now, as a card gained
    (rules notes, "A card taken from another hand")."""
    text = "Play: Take a random card from each opponent's hand into your hand."
    assert compiles(text)[0]["ops"] == [{"op": "take_random_hand", "who": "each_other"}]
    st = table(kit([card("Pickpocket Crow", text)]), kit(lamps(2)), kit(lamps(1), name="third"))
    do(st, 'play "Pickpocket Crow"')
    assert len(st.hand[0]) == 2 and len(st.hand[1]) == 1 and st.hand[2] == []
    assert all(st.owner[c] == 0 for c in st.hand[0])
    assert len(_events(st, "take_from_hand")) == 2


def test_cards_leave_a_tableau_to_a_hand():
    """"Tableau": the cards right of it shift left. A card returned to its owner's hand is theirs
    still; one put into your hand is yours now; it comes back face-up and without tokens (rules
    notes, "Back to a hand"). "Effects cannot target face-down cards"."""
    push = "Action: Return one single in any tableau to its owner's hand."
    assert compiles(push)[0]["ops"] == [{"op": "to_hand", "to": "owner",
                                          "target": {"player": "any", "pick": "choice", "filter": {"face": "up"}}}]
    st = table(kit([card("Bouncer", push), card("Idle Lamp")]), kit(lamps(3)))
    place(st, 0, "Bouncer")
    place(st, 1, "Lamp 0", "Lamp 1", down=("Lamp 0",))
    lamp1 = ids(st, 1, "Lamp 1")[0]
    st.tokens[lamp1] = 2
    do(st, 'use "Bouncer"', "target 1 1")
    assert names(st, st.tableau[1]) == ["Lamp 0"] and lamp1 in st.hand[1] and lamp1 not in st.tokens
    assert st.owner[lamp1] == 1
    grab = "Flip: Put one single from any tableau into your hand."
    assert compiles(grab)[0]["ops"][0]["to"] == "self"
    back = "Action: Return one single from your tableau into your hand, then gain 2 RP."
    st = table(kit([card("Recall Bell", back), card("Idle Lamp"), card("Spare")]), kit(lamps(3)))
    place(st, 0, "Spare", "Recall Bell")
    spare = ids(st, 0, "Spare")[0]
    do(st, 'use "Recall Bell"', "target 0 0")
    assert spare in st.hand[0] and names(st, st.tableau[0]) == ["Recall Bell"] and st.rp[0] == 2
    assert _events(st, "to_hand")[-1]["card"] == "Spare"
    assert compiles("Action: Return this card into your hand.")[0]["ops"] == [
        {"op": "to_hand", "target": {"player": "self", "pick": "this"}}]


def test_discard_a_single_in_play():
    """"Discard a Card": to the owner's binder, from the tableau too (the cards right of it shift left)."""
    text = "Action: Discard one single in your tableau and gain 3 RP."
    st = table(kit([card("Clear Out", text), card("Old Junk"), card("Idle Lamp")]), kit(lamps()))
    place(st, 0, "Old Junk", "Clear Out")
    do(st, 'use "Clear Out"', "target 0 0")
    assert names(st, st.binder[0]) == ["Old Junk"] and names(st, st.tableau[0]) == ["Clear Out"] and st.rp[0] == 3


def test_discard_up_to_some_singles_for_rp_each():
    """Up to N: the player picks them one by one and may stop (none too); those are the cards
    discarded, counted afterwards ("Discard a Card": to the binder; rules notes, "Discard up to N")."""
    text = "Play: Discard up to two WATER singles in your hand to gain 6 RP each."
    assert compiles(text)[0]["ops"] == [{"op": "discard_up_to", "amount": 2, "filter": {"element": "water"}},
                                         {"op": "gain_rp", "amount": 6, "per": {"count": "those_count"}}]
    hand = [card("Tide Sweep", text), card("Wet A", elements=("water",)), card("Wet B", elements=("water",)),
            card("Dry C")]
    st = table(kit(hand), kit(lamps()))
    do(st, 'play "Tide Sweep"', 'pick "Wet A"', "decline")
    assert names(st, st.binder[0]) == ["Wet A"] and st.rp[0] == 6
    per = "Play: Discard up to 3 singles in your hand. Gain 1 RP per single discarded."
    assert compiles(per)[0]["ops"][1] == {"op": "gain_rp", "amount": 1, "per": {"count": "those_count"}}
    st = table(kit([card("Melt Down", per), card("Big", star=5), card("Small", star=2)]), kit(lamps()))
    do(st, 'play "Melt Down"', 'pick "Big"', 'pick "Small"')
    assert st.rp[0] == 2 and st.hand[0] == []


def test_players_counted_by_their_hand_size():
    """Players counted by the cards in their hands: every player, you too, as the effect resolves."""
    text = "Play: For each player with three or more cards in his or her hand, gain 4 RP."
    assert compiles(text)[0]["ops"][0]["per"] == {"count": "players_hand", "cmp": ">=", "value": 3}
    none = "Play: Gain 4 RP for every player with no cards in his or her hand."
    assert compiles(none)[0]["ops"][0]["per"] == {"count": "players_hand", "cmp": "==", "value": 0}
    st = table(kit([card("Crowd Reader", text), card("A"), card("B"), card("C")]), kit(lamps(3)),
               kit(lamps(2), name="third"))
    do(st, 'play "Crowd Reader"')
    assert st.rp[0] == 8  # you (three left) and the second player (three); the third has two


def test_a_trigger_on_other_players_discards_counts_the_cards_discarded():
    """"Discard a Card": an Ongoing effect on an opponent's discard triggers once for each effect
    that made them discard, and "the cards discarded" are the ones that effect took (rules notes,
    "Discarding", "More shapes, batch f"); your own discards do not trigger it."""
    watch = "Ongoing: Whenever one or more opponents discard cards, gain 2 RP per card discarded."
    assert compiles(watch)[0]["trigger"] == {"event": "discard", "by": "opponent"}
    assert compiles("Top: Each time any player discards any number of cards, gain 3 RP.")[0]["trigger"]["by"] == "any"
    tax = "Play: Each opponent discards two cards."
    purge = "Play: Discard up to two singles in your hand."
    st = table(kit([card("Discard Watcher", watch), card("Tax Call", tax), card("Purge", purge), card("Junk")]),
               kit(lamps(4)))
    place(st, 0, "Discard Watcher")
    do(st, 'play "Tax Call"', 'pick "Lamp 0"', 'pick "Lamp 1"')
    assert st.rp[0] == 4 and len(st.binder[1]) == 2
    do(st, 'play "Lamp 2"', 'play "Purge"', 'pick "Junk"')  # your own discard: no trigger
    assert st.rp[0] == 4 and names(st, st.binder[0]) == ["Junk"]
