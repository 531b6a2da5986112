"""Search that forgives (player experience issue, part 4): "did you mean" by edit distance over
card names, !"Exact Name", t: for subtypes (or the right key), one result opens the card, a
random card honouring the query, autocomplete entries that name their game and open the card."""

import pytest
from django.urls import reverse

from cardpool.models import Card
from cardpool.search import SearchError, name_words, search
from cardpool.selectors import closest_cards

pytestmark = pytest.mark.django_db


def browse(client, game, q, **extra):
    return client.get(reverse("cardpool:browse", args=[game]), {"q": q, **extra})


def test_a_misspelt_name_finds_nothing_and_offers_the_closest_names(client, card_pool):
    response = browse(client, "boundless", "akmaden acolitte")  # two edits: not corrected (test_typo_search)
    assert response.status_code == 200
    html = response.content.decode()
    acolyte = Card.objects.get(name="Akumaiden Acolyte")
    assert "Did you mean" in html and f'href="{acolyte.get_absolute_url()}"' in html


def test_the_site_wide_suggestion_names_the_game(client, card_pool):
    html = client.get(reverse("cardpool:search"), {"q": "emeraldefender glum"}).content.decode()
    assert "Did you mean" in html and "Emeraldefender Golem" in html and "(Boundless TCG)" in html


def test_suggestions_correct_only_the_name_words_of_a_query():
    assert name_words('akumaden t:form -golem "blood pact" name:whelp pwr>=3 /re/') == "akumaden blood pact whelp"
    assert name_words("(unclosed") == ""


def test_no_suggestion_when_nothing_is_close(card_pool):
    assert closest_cards("zzqxj vvkkp") == []
    assert [c.name for c in closest_cards("akumaiden acolyt", game_slug="boundless")][:1] == ["Akumaiden Acolyte"]


def test_exact_name_with_a_bang(card_pool):
    assert [c.name for c in search('!"Emeraldefender Golem"').cards] == ["Emeraldefender Golem"]
    assert [c.name for c in search("!cobble", game_slug="boundless").cards] == []  # a part of a name is not the name
    assert search('!"emeraldefender golem"').count() == 1  # case does not matter


@pytest.mark.parametrize("query, some_card", [
    ("t:golem", "Emeraldefender Golem"),  # a Boundless tribe
    ("t:protect", "Protect Spirit"),  # a spirit type
])
def test_type_also_matches_subtypes(card_pool, query, some_card):
    names = [c.name for c in search(query, game_slug="boundless").cards]
    assert some_card in names
    assert all("Golem" in (c.attributes.get("tribe") or []) for c in search("t:golem", game_slug="boundless").cards)


@pytest.mark.parametrize("query, words, suggestion", [
    ("t:fire", "is not a card type but a value of Elements: search element:fire", "element:fire"),
    ("t:gollem", "unknown card type 'gollem'", "golem"),
])
def test_type_with_another_attributes_word_suggests_the_right_key(card_pool, query, words, suggestion):
    with pytest.raises(SearchError) as excinfo:
        search(query)
    assert words in excinfo.value.message and excinfo.value.suggestion == suggestion


def test_a_single_result_opens_the_card_on_both_search_pages(client, card_pool):
    card = Card.objects.get(name="Emeraldefender Golem")
    for response in (browse(client, "boundless", "emeraldefender"),
                     client.get(reverse("cardpool:search"), {"q": '!"Emeraldefender Golem"'})):
        assert response.status_code == 302 and response["Location"] == card.get_absolute_url()
    assert browse(client, "boundless", "emeraldefender", all="1").status_code == 200
    assert browse(client, "boundless", "").status_code == 200  # every card: no redirect
    assert browse(client, "boundless", "zzqxj").status_code == 200  # none: the page says so


def test_a_random_card_honours_the_query(client, card_pool):
    url = reverse("cardpool:random", args=["boundless"])
    golems = {c.get_absolute_url() for c in search("t:golem", game_slug="boundless").cards}
    seen = {client.get(url, {"q": "t:golem"})["Location"] for _ in range(12)}
    assert seen <= golems
    nothing = client.get(url, {"q": "zzqxj"})
    assert nothing.status_code == 302 and nothing["Location"].startswith(reverse("cardpool:browse", args=["boundless"]))
    assert client.get(url, {"q": "pwr>>"}).status_code == 302  # a bad query: back to the page that explains it
    assert client.get(reverse("cardpool:random", args=["nope"])).status_code == 404
    page = browse(client, "boundless", "t:golem").content.decode()
    assert f'{url}?q=t%3Agolem' in page


def test_autocomplete_entries_say_their_game_and_link_the_card(client, card_pool):
    data = client.get("/api/cards/autocomplete/", {"q": "emeraldef"}).json()
    card = Card.objects.get(name="Emeraldefender Golem")
    assert data["results"][0] == "Emeraldefender Golem"
    assert data["cards"][0] == {"name": "Emeraldefender Golem", "game": "boundless", "game_name": "Boundless TCG",
                                "url": card.get_absolute_url()}
