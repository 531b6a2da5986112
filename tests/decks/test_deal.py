"""Dealt decks: FellBound's ``random`` format deals ten unique cards from a chosen pool, seeded
and reproducible (fellbound.txt, "WAYS TO PLAY" / "RANDOM PLAY": "ten unique cards drawn randomly
face-down from a communal card pool of any size"). Service, new-deck page and
``POST /api/decks/deal/``; bad input changes nothing.
"""

from __future__ import annotations

import pytest

from cardpool.models import Card
from decks import selectors, services
from decks.models import Deck
from tests.decks.conftest import db_state

pytestmark = pytest.mark.django_db

DEAL_URL = "/api/decks/deal/"


def _names(deck: Deck) -> list[str]:
    return sorted(deck.cards.values_list("card__name", flat=True))


def _deal(**kwargs) -> Deck:
    return services.deck_deal(**{"game": "fellbound", "fmt": "random", **kwargs})


# -- service ---------------------------------------------------------------------------------------
def test_same_pool_and_seed_deal_the_same_deck(alice, bob, card_pool):
    """RANDOM PLAY, seeded: the same pool query and seed give the same ten cards, for anyone."""
    first = _deal(owner=alice, pool_query="", seed=1234)
    again = _deal(owner=bob, pool_query="", seed=1234)
    other = _deal(owner=alice, pool_query="", seed=1235)
    assert len(_names(first)) == 10
    assert _names(first) == _names(again)
    assert _names(first) != _names(other)


def test_the_seed_and_pool_are_recorded_so_the_deal_can_be_repeated(alice, card_pool):
    deck = _deal(owner=alice, pool_query="alignments:life", seed=77)
    assert "Dealt from pool 'alignments:life' with seed 77" in deck.description
    assert deck.versions.get().note == "Dealt from pool 'alignments:life' with seed 77"
    assert deck.format.slug == "random" and deck.name == "Random deck (seed 77)"


def test_a_missing_seed_is_drawn_at_random_and_recorded(alice, card_pool):
    deck = _deal(owner=alice)
    seed = int(deck.description.rsplit("seed ", 1)[1].rstrip("."))
    assert 0 <= seed < 2**31
    assert _names(_deal(owner=alice, seed=seed)) == _names(deck)


def test_the_pool_query_is_respected(alice, card_pool):
    """Only cards matching the pool query are dealt (every dealt card has the Life alignment)."""
    deck = _deal(owner=alice, pool_query="alignments:life", seed=5)
    cards = [row.card for row in deck.cards.select_related("card")]
    assert len(cards) == 10
    assert all("life" in card.attributes["alignments"] for card in cards)


def test_the_dealt_deck_is_legal_in_the_random_format(alice, card_pool):
    """fellbound.txt "RANDOM PLAY": ten unique cards -- the validator agrees."""
    for seed in (0, 1, 2, 99):
        deck = _deal(owner=alice, seed=seed)
        assert deck.is_legal and deck.violations == []
        assert selectors.deck_validate(deck) == []
        counts = selectors.deck_counts(selectors.deck_to_decklist(deck))
        assert counts["deck"] == 10 and len(set(_names(deck))) == 10


def test_a_bad_pool_query_is_a_clear_error_and_saves_nothing(alice, card_pool):
    before = db_state()
    with pytest.raises(services.DeckPoolError) as caught:
        _deal(owner=alice, pool_query="gold_cost>=", seed=1)
    assert "pool query" in str(caught.value) and "position" in str(caught.value)
    assert db_state() == before


def test_a_pool_too_small_for_a_deck_is_refused(alice, card_pool):
    """Ten unique cards are needed; the six characters costing 3 gold or more are not enough."""
    before = db_state()
    with pytest.raises(services.DeckPoolError) as caught:
        _deal(owner=alice, pool_query="gold_cost>=3", seed=1)
    message = str(caught.value)
    assert "too small" in message and "RANDOM PLAY" in message and "needs 10" in message
    with pytest.raises(services.DeckPoolError):
        _deal(owner=alice, pool_query="no-card-is-named-like-this", seed=1)
    assert db_state() == before


def test_only_dealt_formats_can_be_dealt(alice, card_pool):
    before = db_state()
    for fmt in ("standard", "aligned", None):
        with pytest.raises(services.DeckError) as caught:
            services.deck_deal(owner=alice, game="fellbound", fmt=fmt, seed=1)
        assert "not dealt" in str(caught.value) and "random" in str(caught.value)
    with pytest.raises(services.DeckError) as caught:
        services.deck_deal(owner=alice, game="bos", fmt="standard", seed=1)
    assert "BOS has no dealt format" in str(caught.value)
    assert db_state() == before


@pytest.mark.parametrize("seed", [-1, "abc", 1.5, True, 2**64])
def test_bad_seeds_are_refused(alice, card_pool, seed):
    before = db_state()
    with pytest.raises(services.DeckError, match="seed must be a whole number"):
        _deal(owner=alice, seed=seed)
    assert db_state() == before


# -- page ------------------------------------------------------------------------------------------
def _post_new(client, **fields):
    data = {"game": "fellbound", "format": "fellbound:random", "name": "Dealt", "visibility": "private",
            "pool": "", "seed": "", **fields}
    return client.post("/decks/new/", data)


def test_new_page_shows_pool_and_seed_and_marks_dealt_formats(client, alice, card_pool):
    client.force_login(alice)
    html = client.get("/decks/new/").content.decode()
    assert "Pool (search query)" in html and "Seed (blank = random)" in html
    assert 'data-dealt-formats="fellbound:random"' in html
    assert "js/deck_form.js" in html


def test_new_page_deals_and_opens_the_deck_page(client, alice, card_pool):
    client.force_login(alice)
    response = _post_new(client, pool="alignments:life", seed="31")
    deck = Deck.objects.get()
    assert response.status_code == 302 and response["Location"] == f"/decks/{deck.pk}/"
    assert deck.name == "Dealt" and deck.format.slug == "random" and deck.is_legal
    assert "seed 31" in client.get(response["Location"]).content.decode()
    again = services.deck_deal(owner=alice, game="fellbound", fmt="random", pool_query="alignments:life", seed=31)
    assert _names(again) == _names(deck)


def test_new_page_ignores_pool_and_seed_for_formats_that_are_not_dealt(client, alice, card_pool):
    client.force_login(alice)
    response = _post_new(client, format="fellbound:aligned", pool="this is ignored (", seed="5")
    deck = Deck.objects.get()
    assert response["Location"] == f"/decks/{deck.pk}/edit/" and deck.cards.count() == 0


def test_new_page_bad_pool_is_a_form_error_and_saves_nothing(client, alice, card_pool):
    client.force_login(alice)
    before = db_state()
    for pool, words in (("gold_cost>=", "pool query"), ("gold_cost>=3", "is too small")):
        response = _post_new(client, pool=pool, seed="1")
        assert response.status_code == 200
        assert any(words in error for error in response.context["form"].errors["pool"])
    response = _post_new(client, seed="-4")
    assert response.status_code == 200 and "field-error" in response.content.decode()
    assert db_state() == before


# -- API -------------------------------------------------------------------------------------------
def test_api_deals_a_reproducible_deck(client, alice, card_pool):
    client.force_login(alice)
    body = {"game": "fellbound", "format": "random", "pool": "alignments:life", "seed": 8, "name": "API deal"}
    first = client.post(DEAL_URL, body, content_type="application/json")
    second = client.post(DEAL_URL, body, content_type="application/json")
    assert first.status_code == 201 and second.status_code == 201
    a, b = first.json(), second.json()
    assert a["name"] == "API deal" and a["format"] == "random" and a["is_legal"] is True
    assert a["sections"]["deck"] == b["sections"]["deck"] and len(a["sections"]["deck"]) == 10
    assert "seed 8" in a["description"]
    dealt = Card.objects.filter(pk__in=[e["card_id"] for e in a["sections"]["deck"]])
    assert all("life" in card.attributes["alignments"] for card in dealt)


def test_api_without_seed_deals_and_records_one(client, alice, card_pool):
    client.force_login(alice)
    response = client.post(DEAL_URL, {"game": "fellbound", "format": "random"}, content_type="application/json")
    assert response.status_code == 201 and "with seed " in response.json()["description"]


@pytest.mark.parametrize("body, words", [
    ({"game": "fellbound", "format": "random", "pool": "gold_cost>="}, "pool query"),
    ({"game": "fellbound", "format": "random", "pool": "gold_cost>=3"}, "too small"),
    ({"game": "fellbound", "format": "random", "pool": 5}, "pool must be"),
    ({"game": "fellbound", "format": "random", "seed": "x"}, "seed must be"),
    ({"game": "fellbound", "format": "standard"}, "not dealt"),
    ({"game": "fellbound"}, "not dealt"),
    ({"game": "fellbound", "format": "nope"}, "no format"),
    ({"game": "chess", "format": "random"}, "game must be"),
])
def test_api_bad_input_is_a_400_and_saves_nothing(client, alice, card_pool, body, words):
    client.force_login(alice)
    before = db_state()
    response = client.post(DEAL_URL, body, content_type="application/json")
    assert response.status_code == 400 and words in response.json()["message"]
    assert db_state() == before


def test_api_malformed_json_is_a_400(client, alice, card_pool):
    client.force_login(alice)
    response = client.post(DEAL_URL, "{not json", content_type="application/json")
    assert response.status_code == 400 and Deck.objects.count() == 0


def test_anonymous_cannot_deal(client, card_pool):
    response = client.post(DEAL_URL, {"game": "fellbound", "format": "random", "seed": 1},
                           content_type="application/json")
    assert response.status_code in (401, 403) and Deck.objects.count() == 0
    page = _post_new(client, seed="1")
    assert page.status_code == 302 and "/accounts/login/" in page["Location"] and Deck.objects.count() == 0
