"""The card pool a whole game is set up from: sets with their kinds, cards with their copies, and
a card as the market reads it (millennium-blades.txt, "COMPONENTS", "CARD DATA", "SET BREAKDOWN").

``FullPool`` is plain data (no Django): ``load_pool()`` is the host's card database when it has
one (``rules.core.card_pool``: the web workshop's, with every set a user imported), else
``fixtures/millennium_blades.json``. Only singles, deck boxes and accessories are dealt
(``DEALT_TYPES``): the other components a real list holds in its sets (characters, co-op bosses,
friendship cards...) never go into the Store. Cards the card database marks not playable (their
text did not compile) are named in ``FullPool.unplayable``; setup refuses them or leaves them out
(``setup.py``, option ``not_playable``).
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from functools import cached_property, lru_cache
from pathlib import Path

from rules.core import card_pool
from rules.core.decks import CardSpec
from rules.millennium_blades.construction import star_of, symbols
from rules.millennium_blades.deck_rules import is_epic

FIXTURE = Path(__file__).resolve().parents[3] / "fixtures" / "millennium_blades.json"
GAME = "millennium_blades"
#: the cards setup deals into the Store, the promo piles and the starter decks ("COMPONENTS")
DEALT_TYPES = frozenset({"single", "deck_box", "accessory"})
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
    epic: bool = field(init=False, compare=False)  # "Limit one Epic Card per Deck" (deck_rules.is_epic)

    def __post_init__(self) -> None:
        object.__setattr__(self, "value", self.star if isinstance(self.star, int) else 0)
        object.__setattr__(self, "epic", is_epic(self.spec))

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
    #: card id -> why the engine cannot run it (the card database's ``unplayable_reason``)
    unplayable: dict[int, str] = field(default_factory=dict, compare=False, hash=False)

    @classmethod
    def from_data(cls, data: dict) -> FullPool:
        """From the fixture format (``{"sets": [...], "cards": [...]}``; a card with ``"playable":
        false`` is named in ``unplayable`` with its ``unplayable_reason``)."""
        sets = tuple(SetInfo(s["code"], s.get("name", s["code"]), s["kind"], s.get("release_order", 0))
                     for s in data["sets"])
        kinds = {s.code: s.kind for s in sets}
        cards = tuple(CardSpec(i, c["name"], c["card_type"], c.get("attributes", {}), tuple(c.get("effects", ())),
                               c["set"], c.get("number", ""), c.get("text", ""), kinds.get(c["set"], ""))
                      for i, c in enumerate(data["cards"], 1))
        unplayable = {i: c.get("unplayable_reason") or "not playable yet"
                      for i, c in enumerate(data["cards"], 1) if c.get("playable", True) is False}
        return cls(sets, cards, unplayable)

    def kind(self, code: str) -> str:
        return next(s.kind for s in self.sets if s.code == code)

    @staticmethod
    def kind_words(kind: str) -> str:
        """A set kind as a person reads it in a set-up note: "bronze_promo" -> "bronze promo"
        (the rulebook's "Bronze Promo Sets")."""
        return kind.replace("_", " ")

    def sets_of(self, kind: str, playable: bool = False) -> list[SetInfo]:
        """The sets of ``kind`` by release order (``playable``: only those whose every dealt card
        the engine can run, which setup takes when the user chooses none)."""
        found = sorted((s for s in self.sets if s.kind == kind), key=lambda s: (s.release_order, s.code))
        return [s for s in found if not self.not_playable(s.code)] if playable else found

    def not_playable(self, code: str) -> list[CardSpec]:
        """The set's dealt cards the engine cannot run (``unplayable``)."""
        return [c for c in self.cards_of(code) if c.id in self.unplayable]

    def check_playable(self, codes, leave_out: bool, notes: list[str]) -> None:
        """Chosen sets holding cards the engine cannot run: a ``ValueError`` naming them (never
        played as if their text said nothing), or with ``leave_out`` a note of what is left out
        (``copies`` never deals such a card)."""
        found = {code: self.not_playable(code) for code in dict.fromkeys(c for c in codes if c)}
        found = {code: cards for code, cards in found.items() if cards}
        if not found:
            return
        count = sum(len(cards) for cards in found.values())
        if leave_out:
            notes.append(f"not playable yet, left out: {count} card(s) of " + ", ".join(
                f"{code} ({len(cards)} of {len(self.cards_of(code))})" for code, cards in found.items()))
            return
        examples = []
        for code, card in [(code, card) for code, cards in found.items() for card in cards][:3]:
            assert card.id is not None  # ``not_playable`` found it by its id
            examples.append(f"{code}: {card.name}: {self.unplayable[card.id]}")
        raise ValueError(f"{count} card(s) of the chosen sets {', '.join(found)} are not playable yet (their text "
                         "does not compile), e.g. " + "; ".join(examples)
                         + ". Choose other sets, or not_playable=leave_out to play without those cards")

    @cached_property
    def _dealt_by_set(self) -> dict[str, list[CardSpec]]:
        by_set: dict[str, list[CardSpec]] = {}
        for card in self.cards:
            if card.card_type in DEALT_TYPES:
                by_set.setdefault(card.set_code, []).append(card)
        return by_set

    def cards_of(self, code: str) -> list[CardSpec]:
        """The set's cards that setup deals (``DEALT_TYPES``)."""
        return list(self._dealt_by_set.get(code, ()))

    def components(self, card_type: str) -> list[CardSpec]:
        """Every card of a component type (``character``, ``venue``...), by set and number."""
        return [c for c in self.cards if c.card_type == card_type]

    def copies(self, code: str) -> list[CardSpec]:
        """Every physical card of a set that setup deals: each card as many times as its ``copies``."""
        out = []
        for spec in self.cards_of(code):
            if spec.id in self.unplayable:  # never dealt: check_playable refused or noted them
                continue
            out.extend([spec] * int((spec.attributes or {}).get("copies", 1) or 1))
        return out


def load_pool(path: str | None = None) -> FullPool:
    """The pool in ``path``; without one, the host's card database (``rules.core.card_pool``) when
    it has one, else the fixture pool (``fixtures/millennium_blades.json``)."""
    if path is None:
        data = card_pool.game_data(GAME)
        if data is not None:
            return _pool_of_version(data)
    return _file_pool(path)


_kept: dict[str, FullPool] = {}


def _pool_of_version(data: dict) -> FullPool:
    """The pool of the host's data, built once per ``version``."""
    version = str(data.get("version", ""))
    if version not in _kept:
        _kept.clear()
        _kept[version] = FullPool.from_data(data)
    return _kept[version]


@lru_cache(maxsize=1)
def _file_pool(path: str | None = None) -> FullPool:
    return FullPool.from_data(json.loads(Path(path or FIXTURE).read_text(encoding="utf-8")))
