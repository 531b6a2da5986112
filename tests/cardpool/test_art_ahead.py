"""Card pictures drawn when cards load, so a first browse shows art at once (issue 27, part 7)."""

from __future__ import annotations

import io

import pytest
from django.core.management import call_command
from PIL import Image

from cardpool import art_ahead, images
from cardpool.models import Card

pytestmark = pytest.mark.django_db


@pytest.fixture
def quick_faces(monkeypatch, settings, tmp_path):
    """Art ahead on, a face drawn as a plain picture (the drawing itself is tested in test_images),
    in this process (no fork inside a test's transaction)."""
    settings.CARD_ART_AHEAD = True
    settings.MEDIA_ROOT = tmp_path / "media"
    drawn: list[str] = []

    def face(card):
        drawn.append(card.name)
        return Image.new("RGB", images.CARD_SIZE, (40, 90, 160))

    monkeypatch.setattr(images, "render_card_face", face)
    monkeypatch.setattr(art_ahead.os, "cpu_count", lambda: 1)
    return drawn


def test_load_cardpool_draws_every_missing_thumbnail(quick_faces, client):
    out = io.StringIO()
    call_command("load_cardpool", "--game", "fellbound", stdout=out)
    count = Card.objects.filter(game__slug="fellbound").count()
    assert len(quick_faces) == count and art_ahead.cards_without_art("fellbound") == []
    assert f"card pictures: {count} drawn" in out.getvalue()

    quick_faces.clear()
    card = Card.objects.filter(game__slug="fellbound").first()
    response = client.get(f"/cards/{card.pk}/thumb.png")
    assert response.status_code == 200 and quick_faces == []  # served from the cache, nothing drawn

    call_command("load_cardpool", "--game", "fellbound", stdout=io.StringIO())
    assert quick_faces == []  # loading again draws nothing


def test_no_art_and_the_setting_leave_drawing_to_the_first_request(quick_faces, settings):
    call_command("load_cardpool", "--game", "fellbound", "--no-art", stdout=io.StringIO())
    settings.CARD_ART_AHEAD = False
    call_command("load_cardpool", "--game", "fellbound", stdout=io.StringIO())
    assert quick_faces == [] and len(art_ahead.cards_without_art("fellbound")) == Card.objects.filter(
        game__slug="fellbound").count()


def test_a_web_import_hands_the_game_to_the_art_thread(quick_faces, monkeypatch, django_capture_on_commit_callbacks):
    handed: list[str] = []
    monkeypatch.setattr(art_ahead._art_thread, "submit", lambda fn, slug: handed.append(slug))
    with django_capture_on_commit_callbacks(execute=True):
        art_ahead.draw_art_later("bos")
    assert handed == ["bos"]
    art_ahead.draw_art(art_ahead.cards_without_art("fellbound"))
    assert art_ahead.cards_without_art("fellbound") == []
