"""What each seat sees (``view``) and moves said in the game's words (``action_to_string``): a
mixin of :class:`~rules.boundless.state.BoundlessState`. The view's keys are documented in
``rules/boundless/engine.py``.

Rulebook: boundless-tcg.txt, "SPIRIT CARDS" (spirit cards have a different back: how many of a
hand are spirits is public), "COMMAND CARDS" (face-down commands), "ZONES AND SETUP" (decks
face-down). Interpretations: docs/rules-notes.md, "Effects and timing" - "Hidden information".
"""

from __future__ import annotations

from rules.boundless.base import BoundlessBase
from rules.boundless.compiler import SAVIOR, SPIRIT
from rules.boundless.constants import ACT1, COMBAT
from rules.boundless.effects import F_EFF, F_OPI, F_STAGE
from rules.boundless.event_text import event_to_string
from rules.boundless.records import UNDER, Ask
from rules.core.engine import Event, Pick

#: presentation hints (docs/view-format.md, "Presentation hints"): drawn words and seat keys
HINTS = {
    "internal": ["id", "slot"],
    "labels": {"pwr": "power", "hand_spirit": "spirits in hand", "spirit_deck": "spirit deck", "deck": "main deck",
               "drop": "drop zone", "forms": "form zones", "commands": "command zones", "turn_player": "turn of",
               "hand_known": "known in hand"},
    "seat_keys": ["turn_player", "first_player"],
    # the steps in the rulebook's words (boundless-tcg.txt, "TURN STRUCTURE" and "THE COMBAT STEP"'s
    # phases; "declare" is the moment between attacks when an attacker is picked)
    "value_labels": {"step": {
        "setup": "before the game (mulligans)", "draw": "draw step", "invoke": "invoke step",
        "act1": "act step 1", "combat": "combat step", "combat:start": "combat step, start phase",
        "combat:declare": "combat step, choosing an attacker", "combat:check": "combat step, check phase",
        "combat:damage": "combat step, damage phase", "combat:end": "combat step, end phase",
        "act2": "act step 2", "end": "end step", "over": "game over"}},
}

#: what the chooser does with a card chosen inside an effect, by the effect op asking
_CHOICE_PURPOSE = {
    "discard": "to discard", "rescue": "to rescue from the void", "search": "to add from the main deck",
    "despiritualize": "to send to the void", "spiritualize": "to spiritualize with",
}


class ViewMixin(BoundlessBase):
    """``view``, ``action_to_string`` and the card names they use."""

    def _card(self, card: int) -> dict:
        return {"id": card, "name": self.card_defs[card].name}

    def view(self, player: int | None) -> dict:
        """What ``player`` may see (None: everything); the keys are documented in engine.py."""
        card_defs = self.card_defs
        card = self._card
        players = []
        for seat in (0, 1):
            mine = player is None or player == seat
            hand = self.hand[seat]
            savior = self.savior[seat]
            face_up = self.command_face_up[seat]
            entry = {
                "savior": {**card(savior), "boundless": self.flipped[seat], "pwr": self.pwr(savior),
                           "spirits": [card(x) for x in self.savior_spirits[seat]]},
                "forms": [None if form < 0 else {**card(form), "slot": zone, "pwr": self.pwr(form),
                                                 "damaged": form in self.damaged,
                                                 "spirits": [card(x) for x in self.form_spirits[seat][zone]]}
                          for zone, form in enumerate(self.forms[seat])],
                "commands": [None if command < 0 else
                             ({**card(command), "slot": zone, "face_up": face_up[zone]}
                              if face_up[zone] or mine else {"slot": zone, "face_up": False})
                             for zone, command in enumerate(self.commands[seat])],
                "drop": [card(x) for x in self.drop[seat]],
                "void": [card(x) for x in self.void[seat]],
                "deck_count": len(self.main_deck[seat]),
                "spirit_deck_count": len(self.spirit_deck[seat]),
                "hand_count": len(hand),
                "hand_spirit_count": sum(1 for x in hand if card_defs[x].ctype == SPIRIT),
            }
            if mine:
                entry["hand"] = [card(x) for x in hand]
            else:
                entry["hand_known"] = [card(x) for x in hand if x in self.known_in_hand[seat]]
            players.append(entry)
        out = {
            "game": "boundless", "turn": self.turn, "step": self.step_name, "turn_player": self.turn_player,
            "first_player": self.first_player, "to_act": self.current_players(), "players": players,
            "die_rolls": [list(rolls) for rolls in self.die_rolls],
            "over": self.is_over,
            "outcome": self._outcome.as_dict() if self._outcome else None,
            "hints": {**HINTS, "outcome": self._outcome_sentence()},
        }
        if player is not None and player == self.acting_player and not self.is_over:
            out["legal_actions"] = [str(a) for a in self.legal_actions(player)]
        return out

    def step_to_string(self, step: str) -> str:
        """The step in the rulebook's words (the hints' ``value_labels``)."""
        return HINTS["value_labels"]["step"].get(step) or super().step_to_string(step)  # type: ignore[index]

    def _outcome_sentence(self) -> str | None:
        """The end in a sentence, seats as "seat N" (pages name them): "seat 0 wins: 7 spirits in
        Sylvara, Emerald Warden's void" (boundless-tcg.txt, "WINNING THE GAME")."""
        outcome = self._outcome
        if outcome is None:
            return None
        if not outcome.winners:
            return "A draw: " + _REASONS.get(outcome.reason, outcome.reason.replace("_", " "))
        winner = outcome.winners[0]
        loser = 1 - winner
        if outcome.reason == "spirits_in_void":
            spirits = sum(1 for card in self.void[loser] if self.card_defs[card].ctype == SPIRIT)
            detail = f"{spirits} spirits in {self.card_defs[self.savior[loser]].name}'s void"
        elif outcome.reason == "deck_out":
            detail = f"seat {loser} could not draw for their draw step"
        else:
            detail = _REASONS.get(outcome.reason, outcome.reason.replace("_", " "))
        return f"seat {winner} wins: {detail}"

    # -- picking on the board ------------------------------------------------------------------------
    def action_pick(self, action, player: int) -> Pick | None:
        """Mulligan put-backs (a set of hand cards; keeping is the empty set), cards chosen by an
        effect, and attacks (the attacker, then its target) picked on the board."""
        verb, args = action.verb, action.args
        if verb in ("keep", "mulligan"):
            return Pick("Cards to put back", tuple(f"card:{self._name_of_kind(kind)}" for kind in args))
        if verb == "choose" and isinstance(args[0], str):
            return Pick("Choose a card on the field", (f"id:{self.card_at(args[0])}",))
        if verb == "choose":
            purpose = _CHOICE_PURPOSE.get(self._asking_op(), "")
            return Pick(f"Choose a card {purpose}".strip(), (f"card:{self._name_of_kind(args[0])}",))
        if verb == "attack":
            attacker = self.savior[player] if args[0] == "savior" else self.forms[player][args[0]]
            target = self.savior[1 - player] if args[1] == "savior" else self.forms[1 - player][args[1]]
            return Pick("Attack: the attacker, then its target", (f"id:{attacker}", f"id:{target}"), ordered=True)
        return None

    # -- moves in words --------------------------------------------------------------------------------
    def event_to_string(self, event: Event) -> str | None:
        """The event in the game's words (rules/boundless/event_text.py)."""
        return event_to_string(event)

    def action_to_string(self, action, player: int) -> str:
        """``action`` by ``player`` as a sentence ("Seat 0 plays Ashveil Imp into form zone 3");
        said before the action is applied. Zones are numbered from 1 for people (the actions' are
        from 0: ``play 12`` into the first empty zone 0 reads "form zone 1")."""
        return f"Seat {player} {_SAYINGS[action.verb](self, player, action.args)}"

    def _name_of_kind(self, kind: int) -> str:
        return self.catalogue[kind].name

    def _form_in(self, seat: int, zone: int) -> str:
        form = self.forms[seat][zone]
        return f"{self.card_defs[form].name} (form zone {zone + 1})" if form >= 0 else f"form zone {zone + 1}"

    def _effect_name(self, card: int, index: int) -> str:
        definition = self.card_defs[card]
        effect = definition.effects[index]
        return f"{definition.name}'s {effect.name}" if effect.name else f"{definition.name}'s effect"

    def _say_keep(self, player, args):
        return "keeps their opening hand"

    def _say_mulligan(self, player, args):
        cards = _listing([self._name_of_kind(kind) for kind in args])
        return f"puts back {cards}, shuffles and draws {len(args)}"

    def _say_first(self, player, args):
        return "goes first"

    def _say_defer(self, player, args):
        return f"lets seat {1 - player} go first"

    def _say_end(self, player, args):
        if self.step == COMBAT:
            return "ends the combat step"
        if self.step == ACT1:
            return "ends act step 1" + (" (the player going first skips combat on turn 1)" if self.turn == 1 else "")
        return "ends their turn"

    def _say_play(self, player, args):
        name = self._name_of_kind(args[0])
        if len(args) > 1:
            return f"sacrifices {self._form_in(player, args[1])} to play {name} in its place"
        return f"plays {name} into form zone {self.forms[player].index(-1) + 1}"

    def _say_spirit(self, player, args):
        spirit = self._name_of_kind(args[0])
        if args[1] == "savior":
            return f"spiritualizes their savior {self.card_defs[self.savior[player]].name} with {spirit}"
        return f"spiritualizes {self._form_in(player, args[1])} with {spirit}"

    def _say_cmd(self, player, args):
        name = self._name_of_kind(args[0])
        if self.catalogue[args[0]].command_kind == "bound":
            return f"places the bound command {name} face-up in command zone {self.commands[player].index(-1) + 1}"
        return f"activates {name}"

    def _say_set(self, player, args):
        return f"sets {self._name_of_kind(args[0])} face-down in command zone {self.commands[player].index(-1) + 1}"

    def _say_flip(self, player, args):
        return f"flips {self.card_defs[self.savior[player]].name} to its boundless side"

    def _say_use(self, player, args):
        where = args[0]
        if where == "savior":
            return f"uses {self._effect_name(self.savior[player], args[1])}"
        if where == "form":
            return f"uses {self._effect_name(self.forms[player][args[1]], args[2])} (form zone {args[1] + 1})"
        if where == "cmd":
            card = self.commands[player][args[1]]
            flips = "" if self.command_face_up[player][args[1]] else "flips a face-down command up and "
            return f"{flips}uses {self._effect_name(card, args[2])} (command zone {args[1] + 1})"
        card = self.card_in(self.drop[player], args[1])
        return f"uses {self._effect_name(card, args[2])} from the drop zone"

    def _say_attack(self, player, args):
        attacker, target = args
        savior_name = self.card_defs[self.savior[player]].name
        with_what = f"their savior {savior_name}" if attacker == "savior" else self._form_in(player, attacker)
        if target == "savior":
            return f"attacks the savior {self.card_defs[self.savior[1 - player]].name} with {with_what}"
        return f"attacks {self._form_in(1 - player, target)} with {with_what}"

    def _say_choose(self, player, args):
        chosen = args[0]
        if isinstance(chosen, str):  # a savior or form on the field (``position_of``)
            card = self.card_at(chosen)
            owner = self.owner[card]
            whose = "their" if owner == player else f"seat {owner}'s"
            if self.card_defs[card].ctype == SAVIOR:
                return f"chooses {whose} savior {self.card_defs[card].name}"
            return f"chooses {self.card_defs[card].name} ({whose} form zone {self.forms[owner].index(card) + 1})"
        purpose = _CHOICE_PURPOSE.get(self._asking_op(), "")
        return f"chooses {self._name_of_kind(chosen)}" + (f" {purpose}" if purpose else "")

    def _asking_op(self) -> str:
        """The name of the effect op that asks the pending choice ("discard", "rescue", ...)."""
        if not self.frames:
            return ""
        frame = self.frames[-1]
        effect = frame[F_EFF]
        ops = effect.cost if frame[F_STAGE] == 0 else effect.ops
        return ops[frame[F_OPI]]["op"] if frame[F_OPI] < len(ops) else ""

    def _say_order(self, player, args):
        name = self._name_of_kind(args[0])
        effect = self.catalogue[args[0]].effects[args[1]]
        label = f"{name}'s {effect.name}" if effect.name else f"{name}'s effect"
        if len(args) > 2:
            host = args[2]
            under = "their savior" if host == "savior" else self._form_in(player, host)
            label += f" (under {under})"
        return f"resolves {label} next"

    def _say_accept(self, player, args):
        return f"uses {self._trigger_name(self.pending.trigger)} (optional)"

    def _say_pass(self, player, args):
        pending = self.pending
        if pending is not None and pending.kind == Ask.OPTIONAL:
            return f"does not use {self._trigger_name(pending.trigger)} (optional)"
        return "does not respond"

    def _trigger_name(self, trigger) -> str:
        label = self._effect_name(trigger.source, trigger.effect.idx)
        if trigger.zone == UNDER:
            label += f" under {self.card_defs[trigger.context['host']].name}"
        return label

    def _say_respond(self, player, args):
        if args[0] == "cmd":
            card = self.commands[player][args[1]]
            return f"flips {self.card_defs[card].name} face-up in response (command zone {args[1] + 1})"
        return f"responds with {self._effect_name(self.forms[player][args[1]], args[2])} (form zone {args[1] + 1})"


_REASONS = {"deck_out": "a player could not draw for their draw step",
            "alternate_win": "a card's alternate win condition", "turn_limit": "the turn limit was reached"}


def _listing(names: list[str]) -> str:
    if len(names) < 2:
        return "".join(names)
    return ", ".join(names[:-1]) + " and " + names[-1]


_SAYINGS = {
    "keep": ViewMixin._say_keep, "mulligan": ViewMixin._say_mulligan, "first": ViewMixin._say_first,
    "defer": ViewMixin._say_defer, "end": ViewMixin._say_end, "play": ViewMixin._say_play,
    "spirit": ViewMixin._say_spirit, "cmd": ViewMixin._say_cmd, "set": ViewMixin._say_set,
    "flip": ViewMixin._say_flip, "use": ViewMixin._say_use, "attack": ViewMixin._say_attack,
    "choose": ViewMixin._say_choose, "order": ViewMixin._say_order, "accept": ViewMixin._say_accept,
    "pass": ViewMixin._say_pass, "respond": ViewMixin._say_respond,
}
