"""The Store's shuffle, done as its cards are needed ("GAME SETUP": the sets "Shuffle[d] ...
together to form the Store").

A tournament shuffles two hundred Store cards and mostly draws a few off the top (a clash reveals
one a player). So setup only marks the Store unshuffled (``defer_store_shuffle``); a draw from the
top (``draw_store_top``) puts the card it takes into its place first, and anything else that reads
the Store (``MBBase.store``) finishes the shuffle. Both are the steps of CPython's
``random.shuffle`` (Fisher-Yates from the top down), drawn from a generator of the Store's own,
forked from the game's at setup: the order the Store ends up in does not depend on when the steps
are taken, so looking at the Store (a view, a replay, a search) never changes a game.
"""

from __future__ import annotations

from functools import lru_cache
from typing import TYPE_CHECKING

from rules.core.fields import ForkedRng

if TYPE_CHECKING:
    from rules.millennium_blades.base import MBBase


def defer_store_shuffle(game: MBBase) -> None:
    """The Store as it stands is to be shuffled: by a generator of its own, seeded from the game's."""
    game._store_rng = ForkedRng.seeded(game.rng.getrandbits(64))
    game.store_unshuffled = len(game._store)


def finish_store_shuffle(game: MBBase) -> None:
    """Every card of the Store in its shuffled place (the steps ``draw_store_top`` has not taken)."""
    cards, rng = game._store, game._store_rng.get()
    getrandbits = rng.getrandbits
    for i, size, bits in _shuffle_steps(game.store_unshuffled):
        j = getrandbits(bits)
        while j >= size:
            j = getrandbits(bits)
        cards[i], cards[j] = cards[j], cards[i]
    game.store_unshuffled = 0


def draw_store_top(game: MBBase) -> int | None:
    """The Store's top card taken (None when it is empty): put into its shuffled place first when
    the shuffle has not reached it (one step of it)."""
    cards = game._store
    if not cards:
        return None
    left = game.store_unshuffled
    if left >= len(cards):  # (cards put on top since setup are in place already)
        if left > 1:
            getrandbits, bits = game._store_rng.get().getrandbits, left.bit_length()
            j = getrandbits(bits)
            while j >= left:
                j = getrandbits(bits)
            cards[left - 1], cards[j] = cards[j], cards[left - 1]
        game.store_unshuffled = left - 1 if left > 2 else 0  # (the last one left is in place)
    return cards.pop()


@lru_cache(maxsize=16)
def _shuffle_steps(n: int) -> tuple[tuple[int, int, int], ...]:
    """``random.shuffle``'s steps for ``n`` items from the top down: the position swapped, the count
    it draws below and that count's bits (``Random._randbelow``: ``getrandbits`` with rejection)."""
    return tuple((i, i + 1, (i + 1).bit_length()) for i in range(n - 1, 0, -1))
