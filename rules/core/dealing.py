"""Dealt formats: a fresh deck dealt for every game from a pool of cards (FellBound's "RANDOM PLAY":
"Each player's deck is shuffled containing ten unique cards drawn randomly face-down from a
communal card pool of any size").

A game offers a dealt format when its declared construction (``CONSTRUCTION`` in
``rules/<game>/construction.py``) has a ``deal_random_deck(pool, seed, size) -> DeckList``; the
core names no game. A :class:`Dealer`
deals the decks of one game of a run from the game's seed, so a run's games (and their replays,
which carry the dealt decks) repeat exactly, whatever the chunking or the number of workers.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

from rules.core.decks import CardSpec, DeckEntry, DeckList
from rules.core.registry import get_construction

POOL_SECTION = "pool"


def deck_dealer(game: str) -> Callable[..., DeckList] | None:
    """How ``game`` deals a random deck (its construction's ``deal_random_deck``), or None."""
    construction = get_construction(game)
    return construction.deal_random_deck if construction is not None else None


def can_deal(game: str) -> bool:
    """Whether ``game`` has a dealt format (its construction deals random decks)."""
    return deck_dealer(game) is not None


def _dealer_of(game: str) -> Callable[..., DeckList]:
    deal = deck_dealer(game)
    if deal is None:
        raise ValueError(f"{game} has no way to deal a random deck")
    return deal


@dataclass(frozen=True)
class Dealer:
    """Deals the decks of the sides listed in ``dealt`` from ``pool``, per game.

    ``names``: each dealt side's name ("Random deck 1"). The deck of side ``s`` in the game with
    seed ``S`` is ``deal_random_deck(pool, derive_seed(S, "deal", s))``.
    """

    game: str
    pool: tuple[CardSpec, ...]
    dealt: tuple[int, ...]
    names: tuple[str, ...]

    def deal(self, seed: int, decks: Sequence[DeckList]) -> list[DeckList]:
        """``decks`` (by side) with the dealt sides replaced by fresh decks for the game ``seed``."""
        from rules.core.play import derive_seed

        deal = _dealer_of(self.game)
        out = list(decks)
        for side, name in zip(self.dealt, self.names, strict=True):
            deck = deal(self.pool, derive_seed(seed, "deal", side))
            deck.name = name
            out[side] = deck
        return out

    def check(self) -> None:
        """Raise ``ValueError`` (saying why) when the pool cannot deal a deck."""
        _dealer_of(self.game)(self.pool, 0)

    def pool_deck(self) -> DeckList:
        """The pool as a deck of one copy per card (section ``pool``), for storing with a run."""
        return DeckList(game=self.game, name="pool", format="random",
                        sections={POOL_SECTION: [DeckEntry(card, 1) for card in self.pool]})

    @classmethod
    def from_pool_deck(cls, deck: DeckList, dealt: Sequence[int], names: Sequence[str]) -> Dealer:
        return cls(deck.game, tuple(deck.cards(POOL_SECTION)), tuple(dealt), tuple(names))


def dealt_names(count: int) -> list[str]:
    return [f"Random deck {n}" for n in range(1, count + 1)]
