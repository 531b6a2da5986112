"""Issue "Robustness", part 3: anonymous validation and deck writes do bounded work.

A 3.4 MB validation body took 46 s and answered 18 MB; a 15 MB description was accepted.
Requests past the limits answer a clear 400 naming the limit, and nothing is saved."""

import json

import pytest
from django.test import Client

from decks import selectors
from decks.models import Deck
from decks.services import MAX_DESCRIPTION

pytestmark = pytest.mark.django_db


def _validate(sections, **extra):
    body = json.dumps({"game": "fellbound", "sections": sections})
    return Client().post("/api/decks/validate/", body, content_type="application/json", **extra)


def test_a_flood_of_entries_is_refused_naming_the_limit(card_pool):
    response = _validate({"deck": [{"name": "Hearthward Mender", "qty": 1}] * (selectors.MAX_ENTRIES + 1)})
    assert response.status_code == 400
    assert response.json()["error"] == "too_large" and str(selectors.MAX_ENTRIES) in response.json()["message"]


def test_too_many_sections_or_a_huge_card_name_is_refused(card_pool):
    many = {f"s{i}": [] for i in range(selectors.MAX_SECTIONS + 1)}
    assert _validate(many).json()["error"] == "too_large"
    huge = _validate({"deck": [{"name": "x" * 5000, "qty": 1}]})
    assert huge.status_code == 400 and "deck[0].name" in huge.json()["message"]


def test_a_body_over_the_byte_limit_is_refused_before_it_is_read(card_pool):
    padding = "a" * (selectors.MAX_BODY_BYTES + 10)
    body = json.dumps({"game": "fellbound", "sections": {}, "padding": padding})
    response = Client().post("/api/decks/validate/", body, content_type="application/json")
    assert response.status_code == 400 and response.json()["error"] == "too_large"


def test_a_normal_deck_still_validates(card_pool):
    response = _validate({"deck": [{"name": "Hearthward Mender", "qty": 1}]})
    assert response.status_code == 200 and "legal" in response.json()


def test_a_huge_description_is_refused_and_nothing_is_saved(alice, card_pool):
    client = Client()
    client.force_login(alice)
    body = {"game": "fellbound", "name": "Long", "description": "d" * (MAX_DESCRIPTION + 1), "sections": {}}
    response = client.post("/api/decks/", body, content_type="application/json")
    assert response.status_code == 400 and f"{MAX_DESCRIPTION:,}" in json.dumps(response.json())
    assert not Deck.objects.filter(name="Long").exists()
