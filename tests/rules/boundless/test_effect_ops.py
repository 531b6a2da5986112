"""One scenario per effect op used by the card pool (rules/boundless/cards.py EFFECT_OPS), run
from the card data in fixtures/boundless.json; the ops no card uses yet run from a synthetic
effect. Rulebook: boundless-tcg.txt, "KEYWORDS" and the card texts.
"""

from __future__ import annotations

import json

from rules.boundless.cards import EFFECT_OPS
from rules.boundless.constants import ACT1, COMBAT
from rules.boundless.effects import END_OF_ATTACK

from .helpers import ROOT, Board, act, answer, kind, legal, names, play_kind, run_effect

TESTED_BY_CARD = {
    "draw", "discard", "rescue", "spiritualize", "invoke", "despiritualize", "devour", "pwr",
    "damage", "sacrifice", "return_to_hand", "search", "play_from", "negate", "extra_attack",
    "protect", "win", "flip_savior",
}
TESTED_SYNTHETIC = {"cannot_attack", "mill"}


def test_every_op_of_the_pool_and_schema_has_a_test():
    cards = json.loads((ROOT / "fixtures" / "boundless.json").read_text())["cards"]
    used = {op["op"] for c in cards for e in c.get("effects", []) for op in e.get("cost", []) + e.get("ops", [])}
    assert used <= TESTED_BY_CARD
    assert set(EFFECT_OPS) == TESTED_BY_CARD | TESTED_SYNTHETIC


def test_op_draw__coral_oracle():
    b = Board(savior0="Maris, Voice of the Undertow")
    b.form(0, "Coral Oracle", spirits=("Boost Spirit",))
    s = b.done()
    top = s.main_deck[0][-1]
    act(s, "use form 0 0")
    assert s.hand[0] == [top]


def test_op_discard__ashen_wyrm_cost_and_opponent_choice_and_spirits_never_discarded():
    b = Board(savior0="Ignarok, the Ember Sovereign", savior1="Maris, Voice of the Undertow")
    b.form(0, "Ashen Wyrm", spirits=("Boost Spirit",))
    b.hand(0, "Cobble Whelp", "Call of the Grove", "Boost Spirit", "Mosslit Pebbler")
    b.hand(1, "Tidal Insight", "Ashveil Imp")
    s = b.done()
    act(s, "use form 0 0")  # discard 2 cards; your opponent discards 1 card
    assert legal(s) == {f"choose {kind(s, n)}" for n in ("Cobble Whelp", "Call of the Grove", "Mosslit Pebbler")}
    act(s, f"choose {kind(s, 'Cobble Whelp')}")
    act(s, f"choose {kind(s, 'Call of the Grove')}")
    assert s.current_players() == [1]  # the opponent chooses what they discard
    act(s, f"choose {kind(s, 'Ashveil Imp')}")
    # Ashveil Imp [INDEPENDENT] when discarded: its owner's opponent discards 1 (only Mosslit can go)
    assert names(s, s.hand[0]) == ["Boost Spirit"]
    assert names(s, s.drop[0]) == ["Cobble Whelp", "Call of the Grove", "Mosslit Pebbler"]
    assert names(s, s.drop[1]) == ["Ashveil Imp"]


def test_op_rescue__requiem_of_ash():
    b = Board(savior0="Kuroha, Akumaiden Matriarch")
    b.hand(0, "Requiem of Ash", "Cobble Whelp", "Pebbleheart Sentry")
    b.void(0, 2)
    s = b.done()
    void = list(s.void[0])
    act(s, play_kind(s, "cmd", "Requiem of Ash"))  # discard 2 cards; rescue 2
    answer(s)
    assert s.void[0] == [] and sorted(s.hand[0]) == sorted(void)
    assert s.known_in_hand[0] == set(void)  # rescued from the (public) void: the opponent knows them


def test_op_rescue_of_one_spirit_type_takes_only_that_type():
    """KEYWORDS "RESCUE" with a ``kind``: spirits of that type from your void, none other."""
    b = Board()
    b.void(0, 5)
    s = b.done()
    protects = [x for x in s.void[0] if s.card_defs[x].spirit_kind == "protect"]
    others = [x for x in s.void[0] if s.card_defs[x].spirit_kind != "protect"]
    assert protects and others, "the test needs both kinds in the void"
    run_effect(s, 0, s.savior[0], {"timing": "auto", "ops": [{"op": "rescue", "amount": 9, "kind": "protect"}]})
    while s.pending is not None:
        answer(s)
    assert sorted(s.hand[0]) == sorted(protects) and sorted(s.void[0]) == sorted(others)


def test_op_spiritualize__sylvara_rootbind():
    b = Board()
    golem = b.form(0, "Emeraldefender Golem", slot=0)
    b.hand(0, "Cobble Whelp", "Boost Spirit")
    s = b.done()
    act(s, "use savior 1")  # discard 1 card; spiritualize 1 {Golem} form not spiritualized this turn
    assert names(s, s.form_spirits[0][0]) == ["Boost Spirit"] and golem in s.spiritualized_this_turn
    assert not any(a.startswith("spirit") and a.endswith(" 0") for a in legal(s))


def test_op_invoke__akumaiden_lantern_bearer():
    b = Board(savior0="Kuroha, Akumaiden Matriarch")
    b.form(0, "Akumaiden Lantern-Bearer", spirits=("Boost Spirit",))
    b.hand(0, "Cobble Whelp")
    s = b.done()
    top = s.spirit_deck[0][-1]
    act(s, "use form 0 0")
    assert s.hand[0] == [top]


def test_op_despiritualize__akumaiden_whisperer():
    b = Board(savior0="Kuroha, Akumaiden Matriarch", savior1="Sylvara, Emerald Warden")
    b.form(0, "Akumaiden Whisperer", spirits=("Boost Spirit",))
    b.hand(0, "Cobble Whelp")
    b.form(1, "Emeraldefender Golem", spirits=("Protect Spirit", "Protect Spirit"))
    s = b.done()
    act(s, "use form 0 0")
    assert len(s.form_spirits[1][0]) == 1 and names(s, s.void[1]) == ["Protect Spirit"]


def test_op_devour__devouring_rite():
    b = Board(savior0="Kuroha, Akumaiden Matriarch")
    b.savior_spirits(0, "Boost Spirit")
    b.form(0, "Akumaiden Acolyte")
    b.hand(0, "Devouring Rite")
    s = b.done()
    top2 = s.spirit_deck[1][-2:]
    act(s, play_kind(s, "cmd", "Devouring Rite"))  # de-spiritualize your savior 1; devour 2
    assert sorted(s.void[1]) == sorted(top2) and len(s.void[0]) == 1 and s.savior_spirits[0] == []


def test_op_pwr__blood_altar_until_end_of_turn_cont_and_counted_amounts():
    b = Board(savior0="Kuroha, Akumaiden Matriarch")
    acolyte = b.form(0, "Akumaiden Acolyte")
    b.hand(0, "Akumaiden Blood Altar", "Cobble Whelp")
    s = b.done()
    act(s, play_kind(s, "cmd", "Akumaiden Blood Altar"))
    act(s, "use cmd 0 0")  # discard 1 card; 1 "Akumaiden" form gains +2 PWR until the end of the turn
    assert s.pwr(acolyte) == 4
    act(s, "end")
    act(s, "end")
    act(s, "end")
    assert s.pwr(acolyte) == 2
    # CONT on other cards (Jadewall Colossus) and counted amounts (Emeraldefender Golem)
    b2 = Board()
    golem = b2.form(0, "Emeraldefender Golem", spirits=("Protect Spirit", "Protect Spirit", "Rescue Spirit"))
    colossus = b2.form(0, "Jadewall Colossus")
    s2 = b2.done()
    assert s2.pwr(golem) == 4 + 2 + 1 and s2.pwr(colossus) == 6


def test_op_damage__akumaidens_punishment_on_a_played_form():
    b = Board(savior1="Kuroha, Akumaiden Matriarch")
    b.hand(0, "Cobble Whelp")
    b.form(1, "Akumaiden Acolyte")
    b.command(1, "Akumaiden's Punishment", face_up=False, set_turn=2)
    b.hand(1, "Cindermaw Hound")
    s = b.done()
    act(s, play_kind(s, "play", "Cobble Whelp"))
    assert legal(s) == {"pass", "respond cmd 0"}
    act(s, "respond cmd 0")  # discard 1 card; damage that form
    assert names(s, s.drop[0]) == ["Cobble Whelp"] and s.forms[0] == [-1] * 5
    assert names(s, s.drop[1]) == ["Cindermaw Hound", "Akumaiden's Punishment"]


def test_op_sacrifice_and_damage__ignarok_cinderstorm_on_flip():
    """Cinderstorm is [AUTO]: it resolves by itself when Ignarok becomes boundless (rules-notes:
    "[AUTO] effects are not optional"; test_audit.py pins the rule)."""
    b = Board(savior0="Ignarok, the Ember Sovereign")
    b.savior_spirits(0, *["Rescue Spirit"] * 4)
    whelp = b.form(0, "Emberkin Pup", spirits=("Boost Spirit",))
    golem = b.form(1, "Emeraldefender Golem")
    s = b.done()
    act(s, "flip")
    assert s.pending is None and s.current_players() == [0]  # nothing was asked
    assert whelp in s.drop[0] and names(s, s.void[0]) == ["Boost Spirit"] and golem in s.drop[1]


def test_op_return_to_hand__undertow_siren_and_riptide_crown():
    b = Board(savior0="Maris, Voice of the Undertow")
    b.form(0, "Undertow Siren", spirits=("Boost Spirit",))
    b.hand(0, "Cobble Whelp")
    whelp = b.form(1, "Cobble Whelp", spirits=("Aggress Spirit",))
    b.form(1, "Emeraldefender Golem")  # level 1: not a target
    s = b.done()
    act(s, "use form 0 0")
    assert whelp in s.hand[1] and whelp in s.known_in_hand[1] and names(s, s.void[1]) == ["Aggress Spirit"]


def test_op_search__call_of_the_grove_then_shuffle():
    b = Board()
    b.hand(0, "Call of the Grove")
    s = b.done()
    act(s, play_kind(s, "cmd", "Call of the Grove"))  # add 1 {Golem} form from your main deck
    answer(s)
    assert len(s.hand[0]) == 1 and "golem" in s.card_defs[s.hand[0][0]].tags


def test_op_play_from__cinder_phoenix_pyralis_from_the_drop_zone():
    b = Board(savior0="Ignarok, the Ember Sovereign")
    b.savior_spirits(0, "Boost Spirit", "Rescue Spirit")
    phoenix = b.drop(0, "Cinder Phoenix Pyralis")[0]
    s = b.done()
    act(s, f"use drop {kind(s, 'Cinder Phoenix Pyralis')} 0")
    answer(s)
    assert s.forms[0][0] == phoenix and s.savior_spirits[0] == [] and len(s.void[0]) == 2


def test_op_negate__tidewarden_naga_form_interrupt():
    b = Board(savior1="Maris, Voice of the Undertow")
    b.hand(0, "Tidal Insight")
    b.form(1, "Tidewarden Naga", slot=2, spirits=("Boost Spirit",))
    b.hand(1, "Shellguard Crab")
    s = b.done()
    act(s, play_kind(s, "cmd", "Tidal Insight"))
    assert legal(s) == {"pass", "respond form 2 0"}
    act(s, "respond form 2 0")
    assert names(s, s.drop[0]) == ["Tidal Insight"] and s.hand[0] == []


def test_op_extra_attack__hollowfang_ravager():
    b = Board(savior0="Ignarok, the Ember Sovereign", step=COMBAT)
    b.form(0, "Hollowfang Ravager", spirits=("Boost Spirit", "Rescue Spirit"))
    s = b.done()
    act(s, "attack 0 savior")
    assert not any(a.startswith("attack 0") for a in legal(s))
    act(s, "use form 0 0")  # de-spiritualize this card 1; it can attack one more time
    answer(s)
    assert "attack 0 savior" in legal(s) and "use form 0 0" not in legal(s)  # once per turn


def test_op_protect__emerald_bulwark_shrine_until_the_end_of_the_opponents_next_turn():
    b = Board()
    golem = b.form(0, "Emeraldefender Golem", spirits=("Boost Spirit", "Rescue Spirit"))
    b.command(0, "Emerald Bulwark Shrine")
    s = b.done()
    act(s, "use cmd 0 0")
    answer(s)
    assert s.protected_until[golem] == 2 * (s.turn + 1) + 1
    act(s, "end")
    act(s, "end")
    act(s, "end")  # the opponent's turn: their savior (PWR 5) attacks the golem (PWR 4 + 1)
    act(s, "end")
    s.forms[1][0] = -1
    act(s, "attack savior 0")
    answer(s)
    assert golem not in s.damaged and golem in s.forms[0]


def test_op_protect__protect_spirit_only_this_attack():
    b = Board(step=COMBAT)
    b.form(0, "Jadewall Colossus", spirits=("Rescue Spirit",))
    golem = b.form(1, "Emeraldefender Golem", spirits=("Protect Spirit",))
    s = b.done()
    act(s, "attack 0 0")
    act(s, "accept")  # de-spiritualize it 1; it cannot be damaged by this attack
    assert golem not in s.damaged and s.protected_until == {} and names(s, s.void[1]) == ["Protect Spirit"]
    act(s, "attack savior 0")
    assert golem in s.damaged


def test_op_win__sovereigns_decree():
    b = Board(savior0="Ignarok, the Ember Sovereign")
    b.savior_spirits(0, *["Rescue Spirit"] * 5)
    b.void(1, 5)
    s = b.done()
    s.flipped = [True, s.flipped[1]]  # (replaced, never changed in place: base.py REPLACED)
    act(s, "end")
    act(s, "end")
    act(s, "end")
    assert not s.is_over  # opponent has only 5 in the void
    b2 = Board(savior0="Ignarok, the Ember Sovereign")
    b2.savior_spirits(0, *["Rescue Spirit"] * 5)
    b2.void(1, 6)
    s2 = b2.done()
    s2.flipped = [True, s2.flipped[1]]  # (replaced, never changed in place: base.py REPLACED)
    for _ in range(3):
        act(s2, "end")
    assert s2.outcome.winners == (0,) and s2.outcome.reason == "alternate_win"


# -- ops no card uses yet ----------------------------------------------------------------------------
def test_op_cannot_attack():
    b = Board(step=COMBAT)
    whelp = b.form(0, "Cobble Whelp", spirits=("Boost Spirit",))
    s = b.done()
    run_effect(s, 1, s.savior[1], {"timing": "auto", "ops": [
        {"op": "cannot_attack", "target": {"player": "opponent", "card": "form"}, "until": "end_of_turn"}]})
    assert whelp in s.cannot_attack_until and not any(a.startswith("attack 0") for a in legal(s))


def test_op_mill():
    b = Board()
    s = b.done()
    top = s.main_deck[1][-2:]
    run_effect(s, 0, s.savior[0], {"timing": "auto", "ops": [{"op": "mill", "amount": 2, "player": "opponent"}]})
    assert sorted(s.drop[1]) == sorted(top)


def test_op_mill_logs_the_cards_that_moved():
    """A deck with fewer cards than asked mills what it has, and the event says how many moved."""
    b = Board()
    s = b.done()
    s.log_events = True
    del s.main_deck[1][:-1]  # one card left
    run_effect(s, 0, s.savior[0], {"timing": "auto", "ops": [{"op": "mill", "amount": 3, "player": "opponent"}]})
    milled = [dict(e.changes) for e in s.events if e.action == "mill"]
    assert not s.main_deck[1] and [e["cards"] for e in milled] == [1]


def test_op_flip_savior():
    b = Board()
    s = b.done()
    run_effect(s, 0, s.savior[0], {"timing": "auto", "ops": [{"op": "flip_savior"}]})
    assert s.flipped[0] and s.pwr(s.savior[0]) == 7


def _hatch(state, frame):
    state.draw(frame[0], 3)
    return True


def test_effect_python_escape_hatch():
    b = Board()
    s = b.done()
    run_effect(s, 0, s.savior[0], {"timing": "auto", "python": "tests.rules.boundless.test_effect_ops:_hatch"})
    assert len(s.hand[0]) == 3 and s.step == ACT1 and s.frames == []


def test_until_end_of_attack_expires_after_the_attack():
    b = Board(step=COMBAT)
    s = b.done()
    s.protected_until[s.savior[1]] = END_OF_ATTACK
    act(s, "attack savior savior")
    assert s.protected_until == {} and s.void[1] == []
