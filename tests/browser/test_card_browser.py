"""A real user's path in real headless Chromium (Debian's chromium, driven by Playwright)."""

import pytest

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def test_search_a_card_open_its_page_and_see_its_image(page, live_server):
    page.goto(f"{live_server.url}/")
    page.get_by_role("link", name="Boundless TCG").first.click()
    page.wait_for_url("**/games/boundless/**")

    search_box = page.locator("main input[name=q]").first
    search_box.fill("Emeraldefender")
    search_box.press("Enter")
    page.wait_for_url("**q=Emeraldefender**")

    page.get_by_role("link", name="Emeraldefender Golem").first.click()
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
