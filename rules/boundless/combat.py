"""The combat step (a mixin of :class:`~rules.boundless.state.BoundlessState`).

Rulebook: boundless-tcg.txt, "THE COMBAT STEP": start phase, then one attack at a time (check
phase: "when this card attacks / is attacked" effects, then PWR is compared; damage phase: "when
this card damages / is damaged" effects resolve before any card moves, then the loser is
damaged), then the end phase (damaged forms go to the drop zone). "FORM CARDS (CONT.)": a form
must be spiritualized to attack a savior. Interpretations: docs/rules-notes.md, "Combat".
"""

from __future__ import annotations

from rules.boundless.base import BoundlessBase
from rules.boundless.compiler import FORM, SAVIOR
from rules.boundless.constants import (
    ACT2,
    CHECK_PHASE,
    COMBAT,
    DAMAGE_PHASE,
    DECLARE_PHASE,
    END_PHASE,
    START_PHASE,
)
from rules.boundless.effects import END_OF_ATTACK
from rules.boundless.records import END, Trigger, action


class CombatMixin(BoundlessBase):
    """Attacks, PWR comparison, combat damage and the end of the combat step."""

    def _start_combat(self) -> None:
        """"THE COMBAT STEP" 1, start phase: "at the start phase" effects, then attacks."""
        self.step = COMBAT
        self.phase = START_PHASE
        self.attack_counts = {}
        self.extra_attacks = {}
        self.damaged = []
        batch: list[Trigger] = []
        self._collect_controlled(self.turn_player, "start_phase", {}, batch)
        self.continuations.append((CombatMixin._open_declare, ()))
        self._queue(batch)

    def _open_declare(self) -> None:
        self.phase = DECLARE_PHASE

    def _combat_actions(self, player: int) -> list:
        """Attacks ("attack <attacker> <target>": ``savior`` or a form zone): one attacker at a time,
        each savior and form once per combat step (more with ``extra_attack``); a form must be
        spiritualized to attack a savior ("FORM CARDS (CONT.)"); damaged forms neither attack nor
        are attacked. Then [SWIFT] effects and commands usable now."""
        out = [END]
        opponent = 1 - player
        damaged = self.damaged
        targets = [zone for zone in range(self.num_form_zones) if self.forms[opponent][zone] >= 0
                   and self.forms[opponent][zone] not in damaged]
        attack_counts, extra_attacks, cannot_attack = self.attack_counts, self.extra_attacks, self.cannot_attack_until
        savior = self.savior[player]
        if attack_counts.get(savior, 0) < 1 + extra_attacks.get(savior, 0) and savior not in cannot_attack:
            out.append(action("attack", "savior", "savior"))
            for target in targets:
                out.append(action("attack", "savior", target))
        forms, form_spirits = self.forms[player], self.form_spirits[player]
        for zone in range(self.num_form_zones):
            card = forms[zone]
            if card < 0 or card in damaged or card in cannot_attack \
                    or attack_counts.get(card, 0) >= 1 + extra_attacks.get(card, 0):
                continue
            if form_spirits[zone]:
                out.append(action("attack", zone, "savior"))
            for target in targets:
                out.append(action("attack", zone, target))
        self._activation_actions(player, out, True)
        return out

    def _attack(self, player: int, args: tuple) -> None:
        """``attack <attacker> <target>`` (each ``savior`` or a form zone). "THE COMBAT STEP" 2, check
        phase: "when this card attacks" / "is attacked" effects, then PWR is compared (a
        continuation, after those effects)."""
        opponent = 1 - player
        attacker = self.savior[player] if args[0] == "savior" else self.forms[player][args[0]]
        target = self.savior[opponent] if args[1] == "savior" else self.forms[opponent][args[1]]
        # replaced, never changed in place (base.py: REPLACED)
        self.attack_counts = {**self.attack_counts, attacker: self.attack_counts.get(attacker, 0) + 1}
        self.phase = CHECK_PHASE
        card_defs = self.card_defs
        if self.log_events:
            self.log("attack", player, attacker=card_defs[attacker].name, target=card_defs[target].name)
        context = {"attacker": attacker, "target": target, "form": attacker}
        batch: list[Trigger] = []
        self._collect(attacker, player, "attacks", context, batch)
        self._collect_under(attacker, player, "host_attacks", context, batch)
        if card_defs[attacker].ctype == FORM:
            self._collect_controlled(player, "your_form_attacks", context, batch)
        target_context = {"attacker": attacker, "target": target, "form": target}
        self._collect(target, opponent, "attacked", target_context, batch)
        self._collect_under(target, opponent, "host_attacked", target_context, batch)
        if card_defs[target].ctype == FORM:
            self._collect_controlled(opponent, "your_form_attacked", target_context, batch)
        self.continuations.append((CombatMixin._compare, (attacker, target)))
        self._queue(batch)

    def _compare(self, attacker: int, target: int) -> None:
        """The highest PWR wins; equal PWR goes to the attacker ("THE COMBAT STEP" 2). A card
        that cannot be damaged (``protect``) is not; else the damage phase begins."""
        if not (self.on_field(attacker) and self.on_field(target)) or attacker in self.damaged \
                or target in self.damaged:
            self._end_attack()
            return
        attacker_pwr, target_pwr = self.pwr(attacker), self.pwr(target)
        winner, loser = (attacker, target) if attacker_pwr >= target_pwr else (target, attacker)
        card_defs = self.card_defs
        if self.log_events:
            self.log("compare", self.turn_player, attacker_pwr=attacker_pwr, target_pwr=target_pwr,
                     loser=card_defs[loser].name)
        if loser in self.protected_until:
            if self.log_events:
                self.log("protected", self.owner[loser], card=card_defs[loser].name)
            self._end_attack()
            return
        # "THE COMBAT STEP" 3, damage phase: "when this card damages / is damaged" effects resolve
        # before any card moves
        self.phase = DAMAGE_PHASE
        winner_owner, loser_owner = self.owner[winner], self.owner[loser]
        winner_context = {"attacker": attacker, "target": target, "form": winner, "loser": loser}
        loser_context = {"attacker": attacker, "target": target, "form": loser, "winner": winner}
        batch: list[Trigger] = []
        winner_is_form = card_defs[winner].ctype == FORM
        if card_defs[loser].ctype == SAVIOR:
            self._collect(winner, winner_owner, "damages_savior", winner_context, batch)
            self._collect_under(winner, winner_owner, "host_damages_savior", winner_context, batch)
            if winner_is_form:
                self._collect_controlled(winner_owner, "your_form_damages_savior", winner_context, batch)
        else:
            self._collect(winner, winner_owner, "damages_form", winner_context, batch)
            self._collect_under(winner, winner_owner, "host_damages_form", winner_context, batch)
            if winner_is_form:
                self._collect_controlled(winner_owner, "your_form_damages_form", winner_context, batch)
        self._collect_damaged(loser, loser_owner, loser_context, batch)
        if loser == attacker and card_defs[attacker].ctype == FORM:
            self._collect_controlled(1 - loser_owner, "opponent_attacker_damaged", loser_context, batch)
        self.continuations.append((CombatMixin._combat_damage, (loser,)))
        self._queue(batch)

    def _combat_damage(self, loser: int) -> None:
        """The loser is damaged: a savior loses a spirit now; a form stays, damaged, until the end
        of the combat step (rules-notes: "Damaged forms stay until the end of the combat step")."""
        if self.card_defs[loser].ctype == SAVIOR:
            self.savior_damaged(self.owner[loser])
        elif self.on_field(loser) and loser not in self.damaged:
            self.damaged = self.damaged + [loser]  # replaced (base.py: REPLACED)
            if self.log_events:
                self.log("damaged", self.owner[loser], card=self.card_defs[loser].name)
        if self._outcome is None:
            self._end_attack()

    def _end_attack(self) -> None:
        """Changes that last "for this attack" end; the next attacker may be declared."""
        if self.pwr_changes:
            self.pwr_changes = [change for change in self.pwr_changes if change[2] != END_OF_ATTACK]
        if self.protected_until:
            self.protected_until = {card: until for card, until in self.protected_until.items()
                                    if until != END_OF_ATTACK}
        self.phase = DECLARE_PHASE

    def _end_combat(self) -> None:
        """"THE COMBAT STEP" 4, end phase: damaged forms go to the drop zone, their spirits to the
        void; changes "until the end of combat" end; act step 2 begins."""
        self.phase = END_PHASE
        for card in list(self.damaged):
            if self.on_field(card):
                self.remove_form(card, "drop")
                if self._outcome is not None:
                    return
        self.damaged = []
        self._expire_until(2 * self.turn)
        self.attack_counts = {}
        self.extra_attacks = {}
        self.step = ACT2
        self.phase = ""
