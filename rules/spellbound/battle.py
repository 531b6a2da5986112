"""Battle ("4. Game Actions", Battling; "6. Parts of a Turn", Battle Phase).

Declaring: the active player declares battlers one at a time (``battle <creature> <target>``) and
then ``done``; each battler flips. A creature "can't battle bounders unless the said bounder's
battlefield has no creatures on it", but "if you have more creatures than your opponent, you may
battle all the creatures your opponent controls, and use your remaining creatures ... to battle
their bounder": a battler may target the bounder once every opposing creature has a battler.
"You cannot set multiple creatures to battle one single creature", but any number on a bounder.
Warden and Barrage: docs/rules-notes.md, "Spellbound engine" (Warden creatures are battled first; Barrage
sends damage beyond the battled creature's health on to its bounder).
"""

from __future__ import annotations

from rules.spellbound.base import SpellboundBase
from rules.spellbound.constants import BARRAGE, WARDEN


class BattleMixin(SpellboundBase):
    """Declaring battlers and dealing battle damage."""

    def can_battle(self, perm) -> bool:
        """Unflipped, without fatigue, and not yet declared ("your unflipped creatures")."""
        return perm.kind == "creature" and not perm.flipped and not self.fatigued(perm) and \
            all(uid != perm.uid for uid, _ in self.battles)

    def battlers_available(self, seat: int) -> bool:
        return any(self.can_battle(p) for p in self.creatures(seat))

    def battle_targets(self, seat: int) -> list[str]:
        """Targets a new battler may take given the battlers already declared."""
        taken = {ref for _, ref in self.battles}
        open_creatures = [p for p in self.creatures(1 - seat) if p.ref not in taken]
        if not open_creatures:
            return [self.bounder(1 - seat).ref]
        wardens = [p for p in open_creatures if WARDEN in self.keywords(p)]
        return [p.ref for p in (wardens or open_creatures)]

    def declare_options(self, seat: int) -> list[tuple[str, str]]:
        targets = self.battle_targets(seat)
        return [(p.ref, t) for p in self.creatures(seat) if self.can_battle(p) for t in targets]

    def declare(self, seat: int, battler: str, target: str) -> None:
        perm = self.on_board(battler)
        perm.flipped = True  # "This flips the battling creature"
        self.battles.append((perm.uid, target))
        self.actions_this_turn += 1
        self.log("battle", seat, battler=perm.ref, name=perm.name, target=target,
                 target_name=self.on_board(target).name)
        if not self.declare_options(seat):
            self.finish_declaring(seat)

    def finish_declaring(self, seat: int) -> None:
        """All battlers are declared: "Whenever ... battles" abilities trigger."""
        if self.pending and self.pending[0][0] == "declare":
            self.pending.pop(0)
        if self.log_events:
            self.log("battlers_declared", seat, battles=[[f"u{uid}", t] for uid, t in self.battles])
        for uid, target in self.battles:
            battler = self.board.get(uid)
            for item in self.attachments(uid):
                for effect in self.card(item.name).of("triggered"):
                    if effect.trigger == "attached_battles":
                        self.add_trigger(item.name, item.controller, effect, item.uid, {"battler": uid})
            victim = self.permanent(target)
            if battler is None or victim is None or victim.kind != "creature":
                continue
            for perm in list(self.board.values()):
                for effect in self.card(perm.name).of("triggered"):
                    if effect.trigger == "enemy_creature_battles_your_creature" and \
                            perm.controller == victim.controller:
                        self.add_trigger(perm.name, perm.controller, effect, perm.uid, {"battler": uid})

    def deal_battle_damage(self) -> None:
        """"Each battling creature that's still on the battlefield deals its battle damage to the
        targeted creature or bounder. All battle damage is dealt at the same time." Only battlers deal
        damage (the rulebook gives battled creatures no damage back: rules notes)."""
        hits: list[tuple] = []
        for uid, target in self.battles:
            battler = self.board.get(uid)
            if battler is None or battler.controller != self.active:
                continue
            amount = self.attack(battler)
            victim = self.permanent(target)
            barrage = BARRAGE in self.keywords(battler)
            if victim is None:
                if barrage:  # the battled creature is gone: all of it goes on to the bounder
                    hits.append((battler, self.bounder(1 - self.active), amount))
                continue
            if barrage and victim.kind == "creature":
                excess = max(0, amount - max(0, self.health(victim)))
                hits.append((battler, victim, amount - excess))
                if excess:
                    hits.append((battler, self.bounder(victim.controller), excess))
            else:
                hits.append((battler, victim, amount))
        for battler, victim, amount in hits:
            victim.damage += amount
            self.log("battle_damage", self.active, battler=battler.ref, name=battler.name, target=victim.ref,
                     target_name=victim.name, amount=amount)
