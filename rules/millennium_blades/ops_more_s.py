"""The engine side of ``phrases_more_s.py`` (issue 26.2, batch s): the FILTER keys a flip of an
owner's Top Card uses: a card that has an element or type a Metagame card in play names
(``meta_symbol``), and a card no face-up card of its tableau beats (``highest_in_tableau``)
(millennium-blades.txt, "Metagame", "Top Card", "CARD DATA"; docs/rules-notes.md, "MB: batch s").
The card checker's checks are here too. The flips themselves are the core ``flip`` op, and "each
player who does" is batch e's ``for_players`` loop.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from typing import TYPE_CHECKING, Any

from rules.core.engine import Action
from rules.core.schema import OpSpec

if TYPE_CHECKING:
    from rules.millennium_blades.base import MBBase
    from rules.millennium_blades.queries import QueryMixin

MORE_S_OPS = {
    "dollar_shield": OpSpec("While this card is face-up: when a face-up card (target this: this card; tableau: any "
                            "card of yours) would be flipped by an opponent's effect, its player may pay `amount` "
                            "Dollars instead (continuous).", {"amount": "int", "target": "str"}),
    "has_flip": OpSpec("While this card is face-up (a Top one: while it is the Top Card): the other cards of the "
                       "filter (scope tableau: its player's tableau; all: every tableau) have the Flip effect of ops, "
                       "resolved as the flipped card's own when it is flipped (while: only while the condition "
                       "holds for this card's player) (continuous).",
                       {"ops": "any", "scope": "str", "filter": "any", "while": "any"}),
    "swap_with": OpSpec("This card and the card the REF card names (played) change slots, both face-up in the "
                        "same tableau; otherwise nothing happens (event swap).", {"card": "str"}),
    "revealed_symbol": OpSpec("The element(s) (what: element), type(s) (type) or both (symbol) of the card revealed "
                              "(card: revealed) or flipped (flipped) just before, as printed: the later ops' FILTERs "
                              "that say chosen mean a card with one of them (that card has none: no card); "
                              "other: a card other than that one.", {"what": "str", "card": "str", "other": "bool"}),
}

MORE_S_CONTINUOUS_OPS = ("dollar_shield", "has_flip")
#: meta_symbol (True: has, False: has none of the elements and types the Metagame cards in play name);
#: highest_in_tableau (True): no face-up card of its tableau has a higher Star Rating; not_card (a card's id,
#: put by ``revealed_symbol`` as it resolves, never printed): any card but that one
MORE_S_FILTER_KEYS = frozenset({"meta_symbol", "highest_in_tableau", "not_card"})
#: the FILTER keys of a Metagame card's condition that name a symbol ("Score: Gain 10 RP if you have a
#: face-up WATER single in your tableau")
_SYMBOL_KEYS = ("element", "type", "symbol")

Errors = list[tuple[str, str]]


def more_s_filter_errors(key: str, value: Any, path: str) -> Errors:
    """The card checker's check of this module's FILTER keys."""
    if key == "meta_symbol":
        return [] if isinstance(value, bool) else [(f"{path}.{key}", "is true or false")]
    if key == "not_card":
        return [(f"{path}.{key}", "is set as the effect resolves, never printed")]
    return [] if value is True else [(f"{path}.{key}", "is true")]


def more_s_filter_holds(game: QueryMixin, card: int, flt: Mapping[str, Any]) -> bool:
    """Whether ``card`` fits this module's keys of ``flt`` (a face-down card has no symbol and no
    Star Rating: "Face-Down Cards")."""
    if card in game.down or flt.get("not_card") == card:
        return False
    if "meta_symbol" in flt:
        mine = {*game.elements(card), *game.types(card)}
        if bool(mine & meta_symbols(game)) != flt["meta_symbol"]:
            return False
    if flt.get("highest_in_tableau"):
        seat = game.seat_of(card)
        if seat is None or card not in game.tableau[seat]:
            return False
        star = game.star(card) or 0
        if any((game.star(c) or 0) > star for c in game.tableau[seat] if c not in game.down):
            return False
    return True


def meta_symbols(game: QueryMixin) -> set[str]:
    """The elements and types the Metagame cards in play name: the symbols their Score conditions
    ask for ("Metagame"; the Element and Type Metagame stacks each name one)."""
    found: set[str] = set()
    for meta in game.metagame:
        for _i, effect in game.cards[meta].timed("score"):
            for value in _symbols(effect):
                found.add(value)
    return found


def _symbols(node: Any) -> Iterator[str]:
    """The symbol values of every FILTER in a compiled effect (conditions and ops alike)."""
    if isinstance(node, Mapping):
        flt = node.get("filter")
        if isinstance(flt, Mapping):
            for key in _SYMBOL_KEYS:
                if isinstance(flt.get(key), str):
                    yield flt[key]
        for value in node.values():
            yield from _symbols(value)
    elif isinstance(node, list):
        for value in node:
            yield from _symbols(value)


def more_s_op_errors(name: str, op: Mapping[str, Any], where: str) -> Errors:
    """The card checker's checks of this module's ops (``effects._op`` asks)."""
    if name == "has_flip":
        from rules.millennium_blades.effects import condition_errors, filter_errors, ops_errors

        errors = ops_errors(op.get("ops"), f"{where}.ops") + filter_errors(op.get("filter", {}), f"{where}.filter")
        if op.get("scope") not in ("tableau", "all"):
            errors.append((f"{where}.scope", "is tableau or all"))
        return errors + (condition_errors(op["while"], f"{where}.while") if "while" in op else [])
    if name == "swap_with":
        return [] if op.get("card") == "played" else [(f"{where}.card", "is played")]
    if name == "dollar_shield":
        from rules.millennium_blades.effects import _int  # effects asks this module

        errors = _int(op.get("amount"), f"{where}.amount")
        return errors + ([] if op.get("target") in ("this", "tableau") else [(f"{where}.target", "is this or tableau")])
    errors = [] if op.get("what") in ("element", "type", "symbol") else [(f"{where}.what", "is element, type or symbol")]
    if op.get("card", "revealed") not in ("revealed", "flipped", "played"):
        errors.append((f"{where}.card", "is revealed, flipped or played"))
    return errors


def do_more_s_op(game: MBBase, frame: dict, op: dict, k: int) -> bool:
    """This module's ops that resolve (``dollar_shield`` and ``has_flip`` are rules of their cards)."""
    if op["op"] == "swap_with":
        return op_swap_with(game, frame, op)
    return op_revealed_symbol(game, frame, op, k) if op["op"] == "revealed_symbol" else True


def op_swap_with(game: MBBase, frame: dict, op: dict) -> bool:
    """"Switch the positions of this card and the card you just played" ("Tableau": cards sit in
    slots): both face-up in the same tableau ("In general, effects cannot target face-down cards"),
    they change slots; otherwise nothing happens (batch l's event ``swap``)."""
    seat, source, other = frame["seat"], frame["source"], frame["ctx"].get(op["card"])
    row = next((r for r in game.tableau if source in r), None)
    if row is None or other is None or other == source or other not in row or {source, other} & game.down:
        game.log("swap", seat, swapped=False)
        return True
    a, b = row.index(source), row.index(other)
    row[a], row[b] = row[b], row[a]
    game.log("swap", seat, swapped=True, cards=[game.cards[source].name, game.cards[other].name])
    return True


def op_revealed_symbol(game: MBBase, frame: dict, op: dict, k: int) -> bool:
    """"If it has a TYPE, every player must flip all singles of that TYPE": the revealed card's
    printed element (type) names the cards of the later ops; a dual card names both, a card with
    none names no card, so nothing fits (rules notes, "MB: batch s"). No card revealed: none. "A single
    sharing an ELEMENT or TYPE with the single you flipped": the flipped card's printed symbols (a
    face-down card has none now, "Face-Down Cards", but it is the card as flipped that is named)."""
    card = frame["ctx"].get(op.get("card", "revealed"))
    printed = game.cards[card] if card is not None else None
    values = [] if printed is None else list({"element": printed.elements, "type": printed.types,
                                              "symbol": (*printed.elements, *printed.types)}[op["what"]])
    game.log("revealed_symbol", frame["seat"], card=printed.name if printed else None, what=op["what"],
             values=values)
    other = card if op.get("other") else None
    frame["ops"] = frame["ops"][:k + 1] + [_naming(o, values, other) for o in frame["ops"][k + 1:]]
    return True


def dollar_shield(game: MBBase, frame: dict, card: int, by: int, key: str) -> bool | None:
    """Dollars paid instead of a flip by an opponent's effect (``dollar_shield``): True when its player
    paid and the card stays face-up, None while they are asked, False otherwise (no such card in
    force, or fewer Dollars than the price: "a payment that cannot be made" is no option)."""
    owner = game.seat_of(card)
    if owner is None or owner == by or card in game.down:
        return False
    prices = [op["amount"] for guard, op in game.face_up_ops(owner, "dollar_shield")
              if op["target"] == "tableau" or guard == card]
    if not prices or game.purse[owner] + game.money[owner] < min(prices):
        return False
    price, ctx = min(prices), frame["ctx"]
    if key not in ctx:
        game.ask(owner, "optional", [Action("accept"), Action("decline")], key,
                 f"pay {price} Dollars instead of flipping {game.cards[card].name}")
        return None
    if ctx[key] is False:
        return False
    game.money[owner] -= price
    game.log("dollars_instead_of_flip", owner, card=game.cards[card].name, amount=price, by=by)
    return True


def quoted_flips(game: MBBase, card: int, by: int, whose: int) -> list[dict]:
    """Frames of the quoted Flip effects ``card`` has from face-up cards in force (``has_flip``:
    'All Singles in your tableau have "Flip: ..."'), judged as ``card`` was before the flip (as batch
    special's ``granted_flips``); each resolves as ``card``'s own, for its player. A card does not
    give itself one: face-down now, it has no effects ("Face-Down Cards")."""
    found = [(s, g, op) for s in range(game.num_players) for g, op in game.face_up_ops(s, "has_flip")
             if g != card and (op["scope"] == "all" or s == whose)]
    if not found:
        return []
    game.down.discard(card)
    try:
        fits = [op for s, g, op in found if game.matches(card, op.get("filter", {}), g)
                and ("while" not in op or game.holds(op["while"], g, s, {}))]
    finally:
        game.down.add(card)
    return [game.frame(whose, card, {"timing": "flip", "ops": op["ops"]}, {"flipped_by": by, "that_player": by})
            for op in fits]


def _naming(node: Any, values: list[str], other: int | None) -> Any:
    """A copy of ``node`` whose FILTERs that say ``chosen`` name one of ``values`` (none: no card),
    and not the card ``other`` when there is one ("another card")."""
    if isinstance(node, list):
        return [_naming(n, values, other) for n in node]
    if not isinstance(node, dict):
        return node
    out = {key: _naming(v, values, other) for key, v in node.items()}
    if out.get("chosen") is not None and other is not None:
        out["not_card"] = other
    if out.pop("chosen", None) is not None:
        naming: dict[str, Any] = {"symbol": values[0]} if len(values) == 1 else {"symbols_any": values} if values \
            else {"none_of": [{}]}  # none_of an empty FILTER: no card fits
        out.update(naming)
    return out


__all__ = ["MORE_S_CONTINUOUS_OPS", "MORE_S_FILTER_KEYS", "MORE_S_OPS", "do_more_s_op", "dollar_shield", "meta_symbols",
           "more_s_filter_errors", "more_s_filter_holds", "more_s_op_errors", "quoted_flips"]
