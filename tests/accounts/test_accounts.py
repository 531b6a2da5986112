"""Accounts that resist abuse (production issue, part 3): failed logins lock an address or an
account out for a while (the login page, the admin's and the API's basic auth alike) with "try
again in N minutes"; sign-ups per address are limited; a forgotten password is reset by e-mail;
a person exports every deck and deletes their account and data."""

from __future__ import annotations

import base64
import io
import json
import re
import zipfile

import pytest
from django.contrib.auth import get_user_model
from django.core import mail
from django.test import Client
from django.urls import reverse

from decks.models import Deck
from decks.services import deck_import_text

pytestmark = pytest.mark.django_db

PASSWORD = "the-right-password-1"


@pytest.fixture
def person(card_pool):
    return get_user_model().objects.create_user("person", email="person@example.org", password=PASSWORD)


def login(client, username="person", password="wrong", ip="10.0.0.1"):
    return client.post(reverse("login"), {"username": username, "password": password}, REMOTE_ADDR=ip)


def test_five_wrong_passwords_lock_the_address_and_the_account_with_a_clear_wait(person, settings):
    client = Client()
    for _ in range(settings.AXES_FAILURE_LIMIT - 1):
        assert login(client).status_code == 200  # the form again, with its error
    locked = login(client)
    assert locked.status_code == 429
    text = locked.content.decode()
    assert "Too many failed logins" in text and "Try again in 15 minutes" in text
    # even the right password waits now, from this address ...
    assert login(client, password=PASSWORD).status_code == 429
    # ... and for this account from another address
    assert login(Client(), password=PASSWORD, ip="10.0.0.2").status_code == 429
    # another account from another address is not affected
    get_user_model().objects.create_user("other", password=PASSWORD)
    assert login(Client(), username="other", password=PASSWORD, ip="10.0.0.3").status_code == 302


def test_api_basic_auth_failures_count_too(person, settings):
    client = Client()
    bad = "Basic " + base64.b64encode(b"person:wrong").decode()
    for attempt in range(settings.AXES_FAILURE_LIMIT):
        response = client.get("/api/decks/?mine=1", HTTP_AUTHORIZATION=bad, REMOTE_ADDR="10.0.0.9")
        # the last failure locks: 429, as the login page answers (tests/accounts/test_shared_limits.py)
        assert response.status_code == (429 if attempt == settings.AXES_FAILURE_LIMIT - 1 else 401)
    good = "Basic " + base64.b64encode(f"person:{PASSWORD}".encode()).decode()
    locked = client.get("/api/decks/", HTTP_AUTHORIZATION=good, REMOTE_ADDR="10.0.0.9")
    assert locked.status_code == 429  # the right password is refused while locked


def test_sign_ups_per_address_are_limited(card_pool, settings):
    settings.SIGNUPS_PER_HOUR = 2
    client = Client()

    def sign_up(name):
        return client.post(reverse("signup"), {"username": name, "password1": "a-long-password-77",
                                               "password2": "a-long-password-77"}, REMOTE_ADDR="10.1.1.1")

    assert sign_up("first").status_code == 302
    client.logout()
    assert sign_up("second").status_code == 302
    client.logout()
    paused = sign_up("third")
    assert paused.status_code == 429 and "Try again in 60 minutes" in paused.content.decode()
    assert not get_user_model().objects.filter(username="third").exists()


def test_a_forgotten_password_is_reset_by_email(person, client):
    response = client.post(reverse("password_reset"), {"email": "person@example.org"})
    assert response.status_code == 302 and len(mail.outbox) == 1
    link = re.search(r"https?://[^/]+(/accounts/reset/\S+)", mail.outbox[0].body)[1]
    form = client.get(link, follow=True)
    assert "Choose a new password" in form.content.decode()
    done = client.post(form.redirect_chain[-1][0], {"new_password1": "a-brand-new-password-5",
                                                   "new_password2": "a-brand-new-password-5"})
    assert done.status_code == 302
    person.refresh_from_db()
    assert person.check_password("a-brand-new-password-5")
    assert client.post(reverse("password_reset"), {"email": "nobody@example.org"}).status_code == 302
    assert len(mail.outbox) == 1  # nothing sent, and the page does not say whether the address exists


def test_a_person_exports_every_deck_as_text_and_json(person, client):
    with open("fixtures/decks/fellbound-dawnwardens.txt") as handle:
        deck = deck_import_text(owner=person, game="fellbound", text=handle.read())
    client.force_login(person)
    response = client.get(reverse("accounts:export"))
    assert response["Content-Type"] == "application/zip"
    archive = zipfile.ZipFile(io.BytesIO(response.content))
    names = archive.namelist()
    assert "decks.json" in names and f"decks/fellbound-dawnwardens-{deck.pk}.txt" in names
    data = json.loads(archive.read("decks.json"))
    assert data["account"] == "person" and data["decks"][0]["name"] == "Dawnwardens"
    assert sum(card["qty"] for card in data["decks"][0]["sections"]["deck"]) == 10
    text = archive.read(f"decks/fellbound-dawnwardens-{deck.pk}.txt").decode()
    assert "Dawnwardens" in text


def test_a_person_deletes_their_account_and_data_with_their_password(person, client):
    with open("fixtures/decks/fellbound-dawnwardens.txt") as handle:
        deck_import_text(owner=person, game="fellbound", text=handle.read())
    client.force_login(person)
    refused = client.post(reverse("accounts:delete"), {"password": "not-it"})
    assert refused.status_code == 400 and "That is not your password." in refused.content.decode()
    assert get_user_model().objects.filter(username="person").exists()
    gone = client.post(reverse("accounts:delete"), {"password": PASSWORD}, follow=True)
    assert "Your account is deleted, with 1 deck(s)" in gone.content.decode()
    assert not get_user_model().objects.filter(username="person").exists()
    assert not Deck.objects.filter(owner__username="person").exists()
    assert client.get(reverse("accounts:account")).status_code == 302  # logged out


def test_the_account_page_keeps_the_reset_email(person, client):
    client.force_login(person)
    page = client.get(reverse("accounts:account")).content.decode()
    assert "person@example.org" in page and "Export every deck" in page
    client.post(reverse("accounts:account"), {"email": "new@example.org"})
    person.refresh_from_db()
    assert person.email == "new@example.org"


# -- API tokens and rate limits (production issue, part 4) ----------------------------------------

def make_token(client, name="my script") -> str:
    page = client.post(reverse("accounts:token_create"), {"name": name}).content.decode()
    assert "Copy it now: it is not shown again." in page
    return re.search(r'value="(cw_[^"]+)"', page)[1]


def test_a_personal_token_opens_the_api_until_it_is_revoked(person, client):
    client.force_login(person)
    key = make_token(client)
    page = client.get(reverse("accounts:account")).content.decode()
    assert key not in page and key[:10] in page  # only its first characters are ever shown again
    api = Client()
    for header in (f"Bearer {key}", f"Token {key}"):
        response = api.get("/api/decks/?mine=1", HTTP_AUTHORIZATION=header)
        assert response.status_code == 200, response.content
    # a token-authenticated write needs no CSRF token
    made = api.post("/api/decks/", {"game": "fellbound", "name": "By token"}, content_type="application/json",
                    HTTP_AUTHORIZATION=f"Bearer {key}")
    assert made.status_code == 201 and Deck.objects.get(name="By token").owner == person
    token = person.api_tokens.get()
    assert token.last_used is not None and token.key_hash != key and key not in token.key_hash
    client.post(reverse("accounts:token_revoke", args=[token.pk]))
    refused = api.get("/api/decks/?mine=1", HTTP_AUTHORIZATION=f"Bearer {key}")
    assert refused.status_code == 401 and refused["WWW-Authenticate"].startswith("Token")
    assert api.get("/api/decks/?mine=1", HTTP_AUTHORIZATION="Bearer cw_nonsense").status_code == 401


def test_session_writes_still_need_csrf(person):
    client = Client(enforce_csrf_checks=True)
    client.force_login(person)
    refused = client.post("/api/decks/", {"game": "fellbound", "name": "No CSRF"}, content_type="application/json")
    assert refused.status_code == 403 and "CSRF" in refused.content.decode()


def test_the_api_rate_limits_answer_429_with_retry_after(person, settings):
    from accounts.throttles import shared_cache

    cache = shared_cache()
    cache.clear()
    settings.API_RATE_ANON = "3/min"
    stranger = Client()
    codes = [stranger.get("/api/games/", REMOTE_ADDR="10.9.9.9").status_code for _ in range(4)]
    assert codes == [200, 200, 200, 429]
    limited = stranger.get("/api/games/", REMOTE_ADDR="10.9.9.9")
    assert limited.status_code == 429 and int(limited["Retry-After"]) > 0
    settings.API_RATE_USER = "2/min"
    known = Client()
    known.force_login(person)
    assert [known.get("/api/games/").status_code for _ in range(3)] == [200, 200, 429]
    cache.clear()


def test_the_schema_declares_the_token(client):
    schema = client.get("/api/schema/", HTTP_ACCEPT="application/json").json()
    assert schema["components"]["securitySchemes"]["tokenAuth"]["scheme"] == "bearer"


def test_the_client_address_is_always_a_valid_ip(settings, rf):
    """PostgreSQL stores it in an inet column: a request without an address (or with a forged
    X-Forwarded-For) must not make the lockout bookkeeping fail."""
    from config.client_ip import client_ip

    assert client_ip(rf.get("/", REMOTE_ADDR="")) == "0.0.0.0"
    assert client_ip(rf.get("/", REMOTE_ADDR="10.0.0.5", HTTP_X_FORWARDED_FOR="1.2.3.4")) == "10.0.0.5"
    settings.BEHIND_TLS_PROXY = True
    assert client_ip(rf.get("/", REMOTE_ADDR="10.0.0.5", HTTP_X_FORWARDED_FOR="evil, 1.2.3.4")) == "1.2.3.4"
    assert client_ip(rf.get("/", REMOTE_ADDR="10.0.0.5", HTTP_X_FORWARDED_FOR="not-an-ip")) == "10.0.0.5"
