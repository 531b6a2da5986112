"""The engine side of ``phrases_clash2.py`` (issue 26.2, the ``clash2`` batch): dice rolled by the
game's seeded random generator (never a player's), as a sentence of their own ("Roll 2 six-sided
dice. Lose RP equal to their combined value.") or as a player's whole clash value in place of
a Store card and their Top Card; and clash variants: two of your own cards clashing (``clash_self``),
several Store cards revealed each (all added, or the best one kept for Dollars), the reveals made
again by a Reaction, a player joining a clash they are not in, a STAR compared with a clash's card,
a loss of RP turned into a gain (millennium-blades.txt, "Clashing", "Reaction"; docs/rules-notes.md,
"MB: clash2, dice and clash values"). The card checker's checks are here too.

Hot path: a clash asks about these only when a card of the game prints them (``cards_with`` of a
continuous op's or a trigger's feature, the game's feature index: a look-up), or when the op or the
filter itself says so (``reveal``, a STAR counted from a REF).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING, Any

from rules.core.engine import Action
from rules.core.schema import OpSpec
from rules.millennium_blades.catalogue import IN_FORCE

if TYPE_CHECKING:
    from rules.millennium_blades.base import MBBase

#: the most dice and sides a card may name (a sane bound for the card checker)
MAX_DICE, MAX_SIDES = 10, 20

CLASH2_OPS = {
    "roll_dice": OpSpec("Roll `dice` dice of `sides` sides (the game's seeded random generator; each die logged); "
                        "COUNT roll is their combined value for the rest of the effect.", {"dice": "int", "sides": "int"}),
    "clash_dice": OpSpec("Continuous (Ongoing, Top): in every clash of this card's player, their clash value is "
                         "`dice` dice of `sides` sides rolled, instead of a Store card revealed and their card's STAR "
                         "(they reveal no Store card); COUNT roll, in the clash's results and triggers, is that roll.",
                         {"dice": "int", "sides": "int"}),
    "clash_best_of": OpSpec("Continuous (Ongoing, Top): before the reveals of each clash of this card's player, they "
                            "may pay `cost` Dollars (if they have them) to reveal `cards` Store cards instead of one and "
                            "keep the highest printed STAR for their total (all go to the Aftermarket).",
                            {"cost": "int", "cards": "int"}),
    "rp_loss_gain": OpSpec("Continuous (Ongoing, Top): each time an effect would make this card's player lose RP "
                           "(lose_rp, steal_rp: where \"You cannot lose RP\" is heard), they lose none and gain "
                           "`amount` RP instead (a thief gains nothing).", {"amount": "int"}),
    "reveal_again": OpSpec("Only in a Reaction to clash_revealed (asked by the clash itself, each player once, in turn "
                           "order from its initiator): its card flipped, the cards revealed go to the Store Discard and "
                           "the clash's players reveal again; the clash's winner(s) then do the winner ops.",
                           {"winner": "any"}),
    "join_clash": OpSpec("Only in a Reaction to clash_join (asked by the clash itself, before its reveals, of each "
                         "player not in it who has a Top Card, in turn order): its card flipped, that player is one of "
                         "the clash's players (revealing in clockwise order); if they win it, they do the win ops.",
                         {"win": "any"}),
}
#: clash_revealed: a clash's players have revealed their cards (before its result); clash_join: a clash
#: is declared that you are not in (before its reveals)
CLASH2_EVENTS = ("clash_revealed", "clash_join")
CLASH2_CONTINUOUS_OPS = ("clash_dice", "clash_best_of", "rp_loss_gain")
#: the feature of a card that turns its player's losses of RP into a gain (``cards_with``)
RP_LOSS_GAIN = IN_FORCE + "rp_loss_gain"
#: the feature of a card whose player may reveal several Store cards in a clash (``cards_with``)
CLASH_BEST_OF = IN_FORCE + "clash_best_of"
#: roll: the dice the effect rolled, or else the player's roll of the clash just made
CLASH2_COUNTS = ("roll",)
#: no_dice: "there is no die at hand", which never holds (the engine's dice are always there)
CLASH2_TESTS = ("no_dice",)
#: the ops the resolver runs here (clash_dice is a rule the clash reads)
CLASH2_RUN_OPS = frozenset(("roll_dice",))
#: a clash op's ``with``: two cards of your own tableau clash with each other (``clash_self``)
SELF_CLASH = "self_two"
CLASH_WITH_CLASH2 = (SELF_CLASH,)
#: the REF of the card that won a clash of two of your own cards (the losing one is the core's losing_card)
CLASH2_REFS = ("winning_card",)
#: the feature of a card whose player rolls dice in a clash (``cards_with``)
CLASH_DICE = IN_FORCE + "clash_dice"

Errors = list[tuple[str, str]]


def _whole(value: Any, top: int) -> bool:
    return isinstance(value, int) and not isinstance(value, bool) and 1 <= value <= top


def clash2_op_errors(name: str, op: Mapping[str, Any], where: str) -> Errors:
    """``roll_dice`` and ``clash_dice``: ``dice`` 1..MAX_DICE, ``sides`` 2..MAX_SIDES; ``clash_best_of``:
    ``cost`` 0..99 Dollars, ``cards`` 2..MAX_DICE."""
    errors: Errors = []
    if name in ("reveal_again", "join_clash"):
        from rules.millennium_blades.effects import ops_errors  # effects asks this module

        branch = "winner" if name == "reveal_again" else "win"
        return ops_errors(op[branch], f"{where}.{branch}") if branch in op else []
    if name == "rp_loss_gain":
        amount = op.get("amount")
        ok = isinstance(amount, int) and not isinstance(amount, bool) and 1 <= amount <= 999
        return [] if ok else [(f"{where}.amount", "is a whole number of RP, 1 to 999")]
    if name == "clash_best_of":
        cost, cards = op.get("cost"), op.get("cards")
        if not (isinstance(cost, int) and not isinstance(cost, bool) and 0 <= cost <= 99):
            errors.append((f"{where}.cost", "is a whole number of Dollars, 0 to 99"))
        if not _whole(cards, MAX_DICE) or cards == 1:
            errors.append((f"{where}.cards", f"is a whole number of cards, 2 to {MAX_DICE}"))
        return errors
    if not _whole(op.get("dice"), MAX_DICE):
        errors.append((f"{where}.dice", f"is a whole number of dice, 1 to {MAX_DICE}"))
    if not _whole(op.get("sides"), MAX_SIDES) or op.get("sides") == 1:
        errors.append((f"{where}.sides", f"is a whole number of sides, 2 to {MAX_SIDES}"))
    return errors


def clash2_condition_errors(cond: Mapping[str, Any], path: str) -> Errors:
    """``no_dice`` takes no field."""
    return [(f"{path}.{key}", "no_dice takes no field") for key in sorted(set(cond) - {"test"})]


def clash2_clash_errors(op: Mapping[str, Any], where: str) -> Errors:
    """A clash of two of your own cards has no result branches: no player wins or loses it (its
    cards do: REFs winning_card and losing_card, for the sentences after it). ``reveal``: 2..MAX_DICE
    Store cards each, in a clash with an opponent or all players."""
    if "reveal" in op and (not _whole(op["reveal"], MAX_DICE) or op["reveal"] == 1 or op.get("with") not in ("opponent", "all")):
        return [(f"{where}.reveal", f"is 2 to {MAX_DICE} cards each, in a clash with an opponent or all players")]
    if op.get("with") != SELF_CLASH:
        return []
    return [(f"{where}.{key}", "a clash with yourself has no player who wins or loses")
            for key in ("win", "lose", "tie", "winner", "losers") if key in op]


def clash2_count_errors(count: Mapping[str, Any], path: str) -> Errors:
    """``roll`` takes no field."""
    return [(f"{path}.{key}", "roll takes no field") for key in sorted(set(count) - {"count"})]


def roll(game: MBBase, seat: int, dice: int, sides: int, why: str) -> int:
    """``dice`` dice of ``sides`` sides, from the game's seeded generator (so a replay rolls the same),
    each die logged; their combined value."""
    faces = [game.rng.randint(1, sides) for _ in range(dice)]
    game.log("dice_rolled", seat, dice=faces, total=sum(faces), why=why)
    return sum(faces)


def do_clash2_op(game: MBBase, frame: dict, op: dict, k: int) -> bool:
    """``roll_dice``: the roll kept in the effect's context (COUNT roll)."""
    source = frame["source"]
    why = game.cards[source].name if source is not None else ""
    frame["ctx"]["roll"] = roll(game, frame["seat"], op["dice"], op["sides"], why)
    return True


def clash_self(game: MBBase, frame: dict, op: dict, k: int) -> bool:
    """"Clash against yourself using two singles from your tableau": the effect's player picks two face-up
    cards of their tableau (no choice with exactly two); each reveals the Store's top card, in the
    order picked, and adds its STAR to its own ("Clashing"; both revealed cards go to the Aftermarket).
    The higher total is REF ``winning_card``, the other ``losing_card``; a tie has neither. With fewer
    than two face-up cards "the clash does not occur". No player wins or loses (rules notes); "whenever
    you clash" is heard once. False while a card is asked for."""
    seat, ctx = frame["seat"], frame["ctx"]
    up = [c for c in game.tableau[seat] if c not in game.down]
    if len(up) < 2:
        game.log("clash", seat, occurred=False)
        return True
    picked: list[int] = []
    for n in range(2):
        key = f"{k}:self{n}"
        left = [c for c in up if c not in picked]
        if key not in ctx and len(up) > 2:
            source = frame["source"]
            game.ask(seat, "target", [game.target_action(c) for c in left], key,
                     game.cards[source].name if source is not None else "")
            return False
        picked.append(ctx[key] if key in ctx else left[0])
    totals, shown = [], []
    for c in picked:
        revealed = game.draw_store()
        bonus = sum(o.get("amount", 0) for o in game.ops_in_force(c, seat, "clash_star"))
        totals.append((game.star(c) or 0) + bonus + (game.cards[revealed].printed_star if revealed is not None else 0))
        shown.append(revealed)
    game.to_aftermarket([c for c in shown if c is not None])
    ctx.pop("winning_card", None)
    ctx.pop("losing_card", None)
    if totals[0] != totals[1]:
        win = 0 if totals[0] > totals[1] else 1
        ctx["winning_card"], ctx["losing_card"] = picked[win], picked[1 - win]
    game.log("self_clash", seat, cards=[game.cards[c].name for c in picked], totals=totals,
             revealed=[game.cards[c].name if c is not None else None for c in shown],
             winner=game.cards[ctx["winning_card"]].name if "winning_card" in ctx else None)
    if "on action_no_clash" in game.feature_cards:  # (ops_triggers.py)
        from rules.millennium_blades.ops_triggers import clash_occurred

        clash_occurred(game)
    game.triggered = game.collect("clash", None, seat) + game.triggered  # "Whenever you clash"
    return True


def star_of_card_counted(game: MBBase, flt: dict, source: int | None, seat: int, ctx: dict) -> dict:
    """A FILTER whose STAR compares with a card an effect names ("of the losing card's STAR or lower":
    batch g's counted STAR of a REF), the Star Rating counted now with the effect's context (the card
    it names is known there only; none: 0)."""
    star = flt["star"]
    value = game.count(star["value"], source, seat, ctx) * star.get("times", 1)
    return {**flt, "star": {"cmp": star["cmp"], "value": value}}


def best_of_choices(game: MBBase, frame: dict, participants: list[int], k: int) -> bool:
    """Before a clash's reveals, each of its players with a ``clash_best_of`` rule in force (the first)
    and its Dollars is asked, in turn order, whether to pay for it; one who does pays now (to the bank,
    "Dollars spent") and is kept in ``{k}:best`` (seat -> cards to reveal). False while one is asked."""
    ctx = frame["ctx"]
    best = ctx.setdefault(f"{k}:best", {})
    for p in participants:
        key = f"{k}:best{p}"
        found = game.face_up_ops(p, "clash_best_of")
        if not found:
            continue
        rule = found[0][1]
        if key not in ctx:
            if game.purse[p] + game.money[p] < rule["cost"]:
                ctx[key] = False
                continue
            game.ask(p, "optional", [Action("accept"), Action("decline")], key,
                     f"pay {rule['cost']} Dollars to reveal {rule['cards']} Store cards and keep the highest")
            return False
        if ctx[key] is True and str(p) not in best:
            from rules.millennium_blades.ops_more_v import mark_spent  # it reads the engine's modules

            best[str(p)] = rule["cards"]
            game.money[p] -= rule["cost"]
            game.log("pay_money", p, amount=rule["cost"])
            mark_spent(game, p, rule["cost"])
    return True


def best_store_card(game: MBBase, seat: int, cards: int) -> tuple[int | None, list[int]]:
    """``cards`` Store cards revealed for ``seat``'s clash: the one of highest printed STAR (the first
    of a tie) and the others (all of them go to the Aftermarket; logged)."""
    shown = [c for c in (game.draw_store() for _ in range(cards)) if c is not None]
    if not shown:
        return None, []
    kept = max(shown, key=lambda c: game.cards[c].printed_star)
    game.log("clash_best_of", seat, revealed=[game.cards[c].name for c in shown], kept=game.cards[kept].name)
    return kept, [c for c in shown if c != kept]


def several_store_cards(game: MBBase, seat: int, cards: int) -> tuple[int | None, list[int], int]:
    """``cards`` Store cards revealed for ``seat``'s clash, all counted ("revealing 3 cards each instead
    of 1"): the first, the others, and their printed STAR added (logged)."""
    shown = [c for c in (game.draw_store() for _ in range(cards)) if c is not None]
    game.log("clash_reveals", seat, revealed=[game.cards[c].name for c in shown])
    return (shown[0] if shown else None), shown[1:], sum(game.cards[c].printed_star for c in shown)


def loss_turned_to_gain(game: MBBase, seat: int) -> int | None:
    """The RP ``seat`` gains instead of a loss (the first ``rp_loss_gain`` rule in force in their play
    area), or None: the loss stands."""
    found = game.face_up_ops(seat, "rp_loss_gain")
    return found[0][1]["amount"] if found else None


def reveals_made_again(game: Any, frame: dict, participants: list[int], reveal: Callable[[], dict],
                       k: int) -> dict | None:
    """"Reaction: After the players reveal their cards in a clash, you may discard the revealed cards and
    each player reveals new cards": once a clash's reveals are made, each player still in the tournament
    (in turn order from the clash's initiator, once each) with such a face-up Reaction may use it: its
    card is flipped ("Reaction"), the revealed cards still in the Aftermarket go to the Store Discard,
    and ``reveal()`` makes the reveals again; its winner ops join the clash's boosts' results (batch
    z's ``{k}:extra``). The reveals as they stand, or None while a player is asked."""
    ctx, seat = frame["ctx"], frame["seat"]
    for i in range(game.num_players):
        p = (seat + i) % game.num_players
        key = f"{k}:again{p}"
        if key not in ctx:
            found = [c for c in game.play_area(p) if c not in game.down and p not in game.out and any(
                e["timing"] == "reaction" for e in game.cards[c].triggers.get("clash_revealed", ()))]
            if not found:
                ctx[key] = False
                continue
            options = [Action("react", (n,)) for n in dict.fromkeys(game.cards[c].name for c in found)]
            game.ask(p, "react", [*options, Action("decline")], key, "the cards revealed in the clash")
            return None
        card = ctx[key]
        if card is False or f"{k}:again_done{p}" in ctx:
            continue
        ctx[f"{k}:again_done{p}"] = True
        done = ctx[f"{k}:clash"]
        shown = [c for cs in done.get("revealed_all", {}).values() for c in cs] or \
            [c for c in done["revealed"].values() if c is not None]
        gone = [c for c in shown if c in game.aftermarket]
        for c in gone:
            game.aftermarket.remove(c)
        game.store_discard.extend(gone)
        game.log("reveals_discarded", p, card=game.cards[card].name, cards=[game.cards[c].name for c in gone])
        if card not in game.down:
            game.flip_card(card, p)
        ctx[f"{k}:clash"] = reveal()
        effect = next(e for e in game.cards[card].triggers["clash_revealed"] if e["timing"] == "reaction")
        for op in effect["ops"]:
            if op["op"] == "reveal_again" and op.get("winner"):
                ctx.setdefault(f"{k}:extra", []).append(("winner", card, p, op["winner"]))
    return ctx[f"{k}:clash"]


def joined_clash(game: Any, frame: dict, participants: list[int], k: int) -> list[int] | None:
    """"Reaction: You may join any clash, even if you are not in it":
    before a clash's reveals, each player not in it who has a Top Card ("Clashing": a player with a Top
    Card) and such a face-up Reaction is asked, in turn order from the clash's initiator, once each.
    One who uses it flips its card ("Reaction") and is one of the clash's players, who reveal
    "starting with whoever initiated the clash and moving clockwise". The players, or None while one
    is asked."""
    ctx, seat = frame["ctx"], frame["seat"]
    order = [(seat + i) % game.num_players for i in range(game.num_players)]
    joined = list(participants)
    for p in order:
        if p in participants or p in game.out:
            continue
        key = f"{k}:join{p}"
        if key not in ctx:
            found = [c for c in game.play_area(p) if c not in game.down and any(
                e["timing"] == "reaction" for e in game.cards[c].triggers.get("clash_join", ()))]
            if not found or game.top_card(p) is None:
                ctx[key] = False
                continue
            options = [Action("react", (n,)) for n in dict.fromkeys(game.cards[c].name for c in found)]
            game.ask(p, "react", [*options, Action("decline")], key, "a clash you are not in")
            return None
        card = ctx[key]
        if card is False:
            continue
        if f"{k}:joined{p}" not in ctx:
            ctx[f"{k}:joined{p}"] = True
            game.log("clash_joined", p, card=game.cards[card].name)
            if card not in game.down:
                game.flip_card(card, p)
            effect = next(e for e in game.cards[card].triggers["clash_join"] if e["timing"] == "reaction")
            wins = [o["win"] for o in effect["ops"] if o["op"] == "join_clash" and o.get("win")]
            if wins:
                ctx.setdefault(f"{k}:joined", []).append((card, p, wins[0]))
        if game.top_card(p) is not None:  # (flipping the Reaction may leave them no card to clash with)
            joined.append(p)
    return sorted(joined, key=order.index)


def joined_wins(game: Any, ctx: dict, k: int, winners: list[int]) -> list[dict]:
    """The frames of "If you win that clash, ..." of each player who joined the clash and won it."""
    return [game.frame(p, card, {"ops": ops}, ctx, optional=False)
            for card, p, ops in ctx.get(f"{k}:joined", ()) if p in winners]


def clash_dice(game: MBBase, seat: int) -> dict | None:
    """The ``clash_dice`` op in force in ``seat``'s play area (the first), or None."""
    found = game.face_up_ops(seat, "clash_dice")
    return found[0][1] if found else None


def clash2_count(count: Mapping[str, Any], seat: int, ctx: Mapping[str, Any] | None) -> int:
    """``roll``: the effect's own roll, or else ``seat``'s roll in the clash just made (0: none)."""
    ctx = ctx or {}
    if "roll" in ctx:
        return int(ctx["roll"])
    return int(((ctx.get("clash_result") or {}).get("rolls") or {}).get(str(seat), 0))


__all__ = ["CLASH2_CONTINUOUS_OPS", "CLASH2_COUNTS", "CLASH2_OPS", "CLASH2_REFS", "CLASH2_RUN_OPS", "CLASH2_TESTS",
           "CLASH_DICE", "CLASH_WITH_CLASH2", "SELF_CLASH", "clash2_clash_errors", "clash2_condition_errors",
           "clash2_count", "clash2_count_errors", "clash_self", "star_of_card_counted", "CLASH_BEST_OF",
           "best_of_choices", "best_store_card", "several_store_cards", "RP_LOSS_GAIN", "loss_turned_to_gain",
           "CLASH2_EVENTS", "reveals_made_again", "joined_clash", "joined_wins",
           "clash2_op_errors", "clash_dice", "do_clash2_op", "roll"]
