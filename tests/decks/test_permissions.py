"""Issue part 8: only the owner edits, renames or deletes; private decks are the owner's alone,
unlisted ones open by link only, public ones to everyone. Every write path of the pages and the
API is tried as another user and as an anonymous visitor: each is refused and NOTHING changes."""

from __future__ import annotations

import pytest
from django.test import Client

from decks import services
from decks.models import Deck
from tests.decks.conftest import db_state

pytestmark = pytest.mark.django_db

VISIBILITIES = [Deck.PRIVATE, Deck.UNLISTED, Deck.PUBLIC]


@pytest.fixture
def decks(alice, card_pool):
    """Alice's three decks, one per visibility, each with a card and two versions."""
    out = {}
    for visibility in VISIBILITIES:
        deck = services.deck_create(owner=alice, game="fellbound", name=f"{visibility} deck", visibility=visibility)
        services.deck_set_cards(actor=alice, deck=deck, sections={"deck": [("Hearthward Mender", 1)]})
        out[visibility] = deck
    return out


@pytest.fixture(params=["bob", "anonymous"])
def intruder(request, bob):
    client = Client()
    if request.param == "bob":
        client.force_login(bob)
    return request.param, client


def _api_writes(deck: Deck, key: str = ""):
    q = f"?key={key}" if key else ""
    body = {"name": "Hacked", "sections": {"deck": [{"name": "Backwatch Archer", "qty": 1}]}}
    return [
        ("put", f"/api/decks/{deck.pk}/{q}", body),
        ("patch", f"/api/decks/{deck.pk}/{q}", {"name": "Hacked"}),
        ("patch", f"/api/decks/{deck.pk}/{q}", {"visibility": "public"}),
        ("delete", f"/api/decks/{deck.pk}/{q}", None),
    ]


@pytest.mark.parametrize("visibility", VISIBILITIES)
def test_api_writes_by_others_are_refused_and_change_nothing(decks, intruder, visibility):
    who, client = intruder
    deck = decks[visibility]
    before = db_state()
    for key in ("", deck.share_token):
        for method, url, body in _api_writes(deck, key):
            response = getattr(client, method)(url, body, content_type="application/json")
            allowed = {403, 404} if who == "bob" else {401, 403, 404}
            assert response.status_code in allowed, (who, method, url, response.status_code)
            if who == "bob" and visibility == Deck.PRIVATE:
                assert response.status_code == 404  # a private deck's existence is not revealed
            if who == "bob" and (visibility == Deck.PUBLIC or (visibility == Deck.UNLISTED and key)):
                assert response.status_code == 403
    assert db_state() == before


@pytest.mark.parametrize("visibility", [Deck.PRIVATE, Deck.UNLISTED])
def test_api_copy_of_non_public_decks_is_refused(decks, intruder, visibility):
    who, client = intruder
    before = db_state()
    for key in ("", decks[visibility].share_token):
        response = client.post(f"/api/decks/{decks[visibility].pk}/copy/" + (f"?key={key}" if key else ""))
        assert response.status_code in ({403, 404} if who == "bob" else {401, 403})
    assert db_state() == before


def test_anonymous_cannot_create_import_or_copy_through_the_api(decks):
    client = Client()
    before = db_state()
    assert client.post("/api/decks/", {"game": "bos", "name": "x"}, content_type="application/json").status_code in (401, 403)
    assert client.post("/api/decks/import/", {"game": "fellbound", "text": "Deck:\n1 Hearthward Mender\n"},
                       content_type="application/json").status_code in (401, 403)
    assert client.post(f"/api/decks/{decks[Deck.PUBLIC].pk}/copy/").status_code in (401, 403)
    assert client.get("/api/decks/").status_code == 403
    assert db_state() == before


def test_api_writes_need_the_csrf_token_in_a_browser_session(decks, alice):
    client = Client(enforce_csrf_checks=True)
    client.force_login(alice)
    before = db_state()
    response = client.patch(f"/api/decks/{decks[Deck.PRIVATE].pk}/", {"name": "x"}, content_type="application/json")
    assert response.status_code == 403 and "CSRF" in response.json()["detail"]
    assert db_state() == before
    # validation needs no login, so it needs no token either when anonymous
    anonymous = Client(enforce_csrf_checks=True)
    assert anonymous.post("/api/decks/validate/", {"game": "bos", "sections": {}},
                          content_type="application/json").status_code == 200


def _page_writes(deck: Deck):
    return [
        ("get", f"/decks/{deck.pk}/settings/", None),
        ("post", f"/decks/{deck.pk}/settings/", {"name": "Hacked", "description": "", "visibility": "public", "format": ""}),
        ("get", f"/decks/{deck.pk}/delete/", None),
        ("post", f"/decks/{deck.pk}/delete/", {}),
        ("get", f"/decks/{deck.pk}/edit/", None),
    ]


@pytest.mark.parametrize("visibility", VISIBILITIES)
def test_page_writes_by_others_are_refused_and_change_nothing(decks, intruder, visibility):
    who, client = intruder
    deck = decks[visibility]
    before = db_state()
    for method, url, data in _page_writes(deck):
        for suffix in ("", f"?key={deck.share_token}"):
            response = getattr(client, method)(url + suffix, data)
            if who == "anonymous":
                assert response.status_code == 302 and response["Location"].startswith("/accounts/login/"), url
            elif url.endswith("/edit/") and visibility == Deck.UNLISTED and suffix:
                assert response.status_code in (403, 404), (url, suffix)  # the builder ignores share keys
            elif visibility == Deck.PUBLIC or (visibility == Deck.UNLISTED and suffix):
                assert response.status_code == 403, (url, suffix)
            else:
                assert response.status_code == 404, (url, suffix)
    assert db_state() == before


@pytest.mark.parametrize("visibility", [Deck.PRIVATE, Deck.UNLISTED])
def test_page_copy_of_non_public_decks_is_refused(decks, intruder, visibility):
    who, client = intruder
    before = db_state()
    response = client.post(f"/decks/{decks[visibility].pk}/copy/")
    assert response.status_code == (404 if who == "bob" else 302)
    assert db_state() == before


def test_anonymous_pages_new_import_copy_redirect_to_login(decks):
    client = Client()
    before = db_state()
    for url, data in (("/decks/new/", {"game": "bos", "name": "x", "visibility": "private"}),
                      ("/decks/import/", {"game": "fellbound", "name": "x", "visibility": "private",
                                          "text": "Deck:\n1 Hearthward Mender\n"}),
                      (f"/decks/{decks[Deck.PUBLIC].pk}/copy/", {}),
                      ("/decks/", None)):
        response = client.post(url, data) if data is not None else client.get(url)
        assert response.status_code == 302 and response["Location"].startswith("/accounts/login/"), url
    assert db_state() == before


def test_copy_needs_post(decks, bob):
    client = Client()
    client.force_login(bob)
    before = db_state()
    assert client.get(f"/decks/{decks[Deck.PUBLIC].pk}/copy/").status_code == 405
    assert db_state() == before


# -- reading -------------------------------------------------------------------------------------------
READ_PATHS = ["/decks/{pk}/", "/decks/{pk}/versions/", "/decks/{pk}/diff/?a=1&b=2", "/decks/{pk}/export.txt",
              "/api/decks/{pk}/", "/api/decks/{pk}/export/?fmt=text", "/api/decks/{pk}/versions/",
              "/api/decks/{pk}/diff/?a=1&b=2", "/api/decks/{pk}/sample-hand/?seed=1"]


def _read(client, path: str, deck: Deck, key: str | None = None):
    url = path.format(pk=deck.pk)
    if key is not None:
        url += ("&" if "?" in url else "?") + f"key={key}"
    return client.get(url)


@pytest.mark.parametrize("path", READ_PATHS)
def test_private_deck_is_invisible_to_others(decks, intruder, path):
    _, client = intruder
    deck = decks[Deck.PRIVATE]
    assert _read(client, path, deck).status_code == 404
    assert _read(client, path, deck, deck.share_token).status_code == 404  # keys only open unlisted decks


@pytest.mark.parametrize("path", READ_PATHS)
def test_unlisted_deck_opens_only_with_its_link_key(decks, intruder, path):
    _, client = intruder
    deck = decks[Deck.UNLISTED]
    assert _read(client, path, deck).status_code == 404
    assert _read(client, path, deck, "wrong-key").status_code == 404
    assert _read(client, path, deck, deck.share_token).status_code == 200


@pytest.mark.parametrize("path", READ_PATHS)
def test_public_deck_is_visible_to_everyone(decks, intruder, path):
    _, client = intruder
    assert _read(client, path, decks[Deck.PUBLIC]).status_code == 200


@pytest.mark.parametrize("path", READ_PATHS)
def test_owner_sees_all_her_decks(decks, alice, path):
    client = Client()
    client.force_login(alice)
    for deck in decks.values():
        assert _read(client, path, deck).status_code == 200


def test_lists_show_only_what_they_should(decks, bob):
    client = Client()
    public = client.get("/api/decks/", {"public": 1}).json()["results"]
    assert [d["name"] for d in public] == ["public deck"]
    page = client.get("/decks/public/").content.decode()
    assert "public deck" in page and "private deck" not in page and "unlisted deck" not in page
    client.force_login(bob)
    assert client.get("/api/decks/").json()["results"] == []
    assert "private deck" not in client.get("/decks/").content.decode()


def test_share_link_is_shown_to_the_owner_only(decks, alice, bob):
    deck = decks[Deck.UNLISTED]
    owner = Client()
    owner.force_login(alice)
    assert deck.share_token in owner.get(f"/decks/{deck.pk}/").content.decode()
    other = Client()
    other.force_login(bob)
    body = other.get(f"/api/decks/{deck.pk}/", {"key": deck.share_token}).json()
    assert "share_url" not in body


@pytest.mark.parametrize("key", ["ключ", "é" * 22, "\u2603", "%ZZ"])
def test_a_non_ascii_share_key_is_a_404_not_a_server_error(decks, key):
    """Issue "Robustness", part 6: ``hmac.compare_digest`` refuses non-ASCII text; keys are
    compared as bytes, so any key a stranger types is simply wrong."""
    deck = decks[Deck.UNLISTED]
    client = Client()
    for url in (f"/decks/{deck.pk}/", f"/api/decks/{deck.pk}/"):
        response = client.get(url, {"key": key})
        assert response.status_code == 404, (url, response.status_code)
    assert client.get(f"/api/decks/{deck.pk}/", {"key": deck.share_token}).status_code == 200
