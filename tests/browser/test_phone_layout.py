"""Phones (issue 27, part 11): at 390x844 (a phone held upright) the play page, FellBound's grid
and the replay controls fit the screen's width: the page never scrolls sideways (a wide board
may scroll inside itself), and the replay controls are on the first screen. Screenshots land in
SCREENSHOTS (phone-*.png)."""

import pytest
from django.contrib.auth import get_user_model
from django.test import Client

from tests.browser.conftest import SCREENSHOTS

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

PHONE = {"width": 390, "height": 844}

#: What sticks out past the right edge of the window, outside any element that scrolls by itself.
OVERFLOW = """() => {
  const width = document.documentElement.clientWidth;
  const scrolls = el => { for (let p = el.parentElement; p; p = p.parentElement) {
    const s = getComputedStyle(p);
    if ((s.overflowX === "auto" || s.overflowX === "scroll" || s.overflowX === "hidden") && p !== document.body
        && p !== document.documentElement) return true; } return false; };
  const out = [];
  for (const el of document.querySelectorAll("body *")) {
    const r = el.getBoundingClientRect();
    if (r.width && r.right > width + 1 && !scrolls(el) && getComputedStyle(el).position !== "fixed")
      out.push((el.id ? "#" + el.id : el.tagName.toLowerCase() + "." + [...el.classList].join(".")) + " " + Math.round(r.right));
  }
  return {scrollWidth: document.documentElement.scrollWidth, width, out: out.slice(0, 12)};
}"""


@pytest.fixture
def phone(page, live_server):
    """A page of a phone-sized, touch, mobile browser context, logged in as a player."""
    user = get_user_model().objects.create_user("thumbs", password="a-long-phone-password-1")
    client = Client()
    client.force_login(user)
    context = page.context.browser.new_context(viewport=PHONE, is_mobile=True, has_touch=True, device_scale_factor=2)
    context.add_cookies([{"name": "sessionid", "value": client.cookies["sessionid"].value, "url": live_server.url}])
    phone_page = context.new_page()
    phone_page.set_default_timeout(60_000)
    errors: list[str] = []
    phone_page.on("pageerror", lambda exc: errors.append(str(exc)))
    phone_page.user = user
    yield phone_page
    context.close()
    assert not errors, f"JavaScript errors on the page: {errors}"


def _deck(owner, game, stem):
    from decks.services import deck_import_text

    with open(f"fixtures/decks/{game}-{stem}.txt", encoding="utf-8") as handle:
        return deck_import_text(owner=owner, game=game, text=handle.read())


def _assert_fits(page, name):
    page.screenshot(path=str(SCREENSHOTS / f"phone-{name}.png"), full_page=True)
    found = page.evaluate(OVERFLOW)
    assert found["scrollWidth"] <= found["width"] and not found["out"], f"{name} overflows sideways: {found}"


@pytest.mark.parametrize(("game", "mine", "theirs"), [
    ("fellbound", "dawnwardens", "gravetide"),
    ("boundless", "emerald-vanguard", "akumaiden-onslaught"),
    ("spellbound", "ashen-rift", "pink-tide-dreams"),
    ("bos", "red-kindling-rush", "blue-tidewatch-control"),
])
def test_the_play_page_and_its_replay_fit_a_phone(phone, live_server, game, mine, theirs):
    from play.services import play_start

    deck, opponent = _deck(phone.user, game, mine), _deck(phone.user, game, theirs)
    played = play_start(owner=phone.user, deck_id=deck.pk, opponent_id=opponent.pk, agent="random")
    phone.goto(live_server.url + played.get_absolute_url())
    phone.wait_for_selector("#board-title", state="attached")
    if game == "fellbound":
        assert phone.locator("[data-tile]").count() >= 10  # the grid is drawn
    _assert_fits(phone, f"play-{game}")

    phone.goto(live_server.url + f"/play/{played.pk}/replay/")
    phone.wait_for_selector("#replay-position", state="attached")
    _assert_fits(phone, f"replay-{game}")
    controls = phone.locator("#replay-position").bounding_box()
    assert controls and controls["y"] + controls["height"] <= PHONE["height"], "the replay controls start below the first screen"


def test_the_start_pages_fit_a_phone(phone, live_server):
    _deck(phone.user, "fellbound", "dawnwardens")
    for name, url in (("play-index", "/play/"), ("simulate-new", "/simulations/new/?game=fellbound"),
                      ("browse", "/games/fellbound/")):
        phone.goto(live_server.url + url)
        _assert_fits(phone, name)


@pytest.mark.parametrize("kind", ["head-to-head", "full-game"])
def test_a_simulation_replay_fits_a_phone(phone, live_server, settings, kind):
    """A simulation's replay page (a Boundless head-to-head run, and Millennium Blades' whole game
    with its wide boards): no sideways scroll of the page, the controls on the first screen."""
    from django.urls import reverse

    from simulate import services

    settings.SIMULATION_BACKEND = "inline"  # the run and its replay are computed here, at once
    if kind == "head-to-head":
        decks = [_deck(phone.user, "boundless", stem).pk for stem in ("emerald-vanguard", "akumaiden-onslaught")]
        run = services.simulation_start(owner=phone.user, game="boundless", mode="head_to_head", deck_ids=decks,
                                        games=1, seed=7, agents=["random", "random"])
    else:
        run = services.simulation_start(owner=phone.user, game="millennium_blades", mode="full-game", players=3,
                                        games=1, seed=7, agents=["random"])
    run.refresh_from_db()
    assert run.status == "done", run.status
    phone.goto(live_server.url + reverse("simulate:replay", args=[run.pk, 0, 0]))
    phone.wait_for_selector("#replay-board .rp-panel")
    _assert_fits(phone, f"simulate-replay-{kind}")
    for name in ("#replay-position", "#replay-slider"):
        box = phone.locator(name).bounding_box()
        assert box and box["y"] + box["height"] <= PHONE["height"], f"{name} starts below the first screen: {box}"
    buttons = phone.locator(".replay-controls button")
    assert buttons.count() == 6
    for index in range(buttons.count()):  # every control: on the first screen, within its width
        box = buttons.nth(index).bounding_box()
        assert box and box["y"] + box["height"] <= PHONE["height"] and box["x"] + box["width"] <= PHONE["width"], \
            f"{buttons.nth(index).inner_text()!r} is off the first screen: {box}"
    phone.get_by_role("button", name="Next ›").click()  # a control within reach works
    phone.wait_for_function("() => document.getElementById('replay-position').textContent.startsWith('Step 2 ')")
    phone.keyboard.press("End")  # the last frames are another page, fetched when reached
    phone.wait_for_function("() => !document.getElementById('replay').hasAttribute('data-loading')")
    _assert_fits(phone, f"simulate-replay-{kind}-end")
