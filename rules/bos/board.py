"""What lies on a BOS player's side: wizards, summons, the boss, and the piles.

bos.txt, "Starting Info" (castle, spellbook, graveyard; 30 life, 1 vim), "Battlefield Setup"
(three wizard columns, the summon row, the boss to the left), "Going First" (ether).
Piles that nobody orders (castle, spellbook, reserves) are multisets: name -> copies.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from rules.bos.constants import COLUMNS, START_LIFE, START_VIM

Enchantment = tuple[str, int]  # (spell name, the seat that cast it: its graveyard gets the spell)


@dataclass(slots=True)
class Unit:
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
    enchantments: list[Enchantment] = field(default_factory=list)
    battled: int | None = None  # uid of the unit it last battled (for "the summon it battled")
    to_castle: bool = False  # while being defeated: goes to the castle instead of the graveyard

    def copy(self) -> Unit:
        return Unit(self.uid, self.name, self.owner, self.boss, self.base, self.column, self.damage,
                    self.until_ending, self.sideways, self.face_up, list(self.enchantments), self.battled,
                    self.to_castle)


@dataclass(slots=True)
class Wizard:
    """A wizard in its column ("Phase 2": face-down while it conducts; "Starting Info": public once
    it has been face-up)."""

    name: str
    face_up: bool = False
    sideways: bool = False
    seen: bool = False
    enchantments: list[Enchantment] = field(default_factory=list)

    def copy(self) -> Wizard:
        return Wizard(self.name, self.face_up, self.sideways, self.seen, list(self.enchantments))


def _count(pile: dict[str, int], name: str, delta: int) -> None:
    n = pile.get(name, 0) + delta
    if n:
        pile[name] = n
    else:
        pile.pop(name, None)


@dataclass(slots=True)
class Side:
    """One player's side of the table."""

    life: int = START_LIFE
    vim: int = START_VIM
    ether: int = 0
    castle: dict[str, int] = field(default_factory=dict)
    spellbook: dict[str, int] = field(default_factory=dict)
    reserves: dict[str, int] = field(default_factory=dict)
    graveyard: list[str] = field(default_factory=list)
    wizards: list[Wizard] = field(default_factory=list)
    summons: list[Unit | None] = field(default_factory=lambda: [None] * COLUMNS)
    boss: Unit | None = None
    turns_started: int = 0
    castle_known: dict[str, int] = field(default_factory=dict)  # seen going back into the castle
    defeated_this_turn: bool = False  # a summon it controls was defeated this turn (Last Ember)
    arranged: bool = False
    swaps: int = 0

    def copy(self) -> Side:
        return Side(self.life, self.vim, self.ether, dict(self.castle), dict(self.spellbook), dict(self.reserves),
                    list(self.graveyard), [w.copy() for w in self.wizards],
                    [u.copy() if u else None for u in self.summons], self.boss.copy() if self.boss else None,
                    self.turns_started, dict(self.castle_known), self.defeated_this_turn, self.arranged, self.swaps)

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
        hosts = [*self.wizards, *(u for u in self.summons if u), *([self.boss] if self.boss else [])]
        return [name for host in hosts for name, _ in host.enchantments]


def adjust(pile: dict[str, int], name: str, delta: int) -> None:
    """Add ``delta`` copies of ``name`` to a multiset pile."""
    _count(pile, name, delta)
