"""The card API: games, search with pagination, one card, autocomplete, 400s, OpenAPI schema."""

import pytest

pytestmark = pytest.mark.django_db


def test_games_lists_every_game_with_schema_and_counts(client, card_pool):
    data = client.get("/api/games/").json()
    slugs = [g["slug"] for g in data]
    assert sorted(slugs) == ["bos", "boundless", "fellbound", "millennium_blades", "spellbound"]
    boundless = next(g for g in data if g["slug"] == "boundless")
    assert boundless["card_count"] > 40
    assert [s["slug"] for s in boundless["sections"]] == ["savior", "main", "spirit"]
    pwr = next(a for a in boundless["attributes"] if a["name"] == "pwr")
    assert pwr["kind"] == "int" and "power" in pwr["aliases"]


def test_card_search_is_paginated_with_documented_fields(client, card_pool):
    response = client.get("/api/cards/", {"game": "boundless", "q": "t:form", "page_size": 5})
    assert response.status_code == 200
    body = response.json()
    assert set(body) == {"count", "next", "previous", "results", "correction"}
    assert body["count"] >= 24 and len(body["results"]) == 5
    assert body["previous"] is None and "page=2" in body["next"]
    card = body["results"][0]
    for key in ("id", "game", "set", "number", "name", "card_type", "rarity", "text", "attributes", "image_url"):
        assert key in card
    assert card["game"] == "boundless" and card["card_type"] == "form"
    assert card["image_url"].startswith("http://testserver/cards/")
    second = client.get(body["next"]).json()
    assert second["previous"] and second["results"][0]["id"] != card["id"]


def test_card_search_finds_a_named_card(client, card_pool):
    body = client.get("/api/cards/", {"q": '"Emeraldefender Golem"'}).json()
    assert [c["name"] for c in body["results"]] == ["Emeraldefender Golem"]
    assert body["results"][0]["attributes"]["level"] == 1


def test_attribute_query_through_the_api(client, card_pool):
    body = client.get("/api/cards/", {"game": "millennium_blades", "q": "star>=9 order:star direction:desc"}).json()
    stars = [c["attributes"]["star"] for c in body["results"]]
    assert stars and all(s >= 9 for s in stars) and stars == sorted(stars, reverse=True)


@pytest.mark.parametrize("q, fragment", [
    ("pwer>=3", "unknown search key"),
    ("(golem", "unmatched opening parenthesis"),
    ("pwr>=x", "whole number"),
    ("/[/", "invalid regular expression"),
])
def test_bad_query_answers_400_with_message_and_position(client, card_pool, q, fragment):
    response = client.get("/api/cards/", {"game": "boundless", "q": q})
    assert response.status_code == 400
    body = response.json()
    assert body["error"] == "bad_query" and fragment in body["message"] and isinstance(body["position"], int)
    assert body["column"] == body["position"] + 1 and f"at position {body['column']}" in body["message"]


def test_unknown_game_answers_400(client, card_pool):
    response = client.get("/api/cards/", {"game": "chess"})
    assert response.status_code == 400
    body = response.json()
    assert body["error"] == "unknown_game" and "unknown game" in body["message"]
    assert body["field"] == "game" and "boundless" in body["known"]


def test_bad_page_never_500(client, card_pool):
    assert client.get("/api/cards/", {"page": "abc"}).status_code == 404
    assert client.get("/api/cards/", {"page": "9999"}).status_code == 404


def test_card_detail_and_404(client, card_pool):
    first = client.get("/api/cards/", {"game": "bos", "q": "forest sage"}).json()["results"][0]
    detail = client.get(f"/api/cards/{first['id']}/").json()
    assert detail["name"] == "Forest Sage" and detail["attributes"]["color"] == "yellow"
    assert client.get("/api/cards/999999/").status_code == 404


def test_autocomplete_prefers_prefix_matches(client, card_pool):
    names = client.get("/api/cards/autocomplete/", {"game": "boundless", "q": "emeraldef"}).json()["results"]
    assert names[0] == "Emeraldefender Golem"
    assert client.get("/api/cards/autocomplete/", {"q": ""}).json()["results"] == []
    assert client.get("/api/cards/autocomplete/", {"game": "nope", "q": "a"}).status_code == 400


def test_openapi_schema_and_docs_page(client):
    schema = client.get("/api/schema/")
    assert schema.status_code == 200
    text = schema.content.decode()
    assert "/api/cards/" in text and "/api/cards/autocomplete/" in text
    docs = client.get("/api/docs/")
    assert docs.status_code == 200
    assert b"cdn" not in docs.content.lower()


def test_nul_characters_are_a_400_not_a_server_error(client, card_pool):
    """PostgreSQL refuses NUL in any string: a query holding one must be refused first."""
    response = client.get("/api/cards/", {"q": "gol\x00em"})
    assert response.status_code == 400 and response.json()["position"] == 3
    assert client.get("/api/cards/autocomplete/", {"q": "a\x00"}).status_code == 400


def test_autocomplete_refusals_answer_the_documented_error_body(client, card_pool):
    long_q = client.get("/api/cards/autocomplete/", {"q": "a" * 201})
    assert long_q.status_code == 400
    assert long_q.json() == {"error": "bad_query", "message": "q is longer than 200 characters", "field": "q"}
    unknown = client.get("/api/cards/autocomplete/", {"game": "nope", "q": "a"}).json()
    assert unknown["error"] == "unknown_game" and unknown["field"] == "game" and unknown["message"]


def test_a_search_of_one_game_costs_three_queries(client, card_pool, django_assert_max_num_queries):
    """The rate count (one statement, accounts.throttles), the count and the page: the game is
    joined by its slug, not looked up first."""
    for query in ("t:form pwr>=2", "", "golem"):
        with django_assert_max_num_queries(3):
            response = client.get("/api/cards/", {"game": "boundless", "q": query})
        assert response.status_code == 200 and response.json()["count"] > 0
        assert {card["game"] for card in response.json()["results"]} == {"boundless"}
    # a game that has no card (yet) finds nothing, as before
    from cardpool.models import Card

    Card.objects.filter(game__slug="fellbound").delete()
    assert client.get("/api/cards/", {"game": "fellbound", "q": ""}).json()["count"] == 0
