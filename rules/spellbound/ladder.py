"""The Ladder ("5. Advanced Topics", The Ladder; Responding to Spells and Abilities), priority,
casting permissions per step ("6. Parts of a Turn") and resolving.

A cast spell or an activated or triggered ability goes on the ladder; the player who acted keeps
priority; a ``pass`` hands priority to the next player in turn order. When every player has passed
in succession the top item resolves and the active player receives priority again; with an empty
ladder the step ends.
"""

from __future__ import annotations

from rules.spellbound.base import SpellboundBase
from rules.spellbound.board import LadderItem
from rules.spellbound.compiler import Effect
from rules.spellbound.constants import CARETAKE, CASTING_PHASES, CEASE, DRAW, FIRST_CASTING, SECOND_CASTING, EndReason

#: the step -> the trigger words of auras that fire in every player's step (compiler.STEP_TRIGGERS)
EACH_STEP = {CARETAKE: "each_caretake", DRAW: "each_draw_step", CEASE: "each_cease_phase"}


class LadderMixin(SpellboundBase):
    """Casting, activating, passing and resolving."""

    # -- who may cast what, when ------------------------------------------------------------------
    def in_own_casting_phase(self, seat: int) -> bool:
        """"First Casting Phase" / "Second Casting Phase": the active player may cast any division."""
        return seat == self.active and self.step_name in CASTING_PHASES

    def may_cast(self, seat: int, name: str) -> bool:
        card = self.cards[name]
        if card.kind == "convert":  # "9. Converts": one per turn, "during your first casting phase"
            return seat == self.active and self.step_name == FIRST_CASTING and \
                self.sides[seat].converts_cast == 0
        if not (card.immediate or self.in_own_casting_phase(seat)):  # others: "if the spells have Immediate"
            return False
        if not self.can_pay(seat, card.cost):
            return False
        return self.has_spell_target(seat, name)

    def has_spell_target(self, seat: int, name: str) -> bool:
        """"If you can't meet the targeting requirement, you can't cast the spell"; a creature needs
        room ("four creatures"), an item a creature of yours ("if you have no creatures, you can't cast items")."""
        card = self.cards[name]
        if card.kind == "creature":
            waiting = sum(1 for i in self.ladder if i.kind == "spell" and i.controller == seat
                          and self.card(i.name).kind == "creature")
            return len(self.creatures(seat)) + waiting < self.creature_limit(seat)
        if card.kind == "item" and not self.creatures(seat):
            return False
        kind = self.spell_target_kind(name)
        return kind is None or bool(self.spell_targets(seat, name, None))

    def spell_target_kind(self, name: str) -> str | None:
        card = self.card(name)
        if card.attach_to:
            return "attach"
        effect = card.spell_effect
        return effect.target if effect else None

    def spell_targets(self, seat: int, name: str, item_uid: int | None) -> list[str]:
        card = self.card(name)
        if card.attach_to == "creature" and card.kind == "item":
            return [p.ref for p in self.creatures() if self.free_item_slot(p, card.subdivision)]
        if card.attach_to == "creature":
            return [p.ref for p in self.creatures()]
        if card.attach_to == "bounder":
            return [self.bounder(s).ref for s in (0, 1)]
        if card.attach_to == "own_creature":
            return [p.ref for p in self.creatures(seat)]
        effect = card.spell_effect  # a hex's: asked only of a spell that targets (spell_target_kind)
        return self.target_options(effect.target, seat, effect, item_uid) if effect and effect.target else []

    # -- casting and activating -------------------------------------------------------------------
    def cast(self, seat: int, name: str) -> None:
        card = self.card(name)
        side = self.sides[seat]
        spent = self.pay(seat, card.cost)
        side.hand.remove(name)
        if card.kind == "convert":
            side.converts_cast += 1
        item = LadderItem(self.new_uid(), "spell", name, seat)
        self.ladder.append(item)
        self.count(seat, "cast", name)
        self.log("cast", seat, item=item.ref, name=name, paid=spent)
        if self.spell_target_kind(name):
            self.pending.append(("target", seat, item.uid))
        for effect in card.of("cast") if card.kind != "hex" else ():  # "When you cast X, ..."
            self.add_trigger(name, seat, effect, None, {}, origin=item.uid)
        self.acted(seat)

    def soul_abilities(self, seat: int) -> list[tuple]:
        """(source, number, effect) of each soul ability ``seat`` may activate now: "Soul abilities
        can only be used during your casting phases" ("3. Divisions", 7. Bounders)."""
        if not self.in_own_casting_phase(seat):
            return []
        out = []
        cards = self.cards
        for perm in self.index().soul_sources:
            abilities = cards[perm.name].soul_abilities
            holder = self.permanent(perm.attached) if perm.kind == "item" else perm
            if holder is None or holder.controller != seat or holder.kind not in ("bounder", "creature"):
                continue
            if self.fatigued(holder):  # glossary: fatigued creatures can't use soul abilities
                continue
            for number, effect in enumerate(abilities, 1):
                if effect.flip and perm.flipped:
                    continue
                if self.step_name == SECOND_CASTING and effect.raises_pond:  # "You cannot ... level up
                    continue  # your soul pond on this phase" binds card effects too (rules notes)
                if not self.can_pay(seat, effect.cost):
                    continue
                if effect.target and not self.target_options(effect.target, seat, effect):
                    continue
                out.append((perm, number, effect))
        return out

    def activate(self, seat: int, uid: int, number: int) -> None:
        perm = self.board[uid]
        effect = self.card(perm.name).of("soul")[number - 1]
        spent = self.pay(seat, effect.cost)
        if effect.flip:
            perm.flipped = True
        item = LadderItem(self.new_uid(), "ability", perm.name, seat, effect.index, uid, origin=uid)
        self.ladder.append(item)
        self.log("activate", seat, item=item.ref, source=perm.ref, name=perm.name, text=effect.text, paid=spent,
                 flipped=effect.flip)
        if effect.target:
            self.pending.append(("target", seat, item.uid))
        self.acted(seat)

    def acted(self, seat: int) -> None:
        """After casting or activating the player keeps priority; the run of passes starts again."""
        self.priority, self.passes = seat, 0
        self.actions_this_turn += 1

    def pass_priority(self, seat: int) -> None:
        """"When all players pass ... the top spell or ability on the ladder will resolve"; "If the
        ladder is empty, the current step on the turn will end"."""
        self.passes += 1
        if self.log_events:
            self.log("pass", seat)
        if self.passes < self.num_players:
            self.priority = 1 - seat
            return
        self.passes = 0
        if self.ladder:
            self.resolve_top()
            self.priority = self.active  # "After a spell or ability resolves, all players again get the chance"
        else:
            self.priority = None

    # -- resolving --------------------------------------------------------------------------------
    def resolve_top(self) -> None:
        """"spells and abilities on the ladder resolve one by one, beginning with the last"."""
        item = self.ladder.pop()
        card = self.card(item.name)
        if item.kind == "spell" and card.kind != "hex":
            self._resolve_permanent(item)
            return
        effect = self.item_effect(item)
        if effect.target and item.target not in self._targets_on_resolution(item, effect.target, effect):
            self.log("fizzle", item.controller, item=item.ref, name=item.name, target=item.target)
        else:
            self.log("resolve", item.controller, item=item.ref, name=item.name, target=item.target)
            if effect.condition.get("attached_to") == "your_bounder" and not self._on_own_bounder(item):
                pass  # the condition no longer holds: nothing happens
            else:
                for op in effect.ops:
                    self.run_op(op, item.controller, item.source, item.target, item.context, effect)
        if item.kind == "spell":  # a hex "go[es] directly to the graveyard once [its] effect resolves"
            self.sides[item.controller].graveyard.append(item.name)

    def item_effect(self, item: LadderItem) -> Effect:
        """What a ladder item does when it resolves: a hex's effect, or the ability's or trigger's
        (a spell that stays on the battlefield has none: ``_resolve_permanent``)."""
        if item.kind == "spell":
            effect = self.card(item.name).spell_effect
        else:
            effect = None if item.effect is None else self.card(item.name).effects[item.effect]
        assert effect is not None, f"{item.name} ({item.kind}) has no effect to resolve"
        return effect

    def _targets_on_resolution(self, item: LadderItem, kind: str, effect: Effect) -> list[str]:
        """"When the spell or ability resolves, it checks the targets to make sure they're still legal"."""
        return self.target_options(kind, item.controller, effect, item.uid)

    def _on_own_bounder(self, item: LadderItem) -> bool:
        source = self.permanent(item.source)
        return source is not None and source.attached == self.bounder(item.controller).uid

    def _resolve_permanent(self, item: LadderItem) -> None:
        card = self.card(item.name)
        seat = item.controller
        if card.attach_to and item.target not in self.spell_targets(seat, item.name, item.uid):
            self.sides[seat].graveyard.append(item.name)
            self.log("fizzle", seat, item=item.ref, name=item.name, target=item.target)
            return
        if card.kind == "creature" and len(self.creatures(seat)) >= self.creature_limit(seat):
            self.sides[seat].graveyard.append(item.name)
            self.log("no_room", seat, item=item.ref, name=item.name)
            return
        old_aura = self.aura() if card.kind == "aura" else None  # "There can only be one aura on the battlefield"
        if old_aura is not None:
            self.leave(old_aura, "graveyard")
        perm = self.add_permanent(item.name, seat, uid=item.uid)
        if card.attach_to and item.target is not None:  # its target, still legal (above)
            perm.attached = self.on_board(item.target).uid
        self.log("enters", seat, card=perm.ref, name=perm.name, attached_to=item.target)
        for effect in card.of("triggered"):
            if effect.trigger == "enters_battlefield":
                self.add_trigger(perm.name, seat, effect, perm.uid, {})

    # -- triggers at the start of a step -------------------------------------------------------------
    def fire_step_triggers(self, step: str) -> None:
        """"When you enter a new step or phase, any triggered abilities that happen during that step
        or phase trigger and are put on the ladder" (caretake, draw, cease)."""
        timing = {CARETAKE: "caretake", CEASE: "cease"}.get(step)
        each = EACH_STEP.get(step)
        cards = self.cards
        for perm in list(self.board.values()):
            card = cards[perm.name]
            for effect in card.step_effects if each is not None else card.effects:
                if effect.trigger == each:  # an aura: "During each player's ..."
                    self.add_trigger(perm.name, self.active, effect, perm.uid, {})
                elif effect.timing != timing or timing is None:
                    continue
                elif effect.trigger == "controller_caretake":  # "the attached bounder's controller"
                    host = self.permanent(perm.attached)
                    if host is not None and host.controller == self.active:
                        self.add_trigger(perm.name, perm.controller, effect, perm.uid, {})
                elif effect.trigger is None and perm.controller == self.active:
                    if effect.condition.get("attached_to") == "your_bounder" and \
                            perm.attached != self.bounder(perm.controller).uid:
                        continue
                    limit = next((op["turns"] for op in effect.ops if op["op"] == "self_destroy_after"), None)
                    if limit is None or perm.caretakes >= limit:
                        self.add_trigger(perm.name, perm.controller, effect, perm.uid, {})

    # -- state checks ------------------------------------------------------------------------------
    def check_state(self) -> None:
        """A creature with damage at least its health dies; a bounder at 0 health or less loses."""
        cards = self.cards
        bounders = self.bounder(0), self.bounder(1)
        if any(cards[b.name].health <= b.damage for b in bounders):  # a bounder's health is printed minus damage
            self.end([s for s in (0, 1) if cards[bounders[s].name].health > bounders[s].damage], EndReason.BOUNDER)
            return
        while True:
            index = self.index()
            creatures = index.creatures
            if index.health_only_raises:  # only damage reaching the printed health (and "until end of
                # turn" buffs) may kill: look at the static buffs only for those creatures
                creatures = [p for p in creatures if p.damage >= cards[p.name].health + p.temp_health]
            dying = [p for p in creatures if p.damage >= self.max_health(p, index.health_buffs)]
            if not dying:
                return
            for perm in dying:
                self.log("dies", perm.controller, card=perm.ref, name=perm.name, damage=perm.damage)
                self.leave(perm, "graveyard", destroyed=True)
            if self.ladder and self.priority is not None:
                self.passes = 0
