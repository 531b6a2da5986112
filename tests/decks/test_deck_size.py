"""A deck's size is bounded where it is saved (issue 25, item 4): a public draft of 60,939 copies
took 120 s and a killed worker to print. Every way of saving cards refuses more than
``MAX_DECK_CARDS`` copies (far above any format's), naming the field; nothing is saved then."""

from __future__ import annotations

import json

import pytest
from django.test import Client

from decks import services
from decks.models import Deck, DeckCard
from tests.decks.conftest import db_state

pytestmark = pytest.mark.django_db

LIMIT = services.MAX_DECK_CARDS
A, B = "Hearthward Mender", "Rearguard Slinger"


def flood(total: int = LIMIT + 1) -> dict:
    first = min(total, 999)
    return {"deck": [{"name": A, "qty": first}, {"name": B, "qty": total - first}]}


@pytest.fixture
def api(alice):
    client = Client()
    client.force_login(alice)
    return client


def test_the_limit_is_far_above_any_format():
    assert LIMIT >= 10 * 60


def test_the_api_refuses_a_flood_on_create_naming_the_field(api, card_pool):
    before = db_state()
    response = api.post("/api/decks/", {"game": "fellbound", "name": "Flood", "sections": flood()},
                        content_type="application/json")
    assert response.status_code == 400, response.content
    body = response.json()
    assert body["error"] == "too_large" and body["field"] == "sections" and body["limit"] == LIMIT
    assert f"{LIMIT:,}" in body["message"] and "sections" in body["errors"]
    assert db_state() == before


def test_an_illegal_draft_is_saved_up_to_the_limit_and_refused_past_it(api, alice, card_pool):
    deck = services.deck_create(owner=alice, game="fellbound", name="Draft")
    at_limit = api.put(f"/api/decks/{deck.pk}/", {"name": "Draft", "sections": flood(LIMIT)},
                       content_type="application/json")
    assert at_limit.status_code == 200 and at_limit.json()["is_legal"] is False  # illegal drafts still save
    past = api.patch(f"/api/decks/{deck.pk}/", {"sections": flood(), "visibility": "public"},
                     content_type="application/json")
    assert past.status_code == 400 and past.json()["field"] == "sections"
    deck.refresh_from_db()
    assert deck.visibility == "private" and sum(DeckCard.objects.filter(deck=deck).values_list("quantity", flat=True)) == LIMIT


def test_text_imports_and_the_builder_refuse_it_too(api, alice, card_pool):
    text = f"Deck:\n999 {A}\n{LIMIT - 998} {B}\n"
    imported = api.post("/api/decks/import/", {"game": "fellbound", "text": text}, content_type="application/json")
    assert imported.status_code == 400 and imported.json()["field"] == "sections"
    page = api.post("/decks/import/", {"game": "fellbound", "text": text, "name": "Flood", "visibility": "private"})
    assert page.status_code == 400 and f"at most {LIMIT:,} cards" in page.content.decode()
    deck = services.deck_create(owner=alice, game="fellbound", name="Builder")
    saved = api.post(f"/decks/{deck.pk}/edit/text/", json.dumps({"action": "save", "text": text}),
                     content_type="application/json")
    assert saved.status_code == 400 and saved.json()["message"].startswith("sections: a deck holds at most")
    assert not Deck.objects.filter(name="Flood").exists() and not deck.cards.exists()


def test_one_more_copy_past_the_limit_is_refused(alice, card_pool):
    from cardpool.models import Card

    deck = services.deck_create(owner=alice, game="fellbound", name="Full", sections=flood(LIMIT))
    card = Card.objects.get(game__slug="fellbound", name=A)
    with pytest.raises(services.DeckTooLarge):
        services.deck_add_card(actor=alice, deck=deck, card=card)


def test_a_deck_saved_before_the_limit_is_not_copied_past_it(api, alice, bob, card_pool):
    deck = services.deck_create(owner=alice, game="fellbound", name="Old flood", visibility=Deck.PUBLIC,
                                sections=flood(LIMIT))
    DeckCard.objects.filter(deck=deck).update(quantity=999)  # as stored before the limit existed
    client = Client()
    client.force_login(bob)
    refused = client.post(f"/api/decks/{deck.pk}/copy/")
    assert refused.status_code == 400 and refused.json()["error"] == "too_large"
    assert client.post(f"/decks/{deck.pk}/copy/").status_code == 302
    assert not Deck.objects.filter(owner=bob).exists()
