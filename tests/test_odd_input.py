"""Issue "Robustness", part 6: every odd input answers 4xx, never 500, on every database.

Hypothesis sends arbitrary text (NUL and other control characters, non-ASCII, brackets, very
long words) into every query parameter and text field of the API and the pages that read them,
as an anonymous visitor and as a signed-in user, and asserts the server never answers 5xx.
"""

from __future__ import annotations

import json

import pytest
from django.contrib.auth import get_user_model
from django.test import Client
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from decks import services
from decks.models import Deck

pytestmark = pytest.mark.django_db

odd_text = st.one_of(
    st.text(max_size=60),
    st.text(alphabet=st.sampled_from("\x00\x01\x1f\x7f()\"'/\\%{}[]:=<>-é€\u2603 "), max_size=40),
    st.sampled_from(["%00", "\x00", "((((((((((((((a", "/(a+)+$/", "order:", "-" * 50, "ä" * 300, "1e309"]),
)
SETTINGS = settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])


@pytest.fixture
def world(card_pool):
    """A user with an unlisted deck, and the URLs that take parameters."""
    user = get_user_model().objects.create_user("odd", password="odd-password-1")
    deck = services.deck_create(owner=user, game="fellbound", name="Odd", visibility=Deck.UNLISTED)
    signed_in = Client(raise_request_exception=False)
    signed_in.force_login(user)
    return {"deck": deck, "anonymous": Client(raise_request_exception=False), "signed_in": signed_in}


GET_PARAMETERS = [
    ("/api/cards/", ("q", "game", "page", "page_size")),
    ("/api/cards/autocomplete/", ("q", "game")),
    ("/api/decks/", ("q", "game", "page", "public")),
    ("/search/", ("q", "page", "view")),
    ("/games/boundless/", ("q", "page", "view", "order")),
    ("/decks/public/", ("q", "game", "page")),
    ("/api/simulations/", ("page", "status")),
]


@pytest.mark.parametrize("url, names", GET_PARAMETERS, ids=[u for u, _ in GET_PARAMETERS])
@SETTINGS
@given(value=odd_text)
def test_query_parameters_never_answer_5xx(world, url, names, value):
    for name in names:
        for client in (world["anonymous"], world["signed_in"]):
            response = client.get(url, {name: value})
            assert response.status_code < 500, (url, name, value, response.status_code)


@SETTINGS
@given(key=odd_text)
def test_share_keys_never_answer_5xx(world, key):
    deck = world["deck"]
    for url in (f"/decks/{deck.pk}/", f"/api/decks/{deck.pk}/", f"/decks/{deck.pk}/export.txt"):
        response = world["anonymous"].get(url, {"key": key})
        assert response.status_code < 500, (url, key, response.status_code)


@SETTINGS
@given(name=odd_text, description=odd_text, card=odd_text, game=st.sampled_from(["fellbound", "bos", "nope"]))
def test_json_text_fields_never_answer_5xx(world, name, description, card, game):
    sections = {"deck": [{"name": card, "qty": 1}], card[:20] or "x": []}
    validate = {"game": game, "format": name, "sections": sections}
    create = {"game": game, "name": name, "description": description, "sections": sections}
    for url, body, client in (("/api/decks/validate/", validate, world["anonymous"]),
                              ("/api/decks/", create, world["signed_in"]),
                              (f"/api/decks/{world['deck'].pk}/", create, world["signed_in"])):
        send = client.put if url.endswith(f"/{world['deck'].pk}/") else client.post
        response = send(url, json.dumps(body), content_type="application/json")
        assert response.status_code < 500, (url, body, response.status_code)


@SETTINGS
@given(text=odd_text)
def test_deck_text_import_never_answers_5xx(world, text):
    response = world["signed_in"].post("/api/decks/import/", json.dumps({"game": "fellbound", "text": text}),
                                       content_type="application/json")
    assert response.status_code < 500, (text, response.status_code)


def test_control_characters_are_refused_with_where_they_are(world):
    response = world["anonymous"].get("/api/cards/", {"q": "gol\x00em"})
    assert response.status_code == 400
    assert response.json() == {"error": "control_character", "field": "q", "position": 3,
                               "message": "query parameter 'q' at position 3: a control character (such as NUL) "
                                          "is not allowed; remove it and try again"}
    escaped = world["anonymous"].post("/api/decks/validate/", '{"game": "fellbound", "format": "a\\u0000"}',
                                      content_type="application/json")
    assert escaped.status_code == 400 and escaped.json()["error"] == "control_character"
    page = world["anonymous"].get("/search/", {"q": "a\x07"})
    assert page.status_code == 400 and b"control character" in page.content
    assert world["anonymous"].get("/search/", {"q": "tab\there"}).status_code == 200  # tabs stay allowed


DEEP = "[" * 4000 + "]" * 4000  # 8 KB: each level is a recursion of Python's JSON parser


@pytest.mark.parametrize("url", ["/api/decks/validate/", "/api/decks/", "/api/decks/import/", "/api/simulations/",
                                 "/api/decks/deal/"])
def test_deeply_nested_json_bodies_answer_400_before_parsing(world, url):
    """Production issue, part 10: 4 KB of nested brackets answered 500 (RecursionError) on every
    JSON endpoint, without logging in."""
    for client in (world["anonymous"], world["signed_in"]):
        for body in (DEEP, '{"game": "fellbound", "sections": ' + DEEP + "}"):
            response = client.post(url, body, content_type="application/json")
            assert response.status_code == 400, (url, response.status_code)
            assert response.json()["error"] == "too_deep" and "32 levels" in response.json()["message"]
    fine = world["signed_in"].post("/api/decks/validate/", {"game": "fellbound", "sections": {"deck": []}},
                                   content_type="application/json")
    assert fine.status_code == 200


def test_a_deeply_nested_admin_json_field_answers_400(world):
    from cardpool.models import Card

    admin = get_user_model().objects.create_superuser("root", password="root-password-1")
    client = Client(raise_request_exception=False)
    client.force_login(admin)
    card = Card.objects.first()
    response = client.post(f"/admin/cardpool/card/{card.pk}/change/", {"name": card.name, "effects": DEEP})
    assert response.status_code == 400 and "form field 'effects'" in response.content.decode()


def test_a_deeply_nested_card_import_is_refused_with_its_line(world):
    from cardpool.importer import import_cards_text
    from cardpool.services import ImportFailed

    with pytest.raises(ImportFailed) as excinfo:
        import_cards_text('{"cards":\n' + DEEP + "}", game_slug="fellbound", fmt="json")
    assert "line 2" in str(excinfo.value) and "32 levels" in str(excinfo.value)


def test_too_deep_skips_strings_and_finds_the_position():
    from config.json_depth import too_deep

    assert too_deep('{"a": "[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[["}') is None
    assert too_deep("[" * 33) == 32 and too_deep("[" * 32 + "]" * 32) is None
    assert too_deep('["\\"[' + "[" * 40 + '"]') is None  # an escaped quote does not end the string
