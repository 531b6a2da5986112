"""More phrase shapes of printed MB text (issue 26.2): a card played sideways, and the card it points
to (docs/rules-notes.md, "MB: sideways": the rulebook never says what "sideways" is; the cards do).

"Play this card sideways" (``point``: its player chooses the way its top points, left or right);
REFs ``pointed`` ("the card this card points to": the card beside it that way) and
``pointed_face_up`` ("the first face-up card in your tableau that this card points to"); a card
"that matches the SET of the card this points to", or "whose TYPE or ELEMENT matches the TYPE or
ELEMENT of ..." (FILTER ``matches_pointed``). The engine side is ``ops_sideways.py``;
docs/effects-millennium-blades.md, "More shapes: sideways", has an original example of each.
"""

from __future__ import annotations

import re

_THIS = r"(?:the top of )?this(?: card| single)?"
#: "the card (that) this card points to", "the first face-up card in your tableau that this card points to"
_POINTED = re.compile(rf"the (first face-up )?(?:card|single)(?: in your tableau)? (?:that )?{_THIS} points (?:to|at)")
#: " that matches the SET of the card this points to", " whose TYPE or ELEMENT matches the TYPE or ELEMENT of ..."
_KINDS = r"set|type|element|star|type or element|element or type"
_MATCHES = re.compile(rf"^ (?:that|which|whose ({_KINDS})) match(?:es)? the ({_KINDS}) of (the (?:first face-up )?(?:card|single)"
                      rf"(?: in your tableau)? (?:that )?{_THIS} points (?:to|at))\b")


def read_clause_sideways(text: str, timing: str) -> list[dict] | None:
    """"Play this card sideways": only as its own Play effect (the card is being played)."""
    if re.fullmatch(r"play this (?:card|single) sideways", text) is None:
        return None
    if timing != "play":
        from rules.millennium_blades.phrases import Unread

        raise Unread(text, "a card played sideways only as it is played (a Play effect)")
    return [{"op": "point"}]


def read_ref_sideways(text: str) -> str | None:
    """The REF of "the card this card points to" (``pointed``) or "the first face-up card ... this card
    points to" (``pointed_face_up``); ``None`` when not one."""
    m = _POINTED.fullmatch(text)
    if m is None:
        return None
    return "pointed_face_up" if m.group(1) else "pointed"


def read_modifier_sideways(flt: dict, rest: str) -> str | None:
    """A modifier after a card description for ``phrases.card_phrase``: the card shares the SET (a TYPE or
    ELEMENT, ...) of the card this card points to (``matches_pointed``: ``{card: REF, what}``); the rest
    of the text, or ``None`` when not that. "whose X matches the Y" must name the same kind twice."""
    m = _MATCHES.match(rest)
    if m is None:
        return None
    mine, theirs = m.group(1), m.group(2)
    what = "type_or_element" if " or " in theirs else theirs
    if mine is not None and ("type_or_element" if " or " in mine else mine) != what:
        return None
    flt["matches_pointed"] = {"card": read_ref_sideways(m.group(3)), "what": what}
    return rest[m.end():]


__all__ = ["read_clause_sideways", "read_modifier_sideways", "read_ref_sideways"]
