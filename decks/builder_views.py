"""The interactive deck builder page (issue 3, parts 5 and 6).

One server-rendered page; ``static/js/builder.js`` does the rest through the JSON API
(card search, live validation, save, sample hand, draw odds). Everything the page needs to
know about the game comes from the registry (sections, card types, attributes, whether the
game draws cards), so no game is named here.
"""

from __future__ import annotations

from django.contrib.auth.decorators import login_required
from django.core.exceptions import PermissionDenied
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import render
from django.urls import reverse

from decks.models import Deck
from decks.permissions import can_edit, can_view
from decks.selectors import deck_sections_for_display, draw_rules, format_list
from rules.core.registry import get_game
from rules.core.schema import GameSpec


def _game_payload(spec: GameSpec) -> dict:
    return {
        "slug": spec.slug,
        "name": spec.name,
        "accent": spec.accent,
        "card_types": [{"slug": t.slug, "label": t.label} for t in spec.card_types],
        "sections": [{"slug": s.slug, "label": s.label, "card_types": list(s.card_types)} for s in spec.sections],
        # Whole-number attributes, shown as short stats in search results and deck rows.
        "stats": [{"name": a.name, "label": a.label} for a in spec.attributes if a.kind == "int"][:4],
    }


def _card_payload(card, qty: int) -> dict:
    return {
        "card_id": card.pk,
        "name": card.name,
        "card_type": card.card_type,
        "set": card.card_set.code,
        "number": card.number,
        "attributes": card.attributes or {},
        "url": card.get_absolute_url(),
        "qty": qty,
    }


def builder_payload(deck: Deck) -> dict:
    """Everything ``builder.js`` needs to draw the deck, embedded in the page as JSON."""
    spec = get_game(deck.game)
    sections = {
        part["slug"]: [_card_payload(item["card"], item["qty"]) for item in part["cards"]]
        for part in deck_sections_for_display(deck)
    }
    return {
        "deck": {
            "id": deck.pk,
            "name": deck.name,
            "description": deck.description,
            "visibility": deck.visibility,
            "format": deck.format_slug,
            "is_legal": deck.is_legal,
            "violations": deck.violations or [],
            "version": deck.current_version,
        },
        "game": _game_payload(spec),
        "formats": [{"slug": f.slug, "name": f.name} for f in format_list(game=deck.game)],
        "sections": sections,
        # How the game draws (``DRAWS``: section, opening hand, per turn), or None: no hands, no odds.
        "draws": draw_rules(deck.game),
        "urls": {
            "search": reverse("api-cards"),
            "thumb": reverse("cardpool:card_thumb", args=[0]),  # builder.js puts the card id in place of the 0
            "validate": reverse("api-deck-validate"),
            "deck": reverse("api-deck", args=[deck.pk]),
            "sample_hand": reverse("api-deck-sample-hand", args=[deck.pk]),
            "draw_odds": reverse("api-deck-draw-odds", args=[deck.pk]),
            "export": reverse("api-deck-export", args=[deck.pk]) + "?fmt=text",
            "detail": deck.get_absolute_url(),
            "syntax": reverse("cardpool:syntax_help") + f"#game-{spec.slug}",
        },
    }


@login_required
def builder(request: HttpRequest, pk: int) -> HttpResponse:
    """The builder for one deck: only its owner may open it (others: 403 if they may see it, else 404)."""
    deck = Deck.objects.select_related("format", "owner").filter(pk=pk).first()
    if deck is None:
        raise Http404("No such deck")
    if not can_edit(request.user, deck):
        if can_view(request.user, deck):
            raise PermissionDenied("Only the deck's owner can edit it.")
        raise Http404("No such deck")
    spec = get_game(deck.game)
    payload = builder_payload(deck)
    draws = payload["draws"]
    draw_section = spec.section(draws["section"]) if draws and draws.get("section") else None
    return render(request, "decks/builder.html", {
        "deck": deck,
        "spec": spec,
        "accent": spec.accent,
        "payload": payload,
        "draws": draws,
        "draw_section": draw_section.label if draw_section else "",
    })
