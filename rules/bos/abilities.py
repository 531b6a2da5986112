"""The BOS card compiler: a card's ``effects`` data becomes the abilities the engine runs.

An ability has the four parts of bos.txt, "Abilities": a condition (italic text: here the
``condition`` string, read by a small closed grammar), a ``cost`` (ops), the optional/mandatory
mark (``mandatory``) and the effect (``ops``). The same compiler serves the card database (``check_card``,
plugged into ``GameSpec.card_checker``: a card the engine could not run is refused, naming the
field) and the engine (``card_def``, cached per card).
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from rules.bos.constants import BOSS, SPELL, SUMMON, WIZARD


class CompileError(ValueError):
    def __init__(self, path: str, message: str):
        super().__init__(f"{path}: {message}")
        self.path, self.message = path, message


WORDS = {"no": 0, "a": 1, "an": 1, "one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6}
_NUM = r"(\d+|one|two|three|four|five|six)"


def _num(text: str) -> int:
    return int(text) if text.isdigit() else WORDS[text]


# -- state conditions ("If ..." / "While ..."; a boss's summoning condition) -------------------
#: (pattern, builder) -> a predicate tuple read by ``holds``
_STATE = [
    (r"you control no summons", lambda m: ("summons", "you", "<=", 0, 0)),
    (rf"you control {_NUM} or more summons", lambda m: ("summons", "you", ">=", _num(m[1]), 0)),
    (rf"you control (a|{_NUM} or more) summons? with {_NUM} or more strength",
     lambda m: ("summons", "you", ">=", 1 if m[1] == "a" else _num(m[2]), _num(m[3]))),
    (r"your opponent controls more summons than you", lambda m: ("more_summons", "opponent")),
    (r"a summon you control was defeated this turn", lambda m: ("defeated_this_turn", "you")),
    (rf"you have {_NUM} or (less|more) (life|vim|ether)", lambda m: ("amount", "you", m[3], m[2], _num(m[1]))),
    (rf"your opponent has {_NUM} or (less|more) (life|vim|ether)",
     lambda m: ("amount", "opponent", m[3], m[2], _num(m[1]))),
    (rf"{_NUM} or more spells are in your graveyard", lambda m: ("graveyard_spells", "you", _num(m[1]))),
]


def compile_state(text: str, path: str) -> tuple:
    for pattern, build in _STATE:
        m = re.fullmatch(pattern, text.strip().rstrip("."), re.IGNORECASE)
        if m:
            return build(m)
    raise CompileError(path, f"cannot read the condition {text!r}")


# -- when an ability happens (its timing plus the "During ..." / "When ..." clause) ---------------
#: timing -> {clause: trigger}. A trigger says whose moment it is: "you", "opponent", "self"
#: (this card), "enchanted" (the card this spell enchants).
CLAUSES = {
    "main": {"during your main phase": "you"},
    "summoning": {"during your summoning phase": "you"},
    "startup": {"during your startup phase": "you", "during your opponent's startup phase": "opponent"},
    "ending": {"during your ending phase": "you", "during your opponent's ending phase": "opponent"},
    "attack": {"when this summon attacks": "self", "when this boss attacks": "self",
               "when the enchanted summon attacks": "enchanted", "when the enchanted boss attacks": "enchanted"},
    "defeated": {"when this summon is defeated": "self", "when this boss is defeated": "self",
                 "when the enchanted summon is defeated": "enchanted",
                 "when the enchanted boss is defeated": "enchanted"},
    "conduct": {"when you conduct this summon": "self", "when you turn this boss face-up": "self"},
    "static": {}, "cast": {}, "enchant": {},
}
DEFAULT_TRIGGER = {"main": "you", "summoning": "you", "startup": "you", "ending": "you", "attack": "self",
                   "defeated": "self", "conduct": "self", "static": "self", "cast": "self", "enchant": "enchanted"}

# -- targets -------------------------------------------------------------------------------------
_TARGET = re.compile(r"(?P<quant>each_|up_to_(?P<n>\d+)_)?(?P<other>other_)?(?P<side>own_|opp_|any_)?"
                     r"(?P<kind>summon|boss|wizard)s?(?:_strength_(?P<x>\d+)_or_(?P<cmp>less|more))?")
CONTEXT_TARGETS = {"self", "enchanted", "battled_summon", "damaged_summon", "moved_summon"}
PLAYER_TARGETS = {"opponent", "you"}


@dataclass(frozen=True)
class Target:
    """A compiled target: a context card, a player, or cards picked by kind and side."""

    text: str
    context: str | None = None  # one of CONTEXT_TARGETS
    player: str | None = None  # "you" / "opponent"
    kind: str | None = None  # summon / boss / wizard
    side: str = "any"  # own / opp / any
    quant: str = "one"  # one / each / up_to
    count: int = 1
    other: bool = False
    strength: tuple[str, int] | None = None  # ("less"|"more", N)


def compile_target(text: Any, path: str) -> Target:
    if not isinstance(text, str):
        raise CompileError(path, f"a target is a word, not {text!r}")
    if text in CONTEXT_TARGETS:
        return Target(text, context=text)
    if text in PLAYER_TARGETS:
        return Target(text, player=text)
    m = _TARGET.fullmatch(text)
    if not m:
        raise CompileError(path, f"unknown target {text!r} (e.g. self, any_summon, own_summon, each_opp_summon, "
                                 f"up_to_2_summons, summon_strength_3_or_less, own_wizard, opponent)")
    quant = "each" if m["quant"] == "each_" else "up_to" if m["n"] else "one"
    strength = (m["cmp"], int(m["x"])) if m["x"] else None
    return Target(text, kind=m["kind"], side=(m["side"] or "any_")[:-1], quant=quant,
                  count=int(m["n"]) if m["n"] else 1, other=bool(m["other"]), strength=strength)


#: what each op may target: context words, players, card kinds, and whether "each"/"up to" is allowed
OP_TARGETS = {
    "gain_strength": ({"self", "enchanted", "battled_summon", "damaged_summon", "moved_summon"}, set(),
                      {SUMMON, BOSS}, True),
    "deal_damage": (CONTEXT_TARGETS, PLAYER_TARGETS, {SUMMON, BOSS}, True),
    "ready": (CONTEXT_TARGETS, set(), {SUMMON, BOSS, WIZARD}, True),
    "exhaust": (CONTEXT_TARGETS, set(), {SUMMON, BOSS, WIZARD}, True),
    "defeat": (CONTEXT_TARGETS, set(), {SUMMON, BOSS}, True),
    "return_to_castle": (CONTEXT_TARGETS, set(), {SUMMON}, True),
    "move": (CONTEXT_TARGETS, set(), {SUMMON}, False),
    "flip_wizard": (set(), set(), {WIZARD}, True),
    "enchant": (set(), set(), {SUMMON, BOSS, WIZARD}, False),
    "block": ({"self"}, set(), set(), False),
}
NAMED_AMOUNTS = ("spells_in_your_graveyard", "summons_you_control")
COST_OPS = ("act", "pay_vim", "lose_life")
#: ops that only make sense in continuous (static / enchant) abilities, and the ops allowed there
CONTINUOUS_OPS = ("gain_strength", "block")


@dataclass(frozen=True)
class Ability:
    """One compiled ability of a card (``index``: its place in the card's ``effects``)."""

    index: int
    timing: str
    trigger: str  # whose moment: you / opponent / self / enchanted
    state: tuple | None  # a state condition, rechecked before the ability applies
    cost: tuple[Mapping, ...]
    ops: tuple[Mapping, ...]
    mandatory: bool
    text: str
    targets: tuple[Target | None, ...]  # per op


def _amount_ok(op: Mapping, path: str) -> None:
    if "amount" in op:
        amount = op["amount"]
        if isinstance(amount, str) and amount not in NAMED_AMOUNTS:
            raise CompileError(f"{path}.amount", f"unknown amount {amount!r}; named amounts: {', '.join(NAMED_AMOUNTS)}")
        if isinstance(amount, int) and amount < 0:
            raise CompileError(f"{path}.amount", "must be at least 0")


def _compile_op(op: Mapping, path: str, timing: str) -> Target | None:
    name = op["op"]
    _amount_ok(op, path)
    if name in ("act", "pay_vim", "gain_vim", "gain_life", "gain_ether", "discard_spell", "conduct"):
        if name in ("pay_vim", "gain_vim", "gain_life", "gain_ether", "discard_spell") and "amount" not in op:
            raise CompileError(f"{path}.amount", f"{name} needs an amount")
        return None
    if name == "lose_life":
        if op.get("player", "you") not in PLAYER_TARGETS:
            raise CompileError(f"{path}.player", 'must be "you" or "opponent"')
        if "amount" not in op:
            raise CompileError(f"{path}.amount", "lose_life needs an amount")
        return None
    if name == "gain_strength" and op.get("until") not in (None, "ending"):
        raise CompileError(f"{path}.until", 'the only duration is "ending" (until your ending phase)')
    if name == "flip_wizard" and op.get("face", "down") not in ("up", "down"):
        raise CompileError(f"{path}.face", 'must be "up" or "down"')
    if name in ("gain_strength", "deal_damage") and "amount" not in op:
        raise CompileError(f"{path}.amount", f"{name} needs an amount")
    contexts, players, kinds, many = OP_TARGETS[name]
    target = compile_target(op.get("target", "self"), f"{path}.target")
    where = f"{path}.target"
    if target.context and target.context not in contexts or target.player and target.player not in players:
        raise CompileError(where, f"{name} cannot target {target.text!r}")
    if target.kind and (target.kind not in kinds or (target.quant != "one" and not many)):
        raise CompileError(where, f"{name} cannot target {target.text!r}")
    if timing in ("static", "enchant") and name not in CONTINUOUS_OPS:
        raise CompileError(f"{path}.op", f"a {timing} ability is continuous: only {', '.join(CONTINUOUS_OPS)}")
    if timing == "static" and target.context != "self" or timing == "enchant" and target.context != "enchanted":
        changed = "this card" if timing == "static" else "the enchanted card"
        raise CompileError(where, f"a {timing} ability changes {changed} only")
    return target


def compile_ability(index: int, data: Mapping, card_type: str, enchant: bool) -> Ability:
    path = f"effects[{index}]"
    timing = data.get("timing")
    if timing not in CLAUSES:
        raise CompileError(f"{path}.timing", f"the engine runs the timings {', '.join(CLAUSES)}, not {timing!r}")
    if timing == "cast" and card_type != SPELL or timing == "enchant" and not enchant:
        kind = "spells" if timing == "cast" else "enchant spells"
        raise CompileError(f"{path}.timing", f"only {kind} have {timing!r} abilities")
    trigger, state = DEFAULT_TRIGGER[timing], None
    condition = (data.get("condition") or "").strip().rstrip(".")
    if condition:
        head, _, rest = condition.partition(", if ")
        clauses = CLAUSES[timing]
        if head.lower() in clauses:
            trigger = clauses[head.lower()]
            if rest:
                state = compile_state(rest, f"{path}.condition")
        elif timing in ("static", "cast", "enchant") and re.match(r"(if|while) ", condition, re.IGNORECASE):
            state = compile_state(condition.split(" ", 1)[1], f"{path}.condition")
        else:
            raise CompileError(f"{path}.condition", f"cannot read {condition!r} for a {timing!r} ability")
    if trigger == "enchanted" and not enchant:
        raise CompileError(f"{path}.condition", "only an enchant spell has an enchanted card")
    if card_type == SPELL and trigger == "self" and timing != "cast":
        raise CompileError(f"{path}.timing", f"a spell is not on the battlefield for a {timing!r} ability of its own")
    cost = tuple(data.get("cost") or ())
    for j, op in enumerate(cost):
        if op["op"] not in COST_OPS:
            raise CompileError(f"{path}.cost[{j}].op", f"a cost is {', '.join(COST_OPS)}, not {op['op']!r}")
        _compile_op(op, f"{path}.cost[{j}]", timing)
    if any(op["op"] == "act" for op in cost) and card_type == SPELL:
        raise CompileError(f"{path}.cost", "a spell cannot act")
    ops = tuple(data.get("ops") or ())
    targets = tuple(_compile_op(op, f"{path}.ops[{j}]", timing) for j, op in enumerate(ops))
    if any(op["op"] == "enchant" for op in ops) and not enchant:
        raise CompileError(f"{path}.ops", 'an "enchant" op needs the card attribute enchant: true')
    mandatory = bool(data.get("mandatory", not data.get("optional", True)))
    return Ability(index, timing, trigger, state, cost, ops, mandatory, str(data.get("text", "")), targets)


# -- whole cards -----------------------------------------------------------------------------------
_CONDUCTED = re.compile(r"conduct a summon with (?P<who>.+?)\.?$", re.IGNORECASE)
_BOSS_CONDITION = re.compile(r"you may turn this boss face-up during your main phase if (?P<state>.+?)\.?$",
                             re.IGNORECASE)


@dataclass(frozen=True)
class CardDef:
    """What the engine needs of a card: type, numbers, conditions and compiled abilities."""

    name: str
    card_type: str
    color: str
    strength: int
    vim_cost: int
    conducted_by: str  # a wizard's name, or "any <colour> wizard" (summons)
    boss_condition: tuple | None  # bosses
    enchant: bool
    abilities: tuple[Ability, ...]
    # derived once from the fields above (the engine's hot lookups; see __post_init__)
    by_timing: Mapping[str, tuple[Ability, ...]] = field(init=False, repr=False, compare=False)
    triggered: Mapping[tuple[str, str], tuple[Ability, ...]] = field(init=False, repr=False, compare=False)
    static_gains: tuple[tuple[tuple | None, tuple[Mapping, ...]], ...] = field(init=False, repr=False, compare=False)
    enchant_gains: tuple[tuple[tuple | None, tuple[Mapping, ...]], ...] = field(init=False, repr=False, compare=False)
    blocks_anywhere: bool = field(init=False, repr=False, compare=False)
    cast: Ability | None = field(init=False, repr=False, compare=False)  # a spell's (first) "cast" ability
    conductor_colour: str | None = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        by_timing: dict[str, tuple[Ability, ...]] = {}
        triggered: dict[tuple[str, str], tuple[Ability, ...]] = {}
        for a in self.abilities:
            by_timing[a.timing] = by_timing.get(a.timing, ()) + (a,)
            triggered[a.timing, a.trigger] = triggered.get((a.timing, a.trigger), ()) + (a,)
        derived = {
            "by_timing": by_timing, "triggered": triggered,
            "static_gains": _gains(by_timing.get("static", ())), "enchant_gains": _gains(by_timing.get("enchant", ())),
            "blocks_anywhere": any(op["op"] == "block" for a in by_timing.get("static", ()) for op in a.ops),
            "cast": by_timing["cast"][0] if "cast" in by_timing else None,
            "conductor_colour": _conductor_colour(self.conducted_by),
        }
        for name, value in derived.items():
            object.__setattr__(self, name, value)

    def timed(self, timing: str) -> tuple[Ability, ...]:
        return self.by_timing.get(timing, ())

    def when(self, timing: str, trigger: str) -> tuple[Ability, ...]:
        """The abilities of this timing whose moment is ``trigger`` (you / opponent / self / enchanted)."""
        return self.triggered.get((timing, trigger), ())


def _gains(abilities: tuple[Ability, ...]) -> tuple[tuple[tuple | None, tuple[Mapping, ...]], ...]:
    """The continuous strength gains: (state condition, gain_strength ops) per ability that has any."""
    out = []
    for a in abilities:
        ops = tuple(op for op in a.ops if op["op"] == "gain_strength")
        if ops:
            out.append((a.state, ops))
    return tuple(out)


def _conductor_colour(conducted_by: str) -> str | None:
    """"any <colour> wizard" -> the colour ("" for any wizard at all); a wizard's name -> None."""
    if not conducted_by.lower().startswith("any "):
        return None
    return conducted_by[4:].lower().removesuffix("wizard").strip()


def _card_conditions(card_type: str, attributes: Mapping) -> tuple[str, tuple | None]:
    """A summon's conducting wizard and a boss's summoning condition, compiled."""
    if card_type == SUMMON:
        conducted_by = attributes.get("conducted_by") or ""
        if conducted_by:
            return conducted_by, None
        m = _CONDUCTED.fullmatch(str(attributes.get("summoning_condition", "")).strip())
        if not m:
            raise CompileError("attributes.summoning_condition",
                               'must read "Conduct a summon with <wizard>." or "... with any <colour> wizard."')
        return m["who"], None
    if card_type == BOSS:
        m = _BOSS_CONDITION.fullmatch(str(attributes.get("summoning_condition", "")).strip())
        if not m:
            raise CompileError("attributes.summoning_condition",
                               'must read "You may turn this boss face-up during your main phase if <condition>."')
        return "", compile_state(m["state"], "attributes.summoning_condition")
    return "", None


def _check_enchant(abilities: tuple[Ability, ...], enchant: bool) -> None:
    if enchant and not any(op["op"] == "enchant" for a in abilities if a.timing == "cast" for op in a.ops):
        raise CompileError("effects", 'an enchant spell needs a "cast" ability with an "enchant" op')


def _compile_card(name: str, card_type: str, attributes: Mapping, effects: list) -> CardDef:
    enchant = bool(attributes.get("enchant"))
    conducted_by, boss_condition = _card_conditions(card_type, attributes)
    abilities = tuple(compile_ability(i, data, card_type, enchant) for i, data in enumerate(effects))
    _check_enchant(abilities, enchant)
    return CardDef(name, card_type, str(attributes.get("color", "")), int(attributes.get("strength") or 0),
                   int(attributes.get("vim_cost") or 0), conducted_by, boss_condition, enchant, abilities)


_CACHE: dict = {}  # the card's data (as text) -> CardDef
_BY_SPEC: dict = {}  # CardSpec (hashed by identity fields, equal only when every field is) -> CardDef
_CACHE_LIMIT = 20_000  # both caches are emptied past this many entries (a long-lived web process)


def card_def(spec) -> CardDef:
    """The compiled card for a ``CardSpec`` (cached: a spec is compiled once); raises ``CompileError``."""
    found = _BY_SPEC.get(spec)
    if found is not None:
        return found
    key = (spec.name, spec.card_type, repr(sorted(dict(spec.attributes).items())), repr(spec.effects))
    found = _CACHE.get(key)
    if found is None:
        if len(_CACHE) > _CACHE_LIMIT or len(_BY_SPEC) > _CACHE_LIMIT:
            _CACHE.clear()
            _BY_SPEC.clear()
        found = _CACHE[key] = _compile_card(spec.name, spec.card_type, spec.attributes, list(spec.effects))
    _BY_SPEC[spec] = found
    return found


def check_card(card_type: str, attributes: Mapping[str, Any], effects: list) -> list[tuple[str, str]]:
    """``GameSpec.card_checker``: every problem the engine would meet running this card."""
    errors: list[tuple[str, str]] = []
    try:
        _card_conditions(card_type, attributes)
    except CompileError as exc:
        errors.append((exc.path, exc.message))
    enchant = bool(attributes.get("enchant"))
    abilities = []
    for i, data in enumerate(effects):
        try:
            abilities.append(compile_ability(i, data, card_type, enchant))
        except CompileError as exc:
            errors.append((exc.path, exc.message))
    if not errors:
        try:
            _check_enchant(tuple(abilities), enchant)
        except CompileError as exc:
            errors.append((exc.path, exc.message))
    return errors
