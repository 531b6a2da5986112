"""Collections (millennium-blades.txt, "Make your Collection", "SCORING COLLECTIONS", "END OF
DECKBUILDING" 1).

"Your Collection is made up of 2-8 cards, each having at least one matching symbol with all the
others, and each having a different star rating than all the others." One symbol common to all
(docs/rules-notes.md, Deck construction, "One shared symbol"); cards without an element or type
"cannot be used as part of a collection"; an X star is a rating of its own, no rating none.
"You can only build one collection per Deckbuilding Phase": a player has one collection zone a
round, built card by card (``collect`` / ``uncollect``) and turned in at the end of the phase.
"""

from __future__ import annotations

from rules.millennium_blades.construction import check_collection, collection_points

MAX_SIZE = 8
MIN_SIZE = 2

__all__ = ["MAX_SIZE", "MIN_SIZE", "can_add", "collection_points", "score", "shared_symbols"]


def shared_symbols(cards) -> frozenset[str]:
    """The symbols every card of ``cards`` (market ``Card``s) has."""
    if not cards:
        return frozenset()
    out = cards[0].symbols
    for card in cards[1:]:
        out = out & card.symbols
    return out


def can_add(collection, card, symbols: frozenset[str] | None = None) -> bool:
    """Whether ``card`` may join ``collection`` (both ``Card``s) and keep it a collection; with
    ``symbols``, one made on those symbols only (Duel Mode's elemental and type collections)."""
    own = card.symbols if symbols is None else card.symbols & symbols
    if len(collection) >= MAX_SIZE or not own or card.star is None:
        return False
    if any(c.star == card.star for c in collection):
        return False
    return not collection or bool(shared_symbols(collection) & own)


def score(cards) -> int:
    """VP of a collection turned in ("SCORING COLLECTIONS": 2->2 ... 8+->21); 0 when it is not one
    (fewer than 2 cards, or a rule broken), by the deck builder's own check."""
    if len(cards) < MIN_SIZE:
        return 0
    _violations, points = check_collection([c.spec for c in cards])
    return points


def points(size: int) -> int:
    return collection_points(size) if size >= MIN_SIZE else 0
