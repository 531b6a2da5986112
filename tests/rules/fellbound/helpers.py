"""Builders for FellBound engine tests: cards from the fixtures and prepared battlegrounds.

``prepared(...)`` builds a game already in a side's action phase with empty hands and an empty
battleground; ``place(...)`` puts a character on a tile, so a scenario test states only what its
rule needs.
"""

from __future__ import annotations

from rules.core.decks import CardSpec, DeckEntry, DeckList
from rules.core.engine import Action
from rules.fellbound.state import Character, FellBoundState
from rules.fellbound.turn import ACTION
from tests.rules.samples import GamePool

POOL = GamePool("fellbound")


def card(name: str) -> CardSpec:
    return POOL.by_name[name]


def invented(name: str, **attributes) -> CardSpec:
    """A character made up for one test (a value combination the pool does not have)."""
    return CardSpec(None, name, "character", {"gold_cost": 0, "health": 3, "range": 1, **attributes})


def deck(cards: list, name: str = "Test deck") -> DeckList:
    specs = [c if isinstance(c, CardSpec) else card(c) for c in cards]
    return DeckList(game="fellbound", name=name, sections={"deck": [DeckEntry(s, 1) for s in specs]})


def prepared(*seats: list, teams=None, active_side: int = 0, treasury: int = 3) -> FellBoundState:
    """A game whose seats hold these cards, all in their decks, in side ``active_side``'s action
    phase (both sides past their opening turns), every treasury at ``treasury``."""
    state = FellBoundState([deck(cards, f"Deck {i}") for i, cards in enumerate(seats)], seed=7, teams=teams)
    for seat in range(state.num_players):
        state.deck[seat] += state.hand[seat]
        state.hand[seat] = []
    state.tiles = [None] * state.board.size
    state.treasury = [treasury] * state.num_players
    state.side_turns = [1, 1]
    state.active_side = active_side
    state.phase = state.step_name = ACTION
    state.finished = set()
    state.may_concede = set(state.teams[active_side])
    state.turn = 3
    state.events.clear()
    return state


def _take(state: FellBoundState, seat: int, name: str) -> int:
    card_id = next(c for c in state.deck[seat] if state.cards[c].name == name)
    state.deck[seat].remove(card_id)
    return card_id


def place(state: FellBoundState, seat: int, name: str, tile: str, *, facing: int | None = None, gold: int = 0,
          damage: int = 0, slain: bool = False) -> Character:
    """Put ``seat``'s card ``name`` on ``tile``, facing the other side unless told, active when
    its side is to act."""
    card_id = _take(state, seat, name)
    definition = state.cards[card_id]
    state.deployments += 1
    health = gold if definition.is_x("health") else (definition.printed("health") or 0)
    side = state.side_of[seat]
    character = Character(card_id, seat, seat, state.board.forward(side) if facing is None else facing, gold,
                          health, state.deployments, damage=damage, slain=slain,
                          active=side == state.active_side and not slain)
    state.tiles[state.board.parse(tile)] = character
    state.auras_changed()
    return character


def to_hand(state: FellBoundState, seat: int, *names: str) -> None:
    for name in names:
        state.hand[seat].append(_take(state, seat, name))


def at(state: FellBoundState, tile: str) -> Character | None:
    return state.tiles[state.board.parse(tile)]


def act(state: FellBoundState, seat: int, text: str) -> None:
    """Apply ``text`` as ``seat``'s action, checked at the boundary (it must be legal)."""
    state.apply_checked(Action.parse(text), seat)


def legal(state: FellBoundState, seat: int) -> set[str]:
    return {str(a) for a in state.legal_actions(seat)}


def events(state: FellBoundState, action: str) -> list[dict]:
    return [e.as_dict()["changes"] for e in state.events if e.action == action]
