"""Scenario tests for issue 29 (rules fidelity), each with its rulebook quote: an Action only
when a Single can still be played ("Tournament Turns"), an Action's card flipped even when its
text fails ("Use an Action"), and a face-down card's effects ("Flip a Card", "Reaction").
Rulebook: shared/rulebooks/millennium-blades.txt; decisions: docs/rules-notes.md, "Millennium
Blades tournament engine"."""

from __future__ import annotations

import pytest

from rules.core.decks import CardSpec
from rules.core.play import play_game
from rules.core.replay import ReplayError, replay_game
from rules.millennium_blades.engine import ENGINE, new_game
from tests.rules.millennium_blades.helpers import card, do, ids, kit, names, place, table


def legal(state) -> list[str]:
    (seat,) = state.current_players()
    return [str(a) for a in state.legal_actions(seat)]


def test_tournament_turns_no_action_that_would_leave_no_single_to_play():
    """millennium-blades.txt, "Tournament Turns": "may take one Action and must play one Single, in
    either order. If the player is unable to play a Single, they cannot take an Action, and instead
    Passes." Seed 1 of the report: Trading Card Wallet ("Action: Discard a single from your hand to
    gain 6 RP") would discard the only Single, so it is not offered before it."""
    st = new_game([kit(["Launchpad Cowpoke"], accessories=["Trading Card Wallet"]), kit(["Kiln Hound"])], 1)
    assert legal(st) == ['play "Launchpad Cowpoke"']
    do(st, 'play "Launchpad Cowpoke"')
    assert 'use "Trading Card Wallet"' in legal(st)  # after the Single: "in either order"


def test_tournament_turns_no_action_that_would_discard_the_last_single_at_random():
    """millennium-blades.txt, "Tournament Turns": "If the player is unable to play a Single, they
    cannot take an Action": an Action that discards at random (not the plain ``discard`` op) from a
    hand holding one Single is not offered before it. Before this test the check that skips trying
    the Action out knew only the plain discards, and offered it (made-up card)."""
    fumble = CardSpec(None, "Fumbling Satchel", "accessory", {"star": 1}, (
        {"timing": "action", "ops": [{"op": "discard_random", "amount": 1}, {"op": "gain_rp", "amount": 4}]},),
        "", "", "")
    st = new_game([kit(["Launchpad Cowpoke"], accessories=[fumble]), kit(["Kiln Hound"])], 1)
    assert legal(st) == ['play "Launchpad Cowpoke"']
    do(st, 'play "Launchpad Cowpoke"')
    assert 'use "Fumbling Satchel"' in legal(st)  # after the Single: "in either order"


def test_tournament_turns_an_action_before_the_single_when_one_is_left_to_play():
    """millennium-blades.txt, "Tournament Turns": "in either order": with two Singles in hand the Wallet discards one and
    the other is played."""
    st = table(kit(["Cinder Cadet", "Wandering Squire"], accessories=["Trading Card Wallet"]), kit(["Orella"]))
    assert 'use "Trading Card Wallet"' in legal(st)
    do(st, 'use "Trading Card Wallet"', 'pick "Wandering Squire"')
    assert st.rp[0] == 6 and legal(st) == ['play "Cinder Cadet"']
    do(st, 'play "Cinder Cadet"')
    assert st.current_players() == [1] and st.passes == 0


def test_tournament_turns_no_action_that_would_take_away_the_last_open_slot():
    """millennium-blades.txt, "Tournament Turns": "A player will be unable to play a single if ...
    his or her entire tableau is filled already": an Action that flips the card giving the extra
    slot the Single needs is not offered before the Single (made-up cards: the Action is on the
    extra-slot card itself)."""
    roomy = CardSpec(None, "Roomy Binder", "accessory", {"star": 1}, (
        {"timing": "ongoing", "ops": [{"op": "extra_slot", "amount": 1}]},
        {"timing": "action", "ops": [{"op": "gain_rp", "amount": 3}]}), "", "", "")
    fillers = [card(f"Filler {i}", star=1) for i in range(6)]
    st = table(kit([*fillers, card("Seventh", star=2)], accessories=[roomy]), kit(["Orella"]))
    place(st, 0, *[f"Filler {i}" for i in range(6)])
    assert legal(st) == ["play Seventh"]
    do(st, "play Seventh")
    assert legal(st) == ['use "Roomy Binder"', "end"]  # after the Single: "in either order"


def test_use_an_action_its_card_is_flipped_even_when_its_text_fails():
    """millennium-blades.txt, "Use an Action": "To use an action, perform the text on the card, then
    flip the card face-down." The Wallet with an empty hand: nothing to discard, no RP, but the
    Action was used and its card is flipped."""
    st = new_game([kit(["Launchpad Cowpoke"], accessories=["Trading Card Wallet"]), kit(["Kiln Hound"])], 1)
    do(st, 'play "Launchpad Cowpoke"', 'use "Trading Card Wallet"')
    assert st.rp[0] == 2 and ids(st, 0, "Trading Card Wallet")[0] in st.down
    assert [e.action for e in st.events[-3:-1]] == ["discard_failed", "flip"]
    assert st.current_players() == [1]


def test_flip_a_card_a_face_down_reaction_is_not_offered():
    """millennium-blades.txt, "Flip a Card": "While a card is face-down, it has no attributes ... and
    is considered a blank card for all purposes." Seed 1 of the report: Abyssal Leviathan ("Play:
    Each opponent flips their Top Card") flips Hollow Wraith before Wraith's Reaction to the play
    would resolve, so the Reaction is not offered and seat 1 loses no RP."""
    st = new_game([kit(["Hollow Wraith"]), kit(["Launchpad Cowpoke", "Abyssal Leviathan"])], 1)
    do(st, 'play "Hollow Wraith"', 'play "Launchpad Cowpoke"', "end", "pass", 'play "Abyssal Leviathan"')
    assert names(st, st.down) == ["Hollow Wraith"] and st.rp[1] == 2
    assert st.current_players() == [1] and "accept" not in legal(st)
    assert st.events[-1].action == "effect_lost" and dict(st.events[-1].changes)["card"] == "Hollow Wraith"


def test_reaction_a_reaction_flipped_by_its_first_activation_does_not_fire_again():
    """millennium-blades.txt, "Effects on Cards", "Reaction": "When you activate a Reaction, the card
    that triggers it is flipped face-down"; face-down, it is "a blank card for all purposes" ("Flip a
    Card"). Canned Laughter Track ("When one of your effects flips a card in an opponent's tableau,
    gain 4 RP") sees two flips at once (Abyssal Leviathan, two opponents): it fires once."""
    st = table(kit(["Abyssal Leviathan"], accessories=["Canned Laughter Track"]),
               kit(["Cinder Cadet"]), kit(["Wandering Squire"]))
    place(st, 1, "Cinder Cadet")
    place(st, 2, "Wandering Squire")
    do(st, 'play "Abyssal Leviathan"', "accept")
    assert st.rp[0] == 4 and ids(st, 0, "Canned Laughter Track")[0] in st.down
    assert st.current_players() == [1] and "accept" not in legal(st)


def test_flip_a_card_a_next_effect_flipped_before_it_resolves_does_nothing():
    """millennium-blades.txt, "Flip a Card": a face-down card "is considered a blank card for all
    purposes"; "Top>Ongoing>Play>Next>Score" ("Effects on Cards"). Valve Captain Gusto's Thwomp! (Play) flips Riverbank
    Angler before Angler's Next effect ("Gain RP equal to the Star Rating of the next card you
    play") resolves: only Thwomp's 8 RP."""
    st = table(kit(["Riverbank Angler", "Valve Captain Gusto"]), kit(["Orella"]))
    place(st, 0, "Riverbank Angler")
    st.next_effects[0] = [("effect", ids(st, 0, "Riverbank Angler")[0], 0)]
    do(st, 'play "Valve Captain Gusto"')
    assert names(st, st.down) == ["Riverbank Angler"] and st.rp[0] == 8


def test_flip_a_card_a_single_flipped_before_its_play_effect_resolves_has_no_play_effect():
    """millennium-blades.txt, "Flip a Card": "considered a blank card for all purposes"; Ongoing triggers resolve before
    Play effects ("Top>Ongoing>Play>Next>Score"). An opponent's Ongoing effect flips the single
    just played (Cinder Cadet, "Play: Gain 4 RP"): its Play effect does not happen."""
    gate = card("Gatekeeper", "Ongoing: Whenever an opponent plays a single, flip that single.")
    st = table(kit([gate]), kit(["Cinder Cadet"]))
    place(st, 0, "Gatekeeper")
    st.seat_turn = 1
    do(st, 'play "Cinder Cadet"')
    assert names(st, st.down) == ["Cinder Cadet"] and st.rp[1] == 0


def test_ending_the_tournament_a_card_flipped_during_scoring_does_not_score():
    """millennium-blades.txt, "Ending the Tournament": "activate all Score effects of face-up cards"; a card flipped by an
    earlier Score effect is "a blank card for all purposes" ("Flip a Card") when its turn comes."""
    flipper = CardSpec(None, "Left Flipper", "single", {"star": 1}, (
        {"timing": "score", "ops": [{"op": "flip", "target": {"player": "self", "pick": "right"}}]},), "", "", "")
    scorer = card("Right Scorer", "Score: Gain 5 RP.", star=1)
    st = table(kit([flipper, scorer]), kit(["Orella"]))
    place(st, 0, "Left Flipper", "Right Scorer")
    do(st, "pass", 'play "Orella"', "pass", "pass")
    assert st.is_over and st.rp[0] == 0 and names(st, st.down) == ["Right Scorer"]


def test_a_replay_of_the_older_engine_version_is_refused_with_both_versions_named():
    """A change to the rules bumps ``ENGINE.version`` (docs/replay-format.md): a replay recorded
    by 1.3 is refused, saying so, rather than replayed under the new rules."""
    decks = [kit(["Cinder Cadet", "Wandering Squire"], accessories=["Trading Card Wallet"]), kit(["Orella"])]
    replay = play_game(ENGINE, decks, 5, ["random", "random"], record=True).replay
    assert replay["engine_version"] == ENGINE.version == "1.11"
    replay_game(replay)
    replay["engine_version"] = "1.3"
    with pytest.raises(ReplayError, match=r"engine '1\.3'; this is version '1\.11'"):
        replay_game(replay)
