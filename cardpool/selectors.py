"""Reads of the card database, shared by pages, the API and commands."""

from __future__ import annotations

import random
from collections.abc import Iterable
from functools import reduce
from operator import or_

from django.core.cache import cache
from django.db.models import Count, Q, QuerySet
from django.db.models.functions import Length
from rapidfuzz import fuzz, process

from cardpool.models import Card, CardAttributeValue, CardSet, Game
from cardpool.name_index import forget_name_indexes
from cardpool.search import SearchResult, name_words, search

#: how many names "did you mean" scores at most (those sharing a three-letter piece with the query)
SUGGESTION_CANDIDATES = 5000


COUNTS_KEY = "cardpool:game-counts"
#: the home page and /api/games/ count at most this often per server process
COUNTS_SECONDS = 30


def forget_game_counts() -> None:
    """Cards or sets changed (an import, an admin save): count again on the next request, and
    index the card names for "did you mean" again (``cardpool.name_index``)."""
    cache.delete(COUNTS_KEY)
    forget_name_indexes()


def game_list_with_counts() -> list[Game]:
    """Every game with ``card_count`` and ``set_count``.

    Two grouped counts, not one join of cards x sets (that join grew as their product: 1.4 s a
    request at 90,000 cards); each count uses the card's and the set's game index. The counts
    are kept in the cache for ``COUNTS_SECONDS`` and forgotten when cards or sets change here
    (another server process may show the old counts for that long)."""
    counts = cache.get(COUNTS_KEY)
    if counts is None:
        counts = (dict(Card.objects.values_list("game_id").annotate(n=Count("id")).order_by()),
                  dict(CardSet.objects.values_list("game_id").annotate(n=Count("id")).order_by()))
        cache.set(COUNTS_KEY, counts, COUNTS_SECONDS)
    cards, sets = counts
    games = list(Game.objects.order_by("name"))
    for game in games:
        game.card_count = cards.get(game.pk, 0)
        game.set_count = sets.get(game.pk, 0)
    return games


def card_search(*, query: str, game_slug: str | None = None, game: Game | None = None) -> SearchResult:
    """Cards matching a search-language query, ordered as it asks (``game``: the row of
    ``game_slug`` when the caller has it).

    Raises ``cardpool.search.SearchError`` (message, position, suggestion) on a bad query.
    """
    game_id = game.pk if game is not None and game.slug == game_slug else None
    return search(query, game_slug=game_slug, game_id=game_id)


CARD_ROW_FIELDS = ("id", "game__slug", "card_set__code", "card_set__name", "number", "name", "slug",
                   "card_type", "rarity__name", "text", "flavor", "attributes", "effects", "playable",
                   "unplayable_reason")


def cards_not_playable(cards: Iterable[Card]) -> list[Card]:
    """The cards among ``cards`` that the engine cannot run yet (``Card.playable`` false: their
    text did not compile into effects on import), each once, by name; for the warning a deck
    page shows (templates/cardpool/includes/not_playable_warning.html). A simulation refuses a deck
    holding such a card (``not_playable_reasons``)."""
    found: dict[int, Card] = {}
    for card in cards:
        if not card.playable:
            found.setdefault(card.pk, card)
    return sorted(found.values(), key=lambda c: (c.name_lower, c.pk))


def not_playable_reasons(card_ids: Iterable[int | None]) -> dict[str, str]:
    """Card name -> why the engine cannot run it, for the cards of ``card_ids`` not playable yet
    (a ``CardSpec``'s id is its card's). Simulations refuse decks holding such cards rather than
    play them as if their text said nothing (``simulate.services``, ``simulate.deck_sources``)."""
    ids = {pk for pk in card_ids if pk is not None}
    rows = Card.objects.filter(pk__in=ids, playable=False).order_by("name_lower").values_list("name", "unplayable_reason")
    return {name: reason or "not playable yet" for name, reason in rows}


def not_playable_message(reasons: dict[str, str], limit: int = 3) -> str:
    """"3 cards are not playable yet (their text does not compile): A: reason; ...", or ""."""
    if not reasons:
        return ""
    shown = "; ".join(f"{name}: {reason}" for name, reason in list(reasons.items())[:limit])
    more = f"; and {len(reasons) - limit} more" if len(reasons) > limit else ""
    return (f"{len(reasons)} card(s) not playable yet (their text does not compile into effects the engine runs, "
            f"and a simulation never plays a card as if its text said nothing): {shown}{more}")


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


def card_autocomplete_cards(names: list[str], *, game_slug: str | None = None) -> list[dict]:
    """For autocomplete's names: each card of that name in each game (its first printing), with
    the game's name and the card page, so a pick opens the card and the list says its game."""
    base = Card.objects.filter(name__in=names).select_related("game", "card_set")
    if game_slug:
        base = base.filter(game__slug=game_slug)
    first: dict[tuple[str, str], Card] = {}
    for card in base.order_by("card_set__release_order", "number", "pk"):
        first.setdefault((card.name, card.game.slug), card)
    order = {name: i for i, name in enumerate(names)}
    return [{"name": card.name, "game": card.game.slug, "game_name": card.game.name, "url": card.get_absolute_url()}
            for (name, _), card in sorted(first.items(), key=lambda item: (order[item[0][0]], item[1].game.name))]


def card_printings(card: Card) -> QuerySet[Card]:
    """Other printings: cards of the same game with the same name in other sets or numbers."""
    return (Card.objects.filter(game_id=card.game_id, name_lower=card.name_lower)
            .exclude(pk=card.pk).select_related("card_set", "rarity", "game")
            .order_by("card_set__release_order", "number"))


def set_list(*, game_slug: str) -> QuerySet[CardSet]:
    return (CardSet.objects.filter(game__slug=game_slug).annotate(card_count=Count("cards"))
            .order_by("release_order", "code"))


def set_choices(*, game: Game) -> list[tuple[str, str]]:
    """``(code, name)`` of a game's sets in release order, for the card browser's set filter
    (no card counts: ``set_list`` joins every card to count them)."""
    return list(CardSet.objects.filter(game=game).order_by("release_order", "code").values_list("code", "name"))


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


def closest_cards(query: str, *, game_slug: str | None = None, limit: int = 3) -> list[Card]:
    """For a query that found nothing: the cards whose names are closest to its name words
    ("akumaden" -> Akumaiden Acolyte), by edit distance (rapidfuzz's WRatio), one printing each.

    Only names sharing a three-letter piece with the words are scored, so a pool of 100,000
    cards costs one indexed-name scan, not a comparison with every name."""
    words = name_words(query).lower()
    pieces = {w[i:i + 3] for w in words.split() if len(w) >= 3 for i in range(len(w) - 2)}
    if not pieces:
        return []
    base = Card.objects.all()
    if game_slug:
        base = base.filter(game__slug=game_slug)
    names = list(base.filter(reduce(or_, (Q(name_lower__contains=p) for p in sorted(pieces)[:24])))
                 .values_list("name", flat=True).distinct()[:SUGGESTION_CANDIDATES])
    best = [name for name, score, _ in process.extract(words, names, scorer=fuzz.WRatio, processor=str.lower,
                                                       limit=limit, score_cutoff=70)]
    cards = []
    for name in best:
        card = base.filter(name=name).select_related("game", "card_set").order_by("card_set__release_order",
                                                                                  "number").first()
        if card is not None:
            cards.append(card)
    return cards


def random_card(result: SearchResult) -> Card | None:
    """One card drawn at random from a search's matches (an offset, not ORDER BY RANDOM())."""
    matches = result.matches.order_by("pk")
    count = matches.count()
    if not count:
        return None
    return matches.select_related("game", "card_set")[random.randrange(count)]
