"""The engine side of ``phrases_sideways.py`` (issue 26.2): a card played sideways points left or right
(docs/rules-notes.md, "MB: sideways"). The card checker's checks are here too.

``point`` (a Play effect): the card's player chooses the way its top points (decision ``value left`` /
``value right``); ``MBState.pointing`` keeps it (card -> -1 left, +1 right) while the card is in a
tableau. REF ``pointed``: the card beside it that way (none at the row's end); ``pointed_face_up``: the
first face-up card that way. FILTER ``matches_pointed``: the card shares the pointed card's SET (TYPE,
ELEMENT, STAR, or a TYPE or an ELEMENT).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from rules.core.engine import Action
from rules.core.schema import OpSpec

if TYPE_CHECKING:
    from rules.millennium_blades.base import MBBase

SIDEWAYS_OPS = {
    "point": OpSpec("Play this card sideways: its player chooses the way its top points (left or right); REF "
                    "pointed names the card beside it that way, pointed_face_up the first face-up card that way.", {}),
}
SIDEWAYS_REFS = ("pointed", "pointed_face_up")
SIDEWAYS_FILTER_KEYS = frozenset({"matches_pointed"})
_WHATS = ("set", "type", "element", "star", "type_or_element")
WAYS = {"left": -1, "right": 1}

Errors = list[tuple[str, str]]


def sideways_filter_errors(key: str, value: Any, path: str) -> Errors:
    """The card checker: ``matches_pointed`` names a pointed card and a kind."""
    if not isinstance(value, Mapping) or value.get("card") not in SIDEWAYS_REFS or value.get("what") not in _WHATS:
        return [(f"{path}.{key}", f"is {{card: {' or '.join(SIDEWAYS_REFS)}, what: one of {', '.join(_WHATS)}}}")]
    return []


def point(game: MBBase, frame: dict, k: int) -> bool:
    """Ask which way the card points; keep it; log it. A card no longer in a tableau points nowhere."""
    seat, source, ctx = frame["seat"], frame["source"], frame["ctx"]
    if source is None or game.seat_of(source) is None:
        return True
    key = f"{k}:way"
    if key not in ctx:
        game.ask(seat, "value", [Action("value", (way,)) for way in WAYS], key,
                 f"the way {game.cards[source].name} points")
        return False
    game.pointing = {**game.pointing, source: WAYS[ctx[key]]}
    game.log("pointed", seat, card=game.cards[source].name, way=ctx[key])
    return True


def pointed_card(game: MBBase, source: int | None, ref: str) -> int | None:
    """The card ``source`` points to (``pointed``), or the first face-up one that way (``pointed_face_up``)."""
    if source is None or source not in game.pointing:
        return None
    step = game.pointing[source]
    row = next((r for r in game.tableau if source in r), None)
    if row is None:
        return None
    i = row.index(source) + step
    while 0 <= i < len(row):
        if ref == "pointed" or row[i] not in game.down:
            return row[i]
        i += step
    return None


def matches_pointed_holds(game: MBBase, card: int, flt: dict, source: int | None) -> bool:
    """Whether ``card`` shares the asked kind with the card ``source`` points to (none, or that card
    face-down: nothing matches; "Face-Down Cards": no attributes)."""
    want = flt["matches_pointed"]
    other = pointed_card(game, source, want["card"])
    if other is None or other in game.down or card in game.down:
        return False
    what = want["what"]
    if what == "set":
        return bool(game.cards[card].set_code) and game.cards[card].set_code == game.cards[other].set_code
    if what == "star":
        return game.star(card) == game.star(other)
    same_type = bool(set(game.types(card)) & set(game.types(other)))
    same_element = bool(set(game.elements(card)) & set(game.elements(other)))
    return {"type": same_type, "element": same_element, "type_or_element": same_type or same_element}[what]


def do_sideways_op(game: MBBase, frame: dict, op: dict, k: int) -> bool:
    """Resolve one of this module's ops."""
    return point(game, frame, k)


__all__ = ["SIDEWAYS_FILTER_KEYS", "SIDEWAYS_OPS", "SIDEWAYS_REFS", "WAYS", "do_sideways_op", "matches_pointed_holds",
           "pointed_card", "sideways_filter_errors"]
