"""Rule corrections from the independent audit of the Boundless engine, one scenario each, named
after the rulebook section (shared/rulebooks/boundless-tcg.txt) whose words decide it. The
decisions are recorded in docs/rules-notes.md, Boundless engine, "Audit corrections".
"""

from __future__ import annotations

import json

from rules.boundless.constants import COMBAT
from rules.boundless.effects import END_OF_ATTACK, Effect
from rules.boundless.records import Trigger

from .helpers import ROOT, Board, act, answer, kind, legal, names, run_effect

GOLEM = "Emeraldefender Golem"


def end_turns(s, n: int) -> None:
    for _ in range(n):
        t = s.turn
        while s.turn == t and not s.is_over:
            act(s, "end")


def effects_resolved(s, since: int = 0) -> list[str]:
    return [dict(e.changes)["card"] for e in s.events[since:] if e.action == "effect"]


# -- "cannot be damaged until ..." stops damage from effects too ------------------------------------
def test_rulebook_form_cards_cont__cannot_be_damaged_until_the_opponents_next_turn_stops_effect_damage():
    """Emeraldefender Golem: "another {Golem} form you control cannot be damaged until the end of
    your opponent's next turn". In that turn Ignarok's Cinderstorm ("damage 1 form your opponent
    controls") cannot damage it; the other Golem, unprotected, can be."""
    b = Board(savior0="Sylvara, Emerald Warden", savior1="Ignarok, the Ember Sovereign")
    b.form(0, GOLEM, slot=0, spirits=("Boost Spirit", "Rescue Spirit"))
    shielded = b.form(0, GOLEM, slot=1)
    b.savior_spirits(1, *["Rescue Spirit"] * 4)  # Ignarok's flip condition: 4 spirits underneath
    b.form(1, "Cobble Whelp", slot=0)  # Cinderstorm's cost: sacrifice 1 form you control
    s = b.done()
    act(s, "use form 0 1")  # de-spiritualize this card 1; another {Golem} form ... cannot be damaged
    answer(s)
    assert s.protected_until[shielded] == 2 * (s.turn + 1) + 1
    end_turns(s, 1)  # the opponent's next turn
    assert s.turn_player == 1
    act(s, "flip")  # Cinderstorm: sacrifice Cobble Whelp; damage 1 form your opponent controls
    assert legal(s) == {"choose seat0.form0", "choose seat0.form1"}
    act(s, "choose seat0.form1")
    assert shielded in s.forms[0] and shielded not in s.drop[0]
    assert any(e.action == "protected" and dict(e.changes)["card"] == GOLEM for e in s.events)


def test_rulebook_form_cards_cont__an_unprotected_form_is_damaged_by_the_same_effect():
    b = Board(savior0="Sylvara, Emerald Warden", savior1="Ignarok, the Ember Sovereign")
    golem = b.form(0, GOLEM, slot=0)
    s = b.done()
    run_effect(s, 1, s.savior[1], {"timing": "auto", "ops": [{"op": "damage", "target": {"player": "opponent", "card": "form"}}]})
    assert golem in s.drop[0]


def test_rulebook_the_combat_step__cannot_be_damaged_by_this_attack_does_not_stop_effect_damage():
    """Protect Spirit's "cannot be damaged by this attack" protects from that attack only: a damage
    effect during the attack still damages the card."""
    b = Board(savior0="Sylvara, Emerald Warden", savior1="Kuroha, Akumaiden Matriarch", step=COMBAT)
    golem = b.form(0, GOLEM, slot=0)
    s = b.done()
    s.protected_until = {**s.protected_until, golem: END_OF_ATTACK}  # (replaced, never changed in place: base.py)
    run_effect(s, 1, s.savior[1], {"timing": "auto", "ops": [{"op": "damage", "target": {"player": "opponent", "card": "form"}}]})
    assert golem in s.damaged


# -- simultaneous effects resolve by timing ---------------------------------------------------------
def test_rulebook_effect_timing_indicators__simultaneous_effects_resolve_interrupt_swift_independent_then_auto():
    """"IN THE EVENT THAT MULTIPLE CARD EFFECTS ARE ACTIVATED SIMULTANEOUSLY, THEY SHOULD BE RESOLVED
    IN THE FOLLOWING ORDER: CONT, [INTERRUPT], [SWIFT], [INDEPENDENT]"; [AUTO], which the list does
    not name, comes last; within a timing the turn player's effects come first."""
    b = Board()
    s = b.done()
    batch = []
    for controller in (1, 0):
        for timing in ("auto", "independent", "swift", "interrupt"):
            batch.append(Trigger(controller, s.savior[controller], Effect(0, {"timing": timing}), {}, "field"))
    s._queue(batch)
    order = [(t.effect.timing, t.controller) for t in s.waiting_effects[0]]
    assert order == [("interrupt", 0), ("interrupt", 1), ("swift", 0), ("swift", 1),
                     ("independent", 0), ("independent", 1), ("auto", 0), ("auto", 1)]


def test_rulebook_effect_timing_indicators__the_opponents_swift_resolves_before_the_turn_players_auto():
    """Akumaiden Bladedancer attacks a Golem: its [AUTO] ("when this card attacks") and Briarback
    Tortoise's [SWIFT] ("when a {Golem} form you control is attacked") trigger together. The
    [SWIFT] resolves first although it is the other player's (its controller decides to use it)."""
    b = Board(savior0="Kuroha, Akumaiden Matriarch", savior1="Sylvara, Emerald Warden", step=COMBAT)
    b.form(0, "Akumaiden Bladedancer", slot=0, spirits=("Boost Spirit",))
    b.form(1, GOLEM, slot=0)
    tortoise = b.form(1, "Briarback Tortoise", slot=1, spirits=("Boost Spirit",))
    s = b.done()
    since = len(s.events)
    act(s, "attack 0 0")
    assert s.current_players() == [1] and s.pending.kind == "optional" and s.pending.trigger.source == tortoise
    act(s, "accept")
    assert effects_resolved(s, since)[:2] == ["Briarback Tortoise", "Akumaiden Bladedancer"]


def test_rulebook_effect_timing_indicators__same_timing_turn_player_orders_theirs_first():
    """"IF MULTIPLE EFFECTS OF THE SAME TIMING ARE ATTEMPTING TO RESOLVE, THE TURN PLAYER CHOOSES TO
    ACTIVATE THEIR EFFECTS IN THE ORDER THEY WANT": two [AUTO]s of the turn player are offered as
    ``order`` actions naming the card kind and effect, never a position in a list."""
    b = Board(savior0="Kuroha, Akumaiden Matriarch", savior1="Maris, Voice of the Undertow", step=COMBAT)
    b.form(0, "Akumaiden Bladedancer", slot=0, spirits=("Aggress Spirit",))
    b.form(1, "Pearlshell Guardian", slot=0)
    s = b.done()
    act(s, "attack 0 0")
    options = legal(s)
    assert options == {f"order {kind(s, 'Akumaiden Bladedancer')} 0", f"order {kind(s, 'Aggress Spirit')} 0 0"}
    said = {a: s.action_to_string(next(x for x in s.pending.options if str(x) == a), 0) for a in options}
    assert said[f"order {kind(s, 'Aggress Spirit')} 0 0"] == \
        "Seat 0 resolves Aggress Spirit's effect (under Akumaiden Bladedancer (form zone 1)) next"


# -- [AUTO] means automatic ------------------------------------------------------------------------
def test_rulebook_effect_timing_indicators__auto_cinderstorm_resolves_without_asking():
    """"[AUTO] EFFECTS WITH THIS ETI ACTIVATE AUTOMATICALLY WHEN THEIR CONDITIONS ARE MET": Ignarok's
    Cinderstorm is not optional (card data corrected), so flipping Ignarok sacrifices and damages
    without an accept / pass."""
    cards = json.loads((ROOT / "fixtures" / "boundless.json").read_text(encoding="utf-8"))["cards"]
    cinderstorm = next(e for c in cards for e in c.get("effects", []) if e.get("name") == "Cinderstorm")
    assert cinderstorm["timing"] == "auto" and not cinderstorm.get("optional")
    b = Board(savior0="Ignarok, the Ember Sovereign")
    b.savior_spirits(0, *["Rescue Spirit"] * 4)
    pup = b.form(0, "Emberkin Pup")
    whelp = b.form(1, "Cobble Whelp")
    s = b.done()
    act(s, "flip")
    assert s.pending is None and pup in s.drop[0] and whelp in s.drop[1]


# -- the event log says what happened -----------------------------------------------------------------
def test_rulebook_keywords__invoke_event_records_the_spirits_actually_invoked():
    """KEYWORDS "INVOKE": spirits "FROM THE TOP OF THEIR SPIRIT DECK": with 1 spirit left, "invoke 2"
    invokes 1, and the event says 1; the invoke step with an empty spirit deck says 0."""
    b = Board()
    s = b.done()
    s.spirit_deck[0] = s.spirit_deck[0][-1:]
    run_effect(s, 0, s.savior[0], {"timing": "auto", "ops": [{"op": "invoke", "amount": 2}]})
    invoked = [dict(e.changes)["cards"] for e in s.events if e.action == "invoke"]
    assert invoked == [1] and s.spirit_deck[0] == [] and len(s.hand[0]) == 1
    s.spirit_deck[1] = []
    end_turns(s, 1)  # the opponent's invoke step
    assert [dict(e.changes)["cards"] for e in s.events if e.action == "invoke"] == [1, 0]


# -- a choice is said by what is chosen -----------------------------------------------------------------
def test_rulebook_keywords__discard_choice_is_said_by_the_card_chosen():
    """KEYWORDS "DISCARD": the discarding player picks cards of their hand; the action names the
    card's kind and the sentence its name, never "card kind N"."""
    b = Board(savior0="Ignarok, the Ember Sovereign", savior1="Maris, Voice of the Undertow")
    b.form(0, "Ashen Wyrm", spirits=("Boost Spirit",))
    b.hand(0, "Cobble Whelp", "Call of the Grove")
    s = b.done()
    act(s, "use form 0 0")  # discard 2 cards; your opponent discards 1 card
    choice = next(a for a in s.pending.options if a.args == (kind(s, "Cobble Whelp"),))
    assert s.action_to_string(choice, 0) == "Seat 0 chooses Cobble Whelp to discard"


def test_rulebook_keywords__target_choice_is_said_by_the_form_in_that_zone():
    """A target on the field is named by its seat and zone (a stable board position) and said by
    the form there."""
    b = Board(savior0="Ignarok, the Ember Sovereign", savior1="Sylvara, Emerald Warden")
    b.savior_spirits(0, *["Rescue Spirit"] * 4)
    b.form(0, "Emberkin Pup", slot=0)
    b.form(1, "Cobble Whelp", slot=2)
    b.form(1, GOLEM, slot=4)
    s = b.done()
    act(s, "flip")
    sentences = {str(a): s.action_to_string(a, 0) for a in s.pending.options}
    assert sentences == {"choose seat1.form2": "Seat 0 chooses Cobble Whelp (seat 1's form zone 3)",
                         "choose seat1.form4": f"Seat 0 chooses {GOLEM} (seat 1's form zone 5)"}
    act(s, "choose seat1.form4")
    assert names(s, s.drop[1]) == [GOLEM]
