"""The Turn-Based evaluation, ``evaluate(state, player)``, for the core's ``greedy`` agent: the
player's estimate of its final total RP ("The highest total RP wins!").

- RP already recorded (the scorings done);
- the deck being built, as the tournament engine's evaluation projects it (``ai.projected``: RP now,
  the singles in hand laid out into the open slots with their Play and Next effects, the Score
  effects on that tableau, the deck box, accessories and metas, the unused Actions), plus 10 RP per
  collected card (Scoring step 2);
- the other cards in hand (those the projection does not lay out: deck boxes, accessories, singles
  beyond the open slots), each at the best of: put in play (``PLAY_BASE``, while its slot is free),
  collected (``COLLECT_WORTH`` of the 10 RP, if it fits a collection), sold (a little of its Star
  Rating, while a Sell Marker is left);
- money, at ``MONEY_WORTH`` RP a dollar while a deck is still to be built;
- each deck still to come after this one, ``FRESH_DECK`` RP (what a new hand of 6, 30 dollars and a
  promo usually become): so scoring early, which throws the deck's unused cards away, only pays once
  the hand has little left to give;
- the deck's age: ``TURN_COST`` RP for each turn taken on it (a deck's turns are limited:
  ``turns_per_deck``), so that a player with nothing better to do scores.
"""

from __future__ import annotations

from rules.millennium_blades.ai import projected
from rules.millennium_blades.turn_based import actions, scoring

PLAY_BASE = 3.0  # RP of a deck box or accessory still to be put in play
COLLECT_WORTH = 7.0  # of the 10 RP a collected card gives (it is collected on a later turn)
SELL_WORTH = 0.2
MONEY_WORTH = 0.3
FRESH_DECK = 60.0
TURN_COST = 0.5


def _other_hand_cards(state, seat: int) -> float:
    """The cards in hand the projection does not lay out into the tableau."""
    table, cards = state.table, state.cards
    singles = [c for c in table.hand[seat] if cards[c].card_type == "single"]
    laid = max(0, min(table.capacity(seat) - len(table.tableau[seat]), len(singles)))
    rest = sorted(singles, key=lambda c: -cards[c].value)[laid:] + [
        c for c in table.hand[seat] if cards[c].card_type != "single"]
    markers = table.markers[seat]
    in_play = {cards[c].name for c in table.play_area(seat)}
    value = 0.0
    for card in rest:
        definition = cards[card]
        play = 0.0
        if definition.name not in in_play and (
                definition.card_type == "deck_box" and not table.deck_box[seat]
                or definition.card_type == "accessory" and len(table.accessories[seat]) < actions.MAX_ACCESSORIES):
            play = PLAY_BASE
        collect = COLLECT_WORTH if actions.collectable_symbols(state, seat, card) else 0.0
        sell = SELL_WORTH * definition.value if markers else 0.0
        value += max(play, collect, sell)
    return value


def evaluate(state, player: int) -> float:
    if state.is_over:
        return float(state.outcome.returns[player])
    recorded = state.total_rp(player)
    if player in state.out:
        return float(recorded)
    table = state.table
    collected = sum(len(c) for c in state.collections[player].values())
    deck = projected(table, player) + scoring.RP_PER_COLLECTED * collected
    decks_after = scoring.SCORINGS - state.scorings[player] - 1
    money = MONEY_WORTH * state.money[player] if decks_after > 0 or table.hand[player] else 0.0
    scoring_now = state.scoring is not None and state.scoring["seat"] == player
    age = 0 if scoring_now else state.turns_in_deck[player]
    return (recorded + deck + _other_hand_cards(state, player) + money + FRESH_DECK * decks_after
            - TURN_COST * age)
