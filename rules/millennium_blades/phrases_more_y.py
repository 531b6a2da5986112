"""More printed shapes, batch y (issue 26.2): effects that answer a flip stopped as it happens
("When a card is prevented from being flipped by this effect, ..."), read here and hooked into the
core readers with one call each (phrases.read_event); run by ``ops_more_y.py``
(docs/effects-millennium-blades.md, "More shapes, batch y"; docs/rules-notes.md, "MB: batch y").
"""

from __future__ import annotations

import re

#: "a card is prevented from flipping by this effect", "one or more cards are prevented from being
#: flipped this way": a flip this card's protection stopped; "one or more" is once for each effect
#: that named the cards, "a card" once for each card
_PREVENTED = re.compile(r"(a card|one or more cards|one or more of your cards|a card of yours) (?:is|are) "
                        r"prevented from (?:being flipped|flipping) (?:by this effect|this way)")


#: "a Play effect is prevented by this effect": a Play effect this card's rule kept from activating
_PLAY_PREVENTED = re.compile(r"an? play effect is prevented (?:by this effect|this way)")


def read_event_y(text: str) -> dict | None:
    """``play_prevented`` (a Play effect this card's ``no_play_effects`` rule stopped);
    ``flip_prevented`` (a flip this card's ``protect`` rule stopped; ``once``: one trigger for every
    card one effect named), or ``None`` when the words say something else."""
    if _PLAY_PREVENTED.fullmatch(text):
        return {"event": "play_prevented"}
    m = _PREVENTED.fullmatch(text)
    if m is None:
        return None
    return {"event": "flip_prevented", **({"once": True} if m.group(1).startswith("one or more") else {})}


#: "you lost a clash this turn" / "you did not lose a clash this turn"
_LOST_CLASH = re.compile(r"you (lost|did not lose|didn't lose|have not lost|haven't lost) a clash this turn")


def read_condition_y(text: str) -> dict | None:
    """``lost_clash_this_turn`` (perhaps under ``not``), or ``None``."""
    m = _LOST_CLASH.fullmatch(text)
    if m is None:
        return None
    lost = {"test": "lost_clash_this_turn"}
    return lost if m.group(1) == "lost" else {"test": "not", "of": lost}


#: "If X, your cards cannot be flipped by opponents' effects": a protection in force while X holds
_IF_PROTECT = re.compile(r"(?:if|while) (.+?), ((?:your|this|the|cards|singles|adjacent) .+? (?:cannot|can't|can not) "
                         r"be flipped by .+)")


#: "Play effects do not activate": no card's Play effects activate as it comes into play
_NO_PLAY_EFFECTS = re.compile(r"play effects (?:do not|don't|cannot|can't) activate")


def read_continuous_y(text: str) -> list[dict] | None:
    """An Ongoing (Top) protection from opponents' effects with a condition (``protect`` with
    ``while``); "Play effects do not activate" (``no_play_effects``); or ``None``."""
    from rules.millennium_blades.conditions import read_condition
    from rules.millennium_blades.phrases_more_e import read_continuous_e

    if _NO_PLAY_EFFECTS.fullmatch(text):
        return [{"op": "no_play_effects"}]
    m = _IF_PROTECT.fullmatch(text)
    if m is None:
        return None
    ops = read_continuous_e(m.group(2))
    if not ops or len(ops) != 1 or ops[0]["op"] != "protect":
        return None
    return [{**ops[0], "while": read_condition(m.group(1))}]


__all__ = ["read_condition_y", "read_continuous_y", "read_event_y"]
