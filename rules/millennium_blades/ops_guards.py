"""The engine side of ``phrases_guards.py`` (issue 26.2, batch "guards"): protection from being moved
(millennium-blades.txt, "Tableau"; "Effects on Cards": "Ongoing effects keep on working continuously
as long as the card is face-up in your tableau"; docs/rules-notes.md, "MB: guards").

- ``unmovable``: an Ongoing (Top) rule, as ``protect`` (the same target, filter and while), that the
  cards it covers do not change slot or tableau by an opponent's effect: they are no legal choice for
  an opponent's move or swap (``ResolveMixin.choose_cards`` with ``moving``; ``swap_theirs``,
  ``swap_two``), as a card that "cannot be flipped" is none for a flip ("FAQs": "a card that cannot
  be flipped is not a legal target for a flip effect"). Asked only when a card of the game prints
  it (feature ``IN_FORCE + "unmovable"``).

The card checker's checks are here too.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from rules.core.engine import Action
from rules.core.schema import OpSpec
from rules.millennium_blades.catalogue import IN_FORCE
from rules.millennium_blades.phrases_guards import TRIGGER_WORDS

if TYPE_CHECKING:
    from rules.millennium_blades.base import MBBase

Errors = list[tuple[str, str]]

GUARDS_OPS = {
    "unmovable": OpSpec("Ongoing/Top: the cards covered (target, filter, while: as protect) cannot be moved (change "
                        "slot or tableau) by opponents' effects.", {"target": "str", "filter": "any", "while": "any"}),
    "name_trigger": OpSpec("The player names a trigger (a timing word, not one of except), remembered with this card "
                           "(the trigger_activates event of its effects).", {"except": "list"}),
    "silence_trigger": OpSpec("After name_trigger: effects of the trigger named do not activate on the cards of this "
                              "player's tableau until the start of their next turn or until they pass.", {}),
}
#: trigger_activates: an effect of the trigger the listener's player named with it starts (any player's)
GUARDS_EVENTS = ("trigger_activates",)
#: the continuous ops of this module (``effects.CONTINUOUS_OPS``)
GUARDS_CONTINUOUS_OPS = ("unmovable",)
#: what a protection covers (``queries._covers``)
_TARGETS = ("this", "left", "right", "adjacent", "tableau")


def guards_op_errors(name: str, op: Mapping[str, Any], where: str) -> Errors:
    """``unmovable``: a ``target`` of _TARGETS; ``filter`` a FILTER; ``while`` a CONDITION.
    ``name_trigger``: ``except``, trigger words, not all of them; ``silence_trigger``: no field."""
    from rules.millennium_blades.effects import condition_errors, filter_errors  # effects imports this module

    if name == "name_trigger":
        excluded = op.get("except", [])
        if not isinstance(excluded, list) or not set(excluded) < set(TRIGGER_WORDS) or len(set(excluded)) != len(excluded):
            return [(f"{where}.except", f"is a list of some of {', '.join(TRIGGER_WORDS)}")]
        return [(f"{where}.{key}", f"{name} takes no such field") for key in sorted(set(op) - {"op", "except"})]
    if name == "silence_trigger":
        return [(f"{where}.{key}", f"{name} takes no field") for key in sorted(set(op) - {"op"})]
    errors: Errors = []
    if op.get("target") not in _TARGETS:
        errors.append((f"{where}.target", f"is one of {', '.join(_TARGETS)}"))
    if "filter" in op:
        errors += filter_errors(op["filter"], f"{where}.filter")
    if "while" in op:
        errors += condition_errors(op["while"], f"{where}.while")
    return errors + [(f"{where}.{key}", f"{name} takes no such field")
                     for key in sorted(set(op) - {"op", "target", "filter", "while"})]


def effect_ops_guards(effect: Mapping[str, Any], path: str) -> Errors:
    """``silence_trigger`` right after ``name_trigger`` (the trigger it names)."""
    names = [op.get("op") for op in effect.get("ops") or () if isinstance(op, Mapping)]
    if any(name == "silence_trigger" and (i == 0 or names[i - 1] != "name_trigger") for i, name in enumerate(names)):
        return [(f"{path}.ops", "silence_trigger follows name_trigger")]
    return []


def do_guards_op(game: MBBase, frame: dict, op: dict, k: int) -> bool:
    """``name_trigger``: asked of the player (a decision, kind ``value``), remembered with this card;
    ``silence_trigger``: that trigger off on the cards of their tableau for a while; ``unmovable``: a
    rule in force while its card is face-up, nothing to do when it is resolved."""
    seat, ctx, source = frame["seat"], frame["ctx"], frame["source"]
    if op["op"] == "name_trigger":
        key = f"{k}:trigger"
        if key not in ctx:
            words = [w for w in TRIGGER_WORDS if w not in op.get("except", ())]
            game.ask(seat, "value", [Action("value", (w,)) for w in words], key, "a trigger")
            return False
        ctx["named_trigger"] = ctx[key]
        if source is not None:
            game.named = {**game.named, f"{TRIGGER_KEY}{source}": (ctx[key],)}
        game.log("trigger_named", seat, card=game.cards[source].name if source is not None else None, trigger=ctx[key])
        return True
    if op["op"] == "silence_trigger":
        word = ctx.get("named_trigger")
        if word is not None:  # until the start of your next turn, or a pass in this turn of yours
            since = f"{game.turn}:{'own' if game.seat_turn == seat else 'other'}"
            key = f"{SILENCED_KEY}{seat}"
            game.named = {**game.named, key: (*(game.named.get(key) or (since,)), word)}
            game.log("trigger_silenced", seat, trigger=word)
        return True
    return True


# -- a trigger named: heard each time it activates, or switched off ---------------------------------
#: ``MBState.named`` keys: the trigger a card named (``trigger:<card>``: (word,)); a player's triggers
#: switched off (``silenced:<seat>``: (since, word, ...), since "<turn>:own" or "<turn>:other")
TRIGGER_KEY, SILENCED_KEY = "trigger:", "silenced:"


def trigger_starts(game: MBBase, frame: dict) -> bool:
    """An effect with a timing word starting (asked once, before its first op; only when a card of the
    game names triggers: feature ``names_trigger``): True when its trigger is switched off on its card
    (its text skipped: what follows it, an Action's flip, still happens, as a prevented effect's);
    else the ``trigger_activates`` listeners whose card named that trigger are triggered. The gains
    those listeners make are no activation heard again (rules notes, "MB: guards": else two of them
    would hear each other for ever)."""
    timing, ctx, source = frame.get("timing"), frame["ctx"], frame["source"]
    if timing is None or "guards_seen" in ctx:
        return False
    ctx["guards_seen"] = True
    owner = game.seat_of(source) if source is not None else None
    if owner is not None and source in game.tableau[owner] and timing in game.named.get(f"{SILENCED_KEY}{owner}", ())[1:]:
        game.log("trigger_off", owner, card=game.cards[source].name, trigger=timing)
        frame["i"] = frame.get("text_ends", len(frame["ops"]))
        return True
    if "trigger_heard" in ctx or "on trigger_activates" not in game.feature_cards:
        return False
    heard = [f for f in game.collect("trigger_activates", source, frame["seat"])
             if game.named.get(f"{TRIGGER_KEY}{f['source']}") == (timing,)]
    for found in heard:
        found["ctx"]["trigger_heard"] = True
    game.triggered.extend(heard)
    return False


def silences_end(game: MBBase) -> None:
    """A new turn started (``flow.end_turn``): the triggers switched off by the player whose turn
    starts end ("until the start of your next turn"), and those its player switched off in the turn
    just ended, if they passed in it ("or until you pass": ``passes``, a turn with no Single played)."""
    for key in [key for key in game.named if key.startswith(SILENCED_KEY)]:
        seat, since = int(key[len(SILENCED_KEY):]), game.named[key][0]
        if seat == game.seat_turn or game.passes and since == f"{game.turn - 1}:own":
            game.named = {name: value for name, value in game.named.items() if name != key}
            game.log("triggers_on", seat)


def unmovable(game: MBBase, card: int, owner: int | None, by: int) -> bool:
    """Whether ``card`` of ``owner``'s tableau is kept in its slot from ``by``'s effect: another
    player's, and a face-up ``unmovable`` rule of ``owner`` covers it (no owner: in no tableau)."""
    if owner is None or by == owner or IN_FORCE + "unmovable" not in game.feature_cards:
        return False
    return any(game._covers(op, guard, card) for guard, op in game.face_up_ops(owner, "unmovable"))


def movable(game: MBBase, cards: list[int], by: int) -> list[int]:
    """``cards`` without those ``by``'s effect may not move (``unmovable``)."""
    if IN_FORCE + "unmovable" not in game.feature_cards:
        return cards
    return [c for c in cards if (owner := game.seat_of(c)) is None or not unmovable(game, c, owner, by)]


__all__ = ["GUARDS_CONTINUOUS_OPS", "GUARDS_EVENTS", "GUARDS_OPS", "do_guards_op", "effect_ops_guards", "guards_op_errors",
           "movable", "silences_end", "trigger_starts", "unmovable"]
