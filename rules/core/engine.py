"""The engine protocol every game implements (ARCHITECTURE.md, after OpenSpiel and python-chess).

A game state knows who acts, the legal actions, how to apply one, whether the game is over and
its outcome, what each player may see, how to copy itself, and its event log. Randomness comes
only from the seeded RNG carried in the state; agents get their own seeded RNG and an iteration
budget. ``apply`` trusts its input and is fast; legality is checked once, at the boundary
(``apply_checked``).

The core knows no game: Boundless, Spellbound, ... each subclass :class:`GameState` in
``rules/<game>/engine.py`` and register a :class:`EngineSpec` as ``ENGINE`` in that module.
"""

from __future__ import annotations

import random
from abc import ABC, abstractmethod
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from enum import Enum, StrEnum
from typing import Any

from rules.core.decks import DeckList


# -- actions ----------------------------------------------------------------------------------------
@dataclass(frozen=True, slots=True)
class Action:
    """A small immutable move: a verb and positional arguments (ints or single words).

    Text form: ``"verb arg1 arg2"``; ``Action.parse(str(a)) == a``.
    """

    verb: str
    args: tuple[int | str, ...] = ()

    def __str__(self) -> str:
        return " ".join([self.verb, *map(str, self.args)])

    @classmethod
    def parse(cls, text: str) -> Action:
        parts = text.split()
        if not parts:
            raise ValueError("empty action text")
        return cls(parts[0], tuple(int(p) if p.lstrip("-").isdigit() else p for p in parts[1:]))


# -- outcome ------------------------------------------------------------------------------------------
class EndReason(StrEnum):
    """Why a game ended. Games use these values (and may add their own strings)."""

    SPIRITS_IN_VOID = "spirits_in_void"  # Boundless: 7 or more spirits in the void
    DECK_OUT = "deck_out"  # could not draw when required
    LIFE_ZERO = "life_zero"  # life / health reduced to 0
    FEWER_THAN_TWO = "fewer_than_two"  # FellBound: fewer than two living characters
    TOURNAMENT_END = "tournament_end"  # Millennium Blades: nobody can play
    ALTERNATE_WIN = "alternate_win"  # a card's own win condition
    CONCEDE = "concede"
    TURN_LIMIT = "turn_limit"  # the core's cap on runaway games: always a draw


@dataclass(frozen=True)
class Outcome:
    winners: tuple[int, ...]  # empty for a draw
    reason: str

    @property
    def is_draw(self) -> bool:
        return not self.winners

    def as_dict(self) -> dict:
        return {"winners": list(self.winners), "draw": self.is_draw, "reason": str(self.reason)}


# -- event log ------------------------------------------------------------------------------------------
@dataclass(frozen=True, slots=True)
class Event:
    """One thing that happened: who did what in which turn and step, and what changed."""

    turn: int
    player: int | None
    step: str
    action: str  # the action's text form, or an automatic event name ("draw_step", "shuffle")
    changes: tuple[tuple[str, Any], ...] = ()

    def as_dict(self) -> dict:
        return {"turn": self.turn, "player": self.player, "step": self.step, "action": self.action,
                "changes": {k: v for k, v in self.changes}}


class IllegalAction(ValueError):
    """Raised at the boundary when an action is not among the legal ones."""


# -- state ------------------------------------------------------------------------------------------
class GameState(ABC):
    """The protocol. Subclasses keep all their randomness in ``self.rng``."""

    #: ends a runaway game as a draw with reason ``turn_limit``; each game sets its own cap
    turn_limit: int = 200

    def __init__(self, num_players: int, seed: int):
        self.num_players = num_players
        self.seed = seed
        self.rng = random.Random(seed)
        self.turn = 0
        self.events: list[Event] = []
        self.log_events = True
        self._outcome: Outcome | None = None

    # who moves
    @abstractmethod
    def current_players(self) -> Sequence[int]:
        """Players who must act now; several for a simultaneous secret choice; empty when over."""

    @abstractmethod
    def legal_actions(self, player: int) -> list[Action]:
        """Every action ``player`` may take now (never empty while the player must act)."""

    @abstractmethod
    def apply(self, action: Action, player: int) -> None:
        """Apply a legal action in place. Trusts its input: check with ``apply_checked``."""

    @abstractmethod
    def view(self, player: int | None) -> dict:
        """What ``player`` may see (``None``: everything), as JSON-able data. Never more."""

    @abstractmethod
    def clone(self) -> GameState:
        """An independent copy, RNG state included."""

    # information sets, for search agents
    def determinize(self, player: int, rng: random.Random) -> GameState:
        """A clone in which what ``player`` cannot see is redealt at random from what is consistent.

        Games without hidden information (BOS) return a plain clone.
        """
        return self.clone()

    # ending
    @property
    def is_over(self) -> bool:
        return self._outcome is not None

    @property
    def outcome(self) -> Outcome | None:
        return self._outcome

    def end(self, winners: Sequence[int], reason: str) -> None:
        if self._outcome is None:
            self._outcome = Outcome(tuple(sorted(winners)), str(reason.value if isinstance(reason, Enum) else reason))
            self.log("game_end", None, winners=list(self._outcome.winners), reason=self._outcome.reason)

    def check_turn_limit(self) -> bool:
        """Call at each new turn: past the cap the game is a draw (reason ``turn_limit``)."""
        if self.turn > self.turn_limit and self._outcome is None:
            self.end((), EndReason.TURN_LIMIT)
            return True
        return False

    # log
    step_name: str = ""

    def log(self, action: str, player: int | None, **changes: Any) -> None:
        if self.log_events:
            self.events.append(Event(self.turn, player, self.step_name, action, tuple(changes.items())))

    # boundary
    def apply_checked(self, action: Action, player: int) -> None:
        if self.is_over:
            raise IllegalAction("the game is over")
        if player not in self.current_players():
            raise IllegalAction(f"player {player} is not to act")
        if action not in self.legal_actions(player):
            raise IllegalAction(f"{action} is not legal for player {player}")
        self.apply(action, player)

    # statistics every mode reports
    def card_stats(self) -> dict[int, dict[str, dict[str, int]]]:
        """Per player: {"drawn": {name: count}, "played": {name: count}}. Games override."""
        return {p: {"drawn": {}, "played": {}} for p in range(self.num_players)}

    def mulligans(self) -> dict[int, int]:
        return {p: 0 for p in range(self.num_players)}


@dataclass(frozen=True)
class EngineSpec:
    """What the registry needs to run a game: how to build a state from decks and a seed."""

    game: str
    version: str
    new_game: Callable[..., GameState]  # new_game(decks: list[DeckList], seed: int, **options)
    evaluate: Callable[[GameState, int], float] | None = None  # for greedy/search agents
    min_players: int = 2
    max_players: int = 2
    goldfish_opponent: Callable[[], DeckList] | None = None
    options: dict = field(default_factory=dict)

    def start(self, decks: list[DeckList], seed: int, **options: Any) -> GameState:
        if not self.min_players <= len(decks) <= self.max_players:
            raise ValueError(f"{self.game} is played by {self.min_players}-{self.max_players} players")
        return self.new_game(decks, seed, **options)
