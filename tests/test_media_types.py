"""Issue 25, part 5: media types are read case-insensitively, with their parameters, before any view
parses a body; NUL is refused wherever a user can put it (the path, a field, a body) with a 4xx
that says where.

``Content-Type: Application/JSON`` used to pass the JSON-depth and control-character checks (they
matched only lower-case ``application/json``): 2,000 levels of brackets answered 500 on every
JSON endpoint, and a NUL in a deck's ``sections`` 500 on PostgreSQL. These tests run on both
databases (they use the test database, so ``make test`` runs them on PostgreSQL too).
"""

from __future__ import annotations

import io
import json

import pytest
from django.contrib.auth import get_user_model
from django.http import HttpRequest
from django.test import Client, RequestFactory

from config.middleware import media_type
from decks import services
from decks.models import Deck

pytestmark = pytest.mark.django_db

DEEP = "[" * 2000 + "]" * 2000
ODD_CASES = ["Application/JSON", "APPLICATION/JSON; charset=utf-8", "application/Json ; charset=UTF-8"]


@pytest.fixture
def world(card_pool):
    user = get_user_model().objects.create_user("mediatypes", password="media-password-1")
    deck = services.deck_create(owner=user, game="fellbound", name="Media", visibility=Deck.PUBLIC)
    signed_in = Client(raise_request_exception=False)
    signed_in.force_login(user)
    return {"deck": deck, "user": user, "anonymous": Client(raise_request_exception=False), "signed_in": signed_in}


def _writes(deck: Deck) -> list[tuple[str, str]]:
    """(method, url) of every endpoint that reads a JSON body, the deck's own included."""
    return [("post", "/api/decks/validate/"), ("post", "/api/decks/"), ("post", "/api/decks/import/"),
            ("post", "/api/decks/deal/"), ("post", "/api/simulations/"), ("put", f"/api/decks/{deck.pk}/"),
            ("patch", f"/api/decks/{deck.pk}/"), ("post", f"/api/decks/{deck.pk}/copy/"),
            ("post", f"/api/decks/{deck.pk}/sample-hand/"), ("post", f"/api/decks/{deck.pk}/draw-odds/"),
            ("post", f"/decks/{deck.pk}/edit/text/")]


@pytest.mark.parametrize("content_type", ODD_CASES)
def test_deep_json_is_refused_whatever_the_case_of_its_media_type(world, content_type):
    body = '{"game": "fellbound", "sections": ' + DEEP + "}"
    where = f"at position {body.index('[') + 31}"  # the 33rd level: the object, then 32 arrays
    for method, url in _writes(world["deck"]):
        for client in (world["anonymous"], world["signed_in"]):
            response = getattr(client, method)(url, body, content_type=content_type)
            assert response.status_code == 400, (method, url, content_type, response.status_code)
            assert "32 levels" in response.content.decode() and where in response.content.decode()


@pytest.mark.parametrize("content_type", ODD_CASES)
def test_a_nul_in_sections_is_refused_whatever_the_case_of_its_media_type(world, content_type):
    deck = world["deck"]
    sections = '{"deck": [{"name": "Hearth\\u0000ward", "qty": 1}]}'
    for method, url, client in (("post", "/api/decks/validate/", world["anonymous"]),
                                ("post", "/api/decks/", world["signed_in"]),
                                ("patch", f"/api/decks/{deck.pk}/", world["signed_in"])):
        body = '{"game": "fellbound", "name": "N", "sections": ' + sections + "}"
        response = getattr(client, method)(url, body, content_type=content_type)
        assert response.status_code == 400, (url, content_type, response.status_code)
        error = response.json()
        assert error["error"] == "control_character" and error["position"] == body.index("\\u0000")
        assert f"the request body at position {error['position']}" in error["message"]
    assert not Deck.objects.filter(name="N").exists()


def test_a_raw_nul_in_an_upper_case_json_body_says_where(world):
    body = json.dumps({"game": "fellbound", "format": "x\x00"})
    response = world["anonymous"].post("/api/decks/validate/", body, content_type="APPLICATION/JSON")
    assert response.status_code == 400
    assert response.json()["position"] == body.index("\\u0000")  # json.dumps escapes it
    raw = '{"game": "fellbound", "format": "x\x00"}'
    response = world["anonymous"].post("/api/decks/validate/", raw, content_type="Application/Json")
    assert response.status_code == 400 and response.json()["position"] == raw.index("\x00")


def test_a_nul_in_an_upper_case_form_is_refused(world):
    response = world["signed_in"].post("/api/decks/", "game=fellbound&name=a%00b",
                                       content_type="Application/X-WWW-Form-URLEncoded")
    assert response.status_code == 400
    assert response.json()["field"] == "name" and response.json()["position"] == 1


def test_a_nul_in_a_multipart_field_is_refused(world):
    response = world["signed_in"].post("/api/decks/", {"game": "fellbound", "name": "a\x00b"})
    assert response.status_code == 400
    assert response.json()["error"] == "control_character" and response.json()["field"] == "name"


@pytest.mark.parametrize("path", ["/games/boundless/cards/BD01/%00/x/", "/games/bound%00less/",
                                  "/api/decks/%00/", "/decks/public/%01"])
def test_a_nul_in_the_path_is_refused_with_its_position(world, path):
    response = world["anonymous"].get(path)
    assert response.status_code == 400, (path, response.status_code)
    assert "the address (path) at position" in response.content.decode()
    api = world["anonymous"].get("/api/cards/%00/")
    assert api.json()["field"] == "path" and api.json()["position"] == len("/api/cards/")


def test_the_builder_text_endpoint_refuses_deep_json_sent_as_text(world):
    url = f"/decks/{world['deck'].pk}/edit/text/"
    for body in (DEEP, "  \n" + DEEP, "\ufeff" + DEEP, '{"action": "save", "text": ' + DEEP + "}"):
        response = world["signed_in"].post(url, body, content_type="text/plain")
        assert response.status_code == 400, (body[:5], response.status_code)
        assert "32 levels" in response.content.decode()
    escaped = world["signed_in"].post(url, '{"action": "save", "text": "a\\u0000"}', content_type="text/plain")
    assert escaped.status_code == 400 and "control character" in escaped.content.decode()


def test_the_builder_text_view_measures_the_body_itself(monkeypatch):
    """Behind the middleware, the view asks ``too_deep`` too (a body the middleware did not read as
    JSON, in any media type, never reaches ``json.loads`` unmeasured)."""
    from decks import builder_views

    monkeypatch.setattr(builder_views, "_owned_deck", lambda request, pk: None)
    request = RequestFactory().post("/x/", "\ufeff" + DEEP, content_type="application/octet-stream")
    view = builder_views.builder_text.__wrapped__.__wrapped__  # past login_required and require_POST
    response = view(request, 1)
    assert response.status_code == 400 and json.loads(response.content)["error"] == "too_deep"


def test_the_staff_json_import_of_deep_json_says_where(world):
    staff = get_user_model().objects.create_superuser("importer", password="import-password-1")
    client = Client(raise_request_exception=False)
    client.force_login(staff)
    upload = io.BytesIO(('{"cards":\n' + "[" * 5000 + "]" * 5000 + "}").encode())
    upload.name = "deep.json"
    response = client.post("/admin/cardpool/card/import/", {"game": "fellbound", "file": upload, "format": ""})
    assert response.status_code == 400, response.status_code
    assert "line 2" in response.content.decode() and "32 levels" in response.content.decode()


@pytest.mark.parametrize("header, expected", [
    ("application/json", "application/json"), ("Application/JSON", "application/json"),
    ("APPLICATION/JSON; charset=utf-8", "application/json"), (" text/Plain ;charset=x", "text/plain"),
    ("", ""), ("multipart/form-data; boundary=Ab;C", "multipart/form-data"),
])
def test_media_type_is_read_case_insensitively_without_parameters(header, expected):
    request = HttpRequest()
    request.META["CONTENT_TYPE"] = header
    assert media_type(request) == expected
