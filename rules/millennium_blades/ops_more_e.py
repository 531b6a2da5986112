"""Engine side of the batch e shapes (phrases_more_e.py): triggers on a gain of RP, the players an
RP clause names by their RP or turn, counts of Dollars, RP and Star Ratings, and cards no effect
may flip (millennium-blades.txt sections cited per method; docs/rules-notes.md, "More shapes,
batch e")."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from rules.core.schema import OpSpec
from rules.millennium_blades.base import MBBase
from rules.millennium_blades.ops_more_q import gain_source_fits
from rules.millennium_blades.ops_sideways import SIDEWAYS_REFS, pointed_card

ANY = "any"
MORE_E_OPS = {
    "unflippable": OpSpec("Ongoing/Top: the cards (target: this, tableau: yours, all: every tableau's; pointed, "
                          "pointed_face_up: the card this one points to, ops_pointing.py; filter) "
                          "are no legal target of any flip effect, the player's own too; while: only while "
                          "the condition holds.", {"target": "str", "filter": ANY, "while": ANY}),
}
MORE_E_OPS["for_players"] = OpSpec("Each of the players of who (rp: only those whose RP fits) in turn does the ops, "
                                   "as that_player.", {"who": "str", "rp": ANY, "ops": ANY})
MORE_E_CONTINUOUS_OPS = ("unflippable",)
#: gained_rp: a player gained RP (by: whose gain; seated: adjacent, left or right of the listener)
MORE_E_EVENTS = ("gained_rp",)
#: turn_player: the player taking the current turn (a ``who`` of gain_rp / lose_rp / gain_money; those ops
#: may also keep only the players whose RP fits ``rp``: {cmp, value})
MORE_E_WHO = ("turn_player",)
#: rp_gained: the RP of the gain that triggered this effect; money: your Dollars; rp_steps: your RP in
#: whole steps of ``every``; highest_star / lowest_star: the best (worst) Star Rating you have face-up;
#: players_rp: the opponents with more (cmp >) or less (cmp <) RP than you
MORE_E_COUNTS = ("rp_gained", "money", "rp_steps", "highest_star", "lowest_star", "players_rp")
_SEATED = ("adjacent", "left", "right")


def more_e_op_errors(name: str, op: Mapping[str, Any], where: str) -> list[tuple[str, str]]:
    from rules.millennium_blades.effects import condition_errors, filter_errors

    errors: list[tuple[str, str]] = []
    if name == "for_players":
        from rules.millennium_blades.effects import WHO, ops_errors

        return ops_errors(op.get("ops"), f"{where}.ops") + (
            [] if op.get("who") in WHO else [(f"{where}.who", f"is one of {', '.join(WHO)}")])
    if name == "unflippable":
        if op.get("target") not in ("this", "tableau", "all", *SIDEWAYS_REFS):  # the card pointed to: ops_pointing.py
            errors.append((f"{where}.target", f"is this, tableau, all or {' or '.join(SIDEWAYS_REFS)}"))
        if "filter" in op:
            errors += filter_errors(op["filter"], f"{where}.filter")
        if "while" in op:
            errors += condition_errors(op["while"], f"{where}.while")
    return errors


def rp_filter_errors(op: Mapping[str, Any], where: str) -> list[tuple[str, str]]:
    """The ``rp`` of a gain or loss that keeps only some players: {cmp: >= or <=, value: int}."""
    rp = op.get("rp")
    if rp is None:
        return []
    if not isinstance(rp, Mapping) or rp.get("cmp") not in (">=", "<=", "==") or not isinstance(rp.get("value"), int):
        return [(f"{where}.rp", "is {cmp: >=, <= or ==, value: int}")]
    if op.get("who") not in ("each", "each_opponent"):
        return [(f"{where}.rp", "keeps some of each player or each opponent")]
    return []


def more_e_count_errors(count: Mapping[str, Any], path: str) -> list[tuple[str, str]]:
    if count["count"] == "players_rp" and count.get("cmp") not in (">", "<"):
        return [(f"{path}.cmp", "is > or <")]
    if count["count"] == "rp_steps" and (not isinstance(count.get("every"), int) or count["every"] < 1):
        return [(f"{path}.every", "is a whole number of RP, 1 or more")]
    return []


def trigger_seated_errors(trigger: Mapping[str, Any], path: str) -> list[tuple[str, str]]:
    if "seated" in trigger and (trigger["seated"] not in _SEATED or trigger.get("event") != "gained_rp"):
        return [(f"{path}.seated", f"is one of {', '.join(_SEATED)}, on a gained_rp trigger")]
    return []


class MoreOpsEMixin(MBBase):
    __slots__ = ()  # (the fields: slots of MBBase)
    def more_e_who(self, frame: dict, op: dict) -> list[int]:
        """The player taking the current turn ("Tournament Turns"); or the players of ``who`` whose
        RP total fits ``rp``, as it is when the effect resolves."""
        if op.get("who") == "turn_player":
            return [] if self.seat_turn in self.out else [self.seat_turn]
        seat = frame["seat"]
        players = self.opponents(seat) if op["who"] == "each_opponent" else \
            [s for s in range(self.num_players) if s not in self.out]
        rp = op.get("rp")
        if rp is None:
            return players
        cmp = {">=": int.__ge__, "<=": int.__le__, "==": int.__eq__}[rp["cmp"]]
        return [p for p in players if cmp(self.rp[p], rp["value"])]

    def op_for_players(self, frame: dict, op: dict, k: int) -> bool:
        """Each of the players, in turn order from the effect's player, does the ops as "that
        player" (their own flip of a card of their choice, their discard)."""
        players = self.more_e_who(frame, op)
        frame["i"] = k + 1
        self.push([self.frame(frame["seat"], frame["source"], {"ops": op["ops"]}, {**frame["ctx"], "that_player": p},
                              optional=False) for p in players])
        return True

    def more_e_count(self, count: dict, seat: int, source: int | None, ctx: dict) -> int:
        kind = count["count"]
        if kind == "rp_gained":
            return ctx.get("rp_gained", 0)
        if kind == "money":  # "your Dollars": what you brought and what this tournament gave (op_pay)
            return max(0, self.purse[seat] + self.money[seat])
        if kind == "rp_steps":  # whole steps of ``every`` RP, rounded down
            return self.rp[seat] // count["every"]
        if kind == "players_rp":
            richer = count["cmp"] == ">"
            return sum(1 for p in self.opponents(seat) if (self.rp[p] > self.rp[seat] if richer else self.rp[p] < self.rp[seat]))
        stars = [self.star(c) or 0 for c in self.tableau[seat] if c not in self.down]
        if not stars:  # "Face Down cards have no STAR RATING": none face-up, nothing to count
            return 0
        return max(stars) if kind == "highest_star" else min(stars)

    def rp_gained_triggers(self, frame: dict, seat: int, gained: int) -> None:
        """The Top, Ongoing and Reaction effects "Whenever <a player> gains RP" a gain of ``gained``
        RP by ``seat`` triggers, "that much RP" being ``gained``. A gain the effect of such a trigger
        makes triggers none of them again (rules notes, "A gain of RP as a trigger": a loop of
        mandatory effects stops after one round)."""
        if gained <= 0 or frame["ctx"].get("rp_gained") is not None:
            return
        frames = []
        # whose: the player whose effect made the gain ("your effect causes an opponent to gain RP", ops_more_q)
        for found in self.collect("gained_rp", None, seat, frame["seat"]):
            if not gain_source_fits(self, found, frame, seat):
                continue  # "from a card in their tableau" (ops_more_q.py)
            effect_seated = self._seated(found)
            if effect_seated and not self._seated_beside(found["seat"], seat, effect_seated):
                continue
            found["ctx"]["rp_gained"] = gained
            frames.append(found)
        self.triggered.extend(frames)

    def _seated(self, found: dict) -> str | None:
        """The ``seated`` of the gained_rp trigger a collected frame is for."""
        return self._gained_trigger(found).get("seated")

    def _gained_trigger(self, found: dict) -> dict:
        """The gained_rp trigger a collected frame is for ({} if none is found)."""
        for effect in self.cards[found["source"]].triggers.get("gained_rp", ()):
            if found["ops"] and effect["ops"] and (found["ops"][0] is effect["ops"][0] or
                                                   found["ops"][0].get("then", [None])[0] is effect["ops"][0]):
                return effect["trigger"]
        return {}

    def _seated_beside(self, listener: int, gainer: int, side: str) -> bool:
        """Your left neighbour is the next player in turn order, your right neighbour the previous
        player (rules notes, "Left and right"); players out of the tournament are skipped."""
        players = [s for s in range(self.num_players) if s not in self.out]
        if listener not in players or gainer not in players or len(players) < 2:
            return False
        i = players.index(listener)
        left, right = players[(i + 1) % len(players)], players[(i - 1) % len(players)]
        return gainer == left if side == "left" else gainer == right if side == "right" else gainer in (left, right)

    def unflippable(self, card: int) -> bool:
        """Whether an ``unflippable`` op in force keeps any effect from flipping ``card``
        ("Cannot be flipped": "a card that cannot be flipped is not a legal target for a flip effect")."""
        owner = self.seat_of(card)
        if owner is None:
            return False
        for guard_seat in range(self.num_players):
            for guard, op in self.face_up_ops(guard_seat, "unflippable"):
                target = op["target"]
                if target == "this" and guard != card or target == "tableau" and guard_seat != owner:
                    continue
                if target in SIDEWAYS_REFS and pointed_card(self, guard, target) != card:
                    continue  # "the card this card points to cannot be flipped" (ops_pointing.py)
                if not self.matches(card, op.get("filter", {}), guard):
                    continue
                if "while" in op and not self.holds(op["while"], guard, guard_seat, {}):
                    continue
                return True
        return False
