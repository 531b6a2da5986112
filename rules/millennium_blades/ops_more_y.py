"""The engine side of ``phrases_more_y.py`` (issue 26.2, batch y): effects answering a flip stopped
as it happens.

"Ongoing: Your cards cannot be flipped by opponents' effects. When a card is prevented from being
flipped by this effect, gain 3 RP." The ``protect`` rule keeps the card out of the flip
(millennium-blades.txt, "General Rules", "Cannot be flipped": "there are no legal targets for the
effect, and she can ignore it"); when the effect NAMED the card (this card, that card, the card to
its left, its player's highest card, every card of a kind) the flip is prevented, and the guard's
``flip_prevented`` effects resolve. When the effect lets its player choose, a protected card is only
"not a legal choice" ("Cannot be flipped", second example): nothing is prevented (docs/rules-notes.md,
"MB: batch y"). The card checker's check of the trigger is here too.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from rules.core.schema import OpSpec

if TYPE_CHECKING:
    from rules.millennium_blades.base import MBBase

Errors = list[tuple[str, str]]

MORE_Y_OPS = {
    "no_play_effects": OpSpec("Ongoing (Top): no card's Play effects activate as it comes into play, any "
                              "player's (play_prevented: this card's answer to each).", {}),
}
#: the continuous ops of this module (``effects.CONTINUOUS_OPS``)
MORE_Y_CONTINUOUS_OPS = ("no_play_effects",)
#: flip_prevented: a flip this card's ``protect`` rule stopped ("by this effect", "this way");
#: play_prevented: a Play effect this card's ``no_play_effects`` rule stopped
MORE_Y_EVENTS = ("flip_prevented", "play_prevented")


#: lost_clash_this_turn: the condition's player lost a clash in this turn
MORE_Y_TESTS = ("lost_clash_this_turn",)


def mark_clash_lost(game: MBBase, seat: int) -> None:
    """Remember that ``seat`` lost a clash in this turn (batch o's ``turn_memo``)."""
    game.turn_memo[f"lost_clash:{seat}"] = game.turn


def more_y_holds(game: MBBase, cond: Mapping[str, Any], seat: int) -> bool:
    """``lost_clash_this_turn``: ``seat`` lost a clash ("Clashing": the losers) in this turn."""
    return game.turn_memo.get(f"lost_clash:{seat}") == game.turn


def more_y_condition_errors(cond: Mapping[str, Any], path: str) -> Errors:
    """``lost_clash_this_turn`` takes no field."""
    return [(f"{path}.{key}", "lost_clash_this_turn takes no field") for key in sorted(set(cond) - {"test"})]


def trigger_y_errors(trigger: Mapping[str, Any], path: str) -> Errors:
    """``once`` (one trigger for all the cards one effect named: "one or more cards") is true, and
    only on ``flip_prevented``."""
    if "once" not in trigger:
        return []
    if trigger["once"] is not True or trigger.get("event") != "flip_prevented":
        return [(f"{path}.once", "is true, on a flip_prevented trigger only")]
    return []


def flip_prevented(game: MBBase, frame: dict, card: int, owner: int, by: int, k: int) -> None:
    """``card`` of ``owner``'s tableau, named by ``by``'s flip effect (op ``k`` of ``frame``), was kept
    face-up by ``protect`` rules: each face-up guard whose rule covers it resolves its
    ``flip_prevented`` effects for its player (a Top one while it is the Top Card), once for each card
    or, ``once``, once for the effect; asked again (a choice pending), nothing fires twice."""
    seen = frame["ctx"].setdefault(f"{k}:prevented", [])
    for guard, op in game.face_up_ops(owner, "protect"):
        effects = game.cards[guard].triggers.get("flip_prevented", ())
        if not effects or not game._covers(op, guard, card):
            continue
        for index, effect in enumerate(effects):
            if effect["timing"] == "top" and game.top_card(owner) != guard:
                continue
            mark = [guard, index, None if effect["trigger"].get("once") else card]
            if mark in seen:
                continue
            seen.append(mark)
            game.log("flip_prevented", owner, card=game.cards[guard].name, kept=game.cards[card].name)
            game.triggered.append(game.frame(owner, guard, effect, {"that_player": by}, optional=False))


def play_stoppers(game: MBBase) -> list[tuple[int, int]]:
    """The face-up cards (and their players) whose ``no_play_effects`` rule is in force now (a Top one
    while it is the Top Card); asked before the card played is placed, so the tableau is judged as it
    was when the card was played (flow.play_single)."""
    return [(seat, guard) for seat in range(game.num_players) for guard, _op in game.face_up_ops(seat, "no_play_effects")]


def play_effects_stopped(game: MBBase, stoppers: list[tuple[int, int]], seat: int, card: int, count: int) -> list[dict]:
    """``card``'s ``count`` Play effects do not activate ("Effects on Cards", Play: "activated right
    away when a card comes into play"; this rule stops them): logged, and each stopper's
    ``play_prevented`` effects resolve once for each Play effect stopped. The frames to push."""
    game.log("play_effects_stopped", seat, card=game.cards[card].name, by=game.cards[stoppers[0][1]].name)
    frames = []
    for owner, guard in stoppers:
        for effect in game.cards[guard].triggers.get("play_prevented", ()):
            frames += [game.frame(owner, guard, effect, {"that_player": seat}, optional=False) for _n in range(count)]
    return frames


__all__ = ["MORE_Y_CONTINUOUS_OPS", "MORE_Y_EVENTS", "MORE_Y_OPS", "MORE_Y_TESTS", "flip_prevented", "mark_clash_lost",
           "more_y_condition_errors", "more_y_holds", "play_effects_stopped", "play_stoppers", "trigger_y_errors"]
