"""The card pool a whole game is set up from: sets with their kinds, cards with their copies, and
a card as the market reads it (millennium-blades.txt, "COMPONENTS", "CARD DATA", "SET BREAKDOWN").

``FullPool`` is plain data (no Django): ``load_pool()`` reads ``fixtures/millennium_blades.json``;
a later web step can build the same value from the card database (``FullPool.from_data``).
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path

from rules.core.decks import CardSpec
from rules.millennium_blades.construction import star_of, symbols

FIXTURE = Path(__file__).resolve().parents[3] / "fixtures" / "millennium_blades.json"
#: rules notes "Millennium Blades" ("Buy cost"): the same for every card of a set
DEFAULT_COST = {"starter": 0, "core": 3, "expansion": 4, "premium": 5, "master": 6,
                "bronze_promo": 7, "silver_promo": 8, "gold_promo": 9}


@dataclass(frozen=True)
class SetInfo:
    code: str
    name: str
    kind: str  # starter, core, expansion, premium, master, bronze_promo, silver_promo, gold_promo
    release_order: int = 0


@dataclass(frozen=True)
class Card:
    """One physical card of the game, as the market reads it: printed data only.

    ``star`` is a number, ``"X"`` or None ("CARD DATA": "Star Rating"); ``value`` is what it sells
    and is bought for in the Aftermarket ("Sell to the Aftermarket": "Millennium Dollars equal to
    that card's Star Rating"; an X or missing rating is 0); ``cost`` the Store's buy cost ("the
    number in its top right"); ``symbols`` its elements and types for collections."""

    name: str
    card_type: str  # single, deck_box, accessory
    set_code: str
    kind: str
    star: int | str | None
    cost: int
    symbols: frozenset[str]
    spec: CardSpec
    value: int = field(init=False, compare=False)  # from ``star``: read on every tick, so computed once

    def __post_init__(self) -> None:
        object.__setattr__(self, "value", self.star if isinstance(self.star, int) else 0)

    @classmethod
    def of(cls, spec: CardSpec, kind: str) -> Card:
        cost = (spec.attributes or {}).get("cost")
        return cls(spec.name, spec.card_type, spec.set_code, kind, star_of(spec),
                   int(cost) if isinstance(cost, int) else DEFAULT_COST.get(kind, 0),
                   frozenset(symbols(spec)), spec)


@dataclass(frozen=True)
class FullPool:
    """Every set (``sets``) and every printed card (``cards``: one ``CardSpec`` per card, its
    ``copies`` attribute saying how many its set holds -- FAQ: "The highest star card in the set
    has one copy while the lowest has three ... In promo sets, there is one copy of every card")."""

    sets: tuple[SetInfo, ...]
    cards: tuple[CardSpec, ...]

    @classmethod
    def from_data(cls, data: dict) -> FullPool:
        """From the fixture format (``{"sets": [...], "cards": [...]}``)."""
        sets = tuple(SetInfo(s["code"], s.get("name", s["code"]), s["kind"], s.get("release_order", 0))
                     for s in data["sets"])
        cards = tuple(CardSpec(i, c["name"], c["card_type"], c.get("attributes", {}), tuple(c.get("effects", ())),
                               c["set"], c.get("number", ""), c.get("text", ""))
                      for i, c in enumerate(data["cards"], 1))
        return cls(sets, cards)

    def kind(self, code: str) -> str:
        return next(s.kind for s in self.sets if s.code == code)

    def sets_of(self, kind: str) -> list[SetInfo]:
        return sorted((s for s in self.sets if s.kind == kind), key=lambda s: (s.release_order, s.code))

    def cards_of(self, code: str) -> list[CardSpec]:
        return [c for c in self.cards if c.set_code == code]

    def copies(self, code: str) -> list[CardSpec]:
        """Every physical card of a set: each card as many times as its ``copies``."""
        out = []
        for spec in self.cards_of(code):
            out.extend([spec] * int((spec.attributes or {}).get("copies", 1) or 1))
        return out


@lru_cache(maxsize=1)
def load_pool(path: str | None = None) -> FullPool:
    """The fixture pool (``fixtures/millennium_blades.json``), or the pool in ``path``."""
    return FullPool.from_data(json.loads(Path(path or FIXTURE).read_text(encoding="utf-8")))
