"""Auto-pass, stops and full control (issue 27.3), and the JSON answer to a move (issue 27.2).

The server makes the person's forced moves (exactly one legal action) and, where the engine
declares a plain pass of priority (``EngineSpec.auto_pass``: Spellbound), passes for them outside
their stops; each is an ordinary move, so the game is still its replay. Clicks are counted on a
seeded Spellbound game played through the play services by a scripted person who always takes the
first offered action that is not a pass (a pass only when it is all there is)."""

from __future__ import annotations

import pytest
from django.urls import reverse

from play.models import PlayedGame
from play.selectors import game_page, game_replay, rebuild
from play.services import PlayError, auto_action, play_move, play_set_control, play_start
from rules.core.engine import Action
from rules.core.replay import replay_game
from rules.spellbound.engine import ENGINE as SPELLBOUND
from tests.play.test_play import sample

pytestmark = pytest.mark.django_db

SEED = 20261127


@pytest.fixture
def player(card_pool):
    from django.contrib.auth import get_user_model

    return get_user_model().objects.create_user("stopper", password="a-long-password-4")


def first_not_pass(choices: list[dict]) -> str:
    return next((c["action"] for c in choices if c["action"] != "pass"), choices[0]["action"])


def spellbound_game(player, monkeypatch, full_control: bool = False) -> PlayedGame:
    import play.services

    monkeypatch.setattr(play.services.secrets, "randbits", lambda bits: SEED)
    mine = sample(player, "spellbound-ashen-rift", game="spellbound")
    theirs = sample(player, "spellbound-rootbound-relics", game="spellbound")
    return play_start(owner=player, deck_id=mine.pk, opponent_id=theirs.pk, agent="greedy", full_control=full_control)


def play_out(game: PlayedGame) -> tuple[PlayedGame, int]:
    """The game to its end by the scripted person; how many decisions the person made (clicks)."""
    clicks = 0
    for _ in range(3000):
        choices = game_page(game)["choices"]
        if not choices:
            break
        game = play_move(actor=game.owner, game_id=game.pk, action=first_not_pass(choices))
        clicks += 1
    assert game.status == PlayedGame.Status.FINISHED
    return game, clicks


@pytest.mark.sqlite_pass_only  # a whole game through the play services: its statements are the short tests' (tests/conftest.py)
def test_a_spellbound_game_needs_at_most_40_clicks_with_auto_pass(player, monkeypatch):
    """Before (full control: every decision asked, as the page was): hundreds of clicks, most of them
    the only legal action. After (the default: forced moves and passes outside the stops made for
    the person): at most 40. Measured on this seed: 188 before, 36 after (seeds 1-8: 89-286 before,
    17-49 after; docs/rules-notes.md, "Spellbound engine")."""
    before, before_clicks = play_out(spellbound_game(player, monkeypatch, full_control=True))
    after, after_clicks = play_out(spellbound_game(player, monkeypatch))
    assert not before.auto_moves and before_clicks > 150
    assert after_clicks <= 40 and after.auto_moves
    # the stored games are replays like any other: every move checks out, the same end
    for game in (before, after):
        assert replay_game(game_replay(game)).outcome.as_dict() == game.outcome


def test_every_move_made_for_the_person_was_forced_or_a_pass_outside_their_stops(player, monkeypatch):
    game = spellbound_game(player, monkeypatch)
    for _ in range(8):
        choices = game_page(game)["choices"]
        if not choices:
            break
        game = play_move(actor=player, game_id=game.pk, action=first_not_pass(choices))
    assert game.auto_moves
    stops = set(SPELLBOUND.auto_pass.default_stops())
    replayed = rebuild(PlayedGame(game=game.game, engine_version=game.engine_version, seed=game.seed,
                                  decks=game.decks, deck_names=game.deck_names, moves=[])).state
    for number, move in enumerate(game.moves, 1):
        actions = {int(seat): Action.parse(text) for seat, text in move}
        if number in game.auto_moves:
            legal = replayed.legal_actions(game.human_seat)
            assert len(legal) == 1 or (actions[game.human_seat] == Action("pass")
                                       and SPELLBOUND.auto_pass.stop_at(replayed, game.human_seat) not in stops
                                       and SPELLBOUND.auto_pass.stop_at(replayed, game.human_seat) is not None)
        replayed.apply_joint_checked(actions)
    # after every request the person is left at a decision of their own: more than one action, at a stop
    state = rebuild(game).state
    if not state.is_over:
        assert auto_action(game, state, SPELLBOUND) is None


def test_full_control_asks_at_every_decision_and_a_stop_asks_at_its_step(player, monkeypatch):
    game = spellbound_game(player, monkeypatch, full_control=True)
    assert not game.auto_moves
    for _ in range(6):
        game = play_move(actor=player, game_id=game.pk, action=first_not_pass(game_page(game)["choices"]))
    assert not game.auto_moves  # nothing made for the person, not even a forced move

    every = [stop.key for stop in SPELLBOUND.auto_pass.stops]
    game = play_set_control(actor=player, game_id=game.pk, full_control=False, stops=every)
    game = play_move(actor=player, game_id=game.pk, action=first_not_pass(game_page(game)["choices"]))
    for number in game.auto_moves:  # with a stop everywhere only forced moves are made for the person
        assert number > 6


def test_the_stops_setting_refuses_what_the_game_does_not_have(player, monkeypatch, client):
    game = spellbound_game(player, monkeypatch)
    for stops, full in (([""], False), (["their:nowhere"], False), ("respond", False), ([3], False),
                        (["respond"], "yes")):
        with pytest.raises(PlayError) as excinfo:
            play_set_control(actor=player, game_id=game.pk, full_control=full, stops=stops)
        assert excinfo.value.code == "bad_stops"
    client.force_login(player)
    url = reverse("play:control", args=[game.pk])
    refused = client.post(url, {"stops": ["their:nowhere"]}, HTTP_ACCEPT="application/json")
    assert refused.status_code == 400 and refused.json()["code"] == "bad_stops"
    assert client.post(url, {"stops": ["x" * 5000]}).status_code == 302  # the page: a message, never a 500
    saved = client.post(url, {"full_control": "on", "stops": ["respond", "your:draw"]}, HTTP_ACCEPT="application/json")
    assert saved.json()["control"] == {"full_control": True, "stops": ["respond", "your:draw"]}
    page = client.get(game.get_absolute_url()).content.decode()
    assert 'name="full_control" checked' in page and 'value="your:draw" checked' in page


def test_a_game_without_declared_passes_only_has_its_forced_moves_made(player):
    """Boundless declares no ``auto_pass``: only a decision with exactly one legal action is made."""
    mine, theirs = sample(player, "boundless-emerald-vanguard"), sample(player, "boundless-akumaiden-onslaught")
    game = play_start(owner=mine.owner, deck_id=mine.pk, opponent_id=theirs.pk, agent="greedy")
    for _ in range(10):
        choices = game_page(game)["choices"]
        if not choices:
            break
        game = play_move(actor=mine.owner, game_id=game.pk, action=choices[-1]["action"])
    replayed = rebuild(PlayedGame(game=game.game, engine_version=game.engine_version, seed=game.seed,
                                  decks=game.decks, deck_names=game.deck_names, moves=[])).state
    for number, move in enumerate(game.moves, 1):
        if number in game.auto_moves:
            assert len(replayed.legal_actions(game.human_seat)) == 1
        replayed.apply_joint_checked({int(seat): Action.parse(text) for seat, text in move})


def test_a_move_asked_for_json_answers_the_board_the_actions_and_the_moves_since(player, monkeypatch, client):
    game = spellbound_game(player, monkeypatch)
    client.force_login(player)
    before = len(game.moves)
    action = first_not_pass(game_page(game)["choices"])
    answer = client.post(reverse("play:move", args=[game.pk]), {"action": action},
                         HTTP_X_REQUESTED_WITH="fetch").json()
    game.refresh_from_db()
    assert answer["moves"] == len(game.moves) and answer["since"] == before
    assert [step["number"] for step in answer["steps"]] == list(range(before + 1, len(game.moves) + 1))
    first = answer["steps"][0]["entries"]
    assert first[0]["mine"] and not first[0]["auto"] and first[0]["sentence"]
    assert all(step["view"] and step["entries"] for step in answer["steps"])
    assert answer["choices"] == game_page(game)["choices"] and answer["view"] == game_page(game)["view"]
    assert {"card_images", "story", "result", "control"} <= set(answer)
    # the ordinary form post still answers with the page
    page_post = client.post(reverse("play:move", args=[game.pk]), {"action": first_not_pass(answer["choices"])})
    assert page_post.status_code == 302
    assert client.post(reverse("play:move", args=[game.pk]), {}, HTTP_ACCEPT="application/json").status_code == 400


def test_the_log_tells_a_run_of_passes_in_one_line(player, monkeypatch):
    """The passes in a row, whoever made them (the person's made for them, the agent's), are one line
    of the log ("12 passes in a row (6 made for you)", its moves "40–51"), not a screenful of
    alternating "passes (made for you)"; every move is still in the story the page plays back."""
    game, _ = play_out(spellbound_game(player, monkeypatch))
    story, lines = rebuild(game).story, game_page(game)["story"]
    assert sum(line["count"] for line in lines) == len(story) and len(lines) < len(story) / 2
    runs = [line for line in lines if line["count"] > 1]
    assert runs and all(line["passed"] and "–" in line["numbers"] for line in runs)
    assert any("made for you" in line["sentence"] and line["deck"].startswith("you and ") for line in runs)
    for before, after in zip(lines, lines[1:], strict=False):  # no two lines that could be one
        assert not (before["passed"] and after["passed"])
    page = logged_in(player).get(reverse("play:game", args=[game.pk])).content.decode()
    assert "passes in a row" in page and page.count("(made for you)") < len(game.auto_moves)


def logged_in(user):
    from django.test import Client

    client = Client()
    client.force_login(user)
    return client
