"""Offline and locked down (production issue, part 2): every asset of every page kind comes from
this server (a request to any other host fails the test), and no page breaks its own
Content-Security-Policy (a browser reports each refused script, style, image or font)."""

import pytest
from django.contrib.auth import get_user_model

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

PASSWORD = "a-long-offline-password-1"


def test_every_page_kind_loads_only_from_this_server_within_its_policy(page, live_server):
    from cardpool.models import Card
    from decks.models import Deck
    from play.services import play_start

    user = get_user_model().objects.create_user("offline", password=PASSWORD)
    sample = Deck.objects.filter(game="boundless", visibility=Deck.PUBLIC).first()
    game = play_start(owner=user, deck_id=sample.pk, opponent_id=None)
    card = Card.objects.filter(game__slug="boundless").first()
    outside, refused = [], []
    page.on("request", lambda r: outside.append(r.url) if not r.url.startswith((live_server.url, "data:", "blob:"))
            else None)
    page.on("console", lambda m: refused.append(m.text) if "Content Security Policy" in m.text else None)

    anonymous = ["/", "/games/boundless/?q=t:golem", "/search/?q=akumaden", card.get_absolute_url(),
                 "/help/syntax/", "/decks/public/", f"/decks/{sample.pk}/", f"/decks/{sample.pk}/?view=visual",
                 "/api/docs/", "/accounts/login/", "/no/such/page/"]
    for path in anonymous:
        page.goto(live_server.url + path)
        page.wait_for_load_state("networkidle")
    page.goto(f"{live_server.url}/accounts/login/")
    page.fill("#id_username", "offline")
    page.fill("#id_password", PASSWORD)
    page.get_by_role("button", name="Log in").click()
    page.wait_for_url("**/decks/**")
    mine = Deck.objects.create(owner=user, game="fellbound", name="Mine")
    for path in [f"/decks/{mine.pk}/edit/", f"/decks/{mine.pk}/text/", "/decks/new/", "/decks/import/",
                 "/simulations/new/?game=boundless", "/play/", game.get_absolute_url(),
                 f"/play/{game.pk}/replay/"]:
        page.goto(live_server.url + path)
        page.wait_for_load_state("networkidle")
    assert outside == [], f"requests that left this server: {outside}"
    assert refused == [], f"the page broke its Content-Security-Policy: {refused}"
    assert page.locator("#play-board [data-card-name], #replay-board [data-card-name]").count() > 0
