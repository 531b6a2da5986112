"""Work in progress on the table: the frames of the resolution stack.

The top frame either needs a player's decision (``BosState.decision``) or takes one automatic
step. bos.txt, "Abilities": "If multiple abilities would occur at the same time, the player
whose turn it is decides in what order the abilities happen, but they must make all mandatory
abilities go first. Then, check the next ability and see if its condition is still met."
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Annotated, NamedTuple

from rules.bos.board import Unit
from rules.core.fields import EACH, SHALLOW, Declared


class Trigger(NamedTuple):
    """An ability that occurs: whose it is, where its card is, and the cards it refers to (immutable;
    a named tuple because the engine makes many: it is the cheapest immutable record to build)."""

    controller: int
    card: str  # the card whose ability it is
    ability: int  # its index in the card's effects
    where: str  # the card's place as an action word: seat0.col1, seat0.boss, seat0.wizard2
    source: int | None = None  # uid of "this summon" / "this boss"
    enchanted: int | None = None  # uid of the enchanted unit (an enchant spell's ability)
    battled: int | None = None  # uid of the unit battled in this attack
    wizard: tuple[int, int] | None = None  # (seat, column) of a wizard whose ability it is

    @property
    def key(self) -> tuple[str, int, str]:
        return (self.card, self.ability, self.where)


@dataclass(slots=True)
class Batch(Declared):
    """Abilities that occur at the same time, not yet ordered."""

    triggers: Annotated[list[Trigger], SHALLOW]


START, OFFERED, OPS = 0, 1, 2


@dataclass(slots=True)
class Run(Declared):
    """An ability being used: its cost offered or paid, then its ops one by one.

    ``spell`` is a spell in flight (being cast): to its caster's graveyard when done, unless
    it was placed under a card (bos.txt, "Cast a Spell").
    """

    trigger: Trigger
    stage: int = START
    op: int = 0
    picked: Annotated[list[str], SHALLOW] = field(default_factory=list)  # "up to N" choices so far: action words or spell names
    damaged: int | None = None  # uid of the unit the last deal_damage op hit
    moved: int | None = None  # uid of the unit the last move op moved
    spell: str | None = None
    attached: bool = False
    moving: int | None = None  # uid of the unit a move op is moving (its column is asked next)


BLOCK, ATTACK_TRIGGERS, BATTLE = 0, 1, 2


@dataclass(slots=True)
class Attack(Declared):
    """An attack under way (bos.txt, "Attack", "Player Attack"): the defender may block a player
    attack, then the attacker's "when this summon attacks" abilities, then the battle."""

    attacker: int
    target: int | None  # uid of the attacked unit, or None for a player attack
    defender: int | None  # the attacked player (a player attack)
    stage: int = BLOCK


@dataclass(slots=True)
class Defeat(Declared):
    """Units defeated together (bos.txt, "Attack": "Send it to the owner's graveyard after using
    any abilities that happen when a summon gets defeated"): off the battlefield, their
    abilities, then the graveyard."""

    units: Annotated[list[Unit], EACH]
    stage: int = 0


Frame = Batch | Run | Attack | Defeat
