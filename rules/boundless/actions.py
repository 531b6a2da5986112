"""Who acts, what they may do, and doing it (a mixin of :class:`~rules.boundless.state.BoundlessState`).

The action grammar is documented in ``rules/boundless/engine.py``. ``apply`` either answers the
pending decision (``ANSWERS``, by the decision's kind) or performs one of the turn player's
free actions (``VERBS``, by the action's verb), then resolves everything automatic.

Rulebook: boundless-tcg.txt, "THE ACT STEP" (what the turn player may do and how often), "FORM
CARDS" (playing forms, sacrifice to play), "COMMAND CARDS" (activating and setting commands),
"SAVIOR" (flip), "EFFECT TIMING INDICATORS" (activated effects).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from rules.boundless.base import BoundlessBase, with_item
from rules.boundless.combat import CombatMixin
from rules.boundless.compiler import COMMAND, EMPTY_EFFECT, FORM, SPIRIT
from rules.boundless.constants import COMBAT, EMPTY
from rules.boundless.effects import F_TMP, KIND_COMMAND, KIND_EFFECT, can_pay, has_targets
from rules.boundless.records import END, Ask, action
from rules.boundless.turn import TurnMixin


class ActionMixin(BoundlessBase):
    """The protocol's ``current_players``, ``legal_actions`` and ``apply``."""

    # -- who acts and what they may do -------------------------------------------------------------
    def current_players(self) -> list[int]:
        if self._outcome is not None:
            return []
        return [self.acting_player]

    def legal_actions(self, player: int) -> list:
        if self._outcome is not None or player != self.acting_player:
            return []
        if self.pending is not None:
            return self.pending.options
        if self.step == COMBAT:
            return self._combat_actions(player)
        return self._act_step_actions(player)

    def _act_step_actions(self, player: int) -> list:
        """"THE ACT STEP": play forms (level 0 into an open zone, level 1+ by sacrificing a form of
        equal or lower level, once per turn), spiritualize (the savior and each form once per
        turn), activate or set commands, flip the savior, use activated effects."""
        card_defs = self.card_defs
        out = [END]
        forms = self.forms[player]
        open_form_zone = EMPTY in forms
        open_command_zone = EMPTY in self.commands[player]
        seen = set()
        spirit_zones = None
        for card in self.hand[player]:
            definition = card_defs[card]
            kind = definition.kind
            if kind in seen:
                continue
            seen.add(kind)
            card_type = definition.ctype
            if card_type == FORM:
                if definition.level == 0:
                    if open_form_zone:
                        out.append(action("play", kind))
                elif not self.sacrificed_to_play:
                    level = definition.level
                    for zone in range(self.num_form_zones):
                        other = forms[zone]
                        if other >= 0 and card_defs[other].level <= level:
                            out.append(action("play", kind, zone))
            elif card_type == SPIRIT:
                if not self.savior_spiritualized[player]:
                    out.append(action("spirit", kind, "savior"))
                if spirit_zones is None:
                    spirit_zones = [zone for zone in range(self.num_form_zones)
                                    if self.can_spiritualize(player, forms[zone])]
                for zone in spirit_zones:
                    out.append(action("spirit", kind, zone))
            elif open_command_zone:
                command_kind = definition.command_kind
                if command_kind == "bound":
                    out.append(action("cmd", kind))
                else:
                    if command_kind != "interrupt" and self._can_activate_from_hand(player, card):
                        out.append(action("cmd", kind))
                    if command_kind == "interrupt" or command_kind == "swift":
                        out.append(action("set", kind))
        if not self.flipped[player]:
            savior = self.savior[player]
            condition = card_defs[savior].flip_cond
            if condition is not None and condition(self, player, savior, {}):
                out.append(action("flip"))
        self._activation_actions(player, out, False)
        return out

    def _can_activate_from_hand(self, player: int, card: int) -> bool:
        effect = self.card_defs[card].main_effect
        if effect.trigger is not None:
            return False  # answers its trigger only (offered when it happens)
        if effect.timing == "swift" and self.turn_player != player:
            return False  # "SWIFT": from your hand during your turn
        if effect.cond is not None and not effect.cond(self, player, card, {}):
            return False
        if effect.cost and not can_pay(self, player, card, effect, {}, from_hand=True):
            return False
        return has_targets(self, player, card, effect, {})

    def _usable(self, player: int, card: int, effect) -> bool:
        if effect.once and (card, effect.idx) in self.used_once_per_turn:
            return False
        if effect.cond is not None and not effect.cond(self, player, card, {}):
            return False
        if effect.cost and not can_pay(self, player, card, effect, {}):
            return False
        return has_targets(self, player, card, effect, {})

    def _activation_actions(self, player: int, out: list, combat: bool) -> None:
        """Activated effects ("use ..."): the savior's (on the side it shows), spiritualized forms'
        (or [INDEPENDENT]), face-up bound commands', face-down [SWIFT] commands, forms in the drop
        zone with [INDEPENDENT] effects; in the combat step only [SWIFT] ones, and [SWIFT]
        commands from the hand ("cmd <kind>")."""
        card_defs = self.card_defs
        savior = self.savior[player]
        definition = card_defs[savior]
        flipped = self.flipped[player]
        for effect in (definition.swifts if combat else definition.acts_swifts):
            if effect.side is not None and (effect.side == "boundless") != flipped:
                continue
            if self._usable(player, savior, effect):
                out.append(action("use", "savior", effect.idx))
        forms = self.forms[player]
        for zone in range(self.num_form_zones):
            card = forms[zone]
            if card < 0:
                continue
            definition = card_defs[card]
            effects = definition.swifts if combat else definition.acts_swifts
            if not effects:
                continue
            spiritualized = bool(self.form_spirits[player][zone])
            for effect in effects:
                if not spiritualized and effect.timing != "independent":
                    continue
                if card in self.damaged:
                    continue
                if self._usable(player, card, effect):
                    out.append(action("use", "form", zone, effect.idx))
        commands, face_up, set_turn = self.commands[player], self.command_face_up[player], self.command_set_turn[player]
        for zone in range(self.num_command_zones):
            card = commands[zone]
            if card < 0:
                continue
            definition = card_defs[card]
            if face_up[zone]:
                if not combat:
                    for effect in definition.acts:
                        if self._usable(player, card, effect):
                            out.append(action("use", "cmd", zone, effect.idx))
            elif definition.command_kind == "swift" and set_turn[zone] < self.turn:
                effect = definition.main_effect
                if effect.trigger is None and self._usable(player, card, effect):
                    out.append(action("use", "cmd", zone, effect.idx))
        if not combat and self.drop[player]:
            open_form_zone = EMPTY in forms
            seen = set()
            for card in self.drop[player]:
                definition = card_defs[card]
                if definition.kind in seen or not definition.acts:
                    continue
                seen.add(definition.kind)
                for effect in definition.acts:
                    if effect.timing != "independent":
                        continue
                    if not open_form_zone and any(op["op"] == "play_from" for op in effect.ops):
                        continue
                    if self._usable(player, card, effect):
                        out.append(action("use", "drop", definition.kind, effect.idx))
        if combat and EMPTY in commands:
            seen = set()
            for card in self.hand[player]:
                definition = card_defs[card]
                if definition.ctype == COMMAND and definition.command_kind == "swift" and definition.kind not in seen:
                    seen.add(definition.kind)
                    if self._can_activate_from_hand(player, card):
                        out.append(action("cmd", definition.kind))

    # -- doing it ------------------------------------------------------------------------------------
    def apply(self, act, player: int) -> None:
        if self.log_events:
            self.log(str(act), player)
        pending = self.pending
        if pending is not None:
            self.pending = None
            ANSWERS[pending.kind](self, pending, act)
        else:
            VERBS[act.verb](self, player, act.args)
        self._resolve()

    # the turn player's free actions (VERBS) ----------------------------------------------------------
    def _play_form(self, player: int, args: tuple) -> None:
        """"FORM CARDS": ``play <kind>``: a level 0 form into the first open form zone; ``play <kind>
        <zone>``: a level 1+ form by sacrificing the form in that zone (equal or lower level, once
        per turn): the new form takes the zone and the sacrificed form's spirits."""
        card = self.card_in(self.hand[player], args[0])
        self.hand[player].remove(card)
        self.mark_known(player, card, False)
        sacrificed = EMPTY
        spirits = None
        if len(args) > 1:
            zone = args[1]
            sacrificed = self.forms[player][zone]
            spirits = self.form_spirits[player][zone]
            self.forms[player][zone] = EMPTY
            self.form_spirits[player][zone] = []
            self._leave_field(sacrificed)
            self.drop[player].append(sacrificed)
            self.sacrificed_to_play = True
        else:
            zone = self.forms[player].index(EMPTY)
        self.put_form(player, card, zone, "hand", sacrificed, spirits)
        self._open_response_window("opponent_plays_form_from_hand", {"form": card})

    def _spiritualize_action(self, player: int, args: tuple) -> None:
        """"THE ACT STEP" 1 and 2: ``spirit <kind> savior`` or ``spirit <kind> <zone>``."""
        spirit = self.card_in(self.hand[player], args[0])
        if args[1] == "savior":
            self.spiritualize(player, spirit, self.savior[player])
            self._open_response_window("opponent_spiritualizes_savior", {"form": EMPTY})
        else:
            host = self.forms[player][args[1]]
            self.spiritualize(player, spirit, host)
            self._open_response_window("opponent_spiritualizes_form", {"form": host})

    def _activate_command(self, player: int, args: tuple) -> None:
        """"COMMAND CARDS": ``cmd <kind>``: face-up in an open command zone on activation and while
        resolving; normal and swift ones then go to the drop zone, bound ones stay."""
        card = self.card_in(self.hand[player], args[0])
        self.hand[player].remove(card)
        self.mark_known(player, card, False)
        zone = self.commands[player].index(EMPTY)
        self.commands[player][zone] = card
        self.command_face_up = with_item(self.command_face_up, player, zone, True)
        self.command_set_turn = with_item(self.command_set_turn, player, zone, self.turn)
        self.mark_played(card)
        definition = self.card_defs[card]
        effect = EMPTY_EFFECT if definition.command_kind == "bound" else definition.main_effect
        if self.log_events:
            self.log("command", player, card=definition.name, kind=definition.command_kind)
        variables: dict[str, Any] = {"slot": zone}
        if self.in_act_step():
            variables["window"] = "opponent_activates_command"
        self._push_frame(player, card, effect, variables, KIND_COMMAND)

    def _set_command(self, player: int, args: tuple) -> None:
        """``set <kind>``: an [INTERRUPT] or [SWIFT] command face-down in an open command zone."""
        card = self.card_in(self.hand[player], args[0])
        self.hand[player].remove(card)
        self.mark_known(player, card, False)
        zone = self.commands[player].index(EMPTY)
        self.commands[player][zone] = card
        self.command_face_up = with_item(self.command_face_up, player, zone, False)
        self.command_set_turn = with_item(self.command_set_turn, player, zone, self.turn)
        self.mark_played(card)

    def _flip_savior(self, player: int, args: tuple) -> None:
        """"THE ACT STEP" 4: flip the savior to its boundless state, once per game."""
        self.flip(player)
        self._open_response_window("opponent_flips", {})

    def _use_effect(self, player: int, args: tuple) -> None:
        """``use savior <effect>``, ``use form <zone> <effect>``, ``use cmd <zone> <effect>`` (a
        face-down [SWIFT] command is flipped face-up), ``use drop <kind> <effect>``."""
        where = args[0]
        kind = KIND_EFFECT
        variables = {}
        if where == "savior":
            source = self.savior[player]
            effect = self.card_defs[source].effects[args[1]]
        elif where == "form":
            source = self.forms[player][args[1]]
            effect = self.card_defs[source].effects[args[2]]
        elif where == "cmd":
            zone = args[1]
            source = self.commands[player][zone]
            effect = self.card_defs[source].effects[args[2]]
            if not self.command_face_up[player][zone]:  # a face-down swift command: flip it face-up
                self.command_face_up = with_item(self.command_face_up, player, zone, True)
                kind = KIND_COMMAND
                variables["slot"] = zone
                if self.in_act_step():
                    variables["window"] = "opponent_activates_command"
        else:  # drop
            source = self.card_in(self.drop[player], args[1])
            effect = self.card_defs[source].effects[args[2]]
        if effect.once:
            self.used_once_per_turn = self.used_once_per_turn | {(source, effect.idx)}  # replaced (base.py: REPLACED)
        if self.log_events:
            self.log("effect", player, card=self.card_defs[source].name, effect=effect.name or effect.timing)
        self.frames.append([player, source, effect, 0, 0, variables, {}, kind])  # (as _push_frame)

    # answers to a pending decision (ANSWERS) -----------------------------------------------------------
    def _answer_choice(self, pending, act) -> None:
        self.frames[-1][F_TMP]["ans"] = act.args[0]

    def _answer_order(self, pending, act) -> None:
        batch = self.waiting_effects[0]
        for index, trigger in enumerate(batch):
            if self.order_action(trigger) == act:
                self._take_waiting(index)
                return
        raise ValueError(f"{act} names no waiting effect")

    def _answer_optional(self, pending, act) -> None:
        if act.verb == "accept":
            self._start_effect(pending.trigger)

    def _answer_response(self, pending, act) -> None:
        """``respond cmd <zone>`` (flip a face-down command face-up) or ``respond form <zone>
        <effect>``; ``pass``. A response cannot itself be answered (rules-notes)."""
        if act.verb != "respond":
            return
        responder, args = pending.player, act.args
        if args[0] == "cmd":
            zone = args[1]
            card = self.commands[responder][zone]
            self.command_face_up = with_item(self.command_face_up, responder, zone, True)
            variables = dict(pending.context)
            variables["slot"] = zone
            if self.log_events:
                self.log("interrupt", responder, card=self.card_defs[card].name)
            self._push_frame(responder, card, self.card_defs[card].main_effect, variables, KIND_COMMAND)
        else:
            card = self.forms[responder][args[1]]
            effect = self.card_defs[card].effects[args[2]]
            if effect.once:
                self.used_once_per_turn = self.used_once_per_turn | {(card, effect.idx)}  # replaced (base.py: REPLACED)
            if self.log_events:
                self.log("interrupt", responder, card=self.card_defs[card].name)
            self._push_frame(responder, card, effect, dict(pending.context), KIND_EFFECT)

    def _answer_mulligan(self, pending, act) -> None:
        self._mulligan(pending.player, act.args)

    def _answer_first_player(self, pending, act) -> None:
        self._choose_first_player(pending.player, act.verb == "first")


VERBS: dict[str, Callable[..., None]] = {
    "end": TurnMixin._end_action,
    "play": ActionMixin._play_form,
    "spirit": ActionMixin._spiritualize_action,
    "cmd": ActionMixin._activate_command,
    "set": ActionMixin._set_command,
    "flip": ActionMixin._flip_savior,
    "use": ActionMixin._use_effect,
    "attack": CombatMixin._attack,
}

ANSWERS: dict[str, Callable[..., None]] = {
    Ask.CHOICE: ActionMixin._answer_choice,
    Ask.ORDER: ActionMixin._answer_order,
    Ask.OPTIONAL: ActionMixin._answer_optional,
    Ask.RESPONSE: ActionMixin._answer_response,
    Ask.MULLIGAN: ActionMixin._answer_mulligan,
    Ask.FIRST_PLAYER: ActionMixin._answer_first_player,
}
