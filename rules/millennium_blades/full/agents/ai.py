"""The whole game's evaluation, ``evaluate(state, player)``, for the core's ``greedy`` agent: a
market player's estimate of its final VP (millennium-blades.txt, "Setting your Priorities": "Build
Your Deck ... Make Your Collection ... Amass Wealth").

- VP already on the score sheet (tournaments, collections) and money at the end-of-game rate
  ("4 Millennium Dollars to 1 VP");
- the kit: its strength (the 6 singles it will likely play -- "you will typically only play 6
  cards" -- then 2 backups at a third, the deck box, the accessories at half) times what a unit of
  strength is worth in this round's tournament (the spread of its "Tournament VP Chart" row / 50);
  the best kit the player's own cards could make, times the later rounds' worth, and a little of
  this round's (so a better card is bought even before it is put in the deck);
- the collection being built: its VP when turned in ("SCORING COLLECTIONS"), 0.8 VP a card below 2;
- other binder cards: a tenth of their sell value (resale);
- Friendship VP it was given (capped per giver, as scored);
- Friendship cards it gave away: ``GIVEN_COST`` of their VP (they score for a rival);
- its own pending trade offer: the chance it is accepted (``acceptance_chance``) times what the
  trade would change in all of the above (Friendship given or got included): ``OFFER_CHANCE`` for
  the two plain shapes; for several cards a side or a Friendship card in it, ``REFUSE_CHANCE``
  unless the other seat gains by it as greedy values it for that seat (the same evaluation, from
  its side), ``FAVOR_CHANCE`` when the Friendship card is greedy's own; ``REFUSE_CHANCE`` when the
  other seat asked for Friendship and none was added. So greedy offers, and counters with, only
  trades it values positively; it adds cards to an offer (``add``) when it gains and the other side
  still does; it asks the other side for Friendship (``ask_friendship``: a trade that "clearly
  benefits one side more than the other") when the other side still gains with a Friendship card
  given; it adds its own (``sweeten``) when the trade is worth enough to it and the other side gains
  with the card (Deques' favor), and, asked for it, when the trade is still worth it;
- an offer received on which it asked for Friendship (``ask_friendship <seat>``): ``OFFER_CHANCE``
  of what the trade with a Friendship card in addition would change. It accepts a trade when the
  state after it evaluates higher than declining, and asks for Friendship instead when half the
  trade with Friendship in addition is worth more than the trade (it clearly favors the offerer);
- during a tournament, the tournament engine's own evaluation, scaled to VP.

A card's strength is its star rating plus half its Store cost (dearer sets hold stronger cards).
"""

from __future__ import annotations

from rules.millennium_blades import ai as tournament_ai
from rules.millennium_blades.full import collection
from rules.millennium_blades.full.friendship import card_vp, friendship_vp
from rules.millennium_blades.full.scoring import MONEY_PER_VP
from rules.millennium_blades.state import CHARTS

CHART_OF_ROUND = {1: "round1", 2: "round2", 3: "final"}
WORTH = {r: (CHARTS[c][0] - CHARTS[c][-1]) / 50 for r, c in CHART_OF_ROUND.items()}
RESALE = 0.1
TOURNAMENT_SCALE = 0.05
PLAYED, BACKUP = 6, 2
OFFER_CHANCE = 0.5  # how likely a pending offer of one's own is taken to be accepted (the other side gains)
REFUSE_CHANCE = 0.05  # ... when the other side loses by it, or asked for Friendship and got none
FAVOR_CHANCE = 0.75  # ... when it gains by it with a Friendship card of the offerer's in addition
GIVEN_COST = 0.25


def power(card) -> float:
    return card.value + card.cost / 2


_Table = tuple[list[float], list[str], list[int]]
_TABLES: dict[int, tuple[list, _Table]] = {}  # id of a game's card list -> (that list, its table): a few games'


KITS_KEPT = 4096
_KITS: dict[int, tuple[list, dict[tuple[int, ...], tuple[float, frozenset[int]]]]] = {}  # as ``_TABLES``


def _card_table(state) -> _Table:
    """Per card id, three lists: minus its power (the sort key), its name, its kit zone (0 single,
    1 deck box, 2 accessory). Kept for the last few games' card lists (a game's copies share its
    list; cards are only ever added to it, at setup)."""
    cards = state.cards
    held = _TABLES.get(id(cards))
    if held is not None and held[0] is cards and len(held[1][0]) == len(cards):
        return held[1]
    table = ([-power(card) for card in cards], [card.name for card in cards],
             [0 if card.card_type == "single" else 1 if card.card_type == "deck_box" else 2 for card in cards])
    if len(_TABLES) >= 8:
        _TABLES.pop(next(iter(_TABLES)))
    _TABLES[id(cards)] = (cards, table)
    return table


def kit_strength(state, ids) -> tuple[float, frozenset[int]]:
    """(strength, ids used) of the best kit from the cards ``ids`` (the last few thousand asked
    for, per game: greedy judges several actions a tick that leave a seat's cards as they are)."""
    known = _KITS.get(id(state.cards))
    if known is None or known[0] is not state.cards or len(known[1]) > KITS_KEPT:
        known = _KITS[id(state.cards)] = (state.cards, {})
        if len(_KITS) > 8:
            _KITS.pop(next(iter(_KITS)))
    key = tuple(ids)  # (their order breaks ties between cards of equal power)
    out = known[1].get(key)
    if out is None:
        out = known[1][key] = _kit_strength(state, ids)
    return out


def _kit_strength(state, ids) -> tuple[float, frozenset[int]]:
    minus_power, names, zone_of = _card_table(state)
    seen: set[str] = set()
    zones: tuple[list[int], list[int], list[int]] = ([], [], [])
    singles, boxes, accessories = zones
    for cid in sorted(ids, key=minus_power.__getitem__):
        name = names[cid]
        if name in seen:
            continue
        seen.add(name)
        zones[zone_of[cid]].append(cid)
        if len(singles) >= PLAYED + BACKUP and boxes and len(accessories) >= 2:
            break  # the rest cannot be used
    used = set()
    total = 0.0
    for i, cid in enumerate(singles[:PLAYED + BACKUP]):
        total -= minus_power[cid] * (1.0 if i < PLAYED else 1 / 3)
        used.add(cid)
    for cid in boxes[:1] + accessories[:2]:
        total -= minus_power[cid] / 2
        used.add(cid)
    return total, frozenset(used)


def evaluate(state, player: int) -> float:
    if state.is_over:
        return float(state.outcome.returns[player])
    value = state.vp_recorded(player) + friendship_vp(state, player) - GIVEN_COST * _given(state, player)
    r = state.round
    later = sum(WORTH[k] for k in WORTH if r < k <= state.last_round)
    if state.tournament is not None:
        value += state.money[player] / MONEY_PER_VP
        value += TOURNAMENT_SCALE * tournament_ai.evaluate(state.tournament, player)
        potential, used = kit_strength(state, state.binder[player])
        return value + later * potential + _resale(state, state.binder[player], used)
    market = _market_value(state, player, state.binder[player], state.money[player])
    extra = 0.0
    offer = state.offers.get(player)
    if offer is not None:
        extra += acceptance_chance(state, offer) * (_after_trade(state, player, offer) - market)
    for by, received in sorted(state.offers.items()):
        if received["to"] == player and received.get("asked") and received["friendship"] is None:
            extra += OFFER_CHANCE * (_after_trade(state, player, received, friendship_from=by) - market)
    return value + market + extra


def acceptance_chance(state, offer: dict) -> float:
    """How likely the other seat is taken to accept ``offer``: ``REFUSE_CHANCE`` when it asked for
    Friendship and none was added; ``OFFER_CHANCE`` for the two plain shapes (one card for dollars,
    one card for one card and the difference); for an offer with several cards a side or a
    Friendship card in it, ``REFUSE_CHANCE`` unless the other seat gains by it (valued from its side
    by the same evaluation), and then ``FAVOR_CHANCE`` when the Friendship card is the offerer's
    (a favor paid for: Deques' example), else ``OFFER_CHANCE``."""
    if offer.get("asked") and offer["friendship"] is None:
        return REFUSE_CHANCE
    if offer["friendship"] is None and len(offer["give"]) <= 1 and len(offer["take"]) == 1:
        return OFFER_CHANCE
    other = offer["to"]
    now = _market_value(state, other, state.binder[other], state.money[other])
    if _after_trade(state, other, offer) < now:
        return REFUSE_CHANCE
    return FAVOR_CHANCE if offer["friendship"] is not None and offer["friendship_from"] == offer["by"] else OFFER_CHANCE


def _market_value(state, player: int, binder: list[int], money: int) -> float:
    """Money, kit, collection and resale for a binder and money (the rest as they are)."""
    r = state.round
    later = sum(WORTH[k] for k in WORTH if r < k <= state.last_round)
    value = money / MONEY_PER_VP
    kit_now, _ = kit_strength(state, state.kit[player])
    potential, used = kit_strength(state, binder + state.kit[player])
    value += WORTH[r] * (kit_now + 0.2 * (potential - kit_now)) + later * potential
    size = len(state.collection[player])
    value += collection.points(size) if size >= collection.MIN_SIZE else 0.8 * size
    return value + _resale(state, binder, used)


def _pick(state, zone: list[int], names: list[str]) -> list[int] | None:
    """Card ids for ``names`` (one each, distinct) from ``zone``; None when one is missing."""
    pool, out = list(zone), []
    for name in names:
        card = next((c for c in pool if state.cards[c].name == name), None)
        if card is None:
            return None
        pool.remove(card)
        out.append(card)
    return out


def _after_trade(state, player: int, offer: dict, friendship_from: int | None = None) -> float:
    """``_market_value`` once ``offer`` is made, from ``player``'s side (the offerer's or the other
    seat's), plus the Friendship VP it gains or less ``GIVEN_COST`` of what it gives;
    ``friendship_from``: a Friendship card of that seat's in addition (one asked for)."""
    mine = player == offer["by"]
    other = offer["to"] if mine else offer["by"]
    gives, gets = (offer["give"], offer["take"]) if mine else (offer["take"], offer["give"])
    dollars = offer["receive"] - offer["pay"] if mine else offer["pay"] - offer["receive"]
    out, got = _pick(state, state.binder[player], gives), _pick(state, state.binder[other], gets)
    if out is None or got is None:  # a card is gone: the offer will lapse
        return _market_value(state, player, state.binder[player], state.money[player])
    binder = [c for c in state.binder[player] if c not in out] + got
    value = _market_value(state, player, binder, state.money[player] + dollars)
    giver, card = (offer["friendship_from"], offer["friendship"]) if offer["friendship"] is not None else (
        friendship_from, state.friendship[friendship_from][-1] if friendship_from is not None
        and state.friendship[friendship_from] else None)
    if card is None:
        return value
    assert giver is not None  # a Friendship card in the trade comes from a seat
    vp = card_vp(state.cards[card])
    if giver == player:
        return value - GIVEN_COST * vp
    return value + friendship_vp(state, player, {giver: vp}) - friendship_vp(state, player)


def _given(state, player: int) -> int:
    """VP of the Friendship cards ``player`` gave away."""
    left = set(state.friendship[player])
    return sum(card_vp(state.cards[c]) for c, owner in state.friendship_owner.items()
               if owner == player and c not in left)


def _resale(state, binder: list[int], used: frozenset[int]) -> float:
    return RESALE * sum(state.cards[c].value for c in binder if c not in used)
