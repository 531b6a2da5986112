"""The simulation pages (issue 5, parts 3-5 and 7; issue 8, part 8): start, run, my runs,
cancel, delete, replay -- for 1 to ``max_players`` decks.

Every write path is tried by the owner, another user and an anonymous visitor; only the owner
changes anything. Runs play on the ``inline`` backend (the test database is in memory, so no
other process could see it): a run started inside ``django_capture_on_commit_callbacks(execute=True)``
finishes before the response; one started without it stays queued, which the cancel tests use.
The toy rules play as the `boundless` engine (2-4 seats; tests/simulate/conftest.py).
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from django.urls import reverse

from simulate.models import SimulationRun
from tests.simulate.conftest import AKUMAIDEN, EMERALD, UNDERTOW, import_deck, make_user

pytestmark = pytest.mark.django_db


@pytest.fixture
def decks(card_pool, inline_backend, toy_engine):
    """An owner with two legal private Boundless decks and one public one; another user."""
    owner = make_user("owner")
    mine_a = import_deck(owner, EMERALD)
    mine_b = import_deck(owner, AKUMAIDEN)
    public = import_deck(make_user("publisher"), AKUMAIDEN, visibility="public")
    return owner, mine_a, mine_b, public, make_user("other")


def _login(client, user):
    client.force_login(user)
    return client


def _start(client, deck, opponent=None, *, mode="head_to_head", games=4, seed=7, agents=("random", "random"),
           opponents=(), table=()):
    data = {"mode": mode, "deck": deck.pk, "games": games, "seed": seed, "agent_a": agents[0], "agent_b": agents[1],
            "game": deck.game}
    if opponent is not None:
        data["opponent"] = opponent.pk
    if opponents:
        data["opponents"] = [d.pk for d in opponents]
    for number, (other, agent) in enumerate(table, 2):  # the table's further seats: (deck, agent)
        data[f"table_deck_{number}"] = other.pk
        data[f"table_agent_{number}"] = agent
    return client.post(reverse("simulate:new"), data)


@pytest.fixture
def done_run(client, decks, django_capture_on_commit_callbacks):
    """A finished head-to-head run of the owner's two decks (4 random games)."""
    owner, a, b, _, _ = decks
    _login(client, owner)
    with django_capture_on_commit_callbacks(execute=True):
        response = _start(client, a, b)
    assert response.status_code == 302, response.content.decode()[:2000]
    run = SimulationRun.objects.get()
    assert run.status == SimulationRun.Status.DONE
    client.logout()
    return run


@pytest.fixture
def queued_run(client, decks):
    """A run whose chunks were never dispatched (on_commit does not fire in a test transaction)."""
    owner, a, b, _, _ = decks
    _login(client, owner)
    response = _start(client, a, b, games=10)
    assert response.status_code == 302
    client.logout()
    return SimulationRun.objects.get()


# -- start page -------------------------------------------------------------------------------------
def test_start_page_needs_a_login(client, decks):
    response = client.get(reverse("simulate:new"))
    assert response.status_code == 302 and "/accounts/login/" in response["Location"]
    _, a, b, *_ = decks
    response = _start(client, a, b)  # an anonymous POST starts nothing
    assert response.status_code == 302 and "/accounts/login/" in response["Location"]
    assert not SimulationRun.objects.exists()


def test_start_page_prefills_the_deck_and_shows_a_random_seed(client, decks):
    owner, a, b, public, _ = decks
    _login(client, owner)
    page = client.get(reverse("simulate:new") + f"?deck={b.pk}").content.decode()
    assert re.search(rf'<option value="{b.pk}" selected>', page)
    seed = re.search(r'name="seed" value="(\d+)"', page)
    assert seed and int(seed.group(1)) >= 0
    for label in ("Goldfish", "Head-to-head", "Gauntlet", "Table", "random", "greedy", "ismcts"):
        assert label in page
    assert public.name in page and "by publisher" in page  # public decks of the same game are offered
    # the table's deck pickers come from the engine's seats: decks 2 to max_players (4)
    assert 'data-max-players="4"' in page and 'data-min-players="2"' in page
    assert [int(n) for n in re.findall(r'name="table_deck_(\d+)"', page)] == [2, 3, 4]
    assert "played by 2 to 4 players" in page


def test_deck_page_links_to_simulate_and_the_header_to_my_runs(client, decks):
    owner, a, *_ = decks
    _login(client, owner)
    page = client.get(reverse("decks:detail", args=[a.pk])).content.decode()
    assert f'{reverse("simulate:new")}?deck={a.pk}' in page
    assert f'href="{reverse("simulate:mine")}"' in page


def test_a_game_without_an_engine_says_so_instead_of_offering_a_run(client, decks, without_engine):
    owner = decks[0]
    no_engine = [without_engine]
    _login(client, owner)
    response = client.get(reverse("simulate:new") + f"?game={no_engine[0]}")
    page = response.content.decode()
    assert response.status_code == 200
    assert "has no rules engine yet" in page and 'id="sim-form"' not in page
    # the same from one of that game's decks (the deck page's "Simulate" button), and on a POST
    from decks.services import deck_import_text

    path = sorted(Path("fixtures/decks").glob(f"{no_engine[0]}-*.txt"))[0]
    deck = deck_import_text(owner=owner, game=no_engine[0], text=path.read_text(encoding="utf-8"))
    response = client.get(reverse("simulate:new") + f"?deck={deck.pk}")
    assert response.status_code == 200 and "has no rules engine yet" in response.content.decode()
    response = client.post(reverse("simulate:new"), {"mode": "goldfish", "deck": deck.pk, "games": 4, "seed": 1,
                                                     "agent_a": "random", "agent_b": "random"})
    assert response.status_code == 200 and "has no rules engine yet" in response.content.decode()
    assert not SimulationRun.objects.exists()


def test_start_a_run_redirects_to_its_page(client, decks):
    owner, a, b, *_ = decks
    _login(client, owner)
    response = _start(client, a, b, seed=12345, agents=("greedy", "random"))
    run = SimulationRun.objects.get()
    assert response.status_code == 302 and response["Location"] == reverse("simulate:run", args=[run.pk])
    assert (run.owner, run.mode, run.seed, run.games_requested) == (owner, "head_to_head", 12345, 4)
    assert [d.deck_id for d in run.run_decks.all()] == [a.pk, b.pk]
    assert [agent["name"] for agent in run.agents] == ["greedy", "random"]


def test_start_a_gauntlet_and_a_goldfish(client, decks):
    owner, a, b, public, _ = decks
    _login(client, owner)
    assert _start(client, a, mode="gauntlet", opponents=[b, public]).status_code == 302
    assert _start(client, a, mode="goldfish").status_code == 302
    gauntlet, goldfish = SimulationRun.objects.order_by("pk")
    assert [d.deck_id for d in gauntlet.run_decks.all()] == [a.pk, b.pk, public.pk]
    assert [d.deck_id for d in goldfish.run_decks.all()] == [a.pk]
    assert goldfish.agents[1]["name"] == "passive"


def test_an_illegal_deck_is_refused_with_its_violations(client, decks):
    owner, a, b, *_ = decks
    from decks.services import deck_import_text

    text = Path(EMERALD).read_text(encoding="utf-8").replace("1 Sylvara, Emerald Warden\n", "")
    illegal = deck_import_text(owner=owner, game="boundless", text=text, name="No savior")
    _login(client, owner)
    response = _start(client, illegal, b)
    page = response.content.decode()
    assert response.status_code == 400
    assert "not legal" in page and "No savior" in page and 'class="violations"' in page
    assert not SimulationRun.objects.exists()


@pytest.mark.parametrize("change, message", [
    ({"opponent": ""}, "Choose the opponent deck."),
    ({"games": "0"}, "greater than or equal to 1"),
    ({"games": "lots"}, "Enter a whole number."),
    ({"seed": "-4"}, "greater than or equal to 0"),
    ({"agent_a": "cheater"}, "Select a valid choice."),
    ({"mode": "blitz"}, "Select a valid choice."),
    ({"deck": "999999"}, "Select a valid choice."),
])
def test_bad_input_is_refused_with_a_message_and_saves_nothing(client, decks, change, message):
    owner, a, b, *_ = decks
    _login(client, owner)
    data = {"mode": "head_to_head", "deck": a.pk, "opponent": b.pk, "games": 4, "seed": 1,
            "agent_a": "random", "agent_b": "random", "game": "boundless", **change}
    response = client.post(reverse("simulate:new"), data)
    assert response.status_code == 400 and message in response.content.decode()
    assert not SimulationRun.objects.exists()


def test_the_games_limit_is_a_clear_refusal(client, decks, settings):
    owner, a, b, public, _ = decks
    settings.SIMULATION_MAX_GAMES = 50
    _login(client, owner)
    response = _start(client, a, b, games=51)
    assert response.status_code == 400 and "at most 50 games" in response.content.decode()
    response = _start(client, a, mode="gauntlet", opponents=[b, public], games=30)
    # checked once, by the service (the API's words), and shown beside the field it is about
    assert response.status_code == 400 and response.context["form"].errors["games"] == [
        "a run may play at most 50 games; this one asks for 60 (30 against each of 2 opponents)"]
    assert not SimulationRun.objects.exists()


def test_another_users_private_deck_cannot_be_used(client, decks):
    owner, a, b, _, other = decks
    _login(client, other)
    response = _start(client, a, b)
    assert response.status_code == 400
    assert not SimulationRun.objects.exists()


# -- run page ---------------------------------------------------------------------------------------
def test_run_page_shows_progress_results_and_replay_links(client, done_run):
    _login(client, done_run.owner)
    response = client.get(reverse("simulate:run", args=[done_run.pk]))
    page = response.content.decode()
    assert response.status_code == 200
    assert 'id="progress"' in page and "4 / 4" in page and "100.0%" in page
    assert reverse("api-simulation", args=[done_run.pk]) in page  # polled by simulate.js
    assert reverse("simulate:replay", args=[done_run.pk, 0, 3]) in page
    data = json.loads(re.search(r'<script id="run-data" type="application/json">(.*?)</script>', page, re.S).group(1))
    assert data["status"] == "done" and data["results"]["summary"]["games"] == 4
    assert [s["name"] for s in data["results"]["summary"]["sides"]] == ["Emerald Vanguard", "Akumaiden Onslaught"]
    # every deck's standing is on the page itself, without JavaScript
    assert page.count('<tr data-side="') == 2 and "Mean placement" in page and "Mean return" in page
    assert '<span class="place">1st</span>' in page


def test_the_run_tables_are_rendered_once_for_the_page_and_its_script(client, done_run, decks):
    """The standings and counters exist only as the server's fragment: the page includes it and
    simulate.js swaps the same fragment in (no second rendering in the script)."""
    _login(client, done_run.owner)
    page = client.get(reverse("simulate:run", args=[done_run.pk])).content.decode()
    url = reverse("simulate:tables", args=[done_run.pk])
    assert f'data-tables-url="{url}"' in page
    fragment = client.get(url, {"pairing": "0"}).content.decode()
    for table_id in ("standings", "counters"):
        start = f'id="{table_id}"'
        assert start in fragment and start in page
        block = fragment[fragment.index(start):]
        assert block[:block.index("</div>")] in page  # the very same markup
    assert fragment.count('<tr data-side="') == 2 and "%" in fragment
    assert client.get(url, {"pairing": "99"}).status_code == 200  # past the last: the last, as the picker
    script = (Path(__file__).resolve().parents[2] / "static/js/simulate.js").read_text()
    assert "function drawStandings" not in script and "function drawCounters" not in script
    client.logout()
    assert client.get(url).status_code == 404  # as private as the run
    _login(client, decks[4])
    assert client.get(url).status_code == 404


def test_the_tables_write_numbers_as_the_script_writes_its_own():
    from simulate.run_tables import fixed, interval, percent

    assert [percent(0.5), percent(0.1234), percent(1), percent(None)] == ["50%", "12.3%", "100%", "—"]
    assert [fixed(0.125), fixed(-0.125), fixed(2), fixed(1 / 3)] == ["0.13", "-0.13", "2.00", "0.33"]  # toFixed
    assert interval({"low": 0.5, "high": 1.25}) == "0.50 – 1.25"
    assert interval({"too_few": True, "count": 2}) == "too few games" and interval(None) == ""


def test_run_page_is_private_unless_shared(client, done_run, decks):
    other = decks[4]
    url = reverse("simulate:run", args=[done_run.pk])
    assert client.get(url).status_code == 404  # anonymous
    _login(client, other)
    assert client.get(url).status_code == 404
    assert client.get(reverse("simulate:run", args=[987654])).status_code == 404


def test_a_run_on_public_decks_opens_with_its_share_key(client, decks, django_capture_on_commit_callbacks):
    owner, a, _, public, other = decks
    from decks.services import deck_update

    deck_update(actor=owner, deck=a, visibility="public")
    _login(client, owner)
    with django_capture_on_commit_callbacks(execute=True):
        _start(client, a, public)
    run = SimulationRun.objects.get()
    assert run.share_token
    page = client.get(reverse("simulate:run", args=[run.pk])).content.decode()
    assert f"?key={run.share_token}" in page  # the owner sees the share link
    client.logout()
    url = reverse("simulate:run", args=[run.pk])
    assert client.get(url + f"?key={run.share_token}").status_code == 200
    assert client.get(url + "?key=wrong").status_code == 404
    replay = reverse("simulate:replay", args=[run.pk, 0, 0])
    assert client.get(replay + f"?key={run.share_token}").status_code == 200
    _login(client, other)
    page = client.get(url + f"?key={run.share_token}").content.decode()
    assert "Cancel the run" not in page and reverse("simulate:delete", args=[run.pk]) not in page


# -- cancel and delete: the owner only --------------------------------------------------------------
def test_owner_cancels_a_run(client, queued_run):
    _login(client, queued_run.owner)
    response = client.post(reverse("simulate:cancel", args=[queued_run.pk]))
    assert response.status_code == 302
    queued_run.refresh_from_db()
    assert queued_run.status == SimulationRun.Status.CANCELLED and queued_run.cancel_requested


def test_cancel_is_post_only(client, queued_run):
    _login(client, queued_run.owner)
    assert client.get(reverse("simulate:cancel", args=[queued_run.pk])).status_code == 405
    queued_run.refresh_from_db()
    assert queued_run.status == SimulationRun.Status.QUEUED


@pytest.mark.parametrize("who, expected", [("anonymous", 302), ("other", 404)])
def test_nobody_else_cancels_or_deletes(client, queued_run, decks, who, expected):
    if who == "other":
        _login(client, decks[4])
    for name, method in (("simulate:cancel", "post"), ("simulate:delete", "post"), ("simulate:delete", "get")):
        response = getattr(client, method)(reverse(name, args=[queued_run.pk]))
        assert response.status_code == expected, (name, method)
        if expected == 302:
            assert "/accounts/login/" in response["Location"]
    queued_run.refresh_from_db()
    assert queued_run.status == SimulationRun.Status.QUEUED and not queued_run.cancel_requested


def test_a_user_holding_the_share_key_still_cannot_cancel_or_delete(client, decks):
    owner, a, _, public, other = decks
    from decks.services import deck_update

    deck_update(actor=owner, deck=a, visibility="public")
    _login(client, owner)
    _start(client, a, public, games=10)
    run = SimulationRun.objects.get()
    client.logout()
    _login(client, other)
    key = {"key": run.share_token}
    assert client.post(reverse("simulate:cancel", args=[run.pk]), key).status_code == 403
    assert client.post(reverse("simulate:delete", args=[run.pk]), key).status_code == 403
    run.refresh_from_db()
    assert run.status == SimulationRun.Status.QUEUED and not run.cancel_requested


def test_owner_deletes_a_run_after_confirming(client, done_run):
    _login(client, done_run.owner)
    url = reverse("simulate:delete", args=[done_run.pk])
    confirm = client.get(url)
    assert confirm.status_code == 200 and "Delete for good" in confirm.content.decode()
    assert SimulationRun.objects.filter(pk=done_run.pk).exists()
    response = client.post(url)
    assert response.status_code == 302 and response["Location"] == reverse("simulate:mine")
    assert not SimulationRun.objects.filter(pk=done_run.pk).exists()


# -- my runs ----------------------------------------------------------------------------------------
def test_my_runs_lists_mine_only(client, done_run, decks):
    url = reverse("simulate:mine")
    assert client.get(url).status_code == 302
    _login(client, done_run.owner)
    page = client.get(url).content.decode()
    assert reverse("simulate:run", args=[done_run.pk]) in page and "Head-to-head" in page and "4 / 4" in page
    client.logout()
    _login(client, decks[4])
    page = client.get(url).content.decode()
    assert reverse("simulate:run", args=[done_run.pk]) not in page and "No runs yet" in page


# -- replay -----------------------------------------------------------------------------------------
def test_replay_page_embeds_the_frames_and_a_seat_switch(client, done_run):
    _login(client, done_run.owner)
    url = reverse("simulate:replay", args=[done_run.pk, 0, 1])
    for seat in ("0", "1", "all"):
        response = client.get(url + f"?seat={seat}")
        page = response.content.decode()
        assert response.status_code == 200
        assert f'data-seat="{seat}"' in page
        outline = json.loads(re.search(r'<script id="replay-frames" type="application/json">(.*?)</script>',
                                       page, re.S).group(1))
        frames = json.loads(re.search(r'<script id="replay-page" type="application/json">(.*?)</script>',
                                      page, re.S).group(1))["frames"]  # the first page of frames, whole
        assert len(outline) > 1 and {"turn", "moves", "events", "view", "over"} <= set(frames[1])
        for label in ("Seat 1", "Seat 2", "Everything", "Download replay JSON", "Akumaiden Onslaught"):
            assert label in page
        assert frames[1]["moves"][0]["sentence"] in page  # the log says each move in the game's words
        assert "Return" in page and "a player reached 20 points" in page  # placements and the end's label


def test_replay_of_a_missing_game_or_seat_is_404(client, done_run, decks):
    _login(client, done_run.owner)
    assert client.get(reverse("simulate:replay", args=[done_run.pk, 0, 4])).status_code == 404
    assert client.get(reverse("simulate:replay", args=[done_run.pk, 1, 0])).status_code == 404
    assert client.get(reverse("simulate:replay", args=[done_run.pk, 0, 0]) + "?seat=7").status_code == 404
    assert client.get(reverse("simulate:replay", args=[done_run.pk, 0, 0]) + "?seat=2").status_code == 404
    assert client.get(reverse("simulate:replay", args=[done_run.pk, 0, 0]) + "?seat=x").status_code == 404
    client.logout()
    _login(client, decks[4])
    assert client.get(reverse("simulate:replay", args=[done_run.pk, 0, 0])).status_code == 404
    assert client.get(reverse("simulate:replay_json", args=[done_run.pk, 0, 0])).status_code == 404


def test_replay_json_downloads_the_replay_file(client, done_run):
    _login(client, done_run.owner)
    response = client.get(reverse("simulate:replay_json", args=[done_run.pk, 0, 2]))
    assert response.status_code == 200 and "attachment" in response["Content-Disposition"]
    data = json.loads(response.content)
    assert data["format"] == "card-workshop-replay" and data["game"] == "boundless" and data["moves"]
    assert data["format_version"] == 2 and len(data["outcome"]["placements"]) == 2


def test_open_game_form_redirects_to_that_replay(client, done_run):
    _login(client, done_run.owner)
    url = reverse("simulate:replay", args=[done_run.pk, 0, 0])
    response = client.get(url + "?game=3")  # people count games from 1: the third game is index 2
    assert response.status_code == 302 and response["Location"] == reverse("simulate:replay", args=[done_run.pk, 0, 2])
    for bad in ("three", "0"):
        response = client.get(url + f"?game={bad}")
        assert response.status_code == 302 and response["Location"].startswith(reverse("simulate:run", args=[done_run.pk]))


def test_replay_pages_number_games_from_1(client, done_run):
    """Index 0 in the URL is "game #1" on every page a person reads (issue 27: people count from 1)."""
    _login(client, done_run.owner)
    page = client.get(reverse("simulate:replay", args=[done_run.pk, 0, 0])).content.decode()
    assert "Replay: game #1" in page and "#0" not in page
    assert "Game #2 ›" in page
    run_page = client.get(done_run.get_absolute_url()).content.decode()
    assert ">Replay #1<" in run_page and "Replay #0" not in run_page and "Game # (1 to" in run_page


# -- tables of several decks (issue 8, part 8) -------------------------------------------------------
def test_a_four_seat_table_through_the_web(client, decks, django_capture_on_commit_callbacks):
    """Four decks at one table from the start form; the run page lists every deck with its
    placements; a game's replay has four seats named by their decks and its placements."""
    owner, a, b, public, _ = decks
    undertow = import_deck(owner, UNDERTOW)
    _login(client, owner)
    with django_capture_on_commit_callbacks(execute=True):
        response = _start(client, a, mode="table", games=8, agents=("greedy", "random"),
                          table=[(b, "random"), (undertow, "greedy"), (public, "random")])
    assert response.status_code == 302, response.content.decode()[:3000]
    run = SimulationRun.objects.get()
    assert run.mode == "table" and run.status == "done"
    assert [d.deck_id for d in run.run_decks.all()] == [a.pk, b.pk, undertow.pk, public.pk]
    assert [agent["name"] for agent in run.agents] == ["greedy", "random", "greedy", "random"]
    page = client.get(reverse("simulate:run", args=[run.pk])).content.decode()
    assert "Table: Emerald Vanguard, Akumaiden Onslaught, Undertow Tempo and Akumaiden Onslaught" in page
    assert page.count('<tr data-side="') == 4
    rows = re.findall(r'<tr data-side="(\d)">(.*?)</tr>', page, re.S)
    assert [side for side, _ in rows] == ["0", "1", "2", "3"]
    for _, row in rows:
        places = [int(n) for n in re.findall(r'<span class="place">\d+(?:st|nd|rd|th)</span> (\d+)', row)]
        assert sum(places) == 8  # every deck's placements over the 8 games
    assert '<span class="place">4th</span>' in page or '<span class="place">3rd</span>' in page
    data = json.loads(re.search(r'<script id="run-data" type="application/json">(.*?)</script>', page, re.S).group(1))
    assert data["results"]["summary"]["seats"] == 4 and data["sides"] == [[
        "Emerald Vanguard", "Akumaiden Onslaught", "Undertow Tempo", "Akumaiden Onslaught (2)"]]  # told apart
    replay = client.get(reverse("simulate:replay", args=[run.pk, 0, 2]) + "?seat=3")
    text = replay.content.decode()
    assert replay.status_code == 200 and 'data-seat="3"' in text
    for seat in range(4):
        assert f"Seat {seat + 1}" in text  # seats numbered from 1 for people
    assert text.count("<tr") >= 5 and "Place" in text  # the game's placements, a row per seat
    frames = json.loads(re.search(r'<script id="replay-page" type="application/json">(.*?)</script>',
                                  text, re.S).group(1))["frames"]
    assert max(len(f["moves"]) for f in frames) == 4  # four secret bids at once
    pages = reverse("simulate:replay_frames", args=[run.pk, 0, 2])
    total = client.get(pages + "?seat=3&first=0").json()["total"]
    last = client.get(pages + f"?seat=3&first={total - 1}").json()["frames"][-1]
    assert set(last["view"]["hands"]) == {"3"}  # seat 3 sees its own hand only
    assert client.get(reverse("simulate:replay", args=[run.pk, 0, 2]) + "?seat=4").status_code == 404


def test_the_table_picks_are_checked(client, decks):
    owner, a, b, public, _ = decks
    _login(client, owner)
    response = _start(client, a, mode="table")
    # the service's words (checked there once, as for the API), beside the first picker
    assert response.status_code == 400
    said = "table takes 2 to 4 decks for boundless (2 to 4 players), not 1"
    assert said in response.context["form"].errors["table_deck_2"][0]
    assert not SimulationRun.objects.exists()


def test_a_two_player_game_offers_no_table(client, decks, toy_engine, monkeypatch):
    import dataclasses

    from rules.core import registry

    two = dataclasses.replace(toy_engine, max_players=2)
    monkeypatch.setattr(registry, "get_engine", lambda slug: two if slug == "boundless" else None)
    owner, a, b, *_ = decks
    _login(client, owner)
    page = client.get(reverse("simulate:new") + f"?deck={a.pk}").content.decode()
    assert re.search(r'<input type="radio" name="mode" value="table"[^>]*disabled', page)
    assert "so it has no table of 3 or more decks" in page and "table_deck_" not in page
    response = _start(client, a, b, mode="table")
    assert response.status_code == 400 and "so it has no table of 3 or more decks" in response.content.decode()
    assert not SimulationRun.objects.exists()


def test_a_run_whose_tallies_cannot_be_read_says_so(client, done_run):
    done_run.chunks.update(tally={"games": 1, "draws": 0, "side_wins": [1, 0]})  # version 1
    _login(client, done_run.owner)
    response = client.get(reverse("simulate:run", args=[done_run.pk]))
    page = response.content.decode()
    assert response.status_code == 200 and "played before results had placements" in page
    assert client.get(reverse("api-simulation", args=[done_run.pk])).json()["results"]["readable"] is False


@pytest.mark.django_db
def test_admin_lists_runs_and_chunks(client, django_user_model):
    """Admin for every model: runs (with decks and chunks inline) and chunks, searchable and filterable."""
    admin_user = django_user_model.objects.create_superuser("root", "root@example.com", "pw-123456")
    client.force_login(admin_user)
    assert client.get("/admin/simulate/simulationrun/?q=root&status__exact=done").status_code == 200
    assert client.get("/admin/simulate/runchunk/?status__exact=pending").status_code == 200
