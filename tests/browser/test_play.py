"""Play a Boundless game yourself in real headless Chromium (player experience issue, part 1):
start it from the play page against the greedy agent, click a card to pick out its actions,
play legal actions by clicking them until the game ends, reload midway and carry on, then open
the replay viewer. Screenshots at desktop and phone widths are left for a person to look at."""

import os
import tempfile
from pathlib import Path

import pytest
from django.contrib.auth import get_user_model

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

PASSWORD = "a-long-playing-password-1"
SCREENSHOTS = Path(os.environ.get("SCREENSHOT_DIR", tempfile.gettempdir()))


def _import(owner, name):
    from decks.services import deck_import_text

    with open(f"fixtures/decks/boundless-{name}.txt", encoding="utf-8") as handle:
        return deck_import_text(owner=owner, game="boundless", text=handle.read())


def test_play_a_boundless_game_to_its_end_by_clicking_reload_midway_and_replay_it(page, live_server, monkeypatch):
    import play.services
    from play.models import PlayedGame

    monkeypatch.setattr(play.services.secrets, "randbits", lambda bits: 20261124)  # the same game every time

    user = get_user_model().objects.create_user("player", password=PASSWORD)
    mine = _import(user, "emerald-vanguard")
    theirs = _import(user, "akumaiden-onslaught")

    page.goto(f"{live_server.url}/accounts/login/?next=/play/")
    page.fill("#id_username", "player")
    page.fill("#id_password", PASSWORD)
    page.get_by_role("button", name="Log in").click()
    page.wait_for_url("**/play/")
    page.select_option("select[name=deck]", str(mine.pk))
    page.select_option("select[name=opponent]", str(theirs.pk))
    page.select_option("select[name=agent]", "greedy")
    page.get_by_role("button", name="Start the game").click()
    page.wait_for_url("**/play/*/")
    game_url = page.url

    # the board is drawn from the seat's view; the opening hand is ours to see
    page.locator("#play-board [data-card-name]").first.wait_for(state="visible")
    page.screenshot(path=str(SCREENSHOTS / "play-desktop.png"), full_page=True)
    page.set_viewport_size({"width": 390, "height": 844})
    page.screenshot(path=str(SCREENSHOTS / "play-phone.png"), full_page=True)
    page.set_viewport_size({"width": 1280, "height": 900})

    clicks = 0
    reloaded = False
    for _ in range(400):
        buttons = page.locator("#play-choices button.play-choice")
        if buttons.count() == 0:
            break
        if clicks == 6 and not reloaded:  # a reload in the middle of the game changes nothing
            before = [buttons.nth(i).inner_text() for i in range(buttons.count())]
            page.reload(wait_until="load")
            after = page.locator("#play-choices button.play-choice")
            assert [after.nth(i).inner_text() for i in range(after.count())] == before
            reloaded = True
            continue
        if clicks == 8:  # a click on a card of the board keeps the actions that name it
            chip = page.locator("#play-board [data-card-name][role=button]").first
            name = chip.get_attribute("data-card-name")
            chip.click()
            shown = [t for t in page.locator("#play-choices li:not([hidden]) button").all_inner_texts()]
            assert all(name in text for text in shown)
            page.locator("#play-filter-clear").click()
        with page.expect_navigation():  # the move posts, the agent answers, the page comes back
            buttons.last.click()  # the last offered action: keeps the game moving (attack, end the step)
        clicks += 1
    assert reloaded and clicks > 8

    game = PlayedGame.objects.get()
    assert game.status == "finished" and page.url == game_url
    result = page.locator(".play-result h2").inner_text()
    assert result in ("You won", "Draw") or result.endswith(" won")
    page.get_by_role("link", name="Open it in the replay viewer").click()
    page.wait_for_url("**/replay/?seat=all")
    page.locator("#replay-board [data-card-name]").first.wait_for(state="visible")
    assert "Emerald Vanguard" in page.locator("body").inner_text()
