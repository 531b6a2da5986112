"""Abilities from the card data: conditions, continuous gains, who triggers when, targets and
the effect ops (every op of rules/bos/cards.py ``EFFECT_OPS``).

bos.txt, "Abilities" (condition, cost, mark, effect); "Summon Your Boss": "Bosses are not treated
as summons in the case of abilities"; "Player Attack": an opponent who has not started their
first turn is not affected by abilities. Interpretations: docs/rules-notes.md, "BOS engine".
"""

from __future__ import annotations

from rules.bos.abilities import Ability, Target
from rules.bos.base import BosBase
from rules.bos.board import Unit
from rules.bos.constants import SPELL
from rules.bos.frames import Run, Trigger
from rules.bos.words import SEAT_WORDS, WIZARD_WORDS


def context_uid(run: Run, context: str) -> int | None:
    """The unit a context word (``CONTEXT_TARGETS``) names in this running ability."""
    trig = run.trigger
    if context == "self":
        return trig.source
    if context == "enchanted":
        return trig.enchanted
    if context == "battled_summon":
        return trig.battled
    if context == "damaged_summon":
        return run.damaged
    if context == "moved_summon":
        return run.moved
    raise KeyError(context)


class EffectsMixin(BosBase):
    """Conditions, triggers, targets and ops."""

    def ability(self, card: str, index: int) -> Ability:
        return self.cards[card].abilities[index]

    # -- conditions and continuous gains -----------------------------------------------------------
    def amount(self, op, controller: int) -> int:
        value = op.get("amount", 0)
        if isinstance(value, int):
            return value
        side = self.sides[controller]
        if value == "spells_in_your_graveyard":
            return self.spells_in_graveyard(side)
        return len(side.summon_list())  # summons_you_control

    def holds(self, pred: tuple, controller: int) -> bool:
        """A state condition ("If ..."/"While ...", a boss's summoning condition) for ``controller``."""
        kind = pred[0]
        side = self.sides[controller if pred[1] == "you" else 1 - controller]
        if kind == "summons":
            _, _, cmp, n, least = pred
            summons = side.summon_list()
            count = sum(1 for u in summons if self.strength(u) >= least) if least else len(summons)
            return count >= n if cmp == ">=" else count <= n
        if kind == "more_summons":
            return len(side.summon_list()) > len(self.sides[controller].summon_list())
        if kind == "defeated_this_turn":
            return side.defeated_this_turn
        if kind == "amount":
            value = getattr(side, pred[2])
            return value <= pred[4] if pred[3] == "less" else value >= pred[4]
        return self.spells_in_graveyard(side) >= pred[2]

    def spells_in_graveyard(self, side) -> int:
        cards = self.cards
        return len([name for name in side.graveyard if cards[name].card_type == SPELL])

    def continuous_gain(self, unit: Unit) -> int:
        """Static abilities of the unit and "enchant" abilities of the spells under it."""
        if self._in_continuous:
            return 0  # a condition that reads strength while strength is computed: no recursion
        total = 0
        self._in_continuous = True
        try:
            for state, ops in self.cards[unit.name].static_gains:
                if state is None or self.holds(state, unit.owner):
                    total += sum(self.amount(op, unit.owner) for op in ops)
            for spell, caster in unit.enchantments:
                for state, ops in self.cards[spell].enchant_gains:
                    if state is None or self.holds(state, caster):
                        total += sum(self.amount(op, caster) for op in ops)
        finally:
            self._in_continuous = False
        return total

    def blocks_anywhere(self, unit: Unit) -> bool:
        """A static ``block`` op: this summon may block player attacks from any column."""
        return self.cards[unit.name].blocks_anywhere

    # -- what occurs when --------------------------------------------------------------------------
    def phase_triggers(self, timing: str) -> list[Trigger]:
        """Abilities "During your/your opponent's startup (ending) phase" of the active player's phase."""
        out = []
        cards = self.cards
        yours, theirs = (timing, "you"), (timing, "opponent")  # CardDef.when(timing, whose), looked up directly
        keys = (yours, theirs) if self.active == 0 else (theirs, yours)  # by seat
        for seat, side in enumerate(self.sides):
            mine = keys[seat]
            for column, wizard in enumerate(side.wizards):
                # "A face-down wizard loses its ability while it is face-down"
                abilities = cards[wizard.name].triggered.get(mine, ()) if wizard.face_up else ()
                if abilities or wizard.enchantments:
                    where = WIZARD_WORDS[seat][column]
                    out += [Trigger(seat, wizard.name, a.index, where, wizard=(seat, column)) for a in abilities]
                    for spell, caster in wizard.enchantments:
                        out += [Trigger(caster, spell, a.index, where, wizard=(seat, column))
                                for a in cards[spell].triggered.get(keys[caster], ())]
            for unit in side.units():
                abilities = cards[unit.name].triggered.get(mine, ())
                if abilities:
                    out += [Trigger(seat, unit.name, a.index, self.place(unit), source=unit.uid) for a in abilities]
                for spell, caster in unit.enchantments:
                    out += [Trigger(caster, spell, a.index, self.place(unit), enchanted=unit.uid)
                            for a in cards[spell].triggered.get(keys[caster], ())]
        return out

    def unit_triggers(self, timing: str, unit: Unit, battled: int | None = None) -> list[Trigger]:
        """A unit's own "When this summon ..." abilities and its enchantments' "When the enchanted ..."."""
        own = self._timed(unit.name, timing, "self")
        if not own and not unit.enchantments:
            return []
        where = self.place(unit)
        out = [Trigger(unit.owner, unit.name, a.index, where, source=unit.uid, battled=battled) for a in own]
        for spell, caster in unit.enchantments:
            out += [Trigger(caster, spell, a.index, where, enchanted=unit.uid, battled=battled)
                    for a in self._timed(spell, timing, "enchanted")]
        return out

    def _timed(self, card: str, timing: str, trigger: str) -> tuple[Ability, ...]:
        return self.cards[card].triggered.get((timing, trigger), ())  # CardDef.when, without the call

    # -- targets --------------------------------------------------------------------------------------
    def candidates(self, run: Run, target: Target) -> list:
        """What an op may affect: units, wizards ``(seat, column)`` or players (seat numbers)."""
        trig = run.trigger
        me = trig.controller
        if target.context:
            if target.context == "self" and trig.wizard is not None:
                return [trig.wizard]
            uid = context_uid(run, target.context)
            unit = self.unit(uid)
            if unit is None and target.context == "self":
                unit = self.limbo_unit(uid)  # "When this summon is defeated ... return this summon"
            if unit is None and target.context == "enchanted" and trig.wizard is not None:
                return [trig.wizard]
            if unit is None or unit.boss and target.context.endswith("_summon"):
                return []
            return [unit]
        if target.player:
            seat = me if target.player == "you" else 1 - me
            return [seat] if self.sides[seat].turns_started else []  # not yet at the battlefield
        seats = [me] if target.side == "own" else [1 - me] if target.side == "opp" else [0, 1]
        if target.kind == "wizard":
            return [(s, c) for s in seats for c in range(len(self.sides[s].wizards))
                    if not (target.other and trig.wizard == (s, c))]
        out = []
        for s in seats:
            side = self.sides[s]
            pool = side.summon_list() if target.kind == "summon" else (
                [side.boss] if side.boss is not None and side.boss.face_up else [])
            for unit in pool:
                if target.other and unit.uid == trig.source:
                    continue
                if target.strength is not None:
                    cmp, n = target.strength
                    value = self.strength(unit)
                    if value > n if cmp == "less" else value < n:
                        continue
                out.append(unit)
        return out

    def word(self, thing) -> str:
        """A target as an action word: ``seat1.col0``, ``seat0.boss``, ``seat0.wizard2``, ``seat1``."""
        if isinstance(thing, Unit):
            return self.place(thing)
        if isinstance(thing, tuple):
            return WIZARD_WORDS[thing[0]][thing[1]]
        return SEAT_WORDS[thing]

    def thing_name(self, thing) -> str:
        if isinstance(thing, Unit):
            return thing.name
        if isinstance(thing, tuple):
            return self.sides[thing[0]].wizards[thing[1]].name
        return f"seat {thing}"

    # -- ops ------------------------------------------------------------------------------------------
    def run_op(self, run: Run, op, chosen: list) -> None:
        """Apply one op to the chosen targets; every change is logged with its before and after."""
        name = op["op"]
        me = run.trigger.controller
        side = self.sides[me]
        amount = self.amount(op, me)
        card = run.trigger.card
        if name in ("gain_vim", "gain_life", "gain_ether"):
            field = name[5:]
            before = getattr(side, field)
            setattr(side, field, before + amount)
            self.log(name, me, card=card, **{f"{field}_before": before, f"{field}_after": before + amount})
        elif name == "lose_life":
            seat = me if op.get("player", "you") == "you" else 1 - me
            self.lose_life(seat, amount, card)
        elif name == "deal_damage":
            for thing in chosen:
                if isinstance(thing, int):
                    self.lose_life(thing, amount, card)
                else:
                    self.damage(thing, amount, card)
                    run.damaged = thing.uid
        elif name == "gain_strength":
            for unit in chosen:
                before = self.strength(unit)
                if op.get("until") == "ending":
                    unit.until_ending += amount
                else:
                    unit.base += amount
                if self.log_events:
                    self.log("gain_strength", me, card=card, target=unit.name, at=self.place(unit),
                             strength_before=before, strength_after=self.strength(unit))
        elif name in ("ready", "exhaust", "flip_wizard"):
            for thing in chosen:
                self.turn_card(thing, name, op.get("face", "down"), card)
        elif name == "defeat":
            self.defeat([u for u in chosen if self.unit(u.uid) is not None])
        elif name == "return_to_castle":
            for unit in chosen:
                self.return_to_castle(unit, card)
        elif name == "enchant":
            host = chosen[0]
            host = self.sides[host[0]].wizards[host[1]] if isinstance(host, tuple) else host
            host.enchantments.append((card, me))
            run.attached = True
            if self.log_events:
                self.log("enchant", me, card=card, target=self.word(chosen[0]), enchanted=self.thing_name(chosen[0]))

    def lose_life(self, seat: int, amount: int, card: str) -> None:
        side = self.sides[seat]
        before = side.life
        side.life = max(0, before - amount)
        if self.log_events:
            self.log("life_lost", seat, card=card, dealt=amount, life_before=before, life_after=side.life)

    def damage(self, unit: Unit, amount: int, card: str) -> None:
        """bos.txt, "Attack": a card "will Take damage up to the amount of strength they have"."""
        before = self.strength(unit)
        taken = min(amount, before)
        unit.damage += taken
        if self.log_events:
            self.log("damage", unit.owner, card=card, target=unit.name, at=self.place(unit), dealt=amount, taken=taken,
                     strength_before=before, strength_after=before - taken)

    def turn_card(self, thing, how: str, face: str, card: str) -> None:
        if isinstance(thing, tuple):
            wizard = self.sides[thing[0]].wizards[thing[1]]
            if how == "ready" or how == "flip_wizard" and face == "up":
                wizard.face_up, wizard.sideways, wizard.seen = True, False, True
            elif how == "exhaust":
                wizard.sideways = True
            else:
                wizard.face_up = False
            self.log(how, thing[0], card=card, target=wizard.name, face_up=wizard.face_up, sideways=wizard.sideways)
            return
        thing.sideways = how == "exhaust"
        self.log(how, thing.owner, card=card, target=thing.name, at=self.place(thing), sideways=thing.sideways)

    def remove_from_battlefield(self, unit: Unit) -> None:
        """Off the battlefield; the spells under it go to their casters' graveyards ("Cast a Spell")."""
        side = self.sides[unit.owner]
        if unit.column is None:  # the boss
            side.boss = None
        else:
            side.summons[unit.column] = None
        for spell, caster in unit.enchantments:
            self.sides[caster].graveyard.append(spell)
            if self.log_events:
                self.log("enchantment_to_graveyard", caster, card=spell, was_under=unit.name)
        unit.enchantments = []

    def return_to_castle(self, unit: Unit, card: str) -> None:
        if self.unit(unit.uid) is None:
            unit.to_castle = True  # being defeated: to the castle instead of the graveyard
            if self.log_events:
                self.log("return_to_castle", unit.owner, card=card, target=unit.name, instead_of="graveyard")
            return
        at = self.place(unit)
        self.remove_from_battlefield(unit)
        self.sides[unit.owner].put_in_castle(unit.name)
        if self.log_events:
            self.log("return_to_castle", unit.owner, card=card, target=unit.name, at=at)

    def conduct_free(self, seat: int, name: str, column: int, card: str) -> Unit:
        """Conduct without turning a wizard face-down (Call of the Wild, Cinder Twins)."""
        side = self.sides[seat]
        side.take_from_castle(name)
        unit = Unit(self._new_uid(), name, seat, False, self.cards[name].strength, column=column)
        side.summons[column] = unit
        self.count(seat, "conducted", name)
        if self.log_events:
            self.log("conduct", seat, card=card, summon=name, column=column, wizard=None)
        self.push_batch(self.unit_triggers("conduct", unit))
        return unit

    def discard_spell(self, seat: int, name: str, card: str) -> None:
        side = self.sides[seat]
        side.take_spell(name)
        side.graveyard.append(name)
        if self.log_events:
            self.log("discard_spell", seat, card=card, spell=name)

