"""A run's games list (player experience issue, part 2): each game's winner, length and end
reason, read from the tallies' per-game records; its filters (shortest, longest, upsets, each end
reason), for 1 to 4 seats, allies and draws included; the games page and the run page's list.

The pure selection (``simulate.selectors.select_games``, ``is_upset``, ``side_win_rates``) is
tried on hand-made records; the pages on runs played by the toy rules as the `boundless` engine
(tests/simulate/conftest.py) on the inline backend.
"""

from __future__ import annotations

import re

import pytest
from django.urls import reverse

from rules.core.play import GameResult
from rules.core.tally import empty, merge, tally
from simulate import run_tables, selectors
from simulate.models import SimulationRun
from simulate.selectors import is_upset, select_games, side_win_rates
from tests.simulate.conftest import AKUMAIDEN, EMERALD, UNDERTOW, import_deck, make_user


def rec(index, sides, winners, reason="score", turns=5, steps=10):
    """A record as ``selectors.game_records`` gives it (winners are seats)."""
    return {"index": index, "sides": list(sides), "winners": list(winners),
            "winning_sides": sorted({sides[s] for s in winners}), "reason": reason, "turns": turns, "steps": steps}


# -- the selection, on hand-made records ---------------------------------------------------------------
HEAD_TO_HEAD = [  # side 0 wins 3 of 5 (60%), side 1 wins 1 (20%), one draw; seats alternate
    rec(0, (0, 1), [0], "score", turns=9, steps=30),
    rec(1, (1, 0), [1], "score", turns=4, steps=12),
    rec(2, (0, 1), [1], "deck_out", turns=12, steps=40),  # side 1 (the weaker) won: an upset
    rec(3, (1, 0), [1], "score", turns=4, steps=11),
    rec(4, (0, 1), [], "deck_out", turns=12, steps=41),  # a draw: no upset
]


def test_win_rates_count_each_side_s_wins_over_every_game():
    assert side_win_rates(HEAD_TO_HEAD, 2) == [0.6, 0.2]
    assert side_win_rates([], 2) == [None, None]


def test_an_upset_is_a_win_by_the_deck_with_the_lower_win_rate():
    rates = side_win_rates(HEAD_TO_HEAD, 2)
    assert [r["index"] for r in HEAD_TO_HEAD if is_upset(r, rates)] == [2]
    assert not is_upset(HEAD_TO_HEAD[4], rates)  # a draw
    assert not is_upset(rec(9, (0, 1), [0]), [0.5, 0.5])  # equal decks: nobody was the weaker


def test_shortest_and_longest_order_by_turns_then_moves_then_number():
    assert [r["index"] for r in select_games(HEAD_TO_HEAD, order="shortest")] == [3, 1, 0, 2, 4]
    assert [r["index"] for r in select_games(HEAD_TO_HEAD, order="longest")] == [4, 2, 0, 1, 3]
    assert [r["index"] for r in select_games(HEAD_TO_HEAD)] == [0, 1, 2, 3, 4]


def test_filters_by_end_reason_and_upsets_and_combine():
    assert [r["index"] for r in select_games(HEAD_TO_HEAD, reason="deck_out")] == [2, 4]
    assert [r["index"] for r in select_games(HEAD_TO_HEAD, upsets=True)] == [2]
    assert [r["index"] for r in select_games(HEAD_TO_HEAD, reason="score", upsets=True)] == []
    assert [r["index"] for r in select_games(HEAD_TO_HEAD, reason="deck_out", order="shortest")] == [2, 4]
    assert select_games(HEAD_TO_HEAD, reason="no_such_reason") == []
    with pytest.raises(ValueError):
        select_games(HEAD_TO_HEAD, order="random")


def test_a_table_upset_is_a_winner_weaker_than_the_best_deck_it_beat():
    """Three decks at one table: side 0 wins half, side 1 a third, side 2 a sixth."""
    table = [rec(i, seats, [seats.index(winner)]) for i, (seats, winner) in enumerate([
        ((0, 1, 2), 0), ((1, 2, 0), 0), ((2, 0, 1), 0), ((0, 1, 2), 1), ((1, 2, 0), 1), ((2, 0, 1), 2)])]
    rates = side_win_rates(table, 3)
    assert rates == [0.5, 2 / 6, 1 / 6]
    assert [r["index"] for r in select_games(table, upsets=True)] == [3, 4, 5]  # every win by side 1 or 2


def test_allies_win_together_and_an_upset_compares_the_teams():
    """Four seats, sides 0 & 2 against 1 & 3 (allies share their win rate)."""
    teams = [rec(0, (0, 1, 2, 3), [0, 2]), rec(1, (1, 2, 3, 0), [1, 3]), rec(2, (0, 1, 2, 3), [0, 2]),
             rec(3, (0, 1, 2, 3), [1, 3])]
    rates = side_win_rates(teams, 4)
    assert rates == [0.75, 0.25, 0.75, 0.25]
    assert teams[1]["winning_sides"] == [0, 2]  # seats 1 and 3 held sides 2 and 0
    assert [r["index"] for r in select_games(teams, upsets=True)] == [3]


def test_goldfish_the_passive_opponent_winning_is_an_upset():
    games = [rec(0, (0, 1), [0]), rec(1, (1, 0), [1]), rec(2, (0, 1), [1])]
    assert [r["index"] for r in select_games(games, upsets=True)] == [2]


# -- the tally keeps one record a game ------------------------------------------------------------------
def _result(index, winner, turns):
    sides = (0, 1) if index % 2 == 0 else (1, 0)
    return GameResult(index=index, seed=index, sides=sides, winners=(winner,) if winner is not None else (),
                      reason="score" if winner is not None else "deck_out", turns=turns, steps=2 * turns,
                      returns=(1.0, -1.0) if winner == 0 else (-1.0, 1.0) if winner == 1 else (0.0, 0.0),
                      placements=(1, 2) if winner == 0 else (2, 1) if winner == 1 else (1, 1),
                      counters=[{}, {}])


def test_a_tally_keeps_each_game_s_record_and_merging_keeps_them_in_order():
    games = [_result(i, [0, 1, None][i % 3], 3 + i) for i in range(7)]
    whole = tally(games)
    assert whole["records"][2] == [2, [0, 1], [], "deck_out", 5, 10]
    assert whole["records"][1] == [1, [1, 0], [1], "score", 4, 8]
    merged = merge([tally(games[4:]), tally(games[:4])])
    assert merged["records"] == [list(r) for r in whole["records"]]
    assert merged == merge([whole])


def test_a_tally_stored_before_records_merges_into_no_records():
    old = tally([_result(0, 0, 3)])
    del old["records"]
    assert merge([old, tally([_result(1, 1, 4)])])["records"] is None
    assert merge([])["records"] == [] == merge([empty()])["records"]


# -- the pages --------------------------------------------------------------------------------------------


@pytest.fixture
def decks(card_pool, inline_backend, toy_engine):
    owner = make_user("owner")
    return owner, [import_deck(owner, path) for path in (EMERALD, AKUMAIDEN, UNDERTOW)]


def _run(client, django_capture_on_commit_callbacks, owner, decks, *, mode="head_to_head", games=60, table=()):
    client.force_login(owner)
    data = {"mode": mode, "deck": decks[0].pk, "games": games, "seed": 11, "agent_a": "random", "agent_b": "random",
            "game": "boundless"}
    if mode == "head_to_head":
        data["opponent"] = decks[1].pk
    if mode == "gauntlet":
        data["opponents"] = [d.pk for d in decks[1:]]
    for number, deck in enumerate(table, 2):
        data[f"table_deck_{number}"] = deck.pk
        data[f"table_agent_{number}"] = "random"
    with django_capture_on_commit_callbacks(execute=True):
        response = client.post(reverse("simulate:new"), data)
    assert response.status_code == 302, response.content.decode()[:2000]
    run = SimulationRun.objects.latest("pk")
    assert run.status == SimulationRun.Status.DONE
    return run


def _rows(html: str) -> list[int]:
    return [int(n) for n in re.findall(r'<tr data-game="(\d+)"', html)]


@pytest.mark.django_db
def test_the_records_of_a_run_are_its_games_as_their_replays_end(client, decks, django_capture_on_commit_callbacks):
    owner, ds = decks
    run = _run(client, django_capture_on_commit_callbacks, owner, ds, games=12)
    records = selectors.game_records(run, 0)
    assert [r["index"] for r in records] == list(range(12))
    for r in records[:3]:
        outcome = selectors.simulation_replay(run, 0, r["index"])["outcome"]
        assert (sorted(outcome["winners"]), outcome["reason"]) == (sorted(r["winners"]), r["reason"])


@pytest.mark.django_db
def test_the_games_page_filters_orders_and_pages_server_side(client, decks, django_capture_on_commit_callbacks):
    owner, ds = decks
    run = _run(client, django_capture_on_commit_callbacks, owner, ds, games=60)
    records = selectors.game_records(run, 0)
    url = reverse("simulate:games", args=[run.pk])

    page = client.get(url).content.decode()
    assert _rows(page) == list(range(50))  # 50 a page, by number
    assert "Page 1 of 2" in page and "Replay #1" in page and "Replay #0" not in page
    assert _rows(client.get(url, {"page": 2}).content.decode()) == list(range(50, 60))

    shortest = [r["index"] for r in select_games(records, order="shortest")]
    assert _rows(client.get(url, {"order": "shortest"}).content.decode()) == shortest[:50]
    longest = client.get(url, {"order": "longest", "page": 2}).content.decode()
    assert _rows(longest) == [r["index"] for r in select_games(records, order="longest")][50:]
    assert "order=longest" in longest and "page=1" in longest  # the pager keeps the filter

    upsets = [r["index"] for r in select_games(records, upsets=True)]
    assert upsets  # random agents: the weaker deck wins some
    page = client.get(url, {"show": "upsets"}).content.decode()
    assert _rows(page) == upsets[:50]
    assert "the weaker of the two decks won" in page and page.count('class="upset-tag"') == len(upsets[:50])

    for reason in {r["reason"] for r in records}:
        assert _rows(client.get(url, {"reason": reason}).content.decode()) == [
            r["index"] for r in records if r["reason"] == reason][:50]
    assert "No game of this run matches" in client.get(url, {"reason": "nothing"}).content.decode()
    assert client.get(url, {"order": "sideways"}).status_code == 200  # an unknown order: by number
    assert client.get(url, {"pairing": "1"}).status_code == 404


@pytest.mark.django_db
def test_rows_say_the_winner_length_and_end_reason_in_the_game_s_words(client, decks, toy_engine,
                                                                        django_capture_on_commit_callbacks):
    owner, ds = decks
    run = _run(client, django_capture_on_commit_callbacks, owner, ds, games=4)  # rates in whole percents
    first = selectors.game_records(run, 0)[0]
    html = client.get(reverse("simulate:games", args=[run.pk])).content.decode()
    row = re.search(r'<tr data-game="0".*?</tr>', html, re.S).group(0)
    names = [ds[0].name, ds[1].name]
    if first["winning_sides"]:
        assert names[first["winning_sides"][0]] in row
    assert f"{first['turns']} turn" in row and f"{first['steps']} move" in row
    assert toy_engine.end_reason_label(first["reason"]).capitalize() in row
    run_page = client.get(run.get_absolute_url()).content.decode()
    assert _rows(run_page) == list(range(4)) and "Upsets" in run_page and "Shortest" in run_page
    # a win rate reads the same on both pages ("50%", never "50.0%" on one and "50%" on the other)
    rates = selectors.side_win_rates(selectors.game_records(run, 0), 2)
    assert f"{names[0]} {run_tables.percent(rates[0])}" in html and f"{names[1]} {run_tables.percent(rates[1])}" in html
    assert not re.search(r"\d\.0%", html), "a whole percentage written with a decimal"


@pytest.mark.django_db
def test_a_gauntlet_lists_each_opponent_s_games_and_a_table_names_every_winner(client, decks,
                                                                             django_capture_on_commit_callbacks):
    owner, ds = decks
    run = _run(client, django_capture_on_commit_callbacks, owner, ds, mode="gauntlet", games=8)
    url = reverse("simulate:games", args=[run.pk])
    second = client.get(url, {"pairing": 1, "order": "longest"}).content.decode()
    assert f"{ds[0].name} against {ds[2].name}" in second
    assert _rows(second) == [r["index"] for r in select_games(selectors.game_records(run, 1), order="longest")]

    table = _run(client, django_capture_on_commit_callbacks, owner, ds, mode="table", games=9, table=ds[1:])
    records = selectors.game_records(table, 0)
    assert {len(r["sides"]) for r in records} == {3}
    html = client.get(reverse("simulate:games", args=[table.pk]), {"show": "upsets"}).content.decode()
    assert _rows(html) == [r["index"] for r in select_games(records, upsets=True)]


@pytest.mark.django_db
def test_a_run_stored_before_records_lists_no_filters_but_keeps_its_replays(client, decks,
                                                                          django_capture_on_commit_callbacks):
    owner, ds = decks
    run = _run(client, django_capture_on_commit_callbacks, owner, ds, games=4)
    for chunk in run.chunks.all():
        chunk.tally.pop("records")
        chunk.save()
    assert selectors.game_records(run, 0) is None
    html = client.get(reverse("simulate:games", args=[run.pk])).content.decode()
    assert "cannot be listed or filtered" in html
    assert "Replay #1" in client.get(run.get_absolute_url()).content.decode()


@pytest.mark.django_db
def test_the_games_page_is_the_run_s_owner_s_or_a_share_key_holder_s(client, decks, django_capture_on_commit_callbacks):
    owner, ds = decks
    run = _run(client, django_capture_on_commit_callbacks, owner, ds, games=4)
    client.logout()
    assert client.get(reverse("simulate:games", args=[run.pk])).status_code == 404
    client.force_login(make_user("stranger"))
    assert client.get(reverse("simulate:games", args=[run.pk])).status_code == 404
