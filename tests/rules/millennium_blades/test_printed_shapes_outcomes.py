"""More shapes of printed text: outcomes (issue 26.2; rules/millennium_blades/phrases_outcomes.py and
ops_outcomes.py): what an effect's earlier step came to. Original cards in each shape, compiled,
checked by the card checker and played in the tournament engine (millennium-blades.txt sections
cited per test; docs/rules-notes.md, "MB: outcomes")."""

from __future__ import annotations

import pytest

from rules.millennium_blades.effects import check_card
from rules.millennium_blades.text import compile_text
from tests.rules.millennium_blades.helpers import card, compiles, do, ids, kit, lamps, names, place, table


@pytest.mark.parametrize(("rp", "flipped"), [(20, False), (7, True)])
def test_if_you_cannot_after_a_loss_of_rp(rp, flipped):
    """"FAQs": "You lose as much as you can and stop at zero": with less RP than the loss asks, the
    loss could not be made whole, so "If you can't, flip this card" flips it."""
    text = "Play: Lose 12 RP. If you can't, flip this card. | Action: Gain 4 RP."
    assert compiles(text)[0]["ops"][1] == {"op": "if", "condition": {"test": "lost_short"},
                                           "then": [{"op": "flip", "target": {"player": "self", "pick": "this"}}]}
    st = table(kit([card("Brittle Pledge", text)]), kit(lamps()))
    st.rp[0] = rp
    do(st, 'play "Brittle Pledge"')
    assert st.rp[0] == max(0, rp - 12)
    assert (names(st, st.down) == ["Brittle Pledge"]) is flipped


def test_if_you_cannot_names_only_a_loss_of_your_own():
    """After a gain nothing could fail to be done: the sentence stays not understood (never guessed)."""
    _effects, reason = compile_text("Play: Gain 3 RP. If you are unable to, gain 2 Dollars.")
    assert reason is not None and "if you are unable to" in reason


def test_a_discard_every_player_makes_at_once_and_the_different_types_discarded():
    """"Discard a Card" (to the owner's Binder) for every player "simultaneously": each picks before any
    card moves, then all go at once; "for each different ELEMENT discarded this way" counts the
    printed elements of those cards."""
    text = "Play: All players discard a card simultaneously. Gain 5 RP for each different ELEMENT discarded this way."
    st = table(kit([card("Mirror Toll", text), card("Coal A", elements=("fire",)), card("Coal B", elements=("fire",))]),
               kit([card("Drop A", elements=("water",)), card("Gust A", elements=("air",)), *lamps(1)]),
               kit([card("Drop B", elements=("water",))]))
    do(st, 'play "Mirror Toll"')
    assert st.pending["seat"] == 0
    do(st, 'pick "Coal A"')
    assert st.pending["seat"] == 1 and len(st.binder[0]) == 0  # nothing moved while picks are made
    do(st, 'pick "Gust A"')  # seat 2 holds one card: no question
    assert names(st, st.binder[0]) == ["Coal A"] and names(st, st.binder[1]) == ["Gust A"]
    assert names(st, st.binder[2]) == ["Drop B"]
    assert st.rp[0] == 5 * 3  # fire, air, water


def test_a_card_of_your_hand_for_one_drawn_blind_from_an_opponents():
    """A card of your hand swapped for "a card at random" from another player's: you choose the opponent
    and your card, theirs is drawn at random; each card is now its new holder's (batch j's swap)."""
    text = ("Action: Swap a card from your hand with a card at random from another player's hand. Do not flip this "
            "accessory afterwards.")
    assert compiles(text)[0]["ops"] == [{"op": "choose_player", "among": "opponent"},
                                        {"op": "swap_hand", "random": True}, {"op": "keep_source"}]
    horn = card("Trade Horn", text, kind="accessory")
    st = table(kit([card("Spare Bolt"), *lamps(1)], accessories=[horn]), kit([card("Lone Shell"), card("Tide Shell")]))
    do(st, 'use "Trade Horn"', 'pick "Spare Bolt"')
    assert "Spare Bolt" in names(st, st.hand[1]) and len(st.hand[0]) == 2 and len(st.hand[1]) == 2
    (taken,) = [c for c in st.hand[0] if st.cards[c].name in ("Lone Shell", "Tide Shell")]
    assert st.owner[taken] == 0 and not st.down  # "Do not flip this accessory afterwards": it stays face-up
    (swap,) = [e for e in st.events if e.action == "swap_hand"]
    assert st.event_to_string(swap).startswith("Seat 0 swaps Spare Bolt for ")


def test_exactly_so_many_face_up_cards_with_all_different_types_and_elements():
    """"CARD DATA": a face-up card's TYPES and ELEMENTS; "exactly three face-up cards ... that have three
    different TYPES and ELEMENTS": three, no two sharing a TYPE or an ELEMENT (this card among them)."""
    text = ("Score: If you have exactly three face-up cards in your tableau that have three different TYPES and "
            "ELEMENTS, gain 30 RP.")
    assert check_card("single", {"star": 3}, compiles(text)) == []
    assert compile_text(text.replace("three different", "two different"))[1] is not None  # the numbers disagree
    prism = card("Prism Ledger", text, elements=("earth",), types=("mage",))
    st = table(kit([prism, card("Fin", elements=("water",), types=("beast",)),
                    card("Wing", elements=("air",), types=("soldier",))]), kit(lamps()))
    place(st, 0, "Prism Ledger", "Fin", "Wing")
    assert st.holds(compiles(text)[0]["condition"], st.tableau[0][0], 0, {})
    st = table(kit([prism, card("Fin", elements=("water",), types=("mage",)),
                    card("Wing", elements=("air",), types=("soldier",))]), kit(lamps()))
    place(st, 0, "Prism Ledger", "Fin", "Wing")  # Fin shares MAGE with this card
    assert not st.holds(compiles(text)[0]["condition"], st.tableau[0][0], 0, {})


def test_the_card_whose_effect_flipped_this_one():
    """"Flip a Card": the flipped card's Flip effects; "the STAR of the card that caused this to be flipped"
    is the card whose effect flipped it (its STAR now)."""
    flipped = "Flip: Gain RP equal to twice the STAR of the card that caused this card to be flipped."
    assert compiles(flipped)[0]["ops"][0]["per"] == {"count": "star", "card": "flipper"}
    hammer = "Play: Flip the card to the left of this card."
    st = table(kit([card("Cracked Bell", flipped, star=2), card("Bell Hammer", hammer, star=7)]), kit(lamps()))
    place(st, 0, "Cracked Bell")
    do(st, 'play "Bell Hammer"')
    assert names(st, st.down) == ["Cracked Bell"] and st.rp[0] == 2 * 7


def test_rp_you_had_at_the_end_of_the_tournament_before_scoring():
    """"Ending the Tournament": Score effects are activated at the end; "If you had zero RP at the end of the
    tournament (before scoring), gain 45 RP" asks the RP as scoring began, whatever the Score effects
    before it gave (a Score effect of the Deck Box, after the Singles')."""
    text = "DECK BOX | If you had zero RP at the end of the tournament (before scoring), gain 45 RP."
    (effect,) = compiles(text)
    assert effect["timing"] == "score" and effect["condition"]["of"] == {"count": "rp_at_scoring"}
    box = card("Underdog Crate", text, kind="deck_box")
    for start, expected in ((0, 5 + 45), (3, 3 + 5)):
        st = table(kit([card("Late Bloomer", "Score: Gain 5 RP.")], box=[box]), kit(lamps(1)))
        place(st, 0, "Late Bloomer")
        st.rp[0] = start
        while st.phase != "over":
            (seat,) = st.current_players()
            st.apply_checked(st.legal_actions(seat)[0], seat)
        assert st.rp[0] == expected


def test_that_player_after_a_clash_with_one_opponent():
    """"Clashing": "Clash with an opponent. If you win, that player loses 6 RP": "that player" is the one
    other player of the clash (it named no one before this fix, so the loss never happened)."""
    text = "Play: Clash with an opponent. If you win, that player loses 6 RP."
    st = table(kit([card("Grudge Horn", text, star=9)]), kit([card("Pebble", star=1), *lamps(1)]), store=(1, 1, 1, 1))
    place(st, 1, "Pebble")
    st.rp[1] = 10
    do(st, 'play "Grudge Horn"')
    assert st.clashes_won[0] == 1 and st.rp[1] == 4


@pytest.mark.parametrize(("answer", "lost"), [("decline", 5), ("accept", 0)])
def test_you_may_then_if_you_do_not(answer, lost):
    """"Besides Reactions, other Effects are Not Optional": in "You may discard a card. If you do not, lose
    5 RP" only the discard is the player's choice; declining it still reaches "If you do not"."""
    text = "Play: You may discard a card. If you do not, lose 5 RP."
    (effect,) = compiles(text)
    assert "optional" not in effect and effect["ops"][0] == {"op": "may", "ops": [{"op": "discard", "amount": 1}]}
    st = table(kit([card("Toll Gate", text), card("Spare")]), kit(lamps()))
    st.rp[0] = 20
    do(st, 'play "Toll Gate"', answer)
    if answer == "accept":
        do(st, 'pick "Spare"')
    assert st.rp[0] == 20 - lost and (names(st, st.binder[0]) == ["Spare"]) is (answer == "accept")


def test_the_star_of_each_card_attached_to_this_card():
    """"the STAR of each card attached to this card" is the attached cards' STAR (batch r's COUNT), not the
    STAR of the cards in the tableau (a count read as another and its kind dropped, before this fix)."""
    (effect,) = compiles("DECK BOX | Score: Gain RP equal to the STAR of each card attached to this card.")
    assert effect["ops"][0]["per"] == {"count": "attached", "what": "stars"}


def test_activate_now_and_the_flipped_cards_own_reactions():
    """"Activate a Score effect on a card in your tableau now": now, as this effect resolves (a copy, batch
    m). "Flip a Card": a card's own Reactions are never offered against its own flip (clash.py), so "The
    Reactions of these cards cannot be used" after a flip of them is what the flip already does; and "if it
    has a Reaction or Action" is batch s's test of the Top Card with the word "effect" left out."""
    now = compile_text("Play: Activate a Score effect on a card in your tableau now.")[0]
    assert now and now[0]["ops"] == compile_text("Play: Activate a Score effect on a card in your tableau.")[0][0]["ops"]
    text = ("Play: Every opponent must flip their Top card if it has a Reaction or Action. The Reactions of these "
            "cards cannot be used.")
    (effect,) = compiles(text)
    assert effect["ops"] == [{"op": "flip", "target": {"player": "each_opponent", "pick": "top", "chooser": "owner",
                                                       "filter": {"any_of": [{"timing": "reaction"}, {"timing": "action"}]}}}]
    assert compile_text("Play: Gain 3 RP. The Reactions of these cards cannot be used.")[1] is not None  # no flip before


@pytest.mark.parametrize(("tokens", "offered"), [(0, False), (2, True)])
def test_a_reaction_is_offered_only_while_its_condition_holds(tokens, offered):
    """"Reaction effects are activated whenever the relevant condition on the effect is met", and "When you
    activate a Reaction, the card that triggers it is flipped face-down": "If X, when Y, ..." is offered only
    while X holds, so the card is not flipped for nothing (before, it was offered and flipped first)."""
    text = "Reaction: If there are at least 2 +1 STAR Tokens on this card, when an opponent plays a card, gain 5 RP."
    assert "condition" in compiles(text)[0]
    st = table(kit([card("Tripwire Bell", text), *lamps(2)]), kit(lamps()))
    place(st, 0, "Tripwire Bell")
    (bell,) = ids(st, 0, "Tripwire Bell")
    st.tokens[bell] = tokens
    do(st, 'play "Lamp 0"', 'play "Lamp 0"')  # seat 0, then seat 1 plays
    assert (st.pending is not None and st.pending["kind"] == "optional") is offered
    assert bell not in st.down
