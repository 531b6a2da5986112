"""What a game declares about deck construction: its :class:`ConstructionSpec` (and how it draws,
:class:`DrawRules`).

Each game's ``rules/<game>/construction.py`` exposes ``CONSTRUCTION``, one ConstructionSpec, as its
``engine.py`` exposes ``ENGINE``; ``rules.core.registry.get_construction`` hands it out and the
callers (deck validation, charts, draw odds, dealt decks) read its fields, never probing a module
for what it happens to define. Kept apart from ``rules.core.construction`` (which needs the
registry) so the registry can check what a game declares.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping, Sequence
from dataclasses import asdict, dataclass
from typing import Any

from rules.core.decks import CardSpec, DeckList, Violation
from rules.core.formats import FormatSpec


@dataclass(frozen=True)
class DrawRules:
    """How a game draws: ``opening`` cards from the deck section ``section`` before the first
    turn, then ``per_turn`` a turn (on turn 1 too when ``draw_on_first_turn``; the first player
    skips that first draw when ``first_player_skips_first_draw``: Spellbound). ``rule`` cites the
    rulebook. Read by the draw odds and sample hands (``rules.core.probability``)."""

    section: str
    opening: int
    per_turn: int
    rule: str
    draw_on_first_turn: bool = True
    first_player_skips_first_draw: bool = False

    def as_dict(self) -> dict[str, Any]:
        """The rules as JSON-able data (the builder page's payload)."""
        return asdict(self)


@dataclass(frozen=True)
class ConstructionSpec:
    """A game's deck construction (docs/architecture.md, "Deck construction").

    - ``formats``: the rulebook's formats by slug, ``standard`` first (:class:`FormatSpec`).
    - ``validate(deck, fmt)``: every violation of the game's own rules (the core adds the shape
      and format-list checks: ``rules.core.construction.validate_deck``).
    - ``chart_data(deck)``: the deck's statistics for the builder's charts.
    - ``random_legal_deck(pool, rng)``: a Standard deck drawn from ``pool`` (the conformance
      suite's random-legal-deck sweep); raises ``ValueError`` when the pool cannot make one.
    - ``draws``: how the game draws (:class:`DrawRules`), or None for a game without draws.
    - ``deal_random_deck(pool, seed, size)``: a fresh deck dealt for a dealt format (FellBound's
      "RANDOM PLAY"), or None for a game that deals none (``rules.core.dealing``).
    """

    formats: Mapping[str, FormatSpec]
    validate: Callable[[DeckList, FormatSpec], list[Violation]]
    chart_data: Callable[[DeckList], list[dict]]
    random_legal_deck: Callable[[Sequence[CardSpec], random.Random], DeckList]
    draws: DrawRules | None = None
    deal_random_deck: Callable[..., DeckList] | None = None

    def __post_init__(self) -> None:
        if "standard" not in self.formats:
            raise ValueError("a game's construction declares a 'standard' format")
