"""A game's card pool and sample decks (fixtures/) as rules-side values, for pure-Python tests."""

from __future__ import annotations

import copy
import json
from functools import cached_property
from pathlib import Path

from rules.core.decks import CardSpec, DeckEntry, DeckList, parse_deck_text, resolve_deck
from rules.core.engine import Action
from rules.core.registry import get_game

ROOT = Path(__file__).resolve().parents[2]


class GamePool:
    """``fixtures/<game>.json`` as CardSpecs (ids from 1) and ``fixtures/decks/<game>-*.txt`` as DeckLists."""

    def __init__(self, game: str):
        self.game = game
        self.spec = get_game(game)

    @cached_property
    def pool(self) -> list[CardSpec]:
        cards = json.loads((ROOT / "fixtures" / f"{self.game}.json").read_text())["cards"]
        return [CardSpec(i, c["name"], c["card_type"], c.get("attributes", {}), tuple(c.get("effects", ())),
                         c["set"], c["number"], c.get("text", ""))
                for i, c in enumerate(cards, 1)]

    @cached_property
    def by_name(self) -> dict[str, CardSpec]:
        return {c.name: c for c in self.pool}

    @cached_property
    def samples(self) -> list[str]:
        return sorted(p.stem for p in (ROOT / "fixtures" / "decks").glob(f"{self.game}-*.txt"))

    def sample(self, stem: str) -> DeckList:
        parsed = parse_deck_text((ROOT / "fixtures" / "decks" / f"{stem}.txt").read_text(), self.spec)
        deck, errors = resolve_deck(parsed, self.pool, game=self.game)
        assert not errors, errors
        return deck

    def sample_decks(self) -> list[DeckList]:
        """Every sample deck of the game (``fixtures/decks/<game>-*.txt``), effects included."""
        return [self.sample(stem) for stem in self.samples]

    def set_qty(self, deck: DeckList, section: str, name: str, qty: int) -> DeckList:
        """A copy of ``deck`` with ``name`` at ``qty`` copies in ``section`` (0 removes it)."""
        deck = copy.deepcopy(deck)
        entries = [e for e in deck.sections.get(section, []) if e.card.name != name]
        if qty:
            entries.append(DeckEntry(self.by_name[name], qty))
        deck.sections[section] = entries
        return deck


def codes(violations) -> list[str]:
    return sorted(v.code for v in violations)


def do(state, text: str, seat: int | None = None):
    """Apply an action given as text, by ``seat`` or the seat to act (checked at the boundary)."""
    seat = state.current_players()[0] if seat is None else seat
    state.apply_checked(Action.parse(text), seat)
    return state


def legal(state, seat: int | None = None) -> list[str]:
    """The legal actions of ``seat`` (or the seat to act) as text."""
    seat = state.current_players()[0] if seat is None else seat
    return [str(a) for a in state.legal_actions(seat)]
