"""Simulations in real headless Chromium (issue 5, "Checks that must pass"; issue 8, part 8): log
in, start a head-to-head run between two legal Boundless decks from a deck's "Simulate" button,
watch the live progress reach 100% while the results fill in, sort the card table, open a
replay, step through it forward and back (buttons and keys), and switch the seat it is seen
from; and a table of four decks, whose run page shows every deck's placements and whose replay
shows four seats and their simultaneous moves.

The games are played by the toy rules of tests/rules/core/toy.py as the `boundless` engine (2-4
seats, a secret simultaneous bid, declared counters), so the pages are proven for any engine
and any number of seats; the real Boundless decks and card pool supply legal decks.

The run goes through the ``local`` backend's real dispatcher (``simulate.runner.LocalPool``),
with one change: its workers are threads of this process instead of spawned processes, on the
live server's database connection. The test database is SQLite in memory, which no other
process can open; the live server shares that one connection with its request threads, so
requests and chunks take turns on it (``DB_LOCK``).
"""

import re

import pytest
from django.contrib.auth import get_user_model

from tests.browser.conftest import DB_LOCK, SCREENSHOTS, replay_frames, wait_replay_drawn

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

PASSWORD = "a-long-simulation-password-1"
DECKS = "fixtures/decks"
GAMES = 40


def _import(owner, name):
    from decks.services import deck_import_text

    with open(f"{DECKS}/boundless-{name}.txt", encoding="utf-8") as handle:
        return deck_import_text(owner=owner, game="boundless", text=handle.read())


def _position(page) -> tuple[int, int]:
    match = re.match(r"Step (\d+) of (\d+)", page.locator("#replay-position").inner_text())
    assert match, page.locator("#replay-position").inner_text()
    return int(match.group(1)), int(match.group(2))


def _turn(page) -> int:
    return int(re.search(r"turn (\d+)", page.locator("#replay-position").inner_text()).group(1))


def _wait_step(page, step: int):
    wait_replay_drawn(page, step)


def test_start_a_head_to_head_run_watch_it_finish_and_replay_a_game(page, live_server, local_backend):
    from simulate.models import SimulationRun

    user = get_user_model().objects.create_user("simulator", password=PASSWORD)
    deck_a = _import(user, "emerald-vanguard")
    deck_b = _import(user, "akumaiden-onslaught")
    assert deck_a.is_legal and deck_b.is_legal

    # log in and go to the deck page; its "Simulate" button opens the start page with the deck chosen
    page.goto(f"{live_server.url}/accounts/login/?next=/decks/{deck_a.pk}/")
    page.fill("#id_username", "simulator")
    page.fill("#id_password", PASSWORD)
    page.get_by_role("button", name="Log in").click()
    page.wait_for_url(f"**/decks/{deck_a.pk}/")
    page.get_by_role("link", name="Simulate", exact=True).click()
    page.wait_for_url(f"**/simulations/new/?deck={deck_a.pk}")
    assert page.locator("select[name=deck]").input_value() == str(deck_a.pk)
    seed = page.locator("input[name=seed]").input_value()
    assert seed.isdigit()  # a random seed, shown for reuse

    # the gauntlet's checklist shows only in gauntlet mode
    assert page.locator("[data-modes=gauntlet]").is_hidden()
    page.check("input[name=mode][value=gauntlet]")
    assert page.locator("[data-modes=gauntlet]").is_visible()
    page.check("input[name=mode][value=head_to_head]")

    page.select_option("select[name=opponent]", str(deck_b.pk))
    page.fill("input[name=games]", str(GAMES))
    page.select_option("select[name=agent_a]", "random")
    page.select_option("select[name=agent_b]", "random")
    page.get_by_role("button", name="Start the run").click()
    page.wait_for_url(re.compile(r".*/simulations/\d+/$"))
    with DB_LOCK:
        run = SimulationRun.objects.get(owner=user)
    assert (run.mode, run.games_requested, str(run.seed), run.backend) == ("head_to_head", GAMES, seed, "local")

    # the live progress reaches 100% and the results fill in without a reload
    page.wait_for_function("() => document.getElementById('progress').dataset.status === 'done'", timeout=120_000)
    assert page.locator("#progress-percent").inner_text() == "100%"
    assert page.locator("#progress-games").inner_text() == f"{GAMES} / {GAMES}"
    assert page.locator("#run-status").inner_text() == "Done"
    assert page.locator("#cancel-form").is_hidden()
    headline = page.locator("#headline").inner_text()
    assert "Win rate of Emerald Vanguard" in headline
    # a win rate's interval in percent (simulate.js once had two interval() functions, the mean's
    # replacing the win rate's, so this read "0.45 – 0.62")
    assert re.search(r"95% interval \d+(\.\d)?% – \d+(\.\d)?%", headline), headline
    assert page.locator("figure[data-chart=win-rate] svg polygon.chart-band").count() == 1
    assert page.locator("figure[data-chart=length] svg rect.chart-bar").count() >= 1

    # the card table sorts by the column clicked
    page.locator("#card-table th[data-sort=card] button").click()
    assert page.locator("#card-table th[data-sort=card]").get_attribute("aria-sort") == "ascending"
    names = page.locator("#card-table tbody th").all_inner_texts()
    assert names == sorted(names, key=str.lower) or names == sorted(names)
    page.locator('#card-table th[data-sort="drawn:count"] button').click()
    drawn = [int(x) for x in page.locator("#card-table tbody tr td:nth-child(3)").all_inner_texts()]
    assert drawn == sorted(drawn, reverse=True)
    assert page.locator("#standings tbody tr").count() == 2
    assert page.locator("#counters tr[data-counter=mulligans]").count() == 2  # a declared counter, per deck

    # open a game's replay from the games list (refreshed once the run finished)
    page.locator(".games-list a", has_text="Replay #2").first.click()  # index 1: people count from 1
    page.wait_for_url(f"**/simulations/{run.pk}/games/0/1/**")
    step, total = _position(page)
    assert step == 1 and total > 5
    first_description = page.locator("#replay-description").inner_text()

    # forward and back, action by action: buttons and arrow keys
    page.get_by_role("button", name="Next ›").click()
    _wait_step(page, 2)
    page.keyboard.press("ArrowRight")
    page.keyboard.press("ArrowRight")
    _wait_step(page, 4)
    assert page.locator("#replay-description").inner_text() != first_description
    page.keyboard.press("ArrowLeft")
    _wait_step(page, 3)
    page.get_by_role("button", name="‹ Back").click()
    _wait_step(page, 2)

    # turn by turn: Shift+→ lands on the next turn's first step, Shift+← goes back
    turn = _turn(page)
    page.keyboard.press("Shift+ArrowRight")
    page.wait_for_function("t => !/ turn " + str(turn) + " /.test(document.getElementById('replay-position').textContent + ' ')",
                           arg=turn)
    assert _turn(page) > turn
    after_turn, _ = _position(page)
    page.keyboard.press("Shift+ArrowLeft")
    page.wait_for_function("n => !document.getElementById('replay-position').textContent.startsWith('Step ' + n + ' ')",
                           arg=after_turn)
    assert _position(page)[0] < after_turn
    page.keyboard.press("End")
    _wait_step(page, total)
    assert page.get_by_role("button", name="Next ›").is_disabled()

    # the board as seat 0 sees it, at the same step; then everything again
    page.keyboard.press("Home")
    _wait_step(page, 1)
    for _ in range(5):
        page.keyboard.press("ArrowRight")
    _wait_step(page, 6)
    page.get_by_role("link", name="Seat 1", exact=True).click()  # engine seat 0: "Seat 1" for people
    page.wait_for_url("**seat=0**")
    _wait_step(page, 6)
    assert page.locator("#replay").get_attribute("data-seat") == "0"
    mine = page.locator(".rp-panel.rp-mine")
    assert mine.count() == 1 and "Seat 1 · " in mine.locator(".rp-panel-title").inner_text()
    assert "(this seat)" in mine.locator(".rp-panel-title").inner_text()
    hidden_views = ["1" in frame["view"]["hands"] for frame in replay_frames(page)]
    assert not any(hidden_views)  # seat 0 never sees seat 1's hand
    page.get_by_role("link", name="Everything").click()
    page.wait_for_url("**seat=all**")
    assert page.locator(".rp-panel.rp-mine").count() == 0

    # the replay JSON downloads
    with page.expect_download() as download:
        page.get_by_role("link", name="Download replay JSON").click()
    assert download.value.suggested_filename.endswith(".json")


def test_a_table_of_four_decks_shows_placements_and_four_seat_replays(page, live_server, local_backend):
    from simulate.models import SimulationRun

    user = get_user_model().objects.create_user("tabler", password=PASSWORD)
    decks = [_import(user, name) for name in ("emerald-vanguard", "akumaiden-onslaught", "undertow-tempo")]
    decks.append(_import(user, "emerald-vanguard"))
    page.goto(f"{live_server.url}/accounts/login/?next=/simulations/new/%3Fdeck%3D{decks[0].pk}")
    page.fill("#id_username", "tabler")
    page.fill("#id_password", PASSWORD)
    page.get_by_role("button", name="Log in").click()
    page.wait_for_url(f"**/simulations/new/?deck={decks[0].pk}")
    assert page.locator("#sim-form").get_attribute("data-max-players") == "4"

    # the table's pickers appear one seat at a time, up to the game's four seats
    assert page.locator("[data-table-seat]").first.is_hidden()
    page.check("input[name=mode][value=table]")
    assert page.locator("[data-table-seat='2']").is_visible() and page.locator("[data-table-seat='3']").is_hidden()
    page.select_option("select[name=table_deck_2]", str(decks[1].pk))
    assert page.locator("[data-table-seat='3']").is_visible()
    page.select_option("select[name=table_deck_3]", str(decks[2].pk))
    page.select_option("select[name=table_deck_4]", str(decks[3].pk))
    page.select_option("select[name=table_agent_3]", "random")
    assert page.locator("[data-table-count]").inner_text().startswith("4 of at most 4 decks")
    page.screenshot(path=str(SCREENSHOTS / "simulate-new-table.png"), full_page=True)
    page.fill("input[name=games]", str(GAMES))
    page.get_by_role("button", name="Start the run").click()
    page.wait_for_url(re.compile(r".*/simulations/\d+/$"))
    with DB_LOCK:
        run = SimulationRun.objects.get(owner=user)
    assert run.mode == "table" and run.run_decks.count() == 4
    assert [a["name"] for a in run.agents] == ["greedy", "greedy", "random", "greedy"]

    page.wait_for_function("() => document.getElementById('progress').dataset.status === 'done'", timeout=120_000)
    rows = page.locator("#standings tbody tr")
    assert rows.count() == 4
    for i in range(4):
        places = rows.nth(i).locator(".placements li")
        counts = [int(re.search(r"\s(\d+)\s", " " + t + " ").group(1)) for t in places.all_inner_texts()]
        assert sum(counts) == GAMES  # every deck placed in every game
    assert "1st" in page.locator("#standings").inner_text()
    assert page.locator("figure[data-chart=win-rate] svg polyline.chart-line").count() == 4  # a band per deck
    assert page.locator("figure[data-chart=placements] svg rect.chart-bar").count() >= 4
    assert "Best mean placement" in page.locator("#headline").inner_text()
    assert page.locator("#counters tr[data-counter=bid]").count() == 4  # "Opening bid", a declared counter
    assert "a player reached 20 points" in page.locator("figure[data-chart=end-reasons]").inner_text()
    page.screenshot(path=str(SCREENSHOTS / "simulate-table-of-four.png"), full_page=True)

    # a replay of that table: four seats named by their decks, the secret bids said together
    page.locator(".games-list a", has_text="Replay #2").first.click()  # index 1: people count from 1
    page.wait_for_url(f"**/simulations/{run.pk}/games/0/1/**")
    # every replay is computed in the background: the page says so, then loads it when it is ready
    page.locator(".seat-switch").wait_for(timeout=120_000)
    assert page.locator(".seat-switch a").count() == 5  # four seats and "Everything"
    assert page.locator(".game-standings tbody tr").count() == 4
    bid = next((i for i, f in enumerate(replay_frames(page))
                if len(f["moves"]) == 4 and f["moves"][0]["action"].startswith("bid")), -1)
    assert bid > 0
    page.locator(f'#replay-log [data-step="{bid}"] a').click()
    _wait_step(page, bid + 1)
    said = page.locator("#replay-description .replay-moves li").all_inner_texts()
    assert len(said) == 4 and all("bids" in line for line in said)
    page.screenshot(path=str(SCREENSHOTS / "simulate-replay-table.png"), full_page=True)
    page.get_by_role("link", name="Seat 4", exact=True).click()
    page.wait_for_url("**seat=3**")
    assert "Seat 4 · " in page.locator(".rp-panel.rp-mine .rp-panel-title").inner_text()


def test_a_goldfish_run_shows_turns_to_win_and_no_win_rates_that_are_won_by_construction(page, live_server,
                                                                                           local_backend):
    """Player experience, part 6: against a passive opponent the deck wins (nearly) every game, so
    the page shows the turns-to-win chart alone (no win-rate band, no game-length copy of it) and
    no win-rate columns; each counter says what it counts."""
    from simulate.services import simulation_start

    user = get_user_model().objects.create_user("goldfisher", password=PASSWORD)
    deck = _import(user, "emerald-vanguard")
    with DB_LOCK:
        run = simulation_start(owner=user, game="boundless", mode="goldfish", deck_ids=[deck.pk], games=20, seed=5)
    page.goto(f"{live_server.url}/accounts/login/?next=/simulations/{run.pk}/")
    page.fill("#id_username", "goldfisher")
    page.fill("#id_password", PASSWORD)
    page.get_by_role("button", name="Log in").click()
    page.wait_for_function("() => document.getElementById('progress').dataset.status === 'done'", timeout=120_000)
    page.locator("figure[data-chart=turns-to-win]").wait_for()  # the figures of the last games land just after
    page.wait_for_function("() => /20 of 20 games/.test(document.getElementById('headline').textContent)")
    assert page.locator("figure[data-chart=win-rate]").count() == 0 and page.locator("figure[data-chart=length]").count() == 0
    headers = " ".join(page.locator("#card-table thead th").all_text_contents()
                       + page.locator("#counters thead th").all_text_contents())
    assert "Win" not in headers and "Cards drawn" in headers
    assert "copies that entered the hand" in page.locator("#card-table .counter-legend").inner_text()
