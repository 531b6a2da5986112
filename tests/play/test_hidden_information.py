"""While a game against the engine goes on, nothing the person's seat cannot see leaves the server
(issue 31): for every registered game, after each of a few moves, no play page or JSON (the game,
the replay viewer with any ``seat``, the replay JSON, the games list, a move's answer) names a
card that is only in the agent's hand or deck, or gives the seed; once the game is over the whole
replay (seed, every deck, the event log) is there and re-runs to the same end.

The secret names are worked out on the server's side from the engine: the cards
``hidden_cards(seat)`` names now, less every name the seat's ``view`` has shown after any move so
far (a card seen once may be named again) and the names in the person's own deck list."""

from __future__ import annotations

import html
import json
import random
import re

import pytest
from django.urls import reverse

from play.models import PlayedGame
from play.selectors import SEAT_REPLAY_FORMAT, game_replay, rebuild
from rules.core.registry import game_slugs, get_engine
from rules.core.replay import replay_frames, replay_game
from tests.play.test_play import sample

pytestmark = pytest.mark.django_db

GAMES = [slug for slug in game_slugs() if get_engine(slug) is not None]
MOVES = 6  # the person's moves checked per game
#: seeds long enough not to turn up by chance in a page; the first whose game is still going when the person acts
SEEDS = range(271_828_182_845_904, 271_828_182_845_944)


def _stems(slug: str) -> list[str]:
    from pathlib import Path

    return sorted(p.stem for p in Path("fixtures/decks").glob(f"{slug}-*.txt"))


def _strings(value) -> set[str]:
    """Every string in a view (any key, any depth): what the seat was shown."""
    if isinstance(value, str):
        return {value}
    if isinstance(value, dict):
        return set().union(set(), *(_strings(item) for item in value.values()))
    if isinstance(value, list):
        return set().union(set(), *(_strings(item) for item in value))
    return set()


def _deck_names(data: dict) -> set[str]:
    return {card["name"] for part in data["sections"] for card in part["cards"]}


def secret_names(game: PlayedGame) -> set[str]:
    """Names of cards the person's seat cannot see now and has never seen, and that are not in
    their own deck list nor part of a seat's name."""
    seat = game.human_seat
    state = rebuild(game).state
    seen: set[str] = set()
    for frame in replay_frames(game_replay(game), seat):  # the whole replay, on the server's side only
        seen |= _strings(frame["view"])
    return {name for name in set(state.hidden_cards(seat)) - seen - _deck_names(game.decks[seat])
            if not any(name in deck for deck in game.deck_names)}


def assert_hides(content: str, secrets: set[str], seed: int, where: str) -> None:
    assert not re.search(rf"(?<!\d){seed}(?!\d)", content), f"{where} gives the seed"
    for name in secrets:
        for form in {name, html.escape(name), json.dumps(name)[1:-1]}:
            assert not re.search(rf"(?<!\w){re.escape(form)}(?!\w)", content), \
                f"{where} names {name!r}, a card the person's seat cannot see"


@pytest.fixture
def person(card_pool):
    from django.contrib.auth import get_user_model

    return get_user_model().objects.create_user("person", password="a-long-password-3")


def _start(client, monkeypatch, slug: str, person) -> PlayedGame:
    """A game of ``slug`` (its first two sample decks, the random agent), started from the page, that
    is still going when the person first acts."""
    import play.services

    first, second = _stems(slug)[:2]
    mine, theirs = sample(person, first, game=slug), sample(person, second, game=slug)
    for seed in SEEDS:
        monkeypatch.setattr(play.services.secrets, "randbits", lambda bits, seed=seed: seed)
        response = client.post(reverse("play:index"), {"deck": mine.pk, "opponent": str(theirs.pk), "agent": "random"})
        assert response.status_code == 302, response.content.decode()[:2000]
        game = PlayedGame.objects.get(pk=int(response["Location"].strip("/").split("/")[-1]))
        if game.status == PlayedGame.Status.ACTIVE:
            return game
    raise AssertionError(f"no {slug} game lasted to the person's first move")


@pytest.mark.parametrize("slug", GAMES)
def test_an_unfinished_game_shows_nothing_the_seat_cannot_see_and_everything_once_over(slug, person, client,
                                                                                        monkeypatch):
    assert len(_stems(slug)) >= 2, f"{slug} needs two sample decks in fixtures/decks"
    client.force_login(person)
    game = _start(client, monkeypatch, slug, person)
    pick = random.Random(slug)
    urls = {name: reverse(f"play:{name}", args=[game.pk]) for name in ("game", "replay", "replay_json")}
    pages = [urls["game"], urls["replay"], urls["replay"] + "?seat=all", urls["replay"] + "?seat=mine",
             urls["replay"] + "?seat=1", urls["replay_json"], reverse("play:index")]
    ever_secret: set[str] = set()
    checked = 0
    answer = ""
    for _ in range(MOVES):
        game.refresh_from_db()
        if game.status != PlayedGame.Status.ACTIVE:
            break
        secrets = secret_names(game)
        ever_secret |= secrets
        assert_hides(answer, secrets, game.seed, "the answer to the last move")
        for url in pages:
            response = client.get(url)
            assert response.status_code == 200, url
            assert_hides(response.content.decode(), secrets, game.seed, url)
        data = client.get(urls["replay_json"]).json()
        assert data["format"] == SEAT_REPLAY_FORMAT and "seed" not in data and "events" not in data
        assert all(not frame["events"] for frame in data["frames"]) and len(data["frames"]) == len(game.moves) + 1
        assert all(move["action"] == "" for frame in data["frames"] for move in frame["moves"]
                   if move["player"] != game.human_seat)  # another seat's action text may name a card by id
        checked += 1
        action = lasting_choice(rebuild(game).state, game.human_seat, pick)
        answer = client.post(reverse("play:move", args=[game.pk]), {"action": str(action)},
                             HTTP_ACCEPT="application/json").content.decode()
    assert checked and ever_secret, f"{slug}: the agent should have held cards the person never saw"

    game = finish(game, pick)
    full = client.get(urls["replay_json"]).json()
    assert full["seed"] == game.seed and full["events"] and len(full["decks"]) == 2
    assert replay_game(full).outcome.as_dict() == game.outcome
    assert ever_secret & _deck_names(full["decks"][1])  # the agent's deck list, kept back until now, is there
    everything = client.get(urls["replay"] + "?seat=all")
    assert everything.status_code == 200 and "every card, hidden ones too" in everything.content.decode()


def lasting_choice(state, seat: int, rng: random.Random):
    """A random legal action of ``seat`` that does not end the game at once (no conceding), if any."""
    actions = state.legal_actions(seat)
    rng.shuffle(actions)
    if list(state.current_players()) != [seat]:
        return actions[0]
    for action in actions:
        after = state.clone()
        after.log_events = False
        after.apply(action, seat)
        if not after.is_over:
            return action
    return actions[0]


def finish(game: PlayedGame, pick: random.Random) -> PlayedGame:
    """The game played on to its end with random choices for every seat, on one state (quicker than
    a request per move), and stored as the play app stores a finished game."""
    state = rebuild(game).state
    moves = list(game.moves)
    while not state.is_over:
        move = {seat: pick.choice(state.legal_actions(seat)) for seat in state.current_players()}
        state.apply_joint_checked(move)
        moves.append([[seat, str(action)] for seat, action in sorted(move.items())])
    game.moves, game.status, game.outcome = moves, PlayedGame.Status.FINISHED, state.outcome.as_dict()
    game.save()
    return game


def test_an_unfinished_games_replay_frames_follow_the_seats_view(person, client):
    """The seat's replay has a frame per move whose board is the seat's view then, and the same
    number of frames as the whole replay gives that seat once the game is over."""
    from play.services import play_move, play_start

    mine = sample(person, "boundless-emerald-vanguard")
    theirs = sample(person, "boundless-akumaiden-onslaught")
    game = play_start(owner=person, deck_id=mine.pk, opponent_id=theirs.pk, agent="random")
    for _ in range(3):
        choices = rebuild(game).state.legal_actions(game.human_seat)
        game = play_move(actor=person, game_id=game.pk, action=str(choices[0]))
    client.force_login(person)
    seat_frames = client.get(reverse("play:replay_json", args=[game.pk])).json()["frames"]
    whole = replay_frames(game_replay(game), game.human_seat, seat_names=game.deck_names)
    assert [f["view"] for f in seat_frames] == [f["view"] for f in whole]
    assert [f["number"] for f in seat_frames] == [f["number"] for f in whole]
    mine_said = [m for f in seat_frames for m in f["moves"] if m["player"] == game.human_seat]
    assert mine_said and all(m["action"] for m in mine_said)  # the person's own moves keep their text

