"""A real user's path in real headless Chromium (Debian's chromium, driven by Playwright)."""

import os
import shutil

import pytest
from django.core.management import call_command

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

CHROMIUM = shutil.which("chromium") or "/usr/bin/chromium"


@pytest.fixture
def page(live_server):
    if not os.path.exists(CHROMIUM):
        pytest.fail("Debian's chromium is missing: `make test` installs it")
    # Playwright's sync API runs an event loop in this thread; the ORM calls made by the
    # live server happen in its own thread, so this only silences Django's guard here.
    os.environ["DJANGO_ALLOW_ASYNC_UNSAFE"] = "true"
    call_command("load_cardpool", verbosity=0, stdout=open(os.devnull, "w"))
    from playwright.sync_api import sync_playwright

    with sync_playwright() as pw:
        browser = pw.chromium.launch(
            executable_path=CHROMIUM,
            args=["--no-sandbox", "--disable-gpu", "--disable-background-networking",
                  "--disable-component-update", "--no-first-run", "--disable-sync"],
        )
        page = browser.new_page(viewport={"width": 1280, "height": 900})
        page.set_default_timeout(15_000)
        yield page
        browser.close()
    os.environ.pop("DJANGO_ALLOW_ASYNC_UNSAFE", None)


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
