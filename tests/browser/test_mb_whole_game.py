"""Millennium Blades' whole game in real headless Chromium (issue 27.5): started from /play/ without
decks (the game's deckless mode, 3 seats: you and two greedy agents), the market rounds played by
clicking (buying from the Store, selling to the Aftermarket, fusing, collecting, building the deck,
offering a trade, answering one; the actions shown a kind at a time), then the tournaments, to
the end; then its replay opens, a page of frames at a time. Screenshots at 1366x900 and 390x844
are left in SCREENSHOT_DIR (default: the temporary directory) for a person to look at."""

from __future__ import annotations

import re

import pytest
from django.contrib.auth import get_user_model

from tests.browser.conftest import SCREENSHOTS
from tests.browser.test_play import click_and_wait

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

PASSWORD = "a-long-playing-password-1"
DESKTOP, PHONE = {"width": 1366, "height": 900}, {"width": 390, "height": 844}
#: the market moves the person tries, in this order, one a tick while they are offered
PLAN = ("buy_store", "buy_store", "sell", "fuse", "collect", "offer", "buy_aftermarket", "kit", "kit", "kit", "kit",
        "kit", "kit", "kit", "kit")


def shoot(page, name: str) -> None:
    for size, suffix in ((DESKTOP, "desktop"), (PHONE, "phone")):
        page.set_viewport_size(size)
        page.screenshot(path=str(SCREENSHOTS / f"mb-whole-game-{name}-{suffix}.png"), full_page=size is PHONE)
    page.set_viewport_size(DESKTOP)


def offered(page) -> list[str]:
    return page.locator("#play-choices input[name=action]").evaluate_all("nodes => nodes.map(n => n.value)")


def button_for(page, action: str):
    return page.locator("#play-choices button.play-choice").nth(offered(page).index(action))


def test_a_whole_game_of_millennium_blades_is_played_by_clicking_to_its_end(page, live_server, monkeypatch):
    import play.services
    from play.models import PlayedGame

    monkeypatch.setattr(play.services.secrets, "randbits", lambda bits: 20261128)  # the same game every time
    get_user_model().objects.create_user("blader", password=PASSWORD)
    page.set_viewport_size(DESKTOP)
    page.goto(f"{live_server.url}/accounts/login/?next=/play/")
    page.fill("#id_username", "blader")
    page.fill("#id_password", PASSWORD)
    page.get_by_role("button", name="Log in").click()
    page.wait_for_url("**/play/")
    # no saved deck is needed: the game's deckless modes have a form of their own
    page.select_option("#id_deckless-what", "millennium_blades:full-game")
    page.select_option("#id_deckless-players", "3")
    page.select_option("#id_deckless-agent", "greedy")
    page.locator("#play-deckless-form button[type=submit]").click()
    page.wait_for_url("**/play/*/")
    page.evaluate("localStorage.setItem('card-workshop.play.speed', 'instant')")
    page.reload()
    page.locator("#play-board .rp-panel").first.wait_for(state="visible")
    board = page.locator("#play-board").inner_text()
    assert "Deckbuilding" in board or "deckbuilding" in board
    shoot(page, "market-start")

    # the actions come a kind at a time: "Buy store" shows only the Store's
    page.locator('#play-kinds [data-kind="buy_store"]').click()
    shown = page.locator("#play-choices li:visible input[name=action]").evaluate_all("ns => ns.map(n => n.value)")
    assert shown and all(action.startswith("buy_store") for action in shown)
    page.locator('#play-kinds [data-kind=""]').click()

    made, plan, clicks, market_shot, tournament_shot = [], list(PLAN), 0, False, False
    for _ in range(800):
        actions = offered(page)
        if not actions:
            break
        verbs = [action.split(" ")[0] for action in actions]
        if "wait" in verbs:  # a market tick: the plan's next move that is offered, else wait
            if "accept" in verbs:
                choice = next(a for a in actions if a.startswith("accept"))
            else:
                wanted = next((verb for verb in plan if verb in verbs), None)
                if wanted is not None:
                    plan.remove(wanted)
                choice = next(a for a in actions if a.split(" ")[0] == wanted) if wanted else "wait"
        else:  # a tournament: the first action offered keeps it moving
            choice = actions[0]
            if not tournament_shot:
                shoot(page, "tournament")
                tournament_shot = True
        made.append(choice.split(" ")[0])
        click_and_wait(page, button_for(page, choice))
        clicks += 1
        if not market_shot and made.count("kit") >= 3:
            shoot(page, "market-later")
            market_shot = True

    game = PlayedGame.objects.get()
    assert game.status == "finished" and game.mode == "full-game"
    for verb in ("buy_store", "sell", "kit", "offer"):
        assert verb in made, f"never clicked {verb}: {sorted(set(made))}"
    assert tournament_shot and len(game.moves) > 150  # three market rounds and three tournaments
    page.locator(".play-result h2").wait_for(state="visible")
    shoot(page, "over")

    page.get_by_role("link", name="Open it in the replay viewer").click()
    page.wait_for_url(re.compile(r"/replay/\?seat=all(#step=\d+)?$"))  # replay.js may already have set #step=N
    page.locator("#replay-board .rp-panel").first.wait_for(state="visible")
    page.keyboard.press("End")  # the last frames are another page, fetched when reached
    page.wait_for_function("() => !document.getElementById('replay').hasAttribute('data-loading')")
    assert "over" in page.locator("#replay-board").inner_text().lower()
    shoot(page, "replay-end")
    print(f"whole game: {clicks} clicks, {len(game.moves)} moves")
