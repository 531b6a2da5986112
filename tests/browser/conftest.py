"""One real headless Chromium page (Debian's chromium, driven by Playwright) on the live server.

Every browser test gets the card pools loaded, downloads allowed, and fails if the page threw
a JavaScript error.
"""

import os
import shutil

import pytest
from django.core.management import call_command

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
        context = browser.new_context(viewport={"width": 1280, "height": 900}, accept_downloads=True)
        page = context.new_page()
        page.set_default_timeout(30_000)
        errors = []
        page.on("pageerror", lambda exc: errors.append(str(exc)))
        yield page
        browser.close()
        assert not errors, f"JavaScript errors on the page: {errors}"
    os.environ.pop("DJANGO_ALLOW_ASYNC_UNSAFE", None)
