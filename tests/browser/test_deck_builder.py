"""Building a deck in real headless Chromium (issue 3, "Checks that must pass"): log in, create a
FellBound deck through the pages, add ten unique characters through the builder's search (by
click, by "+" and by the keyboard), see the status turn from illegal to legal, save, export.

FellBound is the simplest legal deck: "CONSTRUCTED PLAY" in fellbound.txt asks for ten unique
characters.
"""

import re
from pathlib import Path

import pytest
from django.contrib.auth import get_user_model

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

PASSWORD = "a-long-builder-password-1"


def _ten_character_names() -> list[str]:
    from cardpool.models import Card

    names = list(Card.objects.filter(game__slug="fellbound").order_by("name_lower")
                 .values_list("name", flat=True).distinct()[:10])
    assert len(names) == 10
    return names


def _search(page, name: str):
    """Type a name query into the builder's search and wait until only that card is listed."""
    page.locator("#builder-q").fill(f'name="{name}"')
    page.wait_for_function(
        """name => {
            const shown = [...document.querySelectorAll('#search-results .result-name')].map(e => e.textContent);
            return shown.length > 0 && shown.every(n => n === name);
        }""", arg=name)
    return page.locator("#search-results .result").first


def test_build_a_legal_fellbound_deck_save_and_export_it(page, live_server):
    get_user_model().objects.create_user("deckbuilder", password=PASSWORD)
    names = _ten_character_names()

    # log in through the login page, asking for the new-deck page
    page.goto(f"{live_server.url}/accounts/login/?next=/decks/new/")
    page.fill("#id_username", "deckbuilder")
    page.fill("#id_password", PASSWORD)
    page.get_by_role("button", name="Log in").click()
    page.wait_for_url("**/decks/new/")

    # create the deck: the builder opens next
    page.select_option("#id_game", "fellbound")
    page.fill("#id_name", "Browser Ten")
    page.get_by_role("button", name=re.compile("Create")).click()
    page.wait_for_url(re.compile(r".*/decks/\d+/edit/$"))
    legality = page.locator("#legality")
    page.wait_for_function("() => document.getElementById('legality').dataset.state === 'illegal'")

    # add the ten characters three ways: clicking the result, its "+" button, and the keyboard
    for i, name in enumerate(names):
        result = _search(page, name)
        if i % 3 == 0:
            result.click()
        elif i % 3 == 1:
            result.locator(".add-button").click()
        else:
            page.locator("#builder-q").press("ArrowDown")
            assert result.get_attribute("aria-selected") == "true"
            page.locator("#builder-q").press("Enter")
        page.locator(f'.deck-row[data-card="{name}"]').wait_for()
        if i < 9:
            page.wait_for_function("() => document.getElementById('legality').dataset.state === 'illegal'")
    assert page.locator("#deck-total").inner_text() == "10 cards"
    page.wait_for_function("() => document.getElementById('legality').dataset.state === 'legal'")
    assert legality.inner_text().strip() == "Legal"
    assert page.locator("#violations li").count() == 0
    assert page.locator("#dirty-flag").is_visible()

    # a second copy breaks "ten unique cards": the row is marked with the rule, then fixed again
    row = page.locator(f'.deck-row[data-card="{names[0]}"]')
    row.focus()
    page.keyboard.press("+")
    page.wait_for_function("() => document.getElementById('legality').dataset.state === 'illegal'")
    marked = page.locator(f'.deck-row[data-card="{names[0]}"]')
    assert "has-problem" in marked.get_attribute("class")
    assert "FellBound rulebook, Constructed Play" in marked.locator(".row-problem").inner_text()
    assert marked.locator(".qty-input").input_value() == "2"
    marked.focus()
    page.keyboard.press("-")
    page.wait_for_function("() => document.getElementById('legality').dataset.state === 'legal'")

    # charts arrive with the validation; save keeps the deck and clears the unsaved flag
    assert page.locator("#charts svg[role=img]").count() >= 1
    page.get_by_role("button", name="Save").click()
    page.wait_for_function("() => /^Saved/.test(document.getElementById('save-status').textContent)")
    assert page.locator("#dirty-flag").is_hidden()

    from decks.models import Deck

    deck = Deck.objects.get(owner__username="deckbuilder")
    assert deck.is_legal
    assert sorted(deck.cards.values_list("card__name", flat=True)) == sorted(names)

    # the statistics panel draws an opening hand from the saved deck
    page.get_by_role("button", name="New hand").click()
    page.wait_for_function("() => document.querySelectorAll('#hand .hand-card').length === 3")

    # export it from the deck page and find every card in the text
    page.get_by_role("link", name="View deck").click()
    page.wait_for_url(f"**/decks/{deck.pk}/")
    with page.expect_download() as download:
        page.get_by_role("link", name="Export text").click()
    text = Path(download.value.path()).read_text(encoding="utf-8")
    for name in names:
        assert re.search(rf"^1 {re.escape(name)}$", text, re.MULTILINE), f"{name} missing from:\n{text}"


def test_new_deck_and_import_forms_offer_only_the_chosen_games_formats(page, live_server):
    """Player experience, part 7: formats follow the chosen game on both forms."""
    get_user_model().objects.create_user("former", password=PASSWORD)
    page.goto(f"{live_server.url}/accounts/login/?next=/decks/new/")
    page.fill("#id_username", "former")
    page.fill("#id_password", PASSWORD)
    page.get_by_role("button", name="Log in").click()
    for path in ("/decks/new/", "/decks/import/"):
        page.goto(f"{live_server.url}{path}")
        for game in ("fellbound", "boundless"):
            page.select_option("select[name=game]", game)
            offered = page.eval_on_selector_all("select[name=format] option:not([disabled])", "os => os.map(o => o.value)")
            assert "" in offered and all(v == "" or v.startswith(game + ":") for v in offered), (path, game, offered)
        page.select_option("select[name=game]", "fellbound")
        offered = page.eval_on_selector_all("select[name=format] option:not([disabled])", "os => os.map(o => o.value)")
        assert "fellbound:aligned" in offered


def test_the_builders_more_results_button_hides_when_there_is_nothing_more(page, live_server):
    from decks.services import deck_create

    user = get_user_model().objects.create_user("builder2", password=PASSWORD)
    deck = deck_create(owner=user, game="fellbound", name="Probe")
    page.goto(f"{live_server.url}/accounts/login/?next=/decks/{deck.pk}/edit/")
    page.fill("#id_username", "builder2")
    page.fill("#id_password", PASSWORD)
    page.get_by_role("button", name="Log in").click()
    page.wait_for_url(f"**/decks/{deck.pk}/edit/")
    name = _ten_character_names()[0]
    _search(page, name)
    assert not page.locator("#search-more").is_visible()


def test_editing_a_deck_as_text_is_checked_as_it_is_typed(page, live_server):
    """Player experience, part 5: the bulk text-edit mode, validated live, saved as a new version."""
    from decks.services import deck_import_text

    user = get_user_model().objects.create_user("typist", password=PASSWORD)
    with open("fixtures/decks/fellbound-dawnwardens.txt", encoding="utf-8") as handle:
        deck = deck_import_text(owner=user, game="fellbound", text=handle.read())
    page.goto(f"{live_server.url}/accounts/login/?next=/decks/{deck.pk}/text/")
    page.fill("#id_username", "typist")
    page.fill("#id_password", PASSWORD)
    page.get_by_role("button", name="Log in").click()
    page.wait_for_url(f"**/decks/{deck.pk}/text/")
    status = page.locator("#deck-text-status .legality-line")
    status.wait_for(state="visible")
    assert status.inner_text() == "Legal"
    text = page.locator("#deck-text").input_value()
    page.locator("#deck-text").fill(text + "\n1 Nobody Of That Name\n")
    page.wait_for_function("() => /cannot be read/.test(document.querySelector('#deck-text-status').textContent)")
    assert "Nobody Of That Name" in page.locator("#deck-text-status").inner_text()
    first_line = next(line for line in text.splitlines() if line[:1].isdigit())
    page.locator("#deck-text").fill("Deck:\n" + first_line + "\n")
    page.wait_for_function("() => /Not legal yet/.test(document.querySelector('#deck-text-status').textContent)")
    page.get_by_role("button", name="Save as a new version").click()
    page.wait_for_url(f"**/decks/{deck.pk}/")
    assert "Saved as version 2." in page.locator(".flash-messages").inner_text()
