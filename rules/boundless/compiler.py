"""The Boundless card compiler: a card's structured effects become what the engine runs.

Every condition, target, amount, duration and trigger in a card's ``effects`` is structured
data with a closed vocabulary (docs/fixture-format.md, "Boundless effects"); the English
``text`` is for display only and is never read here. The same compiler serves two callers:

- the card database, when a card is saved or imported (``check_card``, plugged into the game's
  declaration as ``GameSpec.card_checker``): a card the engine could not run is refused with
  the path of the fault (``effects[2].condition[0].at_least``);
- the engine, once per game (``card_def``): :class:`CardDef` and :class:`Effect` hold the
  compiled predicates and :class:`Selector` targets the op handlers (effects.py) use.

Rulebook: shared/rulebooks/boundless-tcg.txt, "KEYWORDS", "EFFECT TIMING INDICATORS",
"SAVIOR CARDS" (the flip requirement at the bottom of a savior's effect box).
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Mapping
from typing import Any

# card types ("CARD TYPES")
SAVIOR, SPIRIT, FORM, COMMAND = "savior", "spirit", "form", "command"
SPIRIT_KINDS = ("boost", "rescue", "aggress", "protect", "perfect")

#: What can trigger an effect (``"trigger"``), and the cards each moment names for conditions
#: and targets (``REFERENCES``; every trigger also knows ``self``).
TRIGGERS: dict[str, tuple[str, ...]] = {
    "played": ("triggering_form", "sacrificed_form"),  # this form was played
    "sacrificed_for_play": ("triggering_form", "sacrificed_form"),  # this card was sacrificed to play a form
    "discarded": (),  # this card was discarded from the hand
    "flipped": (),  # this savior flipped to its boundless state
    "start_phase": (),  # the start phase of your combat step
    "end_step": (),  # your end step
    "attacks": ("attacker", "attacked_form", "triggering_form"),  # this card attacks
    "attacked": ("attacker", "attacked_form", "triggering_form"),  # this card is attacked
    "damages_form": ("attacker", "attacked_form", "triggering_form"),  # this card damages a form in combat
    "damages_savior": ("attacker", "attacked_form", "triggering_form"),  # ... a savior in combat
    "damaged": ("attacked_form", "triggering_form"),  # this card is damaged
    "host_attacks": ("host", "attacker", "attacked_form", "triggering_form"),  # spirits: the card above
    "host_attacked": ("host", "attacker", "attacked_form", "triggering_form"),
    "host_damaged": ("host", "attacked_form", "triggering_form"),
    "host_damages_form": ("host", "attacker", "attacked_form", "triggering_form"),
    "host_damages_savior": ("host", "attacker", "attacked_form", "triggering_form"),
    "your_form_attacks": ("attacker", "attacked_form", "triggering_form"),  # a form you control ...
    "your_form_attacked": ("attacker", "attacked_form", "triggering_form"),
    "your_form_damaged": ("attacked_form", "triggering_form"),
    "your_form_damages_form": ("attacker", "attacked_form", "triggering_form"),
    "your_form_damages_savior": ("attacker", "attacked_form", "triggering_form"),
    "opponent_attacker_damaged": ("attacker", "attacked_form", "triggering_form"),
    "opponent_plays_form_from_hand": ("triggering_form",),  # response windows ("COMMAND CARDS")
    "opponent_spiritualizes_form": ("triggering_form",),
    "opponent_spiritualizes_savior": (),
    "opponent_activates_command": ("triggering_command",),
}

#: Cards an effect can name by their part in the moment, and where the engine keeps them
#: (the trigger's context; ``that_form`` is the form an earlier op of the effect acted on).
REFERENCES = {"self": None, "host": "host", "attacker": "attacker", "attacked_form": "target",
              "triggering_form": "form", "sacrificed_form": "sacrificed", "triggering_command": "cmd",
              "that_form": "that"}
DURATIONS = ("end_of_attack", "end_of_combat", "end_of_turn", "end_of_opponent_next_turn", "permanent")
PLAYERS = ("you", "opponent")
#: Amounts read from the source card instead of a number.
AMOUNT_NAMES = ("spirits_underneath", "protect_spirits_underneath")
STEPS = ("any", "act", "combat")

# -- errors ----------------------------------------------------------------------------------------


class CompileError(ValueError):
    """A card the engine cannot run: ``path`` names the field (``effects[1].ops[0].target``)."""

    def __init__(self, path: str, message: str):
        super().__init__(f"{path}: {message}")
        self.path = path
        self.message = message


def _one_of(value: Any, allowed, path: str, what: str) -> Any:
    if value not in allowed:
        raise CompileError(path, f"{value!r} is not a known {what} ({', '.join(map(str, allowed))})")
    return value


def _count(value: Any, path: str, low: int = 0, high: int = 99) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
        raise CompileError(path, f"must be a whole number from {low} to {high}, not {value!r}")
    return value


def _word(value: Any, path: str) -> str:
    if not isinstance(value, str) or not value.strip():
        raise CompileError(path, f"must be a non-empty word, not {value!r}")
    return value.strip().lower()


def _fields(data: Mapping, path: str, required: tuple[str, ...], optional: tuple[str, ...] = ()) -> None:
    for key in required:
        if key not in data:
            raise CompileError(f"{path}.{key}", "is required")
    for key in data:
        if key not in required and key not in optional:
            raise CompileError(f"{path}.{key}", f"is not a field here ({', '.join(required + optional)})")


# -- conditions ------------------------------------------------------------------------------------
# A condition is a list of clauses that must all hold; each clause compiles to
# ``pred(state, controller, source, context) -> bool`` (context: the trigger's cards).
Predicate = Callable[[Any, int, int, dict], bool]


def _turn(clause, path) -> Predicate:
    """It is your turn; with ``step``, your act step (either) or your combat step."""
    _fields(clause, path, ("test",), ("step",))
    step = _one_of(clause.get("step", "any"), STEPS, f"{path}.step", "step")
    if step == "act":
        return lambda s, c, src, ctx: s.turn_player == c and s.in_act_step()
    if step == "combat":
        return lambda s, c, src, ctx: s.turn_player == c and s.in_combat()
    return lambda s, c, src, ctx: s.turn_player == c


def _source_in_drop_zone(clause, path) -> Predicate:
    """This card is in your drop zone (an [INDEPENDENT] effect used from there)."""
    _fields(clause, path, ("test",))
    return lambda s, c, src, ctx: src in s.drop[c]


def _spirits_in_void(clause, path) -> Predicate:
    _fields(clause, path, ("test", "player", "at_least"))
    whose = _one_of(clause["player"], PLAYERS, f"{path}.player", "player")
    n = _count(clause["at_least"], f"{path}.at_least", 1, 7)
    if whose == "you":
        return lambda s, c, src, ctx: len(s.void[c]) >= n
    return lambda s, c, src, ctx: len(s.void[1 - c]) >= n


def _spirits_underneath(clause, path) -> Predicate:
    """This card has N or more spirits underneath it."""
    _fields(clause, path, ("test", "at_least"))
    n = _count(clause["at_least"], f"{path}.at_least", 1)
    return lambda s, c, src, ctx: len(s.spirits_of(src)) >= n


def _commands_in_drop_zone(clause, path) -> Predicate:
    """There are N or more command cards in your drop zone."""
    _fields(clause, path, ("test", "at_least"))
    n = _count(clause["at_least"], f"{path}.at_least", 1)
    return lambda s, c, src, ctx: sum(1 for x in s.drop[c] if s.card_defs[x].ctype == COMMAND) >= n


def _forms_you_control(clause, path) -> Predicate:
    """You control N or more forms (of a tribe)."""
    _fields(clause, path, ("test", "at_least"), ("tribe",))
    n = _count(clause["at_least"], f"{path}.at_least", 1, 5)
    tribe = _word(clause["tribe"], f"{path}.tribe") if "tribe" in clause else None
    return lambda s, c, src, ctx: sum(
        1 for x in s.forms[c] if x >= 0 and (tribe is None or tribe in s.card_defs[x].tags)) >= n


def _card_is(clause, path) -> Predicate:
    """A card of the moment (``card``: a reference such as ``attacked_form``) is of a tribe, or
    of a card type."""
    _fields(clause, path, ("test", "card"), ("tribe", "card_type"))
    card = _one_of(clause["card"], [r for r in REFERENCES if r != "self"], f"{path}.card", "card reference")
    key = REFERENCES[card]
    if ("tribe" in clause) == ("card_type" in clause):
        raise CompileError(path, "needs exactly one of tribe or card_type")
    if "tribe" in clause:
        tribe = _word(clause["tribe"], f"{path}.tribe")
        return lambda s, c, src, ctx: (x := ctx.get(key, -1)) is not None and x >= 0 and tribe in s.card_defs[x].tags
    card_type = _one_of(clause["card_type"], (SAVIOR, SPIRIT, FORM, COMMAND), f"{path}.card_type", "card type")
    return lambda s, c, src, ctx: (x := ctx.get(key, -1)) is not None and x >= 0 and s.card_defs[x].ctype == card_type


CLAUSES: dict[str, Callable[[Mapping, str], Predicate]] = {
    "turn": _turn, "source_in_drop_zone": _source_in_drop_zone, "spirits_in_void": _spirits_in_void,
    "spirits_underneath": _spirits_underneath, "commands_in_drop_zone": _commands_in_drop_zone,
    "forms_you_control": _forms_you_control, "card_is": _card_is,
}


def compile_condition(condition: Any, path: str = "condition", moment: tuple[str, ...] | None = None) -> Predicate | None:
    """The predicate for a condition (a list of clauses, all of which must hold), or None for
    none. ``moment``: the references the trigger supplies (a clause naming another is refused)."""
    if condition is None or condition == []:
        return None
    if not isinstance(condition, list):
        raise CompileError(path, "must be a list of clauses such as {\"test\": \"turn\", \"step\": \"act\"}")
    preds = []
    for i, clause in enumerate(condition):
        where = f"{path}[{i}]"
        if not isinstance(clause, dict) or not isinstance(clause.get("test"), str):
            raise CompileError(where, 'must be an object with a "test"')
        build = CLAUSES.get(clause["test"])
        if build is None:
            raise CompileError(f"{where}.test", f"unknown test {clause['test']!r} ({', '.join(CLAUSES)})")
        if moment is not None and clause.get("card") in REFERENCES and clause["card"] not in moment:
            raise CompileError(f"{where}.card", f"{clause['card']!r} is not a card of this moment "
                                                f"({', '.join(moment) or 'none'})")
        preds.append(build(clause, where))
    if len(preds) == 1:
        return preds[0]
    return lambda s, c, src, ctx: all(p(s, c, src, ctx) for p in preds)


# -- targets ---------------------------------------------------------------------------------------


class Selector:
    """What an op acts on: a reference (``"self"``, ``"attacker"``, ...) or a selection object
    ``{"player": "you", "card": "form", "tribe": "Golem", "level": 0, "other": true,
    "unspiritualized": true, "all": true}`` (one chosen form, or with ``all`` every match; or a
    ``savior``)."""

    __slots__ = ("reference", "is_self", "ctx_key", "side", "level", "unspirited", "tag", "other", "single", "savior")

    def __init__(self, target: Any, path: str = "target"):
        self.reference = self.ctx_key = self.side = self.level = self.tag = None
        self.other = self.unspirited = self.savior = self.single = self.is_self = False
        if isinstance(target, str):
            self.reference = _one_of(target, REFERENCES, path, "card reference")
            self.ctx_key = REFERENCES[target]
            self.is_self = target == "self"
            return
        if not isinstance(target, dict):
            raise CompileError(path, "must be a card reference or a selection object")
        _fields(target, path, ("player", "card"), ("tribe", "level", "other", "unspiritualized", "all"))
        self.side = _one_of(target["player"], PLAYERS, f"{path}.player", "player")
        card = _one_of(target["card"], (FORM, SAVIOR), f"{path}.card", "card")
        self.savior = card == SAVIOR
        if self.savior and set(target) - {"player", "card"}:
            raise CompileError(path, "a savior selection has only player and card")
        if "level" in target:
            self.level = _count(target["level"], f"{path}.level", 0, 3)
        if "tribe" in target:
            self.tag = _word(target["tribe"], f"{path}.tribe")
        for flag in ("other", "unspiritualized", "all"):
            if flag in target and not isinstance(target[flag], bool):
                raise CompileError(f"{path}.{flag}", "must be true or false")
        self.other = bool(target.get("other"))
        self.unspirited = bool(target.get("unspiritualized"))
        self.single = not self.savior and not target.get("all")

    def player(self, ctrl: int) -> int:
        return ctrl if self.side == "you" else 1 - ctrl

    def matches_form(self, state, card: int, src: int) -> bool:
        d = state.card_defs[card]
        if self.other and card == src:
            return False
        if self.level is not None and d.level != self.level:
            return False
        if self.tag is not None and self.tag not in d.tags:
            return False
        return not (self.unspirited and card in state.spiritualized_this_turn)


# -- ops -------------------------------------------------------------------------------------------
_AMOUNT_OPS = {"draw", "discard", "rescue", "spiritualize", "invoke", "despiritualize", "devour", "pwr", "mill"}
_TARGET_OPS = {"spiritualize", "despiritualize", "pwr", "damage", "sacrifice", "return_to_hand", "negate",
               "extra_attack", "cannot_attack", "protect"}


def _amount(value: Any, path: str, op: str):
    if isinstance(value, str):
        return _one_of(value, AMOUNT_NAMES, path, "amount name")
    if op == "pwr":
        return _count(value, path, -99, 99)
    return _count(value, path, 0, 60)


def compile_op(op: Mapping, path: str, moment: tuple[str, ...] | None = None) -> dict:
    """An op with its target compiled (``sel``) and its values checked against what the op
    handlers (effects.py) understand; its shape was checked by the game's ``effect_ops``."""
    name = op.get("op")
    out = dict(op)
    if name in _AMOUNT_OPS:
        out["amount"] = _amount(op.get("amount", 1), f"{path}.amount", name)
    if name in _TARGET_OPS:
        if "target" not in op:
            raise CompileError(f"{path}.target", f"{name} needs a target")
        out["sel"] = Selector(op["target"], f"{path}.target")
        reference = out["sel"].reference
        if moment is not None and reference not in (None, "self", "that_form") and reference not in moment:
            raise CompileError(f"{path}.target", f"{reference!r} is not a card of this moment "
                                                 f"({', '.join(moment) or 'none'})")
    if name == "negate" and op["target"] != "triggering_command":
        raise CompileError(f"{path}.target", "negate acts on the triggering_command only")
    if "until" in op:
        _one_of(op["until"], DURATIONS, f"{path}.until", "duration")
    if "player" in op:
        _one_of(op["player"], PLAYERS, f"{path}.player", "player")
    if name == "spiritualize" and "source" in op:
        _one_of(op["source"], ("hand",), f"{path}.source", "source")
    if name == "rescue" and "kind" in op:
        _one_of(op["kind"], SPIRIT_KINDS, f"{path}.kind", "spirit kind")
    if name == "play_from":
        _one_of(op.get("zone", "drop"), ("drop", "hand"), f"{path}.zone", "zone")
    if name == "search":
        if "card_type" in op:
            _one_of(op["card_type"], (FORM, COMMAND), f"{path}.card_type", "main-deck card type")
        if "level" in op:
            _count(op["level"], f"{path}.level", 0, 3)
    return out


# -- effects and cards -----------------------------------------------------------------------------


class Effect:
    """One compiled ability of a card."""

    __slots__ = ("idx", "timing", "trigger", "cond", "cost", "ops", "once", "side", "optional",
                 "name", "python", "text", "target_ops")

    def __init__(self, idx: int, data: Mapping, path: str = "effect"):
        self.idx = idx
        self.timing = data.get("timing", "")
        self.trigger = data.get("trigger")
        moment = None
        if self.trigger is not None:
            _one_of(self.trigger, TRIGGERS, f"{path}.trigger", "trigger")
            moment = TRIGGERS[self.trigger]
        elif self.timing == "command":
            moment = ()
        self.cond = compile_condition(data.get("condition"), f"{path}.condition", moment)
        self.cost = tuple(compile_op(op, f"{path}.cost[{j}]", moment) for j, op in enumerate(data.get("cost", ())))
        self.ops = tuple(compile_op(op, f"{path}.ops[{j}]", moment) for j, op in enumerate(data.get("ops", ())))
        self.once = bool(data.get("once_per_turn"))
        self.side = data.get("side")  # savior effects: "bound" or "boundless"
        if self.side is not None:
            _one_of(self.side, ("bound", "boundless"), f"{path}.side", "savior side")
        self.optional = bool(data.get("optional")) or self.timing in ("swift", "interrupt")
        self.name = data.get("name", "")
        self.text = data.get("text", "")
        self.python = data.get("python")  # tests only: "module:function" run instead of the ops
        if self.python is not None:
            import importlib

            module, _, function = self.python.partition(":")
            self.python = getattr(importlib.import_module(module), function)
        # the first op names the main effect: an activation needs a target for it (rules-notes)
        first = self.ops[0] if self.ops else None
        self.target_ops = (first,) if first is not None and "sel" in first and first["sel"].single else ()
        if self.timing == "cont":
            self._check_cont(path)

    def _check_cont(self, path: str) -> None:
        """A CONT effect changes PWR while its card is in play (CardDef reads it)."""
        for j, op in enumerate(self.ops):
            where = f"{path}.ops[{j}]"
            if op["op"] != "pwr":
                raise CompileError(f"{where}.op", "a cont effect can only change PWR (op pwr)")
            if op["sel"].single:
                raise CompileError(f"{where}.target", 'a cont effect acts on a reference or on "all" matching forms')
            if "until" in op:
                raise CompileError(f"{where}.until", "a cont effect lasts while its card is in play")
            if isinstance(op["amount"], str) and op["sel"].reference not in ("self", "host"):
                raise CompileError(f"{where}.amount", "a counted amount applies to self or host only")


class CardDef:
    """What the engine needs of a card, shared (never copied) by every clone of a game."""

    __slots__ = ("kind", "name", "ctype", "level", "pwr", "bpwr", "tags", "command_kind",
                 "spirit_kind", "effects", "trig", "acts", "swifts", "conts_self", "conts_group",
                 "form_bonus", "host_bonus", "flip_cond", "spec", "main_effect", "is_perfect", "acts_swifts")

    def __init__(self, kind: int, spec):
        attrs = spec.attributes or {}
        self.kind = kind
        self.spec = spec
        self.name = spec.name
        self.ctype = spec.card_type
        self.level = int(attrs.get("level", 0) or 0)
        self.pwr = int(attrs.get("pwr", 0) or 0)
        self.bpwr = int(attrs.get("boundless_pwr", self.pwr) or 0)
        tags = {t.lower() for t in attrs.get("tribe", []) or []}
        if attrs.get("archetype"):
            tags.add(str(attrs["archetype"]).lower())
        self.tags = frozenset(tags)
        self.command_kind = attrs.get("command_kind")
        self.spirit_kind = attrs.get("spirit_kind")
        self.is_perfect = self.spirit_kind == "perfect"
        compiled = tuple(Effect(i, e, f"effects[{i}]") for i, e in enumerate(spec.effects or ()))
        flips = [e for e in compiled if e.timing == "flip"]
        self.flip_cond = flips[0].cond if flips else None
        # the effects a card uses, indexed as stored (actions name them by index)
        self.effects = compiled
        self.trig: dict[str, list[Effect]] = {}
        self.acts: list[Effect] = []  # activated in the act step ("act", "independent" from drop)
        self.swifts: list[Effect] = []  # [SWIFT] effects without a trigger (activated at will)
        self.conts_self: list[tuple] = []  # (amount, side) for CONT PWR on this card itself
        self.conts_group: list[tuple] = []  # (selector, amount, side) for CONT PWR on other cards
        self.host_bonus = 0  # spirits: CONT PWR given to the card they are underneath
        for eff in compiled:
            if eff.trigger:
                self.trig.setdefault(eff.trigger, []).append(eff)
            elif eff.timing in ("act", "independent"):
                self.acts.append(eff)
            elif eff.timing == "swift":
                self.swifts.append(eff)
            elif eff.timing == "cont":
                for op in eff.ops:
                    sel = op["sel"]
                    if sel.reference == "host":
                        self.host_bonus += op["amount"]
                    elif sel.is_self:
                        self.conts_self.append((op["amount"], eff.side))
                    else:
                        self.conts_group.append((sel, op["amount"], eff.side))
        # the group bonuses that reach forms of the controller: (selector, amount), for the
        # bound side [0] and the boundless side [1] (only a savior's differ)
        self.form_bonus = tuple(
            tuple((sel, amount) for sel, amount, side in self.conts_group
                  if (side is None or (side == "boundless") == flipped) and sel.side == "you" and not sel.savior)
            for flipped in (False, True))
        playable = [e for e in compiled if e.timing != "flip"]
        self.main_effect = playable[0] if playable else EMPTY_EFFECT
        self.acts_swifts = tuple(self.acts + self.swifts)


_CARD_CACHE: dict = {}


def card_def(kind: int, spec) -> CardDef:
    """The compiled card, cached: games built from the same decks share their definitions."""
    key = (kind, spec)
    d = _CARD_CACHE.get(key)
    if d is None:
        if len(_CARD_CACHE) > 20000:
            _CARD_CACHE.clear()
        d = _CARD_CACHE[key] = CardDef(kind, spec)
    return d


def check_card(card_type: str, attributes: Mapping[str, Any], effects: list) -> list[tuple[str, str]]:
    """``GameSpec.card_checker``: the problems the engine would meet running this card (the
    shapes were checked by the game's declaration first)."""
    errors: list[tuple[str, str]] = []
    for i, data in enumerate(effects):
        path = f"effects[{i}]"
        part_errors = _part_errors(data, path)
        if part_errors:
            errors.extend(part_errors)
            continue
        try:
            effect = Effect(i, data, path)
        except CompileError as exc:
            errors.append((exc.path, exc.message))
            continue
        if effect.side is not None and card_type != SAVIOR:
            errors.append((f"{path}.side", "only a savior's effects have a side"))
        if effect.timing == "flip":
            if card_type != SAVIOR:
                errors.append((f"{path}.timing", "only a savior has a flip requirement"))
            elif effect.cond is None:
                errors.append((f"{path}.condition", "a flip requirement needs its condition"))
            if effect.side not in (None, "bound"):
                errors.append((f"{path}.side", "a flip requirement is printed on the bound side"))
            if [op["op"] for op in effect.ops] != ["flip_savior"]:
                errors.append((f"{path}.ops", 'a flip requirement does one thing: [{"op": "flip_savior"}]'))
    if card_type == SAVIOR and not errors:
        flips = sum(1 for data in effects if data.get("timing") == "flip")
        if flips != 1:
            errors.append(("effects", (f'a savior has exactly one flip requirement (an effect with timing "flip"; '
                                       f'"SAVIOR CARDS"), not {flips}')))
    return errors


def _part_errors(data: Mapping, path: str) -> list[tuple[str, str]]:
    """The first fault of each part of an effect (trigger, condition, every op), so that one
    save reports them all."""
    moment = None
    trigger = data.get("trigger")
    checks: list[Callable[[], Any]] = []
    if trigger is not None:
        checks.append(lambda: _one_of(trigger, TRIGGERS, f"{path}.trigger", "trigger"))
        moment = TRIGGERS.get(trigger)
    checks.append(lambda: compile_condition(data.get("condition"), f"{path}.condition", moment))
    for part in ("cost", "ops"):
        for j, op in enumerate(data.get(part, ())):
            checks.append(functools.partial(compile_op, op, f"{path}.{part}[{j}]", moment))
    errors = []
    for check in checks:
        try:
            check()
        except CompileError as exc:
            errors.append((exc.path, exc.message))
    return errors


#: what a bound command does when placed (nothing: its effects are used later)
EMPTY_EFFECT = Effect(-1, {"timing": "command"})
