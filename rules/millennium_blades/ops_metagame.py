"""The engine side of ``phrases_metagame.py`` (issue 26.2): Metagame cards taken out of play during
a tournament (millennium-blades.txt, "Metagame", "Ending the Tournament"; docs/rules-notes.md, "MB:
metagame"). The card checker's checks are here too.

``meta_leaves``: the Metagame card the effect's player picks (``pick: choice``), or every one
(``all``), leaves play: no player activates its Score effect at the end of this tournament, and no
card matches it any more.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from rules.core.engine import Action
from rules.core.schema import OpSpec

if TYPE_CHECKING:
    from rules.millennium_blades.base import MBBase

_PICKS = ("choice", "all")

METAGAME_OPS = {
    "meta_leaves": OpSpec("The Metagame card the effect's player chooses (pick: choice), or every one (all), leaves "
                          "play for the rest of the tournament: its Score effect is not activated.", {"pick": "str"}),
}

Errors = list[tuple[str, str]]


def metagame_op_errors(name: str, op: Mapping[str, Any], where: str) -> Errors:
    """The card checker: one Metagame card chosen, or all."""
    if op.get("pick") not in _PICKS:
        return [(f"{where}.pick", f"is one of {', '.join(_PICKS)}")]
    return []


def meta_leaves(game: MBBase, frame: dict, op: dict, k: int) -> bool:
    """The chosen Metagame card (or all) out of play; nothing when none is in play."""
    seat, ctx = frame["seat"], frame["ctx"]
    if not game.metagame:
        game.log("meta_missed", seat)
        return True
    if op["pick"] == "all":
        leaving = list(game.metagame)
    else:
        key = f"{k}:meta"
        names = sorted({game.cards[c].name for c in game.metagame})
        if key not in ctx and len(names) > 1:
            game.ask(seat, "meta", [Action("value", (name,)) for name in names], key, "a Metagame card to remove")
            return False
        name = ctx.get(key, names[0])
        leaving = [next(c for c in game.metagame if game.cards[c].name == name)]
    game.metagame = [c for c in game.metagame if c not in leaving]
    for card in leaving:
        game.log("meta_removed", seat, card=game.cards[card].name)
    ctx["did"] = True
    return True


def do_metagame_op(game: MBBase, frame: dict, op: dict, k: int) -> bool:
    """Resolve one of this module's ops."""
    return meta_leaves(game, frame, op, k)


__all__ = ["METAGAME_OPS", "do_metagame_op", "metagame_op_errors"]
