"""The main actions of a turn (millennium-blades.txt, "Turn-Based Mode": "On a player's turn, he must
perform exactly one of these actions"), their legality and what they move.

- ``buy_store``: "Buy a card from the store ... (he must have fewer than 7 cards to do this)":
  the top card of the Store deck, for its buy cost ("Pay Millennium Dollars equal to the buy cost
  (the number in its top right)"); the view shows the set of the top card (the only thing a
  face-down card shows, as in the whole game), so its price is known;
- ``buy_aftermarket <name>``: "or from the Aftermarket": a card with another player's Sell Marker
  on it, or with none (a clash's card, or one whose marker was retrieved), never one the buyer
  sold ("you cannot buy it back"), for its Star Rating; the marker goes back to its owner;
- ``sell <name>``: "Sell a card to the Aftermarket (if he has sell markers remaining)": a card
  from hand and a Sell Marker, for its Star Rating;
- ``fuse <pile>``: "Fuse cards from his hand into a promo using normal card fusion rules": 5
  cards for a Bronze pile (``bronze1``, ``bronze2``), 7 for the Silver pile, the cards of lowest
  sell value (then by name) to the box, a Sell Marker on the pile, one fusion of each tier per
  deck ("per round": between two scorings);
- ``collect <name> <symbol>``: "Add a card from his hand to a collection. The collection's
  type/element is declared at the moment you add the first card to it. You may have two
  collections at a time -- one based on element, and another based on type": the symbol (an
  element or a type of the card) names the collection; distinct star ratings, at most 8 cards
  ("Make your Collection");
- ``play <name>``, ``deck_box <name>``, ``accessory <name>``: "Play a card from his hand into his
  tableau, or as a deck box or accessory, following all rules as in a tournament" (one deck box,
  two accessories, one copy of a card in the play area, the tableau's slots);
- ``score``: ``scoring.py``.
"""

from __future__ import annotations

from functools import lru_cache
from typing import Any

from rules.core.engine import Action
from rules.millennium_blades.turn_based.setup import FUSION_PILES

MAX_HAND = 7  # setup 2: "has a maximum hand size of 7 cards"
FUSION_SIZE = {"bronze": 5, "silver": 7}  # "Card Fusion": "5 cards for Bronze, 7 for Silver"
COLLECTION_MAX = 8  # "Your Collection is made up of 2-8 cards"
MAX_DECK_BOXES, MAX_ACCESSORIES = 1, 2  # "up to one Deck Box, and up to two Accessories"
COLLECTION_KINDS = ("element", "type")
BUY_STORE, SCORE = Action("buy_store"), Action("score")
MAIN_VERBS = frozenset({"buy_store", "buy_aftermarket", "sell", "fuse", "collect", "play", "deck_box",
                        "accessory", "score"})


@lru_cache(maxsize=8192)
def _action(verb: str, *args) -> Action:
    return Action(verb, args)


def store_top(state) -> int | None:
    return state.table.store[-1] if state.table.store else None


def can_buy_after(state, seat: int, card: int) -> bool:
    return state.table.marker_on.get(card) != seat and state.sold_by.get(card) != seat


def main_actions(state, seat: int) -> list[Action]:
    """Every main action ``seat`` may take now (``score`` always: it needs nothing)."""
    if state.must_score(seat):
        return [SCORE]
    table, cards = state.table, state.cards
    hand, money = table.hand[seat], state.money[seat]
    names = sorted({cards[c].name for c in hand})
    by_name: dict[str, int] = {}  # a card name -> the first such card in hand
    for c in hand:
        by_name.setdefault(cards[c].name, c)
    out: list[Action] = []
    if len(hand) < MAX_HAND:
        top = store_top(state)
        if top is not None and cards[top].cost <= money:
            out.append(BUY_STORE)
        buyable = sorted({cards[c].name for c in table.aftermarket
                          if cards[c].value <= money and can_buy_after(state, seat, c)})
        out += [_action("buy_aftermarket", name) for name in buyable]
    if table.markers[seat] > 0:
        out += [_action("sell", name) for name in names]
        out += [_action("fuse", pile) for pile, tier in FUSION_PILES.items()
                if tier not in state.fused[seat] and state.fusion.get(pile) and len(hand) >= FUSION_SIZE[tier]]
    for name in names:
        out += [_action("collect", name, symbol) for symbol in collectable_symbols(state, seat, by_name[name])]
    out += _play_actions(state, seat, names, by_name)
    out.append(SCORE)
    return out


def collectable_symbols(state, seat: int, card: int) -> list[str]:
    """The symbols under which ``card`` may join ``seat``'s collections now."""
    definition = state.cards[card]
    if definition.star is None:
        return []
    out = []
    for symbol in sorted(definition.symbols):
        kind, _, word = symbol.partition(":")
        if kind not in COLLECTION_KINDS:
            continue
        held = state.collections[seat][kind]
        declared = state.collection_symbol[seat][kind]
        if declared not in (None, word) or len(held) >= COLLECTION_MAX:
            continue
        if any(state.cards[c].star == definition.star for c in held):
            continue
        out.append(word)
    return out


def _play_actions(state, seat: int, names: list[str], by_name: dict) -> list[Action]:
    table, cards = state.table, state.cards
    in_play = {cards[c].name for c in table.play_area(seat)}
    room = len(table.tableau[seat]) < table.capacity(seat)
    out = []
    for name in names:
        if name in in_play:
            continue
        kind = cards[by_name[name]].card_type
        if kind == "single" and room:
            out.append(_action("play", name))
        elif kind == "deck_box" and len(table.deck_box[seat]) < MAX_DECK_BOXES:
            out.append(_action("deck_box", name))
        elif kind == "accessory" and len(table.accessories[seat]) < MAX_ACCESSORIES:
            out.append(_action("accessory", name))
    return out


def fusion_fodder(state, seat: int, tier: str) -> list[int]:
    """The hand cards a fusion puts in the box: the lowest sell value first, then by name (the
    "unwanted junk cards", as in the whole game)."""
    hand = sorted(state.table.hand[seat], key=lambda c: (state.cards[c].value, state.cards[c].name, c))
    return hand[:FUSION_SIZE[tier]]


def _from_hand(state, seat: int, name: str) -> int:
    hand = state.table.hand[seat]
    card = next(c for c in hand if state.cards[c].name == name)
    hand.remove(card)
    return card


def apply_main(state, seat: int, action: Action) -> None:
    """Perform a main action (``score`` excepted: ``scoring.start``)."""
    table, cards = state.table, state.cards
    verb = action.verb
    args: tuple[Any, ...] = action.args  # each verb's arguments are of the types main_actions gives
    if verb == "buy_store":
        card = table.store.pop()
        state.pay(seat, -cards[card].cost, "buy_store")
        state.to_hand(seat, card)
        state.count(seat, "bought", card)
        state.log("bought", seat, card=cards[card].name, set=cards[card].set_code, cost=cards[card].cost)
    elif verb == "buy_aftermarket":
        card = next(c for c in table.aftermarket if cards[c].name == args[0] and can_buy_after(state, seat, c))
        table.aftermarket.remove(card)
        marker = table.marker_on.pop(card, None)
        if marker is not None:
            table.markers[marker] += 1
        state.sold_by.pop(card, None)
        state.pay(seat, -cards[card].value, "buy_aftermarket")
        state.to_hand(seat, card)
        state.count(seat, "bought_aftermarket", card)
        state.log("bought_aftermarket", seat, card=args[0], price=cards[card].value, marker_of=marker)
    elif verb == "sell":
        card = _from_hand(state, seat, args[0])
        table.aftermarket.append(card)
        table.owner[card] = -1
        table.marker_on[card] = state.sold_by[card] = seat
        table.markers[seat] -= 1
        state.pay(seat, cards[card].value, "sell")
        state.count(seat, "sold", card)
        state.log("sold", seat, card=args[0], price=cards[card].value, markers_left=table.markers[seat])
    elif verb == "fuse":
        _fuse(state, seat, args[0])
    elif verb == "collect":
        card = _from_hand(state, seat, args[0])
        kind = next(k for k in COLLECTION_KINDS if f"{k}:{args[1]}" in cards[card].symbols)
        state.collections[seat][kind].append(card)
        table.owner[card] = -1
        if state.collection_symbol[seat][kind] is None:
            state.collection_symbol[seat][kind] = args[1]
        state.count(seat, "collected", card)
        state.log("collected", seat, card=args[0], collection=kind, symbol=args[1],
                  size=len(state.collections[seat][kind]))
    elif verb == "play":
        card = next(c for c in table.hand[seat] if cards[c].name == args[0])
        table.play_single(seat, card)  # "Place the Single face-up in the next open left-most slot"
    else:  # deck_box, accessory: face-up in its slot ("It starts face-up in play")
        card = _from_hand(state, seat, args[0])
        (table.deck_box if verb == "deck_box" else table.accessories)[seat].append(card)
        state.log(verb, seat, card=args[0])


def _fuse(state, seat: int, pile: str) -> None:
    """"Select the appropriate number of cards ... and place them in the box. Then take a card from
    the appropriate pile in the Card Fusion Area. Place one of your Sell Markers on the pile.\""""
    table, cards = state.table, state.cards
    tier = FUSION_PILES[pile]
    fodder = fusion_fodder(state, seat, tier)
    for card in fodder:
        table.hand[seat].remove(card)
        table.owner[card] = -1
        state.count(seat, "fusion_fodder", card)
    state.box += fodder
    promo = state.fusion[pile].pop()
    state.to_hand(seat, promo)
    table.markers[seat] -= 1
    state.fused[seat].add(tier)
    state.count(seat, "fused", promo)
    state.log("fused", seat, pile=pile, into_box=[cards[c].name for c in fodder], promo=cards[promo].name)
