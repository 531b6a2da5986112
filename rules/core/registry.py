"""Find every game package under ``rules/`` and hand out its :class:`GameSpec`.

A game package is any subpackage of ``rules`` (other than ``core``) whose ``__init__``
exposes ``GAME``. Adding a sixth game means adding such a package; nothing else changes.
"""

from __future__ import annotations

import importlib
import pkgutil
from functools import lru_cache

import rules
from rules.core.schema import GameSpec


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


def get_engine(slug: str):
    """The game's rules engine (``rules/<game>/engine.py``'s ``ENGINE``), or None if it has none yet."""
    get_game(slug)
    try:
        module = importlib.import_module(f"rules.{slug}.engine")
    except ModuleNotFoundError as exc:
        if exc.name == f"rules.{slug}.engine":
            return None
        raise
    return getattr(module, "ENGINE", None)


def get_construction(slug: str):
    """The game's deck construction module (``rules/<game>/construction.py``), or None."""
    get_game(slug)
    try:
        return importlib.import_module(f"rules.{slug}.construction")
    except ModuleNotFoundError as exc:
        if exc.name == f"rules.{slug}.construction":
            return None
        raise
