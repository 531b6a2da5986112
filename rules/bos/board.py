"""What lies on a BOS player's side: wizards, summons, the boss, and the piles.

bos.txt, "Starting Info" (castle, spellbook, graveyard; 30 life, 1 vim), "Battlefield Setup"
(three wizard columns, the summon row, the boss to the left), "Going First" (ether).
Piles that nobody orders (castle, spellbook, reserves) are multisets: name -> copies. Each class
declares its fields with how a copy copies them (``rules/core/fields.py``): ``copy()`` is derived.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Annotated

from rules.bos.constants import COLUMNS, START_LIFE, START_VIM
from rules.core.fields import EACH, OWN, SHALLOW, Declared

Enchantment = tuple[str, int]  # (spell name, the seat that cast it: its graveyard gets the spell)


@dataclass(slots=True)
class Unit(Declared):
    """A summon or a boss on the battlefield (bos.txt, "Attack": strength is attack and health).

    Effective strength = ``base`` (printed + permanent gains) + ``until_ending`` + continuous
    gains - ``damage``; the unit is defeated when it reaches 0.
    """

    uid: int
    name: str
    owner: int
    boss: bool
    base: int
    column: int | None = None  # None for a boss (it stands to the left of the summon row)
    damage: int = 0
    until_ending: int = 0
    sideways: bool = False  # has acted ("Attack": a card on its side has already acted)
    face_up: bool = True  # a boss starts face-down ("Battlefield Setup")
    enchantments: Annotated[list[Enchantment], SHALLOW] = field(default_factory=list)
    battled: int | None = None  # uid of the unit it last battled (for "the summon it battled")
    to_castle: bool = False  # while being defeated: goes to the castle instead of the graveyard


@dataclass(slots=True)
class Wizard(Declared):
    """A wizard in its column ("Phase 2": face-down while it conducts; "Starting Info": public once
    it has been face-up)."""

    name: str
    face_up: bool = False
    sideways: bool = False
    seen: bool = False
    enchantments: Annotated[list[Enchantment], SHALLOW] = field(default_factory=list)


def _count(pile: dict[str, int], name: str, delta: int) -> None:
    n = pile.get(name, 0) + delta
    if n:
        pile[name] = n
    else:
        pile.pop(name, None)


@dataclass(slots=True)
class Side(Declared):
    """One player's side of the table."""

    life: int = START_LIFE
    vim: int = START_VIM
    ether: int = 0
    castle: Annotated[dict[str, int], SHALLOW] = field(default_factory=dict)
    spellbook: Annotated[dict[str, int], SHALLOW] = field(default_factory=dict)
    reserves: Annotated[dict[str, int], SHALLOW] = field(default_factory=dict)
    graveyard: Annotated[list[str], SHALLOW] = field(default_factory=list)
    wizards: Annotated[list[Wizard], EACH] = field(default_factory=list)
    summons: Annotated[list[Unit | None], EACH] = field(default_factory=lambda: [None] * COLUMNS)
    boss: Annotated[Unit | None, OWN] = None
    turns_started: int = 0
    castle_known: Annotated[dict[str, int], SHALLOW] = field(default_factory=dict)  # seen going back into the castle
    defeated_this_turn: bool = False  # a summon it controls was defeated this turn (Last Ember)
    arranged: bool = False
    swaps: int = 0

    def take_from_castle(self, name: str) -> None:
        _count(self.castle, name, -1)
        if self.castle_known.get(name):
            _count(self.castle_known, name, -1)

    def put_in_castle(self, name: str) -> None:
        _count(self.castle, name, 1)
        _count(self.castle_known, name, 1)

    def take_spell(self, name: str) -> None:
        _count(self.spellbook, name, -1)

    def units(self) -> list[Unit]:
        """Summons left to right, then the face-up boss."""
        out = list(filter(None, self.summons))  # the summons that are there (a Unit is always true)
        if self.boss is not None and self.boss.face_up:
            out.append(self.boss)
        return out

    def summon_list(self) -> list[Unit]:
        return list(filter(None, self.summons))  # the summons that are there (a Unit is always true)

    def cards(self) -> list[str]:
        """Every card of this side in a zone (not those in flight: casting, being defeated)."""
        out = [n for pile in (self.castle, self.spellbook, self.reserves) for n, k in pile.items() for _ in range(k)]
        out += self.graveyard
        out += [w.name for w in self.wizards]
        for unit in self.summons + [self.boss]:
            if unit is not None:
                out.append(unit.name)
        return out

    def enchantment_cards(self) -> list[str]:
        """Spells under this side's cards (whoever cast them)."""
        hosts: list[Wizard | Unit] = [*self.wizards, *(u for u in self.summons if u), *([self.boss] if self.boss else [])]
        return [name for host in hosts for name, _ in host.enchantments]


def adjust(pile: dict[str, int], name: str, delta: int) -> None:
    """Add ``delta`` copies of ``name`` to a multiset pile."""
    _count(pile, name, delta)
