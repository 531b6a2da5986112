"""Decks as plain values, the deck text format, and construction violations.

Data flows one way (docs/architecture.md): Django models -> ``CardSpec`` / ``DeckList`` -> rules
-> plain results. Nothing here knows Django.

Deck text format (issue "Deck builder"):

    # Name: Emerald Vanguard        <- '#' starts a comment (a "# Name:" line names the deck)
    Savior:                         <- a section header: slug or display name, any case
    1 Sylvara, Verdant Warden
    Main:
    4x Emeraldefender Golem (BD01) 012   <- "N Name" or "Nx Name", optional "(SET) number"
"""

from __future__ import annotations

import difflib
import re
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from rules.core.schema import GameSpec


@dataclass(frozen=True)
class CardSpec:
    """A card as the rules see it: identity, type and attributes; no database row."""

    id: int | None
    name: str
    card_type: str
    attributes: Mapping[str, Any] = field(default_factory=dict)
    effects: tuple = ()
    set_code: str = ""
    number: str = ""
    text: str = ""
    #: the kind of the card's set (a game's set kinds: MB's "core", "expansion", ...); MB reads a
    #: card's RARITY from it ("CARD DATA")
    set_kind: str = ""

    def __hash__(self) -> int:
        return hash((self.id, self.name, self.set_code, self.number))


@dataclass(frozen=True)
class DeckEntry:
    card: CardSpec
    qty: int


@dataclass
class DeckList:
    """A deck's cards by section (section slugs are the docs/architecture.md contract)."""

    game: str
    sections: dict[str, list[DeckEntry]] = field(default_factory=dict)
    format: str = "standard"
    name: str = ""

    def entries(self, section: str | None = None) -> list[DeckEntry]:
        if section is not None:
            return list(self.sections.get(section, []))
        return [entry for entries in self.sections.values() for entry in entries]

    def count(self, section: str | None = None) -> int:
        return sum(entry.qty for entry in self.entries(section))

    def cards(self, section: str | None = None) -> list[CardSpec]:
        """Every copy, expanded (4x a card gives four items)."""
        return [entry.card for entry in self.entries(section) for _ in range(entry.qty)]


@dataclass(frozen=True)
class Violation:
    """One broken construction rule. ``rule`` cites the rulebook file and section heading."""

    code: str
    rule: str
    message: str
    cards: tuple[str, ...] = ()
    section: str | None = None

    @property
    def citation(self) -> str:
        """``rule`` as people read it ("Boundless TCG rulebook, What You Need")."""
        from rules.core.formats import readable_citation

        return readable_citation(self.rule)

    def as_dict(self) -> dict:
        out = {"code": self.code, "rule": self.rule, "citation": self.citation, "message": self.message,
               "cards": list(self.cards)}
        if self.section:
            out["section"] = self.section
        return out


# -- text format ----------------------------------------------------------------------------------
@dataclass(frozen=True)
class DeckLine:
    line: int
    section: str  # the section slug
    qty: int
    name: str
    set_code: str | None = None
    number: str | None = None


@dataclass(frozen=True)
class TextError:
    line: int
    message: str
    column: int = 1

    def __str__(self) -> str:
        return f"line {self.line}: {self.message}"


@dataclass
class ParsedDeckText:
    lines: list[DeckLine]
    errors: list[TextError]
    name: str = ""
    format: str | None = None


_CARD_LINE = re.compile(r"^(?P<qty>\d{1,4})\s*[xX]?\s+(?P<name>.+?)(?:\s+\((?P<set>[^()]+)\)(?:\s+(?P<number>\S+))?)?\s*$")
_HEADER = re.compile(r"^(?P<section>[^:#]+?)\s*:\s*$")
_META = re.compile(r"^#\s*(?P<key>name|format)\s*:\s*(?P<value>.*?)\s*$", re.IGNORECASE)
MAX_COPIES_IN_LINE = 999


def parse_deck_text(text: str, spec: GameSpec) -> ParsedDeckText:
    """Read deck text into lines; every unreadable line becomes a line-numbered error.

    Never raises for any input. Card names are not looked up here (the caller resolves them
    against its card pool and reports unknown names per line).
    """
    result = ParsedDeckText([], [])
    section = spec.sections[0].slug if len(spec.sections) == 1 else None
    for number, raw in enumerate(str(text).splitlines(), 1):
        line = raw.strip().lstrip("\ufeff")
        if not line:
            continue
        if line.startswith("#"):
            meta = _META.match(line)
            if meta:
                if meta["key"].lower() == "name":
                    result.name = meta["value"][:200]
                else:
                    result.format = meta["value"].lower() or None
            continue
        line = line.split(" #", 1)[0].strip()
        header = _HEADER.match(line)
        if header and not line[0].isdigit():
            found = spec.section(header["section"])
            if found is None:
                known = ", ".join(f"{s.label} ({s.slug})" for s in spec.sections)
                result.errors.append(TextError(number, f"unknown section {header['section']!r}; "
                                                       f"{spec.name} decks have: {known}"))
                section = "?"
            else:
                section = found.slug
            continue
        match = _CARD_LINE.match(line)
        if not match:
            result.errors.append(TextError(number, f"cannot read {line[:80]!r}: expected 'N Card Name' "
                                                   "or a section header like 'Main:'"))
            continue
        qty = int(match["qty"])
        if qty < 1 or qty > MAX_COPIES_IN_LINE:
            result.errors.append(TextError(number, f"quantity must be 1-{MAX_COPIES_IN_LINE}, not {qty}"))
            continue
        if section is None:
            known = ", ".join(s.label for s in spec.sections)
            result.errors.append(TextError(number, f"card before any section header; start with one of: {known}"))
            section = "?"
            continue
        if section == "?":
            continue  # already reported on the header line
        result.lines.append(DeckLine(number, section, qty, match["name"].strip(),
                                     match["set"].strip() if match["set"] else None, match["number"]))
    return result


def format_deck_text(deck: DeckList, spec: GameSpec, *, with_printing: bool = False) -> str:
    """Write a deck in the text format (round-trips through ``parse_deck_text``)."""
    out = []
    if deck.name:
        out.append(f"# Name: {deck.name}")
    if deck.format and deck.format != "standard":
        out.append(f"# Format: {deck.format}")
    for section in spec.sections:
        entries = deck.entries(section.slug)
        if not entries:
            continue
        if out:
            out.append("")
        out.append(f"{section.label}:")
        for entry in entries:
            line = f"{entry.qty} {entry.card.name}"
            if with_printing and entry.card.set_code:
                line += f" ({entry.card.set_code}) {entry.card.number}"
            out.append(line)
    return "\n".join(out) + "\n"


def resolve_deck(parsed: ParsedDeckText, pool: Sequence[CardSpec], *, game: str, fmt: str | None = None,
                 suggest: Callable[[str], list[str]] | None = None) -> tuple[DeckList, list[TextError]]:
    """Turn parsed lines into a DeckList by looking names up in ``pool`` (case-insensitive).

    An unknown name is a line-numbered error naming the nearest card names (``suggest(name)``
    when given, e.g. an index of the whole game's names, so ``pool`` may hold only the cards the
    text names; else the nearest names in ``pool``); a "(SET) number" picks that printing when it
    exists. Lines naming the same card are merged.
    """
    by_name: dict[str, list[CardSpec]] = {}
    for card in pool:
        by_name.setdefault(card.name.lower(), []).append(card)
    errors = list(parsed.errors)
    deck = DeckList(game=game, format=fmt or parsed.format or "standard", name=parsed.name)
    merged: dict[tuple[str, CardSpec], int] = {}
    for line in parsed.lines:
        printings = by_name.get(line.name.lower())
        if not printings:
            if suggest is not None:
                near = suggest(line.name)
            else:
                near = [by_name[n][0].name for n in difflib.get_close_matches(line.name.lower(), list(by_name), n=3,
                                                                               cutoff=0.5)]
            hint = "; did you mean " + " or ".join(repr(n) for n in near) + "?" if near else ""
            errors.append(TextError(line.line, f"unknown card {line.name!r}{hint}"))
            continue
        card = printings[0]
        if line.set_code:
            exact = [c for c in printings if c.set_code.lower() == line.set_code.lower()
                     and (line.number is None or c.number == line.number)]
            if not exact:
                errors.append(TextError(line.line, f"{line.name!r} has no printing ({line.set_code})"
                                                   f"{' ' + line.number if line.number else ''}"))
                continue
            card = exact[0]
        merged[(line.section, card)] = merged.get((line.section, card), 0) + line.qty
    for (section, card), qty in merged.items():
        deck.sections.setdefault(section, []).append(DeckEntry(card, qty))
    return deck, errors
