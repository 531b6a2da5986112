"""``FellBoundBase``: every field of a FellBound game, declared once with its type and how a copy
copies it.

The game state is one class (:class:`~rules.fellbound.state.FellBoundState`) written in parts:
the turn (turn.py), combat (combat.py), the actions (actions.py) and the view (view.py). Each part
is a mixin on this base, so a type checker (and a reader) finds every attribute here, and
``clone`` is derived from these declarations (``rules/core/fields.py``) instead of re-listing the
fields by hand.

The methods one part calls in another are declared at the end for the type checker only (they
do not exist at run time: the parts define them); mypy checks that each part's definition
matches its declaration.
"""

from __future__ import annotations

from abc import abstractmethod
from typing import TYPE_CHECKING, Annotated, Any

from rules.core.engine import GameState
from rules.core.fields import DATA, EACH, FIXED, SHALLOW, Copy, Declared, declared_slots
from rules.fellbound.board import Battleground, Character
from rules.fellbound.catalogue import Aura, CardDef

if TYPE_CHECKING:
    from rules.core.engine import Action

#: a memo of values worked out from the fields (``values_of``): the copy starts with empty ones
#: (one per seat), so it shares none with its source and works its own out again
MEMO = Copy("MEMO", "[{{}} for _ in {0}]")


class FellBoundBase(Declared, GameState):
    """The fields of a FellBound game (besides ``GameState``'s: seats, seed, RNG, turn, event log,
    outcome, turn limit)."""

    # the sides and the cards: built with the game, never changed by it
    teams: Annotated[list[list[int]], FIXED]  # the two sides' seats, in seat order
    side_of: Annotated[list[int], FIXED]  # per seat, its side
    board: Annotated[Battleground, FIXED]  # the geometry (one per size, its action tables shared)
    cards: Annotated[list[CardDef], FIXED]  # card id -> its definition
    owner: Annotated[list[int], FIXED]  # card id -> its owner
    deck_names: Annotated[list[str], FIXED]  # per seat
    has_auras: bool  # some card of the game has an aura
    # the auras now, per seat: replaced by ``auras_changed``, never changed in place
    _auras: Annotated[list[tuple[Aura, ...]], SHALLOW]  # in deployment order
    _aura_amounts: Annotated[list[dict[str, tuple[int, ...]]], DATA]  # stat -> the amounts, in order
    _aura_keys: Annotated[list[tuple[tuple[str, int], ...]], SHALLOW]  # as (stat, amount) pairs
    _values: Annotated[list[dict[int | tuple[int, int, int], dict[str, int]]], MEMO]  # ``values_of``
    health_auras: bool  # some aura changes a health value
    # the zones: card ids per seat (the top of a deck is the end of its list)
    deck: Annotated[list[list[int]], DATA]
    hand: Annotated[list[list[int]], DATA]
    hand_known: Annotated[list[list[int]], DATA]  # cards back in hand in view of all
    boneyard: Annotated[list[list[int]], DATA]
    treasury: Annotated[list[int], SHALLOW]  # per seat, its gold
    tiles: Annotated[list[Character | None], EACH]  # per tile, what stands on it
    deployments: int  # deployment sequence numbers handed out
    # per seat (``EngineSpec.counters``): counter -> a number ("bribes"), or card name -> number
    stats: Annotated[list[dict[str, Any]], DATA]
    # the turn
    side_turns: Annotated[list[int], SHALLOW]  # turns each side has begun ("opening turn" is the first)
    active_side: int
    first_side: int
    phase: str  # a phase of turn.py
    finished: Annotated[set[int], SHALLOW]  # seats of the active side done with the phase
    may_concede: Annotated[set[int], SHALLOW]  # seats of the active side that may still concede
    charged: bool  # a character was deployed charging this turn (else none is ``charging``)
    # every field a slot (the parts' mixins have empty ``__slots__``): no instance ``__dict__``
    __slots__ = declared_slots(__annotations__, GameState)  # (the body's annotations)

    def occupant(self, tile: int) -> Character:
        """The character on ``tile``, which the caller knows holds one (an action's own tile)."""
        character = self.tiles[tile]
        assert character is not None, f"no character on tile {tile}"
        return character

    if TYPE_CHECKING:
        # -- state.py ------------------------------------------------------------------------------
        @abstractmethod
        def allies(self, seat: int) -> list[int]: ...
        @abstractmethod
        def name(self, card: int) -> str: ...
        @abstractmethod
        def count(self, seat: int, counter: str, card: int | None = None) -> None: ...
        @abstractmethod
        def auras_changed(self) -> None: ...
        @abstractmethod
        def value(self, card: int, stat: str, controller: int, character: Character | None = None,
                  auras: list | None = None) -> int | None: ...
        @abstractmethod
        def health(self, character: Character) -> int: ...
        @abstractmethod
        def stat(self, character: Character, stat: str) -> int: ...
        @abstractmethod
        def values_of(self, character: Character) -> dict[str, int]: ...
        @abstractmethod
        def card_values(self, card: int, controller: int) -> dict[str, int]: ...
        @abstractmethod
        def living(self, seats) -> list[tuple[int, Character]]: ...

        # -- turn.py ---------------------------------------------------------------------------------
        @abstractmethod
        def start_turn(self, side: int) -> None: ...
        @abstractmethod
        def draw(self, seat: int, count: int) -> None: ...
        @abstractmethod
        def finish_phase(self, seat: int) -> None: ...
        @abstractmethod
        def end_turn(self) -> None: ...
        @abstractmethod
        def concede(self, seat: int) -> None: ...

        # -- combat.py -------------------------------------------------------------------------------
        @abstractmethod
        def strike(self, attacker_tile: int, target_tile: int, stat: str) -> dict: ...
        @abstractmethod
        def slay_struck(self, results: list[dict]) -> None: ...
        @abstractmethod
        def spray_targets(self, tile: int) -> list[int]: ...
        @abstractmethod
        def heal(self, healer_tile: int, target_tile: int) -> dict: ...
        @abstractmethod
        def steal(self, thief_tile: int, target_tile: int) -> dict: ...
        @abstractmethod
        def bribe_cost(self, target: Character) -> int: ...
        @abstractmethod
        def bribe(self, briber_tile: int, target_tile: int) -> dict: ...
        @abstractmethod
        def slay(self, tile: int) -> None: ...
        @abstractmethod
        def check_values(self) -> None: ...
        @abstractmethod
        def clear_slain(self, tile: int, seat: int) -> int: ...

        # -- actions.py ------------------------------------------------------------------------------
        @abstractmethod
        def current_players(self) -> list[int]: ...
        @abstractmethod
        def legal_actions(self, player: int) -> list[Action]: ...
