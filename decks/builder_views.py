"""The interactive deck builder page (issue 3, parts 5 and 6).

One server-rendered page; ``static/js/builder.js`` does the rest through the JSON API
(card search, live validation, save, sample hand, draw odds). Everything the page needs to
know about the game comes from the registry (sections, card types, attributes, whether the
game draws cards), so no game is named here.
"""

from __future__ import annotations

import json

from django.contrib.auth.decorators import login_required
from django.core.exceptions import PermissionDenied
from django.http import Http404, HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import render
from django.urls import reverse
from django.views.decorators.http import require_POST

from config.json_depth import nesting_message, too_deep
from decks import services
from decks.models import Deck
from decks.permissions import can_edit, can_view
from decks.selectors import deck_sections_for_display, draw_rules, format_list, sections_to_decklist
from rules.core.decks import format_deck_text
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
            "featured_card": deck.featured_card_id,
        },
        "game": _game_payload(spec),
        "formats": [{"slug": f.slug, "name": f.name} for f in format_list(game=deck.game)],
        "sections": sections,
        # How the game draws (its construction's ``draws``: section, opening hand, per turn), or
        # None: no hands, no odds.
        "draws": draws.as_dict() if (draws := draw_rules(deck.game)) else None,
        "urls": {
            "search": reverse("api-cards"),
            "thumb": reverse("cardpool:card_thumb", args=[0]),  # builder.js puts the card id in place of the 0
            "validate": reverse("api-deck-validate"),
            "deck": reverse("api-deck", args=[deck.pk]),
            "sample_hand": reverse("api-deck-sample-hand", args=[deck.pk]),
            "draw_odds": reverse("api-deck-draw-odds", args=[deck.pk]),
            "export": reverse("api-deck-export", args=[deck.pk]) + "?fmt=text",
            "detail": deck.get_absolute_url(),
            "text": reverse("decks:builder_text", args=[deck.pk]),
            "feature": reverse("decks:feature", args=[deck.pk]),
            "syntax": reverse("cardpool:syntax_help") + f"#game-{spec.slug}",
        },
    }


def _owned_deck(request: HttpRequest, pk: int) -> Deck:
    """The deck if the user owns it: 404 when they cannot see it, 403 when they only can."""
    deck = Deck.objects.select_related("format", "owner").filter(pk=pk).first()
    if deck is None:
        raise Http404("No such deck")
    if not can_edit(request.user, deck):
        if can_view(request.user, deck):
            raise PermissionDenied("Only the deck's owner can edit it.")
        raise Http404("No such deck")
    return deck


def _json_error(message: str, code: str, status: int = 400, **extra) -> JsonResponse:
    return JsonResponse({"error": code, "message": message, **extra}, status=status)


@login_required
@require_POST
def builder_text(request: HttpRequest, pk: int) -> JsonResponse:
    """The builder's text mode (owner only), JSON in and out.

    ``{"action": "render", "sections": {...}}`` -> ``{"text"}``: the builder's cards (saved or
    not) as deck text. ``{"action": "save", "text", "name"?, "format"?}``: the text read against
    the game's cards and saved as a new version -> ``{"version", "is_legal", "violations",
    "sections"}``; a line that cannot be read answers 400 ``{"errors": [{line, column, message}]}``
    and nothing is saved.
    """
    deck = _owned_deck(request, pk)
    if len(request.body) > 256 * 1024:
        return _json_error("the request is too large", "too_large", 413)
    try:
        text = request.body.decode("utf-8-sig") or "{}"
    except UnicodeDecodeError as exc:
        return _json_error(f"the body must be JSON in UTF-8 (byte {exc.start} is not)", "bad_json")
    if (deep := too_deep(text)) is not None:  # whatever its media type says: json.loads recurses
        return _json_error(nesting_message(deep, "the body"), "too_deep", position=deep)
    try:
        body = json.loads(text)
    except ValueError as exc:
        return _json_error(f"the body must be JSON: {exc}", "bad_json")
    if not isinstance(body, dict):
        return _json_error("the body must be a JSON object", "bad_json")
    spec = get_game(deck.game)
    action = body.get("action")
    if action == "render":
        name = body.get("name") if isinstance(body.get("name"), str) else deck.name
        fmt = body.get("format") if isinstance(body.get("format"), str) else deck.format_slug
        decklist, problems = sections_to_decklist(game=deck.game, sections=body.get("sections") or {},
                                                  fmt=fmt or "standard", name=name.strip())
        if problems:
            return _json_error("; ".join(p.message for p in problems), "bad_sections")
        return JsonResponse({"text": format_deck_text(decklist, spec)})
    if action != "save":
        return _json_error('action must be "render" or "save"', "bad_action")
    text = body.get("text")
    if not isinstance(text, str):
        return _json_error("text must be deck text (one card per line)", "bad_text")
    if text.count("\n") >= services.MAX_TEXT_LINES:
        return _json_error(f"deck text has more than {services.MAX_TEXT_LINES} lines", "too_large")
    try:
        decklist = services.deck_parse_text(game=deck.game, text=text)
        sections = {slug: [(e.card.id, e.qty) for e in entries] for slug, entries in decklist.sections.items()}
        # the text's "# Name:" and "# Format:" lines win; else the builder bar's
        name = decklist.name or (body.get("name") if isinstance(body.get("name"), str) and body["name"].strip()
                                 else None)
        fmt = decklist.format if decklist.format != "standard" else str(body.get("format") or deck.format_slug)
        services.deck_update(actor=request.user, deck=deck, sections=sections, name=name, fmt=str(fmt),
                             note="edited as text in the builder")
    except services.DeckTextErrors as exc:
        return _json_error(f"{len(exc.errors)} line(s) cannot be read; nothing was saved", "bad_text",
                           errors=[{"line": e.line, "column": e.column, "message": e.message} for e in exc.errors])
    except services.DeckError as exc:
        return _json_error("; ".join(exc.messages) + "; nothing was saved", "bad_deck")
    payload = builder_payload(deck)
    return JsonResponse({"version": deck.current_version, "is_legal": deck.is_legal,
                         "violations": deck.violations or [], "name": deck.name, "format": deck.format_slug,
                         "sections": payload["sections"]})


@login_required
def builder(request: HttpRequest, pk: int) -> HttpResponse:
    """The builder for one deck: only its owner may open it (others: 403 if they may see it, else 404)."""
    deck = _owned_deck(request, pk)
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
