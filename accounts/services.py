"""What a person may do with their own account: take every deck with them, or leave.

The export is one zip archive: each deck as text (the import format, so any deck site or this
one reads it back) and every deck as JSON with its cards by name and id, its format, visibility,
description and version. Deleting an account deletes the person's decks, runs and played games
(the database cascades); other people's runs that used a deck keep their frozen copy of it.
"""

from __future__ import annotations

import io
import json
import zipfile

from django.db import transaction
from django.utils import timezone
from django.utils.text import slugify

from decks.models import Deck
from decks.selectors import deck_to_decklist
from rules.core.decks import format_deck_text
from rules.core.registry import get_game


def _deck_data(deck: Deck) -> dict:
    decklist = deck_to_decklist(deck)
    return {
        "id": deck.pk, "name": deck.name, "game": deck.game, "format": deck.format_slug,
        "visibility": deck.visibility, "description": deck.description, "version": deck.current_version,
        "legal": deck.is_legal, "updated": deck.updated.isoformat(),
        "sections": {section: [{"name": e.card.name, "card_id": e.card.id, "qty": e.qty} for e in entries]
                     for section, entries in decklist.sections.items() if entries},
    }


def account_export(user) -> bytes:
    """Every deck of ``user`` as a zip: ``decks/<game>-<name>-<id>.txt`` and ``decks.json``."""
    decks = list(Deck.objects.filter(owner=user).select_related("format").order_by("game", "name", "pk"))
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w", compression=zipfile.ZIP_DEFLATED) as archive:
        for deck in decks:
            text = format_deck_text(deck_to_decklist(deck), get_game(deck.game))
            archive.writestr(f"decks/{deck.game}-{slugify(deck.name) or 'deck'}-{deck.pk}.txt", text)
        archive.writestr("decks.json", json.dumps({
            "account": user.get_username(), "exported": timezone.now().isoformat(),
            "decks": [_deck_data(deck) for deck in decks]}, indent=1, ensure_ascii=False))
    return out.getvalue()


@transaction.atomic
def account_delete(user) -> dict[str, int]:
    """Delete ``user`` and everything that is only theirs; returns what went, by kind."""
    gone = {"decks": user.decks.count(), "runs": user.simulation_runs.count(), "games": user.played_games.count()}
    user.delete()
    return gone
