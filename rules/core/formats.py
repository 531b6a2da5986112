"""Deck formats as data, and the ban / restricted-list check every game shares.

A :class:`FormatSpec` is a plain value: the game's validator reads every number it checks from
``limits`` (never from constants inside the checks), so an admin can add a format -- a newer
edition with a 40-card main deck, a house ban list -- as a database row, without code. The
built-in formats live in each ``rules/<game>/construction.py`` as ``FORMATS``.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field, replace
from typing import Any

from rules.core.decks import DeckEntry, DeckList, Violation


@dataclass(frozen=True)
class FormatSpec:
    """One way to build decks for a game: its limits, banned names and restricted names."""

    game: str
    slug: str
    name: str
    limits: Mapping[str, Any] = field(default_factory=dict)
    banned: frozenset[str] = frozenset()  # card names
    restricted: Mapping[str, int] = field(default_factory=dict)  # card name -> max copies
    description: str = ""
    rule_source: str = ""  # where the format's rules come from (rulebook file and section)

    def __post_init__(self) -> None:
        # Accept lists / dicts from JSON or database rows; keep our own copies (plain dicts,
        # so a format pickles for the simulation workers).
        object.__setattr__(self, "banned", frozenset(str(n) for n in (self.banned or ())))
        object.__setattr__(self, "restricted", {str(k): int(v) for k, v in dict(self.restricted or {}).items()})
        object.__setattr__(self, "limits", dict(self.limits or {}))

    def __hash__(self) -> int:
        return hash((self.game, self.slug))

    def limit(self, key: str, default: Any = None) -> Any:
        """The limit named ``key``; ``default`` when the format does not set it (no such rule)."""
        return self.limits.get(key, default)

    def derive(self, *, slug: str, name: str, limits: Mapping[str, Any] | None = None,
               banned: Iterable[str] = (), restricted: Mapping[str, int] | None = None,
               description: str = "", rule_source: str = "") -> FormatSpec:
        """A new format on top of this one: ``limits`` override, bans and restrictions add up.

        This is how an admin's format row becomes a FormatSpec: name the base (usually
        ``standard``) and only what differs, e.g. ``{"main_size": 40}``.
        """
        return replace(
            self, slug=slug, name=name,
            limits={**self.limits, **(limits or {})},
            banned=self.banned | frozenset(banned),
            restricted={**self.restricted, **(restricted or {})},
            description=description or self.description,
            rule_source=rule_source or self.rule_source,
        )

    def as_dict(self) -> dict:
        return {
            "game": self.game, "slug": self.slug, "name": self.name, "limits": dict(self.limits),
            "banned": sorted(self.banned), "restricted": dict(self.restricted),
            "description": self.description, "rule_source": self.rule_source,
        }


def cite(rulebook: str, heading: str, detail: str = "") -> str:
    """A rule citation: 'file, "HEADING"' plus an optional detail (rule number, quote)."""
    out = f'{rulebook}, "{heading}"'
    return f"{out} {detail}" if detail else out


def readable_citation(rule: str) -> str:
    """A citation for people: 'boundless-tcg.txt, "WHAT YOU NEED"' reads 'Boundless TCG rulebook,
    What You Need' (the game's name for its rulebook file, the heading in title case)."""
    import re

    from rules.core.registry import all_games

    books = {spec.rulebook: spec.name for spec in all_games()}
    match = re.match(r'^(?P<book>[\w.-]+\.txt),\s*"(?P<heading>[^"]*)"(?P<rest>.*)$', rule or "")
    if not match or match["book"] not in books:
        return rule
    heading = " ".join(word.capitalize() if word.isupper() or word.islower() else word
                       for word in match["heading"].split())
    return f"{books[match['book']]} rulebook, {heading}{match['rest']}"


def name_key(name: str) -> str:
    """Copies are counted by card name across printings, case and outer spaces ignored."""
    return " ".join(str(name).split()).casefold()


def copies_by_name(entries: Iterable[DeckEntry]) -> tuple[Counter, dict[str, str]]:
    """Copies per card name (``name_key``) and each key's display name."""
    counts: Counter = Counter()
    display: dict[str, str] = {}
    for entry in entries:
        key = name_key(entry.card.name)
        counts[key] += entry.qty
        display.setdefault(key, entry.card.name)
    return counts, display


def format_violations(deck: DeckList, fmt: FormatSpec) -> list[Violation]:
    """Banned cards (``banned_card``) and cards over their restricted count (``restricted_card``).

    Shared by every game; counts every section of the deck (reserves included) by name.
    """
    rule = fmt.rule_source or f"format {fmt.name!r} ({fmt.slug})"
    counts, display = copies_by_name(deck.entries())
    section_of: dict[str, str] = {}
    for section, entries in deck.sections.items():
        for entry in entries:
            section_of.setdefault(name_key(entry.card.name), section)
    out: list[Violation] = []
    banned = {name_key(n): n for n in fmt.banned}
    for key in sorted(counts):
        if key in banned and counts[key] > 0:
            out.append(Violation(
                "banned_card", rule,
                f"{display[key]} is banned in {fmt.name}.", (display[key],), section_of.get(key)))
    restricted = {name_key(n): (n, m) for n, m in fmt.restricted.items()}
    for key in sorted(counts):
        if key in restricted and key not in banned:
            _, most = restricted[key]
            if counts[key] > most:
                out.append(Violation(
                    "restricted_card", rule,
                    f"{display[key]} is restricted to {most} "
                    f"{'copy' if most == 1 else 'copies'} in {fmt.name}; the deck has {counts[key]}.",
                    (display[key],), section_of.get(key)))
    return out
