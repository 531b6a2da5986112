"""A search one edit from card names shows those cards, marked as a correction (issue 27, part 10)."""

import pytest
from django.urls import reverse

from cardpool.correction import correct_query
from cardpool.models import Card

NAMES = ["Pebbleheart Sentry", "Emeraldefender Golem", "Sylvara, Emerald Warden", "Rescue Spirit"]


@pytest.mark.parametrize(("typed", "corrected"), [
    ("pebblehart", "pebbleheart"),  # a letter dropped
    ("emeraldd t:form", "emerald t:form"),  # one added; the other terms kept
    ("name:golme", "name:golem"),  # two neighbours swapped
    ('"pebbleheart sentyr" r>=rare', '"pebbleheart sentry" r>=rare'),  # a phrase
    ("sentri or pebblehart", "sentry or pebbleheart"),
])
def test_a_word_one_edit_from_the_names_is_corrected(typed, corrected):
    assert correct_query(typed, NAMES).query == corrected


@pytest.mark.parametrize("query", [
    "golem",  # found as typed
    "orc",  # too short to correct
    "xyzzyq",  # nothing one edit away
    "-golme",  # negated: nothing to show
    "/golme/",  # a regular expression is meant as written
    "t:golme",  # not a name word
    "(unclosed",
])
def test_what_is_not_corrected(query):
    assert correct_query(query, NAMES) is None


def test_only_the_words_in_no_name_are_corrected():
    correction = correct_query("golm pebble", NAMES)
    assert correction.query == "golem pebble" and correction.changes == (("golm", "golem"),)


@pytest.mark.django_db
def test_the_results_page_shows_the_corrected_cards_marked(client, card_pool):
    url = reverse("cardpool:browse", args=["boundless"])
    response = client.get(url, {"q": "pebblehart"})
    assert response.status_code == 200  # one card, yet not opened: the page says it was corrected
    html = response.content.decode()
    sentry = Card.objects.get(game__slug="boundless", name="Pebbleheart Sentry")
    assert 'class="correction"' in html and "<q>pebbleheart</q>" in html and sentry.get_absolute_url() in html
    assert "typed=1" in html

    as_typed = client.get(url, {"q": "pebblehart", "typed": "1"}).content.decode()
    assert 'class="correction"' not in as_typed and "No cards match" in as_typed and "Did you mean" in as_typed


@pytest.mark.django_db
def test_the_site_wide_search_corrects_against_every_game(client, card_pool):
    html = client.get(reverse("cardpool:search"), {"q": "emeraldefender golum"}).content.decode()
    assert 'class="correction"' in html and "Emeraldefender Golem" in html and "1</strong> card" in html
