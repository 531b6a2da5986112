"""Attacks, blocks, battles and defeat (bos.txt, "Attack", "Player Attack", "Summon Your Boss")."""

from __future__ import annotations

from rules.bos.base import BosBase
from rules.bos.board import Unit
from rules.bos.frames import ATTACK_TRIGGERS, BATTLE, BLOCK, Attack, Defeat
from rules.bos.words import ATTACKS, COLUMN_WORDS, SEAT_WORDS
from rules.core.engine import Action


class BattleMixin(BosBase):
    """Who may attack whom, the block, the battle and the trip to the graveyard."""

    def attacker_word(self, unit: Unit) -> str:
        column = unit.column  # None only for a boss
        return "boss" if column is None else COLUMN_WORDS[column]

    def attack_actions(self, seat: int) -> list[Action]:
        """"First select one of your summons. Then pay the cost to attack, called Acting" ("Attack")."""
        out = []
        targets = None
        players = [p for p in (1 - seat, seat) if self.sides[p].turns_started]  # see ``can_attack_player``
        for unit in self.sides[seat].units():
            if unit.sideways:  # "an acted summon cannot attack"
                continue
            if targets is None:
                targets = [(t, self.place(t)) for t in self.all_units()]
            attacks = ATTACKS[self.attacker_word(unit)]
            # "A summon can attack any other summon on the battlefield, regardless of where"
            for target, place in targets:
                if target is not unit:
                    out.append(attacks[place])
            for player in players:
                if self.can_attack_player(unit, player):
                    out.append(attacks[SEAT_WORDS[player]])
        return out

    def can_attack_player(self, unit: Unit, player: int) -> bool:
        """"Player Attack": the attacker's column must not have a summon in it (on the other side);
        no attacks on a player before their first turn; a boss only into a completely open
        battlefield ("Summon Your Boss"). Attacking yourself follows the same rules."""
        defender = self.sides[player]
        if not defender.turns_started:
            return False
        if unit.boss:
            return not defender.summon_list() and not (defender.boss is not None and defender.boss.face_up)
        assert unit.column is not None  # a summon
        return self.sides[1 - unit.owner].summons[unit.column] is None

    def declare_attack(self, seat: int, attacker: Unit, target: str) -> None:
        attacker.sideways = True  # the cost: acting
        if "." in target:
            defender_unit = self.unit_at(target)
            assert defender_unit is not None  # a legal attack's target is there
            if self.log_events:
                self.log("attack", seat, attacker=attacker.name, at=self.place(attacker), target=defender_unit.name,
                         target_at=target)
            self.stack.append(Attack(attacker.uid, defender_unit.uid, None, ATTACK_TRIGGERS))
        else:
            player = int(target[4:])
            if self.log_events:
                self.log("player_attack", seat, attacker=attacker.name, at=self.place(attacker), attacked_player=player)
            self.stack.append(Attack(attacker.uid, None, player, BLOCK))

    def blockers(self, frame: Attack) -> list[Unit]:
        """"the opponent may choose to defend the attack by taking a summon in an adjacent column and
        moving it over to block"; "Bosses can block player attacks even if they aren't in a column
        adjacent". An attack on yourself is not blocked (rules-notes, BOS engine: "Attacking yourself")."""
        attacker = self.unit(frame.attacker)
        if attacker is None or frame.defender is None or frame.defender == attacker.owner:
            return []  # (a unit attack has no defending player: it is not blocked)
        side = self.sides[frame.defender]
        out = []
        column = attacker.column
        if column is not None:
            out = [u for u in side.summon_list()
                   if u.column is not None and abs(u.column - column) == 1 or self.blocks_anywhere(u)]
        if side.boss is not None and side.boss.face_up:
            out.append(side.boss)
        return out

    def block(self, frame: Attack, blocker: Unit) -> None:
        attacker = self.unit(frame.attacker)
        assert attacker is not None  # blockers are offered only while it is there
        side = self.sides[blocker.owner]
        before = blocker.column
        if before is not None and attacker.column is not None:  # "when a boss blocks, it does not leave its spot"
            side.summons[before] = None
            side.summons[attacker.column] = blocker
            blocker.column = attacker.column
        if self.log_events:
            self.log("block", blocker.owner, blocker=blocker.name, column_before=before, column_after=blocker.column)
        frame.target = blocker.uid

    def step_attack(self, frame: Attack) -> None:
        if frame.stage == BLOCK:
            frame.stage = ATTACK_TRIGGERS
            return
        attacker = self.unit(frame.attacker)
        if frame.stage == ATTACK_TRIGGERS:
            frame.stage = BATTLE
            if attacker is not None:  # "When this summon attacks" abilities, before the battle
                self.push_batch(self.unit_triggers("attack", attacker, battled=frame.target))
            return
        self.stack.remove(frame)
        if attacker is None:
            self.log("attack_ends", None, why="the attacker left the battlefield")
            return
        if frame.target is not None:
            target = self.unit(frame.target)
            if target is None:
                self.log("attack_ends", attacker.owner, why="the attacked card left the battlefield")
                return
            self.battle(attacker, target)
            return
        # "Otherwise, the opponent is dealt damage equal to the attacking summon's strength"
        assert frame.defender is not None  # a player attack
        if self.sides[frame.defender].turns_started:
            self.lose_life(frame.defender, self.strength(attacker), attacker.name)

    def battle(self, attacker: Unit, defender: Unit) -> None:
        """"Both summons are Dealt damage equal to the other's strength, and will Take damage up to
        the amount of strength they have" ("Attack")."""
        a, d = self.strength(attacker), self.strength(defender)
        attacker.damage += min(d, a)
        defender.damage += min(a, d)
        attacker.battled, defender.battled = defender.uid, attacker.uid
        if self.log_events:
            self.log("battle", attacker.owner, attacker=attacker.name, defender=defender.name,
                     attacker_before=a, attacker_after=a - min(d, a), defender_before=d, defender_after=d - min(a, d))

    # -- defeat ---------------------------------------------------------------------------------------
    def defeat(self, units: list[Unit]) -> None:
        """"If a summon's strength becomes 0, it is defeated. Send it to the owner's graveyard after
        using any abilities that happen when a summon gets defeated" ("Attack")."""
        for unit in units:
            side = self.sides[unit.owner]
            if unit.column is None:  # the boss
                side.boss = None
            else:
                side.summons[unit.column] = None
                side.defeated_this_turn = True
            if self.log_events:
                self.log("defeated", unit.owner, card=unit.name, column=unit.column)
        self.stack.append(Defeat(list(units)))

    def step_defeat(self, frame: Defeat) -> None:
        if frame.stage == 0:
            frame.stage = 1  # the abilities of units defeated together occur at the same time
            self.push_batch([t for u in frame.units for t in self.unit_triggers("defeated", u, battled=u.battled)])
            return
        self.stack.remove(frame)
        for unit in frame.units:
            for spell, caster in unit.enchantments:  # "When the enchanted card is removed ... your graveyard"
                self.sides[caster].graveyard.append(spell)
                if self.log_events:
                    self.log("enchantment_to_graveyard", caster, card=spell, was_under=unit.name)
            unit.enchantments = []
            if unit.to_castle:
                self.sides[unit.owner].put_in_castle(unit.name)
            else:
                self.sides[unit.owner].graveyard.append(unit.name)
                if self.log_events:
                    self.log("to_graveyard", unit.owner, card=unit.name)
