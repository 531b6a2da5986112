"""Making a deck unlisted again gives it a new link (issue 25, item 9): the link shared before it
was made private must not open it again."""

from __future__ import annotations

import pytest
from django.test import Client

from decks import services
from decks.models import Deck

pytestmark = pytest.mark.django_db


def test_unlisted_again_means_a_new_key(alice, card_pool):
    deck = services.deck_create(owner=alice, game="fellbound", name="Shared once", visibility=Deck.UNLISTED)
    old_key = deck.share_token
    stranger = Client()
    assert stranger.get(f"/decks/{deck.pk}/?key={old_key}").status_code == 200
    services.deck_update(actor=alice, deck=deck, visibility=Deck.PRIVATE)
    assert stranger.get(f"/decks/{deck.pk}/?key={old_key}").status_code == 404
    services.deck_update(actor=alice, deck=deck, visibility=Deck.UNLISTED)
    deck.refresh_from_db()
    assert deck.share_token and deck.share_token != old_key
    assert stranger.get(f"/decks/{deck.pk}/?key={old_key}").status_code == 404  # the old link stays dead
    assert stranger.get(f"/decks/{deck.pk}/?key={deck.share_token}").status_code == 200
    services.deck_update(actor=alice, deck=deck, name="Renamed", visibility=Deck.UNLISTED)
    assert Deck.objects.get(pk=deck.pk).share_token == deck.share_token  # still unlisted: the link stands


def test_the_settings_page_gives_a_new_key_too(alice, card_pool):
    deck = services.deck_create(owner=alice, game="fellbound", name="Via settings", visibility=Deck.UNLISTED)
    old_key = deck.share_token
    client = Client()
    client.force_login(alice)
    for visibility in ("private", "unlisted"):
        response = client.post(f"/decks/{deck.pk}/settings/", {"name": deck.name, "visibility": visibility,
                                                                "format": "standard", "description": ""})
        assert response.status_code == 302, response.content
    assert Deck.objects.get(pk=deck.pk).share_token != old_key
