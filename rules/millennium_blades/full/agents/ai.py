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
- its own pending trade offer: ``OFFER_CHANCE`` of what the trade would change in all of the above
  (so greedy offers, and counters with, only trades it values positively; it accepts a trade when
  the state after it evaluates higher than declining);
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
OFFER_CHANCE = 0.5  # how likely a pending offer of one's own is taken to be accepted
GIVEN_COST = 0.25


def power(card) -> float:
    return card.value + card.cost / 2


def kit_strength(cards) -> tuple[float, set[int]]:
    """(strength, ids used) of the best kit from ``cards`` (pairs of id and ``Card``)."""
    used, seen = set(), set()
    singles, boxes, accessories = [], [], []
    for cid, card in sorted(cards, key=lambda ic: -power(ic[1])):
        if card.name in seen:
            continue
        seen.add(card.name)
        zone = singles if card.card_type == "single" else boxes if card.card_type == "deck_box" else accessories
        zone.append((cid, card))
    total = 0.0
    for i, (cid, card) in enumerate(singles[:PLAYED + BACKUP]):
        total += power(card) * (1.0 if i < PLAYED else 1 / 3)
        used.add(cid)
    for cid, card in boxes[:1] + accessories[:2]:
        total += power(card) / 2
        used.add(cid)
    return total, used


def evaluate(state, player: int) -> float:
    if state.is_over:
        return float(state.outcome.returns[player])
    cards = state.cards
    value = state.vp_recorded(player) + friendship_vp(state, player) - GIVEN_COST * _given(state, player)
    r = state.round
    later = sum(WORTH[k] for k in WORTH if r < k <= state.last_round)
    if state.tournament is not None:
        value += state.money[player] / MONEY_PER_VP
        value += TOURNAMENT_SCALE * tournament_ai.evaluate(state.tournament, player)
        own = [(c, cards[c]) for c in state.binder[player]]
        potential, used = kit_strength(own)
        return value + later * potential + _resale(state, state.binder[player], used)
    market = _market_value(state, player, state.binder[player], state.money[player])
    offer = state.offers.get(player)
    if offer is not None:
        market += OFFER_CHANCE * (_after_trade(state, player, offer) - market)
    return value + market


def _market_value(state, player: int, binder: list[int], money: int) -> float:
    """Money, kit, collection and resale for a binder and money (the rest as they are)."""
    cards = state.cards
    r = state.round
    later = sum(WORTH[k] for k in WORTH if r < k <= state.last_round)
    value = money / MONEY_PER_VP
    kit_now, _ = kit_strength([(c, cards[c]) for c in state.kit[player]])
    own = [(c, cards[c]) for c in binder + state.kit[player]]
    potential, used = kit_strength(own)
    value += WORTH[r] * (kit_now + 0.2 * (potential - kit_now)) + later * potential
    size = len(state.collection[player])
    value += collection.points(size) if size >= collection.MIN_SIZE else 0.8 * size
    return value + _resale(state, binder, used)


def _after_trade(state, player: int, offer: dict) -> float:
    """``_market_value`` (plus Friendship VP gained) once ``player``'s own offer is accepted."""
    binder = list(state.binder[player])
    for name in offer["give"]:
        binder.remove(next(c for c in binder if state.cards[c].name == name))
    other = state.binder[offer["to"]]
    for name in offer["take"]:
        binder.append(next((c for c in other if state.cards[c].name == name), None))
    if None in binder:  # the card is gone: the offer will lapse
        return _market_value(state, player, state.binder[player], state.money[player])
    money = state.money[player] - offer["pay"] + offer["receive"]
    gained = 0.0
    if offer["friendship"] is not None and offer["friendship_from"] != player:
        giver = offer["friendship_from"]
        gained = (friendship_vp(state, player, {giver: card_vp(state.cards[offer["friendship"]])})
                  - friendship_vp(state, player))
    return _market_value(state, player, binder, money) + gained


def _given(state, player: int) -> int:
    """VP of the Friendship cards ``player`` gave (or offered) away."""
    offered = state.offers.get(player, {}).get("friendship")
    left = [c for c in state.friendship[player] if c != offered]
    return sum(card_vp(state.cards[c]) for c, owner in state.friendship_owner.items()
               if owner == player and c not in left)


def _resale(state, binder: list[int], used: set[int]) -> float:
    return RESALE * sum(state.cards[c].value for c in binder if c not in used)
