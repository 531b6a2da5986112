"""The engine side of ``phrases_more_a.py`` (issue 26.2, set A): spending up to a number of
dollars, doing ops again, the counts of what an effect spent or lost, and the opponent with the
highest Top Card for a clash (millennium-blades.txt, "Clashing", "Top Card", "FAQs"); the card
checker's checks of their ops and counts.
"""

from __future__ import annotations

import operator
from collections.abc import Mapping
from typing import Any

from rules.core.engine import Action
from rules.core.schema import OpSpec
from rules.millennium_blades.base import MBBase
from rules.millennium_blades.ops_more_v import mark_spent
from rules.millennium_blades.ops_more_x import forgo_bonus_plays

MORE_A_EFFECT_OPS = {
    "spend_up_to": OpSpec("Spend up to amount Millennium Dollars (no amount: any number), as many as the player "
                          "chooses and has; COUNT spent is how many.", {"amount": "int"}),
    "repeat": OpSpec("Run the ops amount times, or once for each of a count (per), at most max times.",
                     {"amount": "int", "per": "any", "ops": "any", "max": "int"}),
    "toll": OpSpec("After a clash (a clash_any trigger): each loser of it but you pays you amount Millennium "
                   "Dollars, or, having fewer, runs the short ops as that player.", {"amount": "int", "short": "any"}),
    "pass_turn": OpSpec("Action: no Single is played this turn; the player Passes (\"Tournament Turns\").", {}),
    "ignore_clash": OpSpec("A would-clash Reaction: the clash does not happen (no player wins or loses).", {}),
    "to_right_end": OpSpec("Move the card the target names to the right end of its owner's tableau.", {"target": "any"}),
    "look_store": OpSpec("Look at the top card of the Store: it stays there, and \"it\" (REF revealed) names it.", {}),
    "place_looked": OpSpec("The card looked at, if still the top of the Store, goes to: bottom (of the Store), top "
                           "(stays), hand, aftermarket, or play (into your tableau, as a Single played).", {"to": "str"}),
    "unite": OpSpec("Unite: during your turn you may attach cards (filter) from your hand to this face-up card, "
                    "any number, each a move of its own (continuous).", {"filter": "any"}),
    "token_guard": OpSpec("A flip of this card while it carries +1 STAR tokens: one token is removed and the ops "
                          "run instead (continuous); token false: no token needed or removed, the flip simply does "
                          "not happen and the ops run (batch v).", {"ops": "any", "token": "bool"}),
    "attachment_guard": OpSpec("Unite: when this card would be flipped, its controller may discard one of its "
                               "attachments to their binder instead (continuous).", {}),
}
MORE_A_OPS = tuple(MORE_A_EFFECT_OPS)
#: the continuous ones (``effects.CONTINUOUS_OPS``), and the card features the engine looks for
MORE_A_CONTINUOUS_OPS = ("unite", "attachment_guard", "token_guard")
#: spent: the dollars this effect spent; rp_lost: the RP it made its player lose. ``every``: counted
#: in steps of that many (rounded down, or up with ``round: up``)
MORE_A_COUNTS = ("spent", "rp_lost")
#: where ``place_looked`` puts the card looked at
LOOKED_PLACES = ("bottom", "top", "hand", "aftermarket", "play", "store_discard")
#: trigger events: would_clash, a clash about to happen (a Reaction may ignore it)
MORE_A_EVENTS = ("would_clash",)
#: CONDITION tests: clash_printed, the printed Star Ratings of the cards the winner and the loser
#: clashed with compared (``cmp``: the winner's against the loser's)
MORE_A_TESTS = ("clash_printed",)
#: how a clash with "an opponent" picks them: highest_top, the opponents whose Top Card is highest
CLASH_RIVALS = ("highest_top",)


def more_a_op_errors(name: str, op: Mapping[str, Any], where: str) -> list[tuple[str, str]]:
    """The card checker's checks of these ops (``effects._op`` asks)."""
    from rules.millennium_blades.effects import _int, count_errors, filter_errors, ops_errors  # effects asks this module

    if name == "spend_up_to":  # no amount: "any number of Dollars"
        return _int(op["amount"], f"{where}.amount") if "amount" in op else []
    if name == "unite":
        return filter_errors(op.get("filter", {}), f"{where}.filter")
    if name == "attachment_guard":
        return []
    if name == "token_guard":
        errors = [] if op.get("token", False) is False else [(f"{where}.token", "is false (no token needed), or absent")]
        return errors + (ops_errors(op["ops"], f"{where}.ops") if op.get("ops") else [])
    if name in ("look_store", "pass_turn", "ignore_clash"):
        return []
    if name == "place_looked":
        return [] if op.get("to") in LOOKED_PLACES else [(f"{where}.to", f"is one of {', '.join(LOOKED_PLACES)}")]
    if name == "to_right_end":
        from rules.millennium_blades.effects import target_errors

        return target_errors(op.get("target"), f"{where}.target")
    if name == "toll":
        return _int(op.get("amount"), f"{where}.amount") + (ops_errors(op["short"], f"{where}.short") if "short" in op else [])
    errors = ops_errors(op.get("ops"), f"{where}.ops")
    if "per" in op:
        return errors + count_errors(op["per"], f"{where}.per")
    return errors + _int(op.get("amount"), f"{where}.amount")


def more_a_count_errors(count: Mapping[str, Any], path: str) -> list[tuple[str, str]]:
    from rules.millennium_blades.effects import _int

    errors = _int(count.get("every", 1), f"{path}.every")
    if count.get("round", "down") not in ("up", "down"):
        errors.append((f"{path}.round", "is up or down"))
    return errors


def more_a_condition_errors(cond: Mapping[str, Any], path: str) -> list[tuple[str, str]]:
    from rules.millennium_blades.effects import CMPS

    return [] if cond.get("cmp") in CMPS else [(f"{path}.cmp", f"is one of {' '.join(CMPS)}")]


def more_a_holds(state: Any, cond: Mapping[str, Any], ctx: Mapping[str, Any]) -> bool:
    """The winner's printed Star Rating against the loser's (``cmp``): the cards of the clash just made
    ("CARD DATA": the printed Star Rating); false with no winner or not one loser."""
    result = ctx.get("clash_result") or {}
    winner, losers, used = result.get("winner"), result.get("losers", ()), result.get("used", {})
    if winner is None or len(losers) != 1:
        return False
    mine, theirs = used.get(str(winner)), used.get(str(losers[0]))
    if mine is None or theirs is None:
        return False
    compare = {"<": operator.lt, "<=": operator.le, "==": operator.eq, ">=": operator.ge, ">": operator.gt}[cond["cmp"]]
    return bool(compare(state.cards[mine].printed_star, state.cards[theirs].printed_star))


def more_a_count(count: Mapping[str, Any], ctx: Mapping[str, Any]) -> int:
    """What the effect spent or lost, in steps of ``every``."""
    value = ctx.get("spent" if count["count"] == "spent" else "rp_lost", 0)
    every = max(1, count.get("every", 1))
    return -(-value // every) if count.get("round") == "up" else value // every


class MoreOpsAMixin(MBBase):
    __slots__ = ()  # (the fields: slots of MBBase)
    def do_more_a_op(self, frame: dict, op: dict, k: int) -> bool:
        if op["op"] == "spend_up_to":
            return self.op_spend_up_to(frame, op, k)
        if op["op"] == "toll":
            return self.op_toll(frame, op)
        if op["op"] == "pass_turn":
            if frame["seat"] == self.seat_turn:  # no Single after it: the player's one move is to pass
                self.plays_left = 0
                if "plays_per_turn" in self.feature_cards:  # nor a play more of this turn (ops_more_x.py)
                    forgo_bonus_plays(self)
                self.log("pass_turn", frame["seat"])
            return True
        if op["op"] == "look_store":
            return self.op_look_store(frame)
        if op["op"] == "place_looked":
            return self.op_place_looked(frame, op)
        if op["op"] == "repeat":
            return self.op_repeat(frame, op)
        if op["op"] == "to_right_end":
            return self.op_to_right_end(frame, op, k)
        return True  # ignore_clash (done by the clash it ignores) and the continuous ops

    def op_spend_up_to(self, frame: dict, op: dict, k: int) -> bool:
        """"Spend up to 3 Dollars": the player chooses 0 to that many, no more than they have
        (rules notes, "Spending up to"); what they spent is COUNT ``spent``."""
        seat, ctx, key = frame["seat"], frame["ctx"], f"{k}:spend"
        most = max(0, min(op.get("amount", 10 ** 6), self.purse[seat] + self.money[seat]))
        if key not in ctx:
            if most == 0:
                ctx[key] = 0
            else:
                self.ask(seat, "spend", [Action("spend", (n,)) for n in range(most + 1)], key, "dollars to spend")
                return False
        spent = ctx[key]
        self.money[seat] -= spent
        ctx["spent"], ctx["did"] = spent, spent > 0
        self.log("pay_money", seat, amount=spent)
        mark_spent(self, seat, spent)  # "if you spent money this turn" (ops_more_v.py)
        return True

    def op_look_store(self, frame: dict) -> bool:
        """"Look at the top card of the Store": its player sees it, it stays on top (rules notes,
        "Looking"); "it" then names it. The log says that they looked, not what they saw."""
        card = self.draw_store()  # "FAQs": an empty Store is the Store Discard shuffled
        if card is not None:
            self.store.append(card)
        frame["ctx"]["revealed"] = card
        self.log("look", frame["seat"], cards=0 if card is None else 1)
        return True

    def looked_placeable(self, op: dict, ctx: dict, seat: int) -> bool:
        """Whether the card looked at is still the top of the Store (and, to play it, a slot is open)."""
        card = ctx.get("revealed")
        if card is None or not self.store or self.store[-1] != card:
            return False
        return op["to"] != "play" or len(self.tableau[seat]) < self.capacity(seat) and self.may_play(seat, card)

    def op_place_looked(self, frame: dict, op: dict) -> bool:
        seat, ctx = frame["seat"], frame["ctx"]
        if not self.looked_placeable(op, ctx, seat) or op["to"] == "top":
            return True
        card = self.store.pop()
        if op["to"] in ("bottom", "hand"):
            self.log("looked_placed", seat, to=op["to"])  # what the card is stays theirs to know
        if op["to"] == "bottom":
            self.store.insert(0, card)
        elif op["to"] == "store_discard":  # a Store card has no binder: the Store Discard (rules notes, "Looking")
            self.store_discard.append(card)
            self.log("reveal", seat, source="store", card=self.cards[card].name, star=self.cards[card].printed_star)
        elif op["to"] == "aftermarket":
            self.to_aftermarket([card])
            self.log("reveal", seat, source="store", card=self.cards[card].name, star=self.cards[card].printed_star)
        else:  # hand, play: the card is theirs now
            self.owner[card] = seat
            if op["to"] == "hand":
                self.hand[seat].append(card)
            else:
                self.play_single(seat, card, from_hand=False)
        return True

    def op_to_right_end(self, frame: dict, op: dict, k: int) -> bool:
        """"Pick up a card in an opponent's tableau and place it into the right-most slot of that tableau":
        the cards to its right shift left; it may become that player's Top Card ("Top Card")."""
        cards = self.choose_cards(frame, op["target"], k, flipping=False)
        if cards is None:
            return False
        for card in cards:
            seat = self.seat_of(card)
            if seat is None or card not in self.tableau[seat]:
                continue
            row = self.tableau[seat]
            row.remove(card)
            row.append(card)
            self.log("insert", seat, card=self.cards[card].name, slot=len(row) - 1)
        return True

    def op_toll(self, frame: dict, op: dict) -> bool:
        """Each loser of any clash but this card's controller pays them ``amount`` Dollars if they
        have it all, else pays nothing and the short ops happen to them (rules notes, "A loser pays you")."""
        seat, result = frame["seat"], frame["ctx"].get("clash_result") or {}
        short = []
        for p in result.get("losers", ()):
            if p == seat:
                continue
            amount = op.get("amount", 1)
            if self.purse[p] + self.money[p] >= amount:
                self.money[p] -= amount
                self.money[seat] += amount
                self.log("pay_player", p, to=seat, amount=amount)
            elif op.get("short"):
                short.append(self.frame(seat, frame["source"], {"ops": op["short"]}, {"that_player": p}, optional=False))
        if short:
            frame["i"] += 1
            self.push(short)
        return True

    def op_repeat(self, frame: dict, op: dict) -> bool:
        """The ops again, ``amount`` times or once per thing counted; each time a frame of its own
        (its choices its own), in order."""
        times = op.get("amount", 1)
        if "per" in op:
            times *= self.count(op["per"], frame["source"], frame["seat"], frame["ctx"])
        if "max" in op:  # "(max. ten +1 STAR Tokens)" (phrases_clash_tokens.py)
            times = min(times, op["max"])
        if times > 0:  # the cards and players the effect named, not the answers of its decisions ("k:...")
            named = {key: value for key, value in frame["ctx"].items() if ":" not in key and key != "accepted"}
            frame["i"] += 1
            self.push([self.frame(frame["seat"], frame["source"], {"ops": op["ops"]}, named, optional=False)
                       for _ in range(times)])
        return True

    def clash_ignored(self, frame: dict, participants: list[int], k: int) -> bool | None:
        """"Reaction: When you would clash, ignore that clash" (or "When a player would clash"): before
        the reveals, each player in turn order from the player whose turn it is may use one; its card
        is flipped ("Reaction") and the clash does not happen (rules notes, "Ignoring a clash").
        True: ignored; None: a player is asked."""
        if "on would_clash" not in self.feature_cards:
            return False
        ctx, n = frame["ctx"], self.num_players
        for seat in [(self.seat_turn + i) % n for i in range(n)]:
            key = f"{k}:would_clash{seat}"
            if key not in ctx:
                found = [c for c in self.play_area(seat) if c not in self.down and any(
                    e["timing"] == "reaction" and (e["trigger"].get("by") == "any" or seat in participants)
                    for e in self.cards[c].triggers.get("would_clash", ()))]
                if not found:
                    ctx[key] = False
                    continue
                options = [Action("react", (name,)) for name in dict.fromkeys(self.cards[c].name for c in found)]
                self.ask(seat, "react", [*options, Action("decline")], key, "a clash about to happen")
                return None
            if ctx[key] is not False:
                card = ctx[key]
                if card not in self.down:
                    self.log("reaction", seat, card=self.cards[card].name)
                    self.flip_card(card, seat)
                effect = next(e for e in self.cards[card].triggers["would_clash"] if e["timing"] == "reaction")
                rest = [op for op in effect["ops"] if op["op"] != "ignore_clash"]
                if rest:
                    self.triggered.append(self.frame(seat, card, {"ops": rest}, optional=False))
                if len(rest) < len(effect["ops"]):
                    self.log("clash", frame["seat"], occurred=False)
                    return True
        return False

    def clash_rivals(self, seat: int, op: dict) -> list[int]:
        """The opponents ``seat`` may clash with: those with a Top Card ("Clashing"); for the
        opponent "with the highest Top card", those whose Top Card has the highest Star Rating
        (a tie: the player chooses among them)."""
        rivals = [p for p in self.opponents(seat) if self.top_card(p) is not None]
        if op.get("rival") == "highest_top" and rivals:
            tops = {p: self.top_card(p) for p in rivals}
            stars = {p: self.star(top) or 0 for p, top in tops.items() if top is not None}
            rivals = [p for p in rivals if stars[p] == max(stars.values())]
        return rivals

    # -- Unite ("FAQs": "How do attached cards function?") ---------------------------------------------
    def unite_actions(self, seat: int) -> list[Action]:
        """``unite <card in hand> <slot>``: attach a card of the kind a face-up Unite card names from
        the hand to it, during your own turn, as often as you like. Before the turn's Single, only
        a card that leaves a Single to play ("Tournament Turns": the player must play one if able;
        rules notes, "Unite")."""
        hosts = self.feature_cards.get("unite")
        if not hosts or self.pending or seat != self.seat_turn or seat in self.out:
            return []
        found: dict[Action, None] = {}
        for slot, host in enumerate(self.tableau[seat]):
            if host not in hosts or host in self.down:
                continue
            for rule in self.cards[host].continuous("unite"):
                for card in self.hand[seat]:
                    if self.matches(card, rule.get("filter", {}), host, public=False) \
                            and (self.played_this_turn or self._single_left_after(seat, card)):
                        found[Action("unite", (self.cards[card].name, slot))] = None
        return list(found)

    def _single_left_after(self, seat: int, card: int) -> bool:
        return any(c != card and self.cards[c].card_type == "single" and self.may_play(seat, c) for c in self.hand[seat])

    def unite(self, seat: int, name: str, slot: int) -> None:
        """The card leaves the hand and is attached to the card in that slot ("Attached cards are
        not considered in the tableau for effects")."""
        host = self.tableau[seat][slot]
        card = next(c for c in self.hand[seat] if self.cards[c].name == name)
        self.hand[seat].remove(card)
        self.attached = {**self.attached, card: {"host": host}}
        if self.copiers:  # a host gaining its attachments' effects has them at once (ops_overrides.py)
            self.refresh_copies()
        self.log("attach", seat, card=name, to=self.cards[host].name, star=self.star(host))

    def token_guard(self, card: int) -> bool:
        """A token removed instead of a flip (``token_guard``):
        whatever would flip it, one token goes and the rest happens (rules notes, "A token instead of
        a flip")."""
        if card in self.down or card not in self.cards_with("token_guard"):
            return False
        rules = self.cards[card].continuous("token_guard")
        free = [rule for rule in rules if rule.get("token") is False]  # "... and this card isn't flipped" (batch v)
        seat = self.seat_of(card)
        if seat is None or not free and not self.tokens.get(card):
            return False
        if free:
            self.log("flip_refused", seat, card=self.cards[card].name)
        else:
            self.tokens[card] -= 1
            if not self.tokens[card]:
                del self.tokens[card]
            self.log("remove_token", seat, card=self.cards[card].name, star=self.star(card))
        ops = [op for rule in (free or rules) for op in rule.get("ops", ())]
        if ops:
            self.triggered.append(self.frame(seat, card, {"ops": ops}, optional=False))
        return True

    def guard_flip(self, frame: dict, card: int, key: str) -> bool | None:
        """Unite: an attached card discarded to prevent the flip: its controller
        picks one (``guard <name>``) or declines. True: the flip does not happen; None: asked."""
        if card in self.down or card not in self.cards_with("attachment_guard"):
            return False
        held = self.attachments(card)
        owner = self.seat_of(card)
        if not held or owner is None:
            return False
        from rules.millennium_blades.ops_attach2 import discard_attachment_to_keep

        return discard_attachment_to_keep(self, frame["ctx"], owner, card, held, key, "discarded to keep its card face-up")

