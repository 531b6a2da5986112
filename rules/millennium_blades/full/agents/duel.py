"""Duel Mode's evaluation (``DUEL_ENGINE.evaluate``): the market player's estimate (``ai.evaluate``)
turned towards what decides a duel, tournaments won (millennium-blades.txt, "Duel Mode": "The
winner is determined by who wins best 2 out of 3 tournaments").

- ``WIN`` per tournament won;
- in a tournament, ``WIN`` times the chance to win it, read from the RP lead the tournament
  engine's evaluation projects plus the lead the collections will add at its end ("converted to RP
  ... at a rate of 10 RP per card"), squashed by a logistic of width ``LEAD_SCALE`` RP;
- in the market, the whole game's estimate (kit, money as buying power, resale) plus both
  collections: each card counted is worth ``RP_PER_CARD`` RP of lead, ``RP_WORTH`` a point.
"""

from __future__ import annotations

import math

from rules.millennium_blades import ai as tournament_ai
from rules.millennium_blades.full import collection, duel
from rules.millennium_blades.full.agents.ai import evaluate as market_evaluate

WIN = 40.0
LEAD_SCALE = 15.0
RP_WORTH = 0.15  # a collection card's 10 RP are worth 1.5 in the market estimate


def _collection_cards(state, seat: int) -> int:
    return sum(len(getattr(state, zone)[seat]) for zone in duel.COLLECTIONS
               if len(getattr(state, zone)[seat]) >= collection.MIN_SIZE)


def evaluate(state, player: int) -> float:
    if state.is_over:
        return WIN * state.outcome.returns[player]
    value = WIN * state.tournament_wins[player]
    if state.tournament is not None:
        other = 1 - player
        lead = tournament_ai.evaluate(state.tournament, player) + duel.RP_PER_CARD * (
            _collection_cards(state, player) - _collection_cards(state, other))
        return value + WIN / (1.0 + math.exp(-lead / LEAD_SCALE))
    # the market estimate counts the elemental collection at its VP; add both at their RP worth
    size = len(state.collection[player]) + len(state.collection_type[player])
    return value + market_evaluate(state, player) + RP_WORTH * duel.RP_PER_CARD * size
