"""The conformance suite's checks (``test_conformance.py``) over **random legal decks**.

``RANDOM_DECK_GAMES`` games per engine (default 120; tests/sweeps.py), every seat count in turn: each seat gets a
fresh deck that the game's ``random_legal_deck(pool, rng)`` (``rules/<game>/construction.py``)
draws from the whole card pool and the validator accepts. Most rule defects the outside audits
found (issue 29) never show with the sample decks alone. A file of its own, so that the test
runner's workers play it beside the sample-deck tables.
"""

from __future__ import annotations

import random

import pytest

from rules.core.construction import validate_deck
from rules.core.engine import EngineSpec
from rules.core.registry import game_slugs, get_construction, get_engine
from tests.rules.core.test_conformance import REPEAT_EVERY, Table, _play_and_repeat
from tests.rules.samples import GamePool
from tests.sweeps import sweep

RANDOM_DECK_GAMES = sweep(120, "CONFORMANCE_RANDOM_DECK_GAMES")

ENGINES = [get_engine(slug) for slug in game_slugs() if get_engine(slug) is not None]


def random_legal_decks(engine: EngineSpec, seats: int, rng: random.Random) -> tuple:
    """``seats`` decks drawn from the game's whole card pool, each checked by the validator."""
    pool = GamePool(engine.game).pool
    decks = tuple(get_construction(engine.game).random_legal_deck(pool, rng) for _ in range(seats))
    for deck in decks:
        assert not validate_deck(deck), f"random_legal_deck built an illegal deck: {validate_deck(deck)}"
    return decks


@pytest.mark.parametrize("engine", ENGINES, ids=lambda e: e.game)
def test_random_legal_decks_keep_the_protocol(engine):
    """Every check above, at every seat count in turn, with fresh decks drawn from the whole pool
    for every game (issue 29: "decks built by the validator from the whole pool, not only the
    sample decks")."""
    seat_counts = list(engine.seat_counts())
    rng = random.Random(f"random-legal-decks-{engine.game}")
    simultaneous = 0
    for game in range(RANDOM_DECK_GAMES):
        table = Table(engine, random_legal_decks(engine, seat_counts[game % len(seat_counts)], rng))
        simultaneous += _play_and_repeat(table, 20_000 + game, checks=game % 3 == 0,
                                         repeat=game % REPEAT_EVERY == 0)
    if not engine.simultaneous_moves:
        assert not simultaneous, "several seats acted at once in a game that does not declare simultaneous moves"


def test_random_legal_decks_differ_and_are_legal():
    """The sweep's decks vary from game to game (a builder that always returned one deck would
    make the sweep a second run of the sample decks)."""
    for engine in ENGINES:
        rng = random.Random(1)
        decks = [random_legal_decks(engine, 1, rng)[0] for _ in range(5)]
        contents = {tuple(sorted((e.card.name, e.qty) for e in d.entries())) for d in decks}
        assert len(contents) > 1, f"{engine.game}: random_legal_deck gave the same deck five times"
