"""Millennium Blades in real headless Chromium (issue 12 part 6): a table of three saved kits started
from the web form and played by the tournament engine; its replay shows every seat's tableau in
slot order, with the Top Card marked."""

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

PASSWORD = "a-long-tournament-password-1"
KITS = ("ember-dojo", "argent-wall", "rocket-mice")


def _import(owner, stem):
    from decks.services import deck_import_text

    with open(f"fixtures/decks/millennium_blades-{stem}.txt", encoding="utf-8") as handle:
        return deck_import_text(owner=owner, game="millennium_blades", text=handle.read())


def test_a_table_of_three_kits_replays_every_tableau_in_slot_order(page, live_server, local_backend):
    from simulate.models import SimulationRun

    user = get_user_model().objects.create_user("blader", password=PASSWORD)
    kits = [_import(user, stem) for stem in KITS]
    assert all(kit.is_legal for kit in kits)
    log_in_to_new_run(page, live_server, "blader", PASSWORD, kits[0])
    page.check("input[name=mode][value=table]")
    page.select_option("select[name=table_deck_2]", str(kits[1].pk))
    page.select_option("select[name=table_deck_3]", str(kits[2].pk))
    start_run_and_wait(page, 3)
    with DB_LOCK:
        run = SimulationRun.objects.get(owner=user)
    assert run.mode == "table" and run.status == "done"
    assert page.locator("#standings tbody tr").count() == 3
    page.locator(".games-list a", has_text="Replay #2").first.click()  # index 1: people count from 1
    page.wait_for_url(f"**/simulations/{run.pk}/games/0/1/**")
    page.wait_for_selector("#replay-frames", state="attached", timeout=180_000)
    frames = replay_frames(page)
    page.get_by_role("button", name="End").click()
    wait_replay_drawn(page)
    last = frames[-1]["view"]["players"]
    seat0 = page.locator(".rp-panel", has=page.locator(".rp-panel-title", has_text=re.compile(r"^Seat 1 "))).first
    shown = seat0.locator(".rp-zone", has=page.locator(".rp-zone-title", has_text="Tableau")).first
    names = [c["name"] for c in last[0]["tableau"] if c and c.get("name")]
    assert shown.locator(".rp-card-name").all_inner_texts()[:len(names)] == names  # slot order, left to right
    assert page.locator(".rp-panel-title", has_text=re.compile(r"^Seat \d ")).count() == 3
    page.screenshot(path=str(SCREENSHOTS / "millennium-blades-table-replay.png"), full_page=True)
