"""The engine side of ``phrases_more_g.py``: a FILTER that takes any one of several attributes
(``any_of``), a Star Rating that a COUNT sets (X STAR, X a count), and a condition of several that
all hold (``all``) (millennium-blades.txt, "CARD DATA",
"Tableau"; docs/rules-notes.md, "More shapes, batch g"). The card checker's checks are here too.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from rules.core.schema import OpSpec

if TYPE_CHECKING:
    from rules.millennium_blades.base import MBBase
    from rules.millennium_blades.queries import QueryMixin

#: all: every condition of the list holds (two conditions joined by "and")
MORE_G_TESTS = ("all",)
#: the FILTER keys this module adds: any_of (none_of), a list of filters the card fits one of (none
#: of); shares_tableau, the card shares an element (type, star) with another card of the effect's
#: player's tableau; shares_any, it shares at least one of a list of kinds with the effect's card
MORE_G_FILTER_KEYS = frozenset({"any_of", "none_of", "shares_tableau", "shares_any"})
SHARE_KINDS = ("element", "type", "star", "set")  # set: batch x's play ban (ops_more_x.py)
#: extreme_star: a Star Rating, of the highest (lowest) card that fits; most_alike: the most cards
#: that fit and have one type (element, star) in common
MORE_G_COUNTS = ("extreme_star", "most_alike")
MORE_G_OPS = {
    "extra_action": OpSpec("One more Action this turn (in an Action's text: the Action used is given back).", {}),
}

Errors = list[tuple[str, str]]


def more_g_filter_errors(key: str, value: Any, path: str) -> Errors:
    """The checks of a filter key of this module, or of a ``star`` whose value is a COUNT."""
    from rules.millennium_blades.effects import CMPS, count_errors, filter_errors  # effects asks this module

    if key == "shares_tableau":
        return [] if value in SHARE_KINDS else [(f"{path}.shares_tableau", "is element, type, star or set")]
    if key == "shares_any":
        if not isinstance(value, list) or len(value) < 2 or any(v not in SHARE_KINDS for v in value):
            return [(f"{path}.shares_any", "is a list of two or more of element, type, star")]
        return []
    if key in ("any_of", "none_of"):
        if not isinstance(value, list) or len(value) < (2 if key == "any_of" else 1):
            return [(f"{path}.{key}", "is a list of filters (any_of: two or more)")]
        return [e for i, flt in enumerate(value) for e in filter_errors(flt, f"{path}.{key}[{i}]")]
    # key == "star", value {cmp, value: COUNT}
    errors = [] if value.get("cmp") in CMPS else [(f"{path}.star.cmp", f"is one of {' '.join(CMPS)}")]
    times = value.get("times", 1)
    if isinstance(times, bool) or not isinstance(times, int) or times < 1:
        errors.append((f"{path}.star.times", "is a whole number, 1 or more"))
    return errors + count_errors(value.get("value"), f"{path}.star.value")


def is_counted_star(key: str, value: Any) -> bool:
    """Whether filter entry ``key: value`` is a Star Rating a COUNT sets (``more_g_filter_errors``)."""
    return key == "star" and isinstance(value, Mapping) and isinstance(value.get("value"), Mapping)


def more_g_count_errors(count: Mapping[str, Any], path: str) -> Errors:
    from rules.millennium_blades.effects import ZONES, filter_errors  # effects asks this module

    key, values = ("which", ("highest", "lowest")) if count["count"] == "extreme_star" else ("what", ("type", "element", "star"))
    errors = [] if count.get(key) in values else [(f"{path}.{key}", f"is {' or '.join(values)}")]
    if count.get("zone", "tableau") not in ZONES:
        errors.append((f"{path}.zone", f"is one of {', '.join(ZONES)}"))
    return errors + filter_errors(count.get("filter", {}), f"{path}.filter")


def more_g_count(game: QueryMixin, count: dict, source: int | None, seat: int) -> int:
    """A COUNT of this module: the highest (lowest) Star Rating among the face-up cards that fit (0
    if none), or the most of them that share one type (element, star) ("CARD DATA")."""
    cards = [c for c in game.zone_cards(count.get("zone", "tableau"), seat) if game.matches(c, count.get("filter", {}), source)]
    if count["count"] == "extreme_star":
        stars = [game.star(c) or 0 for c in cards]
        return (max if count["which"] == "highest" else min)(stars) if stars else 0
    tally: dict = {}
    for card in cards:
        for value in _values(game, card, count["what"]):
            tally[value] = tally.get(value, 0) + 1
    return max(tally.values(), default=0)


def more_g_filter_holds(game: QueryMixin, card: int, flt: dict, source: int | None) -> bool:
    """Whether ``card`` passes this module's FILTER keys in ``flt`` (the others are ``matches``')."""
    if "any_of" in flt and not any_of_matches(game, card, flt["any_of"], source):
        return False
    if "none_of" in flt and (card in game.down or any(game.matches(card, f, source) for f in flt["none_of"])):
        return False
    if "shares_tableau" in flt and not shares_with_tableau(game, card, flt["shares_tableau"], source):
        return False
    if "shares_any" in flt:  # with the effect's own card ("this one"): a face-down card shares nothing
        if source is None or card in game.down or source in game.down:
            return False
        return any(_values(game, card, kind) & _values(game, source, kind) for kind in flt["shares_any"])
    return True


def _values(game: QueryMixin, card: int, kind: str) -> set:
    """The card's types, elements, or its Star Rating (its SET: a card of no set shares none), as a set."""
    if kind == "set":
        code = game.cards[card].set_code if card not in game.down else ""
        return {code} if code else set()
    return set({"type": game.types, "element": game.elements}.get(kind, lambda c: (game.star(c),))(card))


card_values = _values  # its public name, for ops_more_q.py


def shares_with_tableau(game: QueryMixin, card: int, what: str, source: int | None) -> bool:
    """A card sharing a type with your tableau: another face-up card of the tableau
    of the effect's player (the source card's) has one of its types (elements, its Star Rating)."""
    seat = game.seat_of(source) if source is not None else None
    if seat is None or card in game.down:
        return False

    mine = _values(game, card, what)
    return any(mine & _values(game, c, what) for c in game.tableau[seat] if c != card and c not in game.down)


def do_more_g_op(game: MBBase, frame: dict, op: dict) -> bool:
    """``extra_action``: in the turn player's Action, that Action is given back, so they may use one
    more this turn ("Use an Action": "You can use one action per turn"; rules notes, batch g)."""
    seat = frame["seat"]
    if seat == game.seat_turn and game.action_used:
        game.action_used = False
        game.log("extra_action", seat)
    return True


def more_g_condition_errors(cond: Mapping[str, Any], path: str) -> Errors:
    from rules.millennium_blades.effects import condition_errors  # effects asks this module

    parts = cond.get("of")
    if not isinstance(parts, list) or len(parts) < 2:
        return [(f"{path}.of", "is a list of two or more conditions")]
    return [e for i, part in enumerate(parts) for e in condition_errors(part, f"{path}.of[{i}]")]


def more_g_holds(game: QueryMixin, cond: dict, source: int | None, seat: int, ctx: dict) -> bool:
    """Whether every condition of an ``all`` condition holds."""
    return all(game.holds(part, source, seat, ctx) for part in cond["of"])


def any_of_matches(game: QueryMixin, card: int, options: list[dict], source: int | None) -> bool:
    """An attribute list: the card fits at least one of the filters ("CARD DATA";
    a face-down card has no attributes, so it fits none)."""
    return card not in game.down and any(game.matches(card, flt, source) for flt in options)


class ContextCountRefused(ValueError):
    """A filter's X STAR counts what an effect did ("the number of cards flipped this way") where no
    effect of its card is resolving: refused rather than compared with a count of nothing."""


class _NoEffectContext(dict):
    """The context handed to a COUNT when the filter is checked outside its card's effect: truthy (so
    ``ctx or {}`` keeps it) and refusing every read, so a count that needs an effect's context
    raises ``ContextCountRefused`` instead of counting 0."""

    def __bool__(self) -> bool:
        return True

    def _refuse(self, *_args: Any, **_kwargs: Any) -> Any:
        raise ContextCountRefused("a filter's X STAR counts what an effect did, checked outside that effect")

    get = __getitem__ = __contains__ = __iter__ = keys = items = values = setdefault = _refuse


def counted_star(game: QueryMixin, want: dict, source: int | None) -> int:
    """X STAR, X a COUNT: the COUNT seen from the effect's card, now. While an effect of that card is
    resolving (the top of the stack: every op runs there, ``ResolveMixin.do_op``), with that effect's
    player and context, as ``clash.choose_cards`` counts a target's X ("the number of cards flipped
    this way" is what this effect flipped); elsewhere (a trigger's filter, scoring, the view) a count
    that needs an effect's context is refused (``ContextCountRefused``), never silently 0
    (docs/rules-notes.md, "MB: fidelity fixes 2 (stop 34)")."""
    frame = game.stack[-1] if game.stack else None
    if frame is not None and source is not None and frame["source"] == source:
        return game.count(want, source, frame["seat"], frame["ctx"])
    return game.count(want, source, None, _NoEffectContext())


__all__ = ["MORE_G_COUNTS", "MORE_G_FILTER_KEYS", "MORE_G_OPS", "MORE_G_TESTS", "ContextCountRefused", "any_of_matches",
           "counted_star", "do_more_g_op", "is_counted_star", "more_g_condition_errors", "more_g_count", "more_g_count_errors",
           "more_g_filter_errors", "more_g_filter_holds", "more_g_holds", "shares_with_tableau"]
