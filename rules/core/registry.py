"""Find every game package under ``rules/`` and hand out its :class:`GameSpec`.

A game package is any subpackage of ``rules`` (other than ``core``) whose ``__init__``
exposes ``GAME``. Adding a sixth game means adding such a package; nothing else changes.
"""

from __future__ import annotations

import importlib
import pkgutil
from dataclasses import dataclass
from functools import lru_cache
from typing import TYPE_CHECKING

import rules
from rules.core.construction_spec import ConstructionSpec
from rules.core.decks import DeckList
from rules.core.schema import GameSpec

if TYPE_CHECKING:  # the engine module is the registry's client, not its dependency
    from rules.core.engine import EngineSpec


class UnknownGame(LookupError):
    def __init__(self, slug: str):
        super().__init__(f"unknown game {slug!r}; known games: {', '.join(game_slugs())}")
        self.slug = slug


@lru_cache(maxsize=1)
def _games() -> dict[str, GameSpec]:
    found: dict[str, GameSpec] = {}
    for info in pkgutil.iter_modules(rules.__path__):
        if not info.ispkg or info.name == "core":
            continue
        module = importlib.import_module(f"rules.{info.name}")
        spec = getattr(module, "GAME", None)
        if isinstance(spec, GameSpec):
            found[spec.slug] = spec
    return dict(sorted(found.items(), key=lambda item: item[1].name.lower()))


def all_games() -> list[GameSpec]:
    return list(_games().values())


def game_slugs() -> list[str]:
    return list(_games())


def get_game(slug: str) -> GameSpec:
    try:
        return _games()[slug]
    except KeyError:
        raise UnknownGame(slug) from None


class UnknownMode(LookupError):
    """A deckless mode the game does not declare (``EngineSpec.deckless_modes``)."""

    def __init__(self, slug: str, mode: str, known: list[str]):
        super().__init__(f"{slug} has no mode {mode!r} that needs no decks"
                         + (f"; its deckless modes: {', '.join(known)}" if known else "; it declares none"))
        self.slug, self.mode, self.known = slug, mode, known


def get_engine(slug: str, mode: str | None = None):
    """The game's rules engine (``rules/<game>/engine.py``'s ``ENGINE``), or None if it has none yet.

    With ``mode``: the engine of one of the game's deckless modes (``ENGINE.deckless_modes[mode]``:
    Millennium Blades' ``"full-game"``); :class:`UnknownMode` when the game declares no such mode."""
    get_game(slug)
    try:
        module = importlib.import_module(f"rules.{slug}.engine")
    except ModuleNotFoundError as exc:
        if exc.name == f"rules.{slug}.engine":
            return None
        raise
    engine = getattr(module, "ENGINE", None)
    if mode is None:
        return engine
    declared = dict(engine.deckless_modes) if engine is not None else {}
    if mode not in declared:
        raise UnknownMode(slug, mode, sorted(declared))
    return declared[mode]


def deckless_mode_of(engine) -> str | None:
    """The name under which ``engine`` is one of its game's deckless modes, or None (the game's
    own engine, or a spec the registry does not hold: a test's toy)."""
    try:
        main = get_engine(engine.game)
    except UnknownGame:
        return None
    if main is None or main is engine:
        return None
    return next((name for name, spec in main.deckless_modes.items() if spec is engine), None)


def deckless_modes() -> dict[str, list[str]]:
    """Every deckless mode any registered engine declares, with the games that declare it (the
    ``simulate`` command's ``--mode`` choices)."""
    out: dict[str, list[str]] = {}
    for slug in game_slugs():
        engine = get_engine(slug)
        for name in engine.deckless_modes if engine is not None else ():
            out.setdefault(name, []).append(slug)
    return dict(sorted(out.items()))


@dataclass(frozen=True)
class PlayMode:
    """One way a registered game is played: its deck engine (``mode`` None, on saved decks) or one
    of its deckless modes (``EngineSpec.deckless_modes``: Millennium Blades' whole game, duel and
    turn-based game, on placeholder decks). The conformance suite, the view-schema tests and the
    golden playthroughs iterate these, so a mode a game declares is covered by all three."""

    game: str
    mode: str | None
    engine: EngineSpec

    @property
    def label(self) -> str:
        return f"{self.game}-{self.mode}" if self.mode else self.game

    @property
    def deckless(self) -> bool:
        return self.mode is not None

    def placeholder_decks(self, seats: int) -> list[DeckList]:
        """One empty deck per seat: what a deckless mode's ``new_game`` is given (it reads only their
        number)."""
        return [DeckList(game=self.game, name=f"Seat {seat + 1}") for seat in range(seats)]


def play_modes() -> list[PlayMode]:
    """Every registered game's engine, then each of its deckless modes by name, game by game."""
    out: list[PlayMode] = []
    for slug in game_slugs():
        engine = get_engine(slug)
        if engine is None:
            continue
        out.append(PlayMode(slug, None, engine))
        out += [PlayMode(slug, name, spec) for name, spec in sorted(engine.deckless_modes.items())]
    return out


def get_construction(slug: str) -> ConstructionSpec | None:
    """The game's declared deck construction (``rules/<game>/construction.py``'s ``CONSTRUCTION``),
    or None for a game without a construction module. A module that declares none is a mistake
    of the game's package: TypeError, naming it."""
    get_game(slug)
    try:
        module = importlib.import_module(f"rules.{slug}.construction")
    except ModuleNotFoundError as exc:
        if exc.name == f"rules.{slug}.construction":
            return None
        raise
    spec = getattr(module, "CONSTRUCTION", None)
    if not isinstance(spec, ConstructionSpec):
        raise TypeError(f"rules/{slug}/construction.py must declare CONSTRUCTION, a ConstructionSpec")
    return spec
