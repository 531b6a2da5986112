"""The runner's chunk arithmetic (issue 5, "Checks"; issue 8, part 8), on the toy rules as the
`boundless` engine (tests/simulate/conftest.py): results are the sum of the finished chunks,
the same seed gives the same results whatever the chunk size, a chunk is stored once however
often it is run, cancel stops a run between chunks, any game replays from its seed exactly as
its chunk played it, and a table of up to ``max_players`` decks rotates every deck through every
seat and reports placements -- the CLI's games and figures with the same seed."""

import dataclasses
import importlib
import json
import os
import socket
import subprocess
import time
from datetime import timedelta
from pathlib import Path

import pytest
from django.utils import timezone

from rules.core.play import run_games, seating, summarize_results
from rules.core.replay import replay_game
from rules.core.tally import merge, summarize, tally
from simulate import modes, replays, runner, selectors, services
from simulate.models import RunChunk, SimulationRun
from tests.simulate.conftest import EMERALD


@pytest.fixture
def start(sim_decks, django_capture_on_commit_callbacks):
    """start(mode, deck positions, games, dispatch=True, **more) -> the run, reloaded."""
    owner, decks, _ = sim_decks

    def go(mode="head_to_head", positions=(0, 1), games=12, seed=5, dispatch=True, **more):
        with django_capture_on_commit_callbacks(execute=dispatch):
            run = services.simulation_start(owner=owner, game="boundless", mode=mode,
                                            deck_ids=[decks[p].pk for p in positions], games=games, seed=seed,
                                            **more)
        run.refresh_from_db()
        return run

    return go


def test_results_are_the_sum_of_the_chunks_and_equal_the_cli(start, sim_decks, settings):
    settings.SIMULATION_CHUNK_SIZE = 4
    run = start(games=12, agents=["greedy", "random"])
    assert run.status == "done" and run.finished is not None
    chunks = list(run.chunks.order_by("index"))
    assert run.chunk_size == 1  # small runs are cut finer, for a moving progress bar (at most 20 chunks)
    assert [(c.first_game, c.games) for c in chunks] == [(i, 1) for i in range(12)]
    assert all(c.status == "done" for c in chunks)
    results = selectors.run_results(run)
    engine = runner.run_engine(run)
    assert results["readable"] and all(c.tally["version"] == 2 and c.tally["sides"] == 2 for c in chunks)
    assert results["summary"] == summarize(merge([c.tally for c in chunks]), "head_to_head",
                                           ["Emerald Vanguard", "Akumaiden Onslaught"], engine)
    # the CLI's games with the same seed are the web's games
    pairing = runner.run_pairings(run)[0]
    cli = run_games(engine, pairing.decks, pairing.agents, games=12, seed=5)
    assert results["summary"] == summarize_results(cli, "head_to_head", pairing.names, engine)
    progress = selectors.run_progress(run)
    assert (progress["games_done"], progress["games_requested"], progress["percent"]) == (12, 12, 100.0)
    assert [point["games"] for point in results["series"]] == list(range(1, 13))
    sides = results["summary"]["sides"]
    assert results["series"][-1]["rate"] == sides[0]["win_rate"]["rate"]
    assert [s["rate"] for s in results["series"][-1]["sides"]] == [s["win_rate"]["rate"] for s in sides]
    assert sides[0]["wins"] + sides[1]["wins"] + results["summary"]["draws"] == 12
    assert results["summary"]["counter_labels"]["mulligans"] == "Mulligans"  # the game's declared counters


def test_same_seed_same_results_whatever_the_chunk_size(start, settings):
    def summary(size):
        settings.SIMULATION_CHUNK_SIZE = size
        run = start(games=10, seed=21, agents=["random"])
        assert run.chunks.count() == -(-10 // run.chunk_size) and run.chunk_size <= size
        out = selectors.run_results(run)["summary"]
        services.simulation_delete(actor=run.owner, run=run)
        return json.dumps(out, sort_keys=True)

    assert summary(1) == summary(10)
    settings.SIMULATION_CHUNK_SIZE = 100
    run = start(games=10, seed=21, agents=["random"], dispatch=False)
    run.chunks.all().delete()  # one chunk of all ten games
    RunChunk.objects.create(run=run, index=0, first_game=0, games=10)
    runner.dispatch(run)
    assert json.dumps(selectors.run_results(run)["summary"], sort_keys=True) == summary(2)


def test_a_process_builds_a_runs_pairings_once_for_all_the_chunks_it_plays(start, monkeypatch):
    """``runner.chunk_pairing``: the chunks of one run played in a row share its pairings (built
    from the saved decks once); another run gets its own."""
    built = []
    real = runner.run_pairings

    def counting(run, engine=None):
        built.append(run.pk)
        return real(run, engine)

    monkeypatch.setattr(runner, "_LAST_PAIRINGS", [None, None, None])
    monkeypatch.setattr(runner, "run_pairings", counting)
    first, second = start(games=6, dispatch=False), start(games=4, seed=6, dispatch=False)
    for run in (first, second):
        for index in run.chunks.order_by("index").values_list("index", flat=True):
            assert runner.run_chunk(run.pk, index) == "stored"
        run.refresh_from_db()
        assert run.status == "done"
    assert first.chunks.count() > 1 and built == [first.pk, second.pk]


def test_rerunning_a_done_chunk_changes_nothing(start):
    run = start(games=6)
    before = list(run.chunks.order_by("index").values_list("tally", "finished"))
    assert runner.run_chunk(run.pk, 0) == "already_done"
    run.refresh_from_db()
    assert list(run.chunks.order_by("index").values_list("tally", "finished")) == before
    assert selectors.run_progress(run)["games_done"] == 6 and run.status == "done"


def test_a_duplicate_delivery_is_counted_once(start, monkeypatch):
    """Two deliveries of one chunk play at once; the second to finish finds it stored."""
    run = start(games=4, dispatch=False)
    real = runner.play_games
    calls = []

    def racing(*args, **kwargs):
        if not calls:
            calls.append(1)
            assert runner.run_chunk(run.pk, 0) == "stored"  # the other delivery wins the race
        return real(*args, **kwargs)

    monkeypatch.setattr(runner, "play_games", racing)
    assert runner.run_chunk(run.pk, 0) == "duplicate"
    chunk = run.chunks.get(index=0)
    assert chunk.status == "done" and chunk.tally["games"] == chunk.games


def test_status_moves_queued_running_done(start):
    run = start(games=4, dispatch=False)
    assert run.status == "queued" and run.chunks.count() > 1
    assert runner.run_chunk(run.pk, 0) == "stored"
    run.refresh_from_db()
    assert run.status == "running" and run.started is not None
    for index in runner.pending_chunks(run):
        runner.run_chunk(run.pk, index)
    run.refresh_from_db()
    assert run.status == "done"


def test_cancel_stops_between_chunks(start):
    run = start(games=8, dispatch=False)
    runner.run_chunk(run.pk, 0)
    services.simulation_cancel(actor=run.owner, run=run)
    run.refresh_from_db()
    assert run.status == "cancelled" and run.cancel_requested
    assert [runner.run_chunk(run.pk, i) for i in runner.pending_chunks(run)] == ["skipped"] * (run.chunks.count() - 1)
    assert selectors.run_progress(run)["games_done"] == run.chunks.get(index=0).games
    assert selectors.run_results(run)["summary"]["games"] == run.chunks.get(index=0).games
    assert runner.resume() == {}  # a cancelled run is not resumed


def test_resume_finishes_what_a_restart_left(start):
    run = start(games=6, dispatch=False)
    runner.run_chunk(run.pk, 1)
    assert runner.resume() == {run.pk: run.chunks.count() - 1}
    run.refresh_from_db()
    assert run.status == "done" and selectors.run_progress(run)["games_done"] == 6


def test_stale_chunks_are_those_whose_lease_ran_out(start, settings):
    from datetime import timedelta

    from django.utils import timezone

    run = start(games=6, dispatch=False)
    run.backend = "celery"
    run.save()
    assert runner.stale_chunks(run) == []  # just queued: nobody has had time to take them
    RunChunk.objects.filter(run=run, index=0).update(leased_until=timezone.now() - timedelta(seconds=1))
    RunChunk.objects.filter(run=run, index=1).update(leased_until=timezone.now() + timedelta(seconds=60))
    assert runner.stale_chunks(run) == [0]
    assert runner.stale_chunks(run, stale_after=0) == list(range(run.chunks.count()))


def test_an_engine_failure_fails_the_run_with_its_error(start, monkeypatch):
    run = start(games=4, dispatch=False)

    def broken(*args, **kwargs):
        raise RuntimeError("engine bug")

    monkeypatch.setattr(runner, "play_games", broken)
    assert runner.run_chunk(run.pk, 0) == "failed"
    run.refresh_from_db()
    assert run.status == "failed" and "engine bug" in run.error
    assert runner.run_chunk(run.pk, 1) == "skipped"


def test_goldfish_against_the_games_passive_opponent(start):
    run = start(mode="goldfish", positions=(0,), games=6, agents=["greedy"])
    assert run.agents == [{"name": "greedy"}, {"name": "passive"}]
    summary = selectors.run_results(run)["summary"]
    assert summary["mode"] == "goldfish" and summary["games"] == 6
    deck = summary["sides"][0]
    assert [s["name"] for s in summary["sides"]] == ["Emerald Vanguard", "Goldfish opponent"]
    assert deck["turns_to_win"]["count"] == deck["wins"] > 0
    assert deck["turns_to_win_mean"]["mean"] == deck["turns_to_win"]["mean"]
    pairing = runner.run_pairings(run)[0]
    engine = runner.run_engine(run)
    cli = run_games(engine, pairing.decks, pairing.agents, games=6, seed=5)
    assert summary == summarize_results(cli, "goldfish", ["Emerald Vanguard", "Goldfish opponent"], engine)


def test_gauntlet_gives_a_matrix_and_its_first_pairing_is_the_head_to_head(start):
    gauntlet = start(mode="gauntlet", positions=(0, 1, 2), games=4, seed=8, agents=["random"])
    assert gauntlet.status == "done" and gauntlet.chunks.count() == 2 * gauntlet.chunks.filter(pairing=0).count()
    results = selectors.run_results(gauntlet)
    assert [p["decks"] for p in results["pairings"]] == [["Emerald Vanguard", "Akumaiden Onslaught"],
                                                         ["Emerald Vanguard", "Undertow Tempo"]]
    matrix = results["matrix"]
    assert matrix["deck"] == "Emerald Vanguard" and matrix["opponents"] == ["Akumaiden Onslaught", "Undertow Tempo"]
    cells = matrix["rows"][0]
    assert [c["games"] for c in cells] == [4, 4]
    assert all(c["win_rate"]["low"] <= (c["win_rate"]["rate"] or 0) <= c["win_rate"]["high"] for c in cells)
    match = start(positions=(0, 1), games=4, seed=8, agents=["random"])
    assert selectors.run_results(match)["summary"] == results["pairings"][0]["summary"]


def test_replay_is_the_game_its_chunk_played(start):
    run = start(games=5, seed=13, agents=["greedy", "random"])
    pairing = runner.run_pairings(run)[0]
    played = runner.play_games(runner.run_engine(run), pairing, run.seed, 3, 1)[0]
    replay = selectors.simulation_replay(run, 0, 3)
    assert replay["seed"] == played.seed and replay["turns"] == played.turns
    assert replay["outcome"]["winners"] == list(played.winners)
    assert [d["name"] for d in replay["decks"]] == ["Akumaiden Onslaught", "Emerald Vanguard"]  # odd game: B first
    assert replay["format_version"] == 2 and replay["outcome"]["placements"] == list(played.placements)
    assert replay_game(replay).is_over
    assert selectors.seat_names(run, 0, 3) == [{"seat": 0, "side": 1, "deck": "Akumaiden Onslaught", "agent": "random"},
                                               {"seat": 1, "side": 0, "deck": "Emerald Vanguard", "agent": "greedy"}]


def test_replay_frames_step_through_the_game_as_a_seat_sees_it(start):
    run = start(games=2, seed=13)
    replay = selectors.simulation_replay(run, 0, 0)
    everything = selectors.replay_frames(run, 0, 0, None, replay=replay)
    seat0 = selectors.replay_frames(run, 0, 0, 0, replay=replay)
    assert len(everything) == len(seat0) == len(replay["moves"]) + 1
    assert [[[m["player"], m["action"]] for m in f["moves"]] for f in seat0[1:]] == replay["moves"]
    assert seat0[-1]["over"] and not seat0[0]["over"] and seat0[0]["moves"] == []
    # every move in words, its seat named by its deck (player experience issue, part 2)
    names = [s["deck"] for s in selectors.seat_names(run, 0, 0)]
    assert all(m["sentence"].startswith(f"{names[m['player']]} ") for f in seat0[1:] for m in f["moves"])
    assert not any("Seat " in m["sentence"] for f in seat0[1:] for m in f["moves"])
    assert max(len(f["moves"]) for f in seat0) == 2  # the secret bid: both seats move at once
    assert everything[1]["view"] != seat0[1]["view"]  # the opponent's hand is hidden from seat 0
    assert set(seat0[1]["view"]["hands"]) == {"0"}
    with pytest.raises(selectors.ReplayNotFound, match="game must be from 0 to 1"):
        selectors.simulation_replay(run, 0, 2)
    with pytest.raises(selectors.ReplayNotFound, match="pairing must be from 0 to 0"):
        selectors.simulation_replay(run, 1, 0)
    with pytest.raises(selectors.ReplayNotFound, match=r"seat must be from 0 to 1, or empty \(everything\), not 2"):
        selectors.replay_frames(run, 0, 0, 2)


def test_a_run_of_an_older_engine_version_says_so_instead_of_replaying_other_games(start):
    """Engine versions bump where games change (issue 29): a run played by 1.0 must not be shown
    as the games today's engine would play from its seeds."""
    run = start(games=2, seed=13)
    SimulationRun.objects.filter(pk=run.pk).update(engine_version="0.9")
    run.refresh_from_db()
    version = runner.run_engine(run).version
    with pytest.raises(selectors.ReplayNotFound, match=rf"played by version 0\.9 .* this server's is version {version}"):
        selectors.simulation_replay(run, 0, 0)
    with pytest.raises(selectors.ReplayNotFound, match=r"played by version 0\.9"):
        replays.replay(run, 0, 0, "someone")  # refused before any replay is computed or queued
    assert not run.replays.exists()


def test_run_keeps_its_frozen_decks_when_the_deck_changes(start, sim_decks):
    from decks.services import deck_update

    owner, decks, _ = sim_decks
    run = start(games=2, dispatch=False)
    version = decks[0].current_version
    deck_update(actor=owner, deck=decks[0], name="Renamed")
    frozen = run.run_decks.get(position=0)
    assert (frozen.name, frozen.deck_version) == ("Emerald Vanguard", version)
    assert runner.run_pairings(run)[0].names[0] == "Emerald Vanguard"


def test_chunk_plan_arithmetic():
    assert runner.plan_chunks(5, 2, 2) == [(0, 0, 2), (0, 2, 2), (0, 4, 1), (1, 0, 2), (1, 2, 2), (1, 4, 1)]
    assert runner.chunk_size_for(20_000, 100) == 100 and runner.chunk_size_for(100, 100) == 5
    assert runner.chunk_size_for(3, 100) == 1
    assert modes.pairing_seed(9, 0) == 9 and modes.pairing_seed(9, 1) != 9
    assert [seating(i, 2) for i in range(3)] == [(0, 1), (1, 0), (0, 1)]  # rules.core.play's seating


def test_local_backend_dispatches_to_the_pool(start, settings, monkeypatch):
    """The local backend hands every pending chunk to this process's pool (the pool itself runs
    in test_celery.py, which needs a database file other processes can open)."""
    submitted = []

    class FakePool:
        def submit_run(self, run_id, indices):
            submitted.append((run_id, list(indices)))

    monkeypatch.setattr(runner, "local_pool", FakePool)
    settings.SIMULATION_BACKEND = "local"
    run = start(games=4)
    assert run.backend == "local" and run.status == "queued"
    assert submitted == [(run.pk, list(range(run.chunks.count())))]
    assert SimulationRun.objects.get(pk=run.pk).status == "queued"


# -- tables of up to max_players decks (issue 8, part 8) ----------------------------------------------
@pytest.fixture
def four_decks(sim_decks):
    """The owner's three decks and a fourth (Emerald Vanguard under another name)."""
    from decks.services import deck_import_text

    owner, decks, _ = sim_decks
    fourth = deck_import_text(owner=owner, game="boundless", text=Path(EMERALD).read_text(encoding="utf-8"),
                              name="Emerald Mirror")
    return owner, [*decks, fourth]


def test_a_table_of_four_rotates_every_deck_through_every_seat_and_reports_placements(four_decks, settings,
                                                                                      django_capture_on_commit_callbacks):
    owner, decks = four_decks
    settings.SIMULATION_CHUNK_SIZE = 3
    with django_capture_on_commit_callbacks(execute=True):
        run = services.simulation_start(owner=owner, game="boundless", mode="table", deck_ids=[d.pk for d in decks],
                                        games=8, seed=4, agents=["greedy", "random", "greedy", "random"])
    run.refresh_from_db()
    assert run.status == "done" and run.mode == "table" and len(run.agents) == 4
    names = ["Emerald Vanguard", "Akumaiden Onslaught", "Undertow Tempo", "Emerald Mirror"]
    assert selectors.pairing_names(run) == [names]
    assert all(c.tally["sides"] == 4 for c in run.chunks.all())
    results = selectors.run_results(run)
    summary = results["summary"]
    assert summary["mode"] == "table" and summary["seats"] == 4 and summary["games"] == 8
    for side in summary["sides"]:
        assert sum(n for _, n in side["placements"]) == 8 and 1 <= side["mean_placement"] <= 4
        assert side["mean_return"]["count"] == 8 and side["win_rate"]["trials"] == 8
        assert side["wins"] + side["draws"] + side["losses"] == 8
    assert len(results["series"][-1]["sides"]) == 4
    # the CLI's games: same seed, same seats, same figures
    engine = runner.run_engine(run)
    pairing = runner.run_pairings(run)[0]
    cli = run_games(engine, pairing.decks, pairing.agents, games=8, seed=4)
    assert summary == summarize_results(cli, "table", names, engine)
    # game 1: every deck one seat on (rules.core.play.seating), and its replay has four seats
    assert [s["side"] for s in selectors.seat_names(run, 0, 1)] == [1, 2, 3, 0]
    replay = selectors.simulation_replay(run, 0, 1)
    assert [d["name"] for d in replay["decks"]] == names[1:] + names[:1]
    assert len(replay["outcome"]["placements"]) == 4 and replay_game(replay).is_over
    frames = selectors.replay_frames(run, 0, 1, 3, replay=replay)
    assert any(len(f["moves"]) == 4 for f in frames)  # four secret bids at once
    with pytest.raises(selectors.ReplayNotFound, match="seat must be from 0 to 3"):
        selectors.replay_frames(run, 0, 1, 4)
    standings = selectors.game_standings(selectors.seat_names(run, 0, 1), replay["outcome"])
    assert [r["place"] for r in standings] == sorted(replay["outcome"]["placements"])


def test_deck_counts_and_modes_come_from_the_engines_seats(four_decks, toy_engine, monkeypatch):
    from rules.core import registry

    owner, decks = four_decks
    ids = [d.pk for d in decks]

    def refused(mode, deck_ids, **more):
        with pytest.raises(services.SimulationError) as caught:
            services.simulation_start(owner=owner, game="boundless", mode=mode, deck_ids=deck_ids, games=2, **more)
        return caught.value

    error = refused("table", ids + [ids[0]])
    assert error.code == "wrong_deck_count" and "table takes 2 to 4 decks" in error.message and "not 5" in error.message
    assert refused("table", ids[:1]).code == "wrong_deck_count"
    error = refused("table", ids, agents=["greedy", "random"])
    assert error.code == "bad_agents" and "takes 1 agent or 4 (one per deck), not 2" in error.message
    two_players = dataclasses.replace(toy_engine, max_players=2)
    monkeypatch.setattr(registry, "get_engine", lambda slug: two_players)
    error = refused("table", ids[:3])
    assert error.code == "mode_not_offered" and "played by exactly 2 players, so it has no table" in error.message
    assert error.details["modes"] == ["goldfish", "head_to_head", "gauntlet", "league"]
    three_up = dataclasses.replace(toy_engine, min_players=3)
    monkeypatch.setattr(registry, "get_engine", lambda slug: three_up)
    error = refused("head_to_head", ids[:2])
    assert error.code == "mode_not_offered" and "use table instead" in error.message
    assert not SimulationRun.objects.exists()
    assert modes.available_modes(three_up) == ["goldfish", "table", "teams", "league"] and modes.goldfish_seats(three_up) == 3
    assert modes.pairing_names("goldfish", ["Solo"], three_up) == [["Solo", "Goldfish opponent 1", "Goldfish opponent 2"]]
    solitaire = dataclasses.replace(toy_engine, min_players=1)
    assert modes.goldfish_seats(solitaire) == 1 and modes.pairing_names("goldfish", ["Solo"], solitaire) == [["Solo"]]


# -- tallies stored before version 2 -------------------------------------------------------------------
V1_TALLY = {"games": 3, "draws": 1, "seat_wins": [1, 1], "side_wins": [2, 0], "turns": {"4": 2, "9": 1},
            "steps": {"20": 3}, "end_reasons": {"a": 2, "turn_limit": 1}, "turns_to_win": [{"4": 2}, {}],
            "cards": [{"Ace": {"drawn": 3, "played": 1, "games_drawn": 2, "games_played": 1,
                               "wins_when_drawn": 2, "wins_when_played": 1}}, {}],
            "mulligans": [{"counts": {"0": 2, "1": 1}, "wins_with": 1, "wins_without": 1},
                          {"counts": {"0": 3}, "wins_with": 0, "wins_without": 0}]}


def test_the_migration_turns_version_1_tallies_into_version_2():
    migration = importlib.import_module("simulate.migrations.0003_table_mode_tally_v2")
    upgraded = migration._upgrade(V1_TALLY)
    assert merge([upgraded]) == merge([upgraded, tally([])])  # a valid version 2 tally
    deck, other = summarize(merge([upgraded]), "head_to_head", ["A", "B"])["sides"]
    assert (deck["wins"], deck["draws"], deck["losses"]) == (2, 1, 0)
    assert deck["placements"] == [[1, 3]] and other["placements"] == [[1, 1], [2, 2]]
    assert deck["mean_return"]["mean"] == round(2 / 3, 4) and other["mean_return"]["mean"] == round(-2 / 3, 4)
    assert deck["counters"]["mulligans"]["games_with"] == 1 and deck["counters"]["mulligans"]["win_rate_with"] == 1.0
    assert deck["cards"]["Ace"]["drawn"] == {"count": 3, "games": 2, "wins": 2, "per_game": 1.0, "win_rate": 1.0}
    assert migration._upgrade(upgraded) is None  # version 2 is left alone


def test_a_run_whose_tallies_cannot_be_read_says_so(start):
    run = start(games=4)
    run.chunks.filter(index=0).update(tally=V1_TALLY)  # say, stored by a worker still on the old code
    results = selectors.run_results(run)
    assert not results["readable"] and "before results had placements" in results["message"]
    assert results["summary"] is None and results["pairings"] == []
    run.chunks.filter(index=0).update(tally=tally([], 3))  # a tally of three sides in a two-deck run
    assert not selectors.run_results(run)["readable"]


def test_the_local_pool_takes_chunks_round_robin_across_people_and_runs():
    """Robustness issue, part 4: first-come-first-served let one person's queue hold up everyone.
    Person 1 queues two long runs; person 2's run, queued after them, gets its first chunk second,
    not after person 1's twelve; each person's runs take turns too. No clock: the order is the proof."""
    fair = runner.FairQueue()
    fair.put(owner=1, run=10, indices=list(range(6)))
    fair.put(owner=1, run=11, indices=list(range(6)))
    fair.put(owner=2, run=20, indices=[0, 1, 2])
    taken = [fair.get() for _ in range(15)]
    assert taken[:6] == [(10, 0), (20, 0), (11, 0), (20, 1), (10, 1), (20, 2)]
    assert sorted(taken) == sorted([(10, i) for i in range(6)] + [(11, i) for i in range(6)] + [(20, i) for i in range(3)])
    assert [t for t in taken if t[0] != 20] == [(10, 0), (11, 0), (10, 1), (11, 1), (10, 2), (11, 2), (10, 3), (11, 3),
                                                (10, 4), (11, 4), (10, 5), (11, 5)]
    fair.put(owner=3, run=30, indices=[7])
    assert fair.get() == (30, 7)
    fair.close()
    assert fair.get() is None


def test_the_local_pool_shares_work_not_chunks_between_people():
    """Issue 25.8: each chunk is priced (its games times the game's measured cost) and the next
    chunk is the least served person's. Person 1's greedy whole game run has chunks costing 330
    random deck games each; person 2's random runs, chunks of 100: person 2 is handed 3 or 4 chunks
    for each of person 1's. A person who comes back starts level, without credit saved up while
    away. No clock: the order is the proof."""
    fair = runner.FairQueue()
    fair.put(owner=1, run=10, indices=list(range(4)), cost=330.0)
    fair.put(owner=2, run=20, indices=list(range(12)), cost=dict.fromkeys(range(12), 100.0))
    taken = [fair.get() for _ in range(16)]
    assert taken[:10] == [(10, 0), (20, 0), (20, 1), (20, 2), (20, 3), (10, 1), (20, 4), (20, 5), (20, 6), (10, 2)]
    assert sorted(taken) == sorted([(10, i) for i in range(4)] + [(20, i) for i in range(12)])
    assert fair.served == {1: 4 * 330.0, 2: 12 * 100.0}
    fair.put(owner=3, run=30, indices=[0, 1])  # a newcomer: level with nobody waiting, so from 0
    fair.put(owner=2, run=21, indices=[0, 1])  # back: its 1200 served stands (above the newcomer's 0)
    assert [fair.get() for _ in range(4)] == [(30, 0), (30, 1), (21, 0), (21, 1)]
    fair.put(owner=1, run=11, indices=[0])
    fair.put(owner=4, run=40, indices=[0])  # a newcomer while person 1 waits: level with person 1
    assert fair.served[4] == fair.served[1] == 4 * 330.0
    assert [fair.get() for _ in range(2)] == [(11, 0), (40, 0)]


def test_chunks_are_priced_by_the_games_measured_cost(settings):
    """Issue 25.8: a greedy Millennium Blades whole game costs about 330 random deck games
    (``GAME_COST``), so its run is played one game a chunk (it was 25 greedy games a chunk, priced
    as any greedy game: a chunk held a worker for minutes); its random games 2 a chunk; a game
    without a measured cost is priced by its agents as before."""
    settings.SIMULATION_CHUNK_SIZE = 100
    cost = runner.game_cost("millennium_blades", "full-game", [{"name": "greedy"}] * 4)
    assert cost == 330.0 and runner.chunk_size_for(1000, cost=cost) == 1
    cost = runner.game_cost("millennium_blades", "full-game", [{"name": "random"}] * 4)
    assert runner.chunk_size_for(1000, cost=cost) == 2
    ismcts = runner.game_cost("millennium_blades", "full-game", [{"name": "ismcts", "iterations": 100}])
    assert ismcts == 40.0 * runner.agent_cost([{"name": "ismcts", "iterations": 100}])
    assert runner.game_cost("bos", "head_to_head", [{"name": "greedy"}]) == runner.AGENT_COST["greedy"]


def test_cancelling_stops_a_chunk_being_played_between_games_and_moves(sim_decks, monkeypatch):
    """issue 14 part 3: a cancelled run's chunk in progress gives up at once (between games, and
    between the moves of a long game), storing nothing, so the next run does not wait behind it."""
    from rules.core import play as core_play

    owner, decks, _ = sim_decks
    monkeypatch.setattr(runner, "chunk_size_for", lambda games, **_: 10)
    run = services.simulation_start(owner=owner, game="boundless", mode="head_to_head",
                                    deck_ids=[d.pk for d in decks[:2]], games=40, seed=3)
    assert run.chunks.get(index=0).games == 10
    monkeypatch.setattr(runner, "CANCEL_POLL_SECONDS", 0.0)
    played = []
    real = core_play.play_game

    def play_then_cancel(*args, **kwargs):
        played.append(kwargs["index"])
        if len(played) == 3:
            services.simulation_cancel(actor=owner, run=run)
        return real(*args, **kwargs)

    monkeypatch.setattr(core_play, "play_game", play_then_cancel)
    assert runner.run_chunk(run.pk, 0) == "stopped"
    assert len(played) == 3  # the third game gave up between its moves; no fourth began
    chunk = run.chunks.get(index=0)
    assert chunk.status == "pending" and chunk.tally in (None, {})
    run.refresh_from_db()
    assert run.status == "cancelled"


def test_a_chunk_that_outlasts_its_lease_renews_it_while_it_plays(sim_decks, monkeypatch, settings):
    """A chunk of slow games may play longer than one lease: while it plays it renews its lease
    (every quarter lease), so no other worker is handed it while its own still lives."""
    from rules.core import play as core_play

    owner, decks, _ = sim_decks
    settings.SIMULATION_CHUNK_LEASE = 40
    monkeypatch.setattr(runner, "chunk_size_for", lambda games, **_: 3)
    run = services.simulation_start(owner=owner, game="boundless", mode="head_to_head",
                                    deck_ids=[d.pk for d in decks[:2]], games=6, seed=3)
    clock = [1000.0]
    monkeypatch.setattr(runner.time, "monotonic", lambda: clock[0])
    seen = []
    real = core_play.play_game

    def slow_game(*args, **kwargs):
        clock[0] += 15  # each game "takes" 15 s: three of them outlast the 40 s lease
        seen.append(RunChunk.objects.get(run=run, index=0).leased_until)
        return real(*args, **kwargs)

    monkeypatch.setattr(core_play, "play_game", slow_game)
    assert runner.run_chunk(run.pk, 0, worker="here:1") == "stored"
    first, second, third = seen
    assert second > first and third > second  # renewed after 15 s and after 30 s (every 10 s of a 40 s lease)
    # a chunk this worker does not hold is never renewed by it
    check = runner.cancel_check(run.pk, run.chunks.get(index=1).pk, "here:1")
    clock[0] += 15
    assert check() is False and run.chunks.get(index=1).leased_until is None


def test_a_queued_run_says_its_place_and_why_it_waits(sim_decks):
    """issue 14 part 3: a queued run shows its place in the queue and why it waits."""
    owner, decks, _ = sim_decks
    ids = [d.pk for d in decks[:2]]
    first = services.simulation_start(owner=owner, game="boundless", mode="head_to_head", deck_ids=ids, games=30, seed=1)
    second = services.simulation_start(owner=owner, game="boundless", mode="head_to_head", deck_ids=ids, games=20, seed=2)
    assert selectors.run_progress(first)["queue"] == {"place": 1, "runs_ahead": 0, "games_ahead": 0,
                                                      "reason": "waiting for a worker to pick it up"}
    queue = selectors.run_progress(second)["queue"]
    assert queue["place"] == 2 and queue["games_ahead"] == 30
    assert queue["reason"] == "1 run started before this one (30 games still to play) have the workers first"
    runner.run_chunk(second.pk, 0)
    second.refresh_from_db()
    assert selectors.run_progress(second)["queue"] is None  # playing (or done): no longer queued


def test_chunks_shrink_with_the_agents_cost_so_progress_moves_every_few_seconds(settings):
    """issue 14 part 3: a slow agent's run is cut into small chunks (ISMCTS at 100 iterations: 4
    games), a random one's into the largest."""
    settings.SIMULATION_CHUNK_SIZE = 100
    assert runner.chunk_size_for(10_000, agents=[{"name": "random"}, {"name": "random"}]) == 100
    assert runner.chunk_size_for(10_000, agents=[{"name": "greedy"}]) == 25
    assert runner.chunk_size_for(10_000, agents=[{"name": "greedy"}, {"name": "ismcts", "iterations": 100}]) == 4
    assert runner.chunk_size_for(10_000, agents=[{"name": "ismcts", "iterations": 1000}]) == 1
    assert runner.chunk_size_for(40, agents=[{"name": "random"}]) == 2  # still ~20 chunks for a small run
    # a game whose ISMCTS plays greedy out two turns at every iteration (EngineSpec.search_defaults)
    playouts = {"rollout": "greedy", "rollout_turns": 2}
    assert runner.agent_cost([{"name": "ismcts", "iterations": 30}], playouts) == 0.25 * 25 * 30
    assert runner.chunk_size_for(10_000, agents=[{"name": "ismcts", "iterations": 4}], search_defaults=playouts) == 4
    # a flat search plays every legal action out at each iteration (Spellbound's defaults)
    flat = {**playouts, "flat": True}
    assert runner.agent_cost([{"name": "ismcts", "iterations": 4}], flat) == 0.25 * 25 * 8 * 4


def test_a_chunk_another_live_worker_holds_is_left_to_it(start):
    """Two server processes resuming one run play each chunk once: a live holder's lease is respected."""
    run = start(games=4, dispatch=False)
    live = f"{socket.gethostname()}:{os.getppid()}"  # a process that runs: pytest's parent
    RunChunk.objects.filter(run=run, index=0).update(leased_until=timezone.now() + timedelta(seconds=60), worker=live)
    assert runner.run_chunk(run.pk, 0) == "leased"
    assert run.chunks.get(index=0).status == "pending"


def test_a_lease_held_by_a_killed_process_is_taken_over_at_once(start):
    """A server killed mid-chunk leaves a lease; its successor on the same host need not wait it out."""
    run = start(games=4, dispatch=False)
    child = subprocess.Popen(["true"])
    child.wait()  # a pid that no longer runs
    dead = f"{socket.gethostname()}:{child.pid}"
    RunChunk.objects.filter(run=run, index=0).update(leased_until=timezone.now() + timedelta(seconds=60), worker=dead)
    assert runner.holder_is_gone(dead) and not runner.holder_is_gone(f"elsewhere:{child.pid}")
    assert runner.run_chunk(run.pk, 0) == "stored"


def test_a_killed_holder_not_yet_reaped_is_gone_too(start):
    """A pool process killed with its server lingers as a zombie until someone reaps it: gone."""
    run = start(games=4, dispatch=False)
    child = subprocess.Popen(["true"])
    while Path(f"/proc/{child.pid}/stat").read_text().rpartition(")")[2].split()[0] != "Z":
        time.sleep(0.01)  # exited, not reaped (no wait() yet)
    zombie = f"{socket.gethostname()}:{child.pid}"
    RunChunk.objects.filter(run=run, index=0).update(leased_until=timezone.now() + timedelta(seconds=60), worker=zombie)
    assert runner.holder_is_gone(zombie)
    assert runner.run_chunk(run.pk, 0) == "stored"
    child.wait()
