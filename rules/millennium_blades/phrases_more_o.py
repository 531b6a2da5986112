"""More printed shapes, batch o (issue 26.2): attaching, +1 STAR tokens and flipping. Read here,
hooked into the core readers with one call each (text.wording, phrases.read_event); run by
``ops_more_o.py`` (docs/effects-millennium-blades.md, "More shapes, batch o"; docs/rules-notes.md,
"MB: batch o").
"""

from __future__ import annotations

import re

#: "Gain 2 RP the first time a single is flipped each turn" / "The first time each turn you play a
#: card, ...": a trigger that fires once a turn, the first time its event happens in that turn
_FIRST_AFTER = re.compile(r"^([^,.]+?) the first time ([^,.]+?) each turn\.?$")
_FIRST_BEFORE = re.compile(r"^the first time (?:each turn (?:that |when )?([^,.]+?)|([^,.]+?) each turn), ")
_FIRST_EVENT = re.compile(r"(.+) the first time each turn")


def reword_o(text: str) -> str:
    """"X the first time Y each turn" and "The first time (each turn) Y (each turn), X" read as
    "whenever Y the first time each turn, X" (the event ``read_event_o`` reads)."""
    m = _FIRST_AFTER.fullmatch(text)
    if m and not m.group(1).startswith(("whenever ", "when ", "if ")):
        return f"whenever {m.group(2)} the first time each turn, {m.group(1)}"
    m = _FIRST_BEFORE.match(text)
    if m:
        return f"whenever {m.group(1) or m.group(2)} the first time each turn, {text[m.end():]}"
    return text


_DURING = re.compile(r"(.+) during (your|an opponent's|another player's) turns?")


def read_event_o(text: str) -> dict | None:
    """An event "the first time each turn": the event's trigger, marked ``first_each_turn`` (it
    fires for the first such event of each turn only); an event "during your (an opponent's) turn":
    the event's trigger, marked ``turn`` self (opponent); ``None`` when neither."""
    from rules.millennium_blades.phrases import read_event

    m = _FIRST_EVENT.fullmatch(text)
    if m:
        return {**read_event(m.group(1)), "first_each_turn": True}
    m = _DURING.fullmatch(text)
    if m:
        return {**read_event(m.group(1)), "turn": "self" if m.group(2) == "your" else "opponent"}
    return None


#: "gain 5 RP (max. 15 RP per turn)": a gain that this effect gives at most that much of in a turn
_TURN_CAPPED = re.compile(r"gain (\d+) rp \(?max\.? (\d+) rp (?:per|each|a) turn\)?")


def read_sentence_o(s: str, ops: list[dict], timing: str, effect: dict) -> bool:
    """A sentence ``text._sentences`` asks this module about; False when ``s`` is none of these.
    "Gain 5 RP (max. 15 RP per turn)": ``turn_capped_gain``."""
    m = _TURN_CAPPED.fullmatch(s)
    if m is None:
        return False
    ops.append({"op": "turn_capped_gain", "amount": int(m.group(1)), "turn_max": int(m.group(2))})
    return True


#: "If you have no singles in your hand, flip this single." / "When ... flip this card" is a trigger, not this
_FLIP_SELF = re.compile(r"(?:if|while|as soon as) (.+?), flip this (?:card|single)(?: face-down)?")


def read_continuous_o(text: str) -> list[dict] | None:
    """An Ongoing that flips its own card as soon as a condition holds ("If you have no cards in
    your hand, flip this card"): ``flip_self_when``; ``None`` when not one (a condition the
    grammar cannot read reports its own phrase)."""
    m = _FLIP_SELF.fullmatch(text)
    if m is None:
        return None
    from rules.millennium_blades.conditions import read_condition

    return [{"op": "flip_self_when", "condition": read_condition(m.group(1))}]


__all__ = ["read_continuous_o", "read_event_o", "read_sentence_o", "reword_o"]
