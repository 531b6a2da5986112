"""Play a game yourself against the engine (player experience issue, part 1): start a game from a
legal deck against a deck and an agent or a goldfish, make only legal moves, the agent answers,
the game is stored as its seed and moves (a reload or a restart loses nothing), the person's
view hides what their seat cannot see, and a game is its replay."""

from __future__ import annotations

import pytest
from django.contrib.auth import get_user_model
from django.urls import reverse

from decks.services import deck_import_text
from play.models import PlayedGame
from play.selectors import HIDDEN, game_page, game_replay, masked, rebuild
from play.services import PlayError, play_abandon, play_move, play_start
from rules.core.replay import deck_to_data, replay_game
from tests.rules.core import toy

pytestmark = pytest.mark.django_db


@pytest.fixture
def player(card_pool):
    return get_user_model().objects.create_user("player", password="a-long-password-1")


def sample(owner, stem, game="boundless"):
    with open(f"fixtures/decks/{stem}.txt") as handle:
        return deck_import_text(owner=owner, game=game, text=handle.read())


@pytest.fixture
def decks(player):
    return sample(player, "boundless-emerald-vanguard"), sample(player, "boundless-akumaiden-onslaught")


def play_to_the_end(game: PlayedGame, pick=lambda choices: choices[0]) -> PlayedGame:
    for _ in range(2000):
        choices = game_page(game)["choices"]
        if not choices:
            break
        game = play_move(actor=game.owner, game_id=game.pk, action=pick(choices)["action"])
    return game


def test_a_game_against_an_agent_is_played_to_its_end_with_legal_moves_only(decks):
    mine, theirs = decks
    game = play_start(owner=mine.owner, deck_id=mine.pk, opponent_id=theirs.pk, agent="greedy")
    assert game.human_seat in rebuild(game).state.current_players()  # the agent has moved until it is our turn
    game = play_to_the_end(game, pick=lambda choices: choices[-1])
    assert game.status == PlayedGame.Status.FINISHED and game.outcome["reason"]
    page = game_page(game)
    assert page["result"]["reason"] and not page["choices"]
    # the stored game is a valid replay: every move checks out against the rules, the same end
    state = replay_game(game_replay(game))
    assert state.outcome.as_dict() == game.outcome


def test_goldfish_plays_against_the_passive_opponent(decks):
    mine, _ = decks
    game = play_start(owner=mine.owner, deck_id=mine.pk, opponent_id=None)
    assert game.agents[1] == {"name": "passive"} and game.opponent_deck is None
    game = play_to_the_end(game)
    assert game.status == PlayedGame.Status.FINISHED


def test_an_illegal_or_unreadable_move_is_refused_and_changes_nothing(decks):
    mine, theirs = decks
    game = play_start(owner=mine.owner, deck_id=mine.pk, opponent_id=theirs.pk, agent="random")
    before = list(game.moves)
    for action, code in (("attack 9 9", "illegal_action"), ('"unclosed', "bad_action"), (None, "bad_action")):
        with pytest.raises(PlayError) as excinfo:
            play_move(actor=mine.owner, game_id=game.pk, action=action)
        assert excinfo.value.code == code
    game.refresh_from_db()
    assert game.moves == before


def test_only_the_owner_plays_and_sees_a_game(decks, client):
    mine, theirs = decks
    game = play_start(owner=mine.owner, deck_id=mine.pk, opponent_id=theirs.pk)
    stranger = get_user_model().objects.create_user("stranger", password="a-long-password-2")
    with pytest.raises(PlayError):
        play_move(actor=stranger, game_id=game.pk, action="keep")
    client.force_login(stranger)
    assert client.get(reverse("play:game", args=[game.pk])).status_code == 404
    assert client.post(reverse("play:move", args=[game.pk]), {"action": "keep"}).status_code == 404
    assert client.get(reverse("play:replay_json", args=[game.pk])).status_code == 404


def test_decks_you_may_not_use_or_illegal_ones_are_refused(decks, player):
    mine, theirs = decks
    stranger = get_user_model().objects.create_user("stranger", password="a-long-password-2")
    with pytest.raises(PlayError) as excinfo:  # another person's private deck
        play_start(owner=stranger, deck_id=mine.pk)
    assert excinfo.value.code == "unknown_deck"
    with pytest.raises(PlayError) as excinfo:
        play_start(owner=player, deck_id=mine.pk, opponent_id=theirs.pk, agent="telepath")
    assert excinfo.value.code == "bad_agent"
    spellbound = sample(player, "spellbound-" + _first_sample("spellbound"), game="spellbound")
    with pytest.raises(PlayError) as excinfo:  # not the same game
        play_start(owner=player, deck_id=mine.pk, opponent_id=spellbound.pk)
    assert excinfo.value.code == "wrong_game"


def _first_sample(game: str) -> str:
    from pathlib import Path

    return sorted(p.stem for p in Path("fixtures/decks").glob(f"{game}-*.txt"))[0].removeprefix(f"{game}-")


def test_a_game_survives_a_reload_and_a_restart(decks, client):
    """The state lives in the database as seed and moves: a new session (a restart) rebuilds the
    same board and offers the same actions."""
    mine, theirs = decks
    game = play_start(owner=mine.owner, deck_id=mine.pk, opponent_id=theirs.pk)
    for _ in range(5):
        game = play_move(actor=mine.owner, game_id=game.pk, action=game_page(game)["choices"][0]["action"])
    before = game_page(game)
    client.force_login(mine.owner)
    response = client.get(reverse("play:game", args=[game.pk]))
    assert response.status_code == 200
    again = game_page(PlayedGame.objects.get(pk=game.pk))
    assert again["view"] == before["view"] and again["choices"] == before["choices"]
    assert all(c["sentence"] in response.content.decode() for c in before["choices"][:3])


def test_the_story_hides_what_the_seat_cannot_see_until_the_end(decks):
    """While the game goes on, the opponent's moves are told without the cards the person
    cannot see (a mulligan's cards put back, a face-down card set); at the end, in full."""
    mine, theirs = decks
    game = play_start(owner=mine.owner, deck_id=mine.pk, opponent_id=theirs.pk, agent="random")
    seen_hidden = False
    for _ in range(200):
        page = game_page(game)
        state = rebuild(game).state
        if state.is_over:
            break
        hidden = set(state.hidden_cards(game.human_seat))
        visible = {c["name"] for c in _cards(page["view"])}
        for entry in page["story"]:
            if not entry["mine"]:
                seen_hidden |= HIDDEN in entry["sentence"]
                assert not any(name in entry["sentence"] for name in hidden - visible), entry
        game = play_move(actor=game.owner, game_id=game.pk, action=page["choices"][0]["action"])
    assert seen_hidden, "the opponent's mulligan or a set card should have been masked at least once"


def _cards(value):
    if isinstance(value, dict):
        if isinstance(value.get("name"), str):
            yield value
        for item in value.values():
            yield from _cards(item)
    elif isinstance(value, list):
        for item in value:
            yield from _cards(item)


def test_masked_replaces_longest_names_first():
    assert masked("plays Emeraldefender Golem and a Golem", ["Golem", "Emeraldefender Golem"]) == \
        f"plays {HIDDEN} and a {HIDDEN}"


def test_abandoned_games_keep_their_replay(decks, client):
    mine, theirs = decks
    game = play_start(owner=mine.owner, deck_id=mine.pk, opponent_id=theirs.pk)
    play_abandon(actor=mine.owner, game_id=game.pk)
    with pytest.raises(PlayError) as excinfo:
        play_move(actor=mine.owner, game_id=game.pk, action="keep")
    assert excinfo.value.code == "game_over"
    client.force_login(mine.owner)
    assert client.get(reverse("play:replay", args=[game.pk]) + "?seat=all").status_code == 200


def test_at_a_simultaneous_move_the_agent_cannot_see_the_persons_choice(player, monkeypatch):
    """The toy game's secret bid: the person and the agent bid at once. The agent chooses from
    the state before the person's bid is applied (the bids are still unrevealed when it is asked),
    and both bids are applied together as one move."""
    import play.selectors as play_selectors
    import play.services as play_services

    monkeypatch.setattr(play_selectors, "get_engine", lambda slug: toy.ENGINE)
    asked = []
    real_make_agent = play_services.make_agent

    def watched_agent(*args, **kwargs):
        agent = real_make_agent(*args, **kwargs)
        choose = agent.choose

        def recording(state, seat):
            asked.append((state.phase, state.bids, sorted(state.current_players())))
            return choose(state, seat)

        agent.choose = recording
        return agent

    monkeypatch.setattr(play_services, "make_agent", watched_agent)
    game = PlayedGame.objects.create(owner=player, game=toy.ENGINE.game, engine_version=toy.ENGINE.version, seed=7,
                                     agents=[{"name": "human"}, {"name": "greedy"}],
                                     decks=[deck_to_data(toy.STRONG), deck_to_data(toy.WEAK)],
                                     deck_names=["Strong", "Weak"])
    for _ in range(10):  # through the mulligans to the bid
        state = rebuild(game).state
        if state.phase == "bid":
            break
        game = play_move(actor=player, game_id=game.pk, action=game_page(game)["choices"][0]["action"])
    assert sorted(rebuild(game).state.current_players()) == [0, 1]
    asked.clear()
    game = play_move(actor=player, game_id=game.pk, action="bid 3")
    bid_move = next(move for move in game.moves if any(text.startswith("bid") for _, text in move))
    assert [seat for seat, _ in bid_move] == [0, 1] and bid_move[0][1] == "bid 3"
    assert asked[0] == ("bid", None, [0, 1])  # asked while both still had to bid, nothing revealed


def test_the_pages_start_a_game_take_moves_and_explain_a_refusal(decks, client):
    mine, theirs = decks
    client.force_login(mine.owner)
    index = client.get(reverse("play:index") + f"?deck={mine.pk}")
    assert index.status_code == 200 and f'<option value="{mine.pk}" selected data-game="boundless">' in index.content.decode()
    response = client.post(reverse("play:index"), {"deck": mine.pk, "opponent": str(theirs.pk), "agent": "ismcts"})
    game = PlayedGame.objects.get()
    assert response.status_code == 302 and response["Location"] == game.get_absolute_url()
    assert game.agents[1]["name"] == "ismcts"
    page = client.get(game.get_absolute_url()).content.decode()
    assert 'name="action"' in page and "Your move" in page
    refused = client.post(reverse("play:move", args=[game.pk]), {"action": "attack 9 9"}, follow=True)
    assert "is not one of your legal actions now" in refused.content.decode()
    as_json = client.post(reverse("play:move", args=[game.pk]), {"action": "attack 9 9"}, HTTP_ACCEPT="application/json")
    assert as_json.status_code == 400 and as_json.json()["code"] == "illegal_action"
    choice = game_page(game)["choices"][0]["action"]
    done = client.post(reverse("play:move", args=[game.pk]), {"action": choice}, HTTP_ACCEPT="application/json")
    assert done.status_code == 200 and done.json()["moves"] > len(game.moves)
    assert client.get(reverse("play:index")).content.decode().count(game.get_absolute_url()) == 1


def test_the_games_own_search_budget_stands_against_the_play_budget(player):
    """Spellbound's ISMCTS defaults set its budget (4 worlds of the flat search, each far dearer than a
    tree iteration): the play app's 150 iterations, meant for tree searches, do not override it."""
    stem = "spellbound-" + _first_sample("spellbound")
    mine, theirs = sample(player, stem, game="spellbound"), sample(player, stem, game="spellbound")
    game = play_start(owner=player, deck_id=mine.pk, opponent_id=theirs.pk, agent="ismcts")
    assert game.agents[1] == {"name": "ismcts"}
    boundless = play_start(owner=player, deck_id=sample(player, "boundless-emerald-vanguard").pk,
                           opponent_id=sample(player, "boundless-akumaiden-onslaught").pk, agent="ismcts")
    assert boundless.agents[1] == {"name": "ismcts", "iterations": 150}


def test_a_form_for_another_game_or_no_deck_says_so(player, client):
    client.force_login(player)
    page = client.get(reverse("play:index")).content.decode()
    assert "You need a legal deck" in page
    assert client.post(reverse("play:index"), {"deck": "12345", "opponent": "goldfish", "agent": "greedy"}).status_code == 400


def test_the_deck_page_offers_play_for_a_legal_deck_of_a_game_with_an_engine(decks, player, client, without_engine):
    mine, _ = decks
    client.force_login(player)
    page = client.get(reverse("decks:detail", args=[mine.pk])).content.decode()
    assert f'{reverse("play:index")}?deck={mine.pk}' in page and f'{reverse("simulate:new")}?deck={mine.pk}' in page
    millennium = sample(player, "millennium_blades-" + _first_sample("millennium_blades"), game="millennium_blades")
    page = client.get(reverse("decks:detail", args=[millennium.pk])).content.decode()
    assert f"?deck={millennium.pk}" not in page  # no engine yet: neither Play nor Simulate


def test_the_opponents_are_tagged_with_their_game_and_a_mismatch_is_refused_beside_the_field(decks, player, client):
    """Issue 27, part 8: /play/ offers only opponents of the chosen deck's game (data-game, play_new.js)."""
    mine, _ = decks
    bos = sample(player, "bos-red-kindling-rush", game="bos")
    client.force_login(player)
    page = client.get(reverse("play:index")).content.decode()
    assert f'<option value="{bos.pk}" data-game="bos">' in page and f'<option value="{mine.pk}" data-game="boundless">' in page
    response = client.post(reverse("play:index"), {"deck": mine.pk, "opponent": str(bos.pk), "agent": "greedy"})
    assert response.status_code == 400 and not PlayedGame.objects.exists()
    assert response.context["form"].errors["opponent"] == [
        "Your deck is a Boundless TCG deck: choose an opponent deck of Boundless TCG, or no opponent."]
    assert 'id="error-summary"' in response.content.decode()
