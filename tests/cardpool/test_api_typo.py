"""The card API corrects a typo as the card browser does (issue 27.10): a query that finds nothing
but is one edit from card names answers the corrected query's cards, with ``correction`` saying
what was typed and what was searched; ``typed=1`` searches the query as typed. Documented in the
OpenAPI schema (drf-spectacular)."""

import pytest
from django.urls import reverse

pytestmark = pytest.mark.django_db
URL = reverse("api-cards")


def test_a_typo_answers_the_corrected_cards_marked(client, card_pool):
    body = client.get(URL, {"game": "boundless", "q": "pebblehart"}).json()
    assert body["count"] >= 1 and all("Pebbleheart" in card["name"] for card in body["results"])
    assert body["correction"] == {"typed": "pebblehart", "query": "pebbleheart",
                                  "changes": [{"typed": "pebblehart", "corrected": "pebbleheart"}]}


def test_every_game_is_corrected_against_without_a_game(client, card_pool):
    body = client.get(URL, {"q": "emeraldefender golum t:form"}).json()
    assert [card["name"] for card in body["results"]] == ["Emeraldefender Golem"]
    assert body["correction"]["query"] == "emeraldefender golem t:form"


def test_a_query_that_finds_cards_or_is_not_a_typo_is_not_corrected(client, card_pool):
    found = client.get(URL, {"game": "boundless", "q": "pebbleheart"}).json()
    assert found["count"] >= 1 and found["correction"] is None
    nothing = client.get(URL, {"game": "boundless", "q": "xyzzyq"}).json()
    assert nothing["count"] == 0 and nothing["results"] == [] and nothing["correction"] is None


def test_typed_searches_the_query_as_typed(client, card_pool):
    body = client.get(URL, {"game": "boundless", "q": "pebblehart", "typed": "1"}).json()
    assert body["count"] == 0 and body["correction"] is None


def test_the_correction_is_in_the_schema(client):
    schema = client.get("/api/schema/", HTTP_ACCEPT="application/json").json()
    listing = schema["paths"]["/api/cards/"]["get"]
    assert any(p["name"] == "typed" for p in listing["parameters"])
    page = listing["responses"]["200"]["content"]["application/json"]["schema"]
    page = schema["components"]["schemas"][page["$ref"].rsplit("/", 1)[1]] if "$ref" in page else page
    correction = page["properties"]["correction"]
    assert correction["nullable"] and set(correction["properties"]) == {"typed", "query", "changes"}
