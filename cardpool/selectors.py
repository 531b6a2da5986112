"""Reads of the card database, shared by pages, the API and commands."""

from __future__ import annotations

from django.db.models import Count, QuerySet
from django.db.models.functions import Length

from cardpool.models import Card, CardAttributeValue, CardSet, Game
from cardpool.search import SearchResult, search


def game_list_with_counts() -> list[Game]:
    """Every game with ``card_count`` and ``set_count``.

    Two grouped counts, not one join of cards x sets (that join grew as their product: 1.4 s a
    request at 90,000 cards); each count uses the card's and the set's game index."""
    cards = dict(Card.objects.values_list("game_id").annotate(n=Count("id")).order_by())
    sets = dict(CardSet.objects.values_list("game_id").annotate(n=Count("id")).order_by())
    games = list(Game.objects.order_by("name"))
    for game in games:
        game.card_count = cards.get(game.pk, 0)
        game.set_count = sets.get(game.pk, 0)
    return games


def card_search(*, query: str, game_slug: str | None = None) -> SearchResult:
    """Cards matching a search-language query, ordered as it asks.

    Raises ``cardpool.search.SearchError`` (message, position, suggestion) on a bad query.
    """
    return search(query, game_slug=game_slug)


CARD_ROW_FIELDS = ("id", "game__slug", "card_set__code", "card_set__name", "number", "name", "slug",
                   "card_type", "rarity__name", "text", "flavor", "attributes", "effects")


def card_rows(cards: QuerySet[Card]) -> QuerySet:
    """The API's view of cards as plain dicts: skips model instances, which lists don't need."""
    return cards.values(*CARD_ROW_FIELDS)


class PagedCardRows:
    """What a Paginator needs: counts on the bare filter (no joins), slices as row dicts."""

    ordered = True

    def __init__(self, result: SearchResult):
        self.result = result

    def count(self) -> int:
        return self.result.count()

    def __getitem__(self, index):
        return list(card_rows(self.result.cards)[index])


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


def set_cards(*, card_set: CardSet) -> QuerySet[Card]:
    """A set's cards in collector-number order ("2" before "10"; "002" before "010")."""
    return (Card.objects.filter(card_set=card_set).select_related("game", "card_set", "rarity")
            .order_by(Length("number"), "number", "pk"))


def card_neighbours(card: Card) -> tuple[Card | None, Card | None]:
    """The cards before and after ``card`` in its set, by collector number."""
    ids = list(set_cards(card_set=card.card_set).values_list("pk", flat=True))
    at = ids.index(card.pk)
    around = {c.pk: c for c in Card.objects.filter(pk__in=ids[max(at - 1, 0):at + 2]).select_related("game", "card_set")}
    previous = around.get(ids[at - 1]) if at > 0 else None
    following = around.get(ids[at + 1]) if at + 1 < len(ids) else None
    return previous, following


def attribute_samples(*, game_slug: str, names: list[str]) -> dict[str, str]:
    """The most common indexed value of each named attribute in a game (for help examples)."""
    rows = (CardAttributeValue.objects.filter(card__game__slug=game_slug, name__in=names, text__isnull=False)
            .values("name", "text").annotate(n=Count("id")).order_by("name", "-n", "text"))
    samples: dict[str, str] = {}
    for row in rows:
        samples.setdefault(row["name"], row["text"])
    return samples
