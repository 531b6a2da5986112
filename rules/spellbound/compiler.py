"""The Spellbound card compiler: a card's ``effects`` data becomes what the engine runs.

``check_card`` is ``GameSpec.card_checker`` (cards.py): a card whose effects the engine could not
run is refused when it is saved or imported, naming the field (``effects[1].ops[0].target``).
``card_def`` compiles a card for the engine (once per card spec, shared by every game).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from rules.spellbound.constants import SOULS

#: targets a player chooses ("5. Advanced Topics", Targeting)
CHOSEN = {"creature", "enemy_creature", "any", "bounder", "creature_or_bounder", "your_creature_or_bounder",
          "reinforcement", "item_or_charm", "spell", "target_player"}
#: targets fixed by the card's words (no choice)
GROUPS = {"your_bounder", "your_creatures", "enemy_creatures", "all_creatures", "self", "attached",
          "battling_creature", "aura", "your_other_dream_creatures"}
PLAYERS = {"you", "each", "active", "target_player"}

#: op -> the targets it may name
OP_TARGETS = {
    "hex_damage": {"any", "creature", "enemy_creature", "bounder", "creature_or_bounder", "your_bounder",
                   "your_creatures", "enemy_creatures", "all_creatures", "attached", "battling_creature", "self"},
    "heal": {"any", "creature", "creature_or_bounder", "your_creature_or_bounder", "your_bounder", "your_creatures",
             "attached", "self"},
    "destroy": {"creature", "enemy_creature", "reinforcement", "item_or_charm", "aura"},
    "return_to_hand": {"creature", "enemy_creature"},
    "exile": {"creature", "enemy_creature", "reinforcement"},
    "flip": {"creature", "enemy_creature"},
    "counter": {"spell"},
    "buff": {"self", "attached", "your_creatures", "all_creatures", "your_other_dream_creatures", "creature",
             "enemy_creature", "enemy_creatures"},
    "grant": {"self", "attached", "your_creatures", "all_creatures", "creature"},
}
STATIC_TARGETS = {"self", "attached", "your_creatures", "all_creatures", "your_other_dream_creatures"}
STATIC_OPS = {"buff", "grant", "extra_creature_slot", "extra_item_slot"}
TRIGGERS = {"enters_battlefield", "destroyed", "your_creature_destroyed", "attached_destroyed", "attached_battles",
            "enemy_creature_battles_your_creature", "each_draw_step", "each_cease_phase", "each_caretake",
            "controller_caretake"}
#: card type -> timings its effects may use
TIMINGS_BY_TYPE = {
    "bounder": {"soul"}, "soul_pond": {"gain"}, "convert": {"activated", "cast"},
    "creature": {"triggered", "static", "soul", "caretake", "cease"}, "hex": {"cast", "immediate"},
    "charm": {"static", "triggered", "caretake", "cease", "cast"},
    "blessing": {"static", "triggered", "caretake", "cease", "cast"},
    "aura": {"static", "triggered", "caretake", "cease", "cast"},
    "item": {"static", "triggered", "caretake", "cease", "cast", "soul"},
}
#: what may happen when a step begins (ladder.py, fire_step_triggers): an aura's "During each
#: player's ..." triggers and the effects of the caretake and cease timings
STEP_TRIGGERS = {"each_caretake", "each_draw_step", "each_cease_phase"}
STEP_TIMINGS = {"caretake", "cease"}
CONDITIONS = {"target_health_at_most", "attached_to", "per"}
KEYWORDS = {"Barrage", "Warden"}


class CompileError(ValueError):
    def __init__(self, path: str, message: str):
        super().__init__(f"{path}: {message}")
        self.path, self.message = path, message


@dataclass(frozen=True)
class Effect:
    """One compiled effect: when it happens, its cost, its ops and the target it asks for."""

    index: int
    timing: str
    ops: tuple[dict, ...]
    trigger: str | None = None
    cost: Mapping[str, int] = field(default_factory=dict)
    flip: bool = False
    target: str | None = None  # the chosen target kind (CHOSEN), "graveyard_<division>", or None
    condition: Mapping[str, Any] = field(default_factory=dict)
    level: int = 0
    upgrade_cost: Mapping[str, int] = field(default_factory=dict)
    text: str = ""

    @property
    def raises_pond(self) -> bool:
        """It raises its controller's soul pond (a ``level_up`` op: Thessaly's soul ability)."""
        return any(op["op"] == "level_up" for op in self.ops)


@dataclass(frozen=True)
class CardDef:
    """A card as the engine runs it. Immutable; what the engine asks of it again and again is
    worked out once, in ``__post_init__`` (effects by timing, statics, conversions, ...)."""

    name: str
    kind: str
    cost: Mapping[str, int]
    health: int = 0
    damage: int = 0
    soul_type: str = ""
    subdivision: str = ""
    immediate: bool = False
    keywords: tuple[str, ...] = ()
    effects: tuple[Effect, ...] = ()
    # derived once from the fields above (the engine's hot lookups; see __post_init__)
    _by_timing: dict[str, list[Effect]] = field(init=False, repr=False, compare=False)
    statics: tuple[tuple[Effect, dict], ...] = field(init=False, repr=False, compare=False)
    static_buffs: tuple[tuple[Effect, dict], ...] = field(init=False, repr=False, compare=False)
    soul_abilities: tuple[Effect, ...] = field(init=False, repr=False, compare=False)
    conversions: tuple[tuple[int, str, int], ...] = field(init=False, repr=False, compare=False)
    conversion_souls: tuple[str, ...] = field(init=False, repr=False, compare=False)
    step_effects: tuple[Effect, ...] = field(init=False, repr=False, compare=False)
    cost_total: int = field(init=False, repr=False, compare=False)
    level_costs: dict[int, Mapping[str, int]] = field(init=False, repr=False, compare=False)
    castable_any_time: bool = field(init=False, repr=False, compare=False)
    spell_effect: Effect | None = field(init=False, repr=False, compare=False)
    attach_to: str | None = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        by_timing: dict[str, list[Effect]] = {}
        for e in self.effects:
            by_timing.setdefault(e.timing, []).append(e)
        statics = tuple((e, op) for e in by_timing.get("static", ()) for op in e.ops)
        # (effect index, soul, amount) of each flip that converts hollow souls (converts)
        conversions = tuple((e.index, op["soul"], op["amount"]) for e in by_timing.get("activated", ())
                            for op in e.ops if op["op"] == "convert")
        derived = {
            "_by_timing": by_timing,
            "statics": statics,
            # static "buff" and "grant" ops: what changes a creature's health, damage and keywords
            "static_buffs": tuple((e, op) for e, op in statics if op["op"] in ("buff", "grant")),
            "soul_abilities": tuple(by_timing.get("soul", ())),
            "conversions": conversions,
            "conversion_souls": tuple(sorted({soul for _, soul, _ in conversions})),  # the convert actions
            "step_effects": tuple(e for e in self.effects if e.trigger in STEP_TRIGGERS or e.timing in STEP_TIMINGS),
            "cost_total": sum(self.cost.values()),
            "level_costs": _level_costs(self.effects),
            # what may be cast outside its controller's casting phases ("Immediate"; never a convert)
            "castable_any_time": self.immediate and self.kind != "convert",
            "spell_effect": _spell_effect(self.kind, self.effects),
            "attach_to": _attach_to(self.kind, self.subdivision),
        }
        for name, value in derived.items():
            object.__setattr__(self, name, value)

    def of(self, timing: str) -> list[Effect]:
        return self._by_timing.get(timing, [])


def _spell_effect(kind: str, effects: tuple[Effect, ...]) -> Effect | None:
    """A hex's effect: what happens when it resolves."""
    return next((e for e in effects if e.timing in ("cast", "immediate") and kind == "hex"), None)


def _level_costs(effects: tuple[Effect, ...]) -> dict[int, Mapping[str, int]]:
    """A soul pond's upgrade cost to each level (the first gain effect of that level)."""
    costs: dict[int, Mapping[str, int]] = {}
    for e in effects:
        if e.timing == "gain":
            costs.setdefault(e.level, e.upgrade_cost)
    return costs


def _attach_to(kind: str, subdivision: str) -> str | None:
    """What the card is attached to when it resolves ("3. Divisions", 3. Charms / 6. Items)."""
    if kind == "item":
        return "creature"
    if kind == "charm" and subdivision in ("creature", "bounder"):
        return subdivision
    if kind == "blessing" and subdivision == "creature":
        return "own_creature"
    return None


def _soul_map(value: Any, path: str) -> dict[str, int]:
    if not isinstance(value, Mapping):
        raise CompileError(path, "must be a map of soul type to count")
    for soul, n in value.items():
        if soul not in SOULS or not isinstance(n, int) or isinstance(n, bool) or n < 0:
            raise CompileError(f"{path}.{soul}", f"must be a soul type ({', '.join(SOULS)}) with a count >= 0")
    return {k: v for k, v in value.items() if v}


def _compile_op(op: dict, timing: str, path: str) -> str | None:
    """Checks one op; returns the chosen target kind it asks for, if any."""
    name = op["op"]
    target = op.get("target")
    if timing == "static":
        if name not in STATIC_OPS:
            raise CompileError(f"{path}.op", f"{name} cannot be a static (always on) effect")
        if target is not None and target not in STATIC_TARGETS:
            raise CompileError(f"{path}.target", f"a static effect applies to {', '.join(sorted(STATIC_TARGETS))}")
        if op.get("until"):
            raise CompileError(f"{path}.until", "a static effect lasts while its card is on the battlefield")
    elif name in STATIC_OPS:
        if name in ("extra_creature_slot", "extra_item_slot"):
            raise CompileError(f"{path}.op", f"{name} only works as a static effect")
        if op.get("until") != "end_of_turn":
            raise CompileError(f"{path}.until", 'a buff that is not static must say until "end_of_turn"')
    if name in ("convert", "pay_souls", "gain_souls") and op.get("soul") not in SOULS:
        raise CompileError(f"{path}.soul", f"must be a soul type ({', '.join(SOULS)})")
    if name == "convert" and (timing != "activated" or op.get("soul") == "hollow"):
        raise CompileError(path, "convert turns hollow souls into a typed soul, as a convert's flip ability")
    if name in ("draw", "discard", "mill") and op.get("player", "you") not in PLAYERS:
        raise CompileError(f"{path}.player", f"must be one of {', '.join(sorted(PLAYERS))}")
    if name == "discard" and op.get("choice", "owner") != "owner":
        raise CompileError(f"{path}.choice", 'only "owner" (the discarding player chooses) is supported')
    if name == "grant" and op.get("keyword") not in KEYWORDS:
        raise CompileError(f"{path}.keyword", f"the engine knows the keywords {', '.join(sorted(KEYWORDS))}")
    if name == "return_from_graveyard" and (op.get("division") not in ("creature", "item", "hex", "charm")
                                            or op.get("to", "hand") != "hand"):
        raise CompileError(path, "returns a creature, item, hex or charm card to its owner's hand")
    if name == "extra_item_slot" and op.get("subdivision") not in ("weapon", "equipment", "accessory"):
        raise CompileError(f"{path}.subdivision", "must be weapon, equipment or accessory")
    if name in ("hex_damage", "heal") and not isinstance(op.get("amount"), int):
        raise CompileError(f"{path}.amount", "must be a whole number")
    if name in OP_TARGETS:
        if target not in OP_TARGETS[name]:
            raise CompileError(f"{path}.target", f"{name} may target {', '.join(sorted(OP_TARGETS[name]))}")
    elif target is not None:
        raise CompileError(f"{path}.target", f"{name} takes no target")
    if op.get("player") == "target_player":
        return "target_player"
    return target if target in CHOSEN else None


def compile_effect(index: int, effect: dict, card_type: str, path: str) -> Effect:
    timing: str | None = effect.get("timing")
    if timing is None or timing not in TIMINGS_BY_TYPE.get(card_type, ()):
        raise CompileError(f"{path}.timing", f"a {card_type} has no {timing!r} effects "
                                             f"({', '.join(sorted(TIMINGS_BY_TYPE.get(card_type, ())))})")
    trigger = effect.get("trigger")
    if trigger is not None and (trigger not in TRIGGERS or timing not in ("triggered", "caretake")):
        raise CompileError(f"{path}.trigger", f"unknown trigger {trigger!r} ({', '.join(sorted(TRIGGERS))})")
    if timing == "triggered" and trigger is None:
        raise CompileError(f"{path}.trigger", "a triggered effect names its trigger")
    cost: dict[str, int] = {}
    for j, op in enumerate(effect.get("cost", [])):
        if op["op"] != "pay_souls" or op.get("soul") not in SOULS or not isinstance(op.get("amount"), int):
            raise CompileError(f"{path}.cost[{j}]", "a cost is pay_souls ops with a soul type and an amount")
        cost[op["soul"]] = cost.get(op["soul"], 0) + op["amount"]
    if (cost or effect.get("flip")) and timing not in ("soul", "activated"):
        raise CompileError(f"{path}.cost", "only soul and activated abilities have costs")
    chosen = [t for j, op in enumerate(effect["ops"]) if (t := _compile_op(op, timing, f"{path}.ops[{j}]"))]
    if len(chosen) > 1:
        raise CompileError(f"{path}.ops", "an effect may choose one target")
    target = chosen[0] if chosen else None
    returns = [op for op in effect["ops"] if op["op"] == "return_from_graveyard"]
    if effect.get("target_required") and target is None:
        if returns:
            target = f"graveyard_{returns[0]['division']}"
        elif not (timing == "static" and card_type in ("blessing",)):
            raise CompileError(f"{path}.target_required", "no op of this effect chooses a target")
    if target is not None and not effect.get("target_required"):
        raise CompileError(f"{path}.target_required", f"the effect targets ({target}): say target_required")
    condition = effect.get("condition") or {}
    for key in condition:
        if key not in CONDITIONS:
            raise CompileError(f"{path}.condition.{key}", f"unknown condition ({', '.join(sorted(CONDITIONS))})")
    if "target_health_at_most" in condition and target not in ("creature", "enemy_creature"):
        raise CompileError(f"{path}.condition", "target_health_at_most needs a creature target")
    if condition.get("attached_to", "your_bounder") != "your_bounder" or condition.get("per", "attached_item") != \
            "attached_item":
        raise CompileError(f"{path}.condition", 'supported: attached_to "your_bounder", per "attached_item"')
    level = effect.get("level", 0)
    upgrade = _soul_map(effect["upgrade_cost"], f"{path}.upgrade_cost") if "upgrade_cost" in effect else {}
    if timing == "gain" and any(op["op"] != "gain_souls" for op in effect["ops"]):
        raise CompileError(f"{path}.ops", "a soul pond level gains souls")
    return Effect(index, timing, tuple(effect["ops"]), trigger, cost, bool(effect.get("flip")), target,
                  dict(condition), level, upgrade, effect.get("text", ""))


def compile_card(name: str, card_type: str, attributes: Mapping[str, Any], effects: list) -> CardDef:
    compiled = tuple(compile_effect(i, e, card_type, f"effects[{i}]") for i, e in enumerate(effects))
    if card_type == "convert" and not any(op["op"] == "convert" for e in compiled for op in e.ops):
        compiled += _implied_conversions(card_type, attributes, len(compiled))
    for kw in attributes.get("keywords", ()) or ():
        if kw not in KEYWORDS:
            raise CompileError("attributes.keywords", f"the engine knows the keywords {', '.join(sorted(KEYWORDS))}")
    if card_type == "soul_pond":
        levels = sorted(e.level for e in compiled)
        if levels != list(range(1, int(attributes.get("pond_levels", 0)) + 1)):
            raise CompileError("effects", "a soul pond has one gain effect per level, 1 to pond_levels")
        for e in compiled:
            if e.level > 1 and not e.upgrade_cost:
                raise CompileError(f"effects[{e.index}].upgrade_cost", "every level above 1 has an upgrade cost")
    if card_type == "convert" and not any(op["op"] == "convert" for e in compiled for op in e.ops):
        raise CompileError("effects", "a convert converts hollow souls: a flip effect with a convert op, or the "
                                      "attribute converts_to")
    if card_type == "hex" and sum(1 for e in compiled if e.timing in ("cast", "immediate")) != 1:
        raise CompileError("effects", "a hex has exactly one effect that happens when it resolves")
    if card_type == "hex" and bool(attributes.get("immediate")) != any(e.timing == "immediate" for e in compiled):
        raise CompileError("attributes.immediate", "an Immediate hex's effect has timing immediate, others cast")
    cost = _soul_map(attributes.get("soul_cost", {}), "attributes.soul_cost")
    return CardDef(name, card_type, cost, int(attributes.get("health", 0) or 0), int(attributes.get("damage", 0) or 0),
                   attributes.get("soul_type", ""), attributes.get("subdivision", ""),
                   bool(attributes.get("immediate")), tuple(attributes.get("keywords", ()) or ()), compiled)


def _implied_conversions(card_type: str, attributes: Mapping[str, Any], first: int) -> tuple[Effect, ...]:
    """A convert printed without structured effects: its ``converts_to`` souls say what its flip
    does ("F: Convert 1 Hollow soul into a <type> soul"), one flip ability per type listed."""
    souls = attributes.get("converts_to") or ()
    if not isinstance(souls, (list, tuple)):
        return ()
    return tuple(compile_effect(first + i, {"timing": "activated", "flip": True,
                                            "ops": [{"op": "convert", "amount": 1, "soul": soul}]},
                                card_type, "attributes.converts_to")
                 for i, soul in enumerate(souls))


def check_card(card_type: str, attributes: Mapping[str, Any], effects: list) -> list[tuple[str, str]]:
    """``GameSpec.card_checker``: the problems the engine would meet running this card."""
    try:
        compile_card("", card_type, attributes, effects)
    except CompileError as exc:
        return [(exc.path, exc.message)]
    except (KeyError, TypeError, ValueError) as exc:
        return [("effects", f"cannot be read: {exc}")]
    return []


_BY_SPEC: dict = {}  # CardSpec (hashed by identity fields, equal only when every field is) -> CardDef
_CACHE_LIMIT = 20_000  # emptied past this many entries (a long-lived web process)


def card_def(spec) -> CardDef:
    """A :class:`~rules.core.decks.CardSpec` compiled (raises CompileError); compiled once per
    spec: a CardDef is immutable and shared by every game that plays the card."""
    found = _BY_SPEC.get(spec)
    if found is None:
        if len(_BY_SPEC) > _CACHE_LIMIT:
            _BY_SPEC.clear()
        found = _BY_SPEC[spec] = compile_card(spec.name, spec.card_type, spec.attributes, list(spec.effects))
    return found
