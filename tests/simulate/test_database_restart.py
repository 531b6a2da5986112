"""A PostgreSQL restart strands no run (issue 25, item 6): a chunk whose database work fails with
a connection error is tried again (``runner.run_chunk_retrying`` in the pool's worker, then the
local pool hands it out again, as the Celery backend re-enqueues a chunk whose lease ran out),
never marked "failed" as an engine bug would be, and a run whose database stays away fails
saying why instead of staying "running" with its owner's run slots taken. Kept connections are
health-checked before use (CONN_HEALTH_CHECKS). On the toy rules (tests/simulate/conftest.py)."""

from __future__ import annotations

from concurrent.futures import Future

import pytest
from django.db import OperationalError

from simulate import runner, services
from simulate.models import RunChunk, SimulationRun


class Outage:
    """``times`` calls of a database step raise OperationalError (the server restarting), then it works."""

    def __init__(self, real, times: int = 1):
        self.real, self.left, self.raised = real, times, 0

    def __call__(self, *args, **kwargs):
        if self.left:
            self.left -= 1
            self.raised += 1
            raise OperationalError("server closed the connection unexpectedly")
        return self.real(*args, **kwargs)


@pytest.fixture
def queued(sim_decks, django_capture_on_commit_callbacks, settings, monkeypatch):
    """A head-to-head run of 8 games in chunks of one game, not handed to any backend yet."""
    settings.SIMULATION_CHUNK_SIZE = 2
    monkeypatch.setattr(runner, "DATABASE_RETRY_DELAYS", (0,))  # no waiting between attempts
    owner, decks, _ = sim_decks
    with django_capture_on_commit_callbacks(execute=False):
        return services.simulation_start(owner=owner, game="boundless", mode="head_to_head",
                                         deck_ids=[decks[0].pk, decks[1].pk], games=8, seed=4, agents=["random"])


def play_every_chunk(run) -> list[str]:
    return [runner.run_chunk_retrying(run.pk, index, worker="here:1") for index in runner.pending_chunks(run)]


def finished(run) -> SimulationRun:
    run.refresh_from_db()
    return run


def test_a_chunk_whose_lease_could_not_be_taken_is_tried_again(queued, monkeypatch):
    outage = Outage(runner.claim_chunk)
    monkeypatch.setattr(runner, "claim_chunk", outage)
    assert play_every_chunk(queued) == ["stored"] * 8
    assert outage.raised == 1 and finished(queued).status == "done" and not finished(queued).error


def test_a_chunk_whose_tally_could_not_be_stored_is_tried_again(queued, monkeypatch):
    outage = Outage(runner.store_chunk)
    monkeypatch.setattr(runner, "store_chunk", outage)
    assert play_every_chunk(queued) == ["stored"] * 8
    assert outage.raised == 1 and finished(queued).status == "done"
    assert RunChunk.objects.filter(run=queued, status="done").count() == 8


def test_a_database_error_while_playing_is_not_an_engine_failure(queued, monkeypatch):
    """The cancel check asks the database while a chunk plays: losing it there failed the whole run."""
    real = runner.cancel_check

    def flaky_check(*args, **kwargs):
        should_stop = real(*args, **kwargs)
        return Outage(should_stop) if not flaky_check.done else should_stop

    flaky_check.done = False
    monkeypatch.setattr(runner, "cancel_check", flaky_check)
    first = runner.pending_chunks(queued)[0]
    assert runner.run_chunk_retrying(queued.pk, first, worker="here:1", attempts=1) == "database_error"
    assert finished(queued).status == "running" and not finished(queued).error  # not "failed"
    flaky_check.done = True
    assert play_every_chunk(queued) == ["stored"] * 8
    assert finished(queued).status == "done"


# -- the local pool hands a chunk out again ---------------------------------------------------------
class InlineExecutor:
    """The pool's processes, played in this thread on the test's database connection."""

    def submit(self, fn, *args):
        future = Future()
        try:
            future.set_result(fn(*args))
        except BaseException as exc:  # as a process pool reports it
            future.set_exception(exc)
        return future

    def shutdown(self, **kwargs):
        pass


@pytest.fixture
def pool(monkeypatch):
    """A local pool without its dispatcher thread: the test hands chunks out; "later" is now."""
    monkeypatch.setattr(runner.LocalPool, "_executor", lambda self: InlineExecutor())
    monkeypatch.setattr(runner.LocalPool, "_later", lambda self, seconds, function, *args: function(*args))
    monkeypatch.setattr("django.db.close_old_connections", lambda: None)  # the test's transaction stays open
    pool = runner.LocalPool(1, dispatcher=False)
    yield pool
    pool.queue.close()


def drain(pool) -> None:
    while pool.queue.owners:
        pool.dispatch(pool.queue.get())


def test_the_local_pool_plays_a_chunk_again_after_the_database_came_back(queued, pool, monkeypatch):
    """More failures than one worker's attempts: the pool hands the chunk out again, and the run
    finishes with exactly its games."""
    outage = Outage(runner.claim_chunk, times=runner.DATABASE_ATTEMPTS + 2)
    monkeypatch.setattr(runner, "claim_chunk", outage)
    pool.submit_run(queued.pk, runner.pending_chunks(queued))
    drain(pool)
    run = finished(queued)
    assert outage.raised == runner.DATABASE_ATTEMPTS + 2
    assert run.status == "done" and not run.error
    assert sum(c.tally["games"] for c in run.chunks.all()) == 8
    assert pool.idle() and not pool.database_rounds


def test_a_run_whose_database_stays_away_fails_saying_why(queued, pool, monkeypatch):
    """Instead of "running" for ever with no error and its owner's run slots taken."""
    monkeypatch.setattr(runner, "claim_chunk", Outage(runner.claim_chunk, times=10**6))
    monkeypatch.setattr(runner.LocalPool, "DATABASE_ROUNDS", 2)
    pool.submit_run(queued.pk, runner.pending_chunks(queued)[:1])
    drain(pool)
    run = finished(queued)
    assert run.status == "failed" and "the database could not be reached" in run.error
    assert "server closed the connection" in run.error or "retries" in run.error
    assert run.chunks.filter(status="pending").exists()  # nothing stored that was not played


def test_kept_connections_are_checked_before_use(settings):
    assert settings.DATABASES["default"]["CONN_HEALTH_CHECKS"] is True
    assert settings.DATABASES["default"]["CONN_MAX_AGE"] > 0  # kept, hence checked
