"""A run of a game's deckless mode in headless Chromium: start Millennium Blades' whole game for three
players (no decks) from the simulate page, watch it finish, read every seat's figures and open a
game's replay, drawn by the generic board renderer from the whole game's ``view()``.

The real engine plays (the whole game needs no card pool); random agents keep its two games short.
"""

import re

import pytest
from django.contrib.auth import get_user_model

from tests.browser.conftest import SCREENSHOTS

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

PASSWORD = "a-long-deckless-password-1"


@pytest.fixture
def toy_engine():
    """No toy here: the registry's own engines play (``local_backend`` asks for this fixture)."""
    return None


def test_start_a_full_game_run_watch_it_finish_and_open_a_replay(page, live_server, local_backend):
    get_user_model().objects.create_user("seats", password=PASSWORD)
    outside = []  # every asset of these pages comes from this server (no CDN: the app works offline)
    page.on("request", lambda r: outside.append(r.url) if not r.url.startswith((live_server.url, "data:", "blob:"))
            else None)
    page.goto(f"{live_server.url}/accounts/login/?next=/simulations/new/%3Fgame%3Dmillennium_blades")
    page.fill("#id_username", "seats")
    page.fill("#id_password", PASSWORD)
    page.get_by_role("button", name="Log in").click()
    page.wait_for_url("**/simulations/new/?game=millennium_blades")

    assert page.locator("#deckless-seats").is_hidden()
    page.check("input[name=mode][value=full-game]")
    assert page.locator("#deckless-seats").is_visible()
    page.select_option("select[name=players]", "3")
    assert page.locator("[data-seat='3']").is_visible() and page.locator("[data-seat='4']").is_hidden()
    for seat in (1, 2, 3):
        page.select_option(f"select[name=seat_agent_{seat}]", "random")
    page.fill("input[name=games]", "2")
    page.get_by_role("button", name="Start the run").click()
    page.wait_for_url(re.compile(r".*/simulations/\d+/$"))
    page.wait_for_function("() => document.getElementById('progress').dataset.status === 'done'", timeout=120_000)

    assert page.locator("h1").inner_text() == "Full game: 3 players"
    assert page.locator("#standings tbody tr").count() == 3
    assert page.locator("#standings thead th").first.text_content() == "Seat"
    assert page.locator("#counters tr[data-counter=vp_tournaments]").count() == 3  # per seat
    assert page.locator("#counters tr[data-counter=vp_tournaments] .cell-ci").count() == 3  # its 95% interval
    assert page.locator("#counters tr[data-card-counter=bought]").count() == 3  # per-card counters' totals
    page.screenshot(path=str(SCREENSHOTS / "simulate-deckless-run.png"), full_page=True)

    page.locator("#games a[href*='/games/0/1/']").first.click()
    page.wait_for_url("**/games/0/1/**")
    board = page.locator("#replay-board")
    board.wait_for()
    assert "Seat 1" in board.inner_text() and "money" in board.inner_text().lower()
    page.get_by_role("button", name="Next ›").click()
    page.wait_for_function("() => document.getElementById('replay-position').textContent.startsWith('Step 2 ')")
    page.screenshot(path=str(SCREENSHOTS / "simulate-deckless-replay.png"), full_page=True)
    assert outside == [], f"requests that left this server: {outside}"


def test_a_full_game_run_with_setup_options_shows_them_and_the_vp_chart(page, live_server, local_backend):
    """The mode's declared setup options (``EngineSpec.setup_options``) on the start form, shown
    with the mode only; a run started with two of them lists them, and its results draw the VP
    breakdown (the counters of group ``vp``) as a stacked bar per seat and the mean price paid."""
    get_user_model().objects.create_user("setups", password=PASSWORD)
    page.goto(f"{live_server.url}/accounts/login/?next=/simulations/new/%3Fgame%3Dmillennium_blades")
    page.fill("#id_username", "setups")
    page.fill("#id_password", PASSWORD)
    page.get_by_role("button", name="Log in").click()
    page.wait_for_url("**/simulations/new/?game=millennium_blades")

    options = page.locator("[data-setup-options='full-game']")
    assert options.is_hidden()
    page.check("input[name=mode][value=full-game]")
    assert options.is_visible() and options.locator("legend").inner_text() == "Setup options"
    page.select_option("select[name=players]", "3")
    for seat in (1, 2, 3):
        page.select_option(f"select[name=seat_agent_{seat}]", "random")
    sets = options.locator("input[name='option__full-game__sets']")
    assert sets.count() >= 2 and sets.nth(sets.count() - 1).is_checked()  # the rulebook's sets ticked
    for box in range(2, sets.count()):
        sets.nth(box).uncheck()  # the Store: the first two sets only
    page.check("input[name='option__full-game__free_market']")
    page.fill("input[name=games]", "2")
    options.screenshot(path=str(SCREENSHOTS / "simulate-full-game-options-form.png"))
    page.get_by_role("button", name="Start the run").click()
    page.wait_for_url(re.compile(r".*/simulations/\d+/$"))
    page.wait_for_function("() => document.getElementById('progress').dataset.status === 'done'", timeout=120_000)

    shown = page.locator("#run-options")
    assert "Free Market Mode" in shown.inner_text() and "yes" in shown.locator("[data-option=free_market]").inner_text()
    assert "(default)" not in shown.locator("[data-option=sets]").inner_text()
    chart = page.locator("#counter-groups figure[data-counter-group=vp]")
    chart.wait_for()
    assert "VP" in chart.locator("figcaption").inner_text()
    assert chart.locator("svg rect.chart-bar").count() >= 3  # a stacked bar per seat (its nonzero parts)
    legend = chart.locator(".chart-legend").inner_text()
    assert "VP from tournaments" in legend and "VP from money" in legend
    assert page.locator("#card-table th[data-sort='price_paid:per_unit']").count() == 1  # mean price per card
    assert page.locator("#counters tr[data-card-counter=in_winning_kit]").count() == 3
    page.locator("#counters-box").scroll_into_view_if_needed()
    page.screenshot(path=str(SCREENSHOTS / "simulate-full-game-options-run.png"), full_page=True)
