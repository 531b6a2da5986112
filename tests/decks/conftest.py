"""Shared fixtures for the deck tests: two users and the sample decks in fixtures/decks/."""

from __future__ import annotations

from pathlib import Path

import pytest
from django.contrib.auth import get_user_model

from decks.models import Deck, DeckCard, DeckVersion, Format

DECK_DIR = Path(__file__).resolve().parents[2] / "fixtures" / "decks"
SAMPLE_DECKS = sorted(p.name for p in DECK_DIR.glob("*.txt"))


def game_of(filename: str) -> str:
    """fixtures/decks/<game>-<name>.txt -> game slug."""
    return filename.split("-", 1)[0]


def sample_text(filename: str) -> str:
    return (DECK_DIR / filename).read_text(encoding="utf-8")


def db_state() -> tuple:
    """Everything a deck write can change, for "nothing changed" assertions."""
    return (
        sorted(Deck.objects.values_list("pk", "owner_id", "name", "description", "visibility", "format_id",
                                        "current_version", "is_legal", "share_token")),
        sorted(DeckCard.objects.values_list("deck_id", "card_id", "section", "quantity")),
        sorted(DeckVersion.objects.values_list("deck_id", "number", "name", "format_slug")),
        sorted(Format.objects.values_list("pk", "game", "slug", "name")),
    )


@pytest.fixture
def alice(db):
    return get_user_model().objects.create_user("alice", password="pw-alice-123")


@pytest.fixture
def bob(db):
    return get_user_model().objects.create_user("bob", password="pw-bob-123")


@pytest.fixture
def import_sample(card_pool):
    """Import a sample deck for a user: ``import_sample(user, "boundless-emerald-vanguard.txt")``."""
    from decks.services import deck_import_text

    def _import(owner, filename: str, visibility: str = Deck.PRIVATE) -> Deck:
        return deck_import_text(owner=owner, game=game_of(filename), text=sample_text(filename),
                                visibility=visibility)

    return _import
