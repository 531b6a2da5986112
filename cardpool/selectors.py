"""Reads of the card database, shared by pages, the API and commands."""

from __future__ import annotations

from django.db.models import Count, QuerySet

from cardpool.models import Card, CardSet, Game
from cardpool.search import SearchResult, search


def game_list_with_counts() -> list[Game]:
    """Every game with ``card_count`` and ``set_count``."""
    return list(Game.objects.annotate(card_count=Count("cards", distinct=True),
                                      set_count=Count("sets", distinct=True)).order_by("name"))


def card_search(*, query: str, game_slug: str | None = None) -> SearchResult:
    """Cards matching a search-language query, ordered as it asks.

    Raises ``cardpool.search.SearchError`` (message, position, suggestion) on a bad query.
    """
    return search(query, game_slug=game_slug)


def card_autocomplete(*, prefix: str, game_slug: str | None = None, limit: int = 10) -> list[str]:
    """Distinct card names starting with ``prefix`` (then containing it), for typeahead."""
    prefix = prefix.strip().lower()
    if not prefix:
        return []
    base = Card.objects.all()
    if game_slug:
        base = base.filter(game__slug=game_slug)
    names: list[str] = []
    for qs in (base.filter(name_lower__startswith=prefix), base.filter(name_lower__contains=prefix)):
        for name in qs.order_by("name_lower").values_list("name", flat=True).distinct()[: limit * 2]:
            if name not in names:
                names.append(name)
            if len(names) >= limit:
                return names
    return names


def card_printings(card: Card) -> QuerySet[Card]:
    """Other printings: cards of the same game with the same name in other sets or numbers."""
    return (Card.objects.filter(game_id=card.game_id, name_lower=card.name_lower)
            .exclude(pk=card.pk).select_related("card_set", "rarity", "game")
            .order_by("card_set__release_order", "number"))


def set_list(*, game_slug: str) -> QuerySet[CardSet]:
    return (CardSet.objects.filter(game__slug=game_slug).annotate(card_count=Count("cards"))
            .order_by("release_order", "code"))
