"""The stack's decisions and automatic steps: ordering abilities that occur together, offering
optional ones and their costs, and the choices inside an effect (bos.txt, "Abilities")."""

from __future__ import annotations

from typing import Any

from rules.bos.base import BosBase, Thing
from rules.bos.board import Unit
from rules.bos.frames import ATTACK_TRIGGERS, BATTLE, OFFERED, OPS, START, Attack, Batch, Defeat, Run
from rules.bos.words import COLUMN_WORDS, PASS, act
from rules.core.engine import Action

Decision = tuple[int, str, list[Action]]  # (seat, kind, actions)
VIM_ONLY = range(1)  # the one way to pay with no ether: 0 ether


class ResolveMixin(BosBase):
    """``decision`` names who must choose now and between what; ``step_frame`` does the rest."""

    def decision(self) -> Decision | None:
        if not self.stack:
            return None
        frame = self.stack[-1]
        if type(frame) is Batch:
            keys = self.batch_choices(frame)
            if len(keys) < 2:
                return None
            return self.active, "order", [act("order", key) for key in keys]
        if type(frame) is Run:
            seat = frame.trigger.controller
            if frame.stage == OFFERED:
                ability = self.ability(frame.trigger.card, frame.trigger.ability)
                pays = [act("accept", (ether,)) for ether in self.cost_options(frame.trigger, ability) or ()]
                return seat, "offer", pays + ([] if ability.mandatory else [PASS])
            if frame.stage == OPS:
                actions = self.op_question(frame)
                return (seat, "choose", actions) if actions else None
            return None
        if type(frame) is Attack and frame.stage == 0 and frame.defender is not None:  # a player attack
            blockers = self.blockers(frame)
            if blockers:
                return frame.defender, "block", [act("block", (self.place(u),)) for u in blockers] + [PASS]
        return None

    # -- abilities that occur together -----------------------------------------------------------
    def batch_choices(self, batch: Batch) -> list[tuple]:
        """"they must make all mandatory abilities go first": the mandatory ones while any remain."""
        if len(batch.triggers) == 1:
            return [batch.triggers[0].key]  # the only one, mandatory or not
        mandatory = [t for t in batch.triggers if self.ability(t.card, t.ability).mandatory]
        group = mandatory or batch.triggers
        return sorted({t.key for t in group})

    def take_trigger(self, batch: Batch, key: tuple) -> None:
        trigger = next(t for t in batch.triggers if t.key == key)
        batch.triggers.remove(trigger)
        self.stack.append(Run(trigger))

    # -- steps ---------------------------------------------------------------------------------------
    def moves_frames_only(self, frame) -> bool:
        """Whether ``frame``'s next automatic step changes nothing but the stack (no card moves, no life,
        vim or strength changes): ordering abilities, an attack reaching its battle, defeated units'
        abilities being gathered."""
        kind = type(frame)
        return kind is Batch or (kind is Attack and frame.stage != BATTLE) or (kind is Defeat and frame.stage == 0)

    def step_frame(self, frame) -> None:
        kind = type(frame)
        if kind is Run:
            if frame.stage == START:
                self.start_run(frame)
            else:
                self.next_op(frame, None)
        elif kind is Batch:
            keys = self.batch_choices(frame)
            if keys:
                self.take_trigger(frame, keys[0])
            else:
                self.stack.pop()
        elif kind is Attack:
            self.step_attack(frame)
        elif kind is Defeat:
            self.step_defeat(frame)

    def still_there(self, run: Run) -> bool:
        """The card whose ability it is is still where its ability works."""
        trig = run.trigger
        defeated = self.ability(trig.card, trig.ability).timing == "defeated"
        for uid in (trig.source, trig.enchanted):
            if uid is None:
                continue
            unit = self.unit(uid) or (self.limbo_unit(uid) if defeated else None)
            if unit is None:
                return False
            if uid == trig.enchanted and (trig.card, trig.controller) not in unit.enchantments:
                return False
        if trig.wizard is not None and trig.source is None and trig.enchanted is None:
            seat, column = trig.wizard
            wizard = self.sides[seat].wizards[column]
            if wizard.name == trig.card and not wizard.face_up:
                return False  # "A face-down wizard loses its ability while it is face-down"
        return True

    def start_run(self, run: Run) -> None:
        trig = run.trigger
        ability = self.ability(trig.card, trig.ability)
        if not self.still_there(run):
            self.finish_run(run, "gone")
            return
        if ability.state is not None and not self.holds(ability.state, trig.controller):
            self.finish_run(run, "condition_not_met")  # "check the next ability and see if its condition is still met"
            return
        options = self.cost_options(trig, ability)
        if options is None:
            self.finish_run(run, "cost_unpayable")
            return
        if not ability.mandatory or len(options) > 1:
            run.stage = OFFERED
            return
        self.pay_cost(trig, ability, options[0])
        run.stage = OPS

    def finish_run(self, run: Run, skipped: str | None = None) -> None:
        self.stack.remove(run)
        if skipped and self.log_events:
            self.log("ability_skipped", run.trigger.controller, card=run.trigger.card, ability=run.trigger.ability,
                     why=skipped)
        if run.spell is not None and not run.attached:
            self.sides[run.trigger.controller].graveyard.append(run.spell)
            if self.log_events:
                self.log("spell_to_graveyard", run.trigger.controller, card=run.spell)

    # -- costs ([act], [N vim], [N life]) ------------------------------------------------------------
    def cost_options(self, trig, ability) -> range | None:
        """The ways to pay: ether spent for each (bos.txt, "Going First": ether replaces vim); None if unpayable."""
        return self.cost_ways(trig.controller, ability, self.actor(trig) if ability.cost else None)

    def cost_ways(self, seat: int, ability, actor) -> range | None:
        """``cost_options`` for ``seat``, with ``actor`` the card that would act for an [act] cost."""
        if not ability.cost:
            return self.payments(seat, 0)
        side = self.sides[seat]
        vim = 0
        for op in ability.cost:
            if op["op"] == "act":
                if actor is None or actor.sideways:
                    return None
            elif op["op"] == "pay_vim":
                vim += op["amount"]
            elif op["op"] == "lose_life" and side.life < op["amount"]:
                return None
        return self.payments(seat, vim)

    def payments(self, seat: int, vim: int) -> range | None:
        """The ether that may pay part of ``vim`` (each way, in order), or None when it cannot be paid."""
        side = self.sides[seat]
        if not side.ether:  # the usual case: vim alone pays, or nothing does
            return VIM_ONLY if side.vim >= vim else None
        if side.vim + side.ether < vim:
            return None
        return range(max(0, vim - side.vim), min(vim, side.ether) + 1)

    def actor(self, trig):
        """The card that acts for an [act] cost: the unit or wizard whose ability it is."""
        if trig.source is not None:
            return self.unit(trig.source)
        if trig.wizard is not None:
            return self.sides[trig.wizard[0]].wizards[trig.wizard[1]]
        return None

    def pay_cost(self, trig, ability, ether: int) -> None:
        side = self.sides[trig.controller]
        paid = {}
        for op in ability.cost:
            if op["op"] == "act":
                self.actor(trig).sideways = True
                paid["acted"] = trig.card
            elif op["op"] == "pay_vim":
                paid["vim"] = paid.get("vim", 0) + op["amount"]
            elif op["op"] == "lose_life":
                paid["life_before"], side.life = side.life, side.life - op["amount"]
                paid["life_after"] = side.life
        self.spend(trig.controller, paid.get("vim", 0), ether, paid)
        if self.log_events:
            self.log("ability", trig.controller, card=trig.card, ability=trig.ability, at=trig.where, **paid)

    def spend(self, seat: int, vim: int, ether: int, record: dict) -> None:
        side = self.sides[seat]
        if vim:
            record.update(vim_before=side.vim, ether_before=side.ether)
            side.vim -= vim - ether
            side.ether -= ether
            record.update(vim_after=side.vim, ether_after=side.ether)

    # -- the ops of a running ability -------------------------------------------------------------------
    def op_question(self, run: Run) -> list[Action]:
        """The choices the current op asks of the ability's controller (empty: it runs by itself)."""
        ability = self.ability(run.trigger.card, run.trigger.ability)
        if run.op >= len(ability.ops):
            return []
        op, target = ability.ops[run.op], ability.targets[run.op]
        seat = run.trigger.controller
        if run.moving is not None:
            columns = self.free_columns(self.unit(run.moving))
            return [act("choose", (COLUMN_WORDS[c],)) for c in columns] if len(columns) > 1 else []
        if op["op"] == "conduct":
            options = self.conduct_options(seat, op.get("name"))
            return [act("place", option) for option in options] if len(options) > 1 else []
        if op["op"] == "discard_spell":
            names = sorted(self.sides[seat].spellbook)
            return [act("choose", (n,)) for n in names] if len(names) > 1 and len(run.picked) < self.amount(op, seat) else []
        if target is None or target.quant == "each":
            return []
        things = self.candidates(run, target)
        if run.picked:
            things = [t for t in things if self.word(t) not in run.picked]
        if target.quant == "up_to":
            if not things or len(run.picked) >= target.count:
                return []
            return [act("choose", (self.word(t),)) for t in things] + [PASS]
        return [act("choose", (self.word(t),)) for t in things] if len(things) > 1 else []

    def next_op(self, run: Run, answer: Action | None) -> None:
        """Run the current op (with the controller's answer, if it asked) and move to the next."""
        ability = self.ability(run.trigger.card, run.trigger.ability)
        if run.op >= len(ability.ops):
            self.finish_run(run)
            return
        op, target = ability.ops[run.op], ability.targets[run.op]
        seat = run.trigger.controller
        if run.moving is not None:
            self.finish_move(run, answer)
        elif op["op"] == "conduct":
            options = self.conduct_options(seat, op.get("name"))
            if answer is not None or options:
                name, column = (str(answer.args[0]), int(answer.args[1])) if answer is not None else options[0]
                self.conduct_free(seat, name, column, run.trigger.card)
            run.op += 1
        elif op["op"] == "discard_spell":
            spellbook = self.sides[seat].spellbook
            if spellbook and len(run.picked) < self.amount(op, seat):
                name = str(answer.args[0]) if answer is not None else sorted(spellbook)[0]
                run.picked.append(name)
                self.discard_spell(seat, name, run.trigger.card)
            else:
                run.picked, run.op = [], run.op + 1
        elif target is None:
            self.run_op(run, op, [])
            run.op += 1
        else:
            things = self.candidates(run, target)
            chosen: list[Any]  # the ``Thing``s the op affects (a word off the table now looks up None)
            if target.quant == "up_to":
                if answer is not None and answer.verb == "choose":
                    # the word, not the unit: a frame's picks must not hold this state's objects,
                    # which a clone would share (a search agent's look-ahead hit the real units)
                    run.picked.append(str(answer.args[0]))
                    if len(run.picked) < target.count and [t for t in things if self.word(t) not in run.picked]:
                        return
                chosen, run.picked = [self.lookup(word) for word in run.picked], []
            elif target.quant == "each":
                chosen = things
            else:
                chosen = [self.lookup(str(answer.args[0]))] if answer is not None else things[:1]
            if op["op"] == "move":
                if chosen:
                    mover = chosen[0]
                    assert isinstance(mover, Unit)  # a move op moves a summon
                    run.moving = mover.uid
                    return
            elif chosen:
                self.run_op(run, op, chosen)
            run.op += 1

    def lookup(self, word: str) -> Thing | None:
        """The unit, wizard or player an action word names."""
        if ".wizard" in word:
            seat, _, column = word.partition(".wizard")
            return int(seat[4:]), int(column)
        if "." in word:
            return self.unit_at(word)
        return int(word[4:])

    def free_columns(self, unit: Unit | None) -> list[int]:
        if unit is None:
            return []
        side = self.sides[unit.owner]
        return [c for c, slot in enumerate(side.summons) if slot is None and c != unit.column]

    def finish_move(self, run: Run, answer: Action | None) -> None:
        unit = self.unit(run.moving)
        columns = self.free_columns(unit)
        run.moving = None
        run.op += 1
        if unit is None or not columns:
            return
        column = int(str(answer.args[0])[3:]) if answer is not None else columns[0]
        side = self.sides[unit.owner]
        before = unit.column
        assert before is not None  # a summon
        side.summons[before], side.summons[column] = None, unit
        unit.column = column
        run.moved = unit.uid
        if self.log_events:
            self.log("move", unit.owner, card=run.trigger.card, target=unit.name, column_before=before, column_after=column)

    def conduct_options(self, seat: int, name: str | None) -> list[tuple[str, int]]:
        side = self.sides[seat]
        names = [name] if name else sorted(side.castle)
        columns = [c for c, slot in enumerate(side.summons) if slot is None]
        return [(n, c) for n in names if side.castle.get(n) for c in columns]

    # -- answers ---------------------------------------------------------------------------------------
    def answer(self, action: Action) -> None:
        """Apply an answer to the top frame's decision."""
        frame = self.stack[-1]
        if isinstance(frame, Batch):
            self.take_trigger(frame, tuple(action.args))
        elif isinstance(frame, Attack):
            if action.verb == "block":
                blocker = self.unit_at(str(action.args[0]))
                assert blocker is not None  # a legal block names a unit that is there
                self.block(frame, blocker)
            frame.stage = ATTACK_TRIGGERS
            if action.verb == "pass" and self.log_events:
                self.log("no_block", frame.defender)
        else:
            assert type(frame) is Run  # (a Defeat frame asks nothing)
            if frame.stage == OFFERED:
                trig = frame.trigger
                if action.verb == "pass":
                    self.finish_run(frame, "declined")
                else:
                    self.pay_cost(trig, self.ability(trig.card, trig.ability), int(action.args[0]))
                    frame.stage = OPS
            else:
                self.next_op(frame, action)
