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


# -- decks that look like decks (Player experience, part 5) -------------------------------------------
def _log_in(page, live_server, username: str, target: str) -> None:
    page.goto(f"{live_server.url}/accounts/login/?next={target}")
    page.fill("#id_username", username)
    page.fill("#id_password", PASSWORD)
    page.get_by_role("button", name="Log in").click()
    page.wait_for_url(f"**{target}")


def _images_loaded(page, selector: str) -> int:
    """How many images under ``selector`` have loaded with real pixels (scrolled into view first)."""
    page.eval_on_selector_all(selector, "imgs => imgs.forEach(i => { i.loading = 'eager'; })")
    page.wait_for_function(
        "sel => [...document.querySelectorAll(sel)].every(i => i.complete && i.naturalWidth > 0)", arg=selector)
    return page.eval_on_selector_all(selector, "imgs => imgs.filter(i => i.naturalWidth > 0).length")


def test_a_deck_switched_to_the_visual_view_shows_its_cards_as_pictures(page, live_server):
    """Switch a deck to the visual view and see images: on the deck page (stacked by section, then
    by type) and in the builder (where ★ features a card); screenshots at 1366 and 390 pixels."""
    from decks.models import Deck
    from decks.services import deck_import_text
    from tests.browser.conftest import SCREENSHOTS

    user = get_user_model().objects.create_user("looker", password=PASSWORD)
    with open("fixtures/decks/boundless-emerald-vanguard.txt", encoding="utf-8") as handle:
        deck = deck_import_text(owner=user, game="boundless", text=handle.read(), visibility=Deck.PUBLIC,
                                description="Go wide with golems, then flip the savior.")
    rows = deck.cards.count()
    page.set_viewport_size({"width": 1366, "height": 900})
    _log_in(page, live_server, "looker", f"/decks/{deck.pk}/")
    assert page.locator(".featured-card img").count() == 1 and "Go wide with golems" in page.inner_text(".deck-head")
    assert page.locator("#charts-title").is_visible() and page.locator(".deck-chart svg[role=img]").count() >= 2
    page.screenshot(path=str(SCREENSHOTS / "deck-page-1366.png"), full_page=True)

    page.get_by_role("link", name="Cards", exact=True).click()
    page.wait_for_url("**view=visual")
    assert page.locator(".stack-card").count() == rows
    assert _images_loaded(page, ".stack-card img") == rows
    page.locator(".stack-card a").first.hover()  # the hover preview lifts the card
    page.screenshot(path=str(SCREENSHOTS / "deck-visual-1366.png"), full_page=True)
    page.get_by_role("link", name="By type").click()
    page.wait_for_url("**group=type")
    assert page.locator(".deck-stack").count() >= 2 and page.locator(".stack-card").count() == rows

    page.set_viewport_size({"width": 390, "height": 844})
    page.get_by_role("link", name="By section").click()
    page.wait_for_url(re.compile(r".*view=visual$"))
    assert _images_loaded(page, ".stack-card img") == rows
    page.screenshot(path=str(SCREENSHOTS / "deck-visual-390.png"), full_page=True)
    page.get_by_role("link", name="List", exact=True).click()
    page.wait_for_url("**view=table")
    page.screenshot(path=str(SCREENSHOTS / "deck-page-390.png"), full_page=True)

    # the builder's visual view: the same pictures, and ★ makes a card the featured one
    page.set_viewport_size({"width": 1366, "height": 900})
    page.goto(f"{live_server.url}/decks/{deck.pk}/edit/")
    page.get_by_role("button", name="Cards", exact=True).click()
    assert page.locator("#deck-visual").is_visible() and page.locator("#deck-sections").is_hidden()
    assert _images_loaded(page, "#visual-stacks .stack-card img") == rows
    card = page.locator("#visual-stacks .stack-card").last
    name = card.get_attribute("data-card")
    card.hover()
    card.get_by_role("button", name=f"Make {name} the featured card").click()
    page.wait_for_function("() => document.querySelector('.featured-toggle[aria-pressed=true]')")
    deck.refresh_from_db()
    assert deck.featured_card.name == name
    page.screenshot(path=str(SCREENSHOTS / "builder-visual-1366.png"), full_page=True)
    page.set_viewport_size({"width": 390, "height": 844})
    page.screenshot(path=str(SCREENSHOTS / "builder-visual-390.png"), full_page=True)
    page.goto(f"{live_server.url}/decks/{deck.pk}/")
    assert f"Featured: {name}" in page.inner_text(".featured-card figcaption")


def test_bulk_editing_a_deck_as_text_in_the_builder_and_saving_it(page, live_server):
    """The builder's Text mode: the deck as text, checked as it is typed (bad lines named with
    their number), saved as a new version that the builder then shows."""
    from decks.services import deck_import_text

    user = get_user_model().objects.create_user("bulk", password=PASSWORD)
    with open("fixtures/decks/fellbound-dawnwardens.txt", encoding="utf-8") as handle:
        deck = deck_import_text(owner=user, game="fellbound", text=handle.read())
    _log_in(page, live_server, "bulk", f"/decks/{deck.pk}/edit/")
    page.get_by_role("button", name="Text", exact=True).click()
    area = page.locator("#builder-text")
    page.wait_for_function("() => document.getElementById('builder-text').value.includes('Deck:')")
    status = page.locator("#builder-text-status")
    page.wait_for_function("() => /Legal/.test(document.getElementById('builder-text-status').textContent)")
    text = area.input_value()
    lines = text.splitlines()
    card_lines = [i for i, line in enumerate(lines) if line[:1].isdigit()]

    # a line that cannot be read is named with its number; saving it changes nothing
    area.fill(text + "1 Nobody Of That Name\n")
    bad_line = len(text.splitlines()) + 1
    page.wait_for_function("() => /cannot be read/.test(document.getElementById('builder-text-status').textContent)")
    assert f"Line {bad_line}:" in status.inner_text() and "Nobody Of That Name" in status.inner_text()
    page.get_by_role("button", name="Save text as a new version").click()
    page.wait_for_function("() => /Nothing was saved/.test(document.getElementById('builder-text-status').textContent)")
    deck.refresh_from_db()
    assert deck.current_version == 1

    # drop a card: not legal yet (nine cards), saved as version 2, the builder shows nine rows
    dropped = lines[card_lines[0]].split(" ", 1)[1]
    kept = [line for i, line in enumerate(lines) if i != card_lines[0]]
    area.fill("\n".join(kept) + "\n")
    page.wait_for_function("() => /Not legal yet/.test(document.getElementById('builder-text-status').textContent)")
    page.get_by_role("button", name="Save text as a new version").click()
    page.wait_for_function("() => /Saved as version 2/.test(document.getElementById('builder-text-status').textContent)")
    deck.refresh_from_db()
    assert deck.current_version == 2 and deck.cards.count() == len(card_lines) - 1
    assert not deck.cards.filter(card__name=dropped).exists()
    assert page.locator("#dirty-flag").is_hidden()
    page.get_by_role("button", name="List", exact=True).click()
    assert page.locator(".deck-row").count() == len(card_lines) - 1
    page.wait_for_function("() => document.getElementById('legality').dataset.state === 'illegal'")


def test_adding_a_card_to_a_deck_from_the_card_page(page, live_server):
    """The card page's "add to deck": pick one of your decks of the card's game, add one copy
    (a new version); a copy that breaks a rule is refused in words and changes nothing."""
    from cardpool.models import Card
    from decks.services import deck_create

    user = get_user_model().objects.create_user("adder", password=PASSWORD)
    deck = deck_create(owner=user, game="fellbound", name="Growing")
    deck_create(owner=user, game="boundless", name="Other game")  # never offered for a FellBound card
    card = Card.objects.filter(game__slug="fellbound").order_by("name_lower").first()
    _log_in(page, live_server, "adder", card.get_absolute_url())
    offered = page.eval_on_selector_all("#add-deck option", "os => os.map(o => o.textContent)")
    assert offered == ["Growing"]
    assert page.locator(".format-legality li").count() >= 2  # every FellBound format
    page.get_by_role("button", name="Add one copy").click()
    page.wait_for_load_state()
    assert f"Added 1 {card.name} to Growing" in page.inner_text(".flash-messages")
    assert deck.cards.get().quantity == 1
    # a second copy breaks "ten unique characters": refused, said why, nothing changed
    page.get_by_role("button", name="Add one copy").click()
    page.wait_for_load_state()
    assert "was not added to Growing" in page.inner_text(".flash-messages")
    deck.refresh_from_db()
    assert deck.cards.get().quantity == 1 and deck.current_version == 2
    assert "Growing" in page.inner_text(".card-decks")  # the user's own deck now uses the card
    page.set_viewport_size({"width": 390, "height": 844})
    from tests.browser.conftest import SCREENSHOTS

    page.screenshot(path=str(SCREENSHOTS / "card-page-add-390.png"), full_page=True)
