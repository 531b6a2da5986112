"""``{% card_image_map game data %}``: the pictures of the cards a board or a replay names, for the
card previews of ``static/js/board.js`` and ``static/js/card_preview.js`` (hover or tap a card
chip to see the card).

``data`` is anything an engine's ``view`` is made of (a view, a list of replay frames): every
object's ``"name"`` and every string in a list of strings is a candidate card name, looked up
among the game's cards (case-insensitively; the first printing of a name). It writes
``<script type="application/json" id="card-images">{name: {thumb, image, url}}</script>``;
names that are no card of the game (a tile, a player) are left out. Nothing here knows a game.
"""

from __future__ import annotations

from django import template
from django.urls import reverse
from django.utils.html import json_script

from cardpool.models import Card, card_path

register = template.Library()

BATCH = 500
MAX_NAMES = 5000  # a replay names a game's cards, not a whole pool: past this, the rest get no picture


def card_names(data, out: set[str] | None = None) -> set[str]:
    """Every candidate card name in ``data`` (nested dicts and lists)."""
    out = set() if out is None else out
    stack = [data]
    while stack and len(out) < MAX_NAMES:
        item = stack.pop()
        if isinstance(item, dict):
            name = item.get("name")
            if isinstance(name, str) and name:
                out.add(name)
            stack.extend(v for v in item.values() if isinstance(v, (dict, list)))
        elif isinstance(item, list):
            for v in item:
                if isinstance(v, str):
                    if v and len(v) <= 200:
                        out.add(v)
                elif isinstance(v, (dict, list)):
                    stack.append(v)
    return out


def image_map(game: str, names) -> dict[str, dict]:
    """``{name: {"thumb", "image", "url"}}`` for every name in ``names`` that is a card of ``game``."""
    wanted: dict[str, list[str]] = {}
    for name in names:
        wanted.setdefault(name.lower(), []).append(name)
    keys = sorted(wanted)
    thumb, image = reverse("cardpool:card_thumb", args=[0]), reverse("cardpool:card_image", args=[0])
    out: dict[str, dict] = {}
    for start in range(0, len(keys), BATCH):
        rows = (Card.objects.filter(game__slug=game, name_lower__in=keys[start:start + BATCH])
                .order_by("name_lower", "card_set__release_order", "pk")
                .values_list("name_lower", "pk", "card_set__code", "number", "slug"))
        for lower, pk, set_code, number, slug in rows:
            entry = {"thumb": thumb.replace("/0/", f"/{pk}/"), "image": image.replace("/0/", f"/{pk}/"),
                     "url": card_path(game, set_code, number, slug)}
            for name in wanted[lower]:
                out.setdefault(name, entry)
    return dict(sorted(out.items()))


@register.simple_tag
def card_image_map(game: str, data) -> str:
    """The ``card-images`` JSON script of the cards ``data`` names (see the module's docstring)."""
    return json_script(image_map(str(game or ""), card_names(data)), "card-images")
