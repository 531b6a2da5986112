"""The engine side of ``phrases_more_t.py`` (issue 26.2, batch t): the Store cards revealed in a
clash taken from the Aftermarket, whether you are one of a clash's players, and how much a clash was
won by (millennium-blades.txt, "Clashing": "Each player in the clash reveals the top card of the
Store ... After the clash, all cards revealed are put into the Aftermarket"; docs/rules-notes.md,
"MB: batch t, clash shapes"). The card checker's checks are here too.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from rules.core.engine import Action
from rules.core.schema import OpSpec
from rules.millennium_blades.ops_guards import movable

#: where ``take_clash_revealed`` puts a card: a hand, a binder, or back on top of the Store
REVEALED_TO = ("hand", "binder", "store_top")
MORE_T_OPS = {
    "take_clash_revealed": OpSpec("After a clash (its result in this effect's context): the Store cards its players "
                                  "revealed (whose: any, or self, the one this effect's player revealed) still in the "
                                  "Aftermarket, amount of them of the player's choice (up_to: as many as they like, up "
                                  "to amount), to their hand, their binder or the top of the Store (to). No clash: "
                                  "nothing. buy_less: each is bought, paying its printed Star Rating less this (not "
                                  "below 0) in Dollars; one that cannot be paid for stays. buy_price: each is bought for "
                                  "that many Dollars instead (ops_clash2.py).",
                                  {"whose": "str", "to": "str", "amount": "int", "up_to": "bool", "buy_less": "int",
                                   "buy_price": "int"}),
    "swap_theirs": OpSpec("Swap the positions of two face-up cards in that player's tableau, chosen by the effect's "
                          "player (those cards); fewer than two: nothing.", {}),
    "clashed_by": OpSpec("\"They clash with you\": that player (the opponent whose event triggered this effect) "
                         "clashes with the effect's player, as a clash of theirs with an opponent.", {}),
    "outside_clash": OpSpec("After a clash (its result in this effect's context): each player not in it (still in the "
                            "tournament), in turn order from the effect's player, does the ops as their own. No clash "
                            "made: nothing.", {"ops": "any"}),
}
#: in_clash: the effect's player is one of the players of the clash just made; clash_margin: they won
#: it with a total at least ``min`` more than each other player's
MORE_T_TESTS = ("in_clash", "clash_margin")

Errors = list[tuple[str, str]]


def more_t_op_errors(name: str, op: Mapping[str, Any], where: str) -> Errors:
    if name in ("swap_theirs", "clashed_by"):
        return []
    if name == "outside_clash":
        from rules.millennium_blades.effects import ops_errors  # effects asks this module

        return ops_errors(op.get("ops"), f"{where}.ops")
    errors: Errors = []
    if op.get("whose") not in ("any", "self"):
        errors.append((f"{where}.whose", "is any or self"))
    if op.get("to") not in REVEALED_TO:
        errors.append((f"{where}.to", f"is one of {', '.join(REVEALED_TO)}"))
    amount = op.get("amount")
    if isinstance(amount, bool) or not isinstance(amount, int) or amount < 1:
        errors.append((f"{where}.amount", "is a whole number, 1 or more"))
    if op.get("up_to", True) is not True:
        errors.append((f"{where}.up_to", "is true, or absent"))
    for key in ("buy_less", "buy_price"):  # buy_price: a price per card (ops_clash2.py)
        less = op.get(key, 0)
        if isinstance(less, bool) or not isinstance(less, int) or less < 0:
            errors.append((f"{where}.{key}", "is a whole number, 0 or more"))
    if "buy_less" in op and "buy_price" in op:
        errors.append((f"{where}.buy_price", "is not given with buy_less"))
    return errors


def more_t_condition_errors(cond: Mapping[str, Any], path: str) -> Errors:
    if cond["test"] == "clash_margin":
        value = cond.get("min")
        if isinstance(value, bool) or not isinstance(value, int) or value < 1:
            return [(f"{path}.min", "is a whole number, 1 or more")]
    return []


def more_t_holds(cond: Mapping[str, Any], seat: int, ctx: Mapping[str, Any]) -> bool:
    """``in_clash``: ``seat`` is one of the players of the clash just made; ``clash_margin``: they
    won it, their total ``min`` or more above each other player's ("Clashing": the highest total
    wins). No clash made in this effect's context: neither holds."""
    result = ctx.get("clash_result")
    if not result:
        return False
    totals = {int(p): t for p, t in result.get("totals", {}).items()}
    if cond["test"] == "in_clash":
        return seat in totals
    if seat not in result.get("winners", ()) or seat not in totals:
        return False
    others = [t for p, t in totals.items() if p != seat]
    return bool(others) and totals[seat] - max(others) >= cond["min"]


def revealed_in_clash(game: Any, result: Mapping[str, Any], seat: int, whose: str) -> list[int]:
    """The Store cards the clash ``result`` revealed (``whose`` self: ``seat``'s own) that are still
    in the Aftermarket, in the clash's order."""
    several = result.get("revealed_all")  # several cards each (ops_clash2.py)
    revealed = {int(p): list(cs) for p, cs in several.items()} if several else \
        {int(p): [c] for p, c in result.get("revealed", {}).items() if c is not None}
    cards = revealed.get(seat, []) if whose == "self" else [c for cs in revealed.values() for c in cs]
    return [c for c in cards if c in game.aftermarket]


def take_clash_revealed(game: Any, frame: dict, op: dict, k: int) -> bool:
    """``take_clash_revealed``: the player picks (asked when there is a choice) the revealed cards
    one at a time, each moved as it is picked; "up to" lets them stop (decline). Logs each card
    that moved; False while a pick is asked."""
    seat, ctx = frame["seat"], frame["ctx"]
    result = ctx.get("clash_result") or {}
    for i in range(ctx.get(f"{k}:taken", 0), op["amount"]):
        cards = revealed_in_clash(game, result, seat, op["whose"])
        if not cards:
            break
        key = f"{k}:pick{i}"
        names = list(dict.fromkeys(game.cards[c].name for c in cards))
        if key not in ctx and (len(names) > 1 or op.get("up_to")):
            options = [Action("take", (n,)) for n in names] + ([Action("decline")] if op.get("up_to") else [])
            game.ask(seat, "aftermarket", options, key, "a card revealed in the clash")
            return False
        name = ctx.get(key, names[0])
        if name is False:  # "up to": no more
            break
        card = next(c for c in cards if game.cards[c].name == name)
        if "buy_less" in op and not _pay_for(game, seat, card, op["buy_less"]):
            break
        if "buy_price" in op and not _pay_for(game, seat, card, 0, op["buy_price"]):  # a price per card (ops_clash2)
            break
        if op["to"] == "store_top":
            game.aftermarket.remove(card)
            game.store.append(card)  # the Store's top is the end of the list (market.py)
            game.log("from_aftermarket", seat, card=game.cards[card].name, to="store_top")
        else:
            game.move_from_aftermarket(frame, card, op["to"])
        ctx[f"{k}:taken"] = i + 1
        ctx["taken"], ctx["did"] = card, True
    return True


def outside_clash(game: Any, frame: dict, op: dict, k: int) -> bool:
    """``outside_clash``: "each other player" after the clash's own: every player still in the
    tournament who was not one of its players, in turn order from the effect's player, each doing
    the ops in a frame of their own (logs the players)."""
    seat, result = frame["seat"], frame["ctx"].get("clash_result")
    if not result:
        return True
    inside = {int(p) for p in result.get("totals", {})}
    order = [(seat + i) % game.num_players for i in range(game.num_players)]
    players = [p for p in order if p not in inside and p not in game.out]
    game.log("outside_clash", seat, players=players)
    frame["i"] = k + 1
    game.push([game.frame(p, frame["source"], {"ops": op["ops"]}, frame["ctx"], optional=False) for p in players])
    return True


def rivals_t(game: Any, seat: int, op: Mapping[str, Any], rivals: list[int]) -> list[int]:
    """The opponents a clash with ``rival_side`` may be with: the player to your left (the next
    player in turn order) or to your right (the one before); with two players both are the one
    opponent, and the clash with the right one is not made again (rules notes, "MB: batch t")."""
    if "rival_seat" in op:  # "they clash with you": the effect's player (``clashed_by``)
        return [p for p in rivals if p == op["rival_seat"]]
    side = op.get("rival_side")
    if side is None:
        return rivals
    players = [s for s in range(game.num_players) if s not in game.out]
    if seat not in players or len(players) < 2:
        return []
    i = players.index(seat)
    left, right = players[(i + 1) % len(players)], players[(i - 1) % len(players)]
    if side == "right" and right == left:
        return []
    return [p for p in rivals if p == (left if side == "left" else right)]


def clash_t_errors(op: Mapping[str, Any], where: str) -> Errors:
    """A clash's ``rival_side``: left or right, with an opponent only."""
    if "rival_side" in op and (op["rival_side"] not in ("left", "right") or op.get("with") != "opponent"):
        return [(f"{where}.rival_side", "is left or right, in a clash with an opponent")]
    return []


def keeps_this_turn_t(game: Any, trigger: Mapping[str, Any], card: int, seat: int, index: int) -> bool:
    """An Ongoing "would lose a clash" (batch h's ``ongoing_keeps_clash``) printed "the first time
    on your turn": it works only during its player's turn (``turn``) and once a turn
    (``first_each_turn``, batch o's mark, set when it works)."""
    if "turn" not in trigger and not trigger.get("first_each_turn"):
        return True
    from rules.millennium_blades.ops_more_o import first_this_turn, trigger_turn_fits

    if "turn" in trigger and not trigger_turn_fits(game, trigger, seat):
        return False
    return not trigger.get("first_each_turn") or first_this_turn(game, card, "would_lose_clash", index)


def _pay_for(game: Any, seat: int, card: int, less: int, price: int | None = None) -> bool:
    """"Buy from the Aftermarket": "pay Millennium Dollars equal to that card's Star Rating into the
    bank", here ``less`` less (not below 0), or the ``price`` a card names, from the player's money
    (as ``op_pay``: the purse and this tournament's); False (logged) when they cannot."""
    price = max(0, game.cards[card].printed_star - less) if price is None else price
    if game.purse[seat] + game.money[seat] < price:
        game.log("pay_failed", seat, amount=price)
        return False
    game.money[seat] -= price
    game.log("pay_money", seat, amount=price)
    return True


def swap_theirs(game: Any, frame: dict, k: int) -> bool:
    """"Swap the positions of two cards in the loser's tableau": as the core ``swap`` of your own
    tableau (two face-up cards, "effects cannot target face-down cards"), in "that player"'s, the
    effect's player choosing both; "those cards" are the two. Logged by whose tableau it was."""
    seat, ctx = frame["seat"], frame["ctx"]
    whose = ctx.get("that_player")
    row = game.tableau[whose] if whose is not None else []
    up = movable(game, [c for c in row if c not in game.down], seat)  # (ops_guards.py)
    if len(up) < 2:
        game.log("swap", seat, swapped=False)
        return True
    chosen: list[int] = []
    for n in range(2):
        key = f"{k}:swap{n}"
        cands = [c for c in up if c not in chosen]
        if key not in ctx:
            if len(cands) > 1:
                game.ask(seat, "target", [game.target_action(c) for c in cands], key, "a card to swap")
                return False
            ctx[key] = cands[0]
        chosen.append(ctx[key])
    a, b = row.index(chosen[0]), row.index(chosen[1])
    row[a], row[b] = row[b], row[a]
    ctx["those"] = chosen
    game.log("swap", seat, swapped=True, cards=[game.cards[c].name for c in chosen], tableau_of=whose)
    return True


def clashed_by(game: Any, frame: dict, k: int) -> bool:
    """``clashed_by``: "that player" makes a clash with an opponent, that opponent being this effect's
    player ("Clashing": whoever initiates the clash reveals first); a frame of theirs, with this
    effect's card as its source. No such player, or themselves: nothing."""
    seat, them = frame["seat"], frame["ctx"].get("that_player")
    if them is None or them == seat or them in game.out:
        return True
    frame["i"] = k + 1
    game.push([game.frame(them, frame["source"], {"ops": [{"op": "clash", "with": "opponent", "rival_seat": seat}]},
                          optional=False)])
    return True


def do_more_t_op(game: Any, frame: dict, op: dict, k: int) -> bool:
    if op["op"] == "clashed_by":
        return clashed_by(game, frame, k)
    if op["op"] == "swap_theirs":
        return swap_theirs(game, frame, k)
    if op["op"] == "outside_clash":
        return outside_clash(game, frame, op, k)
    return take_clash_revealed(game, frame, op, k)


__all__ = ["MORE_T_OPS", "MORE_T_TESTS", "REVEALED_TO", "clash_t_errors", "do_more_t_op", "more_t_condition_errors",
           "keeps_this_turn_t", "more_t_holds", "more_t_op_errors", "revealed_in_clash", "rivals_t"]
