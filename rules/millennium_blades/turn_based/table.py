"""The tournament engine's machinery, kept for a whole Turn-Based game: ``TurnTable``.

Turn-Based Mode plays singles "following all rules as in a tournament" ("VARIANTS & OPTIONS",
"Turn-Based Mode", action 5), so the tableaux, deck boxes, accessories, RP, the Store deck (for
clashes), the Store Discard and the Aftermarket live in one ``MBState`` of the tournament engine
for the whole game (composition: the Turn-Based state drives it; its own turn flow, ``settle`` and
``end_turn``, is never called). Its card ids are the Turn-Based game's card ids.

What differs from a tournament, and is overridden here:

- "Infinite Loops" removes a player from a tournament; here the looping effect stops, the player
  stays (``infinite_loop``: rules notes, "Turn-Based Mode");
- "Aftermarket Space": a clash that would put the Aftermarket over 12 cards discards it to the
  Store Discard first; Sell Markers on the discarded cards go back to their owners
  (``to_aftermarket``), as at "END OF DECKBUILDING" 3.
"""

from __future__ import annotations

from typing import Annotated

from rules.core.decks import DeckList
from rules.core.fields import SHALLOW, declared_slots
from rules.millennium_blades.clash import AFTERMARKET_LIMIT
from rules.millennium_blades.ops_triggers import aftermarket_heard
from rules.millennium_blades.state import MBState


class TurnTable(MBState):
    """An ``MBState`` built from the Turn-Based game's cards, with no kits and no turn of its own."""

    marker_on: Annotated[dict[int, int], SHALLOW]  # Aftermarket card -> the seat whose Sell Marker is on it
    markers: Annotated[list[int], SHALLOW]  # Sell Markers each seat has left
    loops: int
    __slots__ = declared_slots(__annotations__)  # (the body's annotations; base.py has the rest)

    @classmethod
    def for_game(cls, num_players: int, specs, rng) -> TurnTable:
        """A table for ``num_players`` whose card ``i`` is ``specs[i]`` (every card of the game),
        sharing the game's RNG (one source of chance). Built by the tournament engine's own
        constructor (empty kits, every card given as the Store, so its numbering is the game's),
        then emptied: the Turn-Based setup deals the cards."""
        decks = [DeckList("millennium_blades", {}, name=f"seat {s}") for s in range(num_players)]
        table = cls(decks, 0, store=list(specs), turn_limit=10 ** 9)
        if [c.name for c in table.cards] != [spec.name for spec in specs]:
            raise RuntimeError("the tournament engine no longer numbers a Store given alone from 0: "
                               "rules/millennium_blades/turn_based/table.py must map its cards another way")
        table.rng = rng
        table.store = []
        table.owner = [-1] * len(specs)
        table.events = []
        table.marker_on = {}
        table.markers = [0] * num_players
        table.loops = 0
        return table

    def infinite_loop(self) -> None:
        """"Infinite Loops" ("a set of mandatory effects that cannot be stopped"): there is no
        tournament to be removed from; the effects being resolved stop and the turn goes on."""
        self.stack, self.triggered, self.pending = [], [], None
        self.loops += 1
        self.log("infinite_loop", self.seat_turn, stopped=True)

    def to_aftermarket(self, cards: list[int]) -> None:
        """"If there is no space left (max. 12), discard all cards in the Aftermarket to the Store
        Discard before adding any new cards"; their Sell Markers go back to their owners."""
        if len(self.aftermarket) + len(cards) > AFTERMARKET_LIMIT:
            for card in self.aftermarket:
                seat = self.marker_on.pop(card, None)
                if seat is not None:
                    self.markers[seat] += 1
            self.store_discard.extend(self.aftermarket)
            self.log("aftermarket_discarded", None, cards=len(self.aftermarket))
            self.aftermarket = []
        self.aftermarket.extend(cards)
        if self.cards_with("on to_aftermarket"):  # "Each time a card is placed into the Aftermarket" (ops_triggers)
            aftermarket_heard(self, cards)
