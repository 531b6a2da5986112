"""The host's card database, as plain data an engine may read (no Django here).

Why: an engine that deals from a game's whole card pool instead of from decks (Millennium Blades'
whole game: its Store sets, promo piles and starter decks) must see the sets a user imported, not
only the game's fixture. The host registers a *source* once (the web workshop does in
``cardpool/apps.py``): ``source(game) -> data | None``, where ``data`` is the fixture format
(``{"sets": [...], "cards": [...]}``, docs/fixture-format.md) plus ``"version"`` (a string that
changes whenever the game's cards or sets change, so readers may keep what they built from it) and,
per card, ``"playable"`` and ``"unplayable_reason"`` (the card database's ``Card.playable``: the
card's text did not compile into effects). Without a source (plain Python, the rules' own tests)
:func:`game_data` is None and the engine reads its fixture.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from contextlib import contextmanager

Source = Callable[[str], "dict | None"]
_source: Source | None = None


def set_source(source: Source | None) -> Source | None:
    """Register the host's source (None: none); returns the one it replaces."""
    global _source
    previous, _source = _source, source
    return previous


def game_data(game: str) -> dict | None:
    """The host's cards of ``game`` (see the module docstring), or None without a source."""
    return _source(game) if _source is not None else None


@contextmanager
def without_source() -> Iterator[None]:
    """No source while the block runs (engines read their fixtures): tests without a database."""
    previous = set_source(None)
    try:
        yield
    finally:
        set_source(previous)
