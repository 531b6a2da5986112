"""``{% card_image_map %}`` (player experience issue, part 2): the pictures of the cards a board
or a replay names, for the card previews; names that are no card of the game are left out."""

import json
import re

import pytest
from django.template import Context, Template

from cardpool.models import Card
from cardpool.templatetags.card_images import card_names, image_map

pytestmark = pytest.mark.django_db


def test_every_name_of_a_view_is_a_candidate():
    view = {"turn": 3, "players": [{"hand": ["Ashveil Imp", None, {"name": "Cobble Whelp", "pwr": 2}],
                                    "grid": [[None, {"name": "Tile Card", "seat": 0}]]}],
            "hands": {"0": ["Coral Oracle"]}, "note": "not a list"}
    assert card_names(view) == {"Ashveil Imp", "Cobble Whelp", "Tile Card", "Coral Oracle"}
    assert card_names([{"view": view, "moves": [{"sentence": "x"}]}]) == card_names(view)


def test_the_map_gives_each_card_of_the_game_its_pictures_and_page(card_pool):
    from django.db.models import Count

    unique = (Card.objects.filter(game__slug="boundless").values("name_lower").annotate(n=Count("pk"))
              .filter(n=1).values_list("name_lower", flat=True))
    card = Card.objects.filter(game__slug="boundless", name_lower__in=list(unique)).first()
    other_game = Card.objects.exclude(game__slug="boundless").exclude(name_lower__in=list(unique)).first()
    found = image_map("boundless", [card.name, card.name.upper(), "No Such Card", other_game.name])
    assert found[card.name] == {"thumb": f"/cards/{card.pk}/thumb.png", "image": f"/cards/{card.pk}/image.png",
                                "url": card.get_absolute_url()}
    assert found[card.name.upper()] == found[card.name]
    assert "No Such Card" not in found
    assert other_game.name not in found


def test_the_tag_writes_a_json_script_the_board_reads(card_pool):
    card = Card.objects.filter(game__slug="bos").first()
    html = Template("{% load card_images %}{% card_image_map game data %}").render(
        Context({"game": "bos", "data": [{"view": {"hand": [card.name, "</script><b>"]}}]}))
    assert html.startswith('<script id="card-images" type="application/json">')
    payload = json.loads(re.search(r">(.*)</script>", html, re.S).group(1))
    assert list(payload) == [card.name] and "<b>" not in html
