"""Tables for Turn-Based scenario tests: a game from the fixture pool, cards moved where a test
needs them, moves by their text form (checked at the boundary)."""

from __future__ import annotations

from rules.core.engine import Action
from rules.millennium_blades.turn_based import new_turn_based_game
from tests.rules.millennium_blades.full.helpers import STACKS

__all__ = ["STACKS", "act", "game", "give", "hand_names", "ids_named", "set_hand", "zone_of"]


def game(players: int = 3, seed: int = 0, **options):
    options.setdefault("first_player", 0)
    return new_turn_based_game(players, seed, **options)


def ids_named(state, name: str) -> list[int]:
    return [i for i, c in enumerate(state.cards) if c.name == name]


def zone_of(state, card: int) -> list[int]:
    return next(zone for zone in state.zones().values() if card in zone)


def give(state, seat: int, name: str, zone: str = "hand") -> int:
    """Move a card named ``name`` (one in the Store, its discard or a pile if there is one) into
    ``seat``'s ``zone`` (hand, tableau, deck_box, accessories) on the table."""
    free = set(state.table.store) | set(state.table.store_discard)
    options = ids_named(state, name)
    card = next((c for c in options if c in free), options[0])
    zone_of(state, card).remove(card)
    getattr(state.table, zone)[seat].append(card)
    state.table.owner[card] = seat
    return card


def set_hand(state, seat: int, names: list[str]) -> list[int]:
    """``seat``'s hand made of exactly these cards (the old hand goes back to the Store deck's bottom)."""
    table = state.table
    table.store[:0] = table.hand[seat]
    table.hand[seat] = []
    return [give(state, seat, name) for name in names]


def hand_names(state, seat: int) -> list[str]:
    return sorted(state.cards[c].name for c in state.table.hand[seat])


def act(state, text: str, seat: int | None = None) -> None:
    """Apply the move ``text`` for the seat to act (checked)."""
    seat = state.current_players()[0] if seat is None else seat
    state.apply_checked(Action.parse(text), seat)
