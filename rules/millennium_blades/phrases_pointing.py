"""More shapes of printed text, batch ``pointing`` (issue 26.2): what a card played sideways does to the
card it points to (batch sideways' REFs ``pointed`` and ``pointed_face_up``; docs/rules-notes.md, "MB:
sideways" and "MB: pointing"). The engine side is ``ops_pointing.py``.

An Ongoing sentence whose subject is the card this one points to, with one or more rules joined by "and":
it "cannot be flipped" (batch e's ``unflippable``, target the REF), it "has "Score: ..."" (batch u's
``grant_score``, given to that card only: ``card`` the REF), it "cannot lose clashes"
(``not_lose_clashes``), it "cannot give you RP" (``gives_no_rp``). A later sentence "When you win a clash
with that card, ..." names the same card (``printed_pointing``), the event ``clash_won`` with
``with_this`` the REF.

The clash shapes beside them: a card of the Aftermarket put into an opponent's tableau or yours (batch
market's ``put_in_play``, ``who``); a clash with this card whatever its result, won or lost (the event
``clash_with``); your cards kept from flips by opponents' effects until your next turn starts
(``shield_until_next_turn``).
"""

from __future__ import annotations

import re

from rules.millennium_blades.phrases import Unread
from rules.millennium_blades.phrases_sideways import read_ref_sideways

_THIS = r"(?:the top of )?this(?: card| single)?"
#: the subject: the card this card points to, perhaps "first face-up" and "in your tableau", "that" optional
_SUBJECT = rf"the (?:first face-up )?(?:card|single)(?: in your tableau)? (?:that )?{_THIS} points (?:to|at)"
#: the same words, for other batches' readers of a subject (batch prevention's "... cannot be flipped")
POINTED_SUBJECT = _SUBJECT
_CANNOT = r"(?:cannot|can't|can not)"
#: one rule of the card pointed to
_FLIP = re.compile(rf"{_CANNOT} be flipped(?: face-down)?")
_SCORE = re.compile(r'(?:has|gains) "(score:[^"]+?)\.?"')
_NOT_LOSE = re.compile(rf"{_CANNOT} lose (?:any |a )?clash(?:es)?")
_NO_RP = re.compile(rf"{_CANNOT} give you (?:any )?(?:rp|ranking points)")
_AND = re.compile(r",? and ")
#: "<subject> <rules>. When(ever) you win a clash with that card, ...": "that card" is the subject
_THAT_CARD = re.compile(rf"({_SUBJECT})([^.|]*\.\s*when(?:ever)? you win a clash with )that (?:card|single)\b", re.I)
#: "put that card (it) into an opponent's tableau (into your tableau)": a card of the Aftermarket
_PUT_INTO = re.compile(r"put (?:that card|it|the card) into (an opponent's|your) tableau")
#: a parenthetical after a card put into a tableau saying (for either result) that its Play effects do not
#: activate: what putting it there is (batch market's ``put_in_play`` ignores the card's Play effects)
_NO_PLAY_EFFECTS = re.compile(r"(\binto (?:an opponent's|your) tableau\b[^|()]*?)\s*\((?:in either case, )?its play effects "
                              r"(?:do not|don't) activate\.?\)\.?", re.I)
#: a clash with this card, then a parenthesis saying the result does not matter: any clash with it
_EITHER_RESULT = re.compile(r"(\bclash(?:es)? with this card)\s*\(whether you win or lose\)", re.I)
#: your cards (singles) protected from opponents' flip effects until your next turn starts
_SHIELD = re.compile(r"your (?:cards|singles) (?:cannot|can't|can not) be flipped by (?:your )?(?:opponents'|an opponent's) "
                     r"effects? until the (?:start|beginning) of your next turn")
#: the event "you win a clash with the card this card points to"
_WIN_WITH = re.compile(rf"you win a clash with ({_SUBJECT})")


def printed_pointing(text: str) -> str:
    """Printed words before the Ongoing text is split into sentences: in "<the card this points to> ...
    . When you win a clash with that card, ...", "that card" is that subject (each sentence with its own
    trigger is read alone: text._sentence_effects)."""
    text = _NO_PLAY_EFFECTS.sub(r"\1", text)
    text = _EITHER_RESULT.sub(r"\1", text)  # the event is heard after any result (``clash_with``)
    return _THAT_CARD.sub(r"\1\2\1", text)


def read_clause_pointing(text: str) -> list[dict] | None:
    """A clause: a card of the Aftermarket (a clash's, or the card revealed) put into an opponent's tableau
    (one of the effect's player's choice, "that player") or into yours, its Play effects ignored (batch
    market's ``put_in_play``, ``who``); ``None`` when not one."""
    if _SHIELD.fullmatch(text):  # a protection of your cards until your next turn starts (ops_pointing.py)
        return [{"op": "shield_until_next_turn"}]
    m = _PUT_INTO.fullmatch(text)
    if m is None:
        return None
    from rules.millennium_blades.phrases import THAT_CARD

    card = THAT_CARD.get()
    if card not in ("clashed", "revealed"):
        raise Unread(text, "a card of the Aftermarket put into a tableau")
    if m.group(1) == "your":
        return [{"op": "put_in_play", "card": card}]
    return [{"op": "choose_player", "among": "opponent"}, {"op": "put_in_play", "card": card, "who": "that_player"}]


def _rule(ref: str, words: str) -> dict:
    """One rule of the card the REF names; raises ``Unread`` for another."""
    if _FLIP.fullmatch(words):  # "by any effect" (rules notes, "MB: prevention": no effect named)
        return {"op": "unflippable", "target": ref}
    m = _SCORE.fullmatch(words)
    if m:
        from rules.millennium_blades.text import compile_ability  # text asks this module

        granted = compile_ability(f"{m.group(1)}.")
        if granted.get("timing") != "score" or "keyword" in granted or "trigger" in granted:
            raise Unread(f'"{m.group(1)}"', "a Score ability given to the card this one points to")
        granted.pop("text", None)
        return {"op": "grant_score", "card": ref, "effect": granted}
    if _NOT_LOSE.fullmatch(words):
        return {"op": "not_lose_clashes", "card": ref}
    if _NO_RP.fullmatch(words):
        return {"op": "gives_no_rp", "card": ref}
    raise Unread(words, "a rule of the card this one points to")


def read_continuous_pointing(s: str) -> list[dict] | None:
    """An Ongoing (Top) sentence "<the card this card points to> <rule>( and <rule>)": the rules that card
    has while this one is face-up; ``None`` when its subject is not the card pointed to."""
    m = re.match(rf"({_SUBJECT}) ", s)
    if m is None:
        return None
    ref = read_ref_sideways(m.group(1))
    if ref is None:
        return None
    rest, ops = s[m.end():], []
    while rest:  # each rule up to the next "and" outside a quotation
        cut = next((a for a in _AND.finditer(rest) if rest.count('"', 0, a.start()) % 2 == 0), None)
        words, rest = (rest, "") if cut is None else (rest[:cut.start()], rest[cut.end():])
        ops.append(_rule(ref, words.strip()))
    return ops


def read_event_pointing(text: str) -> dict | None:
    """A TRIGGER: "you win a clash with the card this card points to" (``clash_won``, ``with_this``: the
    REF); "you clash with this card" (``clash_with``, ``with_this``: any result); ``None`` when not one."""
    if text == "you clash with this card":
        return {"event": "clash_with", "with_this": True}
    m = _WIN_WITH.fullmatch(text)
    if m is None:
        return None
    return {"event": "clash_won", "with_this": read_ref_sideways(m.group(1))}


__all__ = ["POINTED_SUBJECT", "printed_pointing", "read_clause_pointing", "read_continuous_pointing", "read_event_pointing"]
