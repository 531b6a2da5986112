"""What a game declares about its cards: types, attributes, sections, rarities, effect ops.

Pure Python. The Django apps read these declarations through the registry and never
name a game themselves. Validation returns every problem at once as
``(field, message)`` pairs, so an import can report all of a row's faults together.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any

#: A game's own card compiler (``GameSpec.card_checker``): ``(card_type, attributes, effects)``
#: to every problem its engine would meet running the card, as ``(field, message)`` pairs.
CardChecker = Callable[[str, Mapping[str, Any], list], "list[tuple[str, str]]"]

#: A game's card-text compiler (``GameSpec.text_compiler``): a card's printed text to its
#: structured effects, ``(effects, None)``, or ``(None, reason)`` naming the phrase not understood.
TextCompiler = Callable[[str], "tuple[list | None, str | None]"]

#: Attribute kinds understood by validation, the search language and the search index.
INT = "int"  # whole number within [minimum, maximum]; "X" allowed when allow_x
ENUM = "enum"  # one of ``values``
LIST = "list"  # a list drawn from ``values`` (elements, alignments)
TAGS = "tags"  # a list of free words (tribes, keywords)
STR = "str"  # free text (flip condition, summoning condition)
BOOL = "bool"
MAP = "map"  # key from ``values`` -> whole number >= 0 (Spellbound soul costs)
KINDS = (INT, ENUM, LIST, TAGS, STR, BOOL, MAP)

X = "X"


@dataclass(frozen=True)
class Attribute:
    """One game-specific card attribute, stored in ``Card.attributes[name]``."""

    name: str
    kind: str
    label: str
    values: tuple[str, ...] = ()
    minimum: int | None = None
    maximum: int | None = None
    aliases: tuple[str, ...] = ()
    applies_to: tuple[str, ...] = ()  # card types that may carry it; empty = every type
    required_for: tuple[str, ...] = ()  # card types that must carry it
    allow_x: bool = False
    help: str = ""
    #: a kind of card below its type (a tribe, a subdivision, a spirit type): the search key
    #: ``t:`` matches its values too, as players say "t:golem"
    subtype: bool = False

    def __post_init__(self) -> None:
        if self.kind not in KINDS:
            raise ValueError(f"attribute {self.name}: unknown kind {self.kind!r}")

    @property
    def numeric(self) -> bool:
        return self.kind in (INT, MAP)

    def allowed_on(self, card_type: str) -> bool:
        return not self.applies_to or card_type in self.applies_to

    def validate(self, value: Any) -> str | None:
        """Return a message if ``value`` is not allowed, else None."""
        kind = self.kind
        if kind == INT:
            if self.allow_x and value == X:
                return None
            if isinstance(value, bool) or not isinstance(value, int):
                extra = ' or "X"' if self.allow_x else ""
                return f"must be a whole number{extra}, not {value!r}"
            if self.minimum is not None and value < self.minimum:
                return f"must be at least {self.minimum}, not {value}"
            if self.maximum is not None and value > self.maximum:
                return f"must be at most {self.maximum}, not {value}"
            return None
        if kind == ENUM:
            if value not in self.values:
                return f"must be one of {', '.join(self.values)}, not {value!r}"
            return None
        if kind in (LIST, TAGS):
            if not isinstance(value, list) or not all(isinstance(v, str) and v for v in value):
                return f"must be a list of words, not {value!r}"
            if kind == LIST:
                bad = [v for v in value if v not in self.values]
                if bad:
                    return f"has {', '.join(map(repr, bad))}; allowed: {', '.join(self.values)}"
            if len(set(value)) != len(value):
                return "lists a value twice"
            return None
        if kind == STR:
            if not isinstance(value, str):
                return f"must be text, not {value!r}"
            return None
        if kind == BOOL:
            if not isinstance(value, bool):
                return f"must be true or false, not {value!r}"
            return None
        # MAP
        if not isinstance(value, dict):
            return f"must be a mapping of {', '.join(self.values)} to counts, not {value!r}"
        for key, count in value.items():
            if key not in self.values:
                return f"has unknown key {key!r}; allowed: {', '.join(self.values)}"
            if isinstance(count, bool) or not isinstance(count, int) or count < 0:
                return f"{key} must be a whole number >= 0, not {count!r}"
        return None


@dataclass(frozen=True)
class CardType:
    slug: str
    label: str
    color: str  # frame colour for drawn card faces, "#rrggbb"


@dataclass(frozen=True)
class Section:
    """A part of a deck (docs/architecture.md contract) and the card types that belong in it."""

    slug: str
    label: str
    card_types: tuple[str, ...]


@dataclass(frozen=True)
class RaritySpec:
    code: str
    name: str
    order: int


@dataclass(frozen=True)
class OpSpec:
    """An effect op the game's engine interprets; ``params`` maps name -> kind: int (a number or
    a name), str, bool, or any (a structure the game's ``card_checker`` reads)."""

    doc: str
    params: Mapping[str, str] = field(default_factory=dict)


@dataclass(frozen=True)
class ListLayout:
    """A community card-list CSV layout a game's players use (no collector numbers).

    ``columns`` maps header words to logical columns; a header holding any of ``signs``
    (and name and set, but no number) is read with this layout; ``attributes`` maps logical
    columns to the schema attributes they fill. Logical columns ``tier``/``card_type`` name
    the card type or the set kind; ``qty`` fills the attribute given for it. ``kinds`` maps the
    words lists use for a card's kind (spaces and hyphens as underscores: ``legendary_accessory``)
    to card types, read in the tier, card type and type cells and as the first segment of the
    text (``DECK BOX | Score: ...``); ``kind_values`` gives a kind word's value of a list attribute
    (``pro_player`` -> ``("types", "pro")``). ``part_attribute``: the attribute that records the
    deck-section kind a component row also names (a Co-op Boss's ``DECK BOX``: a boss card whose
    part is ``deck_box``); without it such a row names two card types, an error.
    """

    name: str
    columns: Mapping[str, str]
    signs: frozenset[str]
    attributes: Mapping[str, str]
    kinds: Mapping[str, str] = field(default_factory=dict)
    kind_values: Mapping[str, tuple[str, str]] = field(default_factory=dict)
    part_attribute: str = ""


@dataclass(frozen=True)
class GameSpec:
    slug: str
    name: str
    rulebook: str  # file name in shared/rulebooks
    blurb: str
    card_types: tuple[CardType, ...]
    attributes: tuple[Attribute, ...]
    sections: tuple[Section, ...]
    rarities: tuple[RaritySpec, ...] = ()
    set_kinds: tuple[str, ...] = ("starter", "core", "expansion", "promo")
    timings: tuple[str, ...] = ()
    effect_ops: Mapping[str, OpSpec] = field(default_factory=dict)
    effect_fields: tuple[str, ...] = ()  # extra keys an effect may carry (e.g. "side", "level")
    accent: str = "#444444"
    list_layout: ListLayout | None = None  # a fan card-list CSV layout the importer also reads
    #: The engine's compiler for a card's structured effects (conditions, targets, amounts): run
    #: when a card is saved or imported, after the shape checks here pass, so a card its engine
    #: cannot run is refused with the path of the fault, never met mid-game.
    card_checker: CardChecker | None = None
    #: The game's compiler from printed card text to structured effects: an import compiles the
    #: text of every card that arrives without effects; a text it cannot read leaves the card
    #: imported but not playable, with the reason (cardpool.services.compile_card_text).
    text_compiler: TextCompiler | None = None
    #: The card types whose text ``text_compiler`` reads (empty: every type). Others (components
    #: no engine plays, such as Millennium Blades' characters) keep their text as printed, with no
    #: effects compiled and nothing reported as not understood.
    compiled_card_types: tuple[str, ...] = ()

    # -- lookups -----------------------------------------------------------------
    @property
    def card_type_slugs(self) -> tuple[str, ...]:
        return tuple(t.slug for t in self.card_types)

    def compiles_text_of(self, card_type: str) -> bool:
        """Whether the text compiler reads the text of ``card_type`` cards."""
        return self.text_compiler is not None and (not self.compiled_card_types
                                                   or card_type in self.compiled_card_types)

    def card_type(self, slug: str) -> CardType | None:
        return next((t for t in self.card_types if t.slug == slug), None)

    def attribute(self, name_or_alias: str) -> Attribute | None:
        key = name_or_alias.lower()
        for attr in self.attributes:
            if attr.name == key or key in attr.aliases:
                return attr
        return None

    def section(self, slug_or_label: str) -> Section | None:
        key = slug_or_label.strip().lower()
        for s in self.sections:
            if key in (s.slug, s.label.lower()):
                return s
        return None

    def section_for_type(self, card_type: str) -> Section | None:
        return next((s for s in self.sections if card_type in s.card_types), None)

    def rarity(self, code_or_name: str) -> RaritySpec | None:
        key = str(code_or_name).strip().lower()
        for r in self.rarities:
            if key in (r.code.lower(), r.name.lower()):
                return r
        return None

    # -- validation --------------------------------------------------------------
    def validate_card(
        self, *, card_type: str, attributes: Mapping[str, Any], effects: Iterable[Any] = ()
    ) -> list[tuple[str, str]]:
        """Every problem with a card's type, attributes and structured effects."""
        errors: list[tuple[str, str]] = []
        if card_type not in self.card_type_slugs:
            errors.append(
                ("card_type", (f"{card_type!r} is not a {self.name} card type "
                               f"({', '.join(self.card_type_slugs)})"))
            )
        if not isinstance(attributes, Mapping):
            return errors + [("attributes", "must be a JSON object")]
        for key, value in attributes.items():
            attr = next((a for a in self.attributes if a.name == key), None)
            if attr is None:
                errors.append((f"attributes.{key}", f"is not a {self.name} attribute"))
                continue
            if card_type in self.card_type_slugs and not attr.allowed_on(card_type):
                errors.append(
                    (f"attributes.{key}", (f"does not apply to {card_type} cards "
                                           f"(only {', '.join(attr.applies_to)})"))
                )
                continue
            message = attr.validate(value)
            if message:
                errors.append((f"attributes.{key}", message))
        for attr in self.attributes:
            if card_type in attr.required_for and attr.name not in attributes:
                errors.append((f"attributes.{attr.name}", f"is required on {card_type} cards"))
        errors.extend(self.validate_effects(effects))
        if self.card_checker is not None and not errors:
            errors.extend(self.card_checker(card_type, attributes, list(effects)))
        return errors

    def validate_effects(self, effects: Any) -> list[tuple[str, str]]:
        errors: list[tuple[str, str]] = []
        if not isinstance(effects, list):
            return [("effects", "must be a list")]
        allowed = {"timing", "trigger", "text", "condition", "cost", "ops", "optional", *self.effect_fields}
        for i, effect in enumerate(effects):
            where = f"effects[{i}]"
            if not isinstance(effect, dict):
                errors.append((where, "must be an object"))
                continue
            for key in effect:
                if key not in allowed:
                    errors.append((f"{where}.{key}", f"is not an effect field ({', '.join(sorted(allowed))})"))
            timing = effect.get("timing")
            if self.timings and timing is not None and timing not in self.timings:
                errors.append((f"{where}.timing", f"{timing!r} is not one of {', '.join(self.timings)}"))
            ops = effect.get("ops")
            if not isinstance(ops, list) or not ops:
                errors.append((f"{where}.ops", "must be a non-empty list of ops"))
                ops = []
            cost = effect.get("cost", [])
            if not isinstance(cost, list):
                errors.append((f"{where}.cost", "must be a list of ops"))
                cost = []
            for part, seq in (("cost", cost), ("ops", ops)):
                for j, op in enumerate(seq):
                    errors.extend(self._validate_op(op, f"{where}.{part}[{j}]"))
        return errors

    def _validate_op(self, op: Any, where: str) -> list[tuple[str, str]]:
        if not isinstance(op, dict) or not isinstance(op.get("op"), str):
            return [(where, 'must be an object with an "op" name')]
        spec = self.effect_ops.get(op["op"])
        if spec is None:
            return [(f"{where}.op", f"unknown op {op['op']!r}; known: {', '.join(sorted(self.effect_ops))}")]
        errors = []
        for key, value in op.items():
            if key == "op":
                continue
            kind = spec.params.get(key)
            if kind is None:
                errors.append((f"{where}.{key}", (f"is not a parameter of {op['op']} "
                                                  f"({', '.join(spec.params) or 'none'})")))
            elif kind == "int" and (isinstance(value, bool) or not isinstance(value, (int, str))):
                errors.append((f"{where}.{key}", f"must be a whole number or a name, not {value!r}"))
            elif kind == "str" and not isinstance(value, str):
                errors.append((f"{where}.{key}", f"must be text, not {value!r}"))
            elif kind == "bool" and not isinstance(value, bool):
                errors.append((f"{where}.{key}", f"must be true or false, not {value!r}"))
        return errors


IndexRow = tuple[str, int | None, str | None]


def index_rows(spec: GameSpec, attributes: Mapping[str, Any], effects: Iterable[Any] = ()) -> list[IndexRow]:
    """Flatten attributes into ``(name, number, text)`` rows for the search index.

    Lists give one row per member; maps give ``name.key`` rows plus a ``name`` total;
    effect timings are indexed under ``timing`` so every game can search by them.
    """
    rows: list[IndexRow] = []
    for attr in spec.attributes:
        if attr.name not in attributes:
            continue
        value = attributes[attr.name]
        if attr.kind == INT:
            rows.append((attr.name, None, "x") if value == X else (attr.name, value, None))
        elif attr.kind in (ENUM, STR):
            rows.append((attr.name, None, str(value).lower()[:200]))
        elif attr.kind in (LIST, TAGS):
            rows.extend((attr.name, None, str(v).lower()[:200]) for v in value)
        elif attr.kind == BOOL:
            rows.append((attr.name, int(value), "true" if value else "false"))
        elif attr.kind == MAP:
            rows.extend((f"{attr.name}.{k}", v, k) for k, v in value.items())
            rows.append((attr.name, sum(value.values()), None))
    timings = sorted({e["timing"] for e in effects if isinstance(e, dict) and e.get("timing")})
    rows.extend(("timing", None, t.lower()) for t in timings)
    return rows
