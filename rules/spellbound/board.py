"""What lies on the table: a player's zones (:class:`Side`), the cards on the battlefield
(:class:`Permanent`) and what waits on the ladder (:class:`LadderItem`).

Rulebook: "2. Set Up to the Battlefield" (zones), "5. Advanced Topics", The Ladder.
"""

from __future__ import annotations

import copy
from dataclasses import dataclass, field

from rules.spellbound.constants import SOULS


@dataclass
class Permanent:
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
class LadderItem:
    """A spell, activated ability or triggered ability waiting on the ladder."""

    uid: int
    kind: str  # spell, ability, trigger
    name: str  # the card's name (the spell itself, or the ability's source)
    controller: int
    effect: int | None = None  # index of the card's effect (abilities and triggers)
    source: int | None = None  # uid of the source permanent
    target: str | None = None  # the chosen target ("u12", "seat1", a card name)
    context: dict = field(default_factory=dict)  # battling creature, the destroyed creature's name

    @property
    def ref(self) -> str:
        return f"u{self.uid}"


@dataclass
class Side:
    """One player's hidden and public zones and souls."""

    library: list[str] = field(default_factory=list)  # the top is the end of the list
    hand: list[str] = field(default_factory=list)
    graveyard: list[str] = field(default_factory=list)
    exile: list[str] = field(default_factory=list)
    souls: dict[str, int] = field(default_factory=lambda: {s: 0 for s in SOULS})
    converts_cast: int = 0  # this turn ("You may cast one convert during your turn")
    turns_taken: int = 0

    def copy(self) -> Side:
        other = copy.copy(self)
        other.library, other.hand = list(self.library), list(self.hand)
        other.graveyard, other.exile = list(self.graveyard), list(self.exile)
        other.souls = dict(self.souls)
        return other

    @property
    def total_souls(self) -> int:
        return sum(self.souls.values())
