"""The card checker's checks of the market's ops and conditions (``market_ops.py``'s effect ops: the
Store, the Aftermarket, allies, choices among options), kept apart from ``effects.py``, which asks them.
Each returns every problem as ``(field path, message)``, as the rest of the checker does."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from rules.millennium_blades.market_ops import TAKE_DESTINATIONS

Errors = list[tuple[str, str]]

#: clash_result: how the clash just made went for you and your ally
#: (self: you alone, "If you won"; any_two: two players of it, "If any two players have the same total")
CLASH_RESULTS = {"self_or_ally": ("won", "lost"), "self_and_ally": ("won", "lost", "same_total"), "self": ("won", "lost"),
                 "any_two": ("same_total",)}
ALIKE_CARDS = ("neighbours", "those")


def market_op_errors(name: str, op: Mapping[str, Any], where: str) -> Errors:
    """The fields of a market op (``market_ops.MARKET_EFFECT_OPS``)."""
    from rules.millennium_blades.effects import CHOSEN_VALUES, WHO, filter_errors, int_errors, ops_errors, target_errors
    from rules.millennium_blades.ops_naming import naming_op_errors

    errors: Errors = []
    if name == "flip_any" and op.get("zone", "tableau") not in ("tableau", "accessory", "play_area"):  # ops_more_h.py
        errors.append((f"{where}.zone", "is tableau, accessory or play_area (ops_history.py)"))
    if name == "flip_n" and "filter" in op:
        errors += filter_errors(op["filter"], f"{where}.filter")
    if name in ("store_to_aftermarket", "steal_money", "flip_n"):
        errors += int_errors(op.get("amount", 1), f"{where}.amount")
    if name == "steal_money" and op.get("if_able", True) is not True:  # batch v
        errors.append((f"{where}.if_able", "is true (only a player who has the whole amount pays), or absent"))
    if name in ("take_aftermarket", "take") and op.get("to") not in TAKE_DESTINATIONS:
        errors.append((f"{where}.to", f"is one of {', '.join(TAKE_DESTINATIONS)}"))
    if name == "take_aftermarket" and "filter" in op:
        errors += filter_errors(op["filter"], f"{where}.filter")
    if name in ("take", "put_in_play") and op.get("card") not in ("clashed", "revealed"):
        errors.append((f"{where}.card", 'is "clashed" or "revealed": a card in the Aftermarket'))
    if name in ("take", "put_in_play") and op.get("who", "self") not in ("self", "that_player"):
        errors.append((f"{where}.who", "is self or that_player"))
    if name == "rp_loss_outcome" and op.get("as") not in ("gain", "less"):
        errors.append((f"{where}.as", "is gain or less"))
    if name == "clash_outcome" and op.get("as") not in ("win", "not_lose", "repeat", "this_card"):
        errors.append((f"{where}.as", "is win, not_lose, repeat or this_card"))
    if name == "as_each":
        if op.get("who") not in WHO:
            errors.append((f"{where}.who", f"is one of {', '.join(WHO)}"))
        errors += ops_errors(op.get("ops"), f"{where}.ops")
    if name == "choose_value" and op.get("what") not in CHOSEN_VALUES:
        errors.append((f"{where}.what", f"is one of {', '.join(CHOSEN_VALUES)}"))
    if name == "name_card":  # a name remembered with Foreboding (ops_naming.py)
        errors += naming_op_errors(name, op, where)
    if name == "discard_named" and op.get("who") not in WHO:
        errors.append((f"{where}.who", f"is one of {', '.join(WHO)}"))
    if name == "discard_named" and op.get("to", "store_discard") != "store_discard":  # ops_naming.py
        errors.append((f"{where}.to", "is store_discard (the binder: no to)"))
    if name == "choose_card":
        errors += target_errors(op.get("target"), f"{where}.target")
    if name == "either":
        if op.get("who") not in WHO:
            errors.append((f"{where}.who", f"is one of {', '.join(WHO)}"))
        options = op.get("options")
        if not isinstance(options, list) or len(options) < 2:  # "Discard it, play it, or put it back": three
            errors.append((f"{where}.options", "is a list of two or more lists of ops"))
        else:
            for i, branch in enumerate(options):
                errors += ops_errors(branch, f"{where}.options[{i}]")
    return errors


def market_condition_errors(cond: Mapping[str, Any], path: str) -> Errors:
    """A condition the market grammar reads: two cards alike, how a clash went for you and your ally."""
    if cond["test"] == "alike":
        errors = [] if cond.get("cards") in ALIKE_CARDS else [(f"{path}.cards", f"is one of {', '.join(ALIKE_CARDS)}")]
        if cond.get("what") not in ("element", "type", "either"):
            errors.append((f"{path}.what", "is element, type or either"))
        return errors
    results = CLASH_RESULTS.get(cond.get("who", ""))  # (none: not one of them)
    if results is None:
        return [(f"{path}.who", f"is one of {', '.join(CLASH_RESULTS)}")]
    return [] if cond.get("result") in results else [(f"{path}.result", f"is one of {', '.join(results)}")]
