"""Pages kept for visitors who are not logged in (config/visitor_cache.py; production issue, part
6): the same page to every such visitor for VISITOR_PAGE_SECONDS, never a logged-in user's page,
a page that used a CSRF token, a failed answer or a write, and off when the setting is 0."""

from __future__ import annotations

import pytest
from django.core.cache import cache

from cardpool.models import Card

pytestmark = pytest.mark.django_db


@pytest.fixture
def kept(settings, card_pool):
    settings.VISITOR_PAGE_SECONDS = 10
    return Card.objects.filter(game__slug="boundless").order_by("pk").first()


def _rename(card, name):
    Card.objects.filter(pk=card.pk).update(name=name)


def test_a_visitor_gets_the_kept_page_until_it_expires(client, kept):
    url = kept.get_absolute_url()
    assert kept.name in client.get(url).content.decode()
    _rename(kept, "Renamed Meanwhile")
    assert kept.name in client.get(url).content.decode()  # kept: a visitor sees it seconds late
    cache.clear()  # what the seconds running out does
    assert "Renamed Meanwhile" in client.get(url).content.decode()


def test_a_logged_in_user_always_gets_a_fresh_page(client, kept, django_user_model):
    url = f"/api/cards/{kept.pk}/"
    assert client.get(url).json()["name"] == kept.name
    _rename(kept, "Renamed Meanwhile")
    assert client.get(url).json()["name"] == kept.name  # the visitor's copy
    client.force_login(django_user_model.objects.create_user("reader", password="a-long-password-9"))
    assert client.get(url).json()["name"] == "Renamed Meanwhile"
    client.logout()
    assert client.get(url, HTTP_AUTHORIZATION="Token nonsense").status_code == 401  # never the kept copy


def test_the_key_is_the_whole_path_and_the_accept_header(client, kept):
    url = f"/api/cards/{kept.pk}/"
    assert client.get(url).json()["name"] == kept.name
    _rename(kept, "Renamed Meanwhile")
    assert client.get(url).json()["name"] == kept.name
    assert client.get(url + "?fresh=1").json()["name"] == "Renamed Meanwhile"  # another query: another page
    page = client.get(url, HTTP_ACCEPT="text/html")  # the browsable API: another answer
    assert page["Content-Type"].startswith("text/html") and "Renamed Meanwhile" in page.content.decode()


def test_failed_answers_and_pages_with_a_csrf_token_are_not_kept(client, kept):
    assert client.get("/decks/999999/").status_code == 404
    assert not [key for key in cache._cache if "visitor-page" in key]
    client.get("/accounts/login/")  # a form: its CSRF token is this visitor's own
    assert not [key for key in cache._cache if "visitor-page" in key]
    client.get("/")
    assert [key for key in cache._cache if "visitor-page" in key]


def test_off_when_the_setting_is_zero(client, kept, settings):
    settings.VISITOR_PAGE_SECONDS = 0
    url = f"/api/cards/{kept.pk}/"
    client.get(url)
    _rename(kept, "Renamed Meanwhile")
    assert client.get(url).json()["name"] == "Renamed Meanwhile"


def test_a_kept_api_answer_still_counts_against_the_visitors_rate(client, kept, settings):
    settings.API_RATE_ANON = "3/min"
    codes = [client.get("/api/games/", REMOTE_ADDR="10.9.9.8").status_code for _ in range(4)]
    assert codes == [200, 200, 200, 429]  # the 2nd and 3rd were kept answers, counted all the same
