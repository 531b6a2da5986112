"""The FellBound battleground: tiles, rows, facing and what a character can reach.

fellbound.txt, "SETUP": "characters (cards) engage in combat on a 2x5 tile battleground";
"ALLIED TEAM PLAY": "one battleground 2x5 tiles per two players in size. Position adjacent
tiles together length-ways", so four players fight on 2x10. The text leaves the geometry open;
docs/rules-notes.md, "FellBound: the battleground", records what we chose:

- two rows; row ``a`` is the deployment zone of the first side (seat 0, or team 0), row ``b``
  of the other. Columns are numbered 1..5 (1..10 for four players) from that side's left::

        b1 b2 b3 b4 b5     <- side 1's deployment zone (its characters face down, toward a)
        a1 a2 a3 a4 a5     <- side 0's deployment zone (its characters face up, toward b)

- a character *faces* one of the two rows' directions (``+1``: toward ``b``, ``-1``: toward
  ``a``); it is deployed facing the other side, and "REFORM" turns it round;
- "RANGE": a range of *n* reaches the *n* tiles straight ahead in its column (on two rows at most
  one exists), plus the tiles directly left and right; "REAR RANGE" reaches the tiles straight
  behind, plus left and right. Diagonal tiles are never in range.

Tiles are numbered ``row * columns + column`` (0-based) and named ``a1`` .. ``b10``. What stands
on a tile is a :class:`Character`.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache, cached_property

from rules.core.engine import Action
from rules.core.fields import Declared

ROWS = 2
COLUMNS_PER_PAIR = 5  # "a 2x5 tile battleground" per two players ("ALLIED TEAM PLAY")
ROW_LETTERS = "ab"


@dataclass(frozen=True)
class Battleground:
    """The geometry of a battleground ``ROWS`` x ``columns`` (no characters: the state has them)."""

    columns: int

    @property
    def size(self) -> int:
        return ROWS * self.columns

    def row(self, tile: int) -> int:
        return tile // self.columns

    def column(self, tile: int) -> int:
        return tile % self.columns

    def tile(self, row: int, column: int) -> int | None:
        """The tile at ``row``, ``column``, or None off the battleground."""
        if 0 <= row < ROWS and 0 <= column < self.columns:
            return row * self.columns + column
        return None

    def name(self, tile: int) -> str:
        return self.names[tile]

    @cached_property
    def names(self) -> tuple[str, ...]:
        return tuple(f"{ROW_LETTERS[t // self.columns]}{t % self.columns + 1}" for t in range(self.size))

    @cached_property
    def tile_of(self) -> dict[str, int]:
        """Tile name -> tile."""
        return {name: t for t, name in enumerate(self.names)}

    def parse(self, name: str) -> int | None:
        return self.tile_of.get(name)

    def at(self, name: int | str) -> int:
        """The tile named ``name``, an argument of a legal action (so a tile's name)."""
        return self.tile_of[str(name)]

    # -- sides --------------------------------------------------------------------------------
    def zone(self, side: int) -> range:
        """The deployment zone of side ``side`` (0 or 1): its whole row."""
        return range(side * self.columns, (side + 1) * self.columns)

    @cached_property
    def zones(self) -> tuple[range, ...]:
        """Per side, :meth:`zone`."""
        return tuple(self.zone(side) for side in range(ROWS))

    @cached_property
    def empty_zones(self) -> tuple[tuple[tuple[int, None], ...], ...]:
        """Per side, its deployment zone's tiles as open tiles ``(tile, None)`` (``open_tiles``)."""
        return tuple(tuple((tile, None) for tile in self.zone(side)) for side in range(ROWS))

    @staticmethod
    def forward(side: int) -> int:
        """The facing of a character deployed by ``side``: toward the other side's row."""
        return 1 if side == 0 else -1

    # -- movement and reach ----------------------------------------------------------------------
    def neighbours(self, tile: int) -> tuple[int, ...]:
        """The tiles one step forward, back, left or right ("MOVE"), on the battleground."""
        return self._neighbours[tile]

    @cached_property
    def _neighbours(self) -> tuple[tuple[int, ...], ...]:
        out = []
        for tile in range(self.size):
            row, column = self.row(tile), self.column(tile)
            steps = ((row + 1, column), (row - 1, column), (row, column - 1), (row, column + 1))
            out.append(tuple(t for t in (self.tile(r, c) for r, c in steps) if t is not None))
        return tuple(out)

    @cached_property
    def moves(self) -> tuple[tuple[tuple[int, Action], ...], ...]:
        """Per tile, (destination, its ``move`` action) for every neighbouring tile."""
        return tuple(tuple((to, Action("move", (self.names[t], self.names[to]))) for to in self._neighbours[t])
                     for t in range(self.size))

    @cached_property
    def flights(self) -> tuple[tuple[tuple[int, Action], ...], ...]:
        """Per tile, (destination, its ``move`` action) for every other tile ("FLYING")."""
        return tuple(tuple((to, Action("move", (self.names[t], self.names[to]))) for to in range(self.size) if to != t)
                     for t in range(self.size))

    @cached_property
    def reforms(self) -> tuple[Action, ...]:
        return tuple(Action("reform", (name,)) for name in self.names)

    @cached_property
    def retreats(self) -> tuple[Action, ...]:
        return tuple(Action("retreat", (name,)) for name in self.names)

    # -- action tables ---------------------------------------------------------------------------
    @cached_property
    def deploys(self) -> dict[str, tuple[Action, ...]]:
        """Card name -> per tile, the action ``deploy <name> <tile>`` (built on first use: the legal
        actions list them at every decision)."""
        return _Table(lambda name: tuple(Action("deploy", (name, tile)) for tile in self.names))

    @cached_property
    def deploys_sacrificing(self) -> dict[tuple[str, str], tuple[Action, ...]]:
        """(card name, card sacrificed) -> per tile, ``deploy <name> <tile> <sacrificed>``."""
        return _Table(lambda key: tuple(Action("deploy", (key[0], tile, key[1])) for tile in self.names))

    def deploys_paying(self, name: str, most: int) -> tuple[list[Action], ...]:
        """Per tile, the actions ``deploy <name> <tile> <paid>`` for ``paid`` = 0, 1, ... (an X gold
        cost), at least up to ``most``; the caller takes the first ``gold + 1``."""
        columns = self._paying.get(name)
        if columns is None:
            columns = self._paying[name] = tuple([] for _ in self.names)
        if len(columns[0]) <= most:
            for tile, column in zip(self.names, columns, strict=True):
                column.extend(Action("deploy", (name, tile, paid)) for paid in range(len(column), most + 1))
        return columns

    @cached_property
    def deploys_paying_zone(self) -> dict[tuple[str, int, int], tuple[Action, ...]]:
        """(card name, side, gold) -> ``deploy <name> <tile> <paid>`` for every tile of the side's
        zone and every ``paid`` from 0 to ``gold``, tile by tile (an X gold cost into an empty zone)."""
        return _Table(lambda key: tuple(Action("deploy", (key[0], self.names[tile], paid))
                                        for tile in self.zone(key[1]) for paid in range(key[2] + 1)))

    @cached_property
    def _paying(self) -> dict[str, tuple[list[Action], ...]]:
        return {}

    @cached_property
    def aims(self) -> dict[str, tuple[tuple[Action, ...], ...]]:
        """Verb -> per tile, per target tile, the action ``<verb> <tile> <target>`` (attack, heal, ...)."""
        return _Table(lambda verb: tuple(tuple(Action(verb, (name, target)) for target in self.names)
                                         for name in self.names))

    @cached_property
    def sprays(self) -> tuple[Action, ...]:
        """Per tile, ``spray <tile>`` (everything straight ahead)."""
        return tuple(Action("spray", (name,)) for name in self.names)

    def sides_of(self, tile: int) -> list[int]:
        """The tiles directly left and right."""
        return list(self._sides[tile])

    @cached_property
    def _sides(self) -> tuple[tuple[int, ...], ...]:
        return tuple(tuple(t for t in (self.tile(self.row(x), self.column(x) - 1), self.tile(self.row(x), self.column(x) + 1))
                           if t is not None) for x in range(self.size))

    def straight(self, tile: int, direction: int, reach: int) -> list[int]:
        """Up to ``reach`` tiles straight along the column in ``direction`` (+1 toward ``b``)."""
        row, column = self.row(tile), self.column(tile)
        out = []
        for step in range(1, reach + 1):
            t = self.tile(row + direction * step, column)
            if t is None:
                break
            out.append(t)
        return out

    def in_reach(self, tile: int, facing: int, range_: int, rear_range: int) -> tuple[tuple[int, ...], tuple[int, ...]]:
        """The tiles a character on ``tile`` can target: (straight ahead and behind, left and
        right). "RANGE": ``range_`` tiles in front, plus one left or right; "REAR RANGE":
        ``rear_range`` tiles behind, plus one left or right, "but not in front"."""
        straight, sides, _ = self.reach[tile, facing, range_, rear_range]
        return straight, sides

    @cached_property
    def reach(self) -> dict[tuple[int, int, int, int], tuple[tuple[int, ...], tuple[int, ...], tuple[int, ...]]]:
        """(tile, facing, range, rear range) -> :meth:`in_reach`'s two parts and both together
        (kept: a board has few tiles and ranges)."""
        def build(key: tuple[int, int, int, int]) -> tuple:
            tile, facing, range_, rear_range = key
            straight = tuple(self.straight(tile, facing, range_) + self.straight(tile, -facing, rear_range))
            sides = self._sides[tile] if range_ or rear_range else ()
            return straight, sides, straight + sides

        return _Table(build)

    def is_flanking(self, attacker_tile: int, target_tile: int, target_facing: int) -> bool:
        """"FLANKING": an attack "made to the left, right or the rear" of the target: the attacker
        stands in the target's row, or in its column behind it."""
        if self.row(attacker_tile) == self.row(target_tile):
            return True
        return (self.row(attacker_tile) - self.row(target_tile)) * target_facing < 0


class _Table(dict):
    """A dict that builds a missing entry with ``build(key)`` and keeps it (up to 10,000)."""

    def __init__(self, build):
        super().__init__()
        self.build = build

    def __missing__(self, key):
        if len(self) > 10_000:
            self.clear()
        value = self[key] = self.build(key)
        return value


@cache
def battleground(columns: int) -> Battleground:
    """The one battleground of ``columns`` columns (its tile tables are built once)."""
    return Battleground(columns)


@dataclass(slots=True)
class Character(Declared):
    """A card on the battleground, living or slain ("HEALTH": a slain character "is placed
    upside-down on its current tile along with any gold it may be carrying")."""

    card: int
    owner: int
    controller: int
    facing: int  # +1: toward row b; -1: toward row a
    gold: int
    start_health: int  # "maximum unmodified health value" (an X health: the gold paid)
    order: int  # deployment sequence ("Multiple auras are applied in the same sequence they are deployed in")
    damage: int = 0  # health lost (heals and leaching give it back; never below 0)
    slain: bool = False
    active: bool = False  # may take an action this turn ("ACTION PHASE")
    acted: bool = False
    charging: bool = False  # "CHARGE": may still take its action in this deployment phase
    defences_used: int = 0  # "DEFENCE": applied "once per turn" (or as often as its multiplier)
