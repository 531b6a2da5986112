"""More shapes of printed text, batch "guards" (issue 26.2): protection, naming, and triggers switched
off or counted. A protection printed in a Play text (an Ongoing rule of the card, while the Play
text's condition holds). Read here and hooked into the core readers with one call each
(clauses.read_clause); run by ``ops_guards.py`` (docs/effects-millennium-blades.md, "More shapes:
guards"; docs/rules-notes.md, "MB: guards").
"""

from __future__ import annotations

import re

#: "... cannot be flipped by opponents' effects": a protection (``protect``), the clauses' own words
_PROTECTION = re.compile(r".+ (?:cannot|can't|can not) be flipped by .+")


def read_clause_guards(text: str, timing: str, effect: dict, last: dict) -> list[dict] | None:
    """A clause of this batch: a protection in a Play text of one sentence "If X, Y" ("If you have a
    MAGE in play, your other singles can't be flipped by opponents' effects") is a rule that lasts, not a one-time effect: an
    Ongoing effect of the card (batch h's ``_lasting``), in force while the Play text's condition holds
    (``protect`` with ``while``; rules notes, "MB: guards"). ``None`` when not one."""
    condition = effect.get("condition")  # "If X, ...", the Play text's one sentence (a later "If" is an op's)
    if timing != "play" or condition is None or not _PROTECTION.fullmatch(text):
        return None
    from rules.millennium_blades.clauses import read_continuous

    ops = read_continuous(text)
    if [op["op"] for op in ops] != ["protect"] or "while" in ops[0]:
        return None
    effect.setdefault("_lasting", []).append({**ops[0], "while": condition})
    return []


#: whose effects a protection names: an opponent's ("effects your opponents control")
_OPPONENTS = (r"(?:an opponent's effects?|opponents'? effects|opponent's effects|other players'? effects|effects (?:that )?"
              r"(?:your )?(?:opponents'?|an opponent) controls?)")
#: "This single can't be flipped or moved by effects that your opponents control"
_UNMOVABLE = re.compile(rf"(.+?) (?:cannot|can't|can not) be (?:moved(?:,? or flipped)?|flipped(?:,? or moved))"
                        rf" by {_OPPONENTS}")


def read_continuous_guards(s: str) -> list[dict] | None:
    """An Ongoing (Top) sentence: cards that "cannot be moved (or flipped) by opponents' effects": a
    ``protect`` rule when flipped is named too, and an ``unmovable`` rule over the same cards (what
    "moved" is: rules notes, "MB: guards"). ``None`` when not one."""
    m = _UNMOVABLE.fullmatch(s)
    if m is None:
        return None
    from rules.millennium_blades.clauses import read_continuous

    subject = re.sub(r"^this (?:single|one)$", "this card", m.group(1))
    ops = read_continuous(f"{subject} cannot be flipped by opponents' effects")
    if [op["op"] for op in ops] != ["protect"]:
        return None
    kept = {**ops[0], "op": "unmovable"}
    return [ops[0], kept] if "flipped" in s[m.end(1):] else [kept]


#: the triggers a player may name: the timing words of "Effects on Cards" (and Action, "the same notation")
TRIGGER_WORDS = ("play", "next", "flip", "ongoing", "top", "score", "reaction", "action")
_TRIGGER = "|".join(TRIGGER_WORDS)
#: "Name a trigger (except Score)"
_NAME_TRIGGER = re.compile(rf"name a trigger(?:,? (?:except|other than|but not) ({_TRIGGER})(?:,? (?:or|and) ({_TRIGGER}))?)?")
#: the trigger named (chosen) earlier, perhaps "with this card('s Play effect)", then "activates"
_NAMED_ACTIVATES = re.compile(r"(?:the|that) trigger (?:you (?:chose|named)|chosen|named)(?: with this card(?:'s play effect)?)?"
                              r" (?:activates|is activated)")
#: the named trigger kept from activating on your tableau's cards until a pass or your next turn: for a while
_SILENCED = re.compile(r"until the start of your next turn(?:,)? or until you pass,? (?:that|the named) trigger "
                       r"(?:does not|doesn't|cannot|can't) activate on (?:cards|singles) in your tableau")


#: "This effect keeps working during scoring": what an effect does anyway ("Score": face-up cards' effects hold)
_DURING_SCORING = re.compile(r"this effect (?:continues to work|keeps (?:on )?working|still works) during scoring")


def read_event_guards(text: str) -> dict | None:
    """A TRIGGER for ``phrases.read_event``: the trigger this card's player named with this card
    activates (``trigger_activates``: any player's effect of that timing word starting); ``None``
    otherwise."""
    if _NAMED_ACTIVATES.fullmatch(text):
        return {"event": "trigger_activates", "by": "any"}
    return None


def read_sentence_guards(s: str, ops: list[dict], timing: str, effect: dict) -> bool:
    """A whole sentence: "Name a trigger (except Score)" (``name_trigger``: one of TRIGGER_WORDS,
    remembered with this card); after it, that trigger switched off for the cards of your
    tableau until you pass or your next turn starts (``silence_trigger``); "This effect
    keeps working during scoring" after a triggered Ongoing effect (nothing to add)."""
    m = _NAME_TRIGGER.fullmatch(s)
    if m:
        excluded = [w for w in m.groups() if w]
        ops.append({"op": "name_trigger", **({"except": excluded} if excluded else {})})
        return True
    if _SILENCED.fullmatch(s) and ops and ops[-1]["op"] == "name_trigger":
        ops.append({"op": "silence_trigger"})
        return True
    # after a triggered Ongoing (Top) effect: what it does anyway ("Score": face-up cards' effects hold then,
    # as market_phrases reads it after a rule)
    return bool(_DURING_SCORING.fullmatch(s)) and timing in ("ongoing", "top") and "trigger" in effect and bool(ops)


__all__ = ["TRIGGER_WORDS", "read_clause_guards", "read_continuous_guards", "read_event_guards", "read_sentence_guards"]
