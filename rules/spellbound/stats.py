"""What a card on the battlefield is worth now: health, damage and keywords after static effects
(charms, items, auras, blessings: "3. Divisions of Cards"), "until end of turn" buffs and damage
taken; and the limits on creatures and items.
"""

from __future__ import annotations

from rules.spellbound.base import SpellboundBase
from rules.spellbound.board import Permanent
from rules.spellbound.compiler import Effect
from rules.spellbound.constants import CREATURE_LIMIT, ITEM_SLOTS


class StatsMixin(SpellboundBase):
    """Static effects read from the card data, computed on demand."""

    def _static_ops(self) -> list[tuple[Permanent, Effect, dict]]:
        return self.index().statics

    def static_buffs(self, health_only: bool = False) -> list[tuple[Permanent, Effect, dict]]:
        """(source, effect, op) of every static buff or grant on the battlefield (``health_only``:
        only the buffs that change health, enough for ``max_health``)."""
        index = self.index()
        return index.health_buffs if health_only else index.buffs

    def _applies(self, source: Permanent, target: str | None, perm: Permanent) -> bool:
        if perm.kind != "creature" and target != "attached" and target != "self":
            return False
        if source.kind in ("charm", "item", "blessing") and source.attached is None and target == "attached":
            return False
        if target == "attached":
            return source.attached == perm.uid
        if target == "self":
            return source.uid == perm.uid
        if target == "your_creatures":
            return perm.controller == source.controller
        if target == "all_creatures":
            return True
        if target == "your_other_dream_creatures":
            return perm.controller == source.controller and perm.uid != source.uid and \
                self.card(perm.name).soul_type == "dream"
        return False

    def _buffs(self, perm: Permanent, statics: list | None = None) -> tuple[int, int, set[str]]:
        """Health, damage and keywords the static buffs (``static_buffs()``, or ``statics``) give ``perm``."""
        health = damage = 0
        keywords: set[str] = set()
        for source, effect, op in self.static_buffs() if statics is None else statics:
            if not self._applies(source, op.get("target"), perm):
                continue
            times = len([p for p in self.attachments(perm.uid) if p.kind == "item"]) \
                if effect.condition.get("per") == "attached_item" else 1
            if op["op"] == "buff":
                health += op.get("health", 0) * times
                damage += op.get("damage", 0) * times
            elif times:
                keywords.add(op["keyword"])
        return health, damage, keywords

    def max_health(self, perm: Permanent, statics: list | None = None) -> int:
        """Printed health plus buffs (a bounder's printed health); ``statics`` as in ``_buffs``."""
        card = self.cards[perm.name]
        if perm.kind != "creature":
            return card.health
        if statics is None:
            statics = self.static_buffs(health_only=True)
        return card.health + (self._buffs(perm, statics)[0] if statics else 0) + perm.temp_health

    def health(self, perm: Permanent) -> int:
        """Health left: max health minus damage taken ("3. Divisions", 1. Creatures)."""
        return self.max_health(perm) - perm.damage

    def attack(self, perm: Permanent) -> int:
        """Battle damage dealt ("1. Breakdown of a Card", 4: the right number), never below 0."""
        return max(0, self.card(perm.name).damage + self._buffs(perm)[1] + perm.temp_damage)

    def keywords(self, perm: Permanent) -> set[str]:
        return set(self.card(perm.name).keywords) | self._buffs(perm)[2] | set(perm.temp_keywords)

    def fatigued(self, perm: Permanent) -> bool:
        """"Creatures can't battle the same turn they entered the battlefield; this is known as fatigue"."""
        return perm.kind == "creature" and perm.entered == self.turn

    def creature_limit(self, seat: int) -> int:
        """Four, plus one per "You may have one additional creature" effect the player controls."""
        extra = sum(op.get("amount", 1) for source, _, op in self._static_ops()
                    if op["op"] == "extra_creature_slot" and source.controller == seat)
        return CREATURE_LIMIT + extra

    def item_slots(self, creature: Permanent, subdivision: str) -> int:
        """One weapon, one equipment, one accessory, "unless a card says more"."""
        extra = sum(1 for source, _, op in self._static_ops()
                    if op["op"] == "extra_item_slot" and op["subdivision"] == subdivision
                    and source.attached == creature.uid)
        return ITEM_SLOTS[subdivision] + extra

    def free_item_slot(self, creature: Permanent, subdivision: str) -> bool:
        held = sum(1 for p in self.attachments(creature.uid)
                   if p.kind == "item" and self.card(p.name).subdivision == subdivision)
        pending = sum(1 for item in self.ladder if item.kind == "spell" and item.target == creature.ref
                      and self.card(item.name).kind == "item" and self.card(item.name).subdivision == subdivision)
        return held + pending < self.item_slots(creature, subdivision)
