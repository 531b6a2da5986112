"""The site header's deck and account links: "Decks" for everyone; "My decks", "New deck" and a
POST "Log out" button when logged in; "Log in" and "Sign up" otherwise."""

from __future__ import annotations

import re

import pytest
from django.contrib.auth import get_user_model

pytestmark = pytest.mark.django_db

PAGES = ["/", "/decks/public/", "/accounts/login/", "/accounts/signup/", "/help/syntax/", "/games/fellbound/"]


def _header(html: str) -> str:
    return re.search(r'<header class="site-header">.*?</header>', html, re.S).group(0)


@pytest.mark.parametrize("path", PAGES)
def test_header_for_anonymous_visitors(client, card_pool, path):
    response = client.get(path)
    assert response.status_code == 200
    header = _header(response.content.decode())
    assert 'href="/decks/public/">Decks</a>' in header
    assert ">Log in</a>" in header and 'href="/accounts/signup/"' in header and ">Sign up</a>" in header
    assert "My decks" not in header and "Log out" not in header


@pytest.mark.parametrize("path", PAGES[:2] + PAGES[4:] + ["/decks/", "/decks/new/"])
def test_header_for_logged_in_users(client, alice, card_pool, path):
    client.force_login(alice)
    response = client.get(path)
    assert response.status_code == 200
    header = _header(response.content.decode())
    for link in ('href="/decks/public/">Decks</a>', 'href="/decks/">My decks</a>', 'href="/decks/new/">New deck</a>'):
        assert link in header
    logout = re.search(r'<form method="post" action="/accounts/logout/".*?</form>', header, re.S).group(0)
    assert "csrfmiddlewaretoken" in logout and ">Log out</button>" in logout
    assert "Log in" not in header and "Sign up" not in header


def test_log_in_link_returns_to_the_page(client, card_pool):
    header = _header(client.get("/decks/public/").content.decode())
    assert 'href="/accounts/login/?next=/decks/public/"' in header


def test_header_log_out_button_logs_out(client, alice):
    client.force_login(alice)
    response = client.post("/accounts/logout/")
    assert response.status_code == 302
    assert "Log in" in _header(client.get("/").content.decode())


def test_signup_alias_under_accounts(client, db):
    response = client.post("/accounts/signup/", {"username": "dora", "password1": "a-Long-pass-9876",
                                                 "password2": "a-Long-pass-9876"})
    assert response.status_code == 302 and response["Location"] == "/decks/"
    assert get_user_model().objects.filter(username="dora").exists()
