"""Resolving effects: a stack of frames (an effect's ops, where it is, what it chose), triggers, and
the decisions an effect asks for (millennium-blades.txt, "Effects on Cards", "General Rules",
"Clashing", "Cannot be flipped").

A frame is plain data ``{"seat", "source", "ops", "i", "ctx", "optional", "reaction"}``: ``seat``
is the player the effect's "you" means, ``ctx`` holds the cards it refers to (``played``,
``next_played``, ``revealed``, ``that_player``) and the answers to its decisions. An op that needs
a decision sets ``pending`` and is run again once the answer is in ``ctx``. Ops that cause
triggers (a flip, a won clash) queue them in ``triggered``; they resolve right after that op.
"""

from __future__ import annotations

from typing import Any

from rules.core.engine import Action
from rules.millennium_blades.catalogue import IN_FORCE
from rules.millennium_blades.clash import ClashMixin
from rules.millennium_blades.effects import ALLY_PLAYERS, EVENTS, MARKET_OPS
from rules.millennium_blades.op_registry import OP_HANDLERS, register_ops
from rules.millennium_blades.ops_attach2 import ATTACH2_OPS, action_flip_guard, do_attach2_op
from rules.millennium_blades.ops_clash2 import CLASH2_RUN_OPS, RP_LOSS_GAIN, do_clash2_op, loss_turned_to_gain
from rules.millennium_blades.ops_clash_tokens import CLASH_TOKENS_OPS, do_clash_tokens_op
from rules.millennium_blades.ops_copying import CAP_KEY, COPYING_OPS, do_copying_op, gain_under_cap, host_flip_copies
from rules.millennium_blades.ops_grants import (
    FLIP_EFFECTS_OFF,
    GRANTS_RUN_OPS,
    do_grants_op,
    flip_effects_stopped,
    note_gain,
    nth_this_turn,
)
from rules.millennium_blades.ops_guards import GUARDS_OPS, do_guards_op, trigger_starts
from rules.millennium_blades.ops_hands import HANDS_RUN_OPS, do_hands_op
from rules.millennium_blades.ops_history import next_turn_end
from rules.millennium_blades.ops_market_zones import MARKET_ZONES_OPS, do_market_zones_op
from rules.millennium_blades.ops_metagame import METAGAME_OPS, do_metagame_op
from rules.millennium_blades.ops_more_a import MORE_A_OPS, MoreOpsAMixin
from rules.millennium_blades.ops_more_b import MORE_B_OPS, MoreOpsBMixin
from rules.millennium_blades.ops_more_c import MORE_C_OPS, MoreOpsCMixin
from rules.millennium_blades.ops_more_d import MORE_D_OPS, MoreOpsDMixin
from rules.millennium_blades.ops_more_e import MORE_E_WHO, MoreOpsEMixin
from rules.millennium_blades.ops_more_f import MORE_F_OPS, MoreOpsFMixin
from rules.millennium_blades.ops_more_g import MORE_G_OPS, do_more_g_op
from rules.millennium_blades.ops_more_h import MORE_H_RUN_OPS, do_more_h_op
from rules.millennium_blades.ops_more_i import MORE_I_OPS, MoreOpsIMixin
from rules.millennium_blades.ops_more_j import MORE_J_OPS, do_more_j_op
from rules.millennium_blades.ops_more_k import MORE_K_OPS, do_more_k_op
from rules.millennium_blades.ops_more_l import MORE_L_OPS, do_more_l_op
from rules.millennium_blades.ops_more_n import MORE_N_OPS, do_more_n_op
from rules.millennium_blades.ops_more_o import MORE_O_OPS, do_more_o_op, first_this_turn, flip_selves, trigger_turn_fits
from rules.millennium_blades.ops_more_p import gain_turned_to_loss, lose_instead_of_gain
from rules.millennium_blades.ops_more_q import MORE_Q_OPS, do_more_q_op
from rules.millennium_blades.ops_more_r import MORE_R_OPS, do_more_r_op
from rules.millennium_blades.ops_more_s import MORE_S_OPS, do_more_s_op, quoted_flips
from rules.millennium_blades.ops_more_t import MORE_T_OPS, do_more_t_op
from rules.millennium_blades.ops_more_u import MORE_U_OPS, do_more_u_op
from rules.millennium_blades.ops_more_v import (
    MORE_V_OPS,
    MORE_V_WHO,
    ask_gain_reactions,
    do_more_v_op,
    gain_after_reactions,
    mark_spent,
    more_v_who,
)
from rules.millennium_blades.ops_more_x import MORE_X_OPS, do_more_x_op
from rules.millennium_blades.ops_more_z import MORE_Z_OPS, do_more_z_op
from rules.millennium_blades.ops_naming import NAMING_OPS, do_naming_op, players_to_choose
from rules.millennium_blades.ops_outcomes import OUTCOME_OPS, do_outcome_op
from rules.millennium_blades.ops_overrides import OVERRIDES_RUN_OPS, do_overrides_op
from rules.millennium_blades.ops_pointing import GIVES_NO_RP, POINTING_RUN_OPS, do_pointing_op, gain_from_pointed
from rules.millennium_blades.ops_positions import POSITIONS_RUN_OPS, do_positions_op
from rules.millennium_blades.ops_powers import POWER_OPS, capped_gain, do_power_op
from rules.millennium_blades.ops_prevention import (
    HAND_DISCARD_OPS,
    PREVENTION_OPS,
    barred,
    discard_window,
    do_prevention_op,
    effect_window,
    only_decline,
)
from rules.millennium_blades.ops_promos import PROMOS_OPS, do_promos_op
from rules.millennium_blades.ops_sideways import SIDEWAYS_OPS, do_sideways_op, pointed_card
from rules.millennium_blades.ops_triggers import TRIGGERS_RUN_OPS, do_triggers_op, echo_gain, money_heard, once_left
from rules.millennium_blades.ops_zones2 import ZONES2_OPS, caps_lifted, do_zones2_op
from rules.millennium_blades.replacement import limited_gain
from rules.millennium_blades.special_ops import SpecialOpsMixin
from rules.millennium_blades.view import DECISION_WORDS

LOOP_LIMIT = 3000  # ops resolved in one decision: beyond this, "Infinite Loops"
ACCEPT, DECLINE = Action("accept"), Action("decline")
TRIGGERED_BY = {event: f"on {event}" for event in EVENTS}  # the CardDef feature of an event's listeners
#: events whose trigger is about the listener's own seat unless it says otherwise ("you win a clash")
SELF_EVENTS = ("clash_won", "clash_lost", "clash", "star_tokens", "action_used", "turn_start", "turn_end", "discard")


class ResolveMixin(ClashMixin, SpecialOpsMixin, MoreOpsAMixin, MoreOpsBMixin, MoreOpsCMixin, MoreOpsDMixin, MoreOpsEMixin,
                   MoreOpsFMixin, MoreOpsIMixin):
    __slots__ = ()  # (the fields: slots of MBBase)
    # -- frames --------------------------------------------------------------------------------------
    def frame(self, seat: int, source: int | None, effect: dict, ctx: dict | None = None, *,
              extra: tuple = (), optional: bool | None = None, needs_face_up: bool = False) -> dict:
        """A frame for ``effect`` of ``source``; ``extra`` ops follow the card's text (an Action's
        flip), and an effect that stops short ("Discard a Card" that cannot be made) still does
        them; ``needs_face_up``: the card's text, which it has no more if the card is face-down
        by the time the effect starts ("Flip a Card")."""
        if "condition" in effect:
            ops = [{"op": "if", "condition": effect["condition"], "then": list(effect["ops"])}, *extra]
        else:
            ops = [*effect["ops"], *extra]
        frame = {"seat": seat, "source": source, "ops": ops, "i": 0, "ctx": dict(ctx) if ctx else {},
                 "optional": effect.get("optional", False) if optional is None else optional,
                 "reaction": effect.get("timing") == "reaction", "text_ends": len(ops) - len(extra),
                 "needs_face_up": needs_face_up, "timing": effect.get("timing")}
        if "condition" in effect and frame["reaction"]:  # "If X, when Y, ...": asked only while X holds (run)
            frame["condition"] = effect["condition"]
        return frame

    def push(self, frames: list[dict]) -> None:
        """Frames in the order they resolve (the first one first)."""
        self.stack.extend(reversed(frames))

    def run(self) -> None:
        """Resolve until the stack is empty, a decision is pending or the game ends."""
        if self.triggered:
            self.push(self.triggered)
            self.triggered = []
        while self.stack and self.pending is None and self._outcome is None:
            frame = self.stack[-1]
            ctx = frame["ctx"]
            if frame["needs_face_up"] and self.lost_its_text(frame):
                continue
            if frame["optional"]:
                if "accepted" not in ctx and "condition" in frame \
                        and not self.holds(frame["condition"], frame["source"], frame["seat"], ctx):
                    self.stack.pop()  # "Reaction effects are activated whenever the relevant condition on the
                    continue  # effect is met": one whose condition fails is not offered, and its card stays up
                if "accepted" not in ctx:
                    name = self.cards[frame["source"]].name if frame["source"] is not None else "an effect"
                    barred_reaction = frame["reaction"] and barred(self, frame["seat"], "reaction")  # (ops_prevention.py)
                    self.ask(frame["seat"], "optional", [DECLINE] if barred_reaction else [ACCEPT, DECLINE], "accepted", name)
                    return
                if not ctx["accepted"]:
                    self.stack.pop()
                    continue
            if frame["reaction"] and not ctx.get("paid"):
                ctx["paid"] = True
                self.log("reaction", frame["seat"], card=self.cards[frame["source"]].name)
                self.flip_card(frame["source"], frame["seat"])  # "Reaction": the card is flipped face-down
            k, ops = frame["i"], frame["ops"]
            if k == 0 and "on would_resolve" in self.feature_cards:  # an effect starting may be prevented (ops_prevention.py)
                prevented = effect_window(self, frame)
                if prevented is None:
                    return
                if prevented:
                    continue
            if k == 0 and "names_trigger" in self.feature_cards and trigger_starts(self, frame):  # (ops_guards.py)
                continue
            if k >= len(ops):
                self.stack.pop()
                continue
            if not self.do_op(frame, ops[k], k):
                return
            if frame["i"] == k:
                frame["i"] = k + 1
                stack = self.stack
                if k + 1 == len(ops) and stack and stack[-1] is frame and self.pending is None:
                    stack.pop()  # its last op done: off the stack now, not at the loop's next turn (the same order)
            if self.copiers is None or self.copiers:  # exact copies follow the tableau (special_ops.py)
                self.refresh_copies()
            self.steps += 1
            if self.steps > LOOP_LIMIT:
                self.infinite_loop()
                return
            if self.triggered:
                self.push(self.triggered)
                self.triggered = []
        if not self.stack and self.pending is None and self._outcome is None and "flip_self_when" in self.feature_cards \
                and flip_selves(self):  # cards that flip themselves once a condition holds (ops_more_o.py)
            self.run()

    def lost_its_text(self, frame: dict) -> bool:
        """An effect about to start whose card is face-down by now is dropped: "While a card is
        face-down, it has no attributes ... and is considered a blank card for all purposes"
        ("Flip a Card"), so a Reaction flipped before it is used neither resolves nor fires again.
        Once the effect has started, what it does to its own card is its own business."""
        if frame["source"] not in self.down:
            frame["needs_face_up"] = False
            return False
        self.stack.pop()
        self.log("effect_lost", frame["seat"], card=self.cards[frame["source"]].name, why="face-down")
        return True

    def ask(self, seat: int, kind: str, options: list[Action], key: str, about: str) -> None:
        if kind not in DECISION_WORDS:  # the view names every kind (view.schema.json's decision.kind)
            raise ValueError(f"{kind!r} is no decision kind: add it to view.DECISION_WORDS and view.schema.json")
        if kind == "react":  # a player barred from Reactions may only decline (ops_prevention.py)
            options = only_decline(self, seat, options)
        self.pending = {"seat": seat, "kind": kind, "options": options, "key": key, "about": about}

    def answer(self, action: Action) -> None:
        """Record the pending decision's answer in the top frame and go on resolving."""
        pending, self.pending = self.pending, None
        assert pending is not None  # legal actions answer a pending decision
        verb = action.verb
        args: tuple[Any, ...] = action.args  # each verb's arguments are of the types engine.py lists
        value: bool | int | str  # the choice as the frame reads it
        if verb in ("accept", "decline"):
            value = verb == "accept"
        elif verb == "target":
            value = self.tableau[args[0]][args[1]]
        elif verb == "accessory":  # an accessory chosen (seat, index)
            value = self.accessories[args[0]][args[1]]
        elif verb == "deck_box":  # a Deck Box chosen (seat, index): "cards you control" (ops_history.py)
            value = self.deck_box[args[0]][args[1]]
        elif verb == "pick":
            value = next(c for c in self.hand[pending["seat"]] if self.cards[c].name == args[0])
        elif verb == "react":
            value = next(c for c in self.play_area(pending["seat"]) if self.cards[c].name == args[0]
                         and c not in self.down)
        else:  # opponent, insert
            value = args[0]
        self.stack[-1]["ctx"][pending["key"]] = value
        if self.log_events:
            self.log("choice", pending["seat"], chose=str(action), about=pending["about"])

    # -- ops -------------------------------------------------------------------------------------------
    def do_op(self, frame: dict, op: dict, k: int) -> bool:
        """Do one op of ``frame`` (its ``k``-th) by its handler (op_registry.py), after the one check every
        discard from a hand passes; False while a decision it asked for is pending. An op with no
        handler (cancel_flip, done by the flip it cancels, and the continuous ops) does nothing now."""
        name = op["op"]
        if name in HAND_DISCARD_OPS and "on would_discard" in self.feature_cards:  # a Reaction keeps the hand
            kept = discard_window(self, frame, op, k)  # (ops_prevention.py)
            if kept is not False:
                return bool(kept)
        handler = OP_HANDLERS.get(name)
        return True if handler is None else handler(self, frame, op, k)

    def op_if(self, frame: dict, op: dict, k: int) -> bool:
        """"If ...": the ``then`` ops (else the ``else`` ones) as a frame of their own, after this op."""
        seat, source, ctx = frame["seat"], frame["source"], frame["ctx"]
        branch = op["then"] if self.holds(op["condition"], source, seat, ctx) else op.get("else")
        if branch:
            frame["i"] = k + 1
            self.stack.append({"seat": seat, "source": source, "ops": list(branch), "i": 0, "ctx": dict(ctx),
                               "optional": False, "reaction": False, "needs_face_up": False})
        return True

    def op_play_extra(self, frame: dict, op: dict, k: int) -> bool:
        """"Play an additional Single this turn": the player taking the turn only."""
        seat = frame["seat"]
        if seat == self.seat_turn:
            self.plays_left += op.get("amount", 1)
            self.log("extra_play", seat, plays_left=self.plays_left)
        return True

    def op_extra_turn(self, frame: dict, op: dict, k: int) -> bool:
        """"Take another turn": after this one (docs/rules-notes.md, "Another turn")."""
        seat = frame["seat"]
        self.extra_turns[seat] += op.get("amount", 1)
        self.log("extra_turn", seat, turns=self.extra_turns[seat])
        return True

    def op_keep_source(self, frame: dict, op: dict, k: int) -> bool:
        """"Action: ... Do not flip this card.": the card's text overrides "Use an Action"."""
        source = frame["source"]
        frame["ctx"]["keep_source"] = True
        for outer in self.stack:  # in an "if" branch: the Action's own frame, which flips it (phrases_more_k.py)
            if outer["source"] == source and any(o["op"] == "_flip_source" for o in outer["ops"]):
                outer["ctx"]["keep_source"] = True
        return True

    def op_flip_source(self, frame: dict, op: dict, k: int) -> bool:
        """An Action's card flipped once its text is done ("Use an Action")."""
        seat, source, ctx = frame["seat"], frame["source"], frame["ctx"]
        # not if it left play or became an attachment, nor if its Action said "Do not flip this card"
        if source not in self.down and not ctx.get("keep_source") and self.seat_of(source) is not None \
                and source not in self.attached:
            spared = self.spare_with_token(frame, k)
            if not spared and self.attached:  # Unite: an attachment discarded instead (ops_more_a.py)
                spared = self.guard_flip(frame, source, f"{k}:guard")
            if spared is None:
                return False
            if not spared and self.attached:  # an attachment discarded instead (ops_attach2.py)
                spared = action_flip_guard(self, frame, source, f"{k}:aguard")
                if spared is None:
                    return False
            if not spared:
                self.flip_card(source, seat, cause=source)  # "Use an Action": its own text flips it
        return True

    def who(self, frame: dict, op: dict, k: int) -> list[int] | None:
        seat, word = frame["seat"], op.get("who", "self")
        if word in MORE_E_WHO or "rp" in op:  # the player taking the turn, players by RP total (ops_more_e.py)
            return self.more_e_who(frame, op)
        if word in MORE_V_WHO:  # the players who flipped no card (ops_more_v.py)
            return more_v_who(self, frame)
        if word == "self":
            return [seat]
        if word == "each_opponent" or word == "each_other":
            return self.opponents(seat)
        if word == "each":
            return [s for s in range(self.num_players) if s not in self.out]
        if word == "that_player":
            return [frame["ctx"]["that_player"]] if "that_player" in frame["ctx"] else []
        if word == "chosen_opponent":
            key = f"{k}:opponent"
            others = self.opponents(seat)
            if key not in frame["ctx"] and len(others) > 1:
                self.ask(seat, "opponent", [Action("opponent", (s,)) for s in others], key, "an opponent")
                return None
            return [frame["ctx"].get(key, others[0])] if others else []
        if word in ALLY_PLAYERS:
            return self.ally_seats(seat, word, frame["ctx"])
        return [seat]

    def op_choose_player(self, frame: dict, op: dict, k: int) -> bool:
        """"Choose a player" / "Choose an opponent": the effect's player picks one (themselves too,
        for "a player"); "that player" and "they" then mean them (rules notes, "Choosing a player")."""
        seat, ctx, key = frame["seat"], frame["ctx"], f"{k}:player"
        players = self.opponents(seat) if op.get("among") == "opponent" else \
            [s for s in range(self.num_players) if s not in self.out]
        if op.get("as") != "ally" and IN_FORCE + "must_choose_me" in self.feature_cards:  # (ops_naming.py)
            players = players_to_choose(self, seat, players)
        if key not in ctx:
            if not players:
                return True
            if len(players) > 1:
                self.ask(seat, "player", [Action("player", (s,)) for s in players], key, "the chosen player")
                return False
            ctx[key] = players[0]
        ctx["ally" if op.get("as") == "ally" else "that_player"] = ctx[key]
        self.log("choose_player", seat, chosen=ctx[key], **({"as": "ally"} if op.get("as") == "ally" else {}))
        return True

    def op_points(self, frame: dict, op: dict, k: int) -> bool:
        players = self.who(frame, op, k)
        if players is None:
            return False
        amount = op.get("amount", 1)
        if "per" in op:
            amount *= self.count(op["per"], frame["source"], frame["seat"], frame["ctx"])
        uncapped = amount
        if "max" in op:
            amount = min(amount, op["max"])
        name, logging = op["op"], self.log_events
        if name in ("lose_rp", "steal_rp") and not self.ask_rp_loss_reactions(frame, players, amount, k):
            return False
        if name == "gain_rp" and "on would_gain_rp" in self.feature_cards \
                and not ask_gain_reactions(self, frame, players, amount, k):
            return False  # "When a player would gain RP" Reactions (ops_more_v.py)
        printed = amount
        for p in players:
            if name == "gain_rp" and "max" in op:  # a cap raised for this player (ops_powers.py)
                amount = uncapped if caps_lifted(self, frame, p, op, uncapped) else capped_gain(self, p, op, uncapped, printed)
            if name == "gain_money":
                self.money[p] += amount
                if logging:
                    self.log("gain_money", p, amount=amount)
                money_heard(self, p, amount, "gained")  # "Whenever you gain Dollars" (ops_triggers.py)
            elif name == "gain_rp" and "rp_gain_to_loss" in self.feature_cards and gain_turned_to_loss(self, p):  # "they
                # instead lose that amount" (ops_more_p.py)
                lose_instead_of_gain(self, p, limited_gain(self, p, amount), self.cannot_lose_rp(p))
            elif name == "gain_rp":
                # "Players cannot gain RP" (replacement.py)
                gained = limited_gain(self, p, amount) if "rp_gain_limit" in self.feature_cards else amount
                if GIVES_NO_RP in self.feature_cards:  # "the card this one points to cannot give you RP" (ops_pointing)
                    gained = gain_from_pointed(self, frame, p, gained)
                if "on would_gain_rp" in self.feature_cards or "on gain_prevented" in self.feature_cards:  # (ops_more_v.py)
                    gained = gain_after_reactions(self, frame, p, amount, gained, k)  # a Reaction; "prevented"
                if CAP_KEY in frame["ctx"]:  # a cap on what the effect gains (ops_copying.py)
                    gained = gain_under_cap(self, frame["ctx"], p, gained)
                self.rp[p] += gained
                if gained > 0 and "rp_gain_limit" in self.feature_cards:  # a gain this turn (ops_grants.py)
                    note_gain(self, p)
                if logging:
                    self.log("gain_rp", p, amount=gained, rp=self.rp[p])
                if "on gained_rp" in self.feature_cards:  # "Whenever an opponent gains RP" (ops_more_e.py)
                    self.rp_gained_triggers(frame, p, gained)
                if "echo_gain" in self.feature_cards:  # "the next time you score RP this turn, ... again" (ops_triggers)
                    echo_gain(self, p, gained)
            else:  # "FAQs": "You lose as much as you can and stop at zero"
                if RP_LOSS_GAIN in self.feature_cards and (instead := loss_turned_to_gain(self, p)) is not None:
                    self.rp[p] += instead  # a loss turned into a gain (ops_clash2.py)
                    self.log("gain_rp", p, amount=instead, rp=self.rp[p])
                    continue
                loss = self.rp_loss_after_reaction(frame, p, amount, k)  # "When you would lose RP" Reactions
                lost = 0 if self.cannot_lose_rp(p) else min(loss, self.rp[p])
                frame["ctx"]["lost_short"] = lost < amount  # "If you don't have enough RP to lose"
                self.rp[p] -= lost
                frame["ctx"]["rp_lost"] = frame["ctx"].get("rp_lost", 0) + lost  # "for each 6 RP lost this way"
                if logging:
                    self.log("lose_rp", p, amount=lost, rp=self.rp[p])
                if name == "steal_rp":  # the thief gains what was lost (rules notes, "Stealing RP")
                    thief = frame["ctx"].get("that_player", frame["seat"]) if op.get("thief") else frame["seat"]
                    self.rp[thief] += lost
                    if logging:
                        self.log("gain_rp", thief, amount=lost, rp=self.rp[thief])
        return True

    def op_insert(self, frame: dict, k: int) -> bool:
        """Scurry: "You may insert this card anywhere into your tableau"."""
        source, seat = frame["source"], frame["seat"]
        row = self.tableau[seat]
        if source not in row:
            return True
        key = f"{k}:slot"
        if key not in frame["ctx"]:
            self.ask(seat, "insert", [Action("insert", (i,)) for i in range(len(row))], key, self.cards[source].name)
            return False
        row.remove(source)
        row.insert(frame["ctx"][key], source)
        self.log("insert", seat, card=self.cards[source].name, slot=frame["ctx"][key])
        return True

    def op_reveal(self, frame: dict, op: dict, k: int) -> bool:
        seat, ctx, key = frame["seat"], frame["ctx"], f"{k}:revealed"
        where = op["source"]
        if where == "store":
            card = self.draw_store()
            if card is not None:
                self.to_aftermarket([card])
                self.log("reveal", seat, source="store", card=self.cards[card].name, star=self.cards[card].printed_star)
            ctx["revealed"] = card
            return True
        if where == "hand":
            options = sorted({self.cards[c].name for c in self.hand[seat]
                              if self.matches(c, op.get("filter", {}), frame["source"])})
            if key not in ctx and len(options) > 1:
                self.ask(seat, "reveal", [Action("pick", (n,)) for n in options], key, "a card to reveal")
                return False
            card = ctx.get(key) if key in ctx else next((c for c in self.hand[seat] if self.cards[c].name in options), None)
        else:
            whose = op.get("tableau")  # "in your (an opponent's) tableau": only there (phrases: batch u)
            spots = [(s, i) for s in range(self.num_players) for i, c in enumerate(self.tableau[s]) if c in self.down
                     and (whose is None or (s == seat) == (whose == "self"))]
            if key not in ctx and len(spots) > 1:
                self.ask(seat, "reveal", [Action("target", (s, i)) for s, i in spots], key, "a face-down card to reveal")
                return False
            card = ctx.get(key) if key in ctx else (self.tableau[spots[0][0]][spots[0][1]] if spots else None)
        ctx["revealed"] = card
        self.log("reveal", seat, source=where, card=self.cards[card].name if card is not None else None)
        return True

    def op_discard(self, frame: dict, op: dict, k: int) -> bool:
        """"Discard a Card": to the owner's binder. A discard that cannot be made stops the card's
        text (it is the price of what follows; rules notes); an Action's card is still flipped
        ("perform the text on the card, then flip the card face-down")."""
        seat, ctx = frame["seat"], frame["ctx"]
        if op.get("who", "self") != "self":  # "each opponent discards a card": each of them, from their hand
            players = self.who(frame, op, k)
            if players is None:
                return False
            mine = {key: value for key, value in op.items() if key != "who"}
            frame["i"] = k + 1
            # (whose effect it is: a Reaction to "an opponent's effect" discarding cards asks: ops_prevention.py)
            self.push([self.frame(p, frame["source"], {"ops": [mine]}, {"effect_of": seat}, optional=False)
                       for p in players])
            return True
        ctx["did"] = False
        for n in range(op.get("amount", 1)):
            key = f"{k}:discard{n}"
            if f"{key}:done" in ctx:
                continue
            options = sorted({self.cards[c].name for c in self.hand[seat]
                              if self.matches(c, op.get("filter", {}), frame["source"])})
            if not options:
                frame["i"] = frame.get("text_ends", len(frame["ops"]))
                self.log("discard_failed", seat)
                return True
            if key not in ctx:
                self.ask(seat, "discard", [Action("pick", (name,)) for name in options], key, "a card to discard")
                return False
            card = ctx[key]
            self.hand[seat].remove(card)
            self.binder[seat].append(card)
            ctx[f"{key}:done"] = True
            self.log("discard", seat, card=self.cards[card].name)
        ctx["did"] = True
        # the triggers on discarding (ops_more_b.py), with the cards discarded (ops_more_f.py)
        self.discard_triggers(seat, [ctx[f"{k}:discard{n}"] for n in range(op.get("amount", 1))])
        return True

    def op_pay(self, frame: dict, op: dict) -> bool:
        """Pay dollars to the bank from the player's money (``MBState(purse=...)`` plus what this
        tournament gave); a payment that cannot be made stops the card's text, like a discard."""
        seat, amount = frame["seat"], op.get("amount", 1)
        if self.purse[seat] + self.money[seat] < amount:
            frame["i"] = frame.get("text_ends", len(frame["ops"]))
            self.log("pay_failed", seat, amount=amount)
            return True
        frame["ctx"]["did"] = True
        self.money[seat] -= amount
        self.log("pay_money", seat, amount=amount)
        mark_spent(self, seat, amount)  # "if you spent money this turn" (ops_more_v.py)
        return True

    def op_rescore(self, frame: dict, op: dict) -> bool:
        """Activate again, for the effect's controller, the Score effects of their face-up Top Card
        (``card: top``) or of the Metagame cards (``card: metagame``); an effect that itself
        rescores is not activated again (no loop)."""
        seat, timing = frame["seat"], op.get("timing", "score")
        if op["card"] == "top":
            top = self.top_card(seat)
            cards = [top] if top is not None else []
        else:
            cards = list(self.metagame)
        # the Top Card's Play effects (batch r: activated again, "timing: play"): as
        # when it was played, the card is "that card" of its own Play effects
        named = {"played": cards[0]} if timing == "play" and cards else {}
        frames = [self.frame(seat, card, e, dict(named)) for card in cards for _i, e in self.cards[card].timed(timing)
                  if not any(o.get("op") == "rescore" for o in e["ops"])]
        self.log("rescore", seat, cards=[self.cards[c].name for c in cards])
        if frames:
            frame["i"] += 1
            self.push(frames)
        return True

    # -- triggers --------------------------------------------------------------------------------------
    def seats_in_order(self) -> list[int]:
        """"The player whose turn it is gets the first opportunity ..., with that opportunity
        passing clockwise" ("Effects on Cards")."""
        n, first = self.num_players, self.seat_turn
        if not self.out:
            return [*range(first, n), *range(first)]
        return [(first + k) % n for k in range(n) if (first + k) % n not in self.out]

    def collect(self, event: str, card: int | None, by: int | None, whose: int | None = None) -> list[dict]:
        """Frames of every Top, Ongoing and Reaction effect ``event`` triggers: Top effects first,
        then Ongoing, then Reactions (priority "Top>Ongoing>Play>Next>Score"), seats in turn order."""
        listeners = self.feature_cards.get(TRIGGERED_BY.get(event) or f"on {event}")
        if not listeners:
            return []
        # the listeners face-up out of their owner's hand (a single in hand is not in play), by the seat
        # whose play area holds them: the few of them looked up, not every seat's area searched
        down, owner, hands = self.down, self.owner, self.hand
        in_play: dict[int, set[int]] = {}
        for c in listeners:  # (``in_own_hand`` without a call a listener: at most steps)
            if c not in down and (owner[c] < 0 or c not in hands[owner[c]]) and (at := self.seat_of(c)) is not None:
                in_play.setdefault(at, set()).add(c)
        if not in_play:
            return []
        found: dict[str, list[dict]] = {"top": [], "ongoing": [], "reaction": []}
        for seat in self.seats_in_order():
            if seat not in in_play:
                continue
            top: int | None = -1  # not looked up yet
            for source in self.in_play_area(in_play[seat], seat):
                if source in down or source == card and event == "play":
                    continue
                for index, effect in enumerate(self.cards[source].triggers[event]):
                    if effect["timing"] == "top":
                        if top == -1:
                            top = self.top_card(seat)
                        if source != top:
                            continue
                    trigger = effect["trigger"]
                    if not self._fits(trigger, seat, source, card, by, whose):
                        continue
                    if trigger.get("seated") and trigger.get("first_each_turn") and \
                            (by is None or not self._seated_beside(seat, by, trigger["seated"])):
                        continue  # a gain by a player not seated there is not its first time (batch n)
                    if "turn" in trigger and not trigger_turn_fits(self, trigger, seat) or \
                            trigger.get("first_each_turn") and not first_this_turn(self, source, event, index) or \
                            "nth_each_turn" in trigger and not nth_this_turn(self, source, event, index,
                                                                             trigger["nth_each_turn"]):
                        continue  # "during your turn", "the first (second: ops_grants.py) time ... each turn" (ops_more_o.py)
                    if trigger.get("only_next") and not once_left(self, source, event, index):
                        continue  # "the next player to gain RP": the first one only (ops_triggers.py)
                    if "next_turn" in trigger and not next_turn_end(self, source):
                        continue  # "at the end of your next turn" (ops_history.py)
                    ctx = {"that_player": by if by is not None else seat, "played": card}
                    found[effect["timing"]].append(self.frame(seat, source, effect, ctx, needs_face_up=True))
                    if "after_play" in trigger or "keeps_play" in trigger:  # ops_more_m.py
                        found[effect["timing"]][-1].update(after_play=trigger.get("after_play"),
                                                           keeps_play=trigger.get("keeps_play"))
        return found["top"] + found["ongoing"] + found["reaction"]

    def _fits(self, trigger: dict, seat: int, source: int, card: int | None, by: int | None, whose) -> bool:
        with_this = trigger.get("with_this")  # "When you win a clash with this card" (the card it points to: ops_pointing)
        if with_this and card != (source if with_this is True else pointed_card(self, source, with_this)):
            return False
        side = trigger.get("by", "self" if trigger["event"] in SELF_EVENTS else "any")
        if side == "self" and by != seat or side == "opponent" and (by is None or by == seat):
            return False
        side = trigger.get("whose", "any")
        if side == "self" and whose != seat or side == "opponent" and (whose is None or whose == seat):
            return False
        flt = trigger.get("filter")
        if not flt or card is None:
            return True
        if card in self.down:  # a flipped card is judged as it was when the flip happened
            self.down.discard(card)
            try:
                return self.matches(card, flt, source)
            finally:
                self.down.add(card)
        return self.matches(card, flt, source)

    def flip_card(self, card: int, by: int, *, flip_effects: bool = True, cause: int | None = None) -> bool:
        """"Flip a Card": turned face-down, a blank card; its Flip effects and "flipped" triggers. ``cause``:
        the card whose effect flipped it, when one did (REF ``flipper`` of its Flip effects)."""
        if card in self.down or "token_guard" in self.feature_cards and self.token_guard(card):  # ops_more_a.py
            return False
        self.down.add(card)
        tokens = self.tokens.pop(card, 0)
        first: list[dict] = []
        if self.attached:
            first = host_flip_copies(self, card)  # an attachment copying the host's effects (ops_copying.py)
            for att in self.attachments(card):
                self.detach(att, "flipped")
        whose = self.seat_of(card)
        owner = self.owner[card]
        if owner >= 0:
            stats = self.stats[owner]["flipped"]
            stats[self.cards[card].name] = stats.get(self.cards[card].name, 0) + 1
        if self.log_events:
            self.log("flip", by, card=self.cards[card].name, seat=whose, slot=self.slot_of(card))
        if flip_effects and FLIP_EFFECTS_OFF in self.feature_cards and flip_effects_stopped(self, card):
            flip_effects = False  # no other card's Flip effects while such a rule holds (ops_grants.py)
        # its Flip effects see the +1 Star tokens it had ("for each +1 STAR Token on this card")
        # "but do not activate any Flip effects" (flip_effects False): the card's own and granted ones
        own: list[dict] = []
        if whose is not None and flip_effects and (flips := self.cards[card].by_timing.get("flip")):
            own = [self.frame(whose, card, e, {"flipped_by": by, "that_player": by, "tokens_lost": tokens, "flipper": cause})
                   for _i, e in flips]
        if whose is not None and flip_effects and "grant_flip" in self.feature_cards:
            own += self.granted_flips(card, by, whose)
        if whose is not None and flip_effects and "has_flip" in self.feature_cards:
            own += quoted_flips(self, card, by, whose)  # 'All Singles in your tableau have "Flip: ..."' (ops_more_s)
        listeners = self.collect("flipped", card, by, whose) if "on flipped" in self.feature_cards else []
        self.triggered.extend(first + own + listeners)
        return True


# -- every op's handler (op_registry.py): one line per op or batch of ops --------------------------------
register_ops(("gain_rp", "lose_rp", "gain_money", "steal_rp"), ResolveMixin.op_points)
register_ops(("flip",), ResolveMixin.op_flip)
register_ops(("clash",), ResolveMixin.op_clash)
register_ops(("star_tokens",), ResolveMixin.op_tokens)
register_ops(("if",), ResolveMixin.op_if)
register_ops(("play_extra",), ResolveMixin.op_play_extra)
register_ops(("extra_turn",), ResolveMixin.op_extra_turn)
register_ops(("insert",), lambda game, frame, op, k: game.op_insert(frame, k))
register_ops(("reveal",), ResolveMixin.op_reveal)
register_ops(("discard",), ResolveMixin.op_discard)
register_ops(("pay_money",), lambda game, frame, op, k: game.op_pay(frame, op))
register_ops(("rescore",), lambda game, frame, op, k: game.op_rescore(frame, op))
register_ops(("choose_player",), ResolveMixin.op_choose_player)
register_ops(MARKET_OPS, ResolveMixin.do_market_op)
register_ops(MORE_A_OPS, ResolveMixin.do_more_a_op)
register_ops(("copy_effects",), ResolveMixin.op_copy)
register_ops(("attach",), ResolveMixin.op_attach)
register_ops(("attach_from_hand",), ResolveMixin.op_attach_from_hand)
register_ops(MORE_F_OPS, ResolveMixin.do_more_f_op)  # hands, binders, random cards
register_ops(MORE_G_OPS, lambda game, frame, op, k: do_more_g_op(game, frame, op))  # one more Action this turn
register_ops(MORE_L_OPS, do_more_l_op)  # RP for the STAR of one card that fits
register_ops(MORE_H_RUN_OPS, do_more_h_op)  # face-down cards turned face-up
register_ops(MORE_J_OPS, do_more_j_op)  # zones: clockwise, pick and play, the box
register_ops(MORE_K_OPS, do_more_k_op)  # tokens on different cards, a card turned face-up
register_ops(MORE_O_OPS, do_more_o_op)  # RP capped per turn
register_ops(MORE_N_OPS, do_more_n_op)  # this card out of the game
register_ops(MORE_V_OPS, do_more_v_op)  # done by the gain of RP it answers
register_ops(POWER_OPS, do_power_op)  # printed Character powers
register_ops(MORE_Q_OPS, do_more_q_op)  # the Store Discard's top cards taken
register_ops(MORE_T_OPS, do_more_t_op)  # revealed clash cards taken
register_ops(MORE_Z_OPS, do_more_z_op)  # done by the clash it answers
register_ops(MORE_U_OPS, do_more_u_op)  # face-down cards revealed
register_ops(MORE_S_OPS, do_more_s_op)  # the revealed card's element or type names cards
register_ops(MORE_R_OPS, do_more_r_op)  # slots for the rest of the tournament
register_ops(MORE_X_OPS, do_more_x_op)  # a card played at random from the hand
register_ops((*MORE_B_OPS, "_sell_marker"), ResolveMixin.do_more_b_op)
register_ops(MORE_C_OPS, ResolveMixin.do_more_c_op)  # tokens removed or moved
register_ops(("for_players",), ResolveMixin.op_for_players)  # "each player with 10 RP or less must flip ..."
register_ops(MORE_D_OPS, ResolveMixin.do_more_d_op)  # the players of a clash by its result
register_ops((*MORE_I_OPS, "_tally_i"), ResolveMixin.do_more_i_op)  # done by the clash; a clash player's count
register_ops(("keep_source",), ResolveMixin.op_keep_source)
register_ops(("_flip_source",), ResolveMixin.op_flip_source)
register_ops(OUTCOME_OPS, do_outcome_op)  # a discard every player makes at once
register_ops(METAGAME_OPS, do_metagame_op)  # a Metagame card out of play
register_ops(SIDEWAYS_OPS, do_sideways_op)  # a card played sideways
register_ops(MARKET_ZONES_OPS, do_market_zones_op)  # the Store zones looked at and taken from
register_ops(PREVENTION_OPS, do_prevention_op)  # an effect prevented and copied
register_ops(COPYING_OPS, do_copying_op)  # a chosen card's effects copied, a cap on an effect's RP
register_ops(CLASH_TOKENS_OPS, do_clash_tokens_op)  # +1 STAR tokens taken from a player's cards
register_ops(NAMING_OPS, do_naming_op)  # names remembered, banned, discarded or flipped
register_ops(POSITIONS_RUN_OPS, do_positions_op)  # tableau positions, Sell Markers, sales
register_ops(TRIGGERS_RUN_OPS, do_triggers_op)  # other players' choices, RP exchanged
register_ops(ATTACH2_OPS, do_attach2_op)  # an attachment removed with its host
register_ops(CLASH2_RUN_OPS, do_clash2_op)  # dice rolled
register_ops(HANDS_RUN_OPS, do_hands_op)  # Dollars stolen, a player spared, Friendship cards moved
register_ops(GRANTS_RUN_OPS, do_grants_op)  # a Fusion given to the next card: checked before its play
register_ops(PROMOS_OPS, do_promos_op)  # the Promo stacks picked up, gained from, played from
register_ops(POINTING_RUN_OPS, do_pointing_op)  # a protection until the next turn (ops_pointing.py)
register_ops(GUARDS_OPS, do_guards_op)  # cards kept in their slots (rules in force: nothing to run)
register_ops(OVERRIDES_RUN_OPS, do_overrides_op)  # a whole hand discarded
register_ops(ZONES2_OPS, do_zones2_op)  # cards played from the Store, the Aftermarket, the binder (ops_zones2.py)
