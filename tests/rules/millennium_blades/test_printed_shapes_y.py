"""More shapes of printed text, batch y (issue 26.2; rules/millennium_blades/phrases_more_y.py and
ops_more_y.py): effects answering a flip stopped as it happens. Original cards in each shape,
compiled, checked by the card checker and played in the tournament engine (millennium-blades.txt
sections cited per test; docs/rules-notes.md, "MB: batch y")."""

from __future__ import annotations

from rules.millennium_blades.effects import check_card
from tests.rules.millennium_blades.helpers import card, compiles, do, ids, kit, lamps, place, table

WARDEN = ("Ongoing: Your cards cannot be flipped by opponents' effects. When a card is prevented from flipping by "
          "this effect, gain 3 RP.")
BULWARK = ("Ongoing: Your cards cannot be flipped by opponents' effects. When one or more cards are prevented from "
           "being flipped this way, gain 4 RP.")
SCORCH = "Play: Flip all FIRE cards in opponents' tableaus."
PICK = "Play: Flip a card in an opponent's tableau."


def test_a_flip_prevented_by_this_effect_compiles_and_passes_the_checker():
    """"General Rules", Cannot be flipped: the protection, and an effect of the same card answering a
    flip it stopped; "one or more cards" answers once for the effect that named them."""
    effects = compiles(WARDEN)
    assert effects[0]["ops"] == [{"op": "protect", "target": "tableau"}]
    assert effects[1]["trigger"] == {"event": "flip_prevented"}
    assert compiles(BULWARK)[1]["trigger"] == {"event": "flip_prevented", "once": True}
    for text in (WARDEN, BULWARK):
        assert check_card("single", {"star": 3}, compiles(text)) == []
    bad = compiles(BULWARK)
    bad[1]["trigger"]["once"] = "yes"
    assert check_card("single", {"star": 3}, bad)
    assert check_card("single", {"star": 3}, [{"timing": "ongoing", "trigger": {"event": "play", "once": True},
                                               "ops": [{"op": "gain_rp", "amount": 1}]}])


def _guarded(guard_text: str, attack_text: str):
    st = table(kit([card("Scorcher", attack_text), *lamps()]),
               kit([card("Guard", guard_text, elements=("water",)), *lamps()]))
    place(st, 1, "Guard", "Lamp 0", "Lamp 1")
    return st


def test_each_named_card_kept_face_up_answers_once():
    """"Cannot be flipped": the protected cards are no legal targets, the flip does not happen; each
    card the effect named and the protection kept face-up is a flip prevented by this effect."""
    st = _guarded(WARDEN, SCORCH)
    do(st, 'play "Scorcher"')
    assert not st.down & set(ids(st, 1, "Guard", "Lamp 0", "Lamp 1"))
    assert st.rp[1] == 6  # the two FIRE lamps, not the WATER guard (never named)
    event = next(e for e in st.events if e.action == "flip_prevented")
    assert st.event_to_string(event) == "Seat 1's Guard keeps Lamp 0 from being flipped"


def test_one_or_more_cards_kept_face_up_answer_once_for_the_effect():
    """"one or more cards are prevented ... this way": one answer for the effect's flip."""
    st = _guarded(BULWARK, SCORCH)
    do(st, 'play "Scorcher"')
    assert st.rp[1] == 4


def test_a_protected_card_is_no_choice_and_nothing_is_prevented():
    """"Cannot be flipped", second example: a card that cannot be flipped is "not a legal choice";
    an effect that lets its player choose never named it, so no flip was prevented."""
    st = _guarded(WARDEN, PICK)
    do(st, 'play "Scorcher"')
    assert st.rp[1] == 0
    assert not any(e.action == "flip_prevented" for e in st.events)


STEADFAST = ("Ongoing: If you have not lost a clash this turn, your cards cannot be flipped by opponents' effects. "
             "Gain 2 RP each time one or more cards are prevented from being flipped this way.")
DUEL_THEN_SCORCH = "Play: Clash with an opponent. Flip all FIRE cards in opponents' tableaus."


def test_a_protection_while_no_clash_was_lost_this_turn_compiles():
    """"Effects on Cards", Ongoing: an "if" on a lasting rule is a rule in force while it holds; the
    trailing "each time" is the trigger of a second effect."""
    effects = compiles(STEADFAST)
    assert effects[0]["ops"] == [{"op": "protect", "target": "tableau",
                                  "while": {"test": "not", "of": {"test": "lost_clash_this_turn"}}}]
    assert effects[1]["trigger"] == {"event": "flip_prevented", "once": True}
    assert check_card("single", {"star": 3}, effects) == []
    bad = [{**effects[0], "ops": [{**effects[0]["ops"][0], "while": {"test": "lost_clash_this_turn", "by": 1}}]}]
    assert check_card("single", {"star": 3}, bad)


def test_the_protection_holds_until_its_player_loses_a_clash_this_turn():
    """"Clashing": the loser of the clash has lost a clash this turn, so the protection no longer
    holds and the flip that follows takes the FIRE cards; with no clash lost it keeps them."""
    st = _guarded(STEADFAST, SCORCH)
    do(st, 'play "Scorcher"')
    assert st.rp[1] == 2 and not st.down & set(ids(st, 1, "Lamp 0", "Lamp 1"))
    st = table(kit([card("Scorcher", DUEL_THEN_SCORCH, star=6), *lamps()]),
               kit([card("Guard", STEADFAST, elements=("water",)), *lamps()]))
    place(st, 1, "Guard", "Lamp 0", "Lamp 1")
    do(st, 'play "Scorcher"')  # 6 + 1 against Lamp 1's 3 + 1: seat 1 loses
    assert set(ids(st, 1, "Lamp 0", "Lamp 1")) <= st.down
    assert st.rp[1] == 0


GATEKEEPER = "Top: Play effects do not activate. Each time a Play effect is prevented by this effect, gain 5 RP."
COIN_RAIN = "Play: Gain 10 RP."


def test_play_effects_do_not_activate_compiles():
    """"Effects on Cards", Top: a rule in force while the card is the Top Card, and its answer to each
    Play effect it stops."""
    effects = compiles(GATEKEEPER)
    assert effects[0]["ops"] == [{"op": "no_play_effects"}]
    assert effects[1]["trigger"] == {"event": "play_prevented"} and effects[1]["timing"] == "top"
    assert check_card("single", {"star": 3}, effects) == []
    assert check_card("single", {"star": 3}, [{"timing": "play", "ops": [{"op": "no_play_effects"}]}])


def test_an_opponents_play_effect_is_stopped_and_answered():
    """"Effects on Cards", Play: "activated right away when a card comes into play"; the Top rule in
    force stops it: no RP for the player, the Top card's answer for its own."""
    st = table(kit([card("Rainmaker", COIN_RAIN), *lamps()]), kit([card("Gatekeeper", GATEKEEPER), *lamps()]))
    place(st, 1, "Gatekeeper")
    do(st, 'play "Rainmaker"')
    assert st.rp == [0, 5]
    event = next(e for e in st.events if e.action == "play_effects_stopped")
    assert st.event_to_string(event) == "Rainmaker's Play effects do not activate (Gatekeeper)"


def test_the_rule_is_judged_as_the_tableau_was_when_the_card_was_played():
    """"Top Card": the card played becomes the Top Card once placed; the rule of the Top Card when it
    was played (the player's own) still stops its Play effects. Not a Top Card, no rule."""
    st = table(kit([card("Rainmaker", COIN_RAIN), card("Gatekeeper", GATEKEEPER), *lamps()]), kit(lamps()))
    place(st, 0, "Gatekeeper")
    do(st, 'play "Rainmaker"')
    assert st.rp == [5, 0]
    st = table(kit([card("Rainmaker", COIN_RAIN), card("Gatekeeper", GATEKEEPER), *lamps()]), kit(lamps()))
    place(st, 0, "Gatekeeper", "Lamp 0")  # Lamp 0 is the Top Card
    do(st, 'play "Rainmaker"')
    assert st.rp == [10, 0]
