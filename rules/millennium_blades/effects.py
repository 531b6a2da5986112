"""The Millennium Blades effect language as data, and the card checker that refuses what the
tournament engine cannot run (docs/effects-millennium-blades.md documents every word).

An effect is ``{"timing", "ops", "text"?, "keyword"?, "optional"?, "condition"?, "trigger"?}``.
Timings are the card's timing words (millennium-blades.txt, "Effects on Cards", "Use an Action").
Everything an op, condition or count names is one of the structures below; nothing is free text.

- FILTER: which cards: ``face`` (up / down / any), ``element``, ``type``, ``keyword``, ``star``
  (``{"cmp", "value"}``, value a number or ``"this"``), ``where`` (relative to the source card),
  ``elements_min``, ``shares`` / ``shares_none`` (element or type with the source card).
- COUNT: ``{"count": "cards"|"elements"|"types"|"star_tokens", "zone", "filter"}``,
  ``{"count": "clashes_won"}``, ``{"count": "star", "card": REF}``.
- CONDITION: ``{"test": "count", "of": COUNT, "cmp", "value"}``, ``{"test": "card", "card": REF,
  "is": FILTER}``, ``{"test": "not", "of": CONDITION}``.
- TARGET: ``{"player", "pick", "filter", "chooser", "zone"}``.
- TRIGGER: ``{"event", "by", "whose", "filter"}``.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from rules.millennium_blades.vocabulary import ELEMENTS, KEYWORDS, TIMINGS, TYPE_VALUES

CMPS = ("<", "<=", "==", ">=", ">")
FACES = ("up", "down", "any")
#: FILTER ``where``: this card, every other card, the card immediately left/right, every card
#: left/right of this one, the cards adjacent to it
WHERES = ("this", "other", "left", "right", "left_of", "right_of", "adjacent")
ZONES = ("tableau", "opponents", "all", "hand")
COUNTS = ("cards", "elements", "types", "star_tokens", "clashes_won", "star")
#: REF: a card an effect names: this card, its neighbours, your Top Card, the card a Next effect or
#: trigger is about, the card just revealed
REFS = ("this", "left", "right", "top", "next_played", "played", "revealed")
PLAYERS = ("self", "opponent", "each_opponent", "each", "any", "that_player")
PICKS = ("this", "left", "right", "top", "next_played", "played", "choice", "highest", "lowest", "all")
WHO = ("self", "each_opponent", "that_player", "chosen_opponent", "each", "each_other", "winner", "losers")
EVENTS = ("play", "flipped", "would_flip", "clash_won", "star_tokens")
SIDES = ("self", "opponent", "any")
TRIGGERED_TIMINGS = ("top", "ongoing", "reaction")
CONTINUOUS_OPS = ("protect", "extra_slot", "set_star", "copy_attributes")
BRANCHES = ("win", "lose", "tie", "winner", "losers")
REVEAL_SOURCES = ("store", "hand", "face_down")

Errors = list[tuple[str, str]]


def check_card(card_type: str, attributes: Mapping[str, Any], effects: list) -> Errors:
    """``GameSpec.card_checker``: every problem the tournament engine would meet running the card,
    as ``(field path, message)``."""
    errors: Errors = []
    for i, effect in enumerate(effects):
        errors += check_effect(effect, f"effects[{i}]")
    if attributes.get("star") == "X" and card_type == "single" and effects:
        if not any(op.get("op") == "set_star" for e in effects for op in e.get("ops", ())):
            errors.append(("attributes.star", 'an "X" star needs an Ongoing set_star effect that says what X is'))
    return errors


def check_effect(effect: Mapping[str, Any], path: str) -> Errors:
    timing = effect.get("timing")
    if timing not in TIMINGS:
        return [(f"{path}.timing", f"{timing!r} is not a timing word ({', '.join(TIMINGS)})")]
    errors: Errors = []
    if "trigger" in effect:
        if timing not in TRIGGERED_TIMINGS:
            errors.append((f"{path}.trigger", f"only {', '.join(TRIGGERED_TIMINGS)} effects have triggers"))
        errors += _trigger(effect["trigger"], f"{path}.trigger")
    elif timing == "reaction":
        errors.append((f"{path}.trigger", "a Reaction names the event it reacts to"))
    if "condition" in effect:
        errors += condition_errors(effect["condition"], f"{path}.condition")
    if "keyword" in effect and effect["keyword"] not in KEYWORDS:
        errors.append((f"{path}.keyword", f"{effect['keyword']!r} is not a keyword ({', '.join(KEYWORDS)})"))
    if "optional" in effect and not isinstance(effect["optional"], bool):
        errors.append((f"{path}.optional", "must be true or false"))
    continuous = timing in ("ongoing", "top") and "trigger" not in effect
    errors += ops_errors(effect.get("ops"), f"{path}.ops", continuous=continuous)
    return errors


def ops_errors(ops: Any, path: str, *, continuous: bool = False) -> Errors:
    if not isinstance(ops, list) or not ops:
        return [(path, "must be a non-empty list of ops")]
    errors: Errors = []
    for j, op in enumerate(ops):
        where = f"{path}[{j}]"
        if not isinstance(op, Mapping):
            errors.append((where, "must be an op object"))
            continue
        name = op.get("op")
        if continuous != (name in CONTINUOUS_OPS):
            state = "a continuous Ongoing/Top effect" if continuous else "an effect that happens once"
            errors.append((f"{where}.op", f"{name!r} cannot be {state} "
                                          f"(continuous ops: {', '.join(CONTINUOUS_OPS)})"))
            continue
        errors += _op(name, op, where)
    return errors


def _op(name: str, op: Mapping[str, Any], where: str) -> Errors:
    errors: Errors = []
    if name in ("gain_rp", "lose_rp", "gain_money", "extra_slot", "play_extra", "star_tokens", "set_star",
                "discard"):
        errors += _int(op.get("amount", 1), f"{where}.amount")
    if name in ("gain_rp", "lose_rp", "set_star") and "per" in op:
        errors += count_errors(op["per"], f"{where}.per")
    if "max" in op:
        errors += _int(op["max"], f"{where}.max")
    if "who" in op and op["who"] not in WHO:
        errors.append((f"{where}.who", f"{op['who']!r} is not one of {', '.join(WHO)}"))
    if name in ("flip", "star_tokens"):
        errors += target_errors(op.get("target"), f"{where}.target")
    elif name == "clash":
        if op.get("with") not in ("opponent", "all"):
            errors.append((f"{where}.with", 'a clash is "with" an "opponent" or "all" players'))
        for branch in BRANCHES:
            if branch in op:
                errors += ops_errors(op[branch], f"{where}.{branch}")
    elif name == "protect":
        if op.get("target") not in ("this", "left", "right", "adjacent", "tableau"):
            errors.append((f"{where}.target", "protects this, left, right, adjacent or tableau"))
        if "filter" in op:
            errors += filter_errors(op["filter"], f"{where}.filter")
    elif name == "reveal":
        if op.get("source") not in REVEAL_SOURCES:
            errors.append((f"{where}.source", f"reveals from {', '.join(REVEAL_SOURCES)}"))
        if "filter" in op:
            errors += filter_errors(op["filter"], f"{where}.filter")
    elif name == "discard" and "filter" in op:
        errors += filter_errors(op["filter"], f"{where}.filter")
    elif name == "if":
        errors += condition_errors(op.get("condition"), f"{where}.condition")
        errors += ops_errors(op.get("then"), f"{where}.then")
        if "else" in op:
            errors += ops_errors(op["else"], f"{where}.else")
    return errors


def _int(value: Any, path: str) -> Errors:
    if isinstance(value, bool) or not isinstance(value, int):
        return [(path, f"must be a whole number, not {value!r}")]
    return []


def filter_errors(flt: Any, path: str) -> Errors:
    if not isinstance(flt, Mapping):
        return [(path, "must be a filter object")]
    errors: Errors = []
    checks = {"face": FACES, "element": ELEMENTS, "type": TYPE_VALUES, "keyword": KEYWORDS, "where": WHERES,
              "shares": ("element", "type"), "shares_none": ("element", "type")}
    for key, value in flt.items():
        if key in checks:
            if value not in checks[key]:
                errors.append((f"{path}.{key}", f"{value!r} is not one of {', '.join(checks[key])}"))
        elif key == "star":
            errors += _comparison(value, f"{path}.star", allow_this=True)
        elif key == "elements_min":
            errors += _int(value, f"{path}.elements_min")
        else:
            errors.append((f"{path}.{key}", "is not a filter key (face, element, type, keyword, star, where, "
                                            "elements_min, shares, shares_none)"))
    return errors


def _comparison(value: Any, path: str, *, allow_this: bool = False) -> Errors:
    if not isinstance(value, Mapping) or value.get("cmp") not in CMPS:
        return [(path, f"must be {{cmp: one of {' '.join(CMPS)}, value}}")]
    if allow_this and value.get("value") == "this":
        return []
    return _int(value.get("value"), f"{path}.value")


def count_errors(count: Any, path: str) -> Errors:
    if not isinstance(count, Mapping) or count.get("count") not in COUNTS:
        return [(path, f"must be a count: {{count: one of {', '.join(COUNTS)}, ...}}")]
    errors: Errors = []
    if count["count"] == "star":
        if count.get("card") not in REFS:
            errors.append((f"{path}.card", f"names a card: one of {', '.join(REFS)}"))
        return errors
    if count["count"] == "clashes_won":
        return errors
    if count.get("zone", "tableau") not in ZONES:
        errors.append((f"{path}.zone", f"{count.get('zone')!r} is not one of {', '.join(ZONES)}"))
    if "filter" in count:
        errors += filter_errors(count["filter"], f"{path}.filter")
    return errors


def condition_errors(cond: Any, path: str) -> Errors:
    if not isinstance(cond, Mapping):
        return [(path, "must be a structured condition (test: count, card or not), not text")]
    test = cond.get("test")
    if test == "count":
        return count_errors(cond.get("of"), f"{path}.of") + _comparison(cond, path)
    if test == "card":
        errors = [] if cond.get("card") in REFS else [(f"{path}.card", f"names a card: one of {', '.join(REFS)}")]
        return errors + filter_errors(cond.get("is", {}), f"{path}.is")
    if test == "not":
        return condition_errors(cond.get("of"), f"{path}.of")
    return [(f"{path}.test", f"{test!r} is not a condition test (count, card, not)")]


def target_errors(target: Any, path: str) -> Errors:
    if not isinstance(target, Mapping):
        return [(path, "must be a target object {player, pick, filter, chooser, zone}")]
    errors: Errors = []
    if target.get("player", "self") not in PLAYERS:
        errors.append((f"{path}.player", f"{target.get('player')!r} is not one of {', '.join(PLAYERS)}"))
    if target.get("pick") not in PICKS:
        errors.append((f"{path}.pick", f"{target.get('pick')!r} is not one of {', '.join(PICKS)}"))
    if target.get("chooser", "controller") not in ("controller", "owner"):
        errors.append((f"{path}.chooser", "is controller or owner"))
    if target.get("zone", "tableau") not in ("tableau", "accessory", "deck_box"):
        errors.append((f"{path}.zone", "is tableau, accessory or deck_box"))
    if "filter" in target:
        errors += filter_errors(target["filter"], f"{path}.filter")
    return errors


def _trigger(trigger: Any, path: str) -> Errors:
    if not isinstance(trigger, Mapping) or trigger.get("event") not in EVENTS:
        return [(f"{path}.event", f"must name an event: one of {', '.join(EVENTS)}")]
    errors: Errors = []
    for key in ("by", "whose"):
        if trigger.get(key, "any") not in SIDES:
            errors.append((f"{path}.{key}", f"is one of {', '.join(SIDES)}"))
    if "filter" in trigger:
        errors += filter_errors(trigger["filter"], f"{path}.filter")
    return errors
