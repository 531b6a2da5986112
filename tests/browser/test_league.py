"""Leagues in real headless Chromium (issue 28, part 1): for each of the five games, three sample
decks ticked on the "Start a league" page, a few random games per pairing in the game's league
format (Boundless: games, played by the toy rules like the other simulation browser tests;
Spellbound: games; BOS: best-of-three matches; FellBound: teams of allies; Millennium Blades: one
table of three), the run page followed live to the end, and its heatmap, text matrix and ratings
table checked. The runs go through the local backend's dispatcher with thread workers
(``local_backend``, conftest.py)."""

import pytest
from django.contrib.auth import get_user_model

from tests.browser.conftest import DB_LOCK, SCREENSHOTS

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

PASSWORD = "a-long-league-password-1"
STEMS = {
    "boundless": ("emerald-vanguard", "akumaiden-onslaught", "undertow-tempo"),
    "spellbound": ("ashen-rift", "pink-tide-dreams", "rootbound-relics"),
    "bos": ("blue-tidewatch-control", "red-kindling-rush", "yellow-verdant-gate"),
    "fellbound": ("dawnwardens", "gravetide", "turncoat-purse"),
    "millennium_blades": ("argent-wall", "ember-dojo", "rocket-mice"),
}
#: the league format (and table size) each game's run is started with
FORMATS = {"boundless": ("head_to_head", None), "spellbound": ("head_to_head", None), "bos": ("match", None),
           "fellbound": ("teams", None), "millennium_blades": ("table", "3")}


@pytest.mark.parametrize("game", list(STEMS))
def test_a_league_of_three_decks_for_every_game(page, live_server, local_backend, game):
    from decks.services import deck_import_text
    from simulate.models import SimulationRun

    user = get_user_model().objects.create_user(f"{game}-leaguer", password=PASSWORD)
    decks = []
    for stem in STEMS[game]:
        with open(f"fixtures/decks/{game}-{stem}.txt", encoding="utf-8") as handle:
            decks.append(deck_import_text(owner=user, game=game, text=handle.read()))
    assert all(deck.is_legal for deck in decks)

    page.goto(f"{live_server.url}/accounts/login/?next=/simulations/league/new/%3Fgame%3D{game}")
    page.fill("#id_username", f"{game}-leaguer")
    page.fill("#id_password", PASSWORD)
    page.get_by_role("button", name="Log in").click()
    page.wait_for_url(f"**/simulations/league/new/?game={game}")
    for deck in decks:
        page.check(f"input[name=decks][value='{deck.pk}']")
    league_format, size = FORMATS[game]
    page.select_option("select[name=league_format]", league_format)
    if size:
        page.select_option("select[name=table_size]", size)
    page.fill("input[name=games]", "2")
    page.select_option("select[name=agent]", "random")
    page.get_by_role("button", name="Start the league").click()
    page.wait_for_url("**/simulations/*/")
    page.wait_for_function("() => document.getElementById('progress').dataset.status === 'done'", timeout=240_000)
    with DB_LOCK:
        run = SimulationRun.objects.get(owner=user)
    assert run.mode == "league" and run.status == "done" and run.league["format"] == league_format

    page.screenshot(path=str(SCREENSHOTS / f"league-{game}.png"), full_page=True)
    # the heatmap: a cell for every ordered pair of decks with games, each with its figure
    assert page.locator(".heatmap-svg .heatmap-value").count() == 6
    assert page.locator("#league-matrix tbody tr").count() == 3
    assert page.locator("#league-ratings tbody tr").count() == 3
    ranks = sorted(page.locator("#league-ratings tbody tr td:first-child").all_inner_texts())
    assert ranks == ["1", "2", "3"]
    # ordering by name puts the decks' rows in name order
    page.get_by_role("link", name="by name").click()
    page.wait_for_url("**?sort=name")
    names = [text.split(". ", 1)[1] for text in page.locator("#league-matrix tbody th").all_inner_texts()]
    assert names == sorted(names, key=str.lower)
