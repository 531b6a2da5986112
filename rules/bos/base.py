"""``BosBase``: every field of a BOS game, declared once with its type and how a copy copies it.

The game state is one class (:class:`~rules.bos.state.BosState`) written in parts: the verbs
(actions.py), the stack (resolve.py), the phases (turn.py), battles (battle.py), effects
(effects.py) and the view (view.py). Each part is a mixin on this base, so a type checker (and a
reader) finds every attribute here, and ``clone`` is derived from these declarations
(``rules/core/fields.py``) instead of re-listing the fields by hand.

The methods one part calls in another are declared at the end for the type checker only (they
do not exist at run time: the parts define them); mypy checks that each part's definition
matches its declaration.
"""

from __future__ import annotations

from abc import abstractmethod
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Annotated, Literal

from rules.bos.abilities import CardDef
from rules.bos.board import Side, Unit
from rules.bos.frames import Frame
from rules.core.decks import CardSpec
from rules.core.engine import GameState
from rules.core.fields import DATA, EACH, FIXED, SHALLOW, Declared

if TYPE_CHECKING:
    from collections.abc import Mapping

    from rules.bos.abilities import Ability, Target
    from rules.bos.frames import Attack, Defeat, Run, Trigger
    from rules.bos.resolve import Decision
    from rules.core.engine import Action

#: what an effect may affect: a unit, a wizard as ``(seat, column)``, or a player (a seat)
Thing = Unit | tuple[int, int] | int


@dataclass(slots=True)
class Stats(Declared):
    """One seat's statistics (``EngineSpec.counters``; ``games_won`` is the match's own)."""

    conducted: Annotated[dict[str, int], SHALLOW] = field(default_factory=dict)  # per summon: copies conducted
    cast: Annotated[dict[str, int], SHALLOW] = field(default_factory=dict)  # per spell: copies cast
    boss: int = 0  # 1 once the boss was turned face-up
    bid: int = 0  # the last bid
    ether_won: int = 0  # ether gained by losing the bid
    decays: int = 0


class BosBase(Declared, GameState):
    """The fields of a BOS game (besides ``GameState``'s: seats, seed, RNG, turn, event log, outcome)."""

    # the options the game was started with
    competitive: bool  # the ether bid (True) or rock-paper-scissors
    max_bid: int
    tie_chooser: int  # who decides after the last tied bid or throw
    reserve_swaps: bool  # reserves are swapped before the game (games 2+ of a match)
    boss_revealed: bool  # bosses were revealed at the greeting
    # the cards: built with the game, never changed by it
    cards: Annotated[dict[str, CardDef], FIXED]  # the compiled definition of every card in the game
    specs: Annotated[dict[str, CardSpec], FIXED]  # the cards as the decks gave them
    initial_cards: Annotated[list[tuple[str, ...]], SHALLOW]  # per seat, its deck and reserves at the start
    # the table
    sides: Annotated[list[Side], EACH]
    stack: Annotated[list[Frame], EACH]  # what is resolving, the top last
    next_uid: int  # the last uid given to a unit
    # whose move it is
    phase: str  # a phase of constants.py
    active: int  # whose turn it is
    first: int  # the seat that went first
    chooser: int  # who decides who goes first
    bids: Annotated[list[list[int]], DATA]  # every bidding round, [seat 0, seat 1]
    throws: Annotated[list[list[str]], DATA]  # every rock-paper-scissors round
    swap_done: Annotated[list[bool], SHALLOW]  # per seat: done swapping reserves
    to_arrange: Annotated[list[int], SHALLOW]  # the seats still to put their wizards in columns
    arranging: int  # the seat putting its wizards in columns
    actions_this_turn: int
    stats: Annotated[list[Stats], EACH]  # per seat
    _in_continuous: bool  # continuous gains are being added up (effects.py: no recursion)

    if TYPE_CHECKING:
        # -- state.py ------------------------------------------------------------------------------
        @abstractmethod
        def _new_uid(self) -> int: ...
        @abstractmethod
        def _run(self, settled: bool = False) -> None: ...
        @abstractmethod
        def _settle(self) -> bool: ...
        @abstractmethod
        def place(self, unit: Unit) -> str: ...
        @abstractmethod
        def push_batch(self, triggers: list[Trigger]) -> None: ...
        @abstractmethod
        def strength(self, unit: Unit) -> int: ...
        @abstractmethod
        def unit(self, uid: int | None) -> Unit | None: ...
        @abstractmethod
        def unit_at(self, ref: str) -> Unit | None: ...
        @abstractmethod
        def limbo_unit(self, uid: int | None) -> Unit | None: ...
        @abstractmethod
        def all_units(self) -> list[Unit]: ...
        @abstractmethod
        def count(self, seat: int, counter: Literal["conducted", "cast"], name: str) -> None: ...

        # -- resolve.py and actions.py ---------------------------------------------------------------
        @abstractmethod
        def decision(self) -> Decision | None: ...
        @abstractmethod
        def moves_frames_only(self, frame: Frame) -> bool: ...
        @abstractmethod
        def step_frame(self, frame: Frame) -> None: ...
        @abstractmethod
        def lookup(self, word: str) -> Thing | None: ...
        @abstractmethod
        def sources(self, seat: int) -> list[tuple[str, Trigger]]: ...

        # -- effects.py ------------------------------------------------------------------------------
        @abstractmethod
        def ability(self, card: str, index: int) -> Ability: ...
        @abstractmethod
        def amount(self, op: Mapping, controller: int) -> int: ...
        @abstractmethod
        def holds(self, pred: tuple, controller: int) -> bool: ...
        @abstractmethod
        def continuous_gain(self, unit: Unit) -> int: ...
        @abstractmethod
        def blocks_anywhere(self, unit: Unit) -> bool: ...
        @abstractmethod
        def phase_triggers(self, timing: str) -> list[Trigger]: ...
        @abstractmethod
        def unit_triggers(self, timing: str, unit: Unit, battled: int | None = None) -> list[Trigger]: ...
        @abstractmethod
        def candidates(self, run: Run, target: Target) -> list[Thing]: ...
        @abstractmethod
        def word(self, thing: Thing) -> str: ...
        @abstractmethod
        def run_op(self, run: Run, op: Mapping, chosen: list) -> None: ...
        @abstractmethod
        def lose_life(self, seat: int, amount: int, card: str) -> None: ...
        @abstractmethod
        def conduct_free(self, seat: int, name: str, column: int, card: str) -> Unit: ...
        @abstractmethod
        def discard_spell(self, seat: int, name: str, card: str) -> None: ...

        # -- battle.py -------------------------------------------------------------------------------
        @abstractmethod
        def attacker_word(self, unit: Unit) -> str: ...
        @abstractmethod
        def attack_actions(self, seat: int) -> list[Action]: ...
        @abstractmethod
        def declare_attack(self, seat: int, attacker: Unit, target: str) -> None: ...
        @abstractmethod
        def blockers(self, frame: Attack) -> list[Unit]: ...
        @abstractmethod
        def block(self, frame: Attack, blocker: Unit) -> None: ...
        @abstractmethod
        def step_attack(self, frame: Attack) -> None: ...
        @abstractmethod
        def step_defeat(self, frame: Defeat) -> None: ...
        @abstractmethod
        def defeat(self, units: list[Unit]) -> None: ...

        # -- turn.py ---------------------------------------------------------------------------------
        @abstractmethod
        def phase_players(self) -> list[int]: ...
        @abstractmethod
        def set_phase(self, phase: str) -> None: ...
        @abstractmethod
        def resolve_bids(self, bids: list[int]) -> None: ...
        @abstractmethod
        def resolve_throws(self, throws: list[str]) -> None: ...
        @abstractmethod
        def choose_first(self, seat: int, go_first: bool) -> None: ...
        @abstractmethod
        def start_arranging(self) -> None: ...
        @abstractmethod
        def arrange(self, seat: int, names: tuple[str, ...]) -> None: ...
        @abstractmethod
        def advance_phase(self) -> bool: ...
        @abstractmethod
        def end_main_phase(self) -> None: ...
