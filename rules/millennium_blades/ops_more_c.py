"""The engine side of ``phrases_more_c.py`` (issue 26.2, batch C): +1 STAR tokens removed,
discarded or moved from card to card, the count of those, and cards that come into play with
tokens while a card says so (millennium-blades.txt, "Set Specific Keywords": Blast Off, "+1 STAR
tokens increase a card's Star Rating by 1 each"; "FAQs": "Face-down cards have no Star Value and
cannot gain Tokens"; docs/rules-notes.md, "More shapes, batch C"). The card checker's checks of
these ops are here too.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from rules.core.engine import Action
from rules.core.schema import OpSpec
from rules.millennium_blades.base import MBBase
from rules.millennium_blades.ops_clash_tokens import TOKEN_BONUS, token_bonus

ANY = "any"
_HOW_MANY = {"up_to": "int", "all": "bool", "exactly": "bool"}
MORE_C_OPS = {
    "remove_tokens": OpSpec("Remove +1 STAR tokens from the cards the target names (zone play_area: every card in "
                            "play): all of them (all), exactly up_to, or as many as the player chooses, up to up_to "
                            "in all; COUNT tokens_moved is how many.", {"target": ANY, **_HOW_MANY}),
    "move_tokens": OpSpec("Move +1 STAR tokens off a card (from) onto another face-up card (to): all of them (all), "
                          "or as many as the player chooses, up to up_to; COUNT tokens_moved is how many.",
                          {"from": ANY, "to": ANY, **_HOW_MANY}),
    "tokens_on_entry": OpSpec("While this card is face-up (a Top effect: the Top Card), cards that come into play "
                              "(whose: self, yours; any, every player's; other: not this card) get amount +1 STAR "
                              "tokens as they are placed (continuous).", {"amount": "int", "whose": "str", "other": "bool"}),
}
MORE_C_CONTINUOUS_OPS = ("tokens_on_entry",)
#: tokens_moved: the +1 STAR tokens this effect removed or moved so far
MORE_C_COUNTS = ("tokens_moved",)
#: a destination chosen among many cards: its decision key is apart from the source's (``choose_cards``)
_TO_KEY = 10_000


def more_c_op_errors(name: str, op: Mapping[str, Any], where: str) -> list[tuple[str, str]]:
    """The card checker's checks of these ops (``effects._op`` asks)."""
    from rules.millennium_blades.effects import _int, target_errors  # effects asks this module

    errors = _int(op["up_to"], f"{where}.up_to") if "up_to" in op else []
    if name == "remove_tokens":
        target = op.get("target")
        if isinstance(target, Mapping) and target.get("zone") == "play_area":
            return errors
        return errors + target_errors(target, f"{where}.target")
    if name == "move_tokens":
        return errors + target_errors(op.get("from"), f"{where}.from") + target_errors(op.get("to"), f"{where}.to")
    if name == "tokens_on_entry":
        errors = _int(op.get("amount", 1), f"{where}.amount")
        return errors + ([] if op.get("whose") in ("self", "any") else [(f"{where}.whose", "is self or any")])
    return errors


class MoreOpsCMixin(MBBase):
    __slots__ = ()  # (the fields: slots of MBBase)
    def do_more_c_op(self, frame: dict, op: dict, k: int) -> bool:
        if op["op"] == "remove_tokens":
            return self.op_remove_tokens(frame, op, k)
        if op["op"] == "move_tokens":
            return self.op_move_tokens(frame, op, k)
        return True  # continuous: asked by play_single (``tokens_on_entry``)

    def _with_tokens(self, target: dict) -> dict:
        """The target, limited to cards that carry a token."""
        return {**target, "filter": {**target.get("filter", {}), "tokens": {"cmp": ">=", "value": 1}}}

    def _how_many(self, frame: dict, op: dict, card: int, key: str, budget: int | None) -> int | None:
        """How many tokens come off ``card``: all, exactly, or the player's choice (None: asked)."""
        have = self.tokens.get(card, 0)
        most = have if budget is None else max(0, min(have, budget))
        if op.get("all") or op.get("exactly") or most == 0:
            return have if op.get("all") else most
        ctx = frame["ctx"]
        if key not in ctx:
            self.ask(frame["seat"], "value", [Action("value", (n,)) for n in range(most + 1)], key,
                     f"+1 STAR tokens to take from {self.cards[card].name}")
            return None
        return min(int(ctx[key]), most)

    def _take_tokens(self, card: int, n: int) -> None:
        left = self.tokens.get(card, 0) - n
        if left > 0:
            self.tokens[card] = left
        else:
            self.tokens.pop(card, None)

    def op_remove_tokens(self, frame: dict, op: dict, k: int) -> bool:
        """Tokens taken off a card: the card chosen, then how many (for a group of cards, each in
        turn, up to the number in all); the card's Star Rating drops by one for each (rules notes,
        "Tokens removed or moved")."""
        seat, ctx = frame["seat"], frame["ctx"]
        cards = ctx.get(f"{k}:cards")
        if cards is None:
            if op["target"].get("zone") == "play_area":  # every card in play that has tokens
                cards = [c for c in sorted(self.tokens) if self.seat_of(c) is not None and c not in self.down]
            else:
                cards = self.choose_cards(frame, self._with_tokens(op["target"]), k, flipping=False)
                if cards is None:
                    return False
            ctx[f"{k}:cards"], ctx["tokens_moved"] = cards, 0
        start = ctx.get(f"{k}:done", 0)
        for j in range(start, len(cards)):
            card = cards[j]
            budget = op["up_to"] - ctx["tokens_moved"] if "up_to" in op else None
            n = self._how_many(frame, op, card, f"{k}:n{j}", budget)
            if n is None:
                return False
            if n:
                self._take_tokens(card, n)
                ctx["tokens_moved"] += n
                self.log("tokens_removed", seat, card=self.cards[card].name, amount=n, star=self.star(card))
            ctx[f"{k}:done"] = j + 1
        ctx["did"] = ctx["tokens_moved"] > 0
        return True

    def op_move_tokens(self, frame: dict, op: dict, k: int) -> bool:
        """Tokens moved between cards: the card they leave, how many,
        then the face-up card they go on (never the first one; "FAQs": a face-down card cannot gain
        tokens). No other card: none move (rules notes, "Tokens removed or moved")."""
        seat, ctx = frame["seat"], frame["ctx"]
        chosen = self.choose_cards(frame, self._with_tokens(op["from"]), k, flipping=False)
        if chosen is None:
            return False
        ctx.setdefault("tokens_moved", 0)
        if not chosen or f"{k}:moved" in ctx:
            return True
        source = chosen[0]
        to = self._destinations(frame, op["to"], source)
        if not to:
            ctx[f"{k}:moved"] = 0
            self.log("tokens_moved", seat, card=self.cards[source].name, to=None, amount=0)
            return True
        n = self._how_many(frame, op, source, f"{k}:n", op.get("up_to"))
        if n is None:
            return False
        key = f"{k + _TO_KEY}:to"
        if len(to) > 1 and key not in ctx:
            self.ask(seat, "target", [self.target_action(c) for c in to], key, "a card for the +1 STAR tokens")
            return False
        dest = ctx.get(key, to[0])
        self._take_tokens(source, n)
        extra = token_bonus(self, dest, seat) if n and TOKEN_BONUS in self.feature_cards else 0  # (ops_clash_tokens.py)
        self.tokens[dest] = self.tokens.get(dest, 0) + n + extra if n else self.tokens.get(dest, 0)
        if not self.tokens[dest]:
            del self.tokens[dest]
        ctx[f"{k}:moved"] = n
        ctx["tokens_moved"] += n
        ctx["did"] = n > 0
        self.log("tokens_moved", seat, card=self.cards[source].name, to=self.cards[dest].name, amount=n,
                 star=self.star(dest))
        return True

    def _destinations(self, frame: dict, target: dict, source: int) -> list[int]:
        """The face-up cards in a tableau the "to" target allows, but the card the tokens leave."""
        seat, origin = frame["seat"], frame["source"]
        if target["pick"] != "choice":
            card = self.ref(target["pick"], origin, seat, frame["ctx"])
            return [card] if card is not None and card != source and self.in_tableau(card) and card not in self.down \
                else []
        player = target.get("player", "self")
        seats = [seat] if player == "self" else [s for s in range(self.num_players) if s not in self.out
                                                 and (player == "any" or s != seat)]
        flt = {key: v for key, v in target.get("filter", {}).items() if key != "where"}
        return [c for s in seats for c in self.tableau[s]
                if c != source and c not in self.down and self.matches(c, flt, origin)]

    def tokens_on_entry(self, seat: int, card: int) -> None:
        """A card comes into play while face-up cards give the cards played tokens (a Top effect while
        its card is the Top Card): the tokens are on it as it is placed."""
        amount = 0
        for giver in self.cards_with("tokens_on_entry"):
            owner = self.seat_of(giver)
            if owner is None or giver in self.down or giver in self.attached:
                continue
            ops = list(self.cards[giver].continuous("tokens_on_entry"))
            if self.top_card(owner) == giver:
                ops += self.cards[giver].continuous("tokens_on_entry", "top")
            for op in ops:
                if (op.get("whose") == "self" and owner != seat) or (op.get("other") and giver == card):
                    continue
                amount += op.get("amount", 1)
        if amount:
            if TOKEN_BONUS in self.feature_cards:  # "it gains an additional +1 STAR Token" (ops_clash_tokens.py)
                amount += token_bonus(self, card, seat)
            self.tokens[card] = self.tokens.get(card, 0) + amount
            self.log("star_tokens", seat, card=self.cards[card].name, amount=amount, star=self.star(card))
