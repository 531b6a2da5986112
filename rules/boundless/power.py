"""PWR: a card's power now, and the one-pass sums the evaluation needs (a mixin of
:class:`~rules.boundless.state.BoundlessState`).

Rulebook: boundless-tcg.txt, "CARD ANATOMY" (POWER), "SAVIOR" (the boundless side's PWR),
"EFFECT TIMING INDICATORS" (CONT effects are always active). PWR = printed PWR (a savior's bound
or boundless side) + the CONT bonus of each spirit underneath + the card's own CONT effects +
the CONT "forms you control gain +N PWR" of its controller's savior, forms and face-up commands
+ temporary changes (``pwr_changes``), never below 0.
"""

from __future__ import annotations

from typing import Any

from rules.boundless.base import BoundlessBase
from rules.boundless.compiler import FORM, SAVIOR
from rules.boundless.effects import amount_of


class PowerMixin(BoundlessBase):
    """``pwr(card)`` and the evaluation's one-pass field sums."""

    def pwr(self, card: int) -> int:
        """PWR now (see the module docstring)."""
        card_defs = self.card_defs
        definition = card_defs[card]
        owner = self.owner[card]
        if definition.ctype == SAVIOR:
            value = definition.bpwr if self.flipped[owner] else definition.pwr
            spirits: list[int] | tuple[()] = self.savior_spirits[owner]
        else:
            value = definition.pwr
            forms = self.forms[owner]
            spirits = self.form_spirits[owner][forms.index(card)] if card in forms else ()
        for spirit in spirits:
            value += card_defs[spirit].host_bonus
        if definition.conts_self:
            for amount, _side in definition.conts_self:
                value += amount if isinstance(amount, int) else amount_of(self, {"amount": amount}, card)
        if definition.ctype == FORM:
            flipped = self.flipped[owner]
            savior = self.savior[owner]
            if card_defs[savior].conts_group:
                value += self._group_bonus(card_defs[savior], savior, card, flipped)
            for other in self.forms[owner]:
                if other >= 0 and card_defs[other].conts_group:
                    value += self._group_bonus(card_defs[other], other, card, flipped)
            commands, face_up = self.commands[owner], self.command_face_up[owner]
            for zone in range(self.num_command_zones):
                command = commands[zone]
                if command >= 0 and face_up[zone] and card_defs[command].conts_group:
                    value += self._group_bonus(card_defs[command], command, card, flipped)
        if self.pwr_changes:
            for changed, amount, _until in self.pwr_changes:
                if changed == card:
                    value += amount
        return value if value > 0 else 0

    def _group_bonus(self, source_def, source: int, card: int, flipped: bool) -> int:
        """CONT "... forms you control gain +N PWR" of ``source`` applied to ``card``."""
        value = 0
        for selector, amount, side in source_def.conts_group:
            if side is not None and (side == "boundless") != flipped:
                continue
            if selector.side == "you" and not selector.savior and selector.matches_form(self, card, source):
                value += amount
        return value

    def field_summary(self, player: int) -> tuple[int, int, int, int, int]:
        """What the evaluation needs of ``player``'s field, in one pass: the savior's PWR, how
        many undamaged forms and their summed PWR (as ``form_pwrs``), the spirits under forms,
        and the cards in command zones. (Asked for both players after every look-ahead action:
        the greedy agent's hottest path, hence written out by hand.)"""
        card_defs = self.card_defs
        flipped = self.flipped[player]
        side = 1 if flipped else 0
        changes = self.pwr_changes
        savior_card = self.savior[player]
        definition = card_defs[savior_card]
        if definition.conts_self or changes:
            savior = self.pwr(savior_card)
        else:
            savior = definition.bpwr if flipped else definition.pwr
            for spirit in self.savior_spirits[player]:
                savior += card_defs[spirit].host_bonus
            if savior < 0:
                savior = 0
        sources = [savior_card] if definition.form_bonus[side] else None  # cards whose group bonus is in effect
        commands = 0
        for command, face_up in zip(self.commands[player], self.command_face_up[player], strict=True):
            if command >= 0:
                commands += 1
                if face_up and card_defs[command].form_bonus[side]:
                    if sources is None:
                        sources = [command]
                    else:
                        sources.append(command)
        forms = self.forms[player]
        for card in forms:
            if card >= 0 and card_defs[card].form_bonus[side]:
                if sources is None:
                    sources = [card]
                else:
                    sources.append(card)
        damaged = self.damaged
        count = total = spirited = 0
        for card, under in zip(forms, self.form_spirits[player], strict=True):  # zone by zone
            if under:
                spirited += len(under)
            if card < 0 or (damaged and card in damaged):
                continue
            definition = card_defs[card]
            value = definition.pwr
            for spirit in under:
                value += card_defs[spirit].host_bonus
            if definition.conts_self:
                for amount, _side in definition.conts_self:
                    value += amount if isinstance(amount, int) else amount_of(self, {"amount": amount}, card)
            if sources is not None:
                for source in sources:
                    for selector, amount in card_defs[source].form_bonus[side]:
                        if selector.matches_form(self, card, source):
                            value += amount
            if changes:
                for changed, amount, _until in changes:
                    if changed == card:
                        value += amount
            count += 1
            if value > 0:
                total += value
        return savior, count, total, spirited, commands

    def form_pwrs(self, player: int) -> list[int]:
        """PWR of each undamaged form ``player`` controls, zone by zone (``pwr`` of each, with the
        CONT group bonuses in effect gathered once)."""
        card_defs = self.card_defs
        forms = self.forms[player]
        flipped = self.flipped[player]
        groups: list[tuple[int, Any, int]] = []  # (source card, selector, amount) of the group bonuses in effect
        savior = self.savior[player]
        if card_defs[savior].conts_group:
            self._active_groups(card_defs[savior], savior, flipped, groups)
        for card in forms:
            if card >= 0 and card_defs[card].conts_group:
                self._active_groups(card_defs[card], card, flipped, groups)
        commands, face_up = self.commands[player], self.command_face_up[player]
        for zone in range(self.num_command_zones):
            command = commands[zone]
            if command >= 0 and face_up[zone] and card_defs[command].conts_group:
                self._active_groups(card_defs[command], command, flipped, groups)
        out = []
        form_spirits = self.form_spirits[player]
        for zone in range(self.num_form_zones):
            card = forms[zone]
            if card < 0 or card in self.damaged:
                continue
            definition = card_defs[card]
            value = definition.pwr
            for spirit in form_spirits[zone]:
                value += card_defs[spirit].host_bonus
            if definition.conts_self:
                for amount, _side in definition.conts_self:
                    value += amount if isinstance(amount, int) else amount_of(self, {"amount": amount}, card)
            for source, selector, amount in groups:
                if selector.matches_form(self, card, source):
                    value += amount
            for changed, amount, _until in self.pwr_changes:
                if changed == card:
                    value += amount
            out.append(value if value > 0 else 0)
        return out

    @staticmethod
    def _active_groups(source_def, source: int, flipped: bool, out: list) -> None:
        """``source``'s CONT "... forms you control gain +N PWR" in effect now (as in ``_group_bonus``)."""
        for selector, amount, side in source_def.conts_group:
            if side is not None and (side == "boundless") != flipped:
                continue
            if selector.side == "you" and not selector.savior:
                out.append((source, selector, amount))
