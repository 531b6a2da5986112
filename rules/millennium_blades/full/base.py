"""``FullBase``: every field of a whole game of Millennium Blades (``FullGameState``), declared once
with its type and how a copy copies it, so that the view (view.py) and a type checker find them (issue 30)."""

from __future__ import annotations

from abc import abstractmethod
from typing import TYPE_CHECKING, Annotated, Any

from rules.core.decks import CardSpec
from rules.core.engine import Action, GameState
from rules.core.fields import COPY_ON_WRITE, DATA, EACH, EACH_VALUE, FIXED, LOG, OWN, SHALLOW, Declared, ForkedRngField
from rules.millennium_blades.full.pool import Card
from rules.millennium_blades.state import MBState


class FullBase(ForkedRngField, Declared, GameState):
    """The fields (besides ``GameState``'s), each with how a copy copies it (``rules/core/fields.py``);
    the RNG is forked by a copy (``ForkedRngField``: most look-ahead ticks draw nothing)."""

    _log_events: bool  # ``log_events`` (nested_log.py), passed on to the tournament
    tournament: Annotated[MBState | None, OWN]  # the tournament under way (copied by ``_copy``: clone or determinize)
    # the options and the setup: never changed by the game
    budgets: tuple[int, ...]  # ticks of each Deckbuilding timer
    ticks_per_minute: int
    free_market: bool
    duel: bool
    draft_mode: bool
    liquidation: bool
    cards: Annotated[list[Card], FIXED]  # every card of the game by id
    card_named: Annotated[dict[str, Card], FIXED]
    setup_notes: Annotated[list[str], FIXED]
    characters: Annotated[list[str], FIXED]
    character_roster: Annotated[dict[str, CardSpec], FIXED]
    power_options: Annotated[dict[str, Any], FIXED]
    store_sets: Annotated[list[str], FIXED]
    fusion_sets: Annotated[dict[str, str], FIXED]
    prize_sets: Annotated[dict[int, str], FIXED]
    starters: Annotated[list[str], FIXED]
    friendship_owner: Annotated[dict[int, int], FIXED]  # Friendship card -> the seat that may give it
    # shared zones (card ids)
    store: Annotated[list[int], SHALLOW]  # the top at the end
    store_area: Annotated[list[int], SHALLOW]
    store_discard: Annotated[list[int], SHALLOW]
    aftermarket: Annotated[list[int], SHALLOW]
    marker: Annotated[dict[int, int], SHALLOW]  # Aftermarket card -> the seat whose Sell Marker is on it
    revealed_by: Annotated[dict[int, int], SHALLOW]
    lent: Annotated[list[int], SHALLOW]  # tournament card id -> card id
    meta_revealed: Annotated[list[int], SHALLOW]
    millennium: Annotated[list[int], SHALLOW]  # Millennium Accessories out of play
    venue_deck: Annotated[list[int], SHALLOW]
    venue: Annotated[list[int], SHALLOW]
    meta_stack_of: Annotated[dict[int, str], SHALLOW]
    meta_redrawn: frozenset[tuple[int, str]]
    meta_known: frozenset[int]  # Metagame cards whose place in their stack every player knows (powers.hide_meta_order)
    fusion: Annotated[dict[str, list[int]], EACH_VALUE]
    prize: Annotated[dict[int, list[int]], EACH_VALUE]
    box: Annotated[dict[str, list[int]], EACH_VALUE]
    meta: Annotated[dict[str, list[int]], EACH_VALUE]  # the two Metagame stacks
    pro_stock: Annotated[dict[str, list[int]], EACH_VALUE]
    pro_given: Annotated[dict[int, tuple[str, ...]], SHALLOW]
    pro_winners: Annotated[dict[int, tuple[int, ...]], SHALLOW]
    # a set from outside the game (powers.py): seat -> phase -> ids set aside (rebound, never changed in
    # place); the candidate sets by kind (the pool's, read once); the seats not dealt at this phase's start
    outside_sets: Annotated[dict[int, dict[int, list[int]]], SHALLOW]
    outside_candidates: Annotated[dict[str, list[tuple[str, list[CardSpec]]]], FIXED]
    # the sets outside the game a card effect reaches (ops_promos.py; registered at setup only when a card
    # of the game reaches them): code -> its cards still in the box; code -> (its kind, its name)
    outside_box: Annotated[dict[str, list[int]], EACH_VALUE]
    outside_about: Annotated[dict[str, tuple[str, str]], FIXED]
    deal_replaced: frozenset[int]
    # per seat
    binder: Annotated[list[list[int]], EACH]
    kit: Annotated[list[list[int]], EACH]
    collection: Annotated[list[list[int]], EACH]
    collection_type: Annotated[list[list[int]], EACH]  # Duel Mode's type collection
    friendship: Annotated[list[list[int]], EACH]  # Friendship cards it may still give
    friends: Annotated[list[list[int]], EACH]  # those it was given
    character_card: Annotated[list[list[int]], EACH]
    money: Annotated[list[int], SHALLOW]
    money_flow: Annotated[list[dict[str, int]], EACH]
    markers_total: int
    markers: Annotated[list[int], SHALLOW]
    fused: Annotated[list[set[int]], EACH]
    vp_tournament: Annotated[list[list[int]], EACH]
    vp_collections: Annotated[list[list[int]], EACH]
    rp_collections: Annotated[list[list[int]], EACH]  # Duel Mode: collections as RP
    vp_prerelease: Annotated[list[int], SHALLOW]
    tournament_wins: Annotated[list[int], SHALLOW]  # Duel Mode
    last_store_buy: Annotated[list[int], SHALLOW]
    stats: Annotated[list[dict[str, dict[str, int]]], COPY_ON_WRITE]  # counter -> card name -> count (``tally``)
    stats_owned: Annotated[set[int], SHALLOW]  # the seats whose ``stats`` are this state's own
    placements: Annotated[list[list[int]], EACH]
    # the clock and what is under way
    last_round: int
    phase: str
    round: int
    tick: int
    timer: int
    clock: int
    aftermarket_open: bool
    friendship_used: bool
    draft: Annotated[dict[str, Any] | None, DATA]  # the draft under way (Draft Mode)
    accessory_draft: Annotated[dict[str, list[int]] | None, DATA]
    offers: Annotated[dict[int, dict[str, Any]], DATA]  # offering seat -> offer (trading.py)
    trades: Annotated[list[dict[str, Any]], LOG]  # trades made: records never changed (trading.py)
    tick_legal: Annotated[dict[int, list[Action]], COPY_ON_WRITE]  # see ``market_actions``
    reads_tick_legal: bool

    if TYPE_CHECKING:  # the methods view.py calls in state.py (defined there; declared for the type checker)
        @abstractmethod
        def set_cost(self, code: str) -> int: ...
