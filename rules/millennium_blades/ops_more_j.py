"""The engine side of ``phrases_more_j.py``: each player in turn from you clockwise, a card picked
up from the Store (or the Aftermarket) and played at once, cards returned to the box, a card's own
effect when it is discarded from its owner's hand, and the players counted (millennium-blades.txt:
"Tournament Turns", "Discards", "Clashing", "Aftermarket Space", "Play a Single (Required)";
docs/rules-notes.md, "MB: batch j"). The card checker's checks are here too.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from rules.core.engine import Action
from rules.core.schema import OpSpec
from rules.millennium_blades.ops_zones2 import binder_played

if TYPE_CHECKING:
    from rules.millennium_blades.base import MBBase

ANY = "any"
MORE_J_OPS = {
    "clockwise": OpSpec("Each player still in, starting with you (skip_self: with the player on your left, you "
                        "not among them) and going clockwise, does the ops as their own.", {"ops": ANY, "skip_self": "bool"}),
    "pick_play": OpSpec("Pick up the top amount cards of the Store (from: store) or choose a card of the "
                        "Aftermarket (from: aftermarket) and play one of them at once, its Play effects too; the "
                        "others go to the Aftermarket (rest: aftermarket); REF played names it.",
                        {"from": "str", "amount": "int", "rest": "str"}),
    "rest_to_aftermarket": OpSpec("The cards an earlier pick_play picked up and did not play are in the Aftermarket.",
                                  {}),
    "to_box": OpSpec("Return amount cards of your choice (up_to: as many as you choose, up to amount) from your hand "
                     "to the box, out of the game (those cards).", {"amount": "int", "up_to": "bool"}),
    "play_random_binder": OpSpec("Play a card drawn blind from your binder into your tableau, its Play effects too (an "
                                 "open slot needed); REF played names it.", {}),
    "hand_to_tableau_down": OpSpec("Put a card of your choice from your hand face-down into the next open slot of your "
                                   "tableau (not played: no Play effects).", {}),
    "reveal_top": OpSpec("Reveal the top amount cards of the Store, each into the Aftermarket as a revealed Store card "
                         "(those cards; REF revealed: the last).", {"amount": "int"}),
    "those_to_hand": OpSpec("The cards this effect revealed or added to the Aftermarket (those), still there, to your "
                            "hand: all, or amount of your choice; from binder: the cards discarded, still in your "
                            "binder (batch v).", {"amount": "int", "from": "str"}),
    "those_to_top": OpSpec("Those cards, still in the Aftermarket, back on top of the Store: all, in the order you "
                           "put them, or amount of your choice (optional: or none).", {"amount": "int", "optional": "bool"}),
    "may": OpSpec("You may do the ops (asked first; declined: \"If you did\" does not hold).", {"ops": ANY}),
    "discard_any": OpSpec("Discard any number of cards of your choice from your hand to your binder, none too "
                          "(those cards).", {}),
    "draw_that_many": OpSpec("Take as many top cards of the Store as those cards, plus plus, to your hand (those "
                             "cards stay the ones before).", {"plus": "int"}),
    "store_to_discard": OpSpec("Discard the top amount cards of the Store to the Store Discard, face-up; REF revealed "
                               "names the last one.", {"amount": "int"}),
    "swap_hand": OpSpec("Swap a card of your choice from your hand with one of that player's hand (filter), both of "
                        "your choice (random: theirs drawn blind, ops_outcomes.py); REF taken names the card you "
                        "got.", {"filter": ANY, "random": "bool"}),
    "revealed_to_top": OpSpec("The Store card revealed (REF revealed), if still in the Aftermarket, back on top of "
                              "the Store.", {}),
    "discard_distinct": OpSpec("Discard up to amount cards of your choice from your hand to your binder, no two sharing "
                               "a type (what: type) or an element (element) (those cards).", {"amount": "int", "what": "str"}),
    "all_symbols_in_hand": OpSpec("This card is every element and type while it is in its owner's hand "
                                  "(continuous).", {}),
}
MORE_J_CONTINUOUS_OPS = ("all_symbols_in_hand",)
#: players: the players still in the tournament, you too; effects: the effects of a timing word
#: (timing) printed on your face-up tableau cards; edge_star: the Star Rating of your left-most
#: (side: left) or right-most face-up card, 0 with none
#: star_steps: whole steps of every STAR among the cards (zone, filter); star_spread: their highest
#: Star Rating less their lowest
MORE_J_COUNTS = ("players", "effects", "edge_star", "star_steps", "star_spread")
#: discarded_this: the card itself is discarded from its owner's hand (its effect works from there)
MORE_J_EVENTS = ("discarded_this",)
PICK_FROM = ("store", "aftermarket")
AFTERMARKET_LIMIT = 12  # "Aftermarket Space": "During Tournaments, the Aftermarket has a limit of 12 cards"

Errors = list[tuple[str, str]]


def more_j_op_errors(name: str, op: Mapping[str, Any], where: str) -> Errors:
    from rules.millennium_blades.effects import _int, ops_errors  # effects asks this module

    if name == "clockwise":
        ops = op.get("ops")
        if not isinstance(ops, list) or not ops:
            return [(f"{where}.ops", "is a list of ops")]
        bad = [] if isinstance(op.get("skip_self", False), bool) else [(f"{where}.skip_self", "is true or false")]
        return bad + ops_errors(ops, f"{where}.ops")
    if name == "pick_play":
        errors = _int(op.get("amount", 1), f"{where}.amount")
        if op.get("from") not in PICK_FROM:
            errors.append((f"{where}.from", "is store or aftermarket"))
        if op.get("rest", "aftermarket") != "aftermarket":
            errors.append((f"{where}.rest", "is aftermarket"))
        return errors
    if name == "may":
        ops = op.get("ops")
        return [(f"{where}.ops", "is a list of ops")] if not isinstance(ops, list) or not ops else ops_errors(
            ops, f"{where}.ops")
    if name == "discard_distinct":
        errors = _int(op.get("amount", 1), f"{where}.amount")
        return errors + ([] if op.get("what") in ("type", "element") else [(f"{where}.what", "is type or element")])
    if name == "swap_hand":
        from rules.millennium_blades.effects import filter_errors

        errors = filter_errors(op["filter"], f"{where}.filter") if "filter" in op else []
        return errors + ([(f"{where}.random", "is true, or absent")] if op.get("random", True) is not True else [])
    if name == "draw_that_many":
        return _int(op.get("plus", 0), f"{where}.plus", ) if op.get("plus", 0) else []
    if name in ("reveal_top", "those_to_hand", "those_to_top", "store_to_discard"):
        errors = _int(op.get("amount", 1), f"{where}.amount")
        if name == "those_to_hand" and op.get("from", "binder") != "binder":
            errors.append((f"{where}.from", "is binder (the cards discarded), or absent (the Aftermarket)"))
        if not isinstance(op.get("optional", False), bool):
            errors.append((f"{where}.optional", "is true or false"))
        return errors
    if name == "to_box":
        errors = _int(op.get("amount", 1), f"{where}.amount")
        if not isinstance(op.get("up_to", False), bool):
            errors.append((f"{where}.up_to", "is true or false"))
        return errors
    return []


def do_more_j_op(game: MBBase, frame: dict, op: dict, k: int) -> bool:
    name = op["op"]
    if name == "clockwise":
        return _clockwise(game, frame, op, k)
    if name == "pick_play":
        return _pick_play(game, frame, op, k)
    if name == "to_box":
        return _to_box(game, frame, op, k)
    if name in MOVES:
        return MOVES[name](game, frame, op, k)
    return True  # rest_to_aftermarket: pick_play put them there as it picked them up


def _clockwise(game: MBBase, frame: dict, op: dict, k: int) -> bool:
    """"Starting with you and going clockwise, each player ...": one after another, each as their own
    ("Tournament Turns": turns go "in clockwise order around the table", seat + 1 is the next)."""
    seat, n = frame["seat"], game.num_players
    first = 1 if op.get("skip_self") else 0  # "starting to your left ..., each other player" (ops_market_zones.py)
    players = [(seat + i) % n for i in range(first, n) if (seat + i) % n not in game.out]
    frame["i"] = k + 1
    game.push([game.frame(p, frame["source"], {"ops": op["ops"]}, frame["ctx"], optional=False) for p in players])
    return True


def _pick_play(game: MBBase, frame: dict, op: dict, k: int) -> bool:
    """The top cards of the Store picked up (or the Aftermarket's cards) and one of the player's choice
    played at once ("Play a Single": the next open left-most slot; it is not the turn's Single, and
    its Play effects resolve); the others go to the Aftermarket, as revealed Store cards do
    ("Clashing": "Put all cards revealed this way into the Aftermarket"). They wait there, face-up,
    while the player chooses; the 12-card limit is applied to the cards that stay ("Aftermarket
    Space"). No open slot: the card is not played and stays in the Aftermarket (rules notes)."""
    seat, ctx, key = frame["seat"], frame["ctx"], f"{k}:pick"
    pool_key = f"{k}:picked"
    if pool_key not in ctx:
        if op["from"] == "store":
            cards = [c for c in (game.draw_store() for _ in range(op.get("amount", 1))) if c is not None]
            if len(game.aftermarket) + max(0, len(cards) - 1) > AFTERMARKET_LIMIT:
                game.store_discard.extend(game.aftermarket)
                game.log("aftermarket_discarded", None, cards=len(game.aftermarket))
                game.aftermarket = []
            game.aftermarket.extend(cards)
            game.log("picked_up", seat, cards=[game.cards[c].name for c in cards])
        else:
            cards = list(game.aftermarket)
        ctx[pool_key] = cards
    pool = [c for c in ctx[pool_key] if c in game.aftermarket and game.may_play(seat, c)]  # (special_ops.may_play)
    ctx["did"] = False
    if not pool or len(game.tableau[seat]) >= game.capacity(seat):
        game.log("pick_play_failed", seat, reason="no card" if not pool else "no open slot")
        return True
    options = sorted({game.cards[c].name for c in pool})
    if key not in ctx and len(options) > 1:
        game.ask(seat, "aftermarket", [Action("take", (name,)) for name in options], key, "a card to play now")
        return False
    name = ctx.get(key, options[0])
    card = next(c for c in pool if game.cards[c].name == name)
    game.aftermarket.remove(card)
    game.owner[card] = seat  # it is theirs now, as a card taken from the Store or the Aftermarket
    ctx["played"], ctx["did"], ctx["those"] = card, True, [c for c in pool if c != card]
    game.play_single(seat, card, from_hand=False)
    return True


def _to_box(game: MBBase, frame: dict, op: dict, k: int) -> bool:
    """Cards of the player's choice from their hand to the box ("Discards": "placed back into the
    game box and will never come back into play"): exactly ``amount`` (as many as the hand has), or
    up to ``amount``, one at a time until they stop."""
    seat, ctx, chosen = frame["seat"], frame["ctx"], []
    for n in range(op.get("amount", 1)):
        key = f"{k}:box{n}"
        pool = [c for c in game.hand[seat] if c not in chosen]
        if not pool:
            break
        if key not in ctx:
            names = dict.fromkeys(game.cards[c].name for c in pool)
            options = [Action("pick", (name,)) for name in names]
            if op.get("up_to"):
                options.append(Action("decline"))
            game.ask(seat, "any_number" if op.get("up_to") else "discard", options, key, "a card to return to the box")
            return False
        if ctx[key] is False:
            break
        chosen.append(ctx[key])
    for card in chosen:
        game.hand[seat].remove(card)
        game.removed[seat].append(card)
        game.log("to_box", seat, card=game.cards[card].name)
    ctx["those"], ctx["did"] = chosen, bool(chosen) and (op.get("up_to") or len(chosen) == op.get("amount", 1))
    ctx["revealed"] = chosen[-1] if chosen else None
    return True


def _play_random_binder(game: MBBase, frame: dict, op: dict, k: int) -> bool:
    """A card drawn blind from the player's binder and played ("Play a Single": the next open slot;
    it is not the turn's Single and its Play effects resolve). No card or no open slot: nothing. The
    card whose Action discarded itself may be drawn: played anew, it is not flipped for that Action
    ("Use an Action" flips the card used, which left play; rules notes, "MB: batch j")."""
    seat, ctx = frame["seat"], frame["ctx"]
    ctx["did"] = False
    binder = game.binder[seat]
    playable = [i for i, c in enumerate(binder) if game.may_play(seat, c)]  # (special_ops.may_play)
    if not playable or len(game.tableau[seat]) >= game.capacity(seat):
        game.log("pick_play_failed", seat, reason="no card" if not playable else "no open slot")
        return True
    card = binder.pop(playable[game.rng.randrange(len(playable))])
    ctx["played"], ctx["did"] = card, True
    if card == frame["source"]:  # it left play and came back: a card played anew, not the one whose Action is used
        ctx["keep_source"] = True
    game.play_single(seat, card, from_hand=False)
    binder_played(game, seat, card)  # "When you play a card from your binder" (ops_zones2.py)
    return True


def _hand_to_tableau_down(game: MBBase, frame: dict, op: dict, k: int) -> bool:
    """A card of the player's choice from their hand put face-down into the next open slot ("Tableau";
    "Face-Down Cards": it has no text, so nothing of it resolves). No card or no open slot: nothing."""
    seat, ctx, key = frame["seat"], frame["ctx"], f"{k}:down"
    ctx["did"] = False
    if not game.hand[seat] or len(game.tableau[seat]) >= game.capacity(seat):
        game.log("pick_play_failed", seat, reason="no card" if not game.hand[seat] else "no open slot")
        return True
    options = list(dict.fromkeys(game.cards[c].name for c in game.hand[seat]))
    if key not in ctx and len(options) > 1:
        game.ask(seat, "discard", [Action("pick", (name,)) for name in options], key, "a card to put face-down")
        return False
    card = ctx.get(key, game.hand[seat][0])
    game.hand[seat].remove(card)
    game.tableau[seat].append(card)
    game.down.add(card)
    ctx["did"] = True
    game.log("put_face_down", seat, slot=len(game.tableau[seat]) - 1)
    return True


def _reveal_top(game: MBBase, frame: dict, op: dict, k: int) -> bool:
    """The top cards of the Store revealed one by one, each into the Aftermarket as "Reveal the top
    card of the Store" does (``resolve.op_reveal``; "Clashing": "Put all cards revealed this way into
    the Aftermarket"; "Aftermarket Space")."""
    seat, ctx, cards = frame["seat"], frame["ctx"], []
    for _ in range(op.get("amount", 1)):
        card = game.draw_store()
        if card is None:
            break
        game.to_aftermarket([card])
        cards.append(card)
        game.log("reveal", seat, source="store", card=game.cards[card].name, star=game.cards[card].printed_star)
    ctx["those"], ctx["revealed"], ctx["did"] = cards, (cards[-1] if cards else None), bool(cards)
    return True


def _still_there(game: MBBase, frame: dict) -> list[int]:
    """Those cards of the effect that are still in the Aftermarket."""
    return [c for c in frame["ctx"].get("those", ()) if c in game.aftermarket]


def _those_to_hand(game: MBBase, frame: dict, op: dict, k: int) -> bool:
    """Those cards (revealed, or added to the Aftermarket, by this effect) to the player's hand, all of
    them or the ones they choose; theirs now. ``from: binder``: those cards discarded, still in the
    player's binder (batch v)."""
    seat, ctx = frame["seat"], frame["ctx"]
    binder = game.binder[seat] if op.get("from") == "binder" else None  # the cards discarded (batch v)
    pool = [c for c in ctx.get("those", ()) if c in binder] if binder is not None else _still_there(game, frame)
    chosen = _choose(game, frame, pool, op, k, "a card to add to your hand") if "amount" in op else pool
    if chosen is None:
        return False
    for card in chosen:
        (binder if binder is not None else game.aftermarket).remove(card)
        game.hand[seat].append(card)
        game.owner[card] = seat
    ctx["did"] = bool(chosen)
    if chosen:
        game.log("those_to_hand", seat, cards=[game.cards[c].name for c in chosen])
    return True


def _those_to_top(game: MBBase, frame: dict, op: dict, k: int) -> bool:
    """Those cards back on top of the Store: one of the player's choice (maybe none, when optional), or
    all of them one at a time in the order the player picks (the last one picked on top)."""
    seat, ctx = frame["seat"], frame["ctx"]
    pool = _still_there(game, frame)
    amount = op.get("amount", len(pool))
    chosen = _choose(game, frame, pool, {**op, "amount": amount}, k, "a card to put on top of the Store")
    if chosen is None:
        return False
    for card in chosen:
        game.aftermarket.remove(card)
        game.store.append(card)  # the Store's top is the end of the list
    ctx["did"] = bool(chosen)
    if chosen:
        game.log("those_to_top", seat, cards=len(chosen))
    return True


def _choose(game: MBBase, frame: dict, pool: list[int], op: dict, k: int, about: str) -> list[int] | None:
    """Up to ``amount`` cards of ``pool`` picked one at a time (a name each; the only one left is taken
    without asking); with ``optional`` the player may decline and stop. ``None``: a question is pending."""
    ctx, chosen = frame["ctx"], []
    for n in range(op.get("amount", 1)):
        left = [c for c in pool if c not in chosen]
        if not left:
            break
        key = f"{k}:choose{n}"
        names = sorted({game.cards[c].name for c in left})
        if key not in ctx and (len(names) > 1 or op.get("optional")):
            options = [Action("take", (name,)) for name in names] + ([Action("decline")] if op.get("optional") else [])
            game.ask(frame["seat"], "aftermarket", options, key, about)
            return None
        if ctx.get(key) is False:
            break
        name = ctx.get(key, names[0])
        chosen.append(next(c for c in left if game.cards[c].name == name))
    return chosen


def _may(game: MBBase, frame: dict, op: dict, k: int) -> bool:
    """"You may ...": the player accepts or declines; accepted, the ops run next in this effect (so
    "If you do" after them sees what they did); declined, "If you did" does not hold."""
    ctx, key = frame["ctx"], f"{k}:may"
    if key not in ctx:
        name = game.cards[frame["source"]].name if frame["source"] is not None else "an effect"
        game.ask(frame["seat"], "optional", [Action("accept"), Action("decline")], key, name)
        return False
    frame["i"] = k + 1
    if ctx[key]:
        frame["ops"][k + 1:k + 1] = op["ops"]
        frame["text_ends"] = frame.get("text_ends", len(frame["ops"])) + len(op["ops"])
    else:
        ctx["did"] = False
    return True


def _discard_any(game: MBBase, frame: dict, op: dict, k: int) -> bool:
    """Any number of cards from the hand: "discard up to N" (ops_more_f) with N the hand's size."""
    key = f"{k}:hand_size"
    frame["ctx"].setdefault(key, len(game.hand[frame["seat"]]))
    return game.op_discard_up_to(frame, {"op": "discard_up_to", "amount": frame["ctx"][key]}, k)


def _draw_that_many(game: MBBase, frame: dict, op: dict, k: int) -> bool:
    """As many top cards of the Store as "those cards" (the cards just discarded), and ``plus`` more,
    to the hand ("FAQs": a Store that runs out is the Store Discard shuffled); the cards counted stay
    "those cards", so "for each card discarded this way" after it still counts them."""
    seat, ctx = frame["seat"], frame["ctx"]
    wanted = len(ctx.get("those", ())) + op.get("plus", 0)
    cards = [c for c in (game.draw_store() for _ in range(wanted)) if c is not None]
    for card in cards:
        game.hand[seat].append(card)
        game.owner[card] = seat
    game.log("gain_store", seat, cards=[game.cards[c].name for c in cards])
    return True


def _store_to_discard(game: MBBase, frame: dict, op: dict, k: int) -> bool:
    """The top cards of the Store to the Store Discard ("Discards": cards discarded "to the Store
    Discard" may reappear), face-up for all to see; "it" is the last one."""
    seat, ctx, cards = frame["seat"], frame["ctx"], []
    for _ in range(op.get("amount", 1)):
        card = game.draw_store()
        if card is None:
            break
        game.store_discard.append(card)
        cards.append(card)
        game.log("store_to_discard", seat, card=game.cards[card].name, star=game.cards[card].printed_star)
    ctx["those"], ctx["revealed"], ctx["did"] = cards, (cards[-1] if cards else None), bool(cards)
    return True


def _swap_hand(game: MBBase, frame: dict, op: dict, k: int) -> bool:
    """A card of the player's hand for a card (that fits) of "that player"'s hand, whose hand was
    just revealed to them: both chosen by the player (theirs drawn at random with ``random``), each
    card now its new holder's. Nothing if
    either hand has no such card."""
    seat, ctx = frame["seat"], frame["ctx"]
    other = ctx.get("that_player")
    ctx["did"] = False
    theirs = [c for c in game.hand[other] if game.matches(c, op.get("filter", {}), frame["source"])] \
        if other is not None and other != seat else []
    if not theirs or not game.hand[seat]:
        game.log("swap_failed", seat)
        return True
    mine_key, theirs_key = f"{k}:give", f"{k}:get"
    if mine_key not in ctx:
        names = list(dict.fromkeys(game.cards[c].name for c in game.hand[seat]))
        game.ask(seat, "discard", [Action("pick", (name,)) for name in names], mine_key, "a card of your hand to give")
        return False
    if theirs_key not in ctx and op.get("random"):  # "a random card in an opponent's hand" (ops_outcomes.py)
        ctx[theirs_key] = game.cards[theirs[game.rng.randrange(len(theirs))]].name
    if theirs_key not in ctx:
        names = sorted({game.cards[c].name for c in theirs})
        game.ask(seat, "aftermarket", [Action("take", (name,)) for name in names], theirs_key,
                 f"a card of Seat {other}'s hand")
        return False
    give, get = ctx[mine_key], next(c for c in theirs if game.cards[c].name == ctx[theirs_key])
    game.hand[seat].remove(give)
    game.hand[other].remove(get)
    game.hand[seat].append(get)
    game.hand[other].append(give)
    game.owner[get], game.owner[give] = seat, other
    ctx["taken"], ctx["did"] = get, True
    game.log("swap_hand", seat, seat_with=other, gave=game.cards[give].name, got=game.cards[get].name)
    return True


def _revealed_to_top(game: MBBase, frame: dict, op: dict, k: int) -> bool:
    """The Store card this effect revealed goes back on top of the Store (it waited in the
    Aftermarket, as revealed Store cards do here); gone from there: nothing."""
    card = frame["ctx"].get("revealed")
    if card is not None and card in game.aftermarket:
        game.aftermarket.remove(card)
        game.store.append(card)  # the Store's top is the end of the list
        game.log("those_to_top", frame["seat"], cards=1)
    return True


def discard_picked(game: MBBase, frame: dict, k: int, step: str, amount: int, fits) -> bool:
    """Up to ``amount`` hand cards of the player's choice to their binder ("Discard a Card"), picked
    one at a time until they stop or none is left that ``fits(card, chosen)``; the discard triggers
    as any discard does. ``step`` names the picks in ``ctx`` (one op's picks apart from another's)."""
    seat, ctx = frame["seat"], frame["ctx"]
    chosen: list[int] = []
    for n in range(amount):
        key = f"{k}:{step}{n}"
        pool = [c for c in game.hand[seat] if c not in chosen and fits(c, chosen)]
        if not pool:
            break
        if key not in ctx:
            names = dict.fromkeys(game.cards[c].name for c in pool)
            game.ask(seat, "any_number", [*(Action("pick", (name,)) for name in names), Action("decline")], key,
                     "one more card to discard, or stop")
            return False
        if ctx[key] is False:
            break
        chosen.append(ctx[key])
    for card in chosen:
        game.hand[seat].remove(card)
        game.binder[seat].append(card)
        game.log("discard", seat, card=game.cards[card].name)
    ctx["those"], ctx["did"] = chosen, bool(chosen)
    game.discard_triggers(seat, chosen)
    return True


def _discard_distinct(game: MBBase, frame: dict, op: dict, k: int) -> bool:
    """Up to ``amount`` hand cards to the binder, each sharing no type (element) with those already
    chosen (a card without one shares none)."""
    symbols = game.types if op["what"] == "type" else game.elements

    def fits(card: int, chosen: list[int]) -> bool:
        return not {s for c in chosen for s in symbols(c)} & set(symbols(card))

    return discard_picked(game, frame, k, "distinct", op.get("amount", 1), fits)


MOVES = {"play_random_binder": _play_random_binder, "hand_to_tableau_down": _hand_to_tableau_down,
         "reveal_top": _reveal_top, "those_to_hand": _those_to_hand, "those_to_top": _those_to_top, "may": _may,
         "discard_any": _discard_any, "draw_that_many": _draw_that_many, "store_to_discard": _store_to_discard,
         "swap_hand": _swap_hand, "revealed_to_top": _revealed_to_top, "discard_distinct": _discard_distinct}


def all_in_hand(game: MBBase, card: int) -> bool:
    """Whether ``card`` is every element and type now: its rule says so while it is in its owner's
    hand, and it is there ("CARD DATA"; rules notes, "MB: batch j")."""
    return bool(game.cards[card].continuous("all_symbols_in_hand")) and game.in_own_hand(card)


def self_discard_triggers(game: MBBase, seat: int, cards: list[int]) -> None:
    """"When you discard this card from your hand, ...": each card discarded from ``seat``'s hand
    with such an effect has it resolve for that player, from the binder it went to (the effect
    says it works from the hand: the card is not in play; rules notes, "MB: batch j")."""
    if not cards or "on discarded_this" not in game.feature_cards:
        return
    for card in cards:
        for effect in game.cards[card].triggers.get("discarded_this", ()):
            game.triggered.append(game.frame(seat, card, effect, {"that_player": seat}))


def more_j_count(game: MBBase, count: dict, seat: int, source: int | None = None) -> int:
    """The players still in the tournament ("for each player": you too); the effects of a timing
    word on the face-up cards of the tableau ("Face-Down Cards": no text); the Star Rating of the
    face-up card nearest one end of the tableau."""
    kind = count["count"]
    if kind == "players":
        return sum(1 for p in range(game.num_players) if p not in game.out)
    if kind in ("star_steps", "star_spread"):  # "CARD DATA": a face-down card has no Star Rating
        stars = [game.star(c) or 0 for c in game.zone_cards(count.get("zone", "tableau"), seat)
                 if game.matches(c, count.get("filter", {}), source)]
        if kind == "star_steps":
            return sum(stars) // count["every"]
        return max(stars) - min(stars) if stars else 0
    face_up = [c for c in game.tableau[seat] if c not in game.down]
    if kind == "effects":
        return sum(len(game.cards[c].timed(count["timing"])) for c in face_up)
    if not face_up:
        return 0
    return game.star(face_up[0] if count["side"] == "left" else face_up[-1]) or 0


def more_j_count_errors(count: Mapping[str, Any], path: str) -> Errors:
    from rules.millennium_blades.vocabulary import TIMINGS

    if count["count"] == "effects" and count.get("timing") not in TIMINGS:
        return [(f"{path}.timing", f"is one of {', '.join(TIMINGS)}")]
    if count["count"] == "edge_star" and count.get("side") not in ("left", "right"):
        return [(f"{path}.side", "is left or right")]
    if count["count"] in ("star_steps", "star_spread"):
        from rules.millennium_blades.effects import ZONES, _int, filter_errors

        errors = _int(count["every"], f"{path}.every") if count["count"] == "star_steps" else []
        if count.get("zone", "tableau") not in ZONES:
            errors.append((f"{path}.zone", f"is one of {', '.join(ZONES)}"))
        return errors + filter_errors(count.get("filter", {}), f"{path}.filter")
    return []


__all__ = ["MORE_J_CONTINUOUS_OPS", "MORE_J_COUNTS", "MORE_J_EVENTS", "MORE_J_OPS", "all_in_hand", "discard_picked",
           "do_more_j_op",
           "more_j_count", "more_j_count_errors", "more_j_op_errors", "self_discard_triggers"]
