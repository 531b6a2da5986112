"""The engine side of ``phrases_more_d.py``: ops for the players of the clash just made, by its
result (millennium-blades.txt, "Clashing": "that player is the winner, and all other players are
the losers"; docs/rules-notes.md, "Clash shapes (batch d)"). The card checker's checks are here too.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from rules.core.schema import OpSpec
from rules.millennium_blades.base import MBBase

ANY = "any"
#: who ``for_clash_players`` names: the losers, the winners (those considered to win too), every player in
#: the clash, the players in it who did not win (the losers and, in a tie, all of them)
#: (and batch i's: those whose total another player of the clash has too, those with the lowest total, the others)
CLASH_PLAYERS = ("losers", "winners", "participants", "non_winners", "same_total", "lowest_total", "not_lowest_total")
MORE_D_OPS = {
    "for_clash_players": OpSpec("After a clash (its result in this effect's context): for each player of it among players "
                          "(losers, winners, participants, non_winners; but_self: not this effect's player), in the "
                          "clash's order, the ops: as self, done by that player as their own; as that_player, done by "
                          "this effect's player with \"that player\" naming them. No clash made: nothing.",
                          {"players": "str", "as": "str", "but_self": "bool", "ops": ANY, "tally": "bool"}),
}


def more_d_op_errors(name: str, op: Mapping[str, Any], where: str) -> list[tuple[str, str]]:
    from rules.millennium_blades.effects import ops_errors  # effects asks this module

    errors = [] if op.get("players") in CLASH_PLAYERS else [(f"{where}.players", f"is one of {', '.join(CLASH_PLAYERS)}")]
    if op.get("as") not in ("self", "that_player"):
        errors.append((f"{where}.as", "is self or that_player"))
    return errors + ops_errors(op.get("ops"), f"{where}.ops")


def clash_d_errors(op: Mapping[str, Any], where: str) -> list[tuple[str, str]]:
    """A clash's ``rival_has`` (FILTER: a face-up card of the opponent's tableau fits it; with an
    opponent, or with all players: the opponents in it, batch z) and ``rival_most_rp`` (true: no
    player has more RP than the opponent), with an opponent only."""
    from rules.millennium_blades.effects import filter_errors

    errors = []
    for key in ("rival_has", "rival_most_rp"):
        if key in op and op.get("with") != "opponent" and not (key == "rival_has" and op.get("with") == "all"):
            errors.append((f"{where}.{key}", "is for a clash with an opponent"))
    if "rival_has" in op:
        errors += filter_errors(op["rival_has"], f"{where}.rival_has")
    if "rival_most_rp" in op and op["rival_most_rp"] is not True:
        errors.append((f"{where}.rival_most_rp", "is true"))
    return errors


def clash_players(result: Mapping[str, Any], players: str) -> list[int]:
    """The seats of the clash ``result`` (clash.py's ``clash_result``) that ``players`` names."""
    order = [int(p) for p in result.get("totals", {})]
    if players in ("same_total", "lowest_total", "not_lowest_total"):  # by the totals (ops_more_i.py)
        from rules.millennium_blades.ops_more_i import clash_players_by_total

        return clash_players_by_total(result, players)
    named = {"losers": set(result.get("losers", ())), "winners": set(result.get("winners", ())),
             "participants": set(order),
             "non_winners": set(order) - set(result.get("winners", ()))}[players]
    return [p for p in order if p in named]


class MoreOpsDMixin(MBBase):
    __slots__ = ()  # (the fields: slots of MBBase)
    def rivals_d(self, seat: int, op: dict, rivals: list[int]) -> list[int]:
        """The opponents ``seat`` may clash with, narrowed to those with a face-up card that fits
        ``rival_has`` and to those no player has more RP than (you are never a choice, so when you
        alone have the most there is no clash: rules notes, "Clash shapes (batch d)")."""
        if "rival_has" in op:
            rivals = [p for p in rivals if any(c not in self.down and self.matches(c, op["rival_has"], None)
                                               for c in self.tableau[p])]
        if op.get("rival_most_rp"):
            most = max(self.rp[p] for p in range(self.num_players) if p not in self.out)
            rivals = [p for p in rivals if self.rp[p] == most]
        return rivals

    def do_more_d_op(self, frame: dict, op: dict, k: int) -> bool:
        """``for_clash_players``: a frame for each player the clash result names, in the clash's order."""
        seat, ctx = frame["seat"], frame["ctx"]
        result = ctx.get("clash_result")
        frame["i"] = k + 1
        if result is None:
            return True
        players = [p for p in clash_players(result, op["players"]) if not (op.get("but_self") and p == seat)]
        if op["as"] == "self":
            tally = self.tally_i(frame, op)  # what they do counted "this way" in this effect (ops_more_i.py)
            # their flips are forced by this effect's player: protection from opponents' effects holds (ops_more_s.py)
            frames = [self.frame(p, frame["source"], {"ops": op["ops"]}, {**ctx, "that_player": seat, "forced_by": seat},
                                 optional=False, extra=tally) for p in players]
        else:
            frames = [self.frame(seat, frame["source"], {"ops": op["ops"]}, {**ctx, "that_player": p}, optional=False)
                      for p in players]
        self.push(frames)
        return True


__all__ = ["CLASH_PLAYERS", "MORE_D_OPS", "MoreOpsDMixin", "clash_d_errors", "clash_players", "more_d_op_errors"]
