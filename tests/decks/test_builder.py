"""The deck builder page (issue 3, part 5): who may open it and what it embeds for builder.js.

Every game is checked the same way (parametrised over the registry), with no game named.
"""

import json
import re

import pytest
from django.contrib.auth import get_user_model
from django.urls import reverse

from cardpool.models import Card
from decks.models import Deck
from decks.services import deck_create, deck_set_cards
from rules.core.registry import game_slugs, get_game

pytestmark = pytest.mark.django_db


@pytest.fixture
def owner(db):
    return get_user_model().objects.create_user("owner", password="pw-owner-123")


@pytest.fixture
def stranger(db):
    return get_user_model().objects.create_user("stranger", password="pw-stranger-123")


def _deck_with_a_card_per_section(owner, game: str, visibility: str = Deck.PRIVATE) -> tuple[Deck, dict]:
    """A deck holding one card of each section's first card type that the pool has."""
    deck = deck_create(owner=owner, game=game, name=f"My {game} deck", visibility=visibility)
    sections = {}
    for section in get_game(game).sections:
        card = Card.objects.filter(game__slug=game, card_type__in=section.card_types).order_by("pk").first()
        if card is not None:
            sections[section.slug] = [(card.pk, 2)]
    deck_set_cards(actor=owner, deck=deck, sections=sections)
    return deck, sections


def _payload(response) -> dict:
    html = response.content.decode()
    start = html.index('<script id="builder-data" type="application/json">')
    start = html.index(">", start) + 1
    return json.loads(html[start:html.index("</script>", start)])


@pytest.mark.parametrize("game", game_slugs())
def test_owner_gets_the_builder_with_the_deck_and_the_game_as_json(client, card_pool, owner, game):
    deck, sections = _deck_with_a_card_per_section(owner, game)
    client.force_login(owner)
    response = client.get(reverse("decks:builder", args=[deck.pk]))
    assert response.status_code == 200
    assert 'id="builder-data"' in response.content.decode()
    payload = _payload(response)
    spec = get_game(game)
    assert payload["deck"]["id"] == deck.pk
    assert payload["deck"]["name"] == deck.name
    assert payload["game"]["slug"] == game
    assert [s["slug"] for s in payload["game"]["sections"]] == [s.slug for s in spec.sections]
    assert [s["card_types"] for s in payload["game"]["sections"]] == [list(s.card_types) for s in spec.sections]
    assert "standard" in [f["slug"] for f in payload["formats"]]
    for slug, rows in sections.items():
        (card_id, qty), = rows
        [row] = payload["sections"][slug]
        assert row["card_id"] == card_id and row["qty"] == qty
        assert row["name"] == Card.objects.get(pk=card_id).name
    for key in ("search", "validate", "deck", "sample_hand", "draw_odds", "export", "thumb"):
        assert payload["urls"][key].startswith("/")
    assert f"/{deck.pk}/" in payload["urls"]["deck"]


def test_the_page_loads_its_own_scripts_and_styles_and_nothing_from_elsewhere(client, card_pool, owner):
    deck, _ = _deck_with_a_card_per_section(owner, game_slugs()[0])
    client.force_login(owner)
    html = client.get(reverse("decks:builder", args=[deck.pk])).content.decode()
    for asset in ("js/builder.js", "js/charts.js", "css/builder.css"):
        assert asset in html
    assert not re.search(r"""(?:src|href)=["'](?:https?:)?//""", html)  # no CDN: every asset from static/


def test_another_user_cannot_open_a_private_decks_builder(client, card_pool, owner, stranger):
    deck, _ = _deck_with_a_card_per_section(owner, game_slugs()[0])
    client.force_login(stranger)
    assert client.get(reverse("decks:builder", args=[deck.pk])).status_code == 404


def test_another_user_sees_a_public_deck_but_may_not_build_it(client, card_pool, owner, stranger):
    deck, _ = _deck_with_a_card_per_section(owner, game_slugs()[0], visibility=Deck.PUBLIC)
    client.force_login(stranger)
    assert client.get(reverse("decks:builder", args=[deck.pk])).status_code == 403


def test_anonymous_visitor_is_sent_to_log_in(client, card_pool, owner):
    deck, _ = _deck_with_a_card_per_section(owner, game_slugs()[0], visibility=Deck.PUBLIC)
    response = client.get(reverse("decks:builder", args=[deck.pk]))
    assert response.status_code == 302
    assert reverse("login") in response["Location"]


def test_unknown_deck_is_404(client, owner):
    client.force_login(owner)
    assert client.get(reverse("decks:builder", args=[999999])).status_code == 404
