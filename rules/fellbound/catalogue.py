"""A FellBound card as the engine reads it, and the check that refuses what the engine cannot run.

Every card is a character with printed values (fellbound.txt, "BASIC RULES" and "SPECIAL
RULES"): a number, ``"X"`` ("X GOLD COST", "X HEALTH VALUE") or absent (no such value). Its
``effects`` are structured data: an ``aura`` effect ("AURA") is a list of ``modify`` ops, each
changing one value of every character its controller controls; a ``deploy`` effect may
``gain_gold`` (into the deploying player's treasury). ``check_card`` is the game's
``GameSpec.card_checker``: anything else is refused when the card is saved or imported.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from functools import cached_property
from typing import Any

from rules.core.decks import CardSpec, DeckList

X = "X"

#: values a card prints as numbers (or X), in the order the pages list them
VALUES = ("gold_cost", "health", "attack", "attack_multiplier", "defence", "defence_multiplier", "range",
          "rear_range", "heal", "leach", "steal", "bribe", "spray_attack")
#: keyword abilities ("SPECIAL MOVEMENT", "SPECIAL COST", "SPECIAL DEPLOYMENT")
FLAGS = ("flying", "corpse_cost", "sacrifice_cost", "infiltrate", "redeploy", "charge")
#: values an aura may change ("AURA": "the indicated aura condition is applied to all characters
#: you control")
AURA_STATS = frozenset(VALUES)
AURA_WHO = "all_you_control"


@dataclass(frozen=True, slots=True)
class Aura:
    """One "modify" of an aura: ``stat`` changes by ``amount`` (never below 0)."""

    stat: str
    amount: int


#: each targeted ability's verb, the value it uses, and whether the attack multiplier repeats it
ABILITIES = (("attack", "attack", True), ("leach", "leach", True), ("spray", "spray_attack", True),
             ("heal", "heal", False), ("steal", "steal", False), ("bribe", "bribe", False))

#: the values each multiplier repeats ("MULTIPLIERS"; "LEACH", "SPRAY ATTACK": "in the same way as
#: attack value"): a multiplier not printed is 1 on a card with one of these values
MULTIPLIED = {"attack_multiplier": ("attack", "leach", "spray_attack"), "defence_multiplier": ("defence",)}


@dataclass(frozen=True)
class CardDef:
    """A card's definition: its printed values, keywords, auras and deploy gold.

    ``base`` holds the values the engine starts from: the printed ones, and a multiplier of 1 where
    the card has a value it multiplies but prints no multiplier."""

    name: str
    values: Mapping[str, int | str | None]
    flags: frozenset[str]
    auras: tuple[Aura, ...]
    deploy_gold: int  # gold gained when deployed (a ``deploy`` effect's ``gain_gold``)
    base: Mapping[str, int | str | None]

    def printed(self, stat: str) -> int | str | None:
        return self.values.get(stat)

    @cached_property
    def abilities(self) -> tuple[tuple[str, str, bool], ...]:
        """Of :data:`ABILITIES`, those whose value the card has (an aura changes only values a
        card has, so no other can become usable)."""
        return tuple(a for a in ABILITIES if self.base[a[1]] is not None)

    @cached_property
    def has_x(self) -> bool:
        """Whether any value is X (then the values follow the gold on the card or its health)."""
        return X in self.values.values()

    @cached_property
    def x_health(self) -> bool:
        return self.values.get("health") == X

    @cached_property
    def x_gold_cost(self) -> bool:
        return self.values.get("gold_cost") == X

    @cached_property
    def _values_under(self) -> dict[tuple, dict[str, int]]:
        return {}

    def values_under(self, amounts: Mapping[str, tuple[int, ...]], auras_key: tuple, x: int,
                     gold: int) -> dict[str, int]:
        """Every value but health (0 where the card has none) under auras changing each stat by
        ``amounts`` in turn, never below 0, with X worth ``x`` (an X gold cost: ``gold``, the gold on
        the card); shared by every game, by ``auras_key`` (the auras as (stat, amount) pairs), ``x``
        and ``gold``. Not to be changed."""
        key = (auras_key, x, gold)
        values = self._values_under.get(key)
        if values is None:
            values = {}
            for stat, printed in self.base.items():
                if stat == "health":
                    continue  # it changes with damage: the state's ``health``
                if printed is None:
                    values[stat] = 0
                    continue
                if isinstance(printed, str):  # X, the only word a value may be
                    printed = gold if stat == "gold_cost" else x
                for amount in amounts.get(stat, ()):
                    printed = max(0, printed + amount)
                values[stat] = printed
            if len(self._values_under) > 1000:
                self._values_under.clear()
            self._values_under[key] = values
        return values

    def is_x(self, stat: str) -> bool:
        return self.values.get(stat) == X

    def has(self, flag: str) -> bool:
        return flag in self.flags

    @classmethod
    def from_spec(cls, spec: CardSpec) -> CardDef:
        """The definition of ``spec`` (cached by the spec object: every game of a run reads the same
        deck objects; the cache holds the spec, so its id is not reused while cached)."""
        cached = _DEFINITIONS.get(id(spec))
        if cached is not None and cached[0] is spec:
            return cached[1]
        if len(_DEFINITIONS) > 4096:
            _DEFINITIONS.clear()
        definition = cls._read(spec)
        _DEFINITIONS[id(spec)] = (spec, definition)
        return definition

    @classmethod
    def of_deck(cls, deck: DeckList) -> list[CardDef]:
        """The definition of each card of ``deck``'s deck section, copies expanded (cached by the
        deck object while its entries are the same ones: every game of a run reads the same decks)."""
        entries = tuple(deck.sections.get("deck", ()))
        cached = _DECKS.get(id(deck))
        if cached is not None and cached[0] is deck and cached[1] == entries:
            return cached[2]
        if len(_DECKS) > 1024:
            _DECKS.clear()
        definitions = [cls.from_spec(spec) for spec in deck.cards("deck")]
        _DECKS[id(deck)] = (deck, entries, definitions)
        return definitions

    @classmethod
    def _read(cls, spec: CardSpec) -> CardDef:
        attributes = spec.attributes
        values = {stat: _value(attributes.get(stat)) for stat in VALUES}
        flags = frozenset(flag for flag in FLAGS if attributes.get(flag))
        auras, gold = [], 0
        for effect in spec.effects or ():
            for op in effect.get("ops", ()):
                if effect.get("timing") == "aura" and op.get("op") == "modify":
                    auras.append(Aura(op["stat"], int(op["amount"])))
                elif effect.get("timing") == "deploy" and op.get("op") == "gain_gold":
                    gold += int(op["amount"])
        base = dict(values)
        for multiplier, multiplied in MULTIPLIED.items():
            if base[multiplier] is None and any(values[stat] is not None for stat in multiplied):
                base[multiplier] = 1
        return cls(spec.name, values, flags, tuple(auras), gold, base)


_DEFINITIONS: dict[int, tuple[CardSpec, CardDef]] = {}
_DECKS: dict[int, tuple[DeckList, tuple, list[CardDef]]] = {}


def _value(raw: Any) -> int | str | None:
    if raw is None or raw == "":
        return None
    if isinstance(raw, str) and raw.strip().upper() == X:
        return X
    return int(raw)


def check_card(card_type: str, attributes: Mapping[str, Any], effects: list) -> list[tuple[str, str]]:
    """``GameSpec.card_checker``: the problems the engine would meet running this card."""
    errors: list[tuple[str, str]] = []
    if attributes.get("health") == X and attributes.get("gold_cost") != X:
        errors.append(("attributes.health", ('an X health needs an X gold cost: the gold paid is the starting '
                                             'health ("X GOLD COST", "X HEALTH VALUE")')))
    for i, effect in enumerate(effects):
        path = f"effects[{i}]"
        timing = effect.get("timing")
        if timing not in ("aura", "deploy"):
            errors.append((f"{path}.timing", f"the FellBound engine runs aura and deploy effects, not {timing!r}"))
            continue
        for j, op in enumerate(effect.get("ops") or ()):
            where = f"{path}.ops[{j}]"
            errors.extend(_op_errors(timing, op, where))
        if not effect.get("ops"):
            errors.append((f"{path}.ops", "an effect needs at least one op"))
    return errors


def _op_errors(timing: str, op: Mapping[str, Any], where: str) -> list[tuple[str, str]]:
    name = op.get("op")
    if timing == "aura":
        if name != "modify":
            return [(f"{where}.op", f'an aura changes values: "modify", not {name!r}')]
        if op.get("stat") not in AURA_STATS:
            return [(f"{where}.stat", (f"{op.get('stat')!r} is not a value an aura can change "
                                       f"({', '.join(VALUES)})"))]
        if op.get("who", AURA_WHO) != AURA_WHO:
            return [(f"{where}.who", f'an aura applies to "all characters you control": {AURA_WHO!r}')]
        if not isinstance(op.get("amount"), int) or isinstance(op.get("amount"), bool) or op["amount"] == 0:
            return [(f"{where}.amount", "a whole number other than 0")]
        return []
    if name != "gain_gold":
        return [(f"{where}.op", f'a deploy effect gains gold: "gain_gold", not {name!r}')]
    amount = op.get("amount")
    if not isinstance(amount, int) or isinstance(amount, bool) or amount < 1:
        return [(f"{where}.amount", "a whole number of gold of at least 1")]
    return []
