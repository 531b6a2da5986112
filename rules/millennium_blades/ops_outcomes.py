"""The engine side of ``phrases_outcomes.py`` (issue 26.2): a discard every player makes at once
(millennium-blades.txt, "Discard a Card"; docs/rules-notes.md, "MB: outcomes"). The card checker's
checks are here too. (A card swapped for one drawn blind from an opponent's hand is batch j's
``swap_hand`` with ``random``.)

``discard_together``: each player (who) picks a card of their hand; no card moves until every pick
is made, so no one picks knowing another's card; then each goes to its owner's binder at once and
the cards are "those" ("discarded this way").
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from rules.core.engine import Action
from rules.core.schema import OpSpec

if TYPE_CHECKING:
    from rules.millennium_blades.base import MBBase

_TOGETHER_WHO = ("each", "each_opponent")

OUTCOME_OPS = {
    "discard_together": OpSpec("The players (who: each, each_opponent) each discard a card of their choice from their "
                               "hand to their binder, all at once: every pick is made before any card moves; the "
                               "cards are \"those\" (discarded this way). A player with an empty hand discards none.",
                               {"who": "str"}),
}

Errors = list[tuple[str, str]]


def outcome_op_errors(name: str, op: Mapping[str, Any], where: str) -> Errors:
    """The card checker: whose hands the ops take from."""
    if name == "discard_together" and op.get("who") not in _TOGETHER_WHO:
        return [(f"{where}.who", f"is one of {', '.join(_TOGETHER_WHO)}")]
    return []


def _pick_from_hand(game: MBBase, seat: int, ctx: dict, key: str, about: str) -> bool:
    """Ask ``seat`` for a card of their hand under ``key`` unless answered; False while asked. A hand
    of one card kind needs no question."""
    if key in ctx:
        return True
    names = sorted({game.cards[c].name for c in game.hand[seat]})
    if len(names) > 1:
        game.ask(seat, "discard", [Action("pick", (name,)) for name in names], key, about)
        return False
    ctx[key] = game.hand[seat][0] if names else None
    return True


def discard_together(game: MBBase, frame: dict, op: dict, k: int) -> bool:
    """Every player of ``who`` picks, then all the picked cards go to their binders at once."""
    players = game.who(frame, op, k)
    if players is None:
        return False
    ctx = frame["ctx"]
    kept = ctx.get(f"{k}:kept_hands", ())  # hands a Reaction keeps (ops_prevention.discard_window)
    players = [p for p in players if p not in kept]
    for p in players:
        if not _pick_from_hand(game, p, ctx, f"{k}:together{p}", "a card to discard (everyone at once)"):
            return False
    discarded = []
    for p in players:
        card = ctx[f"{k}:together{p}"]
        if card is None:
            game.log("discard_failed", p)
            continue
        game.hand[p].remove(card)
        game.binder[p].append(card)
        discarded.append(card)
        game.log("discard", p, card=game.cards[card].name)
    ctx["those"] = discarded
    ctx["did"] = bool(discarded)
    for p in players:  # the triggers on discarding, each player's own card (ops_more_f.py)
        card = ctx[f"{k}:together{p}"]
        if card is not None:
            game.discard_triggers(p, [card])
    return True


def do_outcome_op(game: MBBase, frame: dict, op: dict, k: int) -> bool:
    """Resolve one of this module's ops."""
    return discard_together(game, frame, op, k)


__all__ = ["OUTCOME_OPS", "do_outcome_op", "outcome_op_errors"]
