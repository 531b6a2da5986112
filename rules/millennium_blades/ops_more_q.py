"""The engine side of ``phrases_more_q.py`` (issue 26.2, batch q: zones). Ops: the top cards of the
Store Discard taken to your binder or hand (``take_store_discard``), the hand swapped with cards
drawn blind from the binder (``swap_hand_binder``), an opponent revealing cards of their choice
(``reveal_picked``), other players discarding a card that matches yours (``others_discard_matching``).
COUNTs: revealed cards that fit, cards sharing a kind with a neighbour, cards beside your only such
card. And which gains of RP a gained_rp trigger hears: "from a card in their tableau" (the gain's
effect is of a card in the gainer's own tableau; "Your Tournament Area": a Deck Box or Accessory is
beside it); "your effect causes an opponent to gain RP" is the core trigger key ``whose: self``,
which ``ops_more_e.rp_gained_triggers`` now fills with the player whose effect made the gain. The
card checker's checks are here too (docs/rules-notes.md, "MB: batch q").
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from rules.core.schema import OpSpec

if TYPE_CHECKING:
    from rules.millennium_blades.ops_more_e import MoreOpsEMixin
    from rules.millennium_blades.queries import QueryMixin

Errors = list[tuple[str, str]]
#: where ``take_store_discard`` puts the cards
STORE_DISCARD_TO = ("binder", "hand")
MORE_Q_OPS = {
    "take_store_discard": OpSpec("Take the top amount cards of the Store Discard (as many as it has) to your binder "
                                 "or hand (to); they are yours (those cards; \"If you did\": one or more).",
                                 {"amount": "int", "to": "str"}),
    "reveal_picked": OpSpec("The player chosen (that player; you, if none) reveals amount cards of their own choice "
                            "from their hand, all of them if it holds no more (those cards).", {"amount": "int"}),
    "others_discard_matching": OpSpec("Each other player, clockwise, may discard a card of their hand that shares a "
                                      "kind (type, element, star) with the card this effect discarded (the discard op "
                                      "at discard_at) to gain amount RP.", {"kind": "str", "amount": "int",
                                                                           "discard_at": "int"}),
    "swap_hand_binder": OpSpec("Swap your hand with as many cards drawn blind from your binder (as many as it has): "
                               "the cards drawn first, then the hand into the binder (those: the cards drawn).", {}),
}
#: those_fitting: the cards this effect just revealed (``those``) that fit the FILTER, as printed;
#: shares_neighbour: the face-up cards that fit and share one of ``kinds`` (type, element, star) with
#: the face-up card beside them on ``side`` (left, right) in their tableau
#: beside_only: the cards of your tableau on ``side`` of the one card that fits (none unless one fits)
MORE_Q_COUNTS = ("those_fitting", "shares_neighbour", "beside_only")
NEIGHBOUR_SIDES = {"left": -1, "right": 1}


def more_q_op_errors(name: str, op: Mapping[str, Any], where: str) -> Errors:
    """The card checker's checks of this module's ops (``effects._op`` asks)."""
    from rules.millennium_blades.effects import _int  # effects asks this module

    if name == "swap_hand_binder":
        return []
    if name == "reveal_picked":
        return _int(op.get("amount", 1), f"{where}.amount")
    if name == "others_discard_matching":
        from rules.millennium_blades.ops_more_g import SHARE_KINDS

        errors = _int(op.get("amount"), f"{where}.amount")
        if op.get("kind") not in SHARE_KINDS:
            errors.append((f"{where}.kind", f"is one of {', '.join(SHARE_KINDS)}"))
        if not isinstance(op.get("discard_at"), int) or isinstance(op.get("discard_at"), bool) or op["discard_at"] < 0:
            errors.append((f"{where}.discard_at", "is the index of the discard op before it"))
        return errors
    errors = _int(op.get("amount", 1), f"{where}.amount")
    if op.get("to") not in STORE_DISCARD_TO:
        errors.append((f"{where}.to", f"is one of {', '.join(STORE_DISCARD_TO)}"))
    return errors


def do_more_q_op(game: Any, frame: dict, op: dict, k: int) -> bool:
    """``swap_hand_binder``: the hand swapped with "that many" cards drawn at random from the binder: as
    many cards as the hand holds drawn blind from the binder as it was (batch f's draw), then the
    hand's cards put in the binder (not discarded: a swap), then the cards drawn in the hand.
    ``take_store_discard``: "Gain the top 5 cards of the Store discard to your binder": the last
    cards discarded there, top first, as many as there are ("Discards": cards discarded "to the
    Store Discard" may reappear later on); they belong to the player now."""
    seat, ctx = frame["seat"], frame["ctx"]
    if op["op"] == "reveal_picked":
        return _reveal_picked(game, frame, op, k)
    if op["op"] == "others_discard_matching":
        return _others_discard_matching(game, frame, op, k)
    if op["op"] == "swap_hand_binder":
        drawn = game._random_cards(game.binder[seat], len(game.hand[seat]))
        given, game.hand[seat] = game.hand[seat], drawn
        game.binder[seat].extend(given)
        ctx["those"], ctx["did"] = drawn, bool(drawn)
        game.log("swap_hand_binder", seat, given=len(given), drawn=[game.cards[c].name for c in drawn])
        return True
    taken = [game.store_discard.pop() for _ in range(min(op.get("amount", 1), len(game.store_discard)))]
    zone = game.binder if op["to"] == "binder" else game.hand
    for card in taken:
        zone[seat].append(card)
        game.owner[card] = seat
    ctx["those"], ctx["did"] = taken, bool(taken)
    game.log("from_store_discard", seat, cards=[game.cards[c].name for c in taken], to=op["to"])
    return True


def _reveal_picked(game: Any, frame: dict, op: dict, k: int) -> bool:
    """An opponent chosen to reveal 4 cards of their hand, of their choice: that player picks them one
    at a time ("General Rules": a card revealed from a hand is shown to all, then returned); a hand of
    4 cards or fewer is revealed whole, with nothing to choose."""
    from rules.core.engine import Action

    ctx = frame["ctx"]
    player = ctx.get("that_player", frame["seat"])
    hand, amount = game.hand[player], op.get("amount", 1)
    if len(hand) <= amount:
        chosen = list(hand)
    else:
        chosen = []
        for n in range(amount):
            key = f"{k}:shown{n}"
            pool = [c for c in hand if c not in chosen]
            if key not in ctx:
                names = dict.fromkeys(game.cards[c].name for c in pool)
                game.ask(player, "reveal", [Action("show", (name,)) for name in names], key, "a card of your hand to reveal")
                return False
            chosen.append(next(c for c in pool if game.cards[c].name == ctx[key]))
    ctx["those"], ctx["did"], ctx["that_player"] = chosen, bool(chosen), player
    game.log("reveal_hand", frame["seat"], seat=player, cards=[game.cards[c].name for c in chosen])
    return True


def _others_discard_matching(game: Any, frame: dict, op: dict, k: int) -> bool:
    """"... discard a card from your hand. Each other player may discard a card that matches its
    ELEMENT to gain 9 RP": each other player in turn order, asked, discards such a card of their hand to their
    binder ("Discard a Card") and gains the RP; a player with no such card is not asked, and with
    nothing discarded first nothing matches."""
    from rules.core.engine import Action
    from rules.millennium_blades.ops_more_g import card_values  # "CARD DATA": a card's types, elements, STAR

    ctx, seat, kind = frame["ctx"], frame["seat"], op["kind"]
    mine = ctx.get(f"{op['discard_at']}:discard0")
    if mine is None:
        return True
    for player in game.opponents(seat):
        key = f"{k}:match{player}"
        if key not in ctx:
            pool = [c for c in game.hand[player] if card_values(game, c, kind) & card_values(game, mine, kind)]
            if not pool:
                ctx[key] = False
                continue
            options = [Action("pick", (name,)) for name in dict.fromkeys(game.cards[c].name for c in pool)]
            game.ask(player, "discard", [*options, Action("decline")], key, f"a card to discard for {op['amount']} RP")
            return False
        if ctx[key] is False or ctx.get(f"{key}:done"):
            continue
        card, ctx[f"{key}:done"] = ctx[key], True
        game.hand[player].remove(card)
        game.binder[player].append(card)
        game.log("discard", player, card=game.cards[card].name)
        game.discard_triggers(player, [card])
        ctx["that_player"] = player
        if not game.op_points(frame, {"op": "gain_rp", "amount": op["amount"], "who": "that_player"}, k):
            return False
    return True


def more_q_count(game: QueryMixin, count: dict, source: int | None, seat: int, ctx: dict) -> int:
    """``those_fitting``: "for each CONSTRUCT revealed this way": the cards the effect's last reveal
    showed ("General Rules": shown from the hand, then returned) that fit the FILTER.
    ``shares_neighbour``: "each card in your tableau that shares a TYPE or STAR with the card to its
    immediate left" ("Tableau": slots left to right); the leftmost card has none there.
    ``beside_only``: "each card to the left of your only face-up card": the cards in the slots on
    that side of it; none unless exactly one card fits."""
    flt = count.get("filter", {})
    if count["count"] == "those_fitting":
        return sum(1 for card in ctx.get("those", ()) if game.matches(card, flt, source))
    if count["count"] == "beside_only":  # "each card to the left of your only face-up card"
        row = game.tableau[seat]
        fits = [i for i, card in enumerate(row) if game.matches(card, flt, source)]
        if len(fits) != 1:
            return 0
        return fits[0] if count["side"] == "left" else len(row) - fits[0] - 1
    from rules.millennium_blades.ops_more_g import card_values  # "CARD DATA": a card's types, elements, STAR

    step, down, total = NEIGHBOUR_SIDES[count["side"]], game.down, 0
    for card in game.zone_cards(count.get("zone", "tableau"), seat):
        beside = game.neighbour(card, step)  # "Flip a Card": a face-down card shares nothing
        if beside is None or card in down or beside in down or not game.matches(card, flt, source):
            continue
        total += any(card_values(game, card, kind) & card_values(game, beside, kind) for kind in count["kinds"])
    return total


def more_q_count_errors(count: Mapping[str, Any], path: str) -> Errors:
    """The card checker: a count's FILTER; ``shares_neighbour``'s kinds, side and zone."""
    from rules.millennium_blades.effects import ZONES, filter_errors  # effects asks this module
    from rules.millennium_blades.ops_more_g import SHARE_KINDS

    errors = filter_errors(count.get("filter", {}), f"{path}.filter")
    if count["count"] == "beside_only" and count.get("side") not in NEIGHBOUR_SIDES:
        errors.append((f"{path}.side", "is left or right"))
    if count["count"] != "shares_neighbour":
        return errors
    kinds = count.get("kinds")
    if not isinstance(kinds, list) or not kinds or not set(kinds) <= set(SHARE_KINDS):
        errors.append((f"{path}.kinds", f"is a list of {', '.join(SHARE_KINDS)}"))
    if count.get("side") not in NEIGHBOUR_SIDES:
        errors.append((f"{path}.side", "is left or right"))
    if count.get("zone", "tableau") not in ZONES:
        errors.append((f"{path}.zone", f"is one of {', '.join(ZONES)}"))
    return errors


def gain_source_fits(game: MoreOpsEMixin, found: dict, frame: dict, gainer: int) -> bool:
    """Whether the gain of RP by ``gainer`` that ``frame``'s effect made is one the collected
    gained_rp trigger frame ``found`` hears: with ``from_tableau``, the effect's card is in the
    gainer's tableau (a rule, a Deck Box or an Accessory is not)."""
    trigger = game._gained_trigger(found)  # only cards that hear gains of RP get here, as for their ``seated``
    return not trigger.get("from_tableau") or frame["source"] in game.tableau[gainer]


def trigger_q_errors(trigger: Mapping[str, Any], path: str) -> Errors:
    """``from_tableau``: true, on a gained_rp trigger only, never with ``first_each_turn`` (the mark of
    a first time is set before the card is asked)."""
    if "from_tableau" not in trigger:
        return []
    if trigger["from_tableau"] is not True or trigger.get("event") != "gained_rp":
        return [(f"{path}.from_tableau", "is true, on a gained_rp trigger: a card in the gainer's tableau gave it")]
    if trigger.get("first_each_turn"):
        return [(f"{path}.from_tableau", "cannot go with first_each_turn")]
    return []


__all__ = ["MORE_Q_COUNTS", "MORE_Q_OPS", "do_more_q_op", "gain_source_fits", "more_q_count", "more_q_count_errors",
           "more_q_op_errors", "trigger_q_errors"]
