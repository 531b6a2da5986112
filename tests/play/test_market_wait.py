"""A wait in Millennium Blades' market lasts (issue 27.3): the whole game's market is a tick at a
time, and a person who waits is not asked again at every tick. Their wait is made for them at the
following ticks (``AutoPass.hold``: ``rules/millennium_blades/full/engine.py``) until the timer ends
(millennium-blades.txt, "DECKBUILDING PHASE": the market changes when a timer expires) or something
is theirs to decide (a trade offer to them, the tournament); the stop "market" asks at every tick."""

from __future__ import annotations

import pytest
from django.contrib.auth import get_user_model

from play.models import PlayedGame
from play.selectors import game_page, rebuild
from play.services import play_move, play_set_control, play_start_deckless

pytestmark = pytest.mark.django_db
GAME, MODE = "millennium_blades", "full-game"


@pytest.fixture
def player(db):
    return get_user_model().objects.create_user("waiter", password="a-long-password-1")


def wait_through_the_first_market(game: PlayedGame) -> tuple[PlayedGame, list[tuple]]:
    """The person declines an offer when one is made to them and otherwise waits, through the first
    round's market; each decision asked of them, as (round, timer, phase, an offer to them?)."""
    asked = []
    for _ in range(400):
        page = game_page(game)
        view, choices = page["view"], page["choices"]
        if not choices or view.get("tournament") or view["phase"] != "deckbuilding" or view["round"] != 1:
            break
        seat = game.human_seat
        offered_to_me = any(offer.get("to") == seat for offer in rebuild(game).state.offers.values())
        asked.append((view["round"], view["timer"], view["phase"], offered_to_me))
        actions = [choice["action"] for choice in choices]
        answer = next((a for a in actions if a.startswith("decline")), "wait")
        game = play_move(actor=game.owner, game_id=game.pk, action=answer)
    return game, asked


def start(player, seed: int, monkeypatch) -> PlayedGame:
    import play.services

    monkeypatch.setattr(play.services.secrets, "randbits", lambda bits: seed)
    return play_start_deckless(owner=player, game=GAME, mode=MODE, players=3, agent="random")


def test_a_wait_lasts_to_the_end_of_the_timer(player, monkeypatch):
    game, asked = wait_through_the_first_market(start(player, 27, monkeypatch))
    # asked once a timer (three a round), and between only for an offer made to them, whose answer
    # does not end the wait
    plain = [a for a in asked if not a[3]]
    assert [a[:3] for a in plain] == [(1, 1, "deckbuilding"), (1, 2, "deckbuilding"), (1, 3, "deckbuilding")], asked
    assert len(game.auto_moves) > 30, game.auto_moves  # the round's other ticks waited for them


@pytest.mark.sqlite_pass_only  # a whole game through the play services: its statements are the short tests' (tests/conftest.py)
def test_the_market_stop_asks_at_every_tick(player, monkeypatch):
    held, held_asked = wait_through_the_first_market(start(player, 27, monkeypatch))
    game = start(player, 27, monkeypatch)
    play_set_control(actor=player, game_id=game.pk, stops=["market"])
    game, asked = wait_through_the_first_market(PlayedGame.objects.get(pk=game.pk))
    plain, held_plain = ([a for a in said if not a[3]] for said in (asked, held_asked))
    assert len(plain) > 30 and len(plain) >= 10 * len(held_plain), (len(plain), len(held_plain))
    assert len(asked) > 2 * len(held_asked), (len(asked), len(held_asked))
    # the same game either way: the waits made for the person are ordinary moves
    assert list(game.moves[:len(held.moves)]) == held.moves[:len(game.moves)]


@pytest.mark.sqlite_pass_only  # a whole game through the play services: its statements are the short tests' (tests/conftest.py)
def test_full_control_asks_at_every_tick(player, monkeypatch):
    import play.services

    monkeypatch.setattr(play.services.secrets, "randbits", lambda bits: 27)
    game = play_start_deckless(owner=player, game=GAME, mode=MODE, players=3, agent="random", full_control=True)
    game, asked = wait_through_the_first_market(game)
    assert len(asked) > 30 and not game.auto_moves
