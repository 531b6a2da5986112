"""The engine side of ``phrases_more_z.py`` (issue 26.2, batch z): a clash between two players the
effect's player chooses (millennium-blades.txt, "Clashing": "Each player in the clash reveals the
top card of the Store, starting with whoever initiated the clash and moving clockwise"; rules notes,
"MB: batch z, clash shapes"). The card checker's checks are here too.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from rules.core.engine import Action
from rules.core.schema import OpSpec

#: the clash op's ``with`` values this module adds
CLASH_WITH_Z = ("two_chosen",)

Errors = list[tuple[str, str]]


def clash_z_errors(op: Mapping[str, Any], where: str) -> Errors:
    """A clash of two chosen players names whom they are chosen among (any player, or opponents);
    ``among`` belongs to no other clash."""
    if op.get("with") == "two_chosen" and op.get("among") not in ("any", "opponent"):
        return [(f"{where}.among", "is any or opponent: whom the two players are chosen among")]
    if op.get("with") != "two_chosen" and "among" in op:
        return [(f"{where}.among", "belongs to a clash of two chosen players")]
    return []


def two_chosen_z(game: Any, frame: dict, op: Mapping[str, Any], k: int) -> list[int] | None:
    """The two players of a ``two_chosen`` clash, chosen one after the other by the effect's player
    (asked only when there is a choice), in turn order from that player, who "initiated the clash"
    and reveals first when in it (rules notes, "MB: batch z"). Fewer than two to choose from: those
    there are (no clash occurs). ``None`` while a choice is asked."""
    seat, ctx = frame["seat"], frame["ctx"]
    players = [s for s in range(game.num_players) if s not in game.out]
    if op.get("among") == "opponent":
        players = [s for s in players if s != seat]
    chosen: list[int] = []
    for n in range(2):
        key = f"{k}:pair{n}"
        left = [s for s in players if s not in chosen]
        if not left:
            break
        if key not in ctx:
            if len(left) > 2 - n:  # more players than places left: a choice
                game.ask(seat, "player", [Action("player", (s,)) for s in left], key,
                         "the first player to clash" if n == 0 else "the second player to clash")
                return None
            ctx[key] = left[0]
        chosen.append(ctx[key])
    order = sorted(chosen, key=lambda s: (s - seat) % game.num_players)
    if f"{k}:pair_logged" not in ctx:
        ctx[f"{k}:pair_logged"] = True
        game.log("clash_pair", seat, players=order)
    return order




# -- a Reaction before a clash's reveals --------------------------------------------------------------
#: the trigger event of a Reaction asked as a clash you are in starts, before its cards are revealed
MORE_Z_EVENTS = ("before_reveal",)
MORE_Z_OPS = {
    "clash_boost": OpSpec("A Reaction before the reveals of a clash its player is in (trigger before_reveal): that "
                          "player's total in this clash is amount more; winner / losers: ops that clash's winner "
                          "(losers) do as their own after its result. Done by the clash, not by a frame.",
                          {"amount": "int", "winner": "any", "losers": "any"}),
    "clash_several": OpSpec("Clash with any number of opponents: the effect's player says, for each opponent in turn "
                            "order from them, whether to clash with them; then one clash with an opponent with each "
                            "chosen one, in that order, each after the before ops.", {"before": "any"}),
}


def more_z_op_errors(name: str, op: Mapping[str, Any], where: str) -> Errors:
    from rules.millennium_blades.effects import ops_errors  # effects asks this module

    if name == "clash_several":
        return ops_errors(op["before"], f"{where}.before") if "before" in op else []
    amount = op.get("amount")
    errors: Errors = []
    if isinstance(amount, bool) or not isinstance(amount, int) or amount < 1:
        errors.append((f"{where}.amount", "is a whole number, 1 or more"))
    for branch in ("winner", "losers"):
        if branch in op:
            errors += ops_errors(op[branch], f"{where}.{branch}")
    return errors


def do_more_z_op(game: Any, frame: dict, op: Mapping[str, Any], k: int) -> bool:
    """``clash_several`` (``clash_boost`` is done by the clash it answers, ``boost_reactions_z``:
    nothing in a frame)."""
    if op["op"] == "clash_several":
        return _clash_several(game, frame, op, k)
    return True


def _clash_several(game: Any, frame: dict, op: Mapping[str, Any], k: int) -> bool:
    """"Clash with any number of other players, in turn order": the effect's player accepts or declines
    each opponent, in turn order from them (any number: none too), then makes a clash with each one
    accepted, in that order, each its own clash ("Clashing": its initiator reveals first), ``before``
    done before each. A player without a Top Card makes none ("the clash does not occur").
    False while asked."""
    seat, ctx = frame["seat"], frame["ctx"]
    order = [(seat + i) % game.num_players for i in range(1, game.num_players)]
    chosen = []
    for p in order:
        if p in game.out:
            continue
        key = f"{k}:with{p}"
        if key not in ctx:
            game.ask(seat, "optional", [Action("accept"), Action("decline")], key, f"a clash with Seat {p}")
            return False
        if ctx[key]:
            chosen.append(p)
    game.log("clash_several", seat, players=chosen)
    frame["i"] = k + 1
    game.push([game.frame(seat, frame["source"], {"ops": [*op.get("before", ()), {"op": "clash", "with": "opponent",
                                                                                     "rival_seat": p}]}, optional=False)
               for p in chosen])
    return True


def boost_reactions_z(game: Any, frame: dict, participants: list[int], k: int) -> bool:
    """"Reaction: When you clash (before cards are revealed), you have +3 to that clash": each
    player in the clash, in turn order from its initiator ("the player whose turn it is gets the
    first opportunity ..., with that opportunity passing clockwise"), may use any of their face-up
    cards' such Reactions whose condition holds, one after another; each used card is flipped
    face-down ("When you activate a Reaction, the card that triggers it is flipped face-down").
    Their boosts go into the clash's context (``{k}:boost``), their results into ``{k}:extra``.
    False while a player is asked (millennium-blades.txt, "Reaction", "Clashing")."""
    ctx = frame["ctx"]
    for p in participants:
        n = 0
        while True:
            key = f"{k}:boost{p}:{n}"
            if key not in ctx:
                found = _boost_cards(game, p, ctx)
                if not found:
                    break
                options = [Action("react", (name,)) for name in dict.fromkeys(game.cards[c].name for c in found)]
                game.ask(p, "react", [*options, Action("decline")], key, "the clash before its reveals")
                return False
            if ctx[key] is False:
                break
            _use_boost(game, ctx, k, p, ctx[key])
            n += 1
    return True


def _boost_cards(game: Any, p: int, ctx: dict) -> list[int]:
    return [c for c in game.play_area(p) if c not in game.down and _boost_effect(game, c, p, ctx) is not None]


def _boost_effect(game: Any, card: int, p: int, ctx: dict) -> dict | None:
    for effect in game.cards[card].triggers.get("before_reveal", ()):
        if effect["timing"] == "reaction" and ("condition" not in effect or game.holds(effect["condition"], card, p, ctx)):
            return effect
    return None


def _use_boost(game: Any, ctx: dict, k: int, p: int, card: int) -> None:
    """The Reaction ``card`` of ``p`` used: flipped, its boost and results kept for the clash."""
    if card in game.down or card not in game.play_area(p):
        return
    effect = _boost_effect(game, card, p, ctx)
    if effect is None:
        return
    game.flip_card(card, p)
    boost = ctx.setdefault(f"{k}:boost", {})
    extra = ctx.setdefault(f"{k}:extra", [])
    for op in effect["ops"]:
        if op["op"] != "clash_boost":
            continue
        boost[str(p)] = boost.get(str(p), 0) + op["amount"]
        for branch in ("winner", "losers"):
            if op.get(branch):
                extra.append((branch, card, p, op[branch]))
        game.log("clash_boost", p, card=game.cards[card].name, amount=op["amount"])


def boost_results_z(game: Any, ctx: dict, k: int, winners: list[int], losers: list[int]) -> list[dict]:
    """The frames of the boosts' own results ("and the winner gains 20 additional RP"): each
    winner (loser) does them as their own, the Reaction's card their source; a flip of their own
    card is one the Reaction's player makes them do (batch s's ``forced_by``: "Cannot be flipped")."""
    frames = []
    for branch, card, owner, ops in ctx.get(f"{k}:extra", ()):
        for p in winners if branch == "winner" else losers:
            frames.append(game.frame(p, card, {"ops": ops}, {**ctx, "that_player": owner, "forced_by": owner},
                                     optional=False))
    return frames


__all__ = ["CLASH_WITH_Z", "MORE_Z_EVENTS", "MORE_Z_OPS", "boost_reactions_z", "boost_results_z", "clash_z_errors",
           "do_more_z_op", "more_z_op_errors", "two_chosen_z"]
