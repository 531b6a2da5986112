"""FellBound in real headless Chromium (issue 10, "Web"): a head-to-head run of two saved FellBound
decks started from the web form, played by the real FellBound engine; its replay draws the
battleground as a grid and shows a deployed character on the tile the event log says; and a team
run of four decks, started from the same form, reports each team's win rate.

The runs go through the local backend's dispatcher with thread workers (``local_backend`` in
tests/browser/conftest.py).
"""


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

PASSWORD = "a-long-fellbound-password-1"


def _import(owner, stem, name=None):
    from decks.services import deck_import_text

    with open(f"fixtures/decks/fellbound-{stem}.txt", encoding="utf-8") as handle:
        return deck_import_text(owner=owner, game="fellbound", text=handle.read(), name=name)


def _log_in(page, live_server, deck):
    log_in_to_new_run(page, live_server, "marshal", PASSWORD, deck)

def test_a_fellbound_head_to_head_replay_draws_the_battleground_tile_by_tile(page, live_server, local_backend):
    from simulate.models import SimulationRun

    user = get_user_model().objects.create_user("marshal", password=PASSWORD)
    deck_a, deck_b = _import(user, "dawnwardens"), _import(user, "gravetide")
    assert deck_a.is_legal and deck_b.is_legal
    _log_in(page, live_server, deck_a)
    assert "FellBound is played by 2 or 4 players" in page.locator("#sim-form").inner_text()
    assert page.locator("input[name=mode][value=table]").is_disabled()
    page.check("input[name=mode][value=head_to_head]")
    page.select_option("select[name=opponent]", str(deck_b.pk))
    start_run_and_wait(page, 6)
    with DB_LOCK:
        run = SimulationRun.objects.get(owner=user)
    assert run.game == "fellbound" and run.status == "done"
    assert "Win rate of Dawnwardens" in page.locator("#headline").inner_text()

    page.locator(".games-list a", has_text="Replay #2").first.click()  # index 1: people count from 1
    page.wait_for_url(f"**/simulations/{run.pk}/games/0/1/**")
    wait_replay_drawn(page)  # a slow one is computed first
    assert page.locator(".rp-grid [data-tile]").count() == 10  # 2 x 5 tiles
    frames = replay_frames(page)
    step, deploy = next((i, e) for i, f in enumerate(frames) for e in f["events"] if e["action"] == "deploy")
    page.locator(f'#replay-log [data-step="{step}"] a').click()
    wait_replay_drawn(page, step + 1)
    tile = page.locator(f'.rp-grid [data-tile="{deploy["changes"]["tile"]}"]')
    assert tile.locator(".rp-card-name").inner_text() == deploy["changes"]["card"]
    assert tile.locator(".rp-facing").count() == 1
    page.screenshot(path=str(SCREENSHOTS / "fellbound-replay-grid.png"), full_page=True)


def test_a_fellbound_team_run_from_the_form_reports_team_win_rates(page, live_server, local_backend):
    from simulate.models import SimulationRun

    user = get_user_model().objects.create_user("marshal", password=PASSWORD)
    decks = [_import(user, stem) for stem in ("dawnwardens", "gravetide", "turncoat-purse")]
    decks.append(_import(user, "gravetide", name="Gravetide Twin"))
    _log_in(page, live_server, decks[0])
    page.check("input[name=mode][value=teams]")
    assert page.locator("[data-table-seat='4']").is_visible()  # every picker of the teams at once
    assert "Your ally's deck" in page.locator("[data-table-seat='2']").inner_text()
    for seat, deck in zip((2, 3, 4), decks[1:], strict=True):
        page.select_option(f"select[name=table_deck_{seat}]", str(deck.pk))
    start_run_and_wait(page, 4)
    with DB_LOCK:
        run = SimulationRun.objects.get(owner=user)
    assert run.mode == "teams"
    headline = page.locator("#headline").inner_text()
    assert "Win rate of team 1 (Dawnwardens & Gravetide)" in headline
    assert "Win rate of team 2 (Turncoat Purse & Gravetide Twin)" in headline
    assert "team 1: Dawnwardens & Gravetide against team 2" in page.locator(".run-meta").last.inner_text()
    page.locator(".games-list a", has_text="Replay #2").first.click()  # index 1: people count from 1
    page.wait_for_url(f"**/simulations/{run.pk}/games/0/1/**")
    wait_replay_drawn(page)
    assert page.locator(".rp-grid [data-tile]").count() == 20  # 2 x 10 tiles for four players
    page.screenshot(path=str(SCREENSHOTS / "fellbound-team-replay.png"), full_page=True)
