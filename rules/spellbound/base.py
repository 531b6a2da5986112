"""``SpellboundBase``: every field of a Spellbound game, declared once with its type and how a copy
copies it.

The game state is one class (:class:`~rules.spellbound.state.SpellboundState`) written in parts:
the verbs (actions.py), the turn (turn.py), the Ladder (ladder.py), souls (souls.py), battle
(battle.py), effect ops (effects.py), health and limits (stats.py) and the view (view.py). Each
part is a mixin on this base, so a type checker (and a reader) finds every attribute here, and
``clone`` is derived from these declarations (``rules/core/fields.py``) instead of re-listing the
fields by hand.

The methods one part calls in another are declared at the end for the type checker only (they
do not exist at run time: the parts define them); mypy checks that each part's definition
matches its declaration.
"""

from __future__ import annotations

import random
from abc import abstractmethod
from collections.abc import Mapping
from typing import TYPE_CHECKING, Annotated, Any, Self

from rules.core.engine import GameState
from rules.core.fields import COPY_ON_WRITE, DATA, EACH, EACH_VALUE, FIXED, SHALLOW, Copy, Declared, copy_rng
from rules.spellbound.board import BoardIndex, LadderItem, Permanent, Side
from rules.spellbound.compiler import CardDef, Effect

if TYPE_CHECKING:
    from rules.core.engine import Action

#: a value worked out from the other fields and checked before each use (``index``): the copy
#: starts without it and works its own out again (the source's holds the source's permanents)
REBUILT = Copy("REBUILT", "None")

#: a decision waiting (actions.py): ``("target", seat, item uid)``, ``("discard", seat, left,
#: reason)``, ``("pick", seat, division)`` or ``("declare", seat)``
Pending = tuple[Any, ...]


class SpellboundBase(Declared, GameState):
    """The fields of a Spellbound game (besides ``GameState``'s: seats, seed, turn, event log,
    outcome, turn limit, step)."""

    # the cards: compiled with the game, never changed by it
    cards: Annotated[dict[str, CardDef], FIXED]  # name -> its definition
    # the battlefield
    next_uid: int  # the last uid given to a card on the battlefield or the Ladder
    board: Annotated[dict[int, Permanent], EACH_VALUE]  # changed only by add_permanent and leave
    board_changes: int  # how many times a card entered or left the battlefield
    board_index: Annotated[BoardIndex | None, REBUILT]  # see ``index``
    bounder_uids: tuple[int, ...]  # per seat: bounders and soul ponds never leave the battlefield
    pond_uids: tuple[int, ...]
    # the Ladder, priority and what must be decided
    ladder: Annotated[list[LadderItem], EACH]  # the top is the end of the list
    pending: Annotated[list[Pending], SHALLOW]  # decisions waiting, first one first
    battles: Annotated[list[tuple[int, str]], SHALLOW]  # declared battlers (uid) and their targets this turn
    priority: int | None  # the seat with priority, None between steps
    passes: int  # passes in succession
    actions_this_turn: int
    # the turn
    first: int  # the seat that went first
    active: int  # whose turn it is
    cleaned_up: bool  # the janitor step's "until end of turn" effects have ended
    # the players
    sides: Annotated[list[Side], EACH]
    stats: Annotated[list[dict[str, Any]], DATA]  # per seat (``EngineSpec.counters``): drawn, cast, ...
    # the game's RNG (used at setup only), shared by a clone and its source until one of them asks
    # for it (``rng``): copying its state would cost as much as the rest of a clone
    _rng: Annotated[random.Random, COPY_ON_WRITE]
    rng_shared: bool

    @property  # GameState's plain field, here copied on write
    def rng(self) -> random.Random:
        """The game's RNG. A clone and its source share one until either asks for it: then that
        one gets its own copy, in the state the RNG had when the clone was made."""
        if self.rng_shared:
            self._rng = copy_rng(self._rng)
            self.rng_shared = False
        return self._rng

    @rng.setter
    def rng(self, value: random.Random) -> None:
        self._rng, self.rng_shared = value, False

    def clone(self) -> Self:
        """An independent copy, each field copied as declared here (``rules/core/fields.py``);
        the RNG shared until either side asks for it."""
        self.rng_shared = True
        return self.copy()

    if TYPE_CHECKING:
        # -- state.py ------------------------------------------------------------------------------
        @abstractmethod
        def new_uid(self) -> int: ...
        @abstractmethod
        def add_permanent(self, name: str, controller: int, owner: int | None = None,
                          uid: int | None = None) -> Permanent: ...
        @abstractmethod
        def card(self, name: str) -> CardDef: ...
        @abstractmethod
        def permanent(self, ref: str | int | None) -> Permanent | None: ...
        @abstractmethod
        def on_board(self, ref: str | int) -> Permanent: ...
        @abstractmethod
        def index(self) -> BoardIndex: ...
        @abstractmethod
        def permanents(self, seat: int | None = None, kind: str | None = None) -> list[Permanent]: ...
        @abstractmethod
        def creatures(self, seat: int | None = None) -> list[Permanent]: ...
        @abstractmethod
        def bounder(self, seat: int) -> Permanent: ...
        @abstractmethod
        def pond(self, seat: int) -> Permanent: ...
        @abstractmethod
        def attachments(self, uid: int) -> list[Permanent]: ...
        @abstractmethod
        def aura(self) -> Permanent | None: ...
        @abstractmethod
        def count(self, seat: int, counter: str, name: str) -> None: ...

        # -- actions.py ------------------------------------------------------------------------------
        @abstractmethod
        def options_for(self, pending: Pending) -> list[Action]: ...
        @abstractmethod
        def next_level_cost(self, seat: int) -> Mapping[str, int] | None: ...

        # -- turn.py ---------------------------------------------------------------------------------
        @abstractmethod
        def run(self) -> None: ...
        @abstractmethod
        def start_turn(self) -> None: ...
        @abstractmethod
        def draw(self, seat: int, amount: int) -> None: ...

        # -- ladder.py -------------------------------------------------------------------------------
        @abstractmethod
        def in_own_casting_phase(self, seat: int) -> bool: ...
        @abstractmethod
        def may_cast(self, seat: int, name: str) -> bool: ...
        @abstractmethod
        def spell_targets(self, seat: int, name: str, item_uid: int | None) -> list[str]: ...
        @abstractmethod
        def cast(self, seat: int, name: str) -> None: ...
        @abstractmethod
        def soul_abilities(self, seat: int) -> list[tuple[Permanent, int, Effect]]: ...
        @abstractmethod
        def activate(self, seat: int, uid: int, number: int) -> None: ...
        @abstractmethod
        def acted(self, seat: int) -> None: ...
        @abstractmethod
        def pass_priority(self, seat: int) -> None: ...
        @abstractmethod
        def item_effect(self, item: LadderItem) -> Effect: ...
        @abstractmethod
        def fire_step_triggers(self, step: str) -> None: ...
        @abstractmethod
        def check_state(self) -> None: ...

        # -- souls.py --------------------------------------------------------------------------------
        @abstractmethod
        def gain_souls(self, seat: int, soul: str, amount: int) -> None: ...
        @abstractmethod
        def convert_options(self, perm: Permanent) -> list[tuple[int, str, int]]: ...
        @abstractmethod
        def can_convert(self, perm: Permanent, seat: int) -> bool: ...
        @abstractmethod
        def flip_convert(self, perm: Permanent, effect_index: int) -> None: ...
        @abstractmethod
        def can_pay(self, seat: int, cost: Mapping[str, int]) -> bool: ...
        @abstractmethod
        def pay(self, seat: int, cost: Mapping[str, int]) -> dict[str, int]: ...

        # -- battle.py -------------------------------------------------------------------------------
        @abstractmethod
        def battlers_available(self, seat: int) -> bool: ...
        @abstractmethod
        def declare_options(self, seat: int) -> list[tuple[str, str]]: ...
        @abstractmethod
        def declare(self, seat: int, battler: str, target: str) -> None: ...
        @abstractmethod
        def finish_declaring(self, seat: int) -> None: ...
        @abstractmethod
        def deal_battle_damage(self) -> None: ...

        # -- effects.py ------------------------------------------------------------------------------
        @abstractmethod
        def target_options(self, kind: str, seat: int, effect: Effect | None = None,
                           item_uid: int | None = None) -> list[str]: ...
        @abstractmethod
        def run_op(self, op: Mapping[str, Any], seat: int, source: int | None, chosen: str | None,
                   context: dict[str, Any], effect: Effect) -> None: ...
        @abstractmethod
        def move_from_graveyard(self, seat: int, name: str) -> None: ...
        @abstractmethod
        def raise_pond(self, seat: int) -> None: ...
        @abstractmethod
        def leave(self, perm: Permanent, zone: str, destroyed: bool = False) -> None: ...
        @abstractmethod
        def add_trigger(self, name: str, controller: int, effect: Effect, source: int | None,
                        context: dict[str, Any], origin: int | None = None) -> None: ...

        # -- stats.py --------------------------------------------------------------------------------
        @abstractmethod
        def max_health(self, perm: Permanent, statics: list | None = None) -> int: ...
        @abstractmethod
        def health(self, perm: Permanent) -> int: ...
        @abstractmethod
        def attack(self, perm: Permanent) -> int: ...
        @abstractmethod
        def keywords(self, perm: Permanent) -> set[str]: ...
        @abstractmethod
        def fatigued(self, perm: Permanent) -> bool: ...
        @abstractmethod
        def creature_limit(self, seat: int) -> int: ...
        @abstractmethod
        def free_item_slot(self, creature: Permanent, subdivision: str) -> bool: ...

        # -- view.py ---------------------------------------------------------------------------------
        @abstractmethod
        def current_players(self) -> list[int]: ...
        @abstractmethod
        def legal_actions(self, player: int) -> list[Action]: ...
