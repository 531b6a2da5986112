"""A run's games list and card previews in real headless Chromium (player experience issue,
part 2): the run page lists each game's winner, length and end reason with links to the
filters; the games page keeps only the upsets, orders by length and picks an end reason (links
and the form, server-side); in the replay viewer a card chip shows the card's picture on hover
(desktop) and on a tap (phone, with a link to the card page and a close button), within the
Content-Security-Policy (no inline script: the page fails on any JavaScript error).

The games are played by the toy rules of tests/rules/core/toy.py as the `boundless` engine on the
local backend's real dispatcher (tests/browser/conftest.py), with real Boundless decks, whose
cards have pictures (uploaded or generated).
"""

import re

import pytest
from django.contrib.auth import get_user_model
from playwright.sync_api import TimeoutError as PlaywrightTimeout

from tests.browser.conftest import DB_LOCK, SCREENSHOTS, log_in_to_new_run, start_run_and_wait

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

PASSWORD = "a-long-games-list-password-1"
GAMES = 30


def _import(owner, name):
    from decks.services import deck_import_text

    with open(f"fixtures/decks/boundless-{name}.txt", encoding="utf-8") as handle:
        return deck_import_text(owner=owner, game="boundless", text=handle.read())


def _numbers(page) -> list[int]:
    return [int(n) for n in page.locator(".games-table tbody tr").evaluate_all(
        "rows => rows.map(r => r.dataset.game)")]


def _turns(page) -> list[int]:
    return [int(re.match(r"(\d+) turn", t).group(1)) for t in page.locator(".games-table .g-length").all_inner_texts()]


@pytest.fixture
def finished_run(page, live_server, local_backend):
    from simulate.models import SimulationRun

    user = get_user_model().objects.create_user("lister", password=PASSWORD)
    deck_a, deck_b = _import(user, "emerald-vanguard"), _import(user, "akumaiden-onslaught")
    log_in_to_new_run(page, live_server, "lister", PASSWORD, deck_a)
    page.check("input[name=mode][value=head_to_head]")
    page.select_option("select[name=opponent]", str(deck_b.pk))
    page.select_option("select[name=agent_a]", "random")
    page.select_option("select[name=agent_b]", "random")
    start_run_and_wait(page, GAMES)
    with DB_LOCK:
        run = SimulationRun.objects.get(owner=user)
    return run, deck_a, deck_b


def test_the_games_list_shows_winners_and_filters_upsets_lengths_and_end_reasons(page, live_server, finished_run):
    from simulate import selectors

    run, deck_a, deck_b = finished_run
    with DB_LOCK:
        records = selectors.game_records(run, 0)
    upsets = [r["index"] for r in selectors.select_games(records, upsets=True)]

    # the run page: the first games with winner, length and end reason (refreshed when the run ended)
    page.wait_for_selector("#games .games-table")
    first = page.locator(".games-table tbody tr").first.inner_text()
    assert first.startswith("#1") and "#0" not in first and "turn" in first and "move" in first  # people count games from 1
    # the upset tag's word, whether its capitals (CSS text-transform) are applied yet or not
    winners = {re.sub(r"\s*upset\s*$", "", w, flags=re.IGNORECASE).strip()
               for w in page.locator(".games-table .g-winner").all_inner_texts()}
    assert winners and winners <= {deck_a.name, deck_b.name, "draw"}

    # the "Upsets" link: only the games the weaker deck won, each marked, with the definition
    page.locator("#games .game-filters a", has_text="Upsets").first.click()
    page.wait_for_url(re.compile(r".*/simulations/\d+/games/\?show=upsets"))
    assert _numbers(page) == upsets
    assert page.locator(".games-table .upset-tag").count() == len(upsets)
    assert "the weaker of the two decks won" in page.locator(".upset-note").inner_text()
    page.screenshot(path=str(SCREENSHOTS / "simulate-games-upsets.png"), full_page=True)

    # "Shortest" and "Longest" order by turns
    page.locator(".game-filters a", has_text="Shortest").click()
    page.wait_for_url("**order=shortest**")
    assert _turns(page) == sorted(_turns(page)) and len(_numbers(page)) == GAMES
    page.locator(".game-filters a", has_text="Longest").click()
    page.wait_for_url("**order=longest**")
    assert _turns(page) == sorted(_turns(page), reverse=True)

    # the form: one end reason, shortest first
    reason = page.locator("#games-reason option").nth(1).get_attribute("value")
    page.select_option("#games-reason", reason)
    page.select_option("#games-order", "shortest")
    page.select_option("#games-show", "")
    page.get_by_role("button", name="Show").click()
    page.wait_for_url(f"**reason={reason}**")
    expected = [r["index"] for r in selectors.select_games(records, reason=reason, order="shortest")]
    assert _numbers(page) == expected
    assert page.locator(".game-filters a[aria-current]").count() == 0 or "Ended" in page.locator(
        ".game-filters a[aria-current]").inner_text()

    # a row's replay link opens that game
    page.locator(".games-table tbody tr").first.get_by_role("link").click()
    page.wait_for_url(f"**/simulations/{run.pk}/games/0/{expected[0]}/**")


def hover_until_visible(page, chip, preview, tries: int = 3) -> None:
    """Hover ``chip`` until ``preview`` shows: a board redrawn under a resting mouse (the viewer
    draws it as the replay arrives) sends no new pointerover, so move away and hover again."""
    for attempt in range(tries):
        chip.hover()
        try:
            preview.wait_for(state="visible", timeout=10_000)
            return
        except PlaywrightTimeout:
            if attempt == tries - 1:
                raise
            page.mouse.move(2, 2)


def test_a_card_chip_shows_the_card_on_hover_and_on_a_tap(page, live_server, finished_run):
    run, _, _ = finished_run
    page.set_viewport_size({"width": 1366, "height": 900})
    page.goto(f"{live_server.url}/simulations/{run.pk}/games/0/1/")
    chip = page.locator("#replay-board [data-card-image]").first
    chip.wait_for(timeout=60_000)  # the replay is computed on first view
    name = chip.get_attribute("data-card-name")
    assert re.fullmatch(r"/cards/\d+/thumb\.png", chip.get_attribute("data-card-image"))

    # desktop: hover shows the picture beside the chip, leaving hides it
    assert page.locator("#card-preview").count() == 0 or page.locator("#card-preview").is_hidden()
    page.wait_for_load_state("load")  # every deferred script has run: the preview listens
    preview = page.locator("#card-preview")
    hover_until_visible(page, chip, preview)
    page.wait_for_function("() => { const i = document.querySelector('#card-preview img');"
                           " return i.complete && i.naturalWidth > 0; }")
    assert preview.locator("img").get_attribute("alt") == name
    box, chip_box = preview.bounding_box(), chip.bounding_box()
    assert box["width"] >= 200 and box["x"] >= 0 and box["x"] + box["width"] <= 1366
    assert box["x"] >= chip_box["x"] + chip_box["width"] or box["x"] + box["width"] <= chip_box["x"] or (
        box["y"] >= chip_box["y"] + chip_box["height"])  # beside or below: never over the chip
    page.screenshot(path=str(SCREENSHOTS / "replay-card-preview-1366.png"))
    page.mouse.move(2, 2)
    preview.wait_for(state="hidden")

    # stepping keeps previews on the redrawn board
    page.keyboard.press("End")
    hover_until_visible(page, page.locator("#replay-board [data-card-image]").first, preview)
    page.mouse.move(2, 2)

    # the picture is the card's own image
    response = page.request.get(live_server.url + chip.get_attribute("data-card-image"))
    assert response.ok and response.headers["content-type"] == "image/png"


def test_a_tap_on_a_phone_shows_the_card_with_its_page_and_a_close_button(page, live_server, finished_run):
    run, _, _ = finished_run
    context = page.context.browser.new_context(viewport={"width": 390, "height": 844}, has_touch=True,
                                               is_mobile=True)
    context.add_cookies(page.context.cookies())
    phone = context.new_page()
    errors = []
    phone.on("pageerror", lambda exc: errors.append(str(exc)))
    phone.goto(f"{live_server.url}/simulations/{run.pk}/games/0/1/")
    chip = phone.locator("#replay-board [data-card-image]").first
    chip.wait_for()
    chip.scroll_into_view_if_needed()
    chip.tap()
    preview = phone.locator("#card-preview")
    preview.wait_for(state="visible")
    assert "card-preview-pinned" in preview.get_attribute("class")
    phone.wait_for_function("() => { const i = document.querySelector('#card-preview img');"
                            " return i.complete && i.naturalWidth > 0; }")
    assert preview.locator(".card-preview-name").inner_text() == chip.get_attribute("data-card-name")
    link = preview.get_by_role("link", name="Card page")
    assert re.match(r"/games/boundless/cards/", link.get_attribute("href"))
    box = preview.bounding_box()
    assert box["x"] >= 0 and box["x"] + box["width"] <= 390 and box["y"] + box["height"] <= 844
    phone.screenshot(path=str(SCREENSHOTS / "replay-card-preview-390.png"))
    preview.get_by_role("button", name="Close the card preview").tap()
    preview.wait_for(state="hidden")
    # a tap on the card again, then elsewhere, hides it too
    chip.tap()
    preview.wait_for(state="visible")
    phone.locator("h1").tap()
    preview.wait_for(state="hidden")
    context.close()
    assert not errors, errors


def test_the_pages_added_since_the_offline_test_load_only_from_this_server(page, live_server, finished_run):
    """Offline (production issue, part 2) for the newer page kinds: a run's page and games list, a
    simulation replay, the account page, and the admin's card import and import jobs."""
    from cardpool.models import CardImportJob

    run, _, _ = finished_run
    with DB_LOCK:
        get_user_model().objects.create_superuser("staffer", password=PASSWORD)
        job = CardImportJob.objects.create(game="boundless", file_name="cards.csv", status="done", rows_total=1,
                                           rows_done=1)
    outside, refused = [], []
    page.on("request", lambda r: outside.append(r.url) if not r.url.startswith((live_server.url, "data:", "blob:"))
            else None)
    page.on("console", lambda m: refused.append(m.text) if "Content Security Policy" in m.text else None)
    for path in [f"/simulations/{run.pk}/", f"/simulations/{run.pk}/games/?order=shortest",
                 f"/simulations/{run.pk}/games/0/1/", "/accounts/me/"]:
        page.goto(live_server.url + path)
        page.wait_for_load_state("networkidle")
    page.context.clear_cookies()
    page.goto(f"{live_server.url}/admin/login/")
    page.fill("#id_username", "staffer")
    page.fill("#id_password", PASSWORD)
    page.locator("input[type=submit]").click()
    page.wait_for_url("**/admin/")
    for path in ["/admin/cardpool/card/import/", "/admin/cardpool/cardimportjob/",
                 f"/admin/cardpool/cardimportjob/{job.pk}/change/"]:
        response = page.goto(live_server.url + path)
        assert response.ok, path
        page.wait_for_load_state("networkidle")
    assert outside == [], f"requests that left this server: {outside}"
    assert refused == [], f"the page broke its Content-Security-Policy: {refused}"
