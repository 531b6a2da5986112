"""Attacks and special abilities (fellbound.txt, "ATTACK" to "RETREAT", "SPECIAL ABILITIES").

Every function logs what really happened: each hit with the defence really applied, the health
before and after, the gold that really moved.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from rules.fellbound.base import FellBoundBase

if TYPE_CHECKING:
    from rules.fellbound.board import Character


class CombatMixin(FellBoundBase):
    """Combat and abilities for :class:`~rules.fellbound.state.FellBoundState`."""
    __slots__ = ()  # (the fields: slots of FellBoundBase)

    # -- attacks -----------------------------------------------------------------------------------
    def strike(self, attacker_tile: int, target_tile: int, stat: str) -> dict:
        """One character's attack on one target with ``stat`` (attack, leach or spray_attack).

        "MULTIPLIERS": the attack is repeated its multiplier's number of times, "consecutive ...
        applied instantly and in sequence", and stops when the target is slain. "DEFENCE": the
        target's defence is deducted from each hit while it has defences left this turn ("once
        per turn", or its multiplier's number of times, "applied consecutively to each offending
        character"); "FLANKING": a flanker uses up a defence but the defence deducts nothing
        ("applied but negated for offending flankers"). "LEACH": what the target really loses,
        the leacher gains, never above its starting health.
        """
        attacker, target = self.occupant(attacker_tile), self.occupant(target_tile)
        times = self.stat(attacker, "attack_multiplier")
        flank = self.board.is_flanking(attacker_tile, target_tile, target.facing)
        defences = self.stat(target, "defence_multiplier")
        hits = []
        for _ in range(times):
            # read per hit: an X value follows the current health ("X HEALTH VALUE")
            power, defence = self.stat(attacker, stat), self.stat(target, "defence")
            applied = 0
            if defence and target.defences_used < defences:
                target.defences_used += 1
                applied = 0 if flank else defence
            before = self.health(target)
            lost = min(before, max(0, power - applied))
            target.damage += lost
            hit = {"power": power, "defence": applied, "flanked": flank, "health": [before, before - lost]}
            if stat == "leach" and lost:
                gained = min(lost, attacker.damage)
                attacker.damage -= gained
                hit["leached"] = gained
            hits.append(hit)
            if before - lost == 0:
                break  # slain: the caller logs the attack, then the slaying (``slay_struck``)
        return {"target": self.board.name(target_tile), "target_card": self.name(target.card), "hits": hits,
                "slain": self.health(target) == 0}

    def slay_struck(self, results: list[dict]) -> None:
        """Slay the targets an attack reduced to 0, after the attack is logged."""
        for result in results:
            tile = self.board.tile_of[result["target"]]
            if result["slain"] and not self.occupant(tile).slain:
                self.slay(tile)

    def spray_targets(self, tile: int) -> list[int]:
        """"SPRAY ATTACK": "all characters within range, except those directly to the left and
        right": every living character on the tiles straight ahead (and behind, with a rear
        range), friend or foe ("indiscriminately")."""
        character = self.occupant(tile)
        straight, _ = self.board.in_reach(tile, character.facing, self.stat(character, "range"),
                                          self.stat(character, "rear_range"))
        return [t for t in straight if (c := self.tiles[t]) is not None and not c.slain]

    # -- special abilities --------------------------------------------------------------------------
    def heal(self, healer_tile: int, target_tile: int) -> dict:
        """"HEAL": the heal value is added back, "which may not exceed their maximum unmodified
        health value": only health lost is restored."""
        target = self.occupant(target_tile)
        before = self.health(target)
        restored = min(self.stat(self.occupant(healer_tile), "heal"), target.damage)
        target.damage -= restored
        return {"target": self.board.name(target_tile), "target_card": self.name(target.card), "restored": restored,
                "health": [before, self.health(target)]}

    def steal(self, thief_tile: int, target_tile: int) -> dict:
        """"STEAL": up to the steal value from a living or slain enemy character carrying gold,
        into the stealing player's treasury."""
        thief, target = self.occupant(thief_tile), self.occupant(target_tile)
        taken = min(self.stat(thief, "steal"), target.gold)
        target.gold -= taken
        self.treasury[thief.controller] += taken
        return {"target": self.board.name(target_tile), "target_card": self.name(target.card), "gold": taken,
                "treasury": self.treasury[thief.controller]}

    def bribe_cost(self, target: Character) -> int:
        """"BRIBE": the target's "current gold cost": its printed cost (an X cost: the gold on it,
        even on an X-health card) under its controller's auras; "no gold cost ... counted as
        having a gold cost of 1" (nor does a cost an aura brought to 0 make it free)."""
        return max(1, self.stat(target, "gold_cost"))

    def bribe(self, briber_tile: int, target_tile: int) -> dict:
        """"BRIBE": the cost moves from the briber's card to the target's; the target is the
        bribing player's "for the rest of the game" and "has no action phase on the turn that it
        is bribed"."""
        briber, target = self.occupant(briber_tile), self.occupant(target_tile)
        cost = self.bribe_cost(target)
        briber.gold -= cost
        target.gold += cost
        was = target.controller
        target.controller = briber.controller
        if self.cards[target.card].auras:
            self.auras_changed()
        target.active = False  # it keeps its tile and facing: the new controller may reform it
        self.count(briber.controller, "bribes")
        self.check_values()
        return {"target": self.board.name(target_tile), "target_card": self.name(target.card), "gold": cost,
                "from_seat": was, "to_seat": briber.controller}

    # -- slain characters ----------------------------------------------------------------------------
    def slay(self, tile: int) -> None:
        """"HEALTH": "reduced to 0 the character is slain ... placed upside-down on its current
        tile along with any gold it may be carrying"."""
        character = self.occupant(tile)
        character.slain = True
        if self.cards[character.card].auras:
            self.auras_changed()
        character.active = character.charging = False
        self.count(character.owner, "lost", character.card)
        if self.log_events:
            self.log("slain", character.controller, tile=self.board.name(tile), card=self.name(character.card),
                     gold=character.gold)
        self.check_values()

    def check_values(self) -> None:
        """After an aura leaves, a character whose health fell to 0 is slain (health changes only
        by damage, which the attack itself slays for, and by auras)."""
        if not self.has_auras:
            return
        if not self.health_auras:
            for tile, character in enumerate(self.tiles):  # health is start less damage
                if character is not None and not character.slain and character.damage >= character.start_health:
                    self.slay(tile)
                    return  # slay() checks again
            return
        for tile, character in enumerate(self.tiles):
            if character is not None and not character.slain and self.health(character) == 0:
                self.slay(tile)
                return  # slay() checks again

    def clear_slain(self, tile: int, seat: int) -> int:
        """Take a slain character off ``tile`` for ``seat``, who receives its gold ("MOVE",
        "DEPLOYMENT PHASE"): to its owner's boneyard, or hand with "REDEPLOY". The gold taken."""
        character = self.occupant(tile)
        self.tiles[tile] = None
        gold = character.gold
        self.treasury[seat] += gold
        back_to_hand = self.cards[character.card].has("redeploy")
        if back_to_hand:
            self.hand[character.owner].append(character.card)
            self.hand_known[character.owner].append(character.card)
        else:
            self.boneyard[character.owner].append(character.card)
        if self.log_events:
            self.log("collect", seat, tile=self.board.name(tile), card=self.name(character.card), gold=gold,
                     to="hand" if back_to_hand else "boneyard", owner=character.owner, treasury=self.treasury[seat])
        return gold
