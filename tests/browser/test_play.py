"""Play a game yourself in real headless Chromium (player experience issue, part 1; issue 27.2, 27.3):
start it from the play page against the greedy agent, click a card to pick out its actions,
play legal actions by clicking them until the game ends (each move sent with fetch: the page is
not loaded again), reload midway and carry on, then open the replay viewer. A Spellbound game
shows the opponent's moves one by one in the log beside the board and passes for you. Screenshots
at desktop and phone widths are left for a person to look at."""

import os
import re
import tempfile
from pathlib import Path

import pytest
from django.contrib.auth import get_user_model

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

PASSWORD = "a-long-playing-password-1"
SCREENSHOTS = Path(os.environ.get("SCREENSHOT_DIR", tempfile.gettempdir()))
#: the buttons a person can press: the listed actions and the confirm of a pick on the board
#: (actions picked on the board have no button of their own: keeping the opening hand is a confirm)
CLICKABLE = "#play-picks button.play-choice, #play-choices li:not([hidden]) button.play-choice"


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
    page.evaluate("localStorage.setItem('card-workshop.play.speed', 'instant')")
    page.reload()

    # the board is drawn from the seat's view; the opening hand is ours to see
    page.locator("#play-board [data-card-name]").first.wait_for(state="visible")
    page.screenshot(path=str(SCREENSHOTS / "play-desktop.png"), full_page=True)
    page.set_viewport_size({"width": 390, "height": 844})
    page.screenshot(path=str(SCREENSHOTS / "play-phone.png"), full_page=True)
    page.set_viewport_size({"width": 1280, "height": 900})

    clicks = 0
    reloaded = False
    for _ in range(400):
        buttons = page.locator(CLICKABLE)
        lit = page.locator("#play-board .play-pickable")
        if buttons.count() == 0 and lit.count():  # a choice picked on the board only (a card to discard)
            lit.first.click()
            continue
        if buttons.count() == 0:
            break
        if clicks == 6 and not reloaded:  # a reload in the middle of the game changes nothing
            before = [buttons.nth(i).inner_text() for i in range(buttons.count())]
            page.reload(wait_until="load")
            after = page.locator(CLICKABLE)
            assert [after.nth(i).inner_text() for i in range(after.count())] == before
            reloaded = True
            continue
        if clicks == 8:  # a click on a card of the board keeps the actions that name it
            chip = page.locator("#play-board [data-card-name][role=button]:not(.play-pickable)").first
            name = chip.get_attribute("data-card-name")
            chip.click()
            shown = list(page.locator("#play-choices li:not([hidden]) button").all_inner_texts())
            assert all(name in text for text in shown)
            page.locator("#play-filter-clear").click()
        # the last offered action that does not end the step (plays a card, sets one), else the last
        texts = buttons.all_inner_texts()
        index = max((i for i, text in enumerate(texts) if " ends " not in text), default=len(texts) - 1)
        click_and_wait(page, buttons.nth(index))
        clicks += 1
    assert reloaded and clicks > 8

    game = PlayedGame.objects.get()
    assert game.status == "finished" and page.url == game_url
    result = page.locator(".play-result h2").inner_text()
    assert result in ("You won", "Draw") or result.endswith(" won")
    page.get_by_role("link", name="Open it in the replay viewer").click()
    page.wait_for_url(re.compile(r"/replay/\?seat=all(#step=\d+)?$"))  # replay.js may already have set #step=N
    page.locator("#replay-board [data-card-name]").first.wait_for(state="visible")
    assert "Emerald Vanguard" in page.locator("body").inner_text()


def click_and_wait(page, button) -> None:
    """Click an action and wait until the page has drawn the answer (its moves count changed and
    the actions are enabled again, or the game is over)."""
    before = page.locator("#play").get_attribute("data-moves")
    button.click()
    page.wait_for_function(
        """before => document.getElementById("play").getAttribute("data-moves") !== before
                     && !document.querySelector(".play-choice[disabled]")""",
        arg=before, timeout=120_000)


def test_a_spellbound_game_plays_without_reloads_shows_the_opponents_moves_and_passes_for_you(page, live_server,
                                                                                                monkeypatch):
    """Moves go by fetch: no navigation after the first page. The opponent's moves appear one by one
    (fast) above the board and newest first in the log beside it, with their numbers whole; the
    priority passes outside your stops are made for you (marked in the log); full control is a
    checkbox of the page's "Passing for you"."""
    import play.services
    from decks.services import deck_import_text
    from play.models import PlayedGame

    monkeypatch.setattr(play.services.secrets, "randbits", lambda bits: 20261125)
    user = get_user_model().objects.create_user("spell-player", password=PASSWORD)
    decks = []
    for stem in ("ashen-rift", "rootbound-relics"):
        with open(f"fixtures/decks/spellbound-{stem}.txt", encoding="utf-8") as handle:
            decks.append(deck_import_text(owner=user, game="spellbound", text=handle.read()))
    page.set_viewport_size({"width": 1366, "height": 900})
    page.goto(f"{live_server.url}/accounts/login/?next=/play/")
    page.fill("#id_username", "spell-player")
    page.fill("#id_password", PASSWORD)
    page.get_by_role("button", name="Log in").click()
    page.wait_for_url("**/play/")
    page.select_option("select[name=deck]", str(decks[0].pk))
    page.select_option("select[name=opponent]", str(decks[1].pk))
    page.select_option("select[name=agent]", "greedy")
    page.get_by_role("button", name="Start the game").click()
    page.wait_for_url("**/play/*/")
    page.locator("#play-board [data-card-name]").first.wait_for(state="visible")
    page.select_option("#play-speed", "fast")
    assert page.evaluate("localStorage.getItem('card-workshop.play.speed')") == "fast"

    navigations = []
    page.on("framenavigated", lambda frame: navigations.append(frame.url) if frame == page.main_frame else None)
    shown = []  # what the banner above the board said while the opponent's moves played
    page.expose_function("noteShown", lambda text: shown.append(text))  # noqa: PLW0108 (Playwright cannot wrap a builtin)
    page.evaluate("""() => new MutationObserver(() => { const now = document.getElementById("play-now");
                         if (!now.hidden) window.noteShown(now.textContent); })
                     .observe(document.getElementById("play-now"), {childList: true, characterData: true, subtree: true})""")
    for _ in range(5):
        buttons = page.locator(CLICKABLE)
        if buttons.count() == 0:
            break
        # the first action that is not a pass: cast, battle, target... (a pass only when it is all)
        texts = buttons.all_inner_texts()
        index = next((i for i, t in enumerate(texts) if not t.endswith(" passes")), 0)
        click_and_wait(page, buttons.nth(index))
    assert navigations == [], f"the page was loaded again: {navigations}"
    game = PlayedGame.objects.get(owner=user)
    assert game.auto_moves, "the forced moves and plain passes should have been made for the person"
    opponent = game.deck_names[1]
    assert any(opponent in text for text in shown), shown  # an opponent's move was shown above the board
    # every move in the log, newest first, whole numbers; a run of passes in a row is one line ("12–14")
    spans = [[int(n) for n in text.split("–")] for text in page.locator("#play-story .play-n").all_inner_texts()]
    covered = [n for span in reversed(spans) for n in range(span[0], span[-1] + 1)]
    assert covered == list(range(1, len(game.moves) + 1)), spans
    assert len(spans) < len(game.moves) and "passes in a row" in page.locator("#play-story").inner_text()
    assert page.locator("#play-story li.auto").count() >= 1 and "made for you" in page.locator("#play-story").inner_text()
    # the log sits beside the board on a desktop screen: its top is level with the board's
    board_box = page.locator(".play-board-box").bounding_box()
    story_box = page.locator(".play-story-box").bounding_box()
    assert story_box["x"] > board_box["x"] + board_box["width"] - 1 and abs(story_box["y"] - board_box["y"]) < 5
    page.screenshot(path=str(SCREENSHOTS / "play-spellbound-1366.png"), full_page=False)
    page.set_viewport_size({"width": 390, "height": 844})
    page.screenshot(path=str(SCREENSHOTS / "play-spellbound-390.png"), full_page=True)
    story_box = page.locator(".play-story-box").bounding_box()
    board_box = page.locator(".play-board-box").bounding_box()
    assert story_box["y"] >= board_box["y"] + board_box["height"] - 1  # below the board on a phone
    page.set_viewport_size({"width": 1366, "height": 900})

    # full control: saved without a reload, then every decision is asked
    page.locator("#play-control summary").click()
    page.check("#play-control-form input[name=full_control]")
    page.locator("#play-control-form button[type=submit]").click()
    page.wait_for_function("() => document.getElementById('play-control-summary').textContent === 'full control'")
    game.refresh_from_db()
    assert game.control["full_control"] is True and navigations == []
