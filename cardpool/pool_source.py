"""The card database as the rules' engines read it (``rules.core.card_pool``): a game's sets and
cards as plain data, so an engine that deals from the whole pool (Millennium Blades' whole game)
plays the sets a user imported.

Registered by ``cardpool/apps.py``. Built once per process and kept while the game's cards and
sets stay the same (``version``: their counts, the last card change and the newest set); an
import or an admin save makes the next reader build it again.
"""

from __future__ import annotations

from django.db.models import Count, Max

from cardpool.models import Card, CardSet

_built: dict[str, dict] = {}


def _version(game: str) -> str:
    cards = Card.objects.filter(game__slug=game).aggregate(n=Count("id"), last=Max("updated"))
    sets = CardSet.objects.filter(game__slug=game).aggregate(n=Count("id"), last=Max("id"))
    return f"{cards['n']}:{cards['last']}:{sets['n']}:{sets['last']}"


def game_pool_data(game: str) -> dict | None:
    """The game's sets and cards in the fixture format, with ``version`` and each card's
    ``playable`` and ``unplayable_reason``; None for a game without cards here."""
    version = _version(game)
    kept = _built.get(game)
    if kept is not None and kept["version"] == version:
        return kept
    sets = list(CardSet.objects.filter(game__slug=game).order_by("release_order", "code"))
    if not sets:
        return None
    cards = (Card.objects.filter(game__slug=game).select_related("card_set")
             .order_by("card_set__release_order", "card_set__code", "number", "pk"))
    data = {
        "version": version,
        "sets": [{"code": s.code, "name": s.name, "kind": s.kind, "release_order": s.release_order} for s in sets],
        "cards": [{"set": c.card_set.code, "number": c.number, "name": c.name, "card_type": c.card_type,
                   "text": c.text, "attributes": c.attributes or {}, "effects": c.effects or [],
                   "playable": c.playable, "unplayable_reason": c.unplayable_reason} for c in cards],
    }
    _built[game] = data
    return data
