"""More printed shapes, batch w (issue 26.2): abilities printed in quotes that a card gives to other
cards. Read here, hooked into ``text._read_body`` with one call; run by ``ops_more_w.py``
(docs/effects-millennium-blades.md, "More shapes, batch w"; docs/rules-notes.md, "MB: batch w").

A quoted ability is read with the same grammar as a card's own (``text.compile_ability``). Each
timing has one engine reading: a granted Score effect is batch u's ``grant_score``, a granted Flip
effect batch s's ``has_flip``, a granted Action this module's ``grant_action``. A quoted ability of
another timing stays "not understood" (never guessed).
"""

from __future__ import annotations

import re

from rules.millennium_blades.phrases import Unread

#: 'All cards in your tableau have "Action: ..."', 'While ..., they have "Action: ..."'
_GRANT = re.compile(r'(?:while (.+?), )?((?:all (?:of )?)?(?:your )?(?:cards|singles)(?: in your tableau)?|they) '
                    r'(?:have|has|gain) "((?:[a-z ]+[–-] ?)?([a-z]+)):([^"]+?)\.?"')
#: "all face-up cards in your tableau are DARK cards": the cards "they" names
_ALL_ARE = re.compile(r"all (?:of )?(?:the )?(?:your )?face-up (?:cards|singles) in your tableau are (.+?) (?:cards|singles)")
#: the timings a card's granted ability may have here (Score: batch u; Flip: batch s)
GRANTED_TIMINGS = ("action",)


def read_continuous_w(s: str) -> list[dict] | None:
    """An Ongoing (or Top) effect giving the cards of your tableau a quoted Action
    (``grant_action``): "All singles in your tableau have "Action: ..."", "While all face-up cards
    in your tableau are FIRE cards, they have "Action: ...""; ``None`` when ``s`` is not a grant."""
    m = _GRANT.fullmatch(s)
    if m is None:
        return None
    cond, who, head, timing, body = m.groups()
    if timing not in GRANTED_TIMINGS or who in ("cards", "singles", "your cards", "your singles"):
        raise Unread(f'"{head}:{body}"', "a granted ability of this timing, or cards of this tableau")
    from rules.millennium_blades.conditions import read_condition
    from rules.millennium_blades.text import compile_ability  # text asks this module

    granted = compile_ability(f"{head}:{body}.")
    if granted.get("timing") != timing or "trigger" in granted or "condition" in granted:
        raise Unread(f'"{head}:{body}"', "a granted Action")
    op: dict = {"op": "grant_action", "ops": granted["ops"]}
    if "keyword" in granted:  # "Blast Off PLUS–Action": the Action's label, kept with it (rules notes)
        op["keyword"] = granted["keyword"]
    # "they": the cards the "while" names, every face-up card of the tableau
    if who == "they" and (cond is None or not _ALL_ARE.fullmatch(cond)):
        raise Unread(who, "the cards that have the Action")
    if cond is not None:
        op["while"] = read_condition(cond)
    return [op]


#: '"Action: ..."' (or '"Score: ..."') after "The attached card has": an ability the host has while attached
_QUOTED_ACTION = re.compile(r'"((action|score):[^"]+?)\.?"')
#: "this card's TYPE and ELEMENT match those of a card adjacent to it": a neighbour sharing both
_MATCHES_NEIGHBOUR = re.compile(r"this card's (?:type and element|element and type) (?:matches|match) the "
                                r"(?:type and element|element and type) of (?:a|any) (?:card|single) adjacent to it")


def read_attached_grant_w(op: dict, item: str) -> bool:
    """What an attached card "has" (``special_text._grant``, after "Attach this card to ..."): a
    quoted Action, read with the same grammar, that the host has while this card is attached (the
    ``attach`` op's ``action``, ops_more_w.py); False when ``item`` is not one."""
    m = _QUOTED_ACTION.fullmatch(item.strip())
    if m is None:
        return False
    from rules.millennium_blades.text import compile_ability  # text asks this module

    granted = compile_ability(f"{m.group(1)}.")
    if m.group(2) == "score":  # a Score effect: batch u's granted Score effects, from this attachment
        if granted.get("timing") != "score" or "trigger" in granted or "keyword" in granted:
            raise Unread(item, "a granted Score effect")
        granted.pop("text", None)
        op["score"] = granted
        return True
    if granted.get("timing") != "action" or "trigger" in granted or "condition" in granted or "keyword" in granted:
        raise Unread(item, "a granted Action")
    op["action"] = granted["ops"]
    return True


def read_condition_w(text: str) -> dict | None:
    """"this card's TYPE and ELEMENT match the TYPE and ELEMENT of a card adjacent to it": a face-up
    neighbour sharing an element and a type with this card (FILTER ``shares: both``; rules notes, "MB:
    batch w"); ``None`` when not this condition."""
    if _MATCHES_NEIGHBOUR.fullmatch(text) is None:
        return None
    return {"test": "count", "of": {"count": "cards", "zone": "tableau",
                                    "filter": {"face": "up", "where": "adjacent", "shares": "both"}},
            "cmp": ">=", "value": 1}


#: "The next card you play has "Play: ..."": a quoted Play effect the next card has
_NEXT_PLAY = re.compile(r'(?:the|your) next (?:card|single)(?: you play)? (?:has|gains) "(play:[^"]+)"\.?')
#: words of a quoted Play that name the card it is printed on (the next card, not this one)
_THIS_CARD = re.compile(r"\bthis (?:card|single|one)\b")


def read_next_grant_w(text: str, effect: dict) -> bool:
    """A Next effect whose whole text gives the next card you play a quoted Play effect ("The next
    card you play gains "Play: ...""): that Play, read with the same grammar, resolves as the next
    card is played (as this Next effect; rules notes, "MB: batch w"). A quoted Play that names "this
    card" (the next card itself) stays "not understood"; False when ``text`` is not such a grant."""
    m = _NEXT_PLAY.fullmatch(text.strip())
    if m is None or effect.get("timing") != "next":
        return False
    if _THIS_CARD.search(m.group(1)):
        raise Unread(f'"{m.group(1)}"', "a granted Play effect naming its own card")
    from rules.millennium_blades.text import compile_ability  # text asks this module

    granted = compile_ability(m.group(1))
    if granted.get("timing") != "play" or "trigger" in granted or "keyword" in granted:
        raise Unread(f'"{m.group(1)}"', "a granted Play effect")
    effect["ops"] = granted["ops"]
    effect["granted_play"] = True  # a Play effect of the card played: not when its Play effects are ignored
    for key in ("condition", "optional"):
        if key in granted:
            effect[key] = granted[key]
    return True


def reword_w(text: str) -> str:
    """"Pass the rest of your turn" is batch a's "Pass this turn" (an Action's pass: no Single after it,
    or only the end of the turn after the turn's Single; rules notes, "Pass this turn")."""
    return re.sub(r"\bpass the rest of (?:your|this) turn\b", "pass this turn", text)


__all__ = ["GRANTED_TIMINGS", "reword_w", "read_attached_grant_w", "read_condition_w", "read_continuous_w", "read_next_grant_w"]
