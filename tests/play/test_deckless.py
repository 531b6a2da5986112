"""Games without saved decks in the browser (issue 27, part 5): a game's deckless modes
(``EngineSpec.deckless_modes``, asked of the registry: Millennium Blades' whole game) are started
from /play/ with a number of players and an agent for the other seats; the person plays seat 1,
every move is checked against the mode's engine, and the stored game is its replay."""

from __future__ import annotations

import pytest
from django.contrib.auth import get_user_model
from django.urls import reverse

from play.models import PlayedGame
from play.selectors import game_page, game_replay, rebuild
from play.services import PlayError, play_move, play_start_deckless
from rules.core.registry import get_engine
from rules.core.replay import replay_game

pytestmark = [pytest.mark.django_db, pytest.mark.long]  # long: a minute or more, started first (tests/conftest.py)
GAME, MODE = "millennium_blades", "full-game"


@pytest.fixture
def player(db):
    return get_user_model().objects.create_user("player", password="a-long-password-1")


@pytest.mark.sqlite_pass_only  # a whole game through the play services: its statements are the short tests' (tests/conftest.py)
def test_the_whole_game_is_played_to_its_end_against_agents(player):
    game = play_start_deckless(owner=player, game=GAME, mode=MODE, players=3, agent="random")
    assert game.mode == MODE and game.deck_names == ["Seat 1", "Seat 2", "Seat 3"]
    assert game.engine_version == get_engine(GAME, MODE).version
    page = game_page(game)
    assert page["view"]["phase"] == "deckbuilding" and page["choices"]
    verbs = {choice["action"].split()[0] for choice in page["choices"]}
    assert {"wait", "buy_store", "sell", "kit"} <= verbs  # the market: buying, selling, building a kit
    bought = next(c for c in page["choices"] if c["action"].startswith("buy_store"))
    game = play_move(actor=player, game_id=game.pk, action=bought["action"])
    for _ in range(600):
        choices = game_page(game)["choices"]
        if not choices:
            break
        game = play_move(actor=player, game_id=game.pk, action=choices[0]["action"])
    assert game.status == PlayedGame.Status.FINISHED
    assert game_page(game)["result"]["reason"]
    state = replay_game(game_replay(game))  # the stored game replays under the mode's engine
    assert state.outcome.as_dict() == game.outcome and game_replay(game)["mode"] == MODE
    assert rebuild(game).state.view(None)["phase"] == "over"


def test_a_seat_count_or_mode_the_game_does_not_have_is_refused(player):
    with pytest.raises(PlayError, match="3, 4, 5 players"):
        play_start_deckless(owner=player, game=GAME, mode=MODE, players=2)
    with pytest.raises(PlayError, match="without decks"):
        play_start_deckless(owner=player, game=GAME, mode="no-such-mode", players=3)
    with pytest.raises(PlayError, match="without decks"):
        play_start_deckless(owner=player, game="boundless", mode=MODE, players=3)
    assert not PlayedGame.objects.exists()


def test_the_play_page_starts_a_whole_game_and_says_what_is_wrong(player, client):
    client.force_login(player)
    page = client.get(reverse("play:index"))
    assert b"New game without decks" in page.content and f"{GAME}:{MODE}".encode() in page.content
    refused = client.post(reverse("play:index"), {"deckless-what": f"{GAME}:{MODE}", "deckless-players": "2",
                                                  "deckless-agent": "random"})
    assert refused.status_code == 400 and b"3, 4, 5 players" in refused.content
    started = client.post(reverse("play:index"), {"deckless-what": f"{GAME}:{MODE}", "deckless-players": "3",
                                                  "deckless-agent": "random"})
    game = PlayedGame.objects.get()
    assert started.status_code == 302 and started["Location"] == game.get_absolute_url()
    board = client.get(game.get_absolute_url())
    assert board.status_code == 200 and b"waits" in board.content
    wait = client.post(reverse("play:move", args=[game.pk]), {"action": "wait"}, HTTP_ACCEPT="application/json")
    # a wait lasts until the timer ends or a trade offer comes (tests/play/test_market_wait.py)
    assert wait.status_code == 200 and wait.json()["view"]["tick"] >= 1 and wait.json()["choices"]
