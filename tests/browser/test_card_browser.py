"""A real user's path in real headless Chromium (Debian's chromium, driven by Playwright)."""

import pytest

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def test_search_a_card_open_its_page_and_see_its_image(page, live_server):
    page.goto(f"{live_server.url}/")
    page.get_by_role("link", name="Boundless TCG").first.click()
    page.wait_for_url("**/games/boundless/**")

    search_box = page.locator("main input[name=q]").first
    search_box.fill("Akumaiden")
    search_box.press("Enter")  # no suggestion chosen: search for the word
    page.wait_for_url("**q=Akumaiden**")
    page.get_by_role("link", name="Akumaiden Acolyte").first.wait_for(state="visible")

    search_box = page.locator("main input[name=q]").first
    search_box.fill("Golem")
    search_box.press("Enter")  # one card has it in its name: its page opens
    page.wait_for_url("**/cards/**/emeraldefender-golem/")
    assert page.locator("h1").first.inner_text().strip() == "Emeraldefender Golem"

    image = page.locator("img[src*='image.png']").first
    image.wait_for(state="visible")
    page.wait_for_function("img => img.complete && img.naturalWidth > 0", arg=image.element_handle())
    width = image.evaluate("img => img.naturalWidth")
    height = image.evaluate("img => img.naturalHeight")
    assert width > 200 and abs(height / width - 88 / 63) < 0.05  # a card-shaped picture


def test_bad_query_shows_the_parser_message_in_the_page(page, live_server):
    page.goto(f"{live_server.url}/games/boundless/?q=pwer%3E%3D3")
    body = page.locator("body").inner_text()
    assert "unknown search key 'pwer'" in body
    assert "pwr" in body  # the suggestion


def test_a_misspelt_name_offers_the_card_and_the_suggestion_opens_it(page, live_server):
    page.goto(f"{live_server.url}/games/boundless/?q=akumadn+acolitte")
    suggestion = page.locator(".did-you-mean a", has_text="Akumaiden Acolyte")
    suggestion.wait_for(state="visible")
    suggestion.click()
    page.wait_for_url("**/cards/**/akumaiden-acolyte/")
    assert page.locator("h1").first.inner_text().strip() == "Akumaiden Acolyte"


def test_picking_an_autocomplete_entry_opens_the_card_and_says_its_game(page, live_server):
    page.goto(f"{live_server.url}/")
    box = page.locator("#site-q")
    box.fill("emeraldef")
    option = page.get_by_role("option").first
    option.wait_for(state="visible")
    assert "Boundless TCG" in option.inner_text()
    option.click()
    page.wait_for_url("**/cards/**/emeraldefender-golem/")


def test_the_filter_panel_previews_and_applies_the_query_the_server_writes(page, live_server):
    page.goto(f"{live_server.url}/games/boundless/?q=golem+pwr%3E%3D3&all=1")
    assert page.locator("#filters").get_attribute("open") is not None  # a filter is on: the panel opens
    assert page.locator("input[name=base]").input_value() == "golem"  # read back from the parser's tree
    assert page.locator("input[name=a_pwr_min]").input_value() == "3"
    page.select_option("#f_type", "form")
    preview = page.locator(".filter-preview code")
    page.wait_for_function("() => document.querySelector('.filter-preview code').textContent"
                           " === 'golem t:form pwr>=3'")
    page.locator("main input[name=q]").first.fill("emerald")  # an edited search box is the new base
    page.wait_for_function("() => document.querySelector('.filter-preview code').textContent"
                           " === 'emerald t:form pwr>=3'")
    assert preview.inner_text() == "emerald t:form pwr>=3"
    page.get_by_role("button", name="Apply filters").click()
    page.wait_for_url("**/cards/**/emeraldefender-golem/")  # one card: its page opens, as a search does
