"""The legal actions and ``apply``, a handler per verb (the verbs are listed in engine.py)."""

from __future__ import annotations

from itertools import permutations

from rules.bos.board import Unit, adjust
from rules.bos.constants import ARRANGE, BID, CHOOSE_FIRST, MAIN, MAX_ACTIONS_PER_TURN, MAX_SWAPS, SUMMONING, SWAP, THROW, THROWS
from rules.bos.frames import OPS, Run, Trigger
from rules.bos.resolve import ResolveMixin
from rules.bos.words import BOSS, COLUMN_OF, END, OWN_WIZARD_WORDS, WIZARD_WORDS, act
from rules.core.engine import Action

ANSWERS = ("order", "accept", "pass", "choose", "place", "block")
#: verb -> the method that applies it
HANDLERS = {verb: f"_do_{verb}" for verb in ("go_first", "go_second", "swap", "done", "columns", "end", "conduct",
                                             "use", "cast", "boss", "attack")}


class ActionsMixin(ResolveMixin):
    """``legal_actions`` and ``apply``."""

    def legal_actions(self, player: int) -> list[Action]:
        if self._outcome is not None:
            return []
        if self.stack:
            found = self.decision()
            if found is not None:
                return list(found[2]) if found[0] == player else []
        phase = self.phase
        if phase in (MAIN, SUMMONING):  # the turn player's (``phase_players``)
            if player != self.active:
                return []
            if self.actions_this_turn >= MAX_ACTIONS_PER_TURN:
                return [END]
            if phase == SUMMONING:
                return [END, *self.conduct_actions(player), *self.use_actions(player, "summoning")]
            return [END, *self.attack_actions(player), *self.cast_actions(player), *self.use_actions(player, "main"),
                    *self.boss_actions(player)]
        if player not in self.phase_players():
            return []
        if phase == BID:  # bos.txt, "Going First": "Each player secretly chooses a non-negative number"
            return [act("bid", (n,)) for n in range(self.max_bid + 1)]
        if phase == THROW:
            return [act("throw", (t,)) for t in THROWS]
        if phase == CHOOSE_FIRST:
            return [act("go_first"), act("go_second")]
        if phase == SWAP:
            return [act("done")] + self.swap_actions(player)
        if phase == ARRANGE:
            names = [w.name for w in self.sides[player].wizards]
            return [act("columns", perm) for perm in permutations(names)]
        return []

    # -- what may be done -------------------------------------------------------------------------------
    def swap_actions(self, seat: int) -> list[Action]:
        """bos.txt, "Best of 3 Match" step 6: "Swap out cards from your castle or spellbook with cards
        from your reserves" (a summon for a summon, a spell for a spell: the deck stays legal)."""
        side = self.sides[seat]
        if side.swaps >= MAX_SWAPS:
            return []
        out = []
        for pile in (side.castle, side.spellbook):
            for out_name in sorted(pile):
                kind = self.cards[out_name].card_type
                out += [act("swap", (out_name, in_name)) for in_name in sorted(side.reserves)
                        if in_name != out_name and self.cards[in_name].card_type == kind]
        return out

    def conducts(self, summon: str, wizard: str) -> bool:
        """bos.txt, "Phase 2": "Make sure you match the summoning condition" ("Conduct a summon with
        Forest Sage" or "... with any yellow wizard")."""
        card = self.cards[summon]
        colour = card.conductor_colour
        if colour is None:
            return card.conducted_by == wizard
        return not colour or self.cards[wizard].color == colour

    def conduct_actions(self, seat: int) -> list[Action]:
        side = self.sides[seat]
        conducts = self.conducts
        out = []
        castle = None
        for column, wizard in enumerate(side.wizards):
            if wizard.face_up and side.summons[column] is None:
                castle = sorted(side.castle) if castle is None else castle
                for name in castle:
                    if conducts(name, wizard.name):
                        out.append(act("conduct", (name, column)))
        return out

    def sources(self, seat: int) -> list[tuple[str, Trigger]]:
        """Own cards whose abilities may be used: face-up wizards, summons, the face-up boss."""
        side = self.sides[seat]
        out = []
        for column, wizard in enumerate(side.wizards):
            if wizard.face_up:
                out.append((OWN_WIZARD_WORDS[column], Trigger(seat, wizard.name, 0, WIZARD_WORDS[seat][column],
                                                              wizard=(seat, column))))
        for unit in side.units():
            out.append((self.attacker_word(unit), Trigger(seat, unit.name, 0, self.place(unit), source=unit.uid)))
        return out

    def use_actions(self, seat: int, timing: str) -> list[Action]:
        """bos.txt, "Abilities": "Abilities can be used as many times as you want, if you can pay the cost"
        (the sources in the order of ``sources``: face-up wizards, then ``units()``)."""
        side = self.sides[seat]
        cards = self.cards
        mine = (timing, "you")  # CardDef.when(timing, "you"), looked up directly
        out: list[Action] = []
        for column, wizard in enumerate(side.wizards):
            if wizard.face_up:
                abilities = cards[wizard.name].triggered.get(mine)
                if abilities:
                    self._uses(out, seat, OWN_WIZARD_WORDS[column], wizard, abilities)
        for unit in side.units():
            abilities = cards[unit.name].triggered.get(mine)
            if abilities:
                self._uses(out, seat, self.attacker_word(unit), unit, abilities)
        return out

    def _uses(self, out: list[Action], seat: int, word: str, actor, abilities) -> None:
        """Add the ``use`` actions of one source's ``abilities`` (``actor``: the wizard or unit itself,
        which acts for an [act] cost)."""
        for ability in abilities:
            if ability.state is not None and not self.holds(ability.state, seat):
                continue
            for ether in self.cost_ways(seat, ability, actor) or ():
                out.append(act("use", (word, ability.index, ether)))

    def source(self, seat: int, word: str) -> Trigger:
        """The source a legal ``use`` action names (``wizard1``, ``col0``, ``boss``), as ``sources`` gives it
        (without building them all)."""
        side = self.sides[seat]
        if word.startswith("wizard"):
            column = int(word[6:])
            return Trigger(seat, side.wizards[column].name, 0, WIZARD_WORDS[seat][column], wizard=(seat, column))
        unit = side.boss if word == "boss" else side.summons[COLUMN_OF[word]]
        assert unit is not None  # a legal use names a card that is there
        return Trigger(seat, unit.name, 0, self.place(unit), source=unit.uid)

    def cast_actions(self, seat: int) -> list[Action]:
        """bos.txt, "Cast a Spell": pay its vim cost; a condition in italics must be met; an enchant
        spell needs a valid card to go under."""
        side = self.sides[seat]
        cards = self.cards
        money = side.vim + side.ether
        out = []
        for name in sorted(side.spellbook):
            card = cards[name]
            if card.vim_cost > money:
                continue  # cannot pay (``payments`` is None)
            cast = card.cast
            if cast is not None and cast.state is not None and not self.holds(cast.state, seat):
                continue
            if card.enchant and not self.enchant_targets(seat, name):
                continue
            for ether in self.payments(seat, card.vim_cost) or ():  # (payable: checked above)
                out.append(act("cast", (name, ether)))
        return out

    def enchant_targets(self, seat: int, spell: str) -> list:
        ability = self.cards[spell].cast
        assert ability is not None  # an enchant spell's cast ability places it
        run = Run(Trigger(seat, spell, ability.index, "spellbook"))
        return [t for op, target in zip(ability.ops, ability.targets, strict=True) if op["op"] == "enchant" and target is not None
                for t in self.candidates(run, target)]

    def boss_actions(self, seat: int) -> list[Action]:
        """bos.txt, "Summon Your Boss": "If that condition is met, you may turn your boss face-up"."""
        boss = self.sides[seat].boss
        if boss is None or boss.face_up:
            return []
        condition = self.cards[boss.name].boss_condition
        assert condition is not None  # every boss has one (abilities.py)
        if not self.holds(condition, seat):
            return []
        return [BOSS]

    # -- apply ----------------------------------------------------------------------------------------------
    def apply(self, action: Action, player: int) -> None:
        verb = action.verb
        if self.stack and verb in ANSWERS:
            self.answer(action)
        elif verb in ("bid", "throw"):
            raise ValueError("bids and throws are revealed together: use apply_joint")
        else:
            getattr(self, HANDLERS[verb])(player, *action.args)
            if self.phase in (SUMMONING, MAIN):
                self.actions_this_turn += 1
        self._run(self._settle())

    def apply_joint(self, actions) -> None:
        """The bids (or throws) are revealed and resolved together; swaps are independent commitments."""
        if self.phase == BID:
            self.resolve_bids([actions[0].args[0], actions[1].args[0]])
        elif self.phase == THROW:
            self.resolve_throws([actions[0].args[0], actions[1].args[0]])
        else:
            for seat in sorted(actions):
                self.apply(actions[seat], seat)
            return
        self._run()

    def _do_go_first(self, seat: int) -> None:
        self.choose_first(seat, True)

    def _do_go_second(self, seat: int) -> None:
        self.choose_first(seat, False)

    def _do_swap(self, seat: int, out_name: str, in_name: str) -> None:
        side = self.sides[seat]
        pile = side.castle if self.cards[out_name].card_type == "summon" else side.spellbook
        adjust(pile, out_name, -1)
        adjust(pile, in_name, 1)
        adjust(side.reserves, in_name, -1)
        adjust(side.reserves, out_name, 1)
        side.swaps += 1
        self.log("swap", seat, out=out_name, into=in_name)

    def _do_done(self, seat: int) -> None:
        self.swap_done[seat] = True
        self.log("swaps_done", seat)
        if all(self.swap_done):
            self.start_arranging()

    def _do_columns(self, seat: int, *names: str) -> None:
        self.arrange(seat, names)

    def _do_end(self, seat: int) -> None:
        if self.log_events:
            self.log("end_phase", seat, phase=self.phase)
        if self.phase == SUMMONING:
            self.set_phase(MAIN)  # bos.txt, "Phase 3: Main Phase"
        else:
            self.end_main_phase()

    def _do_conduct(self, seat: int, name: str, column: int) -> None:
        """bos.txt, "Phase 2": turn the wizard face-down, place the summon from the castle in front of it."""
        side = self.sides[seat]
        wizard = side.wizards[column]
        wizard.face_up = False
        side.take_from_castle(name)
        unit = Unit(self._new_uid(), name, seat, False, self.cards[name].strength, column=column)
        side.summons[column] = unit
        self.count(seat, "conducted", name)
        if self.log_events:
            self.log("conduct", seat, summon=name, column=column, wizard=wizard.name)
        self.push_batch(self.unit_triggers("conduct", unit))

    def _do_use(self, seat: int, word: str, index: int, ether: int) -> None:
        base = self.source(seat, word)
        trig = Trigger(seat, base.card, index, base.where, base.source, wizard=base.wizard)
        self.pay_cost(trig, self.ability(base.card, index), ether)
        self.stack.append(Run(trig, OPS))

    def _do_cast(self, seat: int, name: str, ether: int) -> None:
        side = self.sides[seat]
        record: dict[str, int] = {}
        self.spend(seat, self.cards[name].vim_cost, ether, record)
        side.take_spell(name)
        self.count(seat, "cast", name)
        if self.log_events:
            self.log("cast", seat, card=name, **record)
        cast = self.cards[name].cast
        if cast is not None:
            # "a condition that must be met before it can be played": a play condition, checked by
            # ``cast_actions`` before the vim was paid and not again (paying may change it: Mind Flood)
            self.stack.append(Run(Trigger(seat, name, cast.index, "spellbook"), OPS, spell=name))
        else:
            side.graveyard.append(name)

    def _do_boss(self, seat: int) -> None:
        boss = self.sides[seat].boss
        assert boss is not None  # ``boss_actions`` offered it
        boss.face_up = True
        self.stats[seat].boss = 1
        if self.log_events:
            self.log("boss_face_up", seat, card=boss.name, strength=self.strength(boss))
        self.push_batch(self.unit_triggers("conduct", boss))  # "When you turn this boss face-up"

    def _do_attack(self, seat: int, attacker: str, target: str) -> None:
        side = self.sides[seat]
        unit = side.boss if attacker == "boss" else side.summons[COLUMN_OF[attacker]]
        assert unit is not None  # ``attack_actions`` offered it
        self.declare_attack(seat, unit, target)
