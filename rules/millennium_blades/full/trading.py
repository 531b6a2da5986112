"""Trading between players, with Friendship as a sweetener (millennium-blades.txt, "YOUR FRIENDS",
"Trade with Players"; "VARIANTS & OPTIONS", "Free Market Mode", "Duel Mode").

"You can always Trade with other players directly, without using the Aftermarket. However, any
trades made between players must be equal value trades. That is, the total of all Star Ratings
and Millennium Dollars must be equal on both sides of the trade." "If you are making a trade that
clearly benefits one side more than the other, you may wish to ask the other side for Friendship
in addition to the other trade items." The Binder holds what is traded: "You can also trade cards
from your binder with other players, in exchange for money, friendship, or other cards."

Offers are made and answered in the Deckbuilding ticks (rules notes, "Trading and Friendship"):

- ``offer <seat> <card> <dollars>``: ask a seat for a card in its binder, for dollars; equal value:
  the dollars are its Star Rating (an X or missing rating is 0, as in the Aftermarket). At most one
  offer of one's own is pending.
- ``add give <card>`` / ``add take <card>``: one more card on one's own pending offer, one of one's
  own binder (``give``) or one more of the other seat's (``take``), at most ``MAX_CARDS_A_SIDE`` a
  side; the dollars are recomputed so that both sides stay equal (paid by the side whose cards
  total less): several cards a side are built one card a tick. A Friendship request answered on
  the earlier terms is dropped (the terms changed).
- ``sweeten``: add one of one's Friendship cards to one's pending offer, "in addition to the even
  trade" (Deques' example); it is not counted in the equal value. When the other seat asked for
  Friendship (``ask_friendship <seat>``), sweetening makes the trade at once.
- ``ask_friendship`` (one's own pending offer): the offer asks the other seat for one of its
  Friendship cards too, given when it accepts ("ask the other side for Friendship").
- ``withdraw``: take back one's pending offer.
- ``accept <seat>`` / ``decline <seat>``: answer the offer ``seat`` made (on a later tick).
- ``ask_friendship <seat>``: answer the offer ``seat`` made (one with no Friendship card in it) by
  asking for Friendship in addition: "I accept if you add a Friendship card". The offer stays
  pending, marked ``asked``; the offerer's ``sweeten`` then makes the trade (the asker agreed),
  re-checked like an acceptance.
- ``counter <seat> <card>``: answer the offer ``seat`` made (one card for dollars) by asking for
  one card of its binder instead of the dollars: one card for one card plus the dollar difference
  (paid by the side whose card has the lower rating). The counter is the answerer's own offer,
  which the first seat answers; a Friendship card the first offer held stays in it.

``friendship_used`` on the state (absent: True; False in Duel Mode and Turn-Based Mode:
"Friendship is not used in this mode"): no ``sweeten`` or ``ask_friendship`` move is offered, and
trades must still be even ("Trading is available to players, but trades must still be even").

"Free Market Mode": "players may make uneven trades. That is, both sides of a trade do not need
to match up in terms of Millennium Dollars and Star Ratings." With ``free_market`` an offer may
also name the Star Rating minus or plus ``FREE_MARKET_STEP`` dollars (not below 0), ``add`` keeps
the offer's unevenness, and no trade is checked for equal value.

An offer lapses, logged, when a timer expires ("When time runs out...": the table changes and
the offer is not renewed), when a card in it leaves its owner's binder, when its payer cannot pay,
or when it is withdrawn, declined or countered. In a tick, withdrawals and declines resolve first;
acceptances after every other move of the tick (so a card sold or put in a deck in the same tick
is no longer in the binder and the trade lapses), in seat order; then the answers that change an
offer (counters, Friendship asked for), then the offerers' own changes (``add``, ``sweeten``,
``ask_friendship``), then new offers.
"""

from __future__ import annotations

from typing import Any

from rules.core.engine import Action

VERBS = ("offer", "sweeten", "withdraw", "accept", "decline", "counter", "add", "ask_friendship")
FREE_MARKET_STEP = 2
#: at most this many cards on one side of a trade (a bound on the ``add`` moves; the rulebook sets none)
MAX_CARDS_A_SIDE = 4
SIDES = ("give", "take")


def friendship_used(state) -> bool:
    """False in the modes where "Friendship is not used" (Duel Mode, Turn-Based Mode)."""
    return getattr(state, "friendship_used", True)


def value(state, name: str) -> int:
    """A card's trade value: its Star Rating (X or none: 0)."""
    return state.card_named[name].value


def side_value(state, cards: list[str], dollars: int) -> int:
    """"the total of all Star Ratings and Millennium Dollars" on one side of a trade."""
    return sum(value(state, n) for n in cards) + dollars


def is_equal(state, offer: dict) -> bool:
    return side_value(state, offer["give"], offer["pay"]) == side_value(state, offer["take"], offer["receive"])


def _names(state, zone: list[int]) -> list[str]:
    return sorted({state.cards[c].name for c in zone})


def _has(state, seat: int, names: list[str]) -> bool:
    if not names:
        return True
    cards = state.cards
    if len(names) == 1:  # the usual offer (one card asked for): checked after every tick
        name = names[0]
        return any(cards[c].name == name for c in state.binder[seat])
    held = [cards[c].name for c in state.binder[seat]]
    return all(held.count(n) >= names.count(n) for n in names)


def why_invalid(state, offer: dict) -> str | None:
    """Why an offer can no longer be made good (None: it can)."""
    by, to = offer["by"], offer["to"]
    if not _has(state, by, offer["give"]) or not _has(state, to, offer["take"]):
        return "a card left its binder"
    if state.money[by] < offer["pay"] or state.money[to] < offer["receive"]:
        return "not enough money"
    if offer["friendship"] is not None and not state.friendship[offer["friendship_from"]]:
        return "the Friendship card is gone"  # all of a character's Friendship cards are alike
    if not state.free_market and not is_equal(state, offer):
        return "not an equal value trade"
    return None


def _prices(state, star: int) -> list[int]:
    if not state.free_market:
        return [star]
    return sorted({max(0, star - FREE_MARKET_STEP), star, star + FREE_MARKET_STEP})


def with_card(state, offer: dict, side: str, name: str) -> dict:
    """``offer`` with one more card named ``name`` on ``side`` (``give``: the offerer's, ``take``:
    the other seat's), the dollars recomputed: the offerer's net payment moves by the card's Star
    Rating (so an equal trade stays equal; in Free Market Mode its unevenness is kept)."""
    out = dict(offer, give=list(offer["give"]), take=list(offer["take"]), asked=False)
    out[side].append(name)
    net = offer["pay"] - offer["receive"] + (value(state, name) if side == "take" else -value(state, name))
    out["pay"], out["receive"] = max(0, net), max(0, -net)
    return out


def _adds(state, seat: int, mine: dict) -> list[Action]:
    """The ``add`` moves on one's pending offer: ``with_card`` keeps a valid offer's balance, so
    only the held copies and the rebalanced dollars need checking (this runs every tick)."""
    if why_invalid(state, mine):
        return []
    out, to = [], mine["to"]
    net = mine["pay"] - mine["receive"]
    for side, owner, sign in (("give", seat, -1), ("take", to, 1)):
        if len(mine[side]) >= MAX_CARDS_A_SIDE:
            continue
        other_side = mine["take" if side == "give" else "give"]
        held: dict[str, int] = {}
        for c in state.binder[owner]:
            name = state.cards[c].name
            held[name] = held.get(name, 0) + 1
        for name in sorted(held):
            if name in other_side or held[name] <= mine[side].count(name):
                continue
            after = net + sign * value(state, name)
            if state.money[seat] >= after and state.money[to] >= -after:
                out.append(Action("add", (side, name)))
    return out


def legal_actions(state, seat: int) -> list[Action]:
    out = []
    mine = state.offers.get(seat)
    money = state.money[seat]
    friends = friendship_used(state)
    if mine is not None:
        out.append(Action("withdraw"))
        if friends and mine["friendship"] is None:
            if state.friendship[seat]:
                out.append(Action("sweeten"))
            if state.friendship[mine["to"]] and not mine.get("asked"):
                out.append(Action("ask_friendship"))
        out += _adds(state, seat, mine)
    else:
        for other in range(state.num_players):
            if other == seat:
                continue
            for name in _names(state, state.binder[other]):
                star = value(state, name)
                if state.free_market:
                    out += [Action("offer", (other, name, price)) for price in _prices(state, star) if price <= money]
                elif star <= money:  # the one price of an even trade (``_prices``)
                    out.append(Action("offer", (other, name, star)))
    for by, offer in sorted(state.offers.items()):
        if offer["to"] != seat or why_invalid(state, offer):
            continue
        out += [Action("accept", (by,)), Action("decline", (by,))]
        if friends and offer["friendship"] is None and state.friendship[by] and not offer.get("asked"):
            out.append(Action("ask_friendship", (by,)))
        if mine is None and len(offer["take"]) == 1 and not offer["give"]:
            wanted = offer["take"][0]
            star = value(state, wanted)
            out += [Action("counter", (by, name)) for name in _names(state, state.binder[by])
                    if name != wanted and value(state, name) - star <= money]
    return out


def _new_offer(state, by: int, to: int, *, give, take, pay=0, receive=0, friendship=None, friendship_from=None):
    return {"by": by, "to": to, "give": list(give), "take": list(take), "pay": pay, "receive": receive,
            "friendship": friendship, "friendship_from": friendship_from, "asked": False, "made": state.clock}


def offer_text(state, offer: dict) -> dict:
    """An offer as the view and the log show it (cards by name, Friendship by name; ``asked``: the
    other seat asked for a Friendship card in addition)."""
    out = {k: offer[k] for k in ("by", "to", "give", "take", "pay", "receive", "friendship_from", "made")}
    out["friendship"] = state.cards[offer["friendship"]].name if offer["friendship"] is not None else None
    out["asked"] = bool(offer.get("asked"))
    return out


def _lapse(state, by: int, reason: str) -> None:
    offer = state.offers.pop(by)
    state.log("offer_lapsed", by, reason=reason, offer=offer_text(state, offer))


def expire_all(state, reason: str) -> None:
    """Every pending offer lapses (a timer expired)."""
    for by in sorted(state.offers):
        _lapse(state, by, reason)


def sweep(state) -> None:
    """Offers that can no longer be made good lapse."""
    for by in sorted(state.offers):
        why = why_invalid(state, state.offers[by])
        if why:
            _lapse(state, by, why)


def resolve_answers(state, actions: dict[int, Action]) -> None:
    """Withdrawals and declines, first in a tick (before every other move)."""
    for seat in sorted(actions):
        verb = actions[seat].verb
        args: tuple[Any, ...] = actions[seat].args  # each verb's arguments are of the types legal_actions gives
        if verb == "withdraw" and seat in state.offers:
            _lapse(state, seat, "withdrawn")
        elif verb == "decline" and args[0] in state.offers:
            _lapse(state, args[0], f"declined by seat {seat}")


def _make(state, by: int) -> None:
    """The pending offer of ``by`` is agreed: made if it still can be, else it lapses."""
    why = why_invalid(state, state.offers[by])
    if why:
        _lapse(state, by, why)
    else:
        execute(state, state.offers.pop(by))


def resolve_trades(state, actions: dict[int, Action]) -> None:
    """Acceptances (after the tick's other moves, in seat order), then the answers that change an
    offer (counters, Friendship asked for), then the offerers' changes (``add``, ``sweeten``,
    ``ask_friendship`` on one's own offer), then new offers."""
    # each verb's arguments are of the types legal_actions gives
    moves: list[tuple[int, str, tuple[Any, ...]]] = [(seat, actions[seat].verb, actions[seat].args)
                                                     for seat in sorted(actions)]
    for seat, verb, args in moves:
        if verb == "accept" and state.offers.get(args[0], {}).get("to") == seat:
            _make(state, args[0])
        elif verb == "accept":
            state.log("accept_missed", seat, offer_of=args[0])
    for seat, verb, args in moves:
        if verb == "counter":
            _counter(state, seat, args[0], args[1])
        elif verb == "ask_friendship" and args:
            _ask_answer(state, seat, args[0])
    for seat, verb, args in moves:
        if verb == "add":
            _add(state, seat, args[0], args[1])
        elif verb == "sweeten":
            _sweeten(state, seat)
        elif verb == "ask_friendship" and not args:
            _ask_own(state, seat)
    for seat, verb, args in moves:
        if verb == "offer":
            other, name, price = args
            _open(state, seat, _new_offer(state, seat, other, give=[], take=[name], pay=price))
    sweep(state)


def _counter(state, seat: int, by: int, name: str) -> None:
    original = state.offers.get(by)
    if original is None or original["to"] != seat or len(original["take"]) != 1 or original["give"]:
        state.log("counter_missed", seat, to=by, card=name)
        return
    state.offers.pop(by)
    state.log("offer_lapsed", by, reason=f"countered by seat {seat}", offer=offer_text(state, original))
    wanted = original["take"][0]
    difference = value(state, name) - value(state, wanted)
    offer = _new_offer(state, seat, by, give=[wanted], take=[name], pay=max(0, difference),
                       receive=max(0, -difference), friendship=original["friendship"],
                       friendship_from=original["friendship_from"])
    _open(state, seat, offer)


def _ask_answer(state, seat: int, by: int) -> None:
    """``ask_friendship <by>``: ``seat`` will take the offer of ``by`` with a Friendship card of
    ``by``'s in addition; the offer stays pending, ``asked``."""
    offer = state.offers.get(by)
    if (offer is None or offer["to"] != seat or offer["friendship"] is not None or not state.friendship[by]
            or not friendship_used(state)):
        state.log("ask_friendship_missed", seat, offer_of=by)
        return
    offer["asked"] = True
    state.log("friendship_asked", seat, offer=offer_text(state, offer))


def _ask_own(state, seat: int) -> None:
    """``ask_friendship`` on one's own offer: the other seat gives one of its Friendship cards
    too when it accepts."""
    offer = state.offers.get(seat)
    if offer is None or offer["friendship"] is not None or not friendship_used(state) \
            or not state.friendship[offer["to"]]:
        state.log("ask_friendship_missed", seat)
        return
    offer["friendship"], offer["friendship_from"] = state.friendship[offer["to"]][-1], offer["to"]
    state.log("friendship_asked", seat, offer=offer_text(state, offer))


def _add(state, seat: int, side: str, name: str) -> None:
    offer = state.offers.get(seat)
    if offer is None:
        state.log("add_missed", seat, side=side, card=name)
        return
    changed = with_card(state, offer, side, name)
    why = why_invalid(state, changed) or ("too many cards" if len(changed[side]) > MAX_CARDS_A_SIDE else None)
    if why:
        state.log("add_void", seat, side=side, card=name, reason=why)
        return
    state.offers[seat] = changed
    state.log("offer_changed", seat, added=[side, name], offer=offer_text(state, changed))


def _sweeten(state, seat: int) -> None:
    offer = state.offers.get(seat)
    if offer is None or offer["friendship"] is not None or not state.friendship[seat] or not friendship_used(state):
        state.log("sweeten_missed", seat)
        return
    offer["friendship"], offer["friendship_from"] = state.friendship[seat][-1], seat
    state.log("sweetened", seat, offer=offer_text(state, offer))
    if offer.get("asked"):  # the other seat asked for it: it agreed to this trade
        _make(state, seat)


def _open(state, seat: int, offer: dict) -> None:
    why = why_invalid(state, offer)
    if why or seat in state.offers:
        state.log("offer_void", seat, reason=why or "an offer is already pending", offer=offer_text(state, offer))
        return
    state.offers[seat] = offer
    state.log("offered", seat, offer=offer_text(state, offer))


def _take_named(state, zone: list[int], name: str) -> int:
    card = next(c for c in zone if state.cards[c].name == name)
    zone.remove(card)
    return card


def execute(state, offer: dict) -> None:
    """The trade: cards binder to binder, dollars player to player, the Friendship card to the
    player it is given to; the log says exactly what moved each way."""
    by, to = offer["by"], offer["to"]
    for name in offer["give"]:
        state.binder[to].append(_take_named(state, state.binder[by], name))
    for name in offer["take"]:
        state.binder[by].append(_take_named(state, state.binder[to], name))
    net = offer["receive"] - offer["pay"]
    if net:
        state.pay(by, net, "trade")
        state.pay(to, -net, "trade")
    friendship: list[list[str]] = [[], []]  # [by, to]: the Friendship card each side gave
    if offer["friendship"] is not None:
        giver = offer["friendship_from"]
        taker = to if giver == by else by
        card = offer["friendship"] if offer["friendship"] in state.friendship[giver] else state.friendship[giver][-1]
        state.friendship[giver].remove(card)
        state.friends[taker].append(card)
        friendship[0 if giver == by else 1].append(state.cards[card].name)
        state.count(taker, "friendship_received", card)
    for seat, got in ((by, offer["take"]), (to, offer["give"])):
        for name in got:
            state.tally(seat, "traded_for", name)
    state.trades.append({"seats": [by, to], "cards": [list(offer["give"]), list(offer["take"])],
                         "dollars": [offer["pay"], offer["receive"]], "friendship": friendship,
                         "round": state.round, "tick": state.tick})
    state.log("traded", to, seats=[by, to], cards=[list(offer["give"]), list(offer["take"])],
              dollars=[offer["pay"], offer["receive"]], friendship=friendship)


def describe(state, action: Action, seat: int) -> str:
    """``action_to_string`` for the trading verbs."""
    who, verb, args = f"Seat {seat}", action.verb, action.args
    mine = state.offers.get(seat) or {}
    if verb == "withdraw":
        return f"{who} withdraws their trade offer"
    if verb == "offer":
        return f"{who} offers seat {args[0]} {args[2]} dollars for {args[1]}"
    if verb == "sweeten":
        return f"{who} adds a Friendship card to their trade offer"
    if verb == "add" and args[0] == "give":
        return f"{who} adds their {args[1]} to their trade offer, the dollars rebalanced"
    if verb == "add":
        return f"{who} also asks seat {mine.get('to', '?')} for {args[1]} in their trade offer, the dollars rebalanced"
    if verb == "ask_friendship" and args:
        return f"{who} asks seat {args[0]} for a Friendship card in addition to accept their trade offer"
    if verb == "ask_friendship":
        return f"{who} asks seat {mine.get('to', '?')} for a Friendship card in addition in their trade offer"
    if verb == "counter":
        return f"{who} asks seat {args[0]} for {args[1]} instead of dollars, with the dollar difference"
    return f"{who} {verb}s the trade offer of seat {args[0]}"
