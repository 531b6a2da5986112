"""``TurnBasedBase``: every field of a Turn-Based Mode game (``TurnBasedState``), declared once with
its type and how a copy copies it, so that the view (view.py) and a type checker find them (issue 30)."""

from __future__ import annotations

from abc import abstractmethod
from typing import TYPE_CHECKING, Annotated, Any, Self

from rules.core.engine import GameState
from rules.core.fields import DATA, EACH, EACH_VALUE, FIXED, OWN, SHALLOW, Declared, ForkedRngField
from rules.millennium_blades.full.pool import Card
from rules.millennium_blades.turn_based.table import TurnTable


class TurnBasedBase(ForkedRngField, Declared, GameState):
    """The fields (besides ``GameState``'s), each with how a copy copies it (``rules/core/fields.py``);
    the RNG is forked by a copy and shared with the table (``ForkedRngField.draw_from``)."""

    _log_events: bool  # ``log_events`` (nested_log.py), passed on to the table
    turns_per_deck: int
    # built at setup, never changed by the game
    cards: Annotated[list[Card], FIXED]  # every card of the game by id
    setup_notes: Annotated[list[str], FIXED]
    store_sets: Annotated[list[str], FIXED]
    fusion_sets: Annotated[dict[str, str], FIXED]
    prize_sets: Annotated[dict[str, str], FIXED]
    meta_kind: Annotated[dict[int, str], FIXED]  # Metagame card -> its stack
    # the tournament engine's table (its RNG and event log are this game's: ``clone``, ``draw_from``)
    table: Annotated[TurnTable, OWN]
    # the piles
    fusion: Annotated[dict[str, list[int]], EACH_VALUE]
    prize: Annotated[dict[str, list[int]], EACH_VALUE]
    meta: Annotated[dict[str, list[int]], EACH_VALUE]  # the two Metagame stacks
    box: Annotated[list[int], SHALLOW]
    # per seat
    collections: Annotated[list[dict[str, list[int]]], DATA]
    collection_symbol: Annotated[list[dict[str, str | None]], EACH]
    money: Annotated[list[int], SHALLOW]
    money_flow: Annotated[list[dict[str, int]], EACH]
    fused: Annotated[list[set[int]], EACH]
    scores: Annotated[list[list[int]], EACH]
    scorings: Annotated[list[int], SHALLOW]
    turns_in_deck: Annotated[list[int], SHALLOW]
    stats: Annotated[list[dict[str, dict[str, int]]], DATA]
    markers_total: int
    sold_by: Annotated[dict[int, int], SHALLOW]  # Aftermarket card -> the seat that sold it
    out: Annotated[set[int], SHALLOW]
    # the turn
    first_player: int
    turn_seat: int
    main_done: bool
    action_used: bool
    scoring: Annotated[dict[str, Any] | None, DATA]  # a scoring under way
    decision: Annotated[dict[str, Any] | None, DATA]  # the decision a seat must make now

    if TYPE_CHECKING:  # the methods view.py calls in state.py (defined there; declared for the type checker)
        @abstractmethod
        def clone(self) -> Self: ...
        @abstractmethod
        def total_rp(self, seat: int) -> int: ...
