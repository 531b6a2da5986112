"""The engine side of ``phrases_more_w.py`` (issue 26.2, batch w): Actions printed in quotes that a
card gives to the cards of its tableau (millennium-blades.txt, "Tournament Turns", "Use an Action
(Optional)": "Actions usually show up on Accessories, but any card might have one ... To use an
action, perform the text on the card, then flip the card face-down"; "Effects on Cards": an Ongoing
effect works while its card is face-up; docs/rules-notes.md, "MB: batch w").

``grant_action``: while its card is face-up (a Top one: while it is the Top Card) and its condition
holds, every face-up card of that tableau (the granting card too) has the quoted Action; it is that
card's own: used as the turn's Action, "this card" in it is that card, flipped after it. A card with
an Action of its own and a granted one (or two granted ones) uses one of them, the player's choice.
An ``attach`` op's ``action`` is an Action the host has while that card is attached ("FAQs", "How do
attached cards function?"). The engine asks only when the game holds a card with ``grant_action`` (``CardDef`` feature).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from rules.core.schema import OpSpec
from rules.millennium_blades.vocabulary import KEYWORDS

if TYPE_CHECKING:
    from rules.millennium_blades.base import MBBase

MORE_W_OPS = {
    "grant_action": OpSpec("While this card is face-up (a Top one: while it is the Top Card) and the condition "
                           "holds for its player (while), each face-up card of its player's tableau, this card too, "
                           "has an Action of ops (keyword: its printed keyword label), used as that card's own (continuous).",
                           {"ops": "any", "while": "any", "keyword": "str"}),
}
MORE_W_CONTINUOUS_OPS = ("grant_action",)

Errors = list[tuple[str, str]]


def more_w_op_errors(name: str, op: Mapping[str, Any], where: str) -> Errors:
    """The card checker's checks of ``grant_action``: its ops, its keyword label and its condition if any."""
    from rules.millennium_blades.effects import condition_errors, ops_errors  # effects asks this module

    errors = ops_errors(op.get("ops"), f"{where}.ops")
    if "keyword" in op and op["keyword"] not in KEYWORDS:
        errors.append((f"{where}.keyword", f"is one of {', '.join(KEYWORDS)}"))
    if not op.get("ops"):
        errors.append((f"{where}.ops", "is a list of one or more ops"))
    return errors + (condition_errors(op["while"], f"{where}.while") if "while" in op else [])


def attach_action_errors(op: Mapping[str, Any], where: str) -> Errors:
    """The card checker: an ``attach`` op's ``action`` (an Action its host has while it is attached)
    is a list of one or more ops; its ``score``, a Score effect without a trigger."""
    from rules.millennium_blades.effects import check_effect, ops_errors  # effects asks this module

    errors: Errors = []
    if "action" in op:
        errors += ops_errors(op["action"], f"{where}.action")
        errors += [] if op["action"] else [(f"{where}.action", "is a list of one or more ops")]
    if "score" in op:
        score = op["score"]
        if not isinstance(score, Mapping) or score.get("timing") != "score" or "trigger" in score:
            return errors + [(f"{where}.score", "is a Score effect (timing: score, no trigger)")]
        errors += check_effect(score, f"{where}.score")
    return errors


def attached_scores(game: MBBase, seat: int, card: int) -> list[dict]:
    """The frames of the Score effects ``card`` (face-up in ``seat``'s tableau) has from cards attached
    to it (an ``attach`` op's ``score``: "FAQs", "How do attached cards function?"), each ``card``'s
    own ("this card" in it is ``card``); batch u's ``granted_scores`` asks, as scoring begins."""
    frames = []
    for attachment, info in game.attached.items():
        if info["host"] == card and "score" in info:
            if game.log_events:
                game.log("granted", seat, card=game.cards[card].name, by=game.cards[attachment].name)
            frames.append(game.frame(seat, card, info["score"], needs_face_up=True))
    return frames


def granted_play_errors(effect: Mapping[str, Any], path: str) -> Errors:
    """The card checker: ``granted_play`` (true) marks a Next effect only (a Play it gives the next card)."""
    if "granted_play" not in effect:
        return []
    if effect["granted_play"] is not True or effect.get("timing") != "next":
        return [(f"{path}.granted_play", "is true, on a Next effect only")]
    return []


def granted_actions(game: MBBase, seat: int, card: int) -> list[tuple[int, dict]]:
    """``(granter, op)`` of each Action ``card`` has now: from a face-up card of ``seat``'s play area
    (``grant_action``, its condition holding), and from a card attached to it (an ``attach`` op's
    ``action``: "FAQs", "How do attached cards function?"); ``card`` face-up in ``seat``'s tableau."""
    if card in game.down or card not in game.tableau[seat]:
        return []
    found = [(granter, op) for granter, op in game.face_up_ops(seat, "grant_action")
             if "while" not in op or game.holds(op["while"], granter, seat, {})]
    return found + [(attachment, {"ops": info["action"]}) for attachment, info in game.attached.items()
                    if info["host"] == card and "action" in info]


def action_holders(game: MBBase, seat: int) -> frozenset[int]:
    """The cards of ``seat``'s tableau that have a granted Action now (``FlowMixin.usable_actions``)."""
    return frozenset(c for c in game.tableau[seat] if granted_actions(game, seat, c))


def passes_only(game: MBBase, seat: int, card: int) -> bool:
    """Whether every Action ``card`` has is a granted one that passes the turn (batch a's ``pass_turn``):
    then it is offered before the turn's Single, as a printed one is (rules notes, "Pass this turn")."""
    if game.cards[card].timed("action"):
        return False
    granted = granted_actions(game, seat, card)
    return bool(granted) and all(any(o.get("op") == "pass_turn" for o in op["ops"]) for _g, op in granted)


def action_effect(game: MBBase, seat: int, card: int, own: dict | None) -> dict:
    """The Action ``card`` uses: its own (``own``) when it has no granted one; the one granted when
    it has no other; otherwise one of them, the player's choice (an ``either`` of their ops)."""
    granted = granted_actions(game, seat, card)
    if not granted:
        assert own is not None
        return own
    if game.log_events:
        for granter, _op in granted:
            game.log("granted_action", seat, card=game.cards[card].name, by=game.cards[granter].name)
    options = ([own["ops"]] if own is not None else []) + [op["ops"] for _g, op in granted]
    if len(options) == 1:
        label = {"keyword": granted[0][1]["keyword"]} if "keyword" in granted[0][1] else {}
        return {"timing": "action", "ops": options[0], **label}
    return {"timing": "action", "ops": [{"op": "either", "who": "self", "options": options}]}


__all__ = ["MORE_W_CONTINUOUS_OPS", "MORE_W_OPS", "action_effect", "action_holders", "attach_action_errors",
           "attached_scores", "granted_actions", "granted_play_errors", "more_w_op_errors", "passes_only"]
