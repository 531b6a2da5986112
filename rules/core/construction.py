"""Deck validation for any game, and the small helpers every game's construction module shares.

``validate_deck`` finds the game's ``rules/<game>/construction.py`` through the registry, picks
the format, checks the deck's shape (unknown sections, bad quantities) and returns every
violation at once. It never raises for any DeckList: bad input is a violation, not an error.

Each game module declares ``CONSTRUCTION``, a :class:`~rules.core.construction_spec.ConstructionSpec`
(its formats, ``validate``, ``chart_data``, how it draws, ``random_legal_deck`` and, for a dealt
format, ``deal_random_deck``: docs/architecture.md; issue "Deck builder", parts 3, 4 and 6), which
the registry hands out (``get_construction``).
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from rules.core.construction_spec import DrawRules
from rules.core.decks import CardSpec, DeckEntry, DeckList, Violation
from rules.core.formats import FormatSpec, format_violations, name_key
from rules.core.registry import UnknownGame, get_construction, get_game
from rules.core.schema import GameSpec, X

DECK_RULE = "docs/architecture.md, \"Game slugs, sections and types\""


# -- the dispatcher ----------------------------------------------------------------------------------
def builtin_formats(game: str) -> dict[str, FormatSpec]:
    """The rulebook's formats for ``game`` by slug (``standard`` first). Raises UnknownGame."""
    construction = get_construction(game)
    return dict(construction.formats) if construction is not None else {}


def validate_deck(deck: DeckList, fmt: FormatSpec | None = None) -> list[Violation]:
    """Every construction problem of ``deck`` under ``fmt`` (default: the deck's own format).

    With no ``fmt``, the built-in format named by ``deck.format`` is used (``standard`` by
    default); an unknown name is reported as ``unknown_format`` and ``standard`` is checked.
    """
    game = getattr(deck, "game", None)
    try:
        spec = get_game(str(game))
    except UnknownGame as exc:
        return [Violation("unknown_game", DECK_RULE, str(exc))]
    construction = get_construction(spec.slug)
    out: list[Violation] = []
    clean = _clean_deck(deck, spec, out)
    if construction is None:
        return out + (format_violations(clean, fmt) if fmt is not None else [])
    formats = construction.formats
    if fmt is None:
        fmt = formats.get(clean.format)
        if fmt is None:
            out.append(Violation("unknown_format", DECK_RULE,
                                 f"{spec.name} has no built-in format {clean.format!r} "
                                 f"(built in: {', '.join(formats)}); checked as standard."))
            fmt = formats["standard"]
    elif fmt.game != spec.slug:
        out.append(Violation("format_mismatch", DECK_RULE,
                             f"format {fmt.name!r} is for {fmt.game!r}, not {spec.name}; "
                             "checked as standard."))
        fmt = formats["standard"]
    out.extend(construction.validate(clean, fmt))
    out.extend(format_violations(clean, fmt))
    return out


def deck_charts(deck: DeckList) -> list[dict]:
    """The game's deck statistics (``chart_data``) for any DeckList; [] for an unknown game."""
    try:
        spec = get_game(str(getattr(deck, "game", None)))
    except UnknownGame:
        return []
    construction = get_construction(spec.slug)
    if construction is None:
        return []
    return construction.chart_data(_clean_deck(deck, spec, []))


def draw_rules(game: str) -> DrawRules | None:
    """How ``game`` draws (its construction's ``draws``), or None for a game without draws."""
    construction = get_construction(game)
    return construction.draws if construction is not None else None


def _clean_deck(deck: Any, spec: GameSpec, out: list[Violation]) -> DeckList:
    """A copy of ``deck`` with only known sections and sane entries; the rest become violations.

    Section keys may be slugs or display names in any case (they are merged into the slug).
    """
    clean = DeckList(game=spec.slug, format=str(getattr(deck, "format", "") or "standard"),
                     name=str(getattr(deck, "name", "") or ""))
    sections = getattr(deck, "sections", None)
    if not isinstance(sections, Mapping):
        out.append(Violation("bad_entry", DECK_RULE, "the deck's sections must map section names to entries."))
        return clean
    known = ", ".join(s.slug for s in spec.sections)
    for key, entries in sections.items():
        section = spec.section(str(key)) if isinstance(key, str) else None
        if not isinstance(entries, (list, tuple)):
            out.append(Violation("bad_entry", DECK_RULE, f"section {key!r} must hold a list of cards.",
                                 section=str(key)))
            continue
        good: list[DeckEntry] = []
        for entry in entries:
            card = getattr(entry, "card", None)
            qty = getattr(entry, "qty", None)
            if not isinstance(card, CardSpec) or not isinstance(card.name, str):
                out.append(Violation("bad_entry", DECK_RULE, f"section {key!r} holds something that is not a card.",
                                     section=str(key)))
            elif isinstance(qty, bool) or not isinstance(qty, int) or qty < 1:
                out.append(Violation("bad_quantity", DECK_RULE,
                                     f"{card.name}: quantity must be a whole number of at least 1, not {qty!r}.",
                                     (card.name,), str(key)))
            else:
                good.append(entry)
        if section is None:
            if good:
                out.append(Violation(
                    "unknown_section", DECK_RULE,
                    f"{spec.name} decks have no section {key!r} (sections: {known}); "
                    f"its {sum(e.qty for e in good)} card(s) are not counted.",
                    tuple(dict.fromkeys(e.card.name for e in good)), str(key)))
            continue
        clean.sections.setdefault(section.slug, []).extend(good)
    return clean


# -- helpers for the game modules ------------------------------------------------------------------
def random_copies(rng: random.Random, cards: Sequence[CardSpec], size: int, *, most: int | None = None,
                  named_most: Mapping[str, int] | None = None) -> list[DeckEntry]:
    """``size`` random copies of ``cards`` (one printing per name), at most ``most`` of a name and at
    most ``named_most[name]`` of the names it lists: a section of a random legal deck (each game's
    ``random_legal_deck``, which the conformance suite plays). Raises ``ValueError`` when the caps
    leave fewer than ``size`` copies to draw from."""
    by_name: dict[str, CardSpec] = {}
    for card in sorted(cards, key=lambda c: (name_key(c.name), c.set_code, c.number)):
        by_name.setdefault(name_key(card.name), card)
    caps = dict.fromkeys(by_name, most if most is not None else size)
    for name, cap in (named_most or {}).items():
        if name_key(name) in caps:
            caps[name_key(name)] = min(caps[name_key(name)], cap)
    copies = [key for key in sorted(by_name) for _ in range(caps[key])]
    if len(copies) < size:
        raise ValueError(f"only {len(copies)} copies can be drawn, {size} are needed")
    drawn: dict[str, int] = {}
    for key in rng.sample(copies, size):
        drawn[key] = drawn.get(key, 0) + 1
    return [DeckEntry(by_name[key], qty) for key, qty in sorted(drawn.items())]


def count_of_type(entries: Iterable[DeckEntry], card_type: str) -> int:
    return sum(e.qty for e in entries if e.card.card_type == card_type)


def names(entries: Iterable[DeckEntry]) -> tuple[str, ...]:
    """Distinct card names, in deck order."""
    return tuple(dict.fromkeys(e.card.name for e in entries))


def plural(n: int, word: str, many: str | None = None) -> str:
    return f"{n} {word if n == 1 else (many or word + 's')}"


def exact_count(code: str, rule: str, actual: int, expected: int | None, what: str,
                section: str | None = None, cards: tuple[str, ...] = ()) -> list[Violation]:
    """A violation when ``actual`` != ``expected``; no rule (nothing) when expected is None."""
    if expected is None or actual == expected:
        return []
    return [Violation(code, rule, f"The deck needs exactly {expected} {what}; it has {actual}.", cards, section)]


def at_most(code: str, rule: str, actual: int, most: int | None, what: str,
            section: str | None = None, cards: tuple[str, ...] = ()) -> list[Violation]:
    """A violation when ``actual`` > ``most``; no rule when most is None."""
    if most is None or actual <= most:
        return []
    return [Violation(code, rule, f"The deck may hold at most {most} {what}; it has {actual}.", cards, section)]


def size_range(code: str, rule: str, actual: int, least: int | None, most: int | None, what: str,
               section: str | None = None) -> list[Violation]:
    """Exact size when least == most, else a min / max check; None means no bound."""
    if least is not None and least == most:
        return exact_count(code, rule, actual, least, what, section)
    if least is not None and actual < least:
        return [Violation(code, rule, f"The deck needs at least {least} {what}; it has {actual}.", (), section)]
    return at_most(code, rule, actual, most, what, section)


def wrong_section_violations(deck: DeckList, spec: GameSpec, rule: str,
                             skip: Sequence[str] = ()) -> list[Violation]:
    """Cards sitting in a section their type does not belong to (GameSpec sections, generic)."""
    out = []
    for section in spec.sections:
        if section.slug in skip:
            continue
        for entry in deck.entries(section.slug):
            card_type = entry.card.card_type
            if card_type in section.card_types:
                continue
            home = spec.section_for_type(card_type)
            kind = spec.card_type(card_type)
            if home is None and kind is not None:  # a component no section takes (a character card)
                msg = (f"{entry.card.name} is a {kind.label} card, which {spec.name} decks do not use "
                       f"(decks take {', '.join(dict.fromkeys(t for s in spec.sections for t in s.card_types))}).")
            elif home is None or kind is None:
                msg = (f"{entry.card.name} has card type {card_type!r}, which {spec.name} decks do not use "
                       f"(types: {', '.join(spec.card_type_slugs)}).")
            else:
                msg = f"{entry.card.name} is a {kind.label} card: it belongs in {home.label}, not {section.label}."
            out.append(Violation("wrong_section", rule, msg, (entry.card.name,), section.slug))
    return out


def int_attr(card: CardSpec, name: str) -> int | None:
    """A whole-number attribute, or None when missing, "X" or malformed."""
    attrs = card.attributes if isinstance(card.attributes, Mapping) else {}
    value = attrs.get(name)
    if isinstance(value, bool) or not isinstance(value, int):
        return None
    return value


def is_x(card: CardSpec, name: str) -> bool:
    attrs = card.attributes if isinstance(card.attributes, Mapping) else {}
    return attrs.get(name) == X


def list_attr(card: CardSpec, name: str) -> list[str]:
    """A list attribute's words (lower case), [] when missing or malformed."""
    attrs = card.attributes if isinstance(card.attributes, Mapping) else {}
    value = attrs.get(name)
    if isinstance(value, str):
        value = [value]
    if not isinstance(value, (list, tuple)):
        return []
    return [str(v).lower() for v in value if isinstance(v, str)]


def chart(id: str, title: str, kind: str, labels: Sequence[Any], series: Mapping[str, Sequence[int]]) -> dict:
    """One chart as plain data for the builder page (bar / stacked / pie)."""
    return {"id": id, "title": title, "kind": kind, "labels": [str(label) for label in labels],
            "series": [{"name": name, "values": list(values)} for name, values in series.items()]}


def curve_labels(values: Iterable[int], least: int = 0, floor_top: int = 0) -> list[int]:
    """0..max for a cost curve (at least up to ``floor_top``), so gaps show as empty bars."""
    top = max([floor_top, *values], default=floor_top)
    return list(range(least, top + 1))
