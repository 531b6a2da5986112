"""The engine side of ``phrases_more_f.py``: cards moved at random between a hand and a binder,
taken at random from other hands, returned from a tableau to a hand, discarded from play, and
"discard up to N" (millennium-blades.txt: "Discard a Card", "Tableau", "Effects on Cards";
docs/rules-notes.md, "More shapes, batch f"). The card checker's checks of these ops and counts
are here too.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from rules.core.schema import OpSpec
from rules.millennium_blades.base import MBBase
from rules.millennium_blades.ops_more_j import discard_picked, self_discard_triggers

ANY = "any"
MORE_F_OPS = {
    "discard_random": OpSpec("Discard cards drawn blind from your hand to your binder (those cards; \"If you did\" "
                             "holds when all were discarded).", {"amount": "int"}),
    "binder_to_hand": OpSpec("Cards drawn blind from your binder to your hand; REF revealed names the last one "
                             "(those: all of them).", {"amount": "int"}),
    "take_random_hand": OpSpec("Take a card at random from the hand of each of the players (who) into your hand; it "
                               "is yours now (those cards).", {"who": "str"}),
    "to_hand": OpSpec("A card in play (target) leaves its tableau to your hand (to: self) or its owner's (to: owner; "
                      "the default for this card), face-up and without tokens; REF chosen names it.",
                      {"target": ANY, "to": "str"}),
    "discard_in_play": OpSpec("Discard a card in a tableau (target) to its owner's binder (\"Discard a Card\"), or "
                              "to the Store Discard (to: store_discard; ops_market_zones.py).",
                              {"target": ANY, "to": "str"}),
    "discard_up_to": OpSpec("Discard up to amount cards (filter) of your choice from your hand to your binder, none "
                            "too (those cards).", {"amount": "int", "filter": ANY}),
}
#: players_hand: the players (you too) whose hand size compares (cmp) with value
MORE_F_COUNTS = ("players_hand",)
TO_HAND = ("self", "owner")


def more_f_op_errors(name: str, op: Mapping[str, Any], where: str) -> list[tuple[str, str]]:
    from rules.millennium_blades.effects import _int, filter_errors, target_errors  # effects asks this module

    if name in ("discard_random", "binder_to_hand", "discard_up_to"):
        errors = _int(op.get("amount", 1), f"{where}.amount")
        return errors + (filter_errors(op["filter"], f"{where}.filter") if "filter" in op else [])
    if name in ("to_hand", "discard_in_play"):
        errors = target_errors(op.get("target"), f"{where}.target")
        if name == "discard_in_play":  # a destination "Discard a Card" may specify (ops_market_zones.py)
            if op.get("to", "binder") not in ("binder", "store_discard"):
                errors.append((f"{where}.to", "is binder or store_discard"))
        elif op.get("to", "owner") not in TO_HAND:
            errors.append((f"{where}.to", "is self or owner"))
        return errors
    return []


def more_f_count_errors(count: Mapping[str, Any], path: str) -> list[tuple[str, str]]:
    from rules.millennium_blades.effects import _int

    errors = _int(count.get("value"), f"{path}.value")
    return errors + ([] if count.get("cmp") in (">=", "<=", "==") else [(f"{path}.cmp", "is >=, <= or ==")])


class MoreOpsFMixin(MBBase):
    __slots__ = ()  # (the fields: slots of MBBase)
    def do_more_f_op(self, frame: dict, op: dict, k: int) -> bool:
        name = op["op"]
        if name == "discard_random":
            return self.op_discard_random(frame, op)
        if name == "binder_to_hand":
            return self.op_binder_to_hand(frame, op)
        if name == "take_random_hand":
            return self.op_take_random_hand(frame, op, k)
        if name == "discard_up_to":
            return self.op_discard_up_to(frame, op, k)
        return self.op_leave_tableau(frame, op, k)

    def _random_cards(self, zone: list[int], amount: int) -> list[int]:
        """``amount`` cards drawn blind from ``zone`` (as many as it has), removed from it."""
        return [zone.pop(self.rng.randrange(len(zone))) for _ in range(min(amount, len(zone)))]

    def discard_triggers(self, seat: int, cards: list[int]) -> None:
        """The triggers on discarding of a discard effect that took ``cards`` from ``seat``'s hand:
        once for the effect, those cards being "the cards discarded" (rules notes, "Discarding")."""
        if cards and "on discard" in self.feature_cards:
            frames = self.collect("discard", None, seat)
            for frame in frames:
                frame["ctx"]["those"] = list(cards)
            self.triggered.extend(frames)
        self_discard_triggers(self, seat, cards)  # "When you discard this card from your hand" (ops_more_j.py)

    def op_discard_random(self, frame: dict, op: dict) -> bool:
        """"Discard a card at random": drawn blind from the player's hand to their binder ("Discard a
        Card"); an empty hand discards nothing."""
        seat, ctx, amount = frame["seat"], frame["ctx"], op.get("amount", 1)
        cards = self._random_cards(self.hand[seat], amount)
        self.binder[seat].extend(cards)
        ctx["those"], ctx["did"] = cards, len(cards) == amount
        for card in cards:
            self.log("discard", seat, card=self.cards[card].name, random=True)
        if not cards:
            self.log("discard_failed", seat)
        self.discard_triggers(seat, cards)
        return True

    def op_binder_to_hand(self, frame: dict, op: dict) -> bool:
        """A card drawn blind from the player's binder into their hand (an empty binder: nothing)."""
        seat, ctx = frame["seat"], frame["ctx"]
        cards = self._random_cards(self.binder[seat], op.get("amount", 1))
        self.hand[seat].extend(cards)
        ctx["those"], ctx["revealed"], ctx["did"] = cards, (cards[-1] if cards else None), bool(cards)
        self.log("binder_to_hand", seat, cards=[self.cards[c].name for c in cards])
        return True

    def op_take_random_hand(self, frame: dict, op: dict, k: int) -> bool:
        """A card drawn blind from each such player's hand into yours, yours now (rules notes)."""
        players = self.who(frame, op, k)
        if players is None:
            return False
        seat, taken = frame["seat"], []
        for p in players:
            if p == seat:
                continue
            for card in self._random_cards(self.hand[p], 1):
                self.hand[seat].append(card)
                self.owner[card] = seat
                taken.append(card)
                self.log("take_from_hand", seat, seat_from=p, card=self.cards[card].name)
        frame["ctx"]["those"], frame["ctx"]["did"] = taken, bool(taken)
        return True

    def op_discard_up_to(self, frame: dict, op: dict, k: int) -> bool:
        """Up to ``amount`` cards of the player's choice (filter) from their hand to their binder, one
        at a time, until they stop or none fits."""
        flt, source = op.get("filter", {}), frame["source"]
        return discard_picked(self, frame, k, "upto", op.get("amount", 1),
                              lambda card, chosen: self.matches(card, flt, source))

    def op_leave_tableau(self, frame: dict, op: dict, k: int) -> bool:
        """``to_hand``: the card leaves its tableau ("Tableau": the cards right of it shift left) to a
        hand, face-up and without tokens; taken into your hand it is yours now (rules notes).
        ``discard_in_play``: to its owner's binder ("Discard a Card")."""
        chosen = self.choose_cards(frame, op["target"], k, flipping=False)
        if chosen is None:
            return False
        seat, ctx = frame["seat"], frame["ctx"]
        ctx["did"] = False
        for card in chosen:
            holder = self.seat_of(card)
            if holder is None or card not in self.tableau[holder]:
                continue
            if op["op"] == "discard_in_play":
                self.discard_from_play(card)
                if op.get("to") == "store_discard":  # "unless another location is specified" (ops_market_zones.py)
                    from rules.millennium_blades.ops_market_zones import discarded_to_store_discard

                    discarded_to_store_discard(self, card)
            else:
                self.tableau[holder].remove(card)
                ctx["returned_up"] = card not in self.down  # "if the card you returned was face-up" (ops_history.py)
                self.down.discard(card)
                self.tokens.pop(card, None)
                self.markers_left[holder] += self.sell_marked.pop(card, 0)  # its Sell Markers back to its player
                to = seat if op.get("to") == "self" else (self.owner[card] if self.owner[card] >= 0 else holder)
                self.hand[to].append(card)
                self.owner[card] = to
                self.log("to_hand", seat, card=self.cards[card].name, seat_from=holder, seat_to=to)
            ctx["did"], ctx["chosen"] = True, card
        return True

    def more_f_count(self, count: dict) -> int:
        """The players (you too) whose hand size compares as the count says."""
        value, cmp = count["value"], count["cmp"]
        sizes = [len(self.hand[p]) for p in range(self.num_players) if p not in self.out]
        return sum(size >= value if cmp == ">=" else size <= value if cmp == "<=" else size == value for size in sizes)


__all__ = ["MORE_F_COUNTS", "MORE_F_OPS", "MoreOpsFMixin", "more_f_count_errors", "more_f_op_errors"]
