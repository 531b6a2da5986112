"""The actions greedy judges in a Deckbuilding tick (``FullGameState.search_candidates``).

A tick offers a seat a hundred actions or more: every card it could kit, collect or sell, every
Aftermarket card, and above all every trade offer (each card of every other binder, at each
price) and every card it could add to its own offer. Greedy judges each on a copy of the game
(``rules/core/agents.py``), so judging them all cost a whole game 16-63 CPU seconds. Here each
kind of action is ranked by a cheap score taken from the evaluation's own terms (``ai.py``: a
card's ``power``, the worth of kit strength this round and later, money at 4 dollars a VP,
resale at a tenth) and only the best ``KEEP[verb]`` of it are kept; greedy's full evaluation then
chooses among these and every action of a kind not listed (waiting, answering or changing an
offer), which are few. The cards of the best kit the seat could
build (``ai.kit_strength``) are never scored as worth selling, collecting or giving away.
Deterministic: ties keep the legal actions' order.
"""

from __future__ import annotations

from typing import Any

from rules.core.engine import Action
from rules.millennium_blades.full.agents.ai import PLAYED, RESALE, WORTH, kit_strength, power
from rules.millennium_blades.full.market import FUSION_SIZE
from rules.millennium_blades.full.scoring import MONEY_PER_VP

#: how many actions of a kind greedy judges each tick (kinds not listed: all of them)
KEEP = {"kit": 1, "unkit": 1, "collect": 1, "uncollect": 1, "sell": 1, "buy_aftermarket": 1,
        "offer": 1, "counter": 1, "add": 1, "buy_store": 1, "fuse": 1}
KIT_SHARE = 0.8  # the evaluation's weight of this round's kit (``ai._market_value``: kit_now + 0.2 of the rest)


def candidates(state, seat: int, actions: list[Action]) -> list[Action]:
    """``actions`` (a Deckbuilding tick's, else returned as they are) shortened to every action of
    a kind not in ``KEEP`` and the best ``KEEP[verb]`` of each kind in it, in their order."""
    if state.tournament is not None or state.draft is not None or state.accessory_draft is not None:
        return actions
    if not any(a.verb in KEEP for a in actions):
        return actions
    score = _Scorer(state, seat)
    kinds: dict[str, list[tuple[float, int]]] = {}
    for i, action in enumerate(actions):
        if action.verb in KEEP:
            value = score(action)
            if value is not None:
                kinds.setdefault(action.verb, []).append((-value, i))
    kept = {i for verb, ranked in kinds.items() for _, i in sorted(ranked)[:KEEP[verb]]}
    return [a for i, a in enumerate(actions) if a.verb not in KEEP or i in kept]


class _Scorer:
    """Cheap scores (about VP) of one seat's actions in one tick."""

    def __init__(self, state, seat: int):
        self.state, self.seat = state, seat
        cards = state.cards
        later = sum(WORTH[k] for k in WORTH if state.round < k <= state.last_round)
        now = WORTH.get(state.round, 0.0)
        self.kit_worth = KIT_SHARE * now  # a unit of strength in this round's kit
        self.card_worth = later + 0.2 * now  # ... in the best kit of one's cards
        _, used = kit_strength(state, state.binder[seat] + state.kit[seat])
        self.kit_names = {cards[c].name for c in used}  # the best kit's: kept
        self.weakest = min((power(cards[c]) for c in used if cards[c].card_type == "single"), default=0.0)
        self.kit_full = sum(1 for c in used if cards[c].card_type == "single") >= PLAYED

    def card(self, name: str):
        return self.state.card_named[name]

    def worth(self, name: str) -> float:
        """What having the card adds: its power in one's best kit, else its resale."""
        card = self.card(name)
        return power(card) * self.card_worth if name in self.kit_names or card.card_type == "single" \
            else RESALE * card.value

    def loss(self, name: str) -> float:
        """What parting with a card costs: a card of the best kit its kit worth, else its resale."""
        card = self.card(name)
        return power(card) * (self.card_worth + self.kit_worth) if name in self.kit_names else RESALE * card.value

    def __call__(self, action: Action) -> float | None:
        """The action's cheap score; None: not worth judging."""
        verb = action.verb
        args: tuple[Any, ...] = action.args  # each verb's arguments are of the types market.py lists
        if verb == "kit":
            card = self.card(args[0])
            return power(card) * (1.0 if card.card_type == "single" else 0.5)
        if verb == "unkit":  # only to make room: for a card of the best kit not in the kit
            return -power(self.card(args[0])) if args[0] not in self.kit_names else None
        if verb == "collect":
            return -self.loss(args[0])
        if verb == "uncollect":  # only a card the best kit would play
            card = self.card(args[0])
            good = card.card_type == "single" and (power(card) > self.weakest or not self.kit_full)
            return power(card) if good else None
        if verb == "sell":  # only for more than the card is worth to the seat
            gain = self.card(args[0]).value / MONEY_PER_VP - self.loss(args[0])
            return gain if gain > 0 else None
        if verb == "buy_aftermarket":
            return self.worth(args[0]) - self.card(args[0]).value / MONEY_PER_VP
        if verb == "offer":  # (other seat, its card, the price): only a card worth more than its price
            gain = self.worth(args[1]) - args[2] / MONEY_PER_VP
            return gain if gain > 0 else None
        if verb == "counter":  # (offerer, the card of its asked for)
            return self.worth(args[1]) - self.card(args[1]).value / MONEY_PER_VP
        if verb == "add":  # (side, card): "take" one of theirs (paying its stars), "give" one of mine
            value = self.card(args[1]).value / MONEY_PER_VP
            return self.worth(args[1]) - value if args[0] == "take" else value - self.loss(args[1])
        if verb == "fuse":  # the bigger fusion, the better promo
            return float(FUSION_SIZE.get(args[0], 0))
        if verb == "buy_store":  # dearer sets hold stronger cards
            return float(self.state.set_cost(args[0]))
        return 0.0
