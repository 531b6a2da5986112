"""The golden games: which are played and their text.

For every registered play mode (``rules.core.registry.play_modes``: each game's deck engine, on its
sample decks, and each deckless mode, on placeholder decks), :data:`GAMES_EACH` seeded games at
the smallest table of two or more seats: a greedy agent against random ones (game 1 greedy in seat
0, game 2 in seat 1), the first :data:`MAX_MOVES` moves. The text is the engine's version, then
every event of the log (one line each, its changes as JSON) with each move before the events it
caused, then how the game stood at the end.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path

from rules.core.decks import DeckList
from rules.core.engine import EngineSpec, Event
from rules.core.play import build_agent, choose_move, derive_seed
from rules.core.registry import PlayMode, get_engine, play_modes
from tests.rules.samples import GamePool

FOLDER = Path(__file__).resolve().parent
GAMES_EACH = 2
MAX_MOVES = 120
COMMAND = ".venv/bin/python -m tests.rules.golden.regenerate"


@dataclass(frozen=True)
class Playthrough:
    """One golden game: a game's engine (``mode`` None) or one of its deckless modes, game ``n``."""

    game: str
    mode: str | None
    n: int

    @property
    def name(self) -> str:
        return f"{self.game}{'-' + self.mode if self.mode else ''}-{self.n}"

    @property
    def path(self) -> Path:
        return FOLDER / f"{self.name}.txt"

    @property
    def engine(self) -> EngineSpec:
        return get_engine(self.game, self.mode)

    def where_versioned(self) -> str:
        """The module whose ``VERSION`` the engine (or mode) reports."""
        return self.engine.new_game.__module__.replace(".", "/") + ".py"


def playthroughs() -> list[Playthrough]:
    """:data:`GAMES_EACH` games of every registered play mode (``rules.core.registry.play_modes``)."""
    return [Playthrough(mode.game, mode.mode, n) for mode in play_modes() for n in range(1, GAMES_EACH + 1)]


def _decks(case: Playthrough, seats: int) -> list[DeckList]:
    if case.mode is not None:
        return PlayMode(case.game, case.mode, case.engine).placeholder_decks(seats)
    samples = GamePool(case.game).sample_decks()
    return [samples[(case.n - 1 + seat) % len(samples)] for seat in range(seats)]


def _event_line(event: Event) -> str:
    changes = json.dumps(event.as_dict()["changes"], sort_keys=True, ensure_ascii=False, default=str)
    player = "-" if event.player is None else event.player
    return f"  t{event.turn} p{player} {event.step or '-'} {event.action} {changes}"


def play(case: Playthrough) -> str:
    """The game's text, played now by the engine as it is."""
    engine = case.engine
    seats = min(n for n in engine.seat_counts() if n >= 2)
    seed = derive_seed("golden", case.game, case.mode or "", case.n)
    decks = _decks(case, seats)
    names = ["greedy" if seat == (case.n - 1) % seats else "random" for seat in range(seats)]
    agents = [build_agent(name, derive_seed(seed, "agent", seat), engine) for seat, name in enumerate(names)]
    state = engine.start(decks, seed)
    lines = [f"# golden playthrough {case.name}: regenerate with `{COMMAND}`",
             f"version: {engine.version}",
             f"seed: {seed}",
             *(f"seat {seat}: {names[seat]} with {deck.name}" for seat, deck in enumerate(decks))]
    logged = 0
    moves = 0
    while not state.is_over and moves < MAX_MOVES:
        lines += [_event_line(e) for e in state.events[logged:]]
        logged = len(state.events)
        move = choose_move(state, agents)
        lines.append("move " + "; ".join(f"seat {seat}: {action}" for seat, action in sorted(move.items())))
        state.apply_move(move)
        moves += 1
    lines += [_event_line(e) for e in state.events[logged:]]
    if state.outcome is not None:
        lines.append(f"end after {moves} moves: {json.dumps(state.outcome.as_dict(), sort_keys=True)}")
    else:
        lines.append(f"stopped after {moves} moves (turn {state.turn})")
    return "\n".join(lines) + "\n"


def recorded_version(text: str) -> str | None:
    """The engine version a golden file was written by."""
    for line in text.splitlines()[:3]:
        if line.startswith("version: "):
            return line[len("version: "):]
    return None
