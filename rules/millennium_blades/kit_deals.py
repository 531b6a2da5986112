"""The kits' cards as a tournament's setup deals them, kept per table of kits (issue 30, speed).

A random game between sample kits is some forty steps; its setup -- a definition and an id for
every card of the kits and the Store, the kits checked against "Build your Deck" -- cost as much
as a quarter of a one-seat game. The same kits at the same seats deal the same cards every game
unless "Illegal Decks" trims one at random (then the seed decides: such a table is not kept), so
``MBState`` deals a kept table by copying its lists; the Store is still shuffled from each seed.
A tournament with every option at its default goes further: it starts as a copy of the table's
kept setup (``keep_setup``, ``MBState.at_table``).
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any

#: at most this many tables kept (a run's seatings of its kits)
DEALS_LIMIT = 64


@dataclass(frozen=True)
class KitDeal:
    """One table's setup before the Store is shuffled: every card's definition and owner, each
    seat's hand, deck box and accessories, the Store's ids (unshuffled), and the feature index of
    those cards once a game without other cards (metagame, promos, powers) has made it, and a
    tournament with every option at its default set up at this table but not begun (``keep_setup``)."""

    entries: tuple[tuple[Any, ...], ...]  # the kits' deck entries, kept alive: the key is their ids
    cards: tuple[Any, ...]
    owner: tuple[int, ...]
    hand: tuple[tuple[int, ...], ...]
    deck_box: tuple[tuple[int, ...], ...]
    accessories: tuple[tuple[int, ...], ...]
    store: tuple[int, ...]
    feature_cards: dict[str, frozenset[int]] | None = None
    setup: Any = None  # an ``MBState``, only ever copied


_DEALS: dict[tuple[tuple[int, ...], ...], KitDeal] = {}


def table_entries(decks, sections: tuple[str, ...]) -> tuple[tuple[Any, ...], ...] | None:
    """Each seat's deck entries, section by section (None for a deck without ``sections``). Entries
    are frozen, so the same entry objects are the same cards; a deck edited in place holds others."""
    try:
        return tuple([tuple(deck.sections.get(section, ())) for deck in decks for section in sections])
    except AttributeError:
        return None


def deal_key(entries: tuple[tuple[Any, ...], ...]) -> tuple[tuple[int, ...], ...]:
    return tuple([tuple(map(id, run)) for run in entries])


def known_deal(entries: tuple[tuple[Any, ...], ...]) -> KitDeal | None:
    """The kept deal of these entries (the deal holds them, so their ids were not reused meanwhile)."""
    return _DEALS.get(deal_key(entries))


def keep_deal(deal: KitDeal) -> None:
    if len(_DEALS) >= DEALS_LIMIT:
        _DEALS.clear()
    _DEALS[deal_key(deal.entries)] = deal


def keep_index(deal: KitDeal, feature_cards: dict[str, frozenset[int]]) -> None:
    """``deal`` with the feature index of its cards (``QueryMixin.index_features``), kept."""
    keep_deal(replace(deal, feature_cards=feature_cards))


def keep_setup(entries: tuple[tuple[Any, ...], ...], state: Any) -> None:
    """A copy of ``state`` (a tournament with the default options, set up but not begun) kept for the
    next games at its table (``MBState.at_table``): only where the deal is kept, so no kit was trimmed
    at random, and once the deal holds its feature index."""
    deal = known_deal(entries)
    if deal is not None and deal.setup is None and deal.feature_cards is not None and len(state.cards) == len(deal.cards):
        keep_deal(replace(deal, setup=state.copy()))


def kept_setup(entries: tuple[tuple[Any, ...], ...]) -> Any:
    """The setup kept for these kits' table (``keep_setup``), or None."""
    deal = known_deal(entries)
    return deal.setup if deal is not None else None
