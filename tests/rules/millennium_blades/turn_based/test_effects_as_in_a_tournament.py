"""Turn-Based Mode plays cards "following all rules as in a tournament" (millennium-blades.txt,
"VARIANTS & OPTIONS", "Turn-Based Mode" 5): the tournament engine's fixes of issue 29 hold here
too, and income is in the event log."""

from __future__ import annotations

from tests.rules.millennium_blades.turn_based.helpers import act, game, give, set_hand


def test_turn_based_an_actions_card_is_flipped_even_when_its_text_fails():
    """millennium-blades.txt, "Use an Action": "perform the text on the card, then flip the card
    face-down"; "players can use "Action:" effects before or after doing their main action"
    ("Turn-Based Mode"). The Wallet with an empty hand discards nothing and is flipped."""
    state = game(3)
    set_hand(state, 0, ["Meadow Sprite"])
    wallet = give(state, 0, "Trading Card Wallet", "accessories")
    act(state, 'play "Meadow Sprite"')
    act(state, 'use "Trading Card Wallet"')
    assert wallet in state.table.down
    assert "discard_failed" in [e.action for e in state.events[-6:]]


def test_turn_based_a_face_down_cards_reaction_is_not_offered():
    """millennium-blades.txt, "Flip a Card": a face-down card "is considered a blank card for all
    purposes". Abyssal Leviathan's Play flips Hollow Wraith (the opponent's Top Card) before
    Wraith's Reaction to the play would resolve: it is not offered, no RP is lost."""
    state = game(2)
    set_hand(state, 0, ["Abyssal Leviathan"])
    wraith = give(state, 1, "Hollow Wraith", "tableau")
    state.table.rp[0] = 10
    act(state, 'play "Abyssal Leviathan"')
    assert wraith in state.table.down and state.table.rp[0] == 10
    assert state.table.pending is None and "accept" not in [str(a) for a in state.legal_actions(1)]


def test_turn_based_setup_2_and_scoring_6_income_is_in_the_event_log():
    """millennium-blades.txt, "Turn-Based Mode": "Each player gains 30 Millennium Dollars" (setup
    2), "gain 30 more Millennium Dollars" (Scoring 6): each is an ``income`` event."""
    state = game(3)
    act(state, "score")
    income = [(e.player, dict(e.changes)["amount"]) for e in state.events if e.action == "income"]
    assert income == [(0, 30), (1, 30), (2, 30), (0, 30)]
    assert dict(next(e for e in reversed(state.events) if e.action == "income").changes)["money"] == state.money[0]
