"""Triggered effects, effects in progress and response windows: the engine's resolution loop (a
mixin of :class:`~rules.boundless.state.BoundlessState`).

How a decision flows (``_resolve``): after a player's action, everything automatic runs until
some player must decide again (``pending``) or the turn player may act freely:

1. the effect in progress (the top *frame*, see effects.py): its cost ops, then its ops, one op
   at a time; an op that asks a player to choose sets ``pending`` and waits for the answer;
2. else the next waiting triggered effect (``waiting_effects``: batches of effects that
   triggered together, the newest batch first);
3. else the turn's own flow (``continuations``: compare PWR, damage the loser, pass the turn).

Rulebook: boundless-tcg.txt, "EFFECT TIMING INDICATORS", "COMMAND CARDS", "HOW TO READ BOUNDLESS
CARD EFFECTS" (the cost is paid before anything else can be activated). Interpretations:
docs/rules-notes.md, "Commands, interrupts, swift" and "Effects and timing".
"""

from __future__ import annotations

from rules.boundless.base import BoundlessBase, with_item
from rules.boundless.compiler import FORM, SAVIOR
from rules.boundless.constants import EMPTY, OVER
from rules.boundless.effects import (
    F_EFF,
    F_KIND,
    F_OPI,
    F_SRC,
    F_STAGE,
    F_TMP,
    F_VARS,
    KIND_COMMAND,
    KIND_EFFECT,
    OPS,
    can_pay,
    has_targets,
)
from rules.boundless.records import (
    ACCEPT,
    FACE_DOWN,
    FIELD,
    HAND,
    LAST_RANK,
    PASS,
    TIMING_RANK,
    UNDER,
    Ask,
    Pending,
    Trigger,
    action,
    new_record,
)


class TriggerMixin(BoundlessBase):
    """Collecting triggered effects, ordering them, offering and running them; response windows."""

    # -- collecting --------------------------------------------------------------------------------
    def _collect(self, card: int, controller: int, name: str, context: dict, batch: list, zone: str = FIELD) -> None:
        """Add to ``batch`` ``card``'s effects that trigger on ``name`` ([AUTO] and [INDEPENDENT]
        regardless of spirits; a form's [SWIFT] and [INTERRUPT] only when it is spiritualized,
        "EFFECT TIMING INDICATORS", "FORM CARDS (CONT.)")."""
        definition = self.card_defs[card]
        effects = definition.trig.get(name)
        if not effects:
            return
        for effect in effects:
            if definition.ctype == SAVIOR and effect.side is not None \
                    and (effect.side == "boundless") != self.flipped[controller]:
                continue
            if definition.ctype == FORM and zone == FIELD and effect.timing in ("swift", "interrupt") \
                    and not self.spirits_of(card):
                continue
            if effect.once and (card, effect.idx) in self.used_once_per_turn:
                continue
            if effect.cond is not None and not effect.cond(self, controller, card, context):
                continue
            batch.append(new_record(Trigger, (controller, card, effect, context, zone)))

    def _collect_under(self, host: int, controller: int, name: str, context: dict, batch: list) -> None:
        """Effects of the spirits underneath ``host`` that trigger on ``name`` ("host_attacks", ...)."""
        if name not in self.listened_triggers:
            return
        spirits = self.spirits_of(host)
        if not spirits:
            return
        host_context = None
        card_defs = self.card_defs
        for spirit in spirits:
            effects = card_defs[spirit].trig.get(name)
            if effects:
                if host_context is None:
                    host_context = dict(context)
                    host_context["host"] = host
                for effect in effects:
                    batch.append(new_record(Trigger, (controller, spirit, effect, host_context, UNDER)))

    def _collect_controlled(self, player: int, name: str, context: dict, batch: list) -> None:
        """Effects of every card ``player`` controls that trigger on ``name``, and of [SWIFT]
        commands in their hand on their turn (activated from the hand, "COMMAND CARDS")."""
        if name not in self.listened_triggers:
            return
        card_defs = self.card_defs
        self._collect(self.savior[player], player, name, context, batch)
        for card in self.forms[player]:
            if card >= 0 and name in card_defs[card].trig:
                self._collect(card, player, name, context, batch)
        for zone, card in enumerate(self.commands[player]):
            if card >= 0 and name in card_defs[card].trig:
                if self.command_face_up[player][zone]:
                    self._collect(card, player, name, context, batch)
                elif self.command_set_turn[player][zone] < self.turn:
                    self._collect(card, player, name, context, batch, FACE_DOWN)
        if self.turn_player == player and EMPTY in self.commands[player]:
            seen = set()
            for card in self.hand[player]:
                definition = card_defs[card]
                if definition.ctype == "command" and definition.command_kind == "swift" and name in definition.trig \
                        and definition.kind not in seen:
                    seen.add(definition.kind)
                    self._collect(card, player, name, context, batch, HAND)

    def _collect_damaged(self, card: int, owner: int, context: dict, batch: list) -> None:
        """"When this card is damaged" effects: the card's, its spirits', its controller's."""
        self._collect(card, owner, "damaged", context, batch)
        self._collect_under(card, owner, "host_damaged", context, batch)
        if self.card_defs[card].ctype == FORM:
            self._collect_controlled(owner, "your_form_damaged", context, batch)

    def _queue(self, batch: list) -> None:
        """Effects that triggered together wait as one batch, resolved by timing - [INTERRUPT],
        [SWIFT], [INDEPENDENT], then [AUTO] - and within a timing the turn player's first, then
        the other player's ("EFFECT TIMING INDICATORS"). A newer batch resolves before older ones."""
        if not batch:
            return
        if len(batch) > 1:
            turn_player = self.turn_player
            batch.sort(key=lambda t: (TIMING_RANK.get(t.effect.timing, LAST_RANK), t.controller != turn_player))
        self.waiting_effects.insert(0, batch)

    # -- the loop ----------------------------------------------------------------------------------
    def _resolve(self) -> None:
        """Run everything automatic until a player must decide (see the module docstring)."""
        while self._outcome is None and self.pending is None:
            if self.frames:
                self._step_frame()
            elif self.waiting_effects:
                self._next_waiting()
            elif self.continuations:
                handler, args = self.continuations.pop()
                handler(self, *args)
            else:
                break
        if self._outcome is not None:
            self.step = OVER
            self.pending = None
        self.acting_player = self.pending.player if self.pending is not None else self.turn_player

    def _step_frame(self) -> None:
        """One op of the effect in progress (its cost first, "HOW TO READ": the cost is paid
        before anything else; then the response window a command's activation opens)."""
        frame = self.frames[-1]
        effect = frame[F_EFF]
        if effect.python is not None:
            if effect.python(self, frame):
                self._finish_frame()
            return
        # The cost and effect loops below are written out twice on purpose: this is the engine's
        # hottest path, and a helper call per op measurably slowed greedy play (bench_engine).
        if frame[F_STAGE] == 0:
            ops = effect.cost
            if frame[F_OPI] < len(ops):
                op = ops[frame[F_OPI]]
                if OPS[op["op"]](self, frame, op):
                    frame[F_OPI] += 1
                    frame[F_TMP] = {}
                return
            frame[F_STAGE] = 1
            frame[F_OPI] = 0
            event = frame[F_VARS].pop("window", None)
            if event:
                self._open_response_window(event, {"cmd": frame[F_SRC]})
            return
        if self.negated_card == frame[F_SRC]:
            self._finish_frame(negated=True)
            return
        ops = effect.ops
        if frame[F_OPI] < len(ops):
            op = ops[frame[F_OPI]]
            if OPS[op["op"]](self, frame, op):
                frame[F_OPI] += 1
                frame[F_TMP] = {}
            return
        self._finish_frame()

    def _push_frame(self, controller: int, source: int, effect, variables: dict, kind: int = KIND_EFFECT) -> None:
        """Start running ``effect`` of ``source`` (effects.py's frame layout)."""
        self.frames.append([controller, source, effect, 0, 0, variables, {}, kind])

    def _finish_frame(self, negated: bool = False) -> None:
        """An effect is done; a command card goes to the drop zone after resolving, a bound one
        stays unless negated ("COMMAND CARDS")."""
        frame = self.frames.pop()
        if frame[F_KIND] == KIND_COMMAND:
            source = frame[F_SRC]
            owner = self.owner[source]
            zone = frame[F_VARS].get("slot", EMPTY)
            if negated:
                self.negated_card = EMPTY
            if zone >= 0 and self.commands[owner][zone] == source \
                    and (negated or self.card_defs[source].command_kind != "bound"):
                self.commands[owner][zone] = EMPTY
                self.command_face_up = with_item(self.command_face_up, owner, zone, False)
                self.drop[owner].append(source)

    # -- waiting effects ---------------------------------------------------------------------------
    def _next_waiting(self) -> None:
        """Offer the next waiting effect; when the player whose effects come next has two or
        more different ones of the same timing, they choose the order ("EFFECT TIMING INDICATORS")."""
        batch = self.waiting_effects[0]
        first = batch[0]
        run = 1
        if len(batch) > 1:
            rank = TIMING_RANK.get(first.effect.timing, LAST_RANK)
            while run < len(batch) and batch[run].controller == first.controller \
                    and TIMING_RANK.get(batch[run].effect.timing, LAST_RANK) == rank:
                run += 1
        if run > 1:
            options = []
            for trigger in batch[:run]:
                option = self.order_action(trigger)
                if option not in options:
                    options.append(option)
            if len(options) > 1:
                self.pending = Pending(first.controller, Ask.ORDER, options)
                return
        batch.pop(0)
        if not batch:
            self.waiting_effects.pop(0)
        self._offer(first)

    def order_action(self, trigger: Trigger):
        """The ``order`` action that picks ``trigger``: the card kind and the effect's number, and
        for a spirit's effect where its host is (``savior`` or a form zone)."""
        kind = self.card_defs[trigger.source].kind
        if trigger.zone != UNDER:
            return action("order", kind, trigger.effect.idx)
        host = trigger.context["host"]
        forms = self.forms[self.owner[host]]
        where = "savior" if self.card_defs[host].ctype == SAVIOR else forms.index(host) if host in forms else EMPTY
        return action("order", kind, trigger.effect.idx, where)

    def _take_waiting(self, index: int) -> None:
        batch = self.waiting_effects[0]
        trigger = batch.pop(index)
        if not batch:
            self.waiting_effects.pop(0)
        self._offer(trigger)

    def _offer(self, trigger: Trigger) -> None:
        """Resolve a waiting effect: skipped when it can no longer be used; optional ones ask."""
        controller, source, effect, context, zone = trigger
        if effect.once and (source, effect.idx) in self.used_once_per_turn:
            return
        if zone == HAND:
            if source not in self.hand[controller] or EMPTY not in self.commands[controller]:
                return
        elif zone == FACE_DOWN:
            commands = self.commands[controller]
            if source not in commands or self.command_face_up[controller][commands.index(source)]:
                return
        if effect.cost and not can_pay(self, controller, source, effect, context, from_hand=zone == HAND):
            return
        if effect.optional:
            self.pending = Pending(controller, Ask.OPTIONAL, [ACCEPT, PASS], trigger)
            return
        self._start_effect(trigger)

    def _start_effect(self, trigger: Trigger) -> None:
        """A triggered effect starts; a [SWIFT] command from the hand or face-down is placed
        face-up in a command zone first ("COMMAND CARDS")."""
        controller, source, effect, context, zone = trigger
        if effect.once:
            self.used_once_per_turn = self.used_once_per_turn | {(source, effect.idx)}  # replaced (base.py: REPLACED)
        variables = dict(context)
        kind = KIND_EFFECT
        if zone == HAND:
            self.hand[controller].remove(source)
            self.mark_known(controller, source, False)
            command_zone = self.commands[controller].index(EMPTY)
            self.commands[controller][command_zone] = source
            self.command_face_up = with_item(self.command_face_up, controller, command_zone, True)
            self.command_set_turn = with_item(self.command_set_turn, controller, command_zone, self.turn)
            self.mark_played(source)
            variables["slot"] = command_zone
            kind = KIND_COMMAND
        elif zone == FACE_DOWN:
            command_zone = self.commands[controller].index(source)
            self.command_face_up = with_item(self.command_face_up, controller, command_zone, True)
            variables["slot"] = command_zone
            kind = KIND_COMMAND
        if self.log_events:
            self.log("effect", controller, card=self.card_defs[source].name,
                     effect=effect.name or effect.trigger or effect.timing)
        self.frames.append([controller, source, effect, 0, 0, variables, {}, kind])  # (as _push_frame)

    # -- responses ---------------------------------------------------------------------------------
    def _open_response_window(self, event: str, context: dict) -> None:
        """After an act-step action of the turn player the other player may answer with an
        [INTERRUPT] ("COMMAND CARDS", "EFFECT TIMING INDICATORS"); the window opens only when a
        response is usable (rules-notes: "Which actions interrupts answer")."""
        if self._outcome is not None or not self.in_act_step():
            return
        responder = 1 - self.turn_player
        options = self.responses(responder, event, context)
        if options:
            self.pending = Pending(responder, Ask.RESPONSE, [PASS] + options, event=event, context=context)

    def responses(self, player: int, event: str, context: dict) -> list:
        """``player``'s usable answers to ``event``: face-down commands set before this turn
        ("MUST WAIT UNTIL THE NEXT PLAYER'S DRAW STEP"), and spiritualized forms' [INTERRUPT]s."""
        card_defs = self.card_defs
        options = []
        commands, face_up, set_turn = self.commands[player], self.command_face_up[player], self.command_set_turn[player]
        for zone in range(self.num_command_zones):
            card = commands[zone]
            if card < 0 or face_up[zone] or set_turn[zone] >= self.turn:
                continue
            effect = card_defs[card].main_effect
            if effect.timing == "interrupt" and effect.trigger != event:
                continue
            if effect.timing == "swift" and effect.trigger is not None:
                continue
            if effect.cond is not None and not effect.cond(self, player, card, context):
                continue
            if effect.cost and not can_pay(self, player, card, effect, context):
                continue
            if not has_targets(self, player, card, effect, context):
                continue
            options.append(action("respond", "cmd", zone))
        forms, form_spirits = self.forms[player], self.form_spirits[player]
        for zone in range(self.num_form_zones):
            card = forms[zone]
            if card < 0 or not form_spirits[zone]:
                continue
            for effect in card_defs[card].trig.get(event, ()):
                if effect.timing != "interrupt" or (effect.once and (card, effect.idx) in self.used_once_per_turn):
                    continue
                if effect.cond is not None and not effect.cond(self, player, card, context):
                    continue
                if effect.cost and not can_pay(self, player, card, effect, context):
                    continue
                if not has_targets(self, player, card, effect, context):
                    continue
                options.append(action("respond", "form", zone, effect.idx))
        return options
