"""A run of a game's deckless mode in headless Chromium: start Millennium Blades' whole game for three
players (no decks) from the simulate page, watch it finish, read every seat's figures and open a
game's replay, drawn by the generic board renderer from the whole game's ``view()``.

The real engine plays (the whole game needs no card pool); random agents keep its two games short.
"""

import re

import pytest
from django.contrib.auth import get_user_model

from tests.browser.conftest import SCREENSHOTS, replay_frames, wait_replay_drawn

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

PASSWORD = "a-long-deckless-password-1"


@pytest.fixture
def toy_engine():
    """No toy here: the registry's own engines play (``local_backend`` asks for this fixture)."""
    return


def _log_in_to_a_new_run(page, live_server, username: str) -> list[str]:
    """A new user logged in on the start page of a Millennium Blades run; returns the list that
    collects every request leaving this server (none should: no CDN, the app works offline)."""
    get_user_model().objects.create_user(username, password=PASSWORD)
    outside: list[str] = []
    page.on("request", lambda r: outside.append(r.url) if not r.url.startswith((live_server.url, "data:", "blob:"))
            else None)
    page.goto(f"{live_server.url}/accounts/login/?next=/simulations/new/%3Fgame%3Dmillennium_blades")
    page.fill("#id_username", username)
    page.fill("#id_password", PASSWORD)
    page.get_by_role("button", name="Log in").click()
    page.wait_for_url("**/simulations/new/?game=millennium_blades")
    return outside


def test_start_a_full_game_run_watch_it_finish_and_open_a_replay(page, live_server, local_backend):
    outside = _log_in_to_a_new_run(page, live_server, "seats")

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
    # two games: no interval, "too few games" (issue 27.9: never "8.00 (8.00-8.00)" from two games)
    assert page.locator("#counters tr[data-counter=vp_tournaments] .cell-ci").all_inner_texts() == ["too few games"] * 3
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
    _log_in_to_a_new_run(page, live_server, "setups")

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


def _start_deckless_run(page, live_server, mode: str, players: int, options: dict[str, str] | None = None) -> None:
    """From the start page: the deckless ``mode`` for ``players`` seats, random agents, two games;
    ``options`` fills the mode's setup options (name -> text); waits until the run is done."""
    page.goto(f"{live_server.url}/simulations/new/?game=millennium_blades")
    page.check(f"input[name=mode][value={mode}]")
    assert page.locator(f"[data-setup-options='{mode}']").is_visible()
    page.select_option("select[name=players]", str(players))
    for seat in range(1, players + 1):
        page.select_option(f"select[name=seat_agent_{seat}]", "random")
    for name, text in (options or {}).items():
        page.fill(f"input[name='option__{mode}__{name}']", text)
    page.fill("input[name=games]", "2")
    page.get_by_role("button", name="Start the run").click()
    page.wait_for_url(re.compile(r".*/simulations/\d+/$"))
    page.wait_for_function("() => document.getElementById('progress').dataset.status === 'done'", timeout=120_000)


def _open_replay(page) -> list[dict]:
    """Open game #0's replay from the run page; the frames it steps through."""
    page.locator("#games a[href*='/games/0/0/']").first.click()
    page.wait_for_url("**/games/0/0/**")
    page.locator("#replay-board").wait_for()
    return replay_frames(page)


def _go_to(page, step: int) -> None:
    """The replay at frame ``step`` (0-based), by its slider."""
    page.locator("#replay-slider").fill(str(step))
    page.locator("#replay-slider").dispatch_event("input")
    wait_replay_drawn(page, step + 1)


def _fits_the_page(page) -> bool:
    return page.evaluate("() => document.documentElement.scrollWidth <= window.innerWidth + 1")


def test_turn_based_and_duel_runs_finish_and_their_replays_draw_the_views(page, live_server, local_backend):
    """Turn-Based Mode (3 players, its setup option "Turns per deck" short) and Duel Mode (2
    players) from the start page; each run finishes and game #0's replay draws the mode's view:
    the sentences name the seats by the engine's numbers (as the panels and facts do), tables of
    piles and the tournament inside the whole game are views of their own, nothing overflows."""
    outside = _log_in_to_a_new_run(page, live_server, "modes")

    # -- Turn-Based Mode --------------------------------------------------------------------------
    _start_deckless_run(page, live_server, "turn-based", 3, {"turns_per_deck": "8"})
    assert page.locator("h1").inner_text() == "Turn based: 3 players"
    assert page.locator("#standings tbody tr").count() == 3
    assert "8" in page.locator("#run-options [data-option=turns_per_deck]").inner_text()
    assert page.locator("#counters tr[data-counter=rp_total]").count() == 3
    page.screenshot(path=str(SCREENSHOTS / "simulate-turn-based-run.png"), full_page=True)

    frames = _open_replay(page)
    assert frames[0]["view"]["mode"] == "turn_based" and len(frames) > 3
    board = page.locator("#replay-board")
    assert board.locator(".rp-panel-title", has_text="Seat 1 · random").count() == 1
    fusion = board.locator(".rp-subview", has=page.locator(".rp-panel-title", has_text="Fusion"))
    assert fusion.count() == 1 and "Bronze1" in fusion.text_content()  # the piles: a view of their own, not one line
    page.get_by_role("button", name="Next ›").click()
    page.wait_for_function("() => document.getElementById('replay-position').textContent.startsWith('Step 2 ')")
    first = frames[0]["view"]["turn_seat"]
    said = page.locator("#replay-description").inner_text()
    assert said.startswith(f"Seat {first + 1} "), f"seat {first + 1} moved first, yet the sentence reads {said!r}"
    middle = len(frames) // 2
    _go_to(page, middle)
    assert _fits_the_page(page), "the board is wider than the page"
    page.screenshot(path=str(SCREENSHOTS / "simulate-turn-based-replay.png"), full_page=True)

    # -- Duel Mode --------------------------------------------------------------------------------
    _start_deckless_run(page, live_server, "duel", 2)
    assert page.locator("h1").inner_text() == "Duel: 2 players"
    assert page.locator("#standings tbody tr").count() == 2
    assert page.locator("#counters tr[data-counter=tournaments_won]").count() == 2
    frames = _open_replay(page)
    assert frames[0]["view"]["modes"]["duel"] is True
    tournament = next(n for n, frame in enumerate(frames) if frame["view"].get("phase") == "tournament")
    _go_to(page, tournament + 1)
    inner = board.locator(".rp-subview", has=page.locator(".rp-panel-title", has_text="Tournament"))
    assert inner.count() == 1  # the tournament engine's own view, drawn as a board: its seats' panels
    assert inner.locator(".rp-panel-title", has_text="Seat 1 · random").count() == 1
    assert "Tableau" in inner.text_content()
    assert _fits_the_page(page), "the board is wider than the page"
    page.screenshot(path=str(SCREENSHOTS / "simulate-duel-replay.png"), full_page=True)
    assert outside == [], f"requests that left this server: {outside}"
