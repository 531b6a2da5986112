"""Spellbound and BOS in real headless Chromium (issue 9 "Web", issue 11 part 7): a head-to-head
run of two saved sample decks started from the web form and played by the real engine; a
Spellbound replay stepped to a frame with something on the Ladder, which the board shows top
first; a BOS replay showing the three summon columns, the wizards and the boss. The runs go
through the local backend's dispatcher with thread workers (``local_backend``, conftest.py)."""

import re

import pytest
from django.contrib.auth import get_user_model

from tests.browser.conftest import (
    DB_LOCK,
    SCREENSHOTS,
    log_in_to_new_run,
    replay_frames,
    start_run_and_wait,
    wait_replay_drawn,
)

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

PASSWORD = "a-long-engine-password-1"


def _import(owner, game, stem):
    from decks.services import deck_import_text

    with open(f"fixtures/decks/{game}-{stem}.txt", encoding="utf-8") as handle:
        return deck_import_text(owner=owner, game=game, text=handle.read())


def _run_head_to_head(page, live_server, game, stems, games=3):
    from simulate.models import SimulationRun

    user = get_user_model().objects.create_user(f"{game}-player", password=PASSWORD)
    deck_a, deck_b = (_import(user, game, stem) for stem in stems)
    assert deck_a.is_legal and deck_b.is_legal
    log_in_to_new_run(page, live_server, f"{game}-player", PASSWORD, deck_a)
    page.check("input[name=mode][value=head_to_head]")
    page.select_option("select[name=opponent]", str(deck_b.pk))
    start_run_and_wait(page, games)
    with DB_LOCK:
        run = SimulationRun.objects.get(owner=user)
    assert run.game == game and run.status == "done"
    page.locator(".games-list a", has_text="Replay #2").first.click()  # index 1: people count from 1
    page.wait_for_url(f"**/simulations/{run.pk}/games/0/1/**")
    # a slow replay is computed in the background: the page waits, then shows it
    page.wait_for_selector("#replay-frames", state="attached", timeout=180_000)
    return run


def _go_to(page, step: int):
    page.locator(f'#replay-log [data-step="{step}"] a').click()
    wait_replay_drawn(page, step + 1)


def test_a_spellbound_replay_shows_the_ladder_top_first(page, live_server, local_backend):
    _run_head_to_head(page, live_server, "spellbound", ("ashen-rift", "rootbound-relics"))
    frames = replay_frames(page)
    step = next(i for i, f in enumerate(frames) if f["view"].get("ladder"))
    _go_to(page, step)
    ladder = frames[step]["view"]["ladder"]
    zone = page.locator(".rp-zone", has=page.locator(".rp-zone-title", has_text="Ladder")).first
    assert zone.locator(".rp-card-name").first.inner_text() == ladder[0]["name"]  # the top of the ladder first
    assert page.locator(".rp-panel-title", has_text="Seat 1").count() >= 1
    page.screenshot(path=str(SCREENSHOTS / "spellbound-replay-ladder.png"), full_page=True)


def test_a_bos_replay_shows_columns_wizards_and_the_boss(page, live_server, local_backend):
    _run_head_to_head(page, live_server, "bos", ("red-kindling-rush", "blue-tidewatch-control"))
    frames = replay_frames(page)
    step = next(i for i, f in enumerate(frames) if any(s for p in f["view"]["players"] for s in p["summons"]))
    _go_to(page, step)
    page.screenshot(path=str(SCREENSHOTS / "bos-replay-columns.png"), full_page=True)
    # the seat's own panel ("Seat 1 · deck": engine seat 0), not the panel of its legal actions ("Legal actions · Seat 1 · ...")
    seat = page.locator(".rp-panel", has=page.locator(".rp-panel-title", has_text=re.compile(r"^Seat 1 "))).first
    for zone in ("Wizards", "Summons"):
        assert seat.locator(".rp-zone-title", has_text=zone).count() == 1
    assert "Vim" in seat.inner_text() and "Life" in seat.inner_text()
    # a summon's column is said once ("left column", not "column left column"), and a panel with
    # nothing in it is not drawn: "Known in the castle" reads "none" while nothing is known (issue 27)
    board = page.locator("#replay-board").inner_text()
    assert not re.search(r"column:? \w+ column", board, re.I), board
    assert page.locator("#replay-board .rp-tag", has_text=re.compile(r"^(left|middle|right) column$")).count() >= 1
    titles = page.locator("#replay-board .rp-panel").evaluate_all(
        "panels => panels.filter(p => p.children.length < 2 || !p.innerText.replace(p.firstChild.innerText, '').trim())"
        ".map(p => p.firstChild.innerText)")
    assert not titles, f"empty panels: {titles}"


def test_a_bos_best_of_three_run_replays_the_second_game_of_a_match(page, live_server, local_backend):
    from simulate.models import SimulationRun

    user = get_user_model().objects.create_user("bos-duelist", password=PASSWORD)
    deck_a, deck_b = _import(user, "bos", "yellow-verdant-gate"), _import(user, "bos", "red-kindling-rush")
    log_in_to_new_run(page, live_server, "bos-duelist", PASSWORD, deck_a)
    page.check("input[name=mode][value=match]")
    page.select_option("select[name=opponent]", str(deck_b.pk))
    start_run_and_wait(page, 2)
    with DB_LOCK:
        run = SimulationRun.objects.get(owner=user)
    assert run.mode == "match"
    page.locator(".games-list a", has_text="Match #2").first.click()  # index 1: people count from 1
    page.wait_for_url(f"**/simulations/{run.pk}/games/0/1/**")
    page.wait_for_selector("#replay-frames", state="attached", timeout=180_000)
    assert "won the match" in page.locator(".match-games").inner_text()
    page.get_by_role("link", name="Game 2", exact=True).click()
    page.wait_for_url("**match_game=2**")
    page.wait_for_selector("#replay-frames", state="attached", timeout=180_000)
    frames = replay_frames(page)
    assert frames[-1]["over"]
    # game 2 of a match: a new ether bid, and the reserves may be swapped first
    assert any(m["action"].startswith(("bid", "swap", "done")) for f in frames for m in f["moves"])
    page.screenshot(path=str(SCREENSHOTS / "bos-match-game-2.png"), full_page=True)
