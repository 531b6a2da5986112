"""Batch m of printed MB shapes (issue 26.2; rules/millennium_blades/phrases_more_m.py,
ops_more_m.py): printed parentheticals the grammar reads as words. Original cards;
millennium-blades.txt sections cited per test."""

from __future__ import annotations

from rules.millennium_blades.effects import check_effect
from rules.millennium_blades.text import compile_text
from tests.rules.millennium_blades.helpers import card, compiles, do, ids, kit, lamps, place, table

WAITS = "Ongoing: Whenever you play an ANIMAL single (after all Play effects), flip it and gain 4 RP."
EAGER = "Ongoing: Whenever you play an ANIMAL single, flip it and gain 4 RP."


def _play_a_beast(keeper_text: str):
    st = table(kit([card("Stable Keeper", keeper_text), card("Hungry Colt", "Play: Gain 3 RP.", types=("animal",))]),
               kit(lamps()))
    place(st, 0, "Stable Keeper")
    do(st, 'play "Hungry Colt"')
    return st


def test_a_play_trigger_after_all_play_effects():
    """"Effects on Cards": "Top>Ongoing>Play>Next ... is the order of what effects take priority", so
    an Ongoing play trigger that flips the played card runs first and the card's Play effect is lost
    with its text ("Flip a Card"); "(after all Play effects)" asks for the other order: the card's
    Play effect, then the flip (rules notes, "MB: batch m, parentheses")."""
    effect = compiles(WAITS)[0]
    assert effect["trigger"] == {"event": "play", "by": "self", "filter": {"type": "animal"}, "after_play": True}
    st = _play_a_beast(WAITS)
    (colt,) = ids(st, 0, "Hungry Colt")
    assert st.rp[0] == 7 and colt in st.down  # 3 from the Colt's own Play effect, then 4
    eager = _play_a_beast(EAGER)
    assert eager.rp[0] == 4  # flipped first: the Colt's Play effect is gone


def test_after_all_play_effects_is_read_only_after_a_play_event():
    """The words wait for a played card's effects, so they are read after a play event only."""
    effects, reason = compile_text("Ongoing: Whenever you win a clash (after all Play effects), gain 2 RP.")
    assert effects is None and "after all play effects" in reason.lower()
    bad = {"timing": "ongoing", "trigger": {"event": "clash_won", "after_play": True}, "ops": [{"op": "gain_rp", "amount": 1}]}
    assert check_effect(bad, "effects[0]")


def test_a_play_trigger_including_this_one():
    """"Effects on Cards": a card in play is "considered 'in play' ... when their effect is resolving"
    and its Ongoing text works while it is face-up; a card's own Ongoing play trigger does not see its
    own play, and "(including this one)" asks that it does (rules notes, "MB: batch m, parentheses");
    the card must still fit the trigger's card words."""
    text = "Ongoing: Each time you play a single (including this one), gain 2 RP."
    assert compiles(text)[0]["trigger"] == {"event": "play", "by": "self", "this_too": True}
    st = table(kit([card("Echo Drummer", text), card("Plain Step")]), kit(lamps()), first_player=0)
    do(st, 'play "Echo Drummer"')
    assert st.rp[0] == 2  # its own play
    bare = table(kit([card("Echo Drummer", "Ongoing: Each time you play a single, gain 2 RP.")]), kit(lamps()))
    do(bare, 'play "Echo Drummer"')
    assert bare.rp[0] == 0
    fussy = "Ongoing: When you play a WATER single (including this one), gain 2 RP."
    dry = table(kit([card("Dry Drummer", fussy, elements=("fire",))]), kit(lamps()))
    do(dry, 'play "Dry Drummer"')
    assert dry.rp[0] == 0  # not a WATER single: it does not fit
    wet = table(kit([card("Wet Drummer", fussy, elements=("water",))]), kit(lamps()))
    do(wet, 'play "Wet Drummer"')
    assert wet.rp[0] == 2
    effects, reason = compile_text("Ongoing: When an opponent plays a single (including this one), gain 2 RP.")
    assert effects is None and "including this one" in reason.lower()


def _an_opponent_plays(watcher_text: str):
    st = table(kit([card("Gate Warden", watcher_text)]),
               kit([card("Bold Herald", "Play: Gain 3 RP.", star=6)]), first_player=1)
    place(st, 0, "Gate Warden")
    do(st, 'play "Bold Herald"')
    return st


def test_play_effects_still_occur_after_the_trigger_flips_the_card():
    """"Flip a Card": a face-down card "is considered a blank card", so a Top trigger that flips the
    played card first (Top>Ongoing>Play, "Effects on Cards") takes its Play effects with it; "(play
    effects still occur)" says they resolve all the same (rules notes, "MB: batch m, parentheses")."""
    text = "Top: Whenever an opponent plays a 6 STAR single, flip that card and gain 5 RP (play effects still occur)."
    assert compiles(text)[0]["trigger"]["keeps_play"] is True
    st = _an_opponent_plays(text)
    (herald,) = ids(st, 1, "Bold Herald")
    assert herald in st.down and st.rp == [5, 3]
    plain = _an_opponent_plays(text.replace(" (play effects still occur)", ""))
    assert plain.rp == [5, 0]  # blank before its Play effect
