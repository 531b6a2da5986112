"""The play page's agents think outside any transaction, and their moves are stored in a short one
that first checks the game has not moved on (issue 30, part 4: with SQLite's IMMEDIATE transactions
a search inside ``atomic()`` + ``select_for_update`` blocked every writer for about a second).

These tests use ``transactional_db``: under the ordinary ``db`` fixture every test runs inside a
transaction, so ``in_atomic_block`` would be true everywhere."""

from __future__ import annotations

import pytest
from django.contrib.auth import get_user_model
from django.db import connection

import play.selectors as play_selectors
import play.services as play_services
from play.models import PlayedGame
from play.selectors import game_page, rebuild
from play.services import PlayError, play_move
from rules.core.replay import deck_to_data
from tests.rules.core import toy


@pytest.fixture
def toy_game(transactional_db, monkeypatch):
    """A toy game (its secret bid is a simultaneous move: the agent thinks while the person's bid
    waits), played to the bid."""
    monkeypatch.setattr(play_selectors, "get_engine", lambda slug: toy.ENGINE)
    player = get_user_model().objects.create_user("mover", password="a-long-password-1")
    game = PlayedGame.objects.create(owner=player, game=toy.ENGINE.game, engine_version=toy.ENGINE.version, seed=7,
                                     agents=[{"name": "human"}, {"name": "greedy"}],
                                     decks=[deck_to_data(toy.STRONG), deck_to_data(toy.WEAK)],
                                     deck_names=["Strong", "Weak"])
    for _ in range(10):  # through the mulligans to the bid
        if rebuild(game).state.phase == "bid":
            break
        game = play_move(actor=player, game_id=game.pk, action=game_page(game)["choices"][0]["action"])
    assert sorted(rebuild(game).state.current_players()) == [0, 1]
    return game


def _watch_agents(monkeypatch, while_thinking):
    """Every agent the play services make calls ``while_thinking()`` as it chooses."""
    real_make_agent = play_services.make_agent

    def watched(*args, **kwargs):
        agent = real_make_agent(*args, **kwargs)
        choose = agent.choose

        def thinking(state, seat):
            while_thinking()
            return choose(state, seat)

        agent.choose = thinking
        return agent

    monkeypatch.setattr(play_services, "make_agent", watched)


def test_the_agent_thinks_outside_any_transaction(toy_game, monkeypatch):
    seen = []
    _watch_agents(monkeypatch, lambda: seen.append(connection.in_atomic_block))
    game = play_move(actor=toy_game.owner, game_id=toy_game.pk, action="bid 3")
    assert seen and not any(seen), seen  # no transaction (no lock) while the agent searches
    game.refresh_from_db()
    assert len(game.moves) > len(toy_game.moves)


def test_a_move_made_while_the_agent_thinks_wins_and_the_slower_one_is_refused(toy_game, monkeypatch):
    """Two requests (two tabs) bid at once: the second is answered while the first's agent thinks;
    the first then finds the game moved on, stores nothing and says so. The stored game is the
    second request's, a valid replay."""
    other: list[PlayedGame] = []

    def another_request():
        if not other:  # the first agent to think: the other request runs to its end meanwhile
            other.append(toy_game)
            other[0] = play_move(actor=toy_game.owner, game_id=toy_game.pk, action="bid 2")

    _watch_agents(monkeypatch, another_request)
    with pytest.raises(PlayError) as caught:
        play_move(actor=toy_game.owner, game_id=toy_game.pk, action="bid 3")
    assert caught.value.code == "game_moved_on" and "moved on" in caught.value.message
    stored = PlayedGame.objects.get(pk=toy_game.pk)
    assert stored.moves == other[0].moves
    mine = [text for move in stored.moves for seat, text in move if seat == 0 and text.startswith("bid")]
    assert mine == ["bid 2"]  # the person's bid of the request that was answered first, once
    rebuild(stored)  # every stored move checks out against the rules (the page rebuilds the game so)


def test_the_page_script_is_told_of_a_game_moved_on_as_a_conflict(toy_game, monkeypatch, client):
    """The play page's fetch gets 409 (not 400, a bad move) with the reason, so it can reload."""
    import play.views as play_views

    def moved_on(**kwargs):
        raise PlayError("game_moved_on", "the game moved on while this move was being answered")

    monkeypatch.setattr(play_views, "play_move", moved_on)
    client.force_login(toy_game.owner)
    answer = client.post(f"/play/{toy_game.pk}/move/", {"action": "bid 3"}, HTTP_ACCEPT="application/json")
    assert answer.status_code == 409 and answer.json()["code"] == "game_moved_on"
