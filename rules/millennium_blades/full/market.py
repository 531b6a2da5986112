"""The Deckbuilding Phase market, one tick at a time (millennium-blades.txt, "DECKBUILDING PHASE",
"THE STORE", "Card Fusion", "THE AFTERMARKET", "Make your Collection", "Build your Deck",
"Personal Space & Etiquette").

"The Deckbuilding Phase is a real-time phase": it is played in ticks; in each tick every player
chooses one action at once (the core's simultaneous moves) and the tick resolves them together:

- ``wait``
- ``buy_store <set>``: "Pay Millennium Dollars equal to the buy cost ... of any face-down card you
  want (including the top of the Store)": one of the 10 cards showing (9 in the Store area and the
  top of the Store deck), named by its set, the only thing a face-down card shows ("you will only
  know what set they are from when you buy them");
- ``buy_aftermarket <name>``: a card "with another player's Sell Marker on it", for its Star Rating;
- ``sell <name>``: a binder card and a Sell Marker to the Aftermarket, for its Star Rating (not in
  the last timer: "The Aftermarket stops accepting cards for sale in the final 6-minutes");
- ``fuse bronze|silver|gold``: 5, 7 or 9 binder cards into the box for the top promo of the pile,
  one Sell Marker on the pile; "not more than one Card Fusion of each type per round";
- ``collect <name>`` / ``uncollect <name>``: a binder card into the collection, or back;
- ``kit <name>`` / ``unkit <name>``: a binder card into the kit (deck), or back;
- with Character Powers or a Venue (``powers.py``): prices, fusion sizes and kit slots as their
  Deckbuilding rules say; a peeking seat's ``buy_store <set> <name>`` (the card it saw); The Power
  Creep's ``redraw_meta <stack>``; ``cycle_meta <stack>`` (``meta_cycle``: once a round, before the
  Type Metagame card is revealed);
- ``offer``, ``add``, ``sweeten``, ``ask_friendship``, ``withdraw``, ``accept``, ``decline``,
  ``counter``: trading with players ("YOUR FRIENDS", ``trading.py``; withdrawals and declines
  resolve first in a tick, acceptances after every other move, then counters and Friendship asked
  for, then the offerers' changes, then new offers);
- Duel Mode: ``collect_type``/``uncollect_type``, the second collection (``duel.py``).

Contested cards ("Personal Space & Etiquette"): "When a player reveals a new card from the
Store, that player has the first chance to buy that card" and "If two players both want to buy
the same card from the Store or Aftermarket, give priority to the player with fewer Victory
Points". A purchase from the Store reveals the card that becomes the new top of the Store deck;
its buyer revealed it and has the first claim on it in the next tick. Otherwise fewer VP first
(VP recorded so far: tournaments and collections), then a draw from the game's RNG.
"""

from __future__ import annotations

from collections.abc import Set
from typing import TYPE_CHECKING, Any

from rules.core.engine import Action
from rules.millennium_blades.deck_rules import EPIC_LIMIT
from rules.millennium_blades.full import collection, duel, kit, powers, trading

if TYPE_CHECKING:
    from rules.millennium_blades.full.pool import Card

#: "Card Fusion": "5 cards for Bronze, 7 for Silver, and 9 for Gold"
FUSION_SIZE = {"bronze": 5, "silver": 7, "gold": 9}


def showing(state) -> list[int]:
    """The Store cards a player may buy: the Store area, then the top of the Store deck."""
    return state.store_area + state.store[-1:]


def fusion_fodder(state, seat: int, tier: str) -> list[int]:
    """The binder cards a fusion puts in the box: the lowest sell value first, then by name (the
    "unwanted junk cards"; rules notes)."""
    binder = sorted(state.binder[seat], key=lambda c: (state.cards[c].value, state.cards[c].name, c))
    return binder[:powers.fusion_size(state, seat, tier)]  # a power or venue may change the size


def legal_actions(state, seat: int) -> list[Action]:
    cards = state.cards
    out = [Action("wait")]
    money = state.money[seat]
    sets = dict.fromkeys(cards[c].set_code for c in showing(state))
    if powers.peeks(state, seat):  # Fulton's peek: "buy_store <set> <name>", the card it saw (powers.py)
        out += [Action("buy_store", (code, name)) for code, name in sorted({(cards[c].set_code, cards[c].name)
                for c in showing(state)}) if powers.store_price(state, seat, state.set_cost(code)) <= money]
    else:
        out += [Action("buy_store", (code,)) for code in sorted(sets)
                if powers.store_price(state, seat, state.set_cost(code)) <= money]
    after: dict[str, int] = {}
    price_of: dict[int, int] = {}  # (the price of a Star Rating, asked once: this runs for every seat every tick)
    for c in state.aftermarket:
        card = cards[c]
        if state.marker.get(c) == seat or card.name in after:
            continue
        price = price_of.get(card.value)
        if price is None:
            price = price_of[card.value] = powers.aftermarket_price(state, seat, card.value)
        if price <= money:
            after[card.name] = c
    out += [Action("buy_aftermarket", (name,)) for name in sorted(after)]
    binder_names = sorted({cards[c].name for c in state.binder[seat]})
    if state.aftermarket_open and state.markers[seat] > 0:
        out += [Action("sell", (name,)) for name in binder_names]
    if state.markers[seat] > 0:
        out += [Action("fuse", (tier,)) for tier in FUSION_SIZE
                if tier not in state.fused[seat] and state.fusion.get(tier)
                and len(state.binder[seat]) >= powers.fusion_size(state, seat, tier)]
    out += [Action("redraw_meta", (stack,)) for stack in powers.redraw_options(state, seat)]  # The Power Creep
    out += [Action("cycle_meta", (stack,)) for stack in powers.cycle_options(state, seat)]  # a Metagame stack cycled
    if binder_names and powers.scrap_value(state, seat):  # a card discarded for dollars (powers.py)
        out += [Action("scrap", (name,)) for name in binder_names]
    col = [cards[c] for c in state.collection[seat]]
    by_name: dict[str, Card] = {}
    for c in state.binder[seat]:
        by_name.setdefault(cards[c].name, cards[c])
    trade_price = powers.trade_in_price(state, seat) if binder_names else None
    if trade_price is not None and trade_price <= money:  # a binder card for a Store Area card of its set (powers.py)
        area_sets = {cards[c].set_code for c in state.store_area}
        out += [Action("trade_in", (name,)) for name in binder_names if by_name[name].set_code in area_sets]
    if state.duel:  # an elemental and a type collection (duel.py)
        out += duel.collection_actions(state, seat, binder_names, by_name)
    else:
        out += [Action("collect", (name,)) for name in binder_names if collection.can_add(col, by_name[name])]
        out += [Action("uncollect", (name,)) for name in sorted({c.name for c in col})]
    mine = [cards[c] for c in state.kit[seat]]
    in_kit = {c.name for c in mine}
    room: dict[str | None, int] = {section: limit - sum(1 for c in mine if kit.SECTION[c.card_type] == section)
            for section, limit in powers.kit_limits(state, seat).items()}  # Deques: more slots (powers.py); None: no section
    epic_full = sum(c.epic for c in mine) >= EPIC_LIMIT  # "Limit one Epic Card per Deck" (deck_rules.py)
    out += [Action("kit", (name,)) for name in binder_names
            if name not in in_kit and room.get(kit.SECTION.get(by_name[name].card_type), 0) > 0
            and not (epic_full and by_name[name].epic)]
    out += [Action("unkit", (name,)) for name in sorted(in_kit)]
    return out + trading.legal_actions(state, seat)


def _take(zone: list[int], cards, name: str) -> int:
    card = next(c for c in zone if cards[c].name == name)
    zone.remove(card)
    return card


def _order(state, seats: list[int], first: Set[int] = frozenset()) -> list[int]:
    """Contenders in the etiquette's order: revealers first, fewer VP, then the RNG."""
    if len(seats) < 2:
        return seats
    keys = {s: state.rng.random() for s in sorted(seats)}
    return sorted(seats, key=lambda s: (s not in first, state.vp_recorded(s), keys[s]))


def resolve_tick(state, actions: dict[int, Action]) -> None:
    """Apply one tick's choices together (see the module docstring)."""
    cards = state.cards
    fusers: dict[str, list[int]] = {}
    store_buyers: dict[str, list[int]] = {}
    after_buyers: dict[str, list[int]] = {}
    named: dict[int, str] = {}
    trading.resolve_answers(state, actions)
    for seat in sorted(actions):
        action = actions[seat]
        verb = action.verb
        args: tuple[Any, ...] = action.args  # each verb's arguments are of the types legal_actions gives
        if verb == "wait" or verb in trading.VERBS:
            continue
        if verb == "collect":
            state.collection[seat].append(_take(state.binder[seat], cards, args[0]))
        elif verb == "uncollect":
            state.binder[seat].append(_take(state.collection[seat], cards, args[0]))
        elif verb == "collect_type":  # Duel Mode's type collection
            state.collection_type[seat].append(_take(state.binder[seat], cards, args[0]))
        elif verb == "uncollect_type":
            state.binder[seat].append(_take(state.collection_type[seat], cards, args[0]))
        elif verb == "kit":
            state.kit[seat].append(_take(state.binder[seat], cards, args[0]))
        elif verb == "unkit":
            state.binder[seat].append(_take(state.kit[seat], cards, args[0]))
        elif verb == "sell":
            card = _take(state.binder[seat], cards, args[0])
            state.aftermarket.append(card)
            state.marker[card] = seat
            state.markers[seat] -= 1
            price = powers.sell_price(state, seat, cards[card].value)
            state.pay(seat, price, "sell")
            state.count(seat, "sold", card)
            if price != cards[card].value:  # a power's or venue's price (powers.py)
                state.log("sold_for", seat, card=args[0], price=price)
        elif verb == "fuse":
            fusers.setdefault(args[0], []).append(seat)
        elif verb == "buy_store":
            store_buyers.setdefault(args[0], []).append(seat)
            if len(args) > 1:  # a peeking seat names the card (powers.py)
                named[seat] = args[1]
        elif verb == "redraw_meta":
            powers.redraw_meta(state, seat, args[0])
        elif verb == "cycle_meta":
            powers.cycle_meta(state, seat, args[0])
        elif verb == "trade_in":
            _trade_in(state, seat, args[0])
        elif verb == "scrap":  # "discard a card you own to the Store discard to gain N Dollars" (powers.py)
            state.store_discard.append(_take(state.binder[seat], cards, args[0]))
            state.pay(seat, powers.scrap_value(state, seat), "scrap")
        elif verb == "buy_aftermarket":
            after_buyers.setdefault(args[0], []).append(seat)
        state.log(verb, seat, **({"card": args[0]} if args else {}))
    for tier, seats in sorted(fusers.items()):
        for seat in _order(state, seats):
            _fuse(state, seat, tier)
    revealed, state.revealed_by = state.revealed_by, {}
    for code, seats in sorted(store_buyers.items()):
        mine = {s for s in seats for c in showing(state) if revealed.get(c) == s and cards[c].set_code == code}
        for seat in _order(state, seats, mine):
            _buy_store(state, seat, code, revealed, named.get(seat))
    for name, seats in sorted(after_buyers.items()):
        for seat in _order(state, seats):
            _buy_aftermarket(state, seat, name)
    trading.resolve_trades(state, actions)


def _fuse(state, seat: int, tier: str) -> None:
    """"Select the appropriate number of cards from your binder ... and place them in the box. Then
    take a card from the appropriate pile in the Card Fusion Area. Place one of your Sell Markers
    on the pile." A pile emptied by an earlier fuser this tick leaves the player waiting."""
    pile = state.fusion[tier]
    if not pile:
        state.log("fuse_missed", seat, tier=tier)
        return
    fodder = fusion_fodder(state, seat, tier)
    for c in fodder:
        state.binder[seat].remove(c)
    state.box["fused"] += fodder
    promo = pile.pop()
    state.binder[seat].append(promo)
    state.markers[seat] -= 1
    state.fused[seat].add(tier)
    state.count(seat, "fused", promo)
    state.log("fused", seat, tier=tier, into_box=[state.cards[c].name for c in fodder], promo=state.cards[promo].name)


def _trade_in(state, seat: int, name: str) -> None:
    """"Remove a card in your binder from the game and spend N Dollars to gain a card of the same SET
    from the Store Area": the binder card to the box (``removed``), the first Store Area card of its
    set to the binder, the area refilled as a purchase refills it; none of that set left (another
    seat took it this tick): nothing happens."""
    cards = state.cards
    card = next((c for c in state.binder[seat] if cards[c].name == name), None)
    price = powers.trade_in_price(state, seat)
    if card is None or price is None or state.money[seat] < price:
        return
    taken = next((c for c in state.store_area if cards[c].set_code == cards[card].set_code), None)
    if taken is None:
        state.log("beaten_to", seat, card=cards[card].set_code)
        return
    state.binder[seat].remove(card)
    state.box["removed"].append(card)
    state.pay(seat, -price, "trade_in")
    state.store_area.remove(taken)
    state.refill_store_area()
    state.binder[seat].append(taken)
    state.log("traded_in", seat, card=name, gained=cards[taken].name, set=cards[taken].set_code, cost=price)


def _buy_store(state, seat: int, code: str, revealed: dict[int, int], named: str | None = None) -> None:
    """"Pay ... to the bank, then take that card from the store area and place it in the binder
    area ... Replenish the store area by dealing a card from the top of the Store ... If the Store
    runs out of cards, shuffle the store discard together to form a new deck.\""""
    cards = state.cards
    options = [c for c in showing(state) if cards[c].set_code == code]
    if named is not None:  # the card a peeking seat saw and chose (powers.py)
        options = [c for c in options if cards[c].name == named]
    if not options:
        state.log("beaten_to", seat, card=code)
        return
    card = next((c for c in options if revealed.get(c) == seat), options[0])
    price = powers.store_price(state, seat, cards[card].cost)  # a power's or venue's price (powers.py)
    state.pay(seat, -price, "buy_store")
    if card in state.store_area:
        state.store_area.remove(card)
        state.refill_store_area()
    else:
        state.store.pop()
        state.ensure_store()
    state.binder[seat].append(card)
    state.last_store_buy[seat] = state.clock
    state.count(seat, "bought", card)
    state.count(seat, "price_paid", card, by=price)
    if state.store:
        state.revealed_by[state.store[-1]] = seat
    state.log("bought", seat, card=cards[card].name, set=code, cost=price)


def _buy_aftermarket(state, seat: int, name: str) -> None:
    """"Choose a card from the Aftermarket with another player's Sell Marker on it and pay
    Millennium Dollars equal to that card's Star Rating into the bank. Return the Sell Marker on
    the card to its owner.\""""
    cards = state.cards
    card = next((c for c in state.aftermarket if cards[c].name == name and state.marker.get(c) != seat), None)
    if card is None:
        state.log("beaten_to", seat, card=name)
        return
    state.aftermarket.remove(card)
    owner = state.marker.pop(card, None)
    if owner is not None:
        state.markers[owner] += 1
    price = powers.aftermarket_price(state, seat, cards[card].value)  # a power's or venue's price (powers.py)
    state.pay(seat, -price, "buy_aftermarket")
    state.binder[seat].append(card)
    state.count(seat, "bought_aftermarket", card)
    state.count(seat, "price_paid", card, by=price)
    state.log("bought_aftermarket", seat, card=name, price=price, marker_of=owner)
