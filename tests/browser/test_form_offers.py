"""The forms offer only what works, in a real browser (issue 27, part 8): a deckless mode's player
counts follow the chosen mode (Millennium Blades' whole game: 3 to 5, Duel Mode: 2), a BOS match
shows the opponent's agent and says "Matches", and /play/ lists only opponents of the chosen deck's game."""

import pytest
from django.contrib.auth import get_user_model
from django.test import Client

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def _log_in(page, live_server):
    user = get_user_model().objects.create_user("chooser", password="a-long-chooser-password-1")
    client = Client()
    client.force_login(user)
    page.context.add_cookies([{"name": "sessionid", "value": client.cookies["sessionid"].value, "url": live_server.url}])
    return user


def _deck(owner, game, stem):
    from decks.services import deck_import_text

    with open(f"fixtures/decks/{game}-{stem}.txt", encoding="utf-8") as handle:
        return deck_import_text(owner=owner, game=game, text=handle.read())


def _offered(page) -> list[str]:
    return page.eval_on_selector("select[name=players]",
                                 "s => [...s.options].filter(o => !o.disabled).map(o => o.value)")


def test_the_player_counts_follow_the_mode(page, live_server):
    _log_in(page, live_server)
    page.goto(live_server.url + "/simulations/new/?game=millennium_blades")
    page.check("input[name=mode][value=full-game]")
    assert _offered(page) == ["3", "4", "5"] and page.input_value("select[name=players]") == "3"
    page.check("input[name=mode][value=duel]")
    assert _offered(page) == ["2"] and page.input_value("select[name=players]") == "2"


def test_a_bos_match_shows_both_agents_and_counts_matches(page, live_server):
    user = _log_in(page, live_server)
    _deck(user, "bos", "red-kindling-rush"), _deck(user, "bos", "blue-tidewatch-control")
    page.goto(live_server.url + "/simulations/new/?game=bos")
    page.check("input[name=mode][value=match]")
    assert page.is_visible("select[name=agent_b]") and page.is_visible("select[name=agent_a]")
    assert page.locator("label[for=id_games]").inner_text().strip() == "Matches"
    page.check("input[name=mode][value=head_to_head]")
    assert page.locator("label[for=id_games]").inner_text().strip() == "Games"


def test_play_lists_only_opponents_of_the_decks_game(page, live_server):
    user = _log_in(page, live_server)
    boundless, bos = _deck(user, "boundless", "emerald-vanguard"), _deck(user, "bos", "red-kindling-rush")
    page.goto(live_server.url + "/play/")
    page.select_option("select[name=deck]", str(boundless.pk))
    enabled = page.eval_on_selector("select[name=opponent]",
                                    "s => [...s.options].filter(o => !o.disabled).map(o => o.value)")
    assert str(bos.pk) not in enabled and str(boundless.pk) in enabled and "goldfish" in enabled
    page.select_option("select[name=deck]", str(bos.pk))
    enabled = page.eval_on_selector("select[name=opponent]",
                                    "s => [...s.options].filter(o => !o.disabled).map(o => o.value)")
    assert str(bos.pk) in enabled and str(boundless.pk) not in enabled
