"""Server-rendered card pages: home, browser, search, card, sets, syntax help.

Every page answers 200 with the content it promises; a bad query answers 400 with the
whole page, the parser's message and a caret; pagination never fails; the filter panel
writes the same query text on the server as filters.js does in the browser.
"""

from __future__ import annotations

import re
from urllib.parse import parse_qs, urlparse

import pytest
from django.urls import reverse
from django.utils.html import escape

from cardpool.models import Card, CardSet
from cardpool.search import SearchError, parse
from cardpool.views import corrected_query, filter_fields, filters_to_query, query_to_filters
from rules.core.registry import all_games, get_game
from rules.core.schema import BOOL, ENUM, INT, LIST

pytestmark = pytest.mark.django_db

BOUNDLESS_SETS = [("BND1", "Core (BND1)")]


@pytest.fixture
def pool(card_pool):
    """Every game's card pool from fixtures/, as `make run` loads it (tests/conftest.py)."""


def text_of(response) -> str:
    return response.content.decode()


def any_card(game: str) -> Card:
    return Card.objects.filter(game__slug=game).select_related("game", "card_set").order_by("pk").first()


# -- home and the layout -----------------------------------------------------------------------
def test_home_lists_the_five_games_with_card_and_set_counts(client, pool):
    response = client.get(reverse("cardpool:home"))
    assert response.status_code == 200
    html = text_of(response)
    for spec in all_games():
        cards = Card.objects.filter(game__slug=spec.slug).count()
        sets = CardSet.objects.filter(game__slug=spec.slug).count()
        assert cards > 0
        assert escape(spec.name) in html and escape(spec.blurb) in html
        assert reverse("cardpool:browse", args=[spec.slug]) in html
        tile = html.split(escape(spec.blurb), 1)[1].split("</li>", 1)[0]
        assert re.search(rf"<strong>{cards}</strong> cards", tile), spec.slug
        assert re.search(rf"<strong>{sets}</strong> sets?", tile), spec.slug
        assert f"--accent: {spec.accent}" in html
    assert f'action="{reverse("cardpool:search")}"' in html  # the global search box


def test_layout_has_nav_autocomplete_footer_and_only_local_assets(client, pool):
    html = text_of(client.get(reverse("cardpool:home")))
    assert "Card Workshop" in html
    assert 'data-autocomplete="/api/cards/autocomplete/"' in html
    assert "/api/docs/" in html and reverse("cardpool:syntax_help") in html
    assert "/static/css/site.css" in html and "/static/js/autocomplete.js" in html
    for url in re.findall(r'(?:src|href)="([^"]+)"', html):
        assert not url.startswith(("http:", "https:", "//")), url


def test_static_assets_exist():
    from django.contrib.staticfiles import finders

    for path in ("css/site.css", "js/autocomplete.js", "js/filters.js", "js/site.js"):
        assert finders.find(path), path


# -- browse ------------------------------------------------------------------------------------
def test_browse_with_a_query_finds_a_known_card(client, pool):
    """One result opens the card (Scryfall's habit); ``all=1`` keeps the results page."""
    url = reverse("cardpool:browse", args=["boundless"])
    card = Card.objects.get(name="Emeraldefender Golem")
    response = client.get(url, {"q": "emeraldefender"})
    assert response.status_code == 302 and response["Location"] == card.get_absolute_url()
    response = client.get(url, {"q": "emeraldefender", "all": "1"})
    assert response.status_code == 200
    html = text_of(response)
    assert "Emeraldefender Golem" in html
    assert 'value="emeraldefender"' in html  # the search box keeps the query
    assert "<strong>1</strong> card" in html


def test_browse_empty_query_lists_every_card_of_the_game(client, pool):
    total = Card.objects.filter(game__slug="bos").count()
    response = client.get(reverse("cardpool:browse", args=["bos"]))
    assert response.status_code == 200
    assert f"<strong>{total}</strong> cards" in text_of(response)
    assert response.context["total"] == total
    assert len(response.context["cards"]) == min(total, 60)
    assert all(c.game.slug == "bos" for c in response.context["cards"])


def test_browse_unknown_game_is_404(client, pool):
    assert client.get("/games/no-such-game/").status_code == 404


@pytest.mark.parametrize("view", ["grid", "list", "text"])
def test_browse_views(client, pool, view):
    card = Card.objects.get(name="Emeraldefender Golem")
    response = client.get(reverse("cardpool:browse", args=["boundless"]), {"q": "t:form", "view": view})
    assert response.status_code == 200
    html = text_of(response)
    assert card.get_absolute_url() in html
    if view == "grid":
        assert 'class="card-grid"' in html
        assert reverse("cardpool:card_thumb", args=[card.pk]) in html
    elif view == "list":
        assert 'class="card-table stack"' in html
        assert "PWR" in html and "Level" in html  # key stats from the schema
        assert card.card_set.code in html
    else:
        assert 'class="card-texts"' in html
        assert "Form" in html
    # the view switcher keeps the query
    assert "?q=t%3Aform&amp;view=list" in html


def test_unknown_view_falls_back_to_grid(client, pool):
    response = client.get(reverse("cardpool:browse", args=["bos"]), {"view": "<script>"})
    assert response.status_code == 200
    assert response.context["view_mode"] == "grid"


def test_list_view_shows_rarity_and_type(client, pool):
    card = any_card("bos")
    response = client.get(reverse("cardpool:browse", args=["bos"]), {"q": f'name="{card.name}"', "view": "list",
                                                                      "all": "1"})
    html = text_of(response)
    assert card.rarity.name in html and card.type_label in html


# -- pagination ---------------------------------------------------------------------------------
def test_pagination_keeps_query_and_view(client, pool):
    total = Card.objects.filter(game__slug="spellbound").count()
    assert total > 60
    response = client.get(reverse("cardpool:browse", args=["spellbound"]), {"q": "", "view": "list"})
    html = text_of(response)
    assert "Next" in html and "?q=&amp;view=list&amp;page=2" in html
    page2 = client.get(reverse("cardpool:browse", args=["spellbound"]), {"q": "", "view": "list", "page": 2})
    assert page2.status_code == 200
    assert page2.context["page_obj"].number == 2
    assert len(page2.context["cards"]) == total - 60


@pytest.mark.parametrize("page, expected", [("999", "last"), ("abc", 1), ("0", 1), ("-3", 1), ("", 1),
                                              ("2", 2), ("9" * 30, "last")])
def test_pagination_edges_never_fail(client, pool, page, expected):
    response = client.get(reverse("cardpool:browse", args=["spellbound"]), {"page": page})
    assert response.status_code == 200
    page_obj = response.context["page_obj"]
    assert page_obj.number == (page_obj.paginator.num_pages if expected == "last" else expected)


def test_page_beyond_range_of_an_empty_result_is_fine(client, pool):
    response = client.get(reverse("cardpool:browse", args=["bos"]), {"q": "zzzzzz-nothing", "page": "7"})
    assert response.status_code == 200
    assert "No cards match" in text_of(response)


# -- bad queries -------------------------------------------------------------------------------
def test_bad_query_is_400_with_the_full_page_message_caret_and_suggestion(client, pool):
    response = client.get(reverse("cardpool:browse", args=["boundless"]), {"q": "t:form pwer>=3"})
    assert response.status_code == 400
    html = text_of(response)
    assert "<header" in html and "<footer" in html  # the whole page, not a bare error
    assert "unknown search key" in html
    assert "column 8" in html
    # the caret sits under the error position (7), below the query
    assert re.search(r"t:form pwer&gt;=3\n<span class=\"caret-mark\"> {7}\^</span>", html)
    corrected = "t:form pwr>=3"
    assert response.context["error"]["corrected"] == corrected
    assert 'href="/games/boundless/?q=t%3Aform+pwr%3E%3D3"' in html
    assert client.get(response.context["error"]["corrected_url"]).status_code == 200


@pytest.mark.parametrize("q", ["(golem", "pwr>=x", '"open', "t:", "golem or", "order:zzz", "/[/", ")"])
def test_every_bad_query_is_400_never_500(client, pool, q):
    for url in (reverse("cardpool:browse", args=["boundless"]), reverse("cardpool:search")):
        response = client.get(url, {"q": q})
        assert response.status_code == 400, (url, q)
        assert "This query can" in text_of(response)


def test_corrected_query_replaces_the_word_at_the_error():
    q = "t:frm level:2"
    with pytest.raises(SearchError) as info:
        from cardpool.search import search
        search(q, game_slug="boundless")
    assert corrected_query(q, info.value) == "t:form level:2"
    assert corrected_query("x", SearchError("no", 0)) is None


@pytest.mark.parametrize("q, corrected", [
    ('r:"supr rare" t:form', 'r:"super rare" t:form'),  # a quoted value, replaced whole
    ("pwer>=3 golem", "pwr>=3 golem"),  # a key
    ("golem direction:dsc", "golem direction:desc"),  # a value the parser itself refuses
])
def test_corrected_query_replaces_the_word_the_lexer_read(q, corrected):
    from cardpool.search import search
    with pytest.raises(SearchError) as info:
        search(q, game_slug="boundless")
    assert corrected_query(q, info.value) == corrected


# -- search across games ------------------------------------------------------------------------
def test_search_across_games_shows_game_column(client, pool):
    response = client.get(reverse("cardpool:search"), {"q": "golem", "view": "list"})
    assert response.status_code == 200
    html = text_of(response)
    games = {c.game.slug for c in response.context["cards"]}
    assert len(games) >= 3
    assert "<th scope=\"col\">Game</th>" in html
    for slug in games:
        assert get_game(slug).name in html


def test_search_game_key_still_works(client, pool):
    response = client.get(reverse("cardpool:search"), {"q": "golem game:bos"})
    assert response.status_code == 200
    cards = response.context["cards"]
    assert cards and {c.game.slug for c in cards} == {"bos"}


def test_search_empty_query_lists_everything(client, pool):
    response = client.get(reverse("cardpool:search"))
    assert response.status_code == 200
    assert response.context["total"] == Card.objects.count()


# -- the filter panel writes the query -------------------------------------------------------------
def test_filters_to_query_writes_search_language():
    spec = get_game("boundless")
    params = {"f_type": "form", "a_pwr_min": "3", "a_level_min": "2", "a_level_max": "2",
              "f_order": "pwr", "f_direction": "desc", "f_rarity": "", "a_boundless_pwr_max": ""}
    assert filters_to_query(spec, params) == "t:form level:2 pwr>=3 order:pwr direction:desc"
    assert filters_to_query(spec, params, base="golem") == "golem t:form level:2 pwr>=3 order:pwr direction:desc"


def test_filters_to_query_quotes_and_validates():
    spec = get_game("boundless")
    params = {"f_rarity": "super rare", "a_pwr_max": "7", "a_spirit_kind": "rescue",
              "f_type": "dragon", "a_level_min": "two", "f_order": "drop table", "f_direction": "sideways"}
    assert filters_to_query(spec, params) == 'r:"super rare" pwr<=7 spirit_kind:rescue'
    assert filters_to_query(spec, {}) == ""
    assert filters_to_query(spec, {"f_order": "name", "f_direction": "asc"}) == ""


def test_filters_to_query_sets_bools_lists_and_maps():
    spellbound = get_game("spellbound")
    q = filters_to_query(spellbound, {"a_basic": "on", "a_converts_to": spellbound.attribute("converts_to").values[0],
                                      "a_soul_cost_min": "2", "f_set": "SCD1"},
                         set_options=[("SCD1", "Chaos Divided")])
    value = spellbound.attribute("converts_to").values[0]
    assert q == f"s:SCD1 soul_cost>=2 basic:true converts_to:{value}"
    parse(q)


def test_every_games_filter_panel_comes_from_its_schema():
    for spec in all_games():
        fields = {f.name: f for f in filter_fields(spec)}
        assert [v for v, _ in fields["f_type"].options] == list(spec.card_type_slugs)
        for attr in spec.attributes:
            f = fields.get(f"a_{attr.name}")
            if attr.kind in (ENUM, LIST):
                assert f.widget == "select" and [v for v, _ in f.options] == list(attr.values)
            elif attr.kind == INT:
                assert f.widget == "range"
            elif attr.kind == BOOL:
                assert f.widget == "checkbox"


def test_query_to_filters_round_trips():
    spec = get_game("boundless")
    query = "golem t:form level:2 pwr>=3 order:pwr direction:desc"
    base, values = query_to_filters(spec, query)
    assert base == "golem"
    assert values == {"f_type": "form", "a_level_min": "2", "a_level_max": "2", "a_pwr_min": "3",
                      "f_order": "pwr", "f_direction": "desc"}
    assert filters_to_query(spec, values, base=base) == query
    # terms the panel cannot hold, or holds twice, stay in the text
    assert query_to_filters(spec, "t:form t:command")[0] == "t:form t:command"
    assert query_to_filters(spec, "(t:form or t:command) pwr>=3") == ("(t:form or t:command) pwr>=3", {})
    assert query_to_filters(spec, "-t:form pwr>3")[0] == "-t:form pwr>3"
    assert query_to_filters(spec, "t:/form/ T:Form")[0] == "t:/form/"  # a regex stays; the key's case does not matter
    assert query_to_filters(spec, 'order:pwr "a b" t:form and !"Exact Name" direction:desc') == (
        '"a b" !"Exact Name"', {"f_order": "pwr", "f_type": "form", "f_direction": "desc"})
    assert query_to_filters(spec, 't:form "unterminated') == ('t:form "unterminated', {})  # the parser refuses it


def test_the_filter_panel_preview_is_the_query_the_server_writes(client, pool):
    url = reverse("cardpool:filter_query", args=["boundless"])
    response = client.get(url, {"base": " golem ", "f_type": "form", "a_pwr_min": "3", "f_rarity": "nope"})
    assert response.status_code == 200
    assert response.json() == {"q": "golem t:form pwr>=3"}
    assert client.get(url).json() == {"q": ""}
    assert client.get(reverse("cardpool:filter_query", args=["nogame"])).status_code == 404


def test_filter_form_without_javascript_redirects_to_the_same_query(client, pool):
    url = reverse("cardpool:browse", args=["boundless"])
    response = client.get(url, {"base": "golem", "f_type": "form", "a_pwr_min": "3", "a_level_min": "1",
                                "a_level_max": "1", "f_order": "pwr", "f_direction": "desc", "view": "list"})
    assert response.status_code == 302
    target = urlparse(response["Location"])
    assert target.path == url
    params = parse_qs(target.query)
    assert params["q"] == ["golem t:form level:1 pwr>=3 order:pwr direction:desc"]
    assert params["view"] == ["list"]
    page = client.get(response["Location"] + "&all=1")
    assert page.status_code == 200
    assert "Emeraldefender Golem" in text_of(page)


def test_filter_panel_is_prefilled_from_the_query(client, pool):
    response = client.get(reverse("cardpool:browse", args=["boundless"]), {"q": "golem t:form pwr>=3", "all": "1"})
    html = text_of(response)
    assert 'name="base" value="golem"' in html
    assert '<option value="form" selected>' in html
    assert 'name="a_pwr_min" value="3"' in html
    assert "<details class=\"filters\" id=\"filters\" open>" in html


def test_the_filter_panel_kept_in_the_cache_follows_the_query_the_view_and_the_sets(client, pool):
    """The drawn panel is kept under a key of everything it shows: another query, another view or a
    new set is drawn afresh at once."""
    url = reverse("cardpool:browse", args=["boundless"])
    first = text_of(client.get(url, {"q": "golem t:form pwr>=3", "all": "1"}))
    assert 'name="a_pwr_min" value="3"' in first and 'name="base" value="golem"' in first
    second = text_of(client.get(url, {"q": "t:command", "all": "1"}))
    assert '<option value="command" selected>' in second and '<option value="form" selected>' not in second
    assert 'name="a_pwr_min" value=""' in second and 'name="base" value=""' in second
    assert 'name="view" value="list"' in text_of(client.get(url, {"q": "t:command", "view": "list"}))
    plain = text_of(client.get(url))
    assert "<details class=\"filters\" id=\"filters\">" in plain and "NEW9" not in plain
    CardSet.objects.create(game=Card.objects.filter(game__slug="boundless").first().game, code="NEW9",
                           name="Brand New", release_order=99)
    assert '<option value="NEW9">Brand New (NEW9)</option>' in text_of(client.get(url))


def test_filter_panel_offers_every_attribute(client, pool):
    for spec in all_games():
        html = text_of(client.get(reverse("cardpool:browse", args=[spec.slug])))
        assert "/static/js/filters.js" in html
        for attr in spec.attributes:
            if attr.kind in (ENUM, LIST, BOOL):
                assert f'name="a_{attr.name}"' in html, (spec.slug, attr.name)
            elif attr.kind == INT:
                assert f'name="a_{attr.name}_min"' in html and f'name="a_{attr.name}_max"' in html


# -- card page ----------------------------------------------------------------------------------
def test_card_page_shows_image_text_attributes_set_and_rarity(client, pool):
    card = Card.objects.select_related("card_set", "rarity").get(name="Emeraldefender Golem")
    response = client.get(card.get_absolute_url())
    assert response.status_code == 200
    html = text_of(response)
    assert f'<h1>{card.name}</h1>' in html
    assert reverse("cardpool:card_image", args=[card.pk]) in html
    for label, value in card.attribute_items():
        assert label in html and str(value) in html
    assert card.card_set.name in html and card.card_set.get_absolute_url() in html
    assert card.number in html
    if card.rarity:
        assert card.rarity.name in html
    assert "No other printings" in html


def test_card_page_preserves_line_breaks_and_shows_effects(client, pool):
    card = next(c for c in Card.objects.filter(game__slug="bos").select_related("game", "card_set")
                if c.effects)
    html = text_of(client.get(card.get_absolute_url()))
    assert 'class="printed-text box"' in html  # white-space: pre-line keeps the breaks
    assert "<details class=\"effects\">" in html
    first = card.effects[0]
    assert first["ops"][0]["op"] in html
    assert f"timing:{first['timing']}" in html


def test_card_page_lists_other_printings(client, pool):
    card = Card.objects.select_related("game", "card_set", "rarity").get(name="Emeraldefender Golem")
    promo = CardSet.objects.create(game=card.game, code="TESTP", name="Test Promos", release_order=99,
                                   kind=get_game("boundless").set_kinds[-1])
    reprint = Card.objects.create(game=card.game, card_set=promo, number="P01", name=card.name,
                                  card_type=card.card_type, rarity=card.rarity, text=card.text,
                                  attributes=card.attributes, effects=card.effects)
    html = text_of(client.get(card.get_absolute_url()))
    assert "Other printings" in html and reprint.get_absolute_url() in html and "Test Promos" in html
    back = text_of(client.get(reprint.get_absolute_url()))
    assert card.get_absolute_url() in back


def test_card_page_previous_and_next_in_set(client, pool):
    card_set = CardSet.objects.filter(game__slug="bos", code="BC1").get()
    cards = sorted(card_set.cards.all(), key=lambda c: (len(c.number), c.number))
    middle = cards[1]
    html = text_of(client.get(middle.get_absolute_url()))
    assert f'rel="prev" href="{cards[0].get_absolute_url()}"' in html
    assert f'rel="next" href="{cards[2].get_absolute_url()}"' in html


def test_wrong_slug_redirects_permanently_to_the_canonical_url(client, pool):
    card = any_card("fellbound")
    url = reverse("cardpool:card", args=["fellbound", card.card_set.code, card.number, "not-the-name"])
    response = client.get(url)
    assert response.status_code == 301
    assert response["Location"] == card.get_absolute_url()
    lower = reverse("cardpool:card", args=["fellbound", card.card_set.code.lower(), card.number, card.slug])
    assert client.get(lower)["Location"] == card.get_absolute_url()


@pytest.mark.parametrize("args", [
    ("fellbound", "NOPE", "001", "x"),
    ("fellbound", "FB1", "999", "x"),
    ("no_game", "FB1", "001", "x"),
    ("bos", "FB1", "001", "x"),  # another game's set
])
def test_unknown_card_is_404(client, pool, args):
    assert client.get(reverse("cardpool:card", args=args)).status_code == 404


# -- sets -----------------------------------------------------------------------------------------
def test_set_list_shows_kind_order_and_counts(client, pool):
    response = client.get(reverse("cardpool:sets", args=["millennium_blades"]))
    assert response.status_code == 200
    html = text_of(response)
    for card_set in CardSet.objects.filter(game__slug="millennium_blades"):
        assert card_set.name in html and card_set.get_absolute_url() in html
        assert card_set.kind.replace("_", " ") in html
        row = html.split(card_set.get_absolute_url(), 1)[1].split("</tr>", 1)[0]
        assert f'<td class="num">{card_set.cards.count()}</td>' in row


def test_set_page_lists_its_cards_by_number(client, pool):
    card_set = CardSet.objects.get(game__slug="fellbound", code="FB1")
    response = client.get(card_set.get_absolute_url())
    assert response.status_code == 200
    numbers = [c.number for c in response.context["cards"]]
    assert numbers == sorted(numbers, key=lambda n: (len(n), n))
    assert len(numbers) == min(card_set.cards.count(), 60)
    assert 'class="card-grid"' in text_of(response)
    assert text_of(client.get(card_set.get_absolute_url(), {"view": "list"})).count("<tr") > 1


def test_unknown_set_is_404(client, pool):
    assert client.get(reverse("cardpool:set", args=["bos", "NOPE"])).status_code == 404
    assert client.get(reverse("cardpool:sets", args=["nope"])).status_code == 404


# -- syntax help ----------------------------------------------------------------------------------
def test_syntax_help_lists_every_games_attributes_with_runnable_examples(client, pool):
    response = client.get(reverse("cardpool:syntax_help"))
    assert response.status_code == 200
    html = text_of(response)
    for word in ("order:", "direction:desc", " or ", "-t:", "/^", "(", "!="):
        assert word in html, word
    for spec in all_games():
        assert f'id="game-{spec.slug}"' in html
        section = html.split(f'id="game-{spec.slug}"', 1)[1].split("</section>", 1)[0]
        for attr in spec.attributes:
            assert f"<code>{attr.name}</code>" in section, (spec.slug, attr.name)
            for alias in attr.aliases:
                assert f"<code>{alias}</code>" in section, (spec.slug, alias)
            for value in attr.values:
                assert value in section
        for card_type in spec.card_types:
            assert f"<code>{card_type.slug}</code>" in section


def test_every_syntax_help_example_runs(client, pool):
    html = text_of(client.get(reverse("cardpool:syntax_help")))
    links = re.findall(r'<a class="example" href="([^"]+)"', html)
    assert len(links) > 40
    for link in links:
        response = client.get(link.replace("&amp;", "&"))
        if response.status_code == 302:  # one result: its card page
            response = client.get(response["Location"])
        assert response.status_code == 200, link


#: the card browser: the game, its sets (for the set filter), the game's id for the search, the count, the page
BROWSE_QUERIES = 5


@pytest.mark.parametrize("view", ["grid", "list", "text"])
def test_the_card_browser_makes_a_fixed_number_of_queries(client, pool, view, django_assert_max_num_queries):
    """However many cards a page shows and whatever the game: no query per card or per set."""
    for spec in all_games():
        for query in ("", "o:the", "a"):
            with django_assert_max_num_queries(BROWSE_QUERIES):
                response = client.get(f"/games/{spec.slug}/", {"q": query, "view": view, "all": "1"})
            assert response.status_code == 200
    with django_assert_max_num_queries(BROWSE_QUERIES):
        page = client.get("/games/boundless/", {"q": "t:form pwr>=2", "view": view}).content.decode()
    card = Card.objects.filter(game__slug="boundless", card_type="form").order_by("name_lower", "number").first()
    assert card.get_absolute_url() in page
    assert (f"/cards/{card.pk}/thumb.png" in page) == (view == "grid")


def test_a_results_page_kept_in_the_cache_shows_every_change_of_its_cards_at_once(client, pool):
    """A page of results as drawn is kept under a key of every value it shows of its cards: an
    import's bulk update (which leaves ``Card.updated`` alone), an edit, a new or a deleted card is
    shown on the next request, in every view."""
    url = reverse("cardpool:browse", args=["boundless"])
    params = {"q": "t:form pwr>=2", "all": "1"}
    card = Card.objects.filter(game__slug="boundless", card_type="form").order_by("name_lower", "number").first()
    for view in ("grid", "list", "text"):
        assert card.name in text_of(client.get(url, {**params, "view": view}))
    Card.objects.filter(pk=card.pk).update(name="Aaa Renamed Golem", name_lower="aaa renamed golem",
                                           text="A brand new rules text.")
    assert "Aaa Renamed Golem" in text_of(client.get(url, params))
    assert "A brand new rules text." in text_of(client.get(url, {**params, "view": "text"}))
    listed = text_of(client.get(url, {**params, "view": "list"}))
    assert "Aaa Renamed Golem" in listed and card.name not in listed
    count = Card.objects.filter(game__slug="boundless", card_type="form",
                                index_values__name="pwr", index_values__num__gte=2).distinct().count()
    assert f"<strong>{count}</strong> cards" in text_of(client.get(url, params))
    Card.objects.filter(pk=card.pk).delete()
    after = text_of(client.get(url, params))
    assert "Aaa Renamed Golem" not in after and f"<strong>{count - 1}</strong> cards" in after
