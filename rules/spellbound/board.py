"""What lies on the table: a player's zones (:class:`Side`), the cards on the battlefield
(:class:`Permanent`) and what waits on the ladder (:class:`LadderItem`).

Rulebook: "2. Set Up to the Battlefield" (zones), "5. Advanced Topics", The Ladder.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Annotated, Any, NamedTuple

from rules.core.fields import SHALLOW, Declared
from rules.spellbound.constants import SOULS


@dataclass
class Permanent(Declared):
    """A card on the battlefield ("reinforcement", bounder or soul pond), by its uid."""

    uid: int
    name: str
    kind: str  # bounder, soul_pond, convert, creature, charm, blessing, aura, item
    owner: int
    controller: int
    entered: int = 0  # the turn it entered the battlefield (fatigue)
    flipped: bool = False
    damage: int = 0  # damage taken ("damage stays until healed")
    attached: int | None = None  # the uid of the card it is attached to
    level: int = 1  # soul ponds
    caretakes: int = 0  # blessings: the controller's caretakes since it was cast (Time Limit)
    temp_damage: int = 0  # "until end of turn" buffs
    temp_health: int = 0
    temp_keywords: tuple[str, ...] = ()

    @property
    def ref(self) -> str:
        return f"u{self.uid}"


@dataclass
class LadderItem(Declared):
    """A spell, activated ability or triggered ability waiting on the ladder."""

    uid: int
    kind: str  # spell, ability, trigger
    name: str  # the card's name (the spell itself, or the ability's source)
    controller: int
    effect: int | None = None  # index of the card's effect (abilities and triggers)
    source: int | None = None  # uid of the source permanent
    target: str | None = None  # the chosen target ("u12", "seat1", a card name)
    context: Annotated[dict[str, Any], SHALLOW] = field(default_factory=dict)  # battling creature, the destroyed creature's name
    origin: int | None = None  # uid of the card an ability or trigger came from, wherever it is now (view, log)

    @property
    def ref(self) -> str:
        return f"u{self.uid}"


@dataclass
class Side(Declared):
    """One player's hidden and public zones and souls."""

    library: Annotated[list[str], SHALLOW] = field(default_factory=list)  # the top is the end of the list
    hand: Annotated[list[str], SHALLOW] = field(default_factory=list)
    graveyard: Annotated[list[str], SHALLOW] = field(default_factory=list)
    exile: Annotated[list[str], SHALLOW] = field(default_factory=list)
    souls: Annotated[dict[str, int], SHALLOW] = field(default_factory=lambda: dict.fromkeys(SOULS, 0))
    converts_cast: int = 0  # this turn ("You may cast one convert during your turn")
    turns_taken: int = 0

    @property
    def total_souls(self) -> int:
        return sum(self.souls.values())


class BoardIndex(NamedTuple):
    """The cards on the battlefield by what the engine asks of them, in battlefield order, gathered
    once per change of the cards there (``SpellboundState.index``). Whatever can change while a
    card stays (its controller, damage, attachment, flipped or not) is read from the card when asked."""

    board_changes: int  # the battlefield they were gathered from (``SpellboundState.board_changes``)
    creatures: list[Permanent]
    converts: list[Permanent]
    soul_sources: list[Permanent]  # cards with soul abilities
    statics: list[tuple]  # (source, effect, op) of every static op
    buffs: list[tuple]  # the static buff and grant ops
    health_buffs: list[tuple]  # the static buffs that change health
    health_only_raises: bool  # every health buff adds health: damage below printed health cannot kill


def index_board(board: dict[int, Permanent], cards: dict, board_changes: int) -> BoardIndex:
    """A :class:`BoardIndex` of ``board`` (``cards``: name -> CardDef)."""
    perms = list(board.values())
    statics = [(source, effect, op) for source in perms for effect, op in cards[source.name].statics]
    buffs = [entry for entry in statics if entry[2]["op"] in ("buff", "grant")]
    health = [entry for entry in buffs if entry[2]["op"] == "buff" and entry[2].get("health", 0)]
    return BoardIndex(board_changes, [p for p in perms if p.kind == "creature"],
                      [p for p in perms if p.kind == "convert"],
                      [p for p in perms if cards[p.name].soul_abilities], statics, buffs, health,
                      all(entry[2]["health"] > 0 for entry in health))
