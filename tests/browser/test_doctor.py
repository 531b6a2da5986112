"""A deck doctor run in real headless Chromium for each of the five games (issue 28, "Performance":
small sizes): log in, open the doctor for a sample deck, choose the other two sample decks of its
game as the field, start, watch the progress until the verdicts are in, and read the candidates'
table (every one measured, with its interval). The real engines play (random agents, two games a
look, one look), on the local backend's real dispatcher with thread workers
(tests/browser/conftest.py)."""

import re
from pathlib import Path

import pytest
from django.contrib.auth import get_user_model

from tests.browser.conftest import SCREENSHOTS

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

PASSWORD = "a-long-doctor-password-1"
GAMES = ("boundless", "spellbound", "fellbound", "bos", "millennium_blades")


def _import_samples(owner, game: str) -> list:
    from decks.services import deck_import_text

    paths = sorted(Path("fixtures/decks").glob(f"{game}-*.txt"))[:3]
    return [deck_import_text(owner=owner, game=game, text=path.read_text(encoding="utf-8")) for path in paths]


@pytest.mark.parametrize("game", GAMES)
def test_a_doctor_run_of_each_game_in_the_browser(page, live_server, local_backend_real_engines, game):
    user = get_user_model().objects.create_user("doctor", password=PASSWORD)
    deck, *field = _import_samples(user, game)
    assert deck.is_legal and all(f.is_legal for f in field)
    page.goto(f"{live_server.url}/accounts/login/?next=/simulations/doctor/%3Fdeck%3D{deck.pk}")
    page.fill("#id_username", "doctor")
    page.fill("#id_password", PASSWORD)
    page.get_by_role("button", name="Log in").click()
    page.wait_for_url(f"**/simulations/doctor/?deck={deck.pk}")
    for opponent in field:
        page.check(f"input[name=field][value='{opponent.pk}']")
    page.fill("input[name=candidates]", "2")
    page.fill("input[name=games_per_look]", "2")
    page.fill("input[name=max_looks]", "1")
    page.select_option("select[name=agent]", "random")
    page.fill("input[name=seed]", "7")
    page.get_by_role("button", name="Start the doctor").click()
    page.wait_for_url(re.compile(r".*/simulations/doctor/\d+/$"))
    page.wait_for_function("() => document.getElementById('run-status').dataset.status === 'done'", timeout=180_000)
    rows = page.locator("#doctor-table tbody tr[data-number]")
    assert rows.count() == 2
    assert "to" in rows.first.locator("td").nth(4).inner_text()  # its interval
    assert page.locator("#doctor-best").is_visible()
    page.screenshot(path=str(SCREENSHOTS / f"doctor-{game}.png"), full_page=True)
