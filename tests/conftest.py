"""Shared fixtures: the real card pools, loaded into the test database once per session.

``django_db_setup`` (session scope) loads every game's pool right after the test database is
created. A test that uses the database runs in a transaction that rolls back (pytest-django's
``db``), so every such test sees the whole pool and leaves it as it was; ``card_pool`` only says
that a test needs it. A transactional test (``transaction=True``, ``live_server``) ends with
Django flushing every table: the pool is loaded again after it (``pytest_runtest_teardown``),
so whatever runs next finds it, in any order.
"""

import os

import pytest
from django.core.management import call_command
from hypothesis import settings as hypothesis_settings

# No property test has a clock (hypothesis's default 200 ms deadline failed a round-trip test on a
# loaded machine). CI replays the same examples every run (a submission passes or fails on its
# merits, not on the draw); local runs keep exploring new examples, which is how regressions get found.
hypothesis_settings.register_profile("local", deadline=None)
hypothesis_settings.register_profile("ci", deadline=None, derandomize=True, database=None)
hypothesis_settings.load_profile("ci" if os.environ.get("CI") else "local")

# The fixtures that open pytest-django's test database.
TEST_DB_FIXTURES = frozenset({"db", "transactional_db", "live_server", "django_db_setup"})

# The session's test database while it exists: the blocker that opens it, and how many cards
# the loaded pools hold (a flush leaves none).
_session_db = {"blocker": None, "cards": None}


def pytest_configure(config):
    # Users are created and logged in by hundreds of tests: a fast hasher (never outside tests)
    # instead of 1,000,000 rounds of PBKDF2 per password.
    from django.test.utils import override_settings

    # A test run is one process making thousands of requests from one address: the API's rate
    # limits are lifted here, and tests/accounts sets them low where it tests them.
    # Card pictures are drawn on request in tests, not ahead (tests/cardpool/test_art_ahead.py turns it on).
    override_settings(PASSWORD_HASHERS=["django.contrib.auth.hashers.MD5PasswordHasher"],
                      API_RATE_ANON="1000000/min", API_RATE_USER="1000000/min", CARD_ART_AHEAD=False).enable()
    # ... and in the processes the tests start (sim_driver's set-up, servers, workers): drawing every
    # card's picture there took over a minute per fresh process database.
    os.environ["CARD_ART_AHEAD"] = "0"


def _load_card_pools() -> int:
    from cardpool.models import Card

    with open(os.devnull, "w") as devnull:
        call_command("load_cardpool", "--no-decks", verbosity=0, stdout=devnull)  # sample decks: their own tests
    return Card.objects.count()


def _card_pools_missing() -> bool:
    from cardpool.models import Card

    return Card.objects.count() != _session_db["cards"]


@pytest.fixture(scope="session")
def django_db_setup(django_db_setup, django_db_blocker):
    """The test database, with every game's card pool from fixtures/ loaded as `make run` does."""
    with django_db_blocker.unblock():
        _session_db["cards"] = _load_card_pools()
    _session_db["blocker"] = django_db_blocker
    yield
    _session_db["blocker"] = None


@pytest.fixture
def card_pool(db):
    """Every game's card pool from fixtures/, as `make run` loads it (loaded once per session;
    this test's changes to it roll back). Loaded here again only if something emptied it."""
    if _card_pools_missing():
        _load_card_pools()


@pytest.fixture
def empty_card_pool(db):
    """The card database as a fresh install has it before `load_cardpool`: no games, rarities,
    sets or cards (deleted inside this test's transaction, so they are back for the next test)."""
    from cardpool.models import Card, CardSet, Game, Rarity

    for model in (Card, CardSet, Rarity, Game):  # cards first: they protect their sets and rarities
        model.objects.all().delete()


class ProcessDatabase:
    """A database other processes can open (``DATABASE_URL=url``), and a way to read it here."""

    def __init__(self, url: str):
        self.url = url

    def fetch(self, sql: str) -> list[tuple]:
        """All rows of one query, on a connection of its own (no parameters: the SQL is the same on
        SQLite and PostgreSQL, values written into it)."""
        if self.url.startswith("sqlite:"):
            import sqlite3

            db = sqlite3.connect(self.url.split(":///", 1)[1], timeout=30)
        else:
            import psycopg

            db = psycopg.connect(self.url, autocommit=True)
        try:
            return [tuple(row) for row in db.execute(sql).fetchall()]
        finally:
            db.close()


@pytest.fixture(scope="session")
def process_database(tmp_path_factory):
    """Make new, empty databases for other processes (Celery workers, the local pool's processes,
    tests/simulate/sim_driver.py), which cannot see pytest's test database (in memory on SQLite,
    inside a transaction that never commits elsewhere): ``process_database()`` gives a
    ``ProcessDatabase`` of the engine the tests run on -- an SQLite file, or under
    ``DATABASE_URL=postgres://...`` a database of its own on that server, dropped when the
    session ends. Whoever asks migrates it, or gives ``like=`` a database to copy
    (tests/simulate/conftest.py's ``filled_process_database``). Using this fixture makes a test
    ``database``: it runs in the PostgreSQL pass of `make test` too."""
    from urllib.parse import urlsplit

    url = os.environ.get("DATABASE_URL", "")
    postgres = urlsplit(url).scheme in ("postgres", "postgresql", "pgsql")
    made = []

    def make(like: ProcessDatabase | None = None) -> ProcessDatabase:
        """A new database: empty, or with ``like``'s contents (no process may be using ``like``)."""
        if not postgres:
            path = tmp_path_factory.mktemp("process-db") / "db.sqlite3"
            if like is not None:  # SQLite's backup: a consistent copy, whatever the WAL file still holds
                import sqlite3
                from contextlib import closing

                with closing(sqlite3.connect(urlsplit(like.url).path[1:])) as source, \
                        closing(sqlite3.connect(path)) as copy:
                    source.backup(copy)
            return ProcessDatabase(f"sqlite:///{path}")
        import psycopg

        name = f"cardworkshop_process_{os.getpid()}_{len(made)}"
        template = f' TEMPLATE "{urlsplit(like.url).path[1:]}"' if like is not None else ""
        with psycopg.connect(url, autocommit=True) as server:
            server.execute(f'DROP DATABASE IF EXISTS "{name}"')
            server.execute(f'CREATE DATABASE "{name}"{template}')
        made.append(name)
        return ProcessDatabase(urlsplit(url)._replace(path=f"/{name}").geturl())

    yield make
    if made:
        import psycopg

        with psycopg.connect(url, autocommit=True) as server:
            for name in made:  # FORCE: a killed worker's connection may linger
                server.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')


#: the game that plays without a rules engine in the tests of "no engine yet" (every game has one
#: now; ``without_engine`` takes it away)
ENGINELESS = "millennium_blades"


@pytest.fixture(autouse=True, scope="session")
def _api_loaded_before_any_registry_patch():
    """``simulate.api`` reads the registry's deckless modes once, when first imported (as a server
    does when it loads the URLconf). Imported first inside a test that removes an engine
    (``without_engine``), it would keep no deckless mode for the rest of that process: under xdist
    the deckless API tests then failed, depending on which tests a worker ran first."""
    import simulate.api  # noqa: F401


@pytest.fixture
def without_engine(monkeypatch):
    """``ENGINELESS`` has no rules engine, as a game added to the pool before its engine would be:
    its engine module declares none, so every ``get_engine`` says None. (Patching ``get_engine``
    itself leaked: a module first imported during the test kept the patched function, and
    /play/ then found no engine for the game in later tests of that process.)"""
    import importlib

    monkeypatch.setattr(importlib.import_module(f"rules.{ENGINELESS}.engine"), "ENGINE", None)
    return ENGINELESS


@pytest.fixture(autouse=True)
def _no_random_rate_prune(monkeypatch):
    """The rate count's occasional prune of old windows (accounts.throttles.prune_now, one request in
    200) is a statement more at random: off, so a test that counts a request's statements is exact.
    tests/accounts/test_shared_limits.py switches it on to test it."""
    monkeypatch.setattr("accounts.throttles.prune_now", lambda: False)


@pytest.fixture(autouse=True)
def _fresh_cache():
    """Each test starts with an empty cache (kept pages and counts): a test run is one process, and
    tests change the database under the cache's feet. The shared cache (rates, sign-ups) is a
    database table: its rows roll back with the test, or go in ``pytest_runtest_teardown``. The
    card-name indexes of "did you mean" (``cardpool.name_index``) are built again too: a test's
    rolled-back cards leave no signal behind."""
    from django.core.cache import cache

    from cardpool.name_index import forget_name_indexes

    cache.clear()
    forget_name_indexes()


@pytest.fixture(autouse=True, scope="session")
def _no_card_source_outside_database_tests():
    """Engines read the card database (``rules.core.card_pool``, registered by the cardpool app)
    only in tests that have one (below); everything else, module- and session-scoped fixtures
    included, reads the games' fixtures, as plain Python does."""
    from rules.core.card_pool import set_source

    registered = set_source(None)
    _session_db["card_source"] = registered
    yield
    set_source(registered)


@pytest.fixture(autouse=True)
def _card_source_only_with_database(request):
    """The database's cards for a test that has the database, for the length of the test."""
    if not uses_test_database(request.node):
        yield
        return
    from rules.core.card_pool import set_source

    previous = set_source(_session_db["card_source"])
    try:
        yield
    finally:
        set_source(previous)


@pytest.fixture(autouse=True)
def _media_in_tmp(settings, tmp_path):
    """Drawn images and uploads never land in the working tree during tests."""
    settings.MEDIA_ROOT = tmp_path / "media"


@pytest.hookimpl(wrapper=True)
def pytest_runtest_teardown(item, nextitem):
    """After a database test has been torn down (a transactional one flushes every table), the
    pools are loaded again if they are gone. Not after the last test: the database is gone then."""
    result = yield
    blocker = _session_db["blocker"]
    if blocker is not None and uses_test_database(item):
        with blocker.unblock():
            if _card_pools_missing():
                _session_db["cards"] = _load_card_pools()
            # the counts every server process shares (API rates, sign-ups) live in the database's
            # cache table, which a flush leaves alone: what a live server counted goes here
            from accounts.throttles import shared_cache

            shared_cache().clear()
    return result


def uses_test_database(item) -> bool:
    """pytest-django's test database: a database fixture or the ``django_db`` marker."""
    fixtures = set(getattr(item, "fixturenames", ()))
    return bool(fixtures & TEST_DB_FIXTURES) or item.get_closest_marker("django_db") is not None


def pytest_collection_modifyitems(items):
    """Mark every test that touches a database ``database`` (pytest-django's, or one made with
    ``process_database`` for other processes): `make test` runs those again on PostgreSQL
    (``-m "database and not browser and not sqlite_pass_only"``), so a new database test joins by itself.

    That pass is there for what differs between the engines: regular expressions, locking,
    transactions, constraints, JSON, ordering. A test may be marked ``sqlite_pass_only`` only when
    it plays a whole game move by move through the play services (``play_start*``, ``play_move``,
    ``game_page``, ``rebuild``) to check what the engine or its auto-moves do -- a click count, a
    game's end, how often a seat is asked -- so that every statement it makes is one the short play
    tests in the pass make already (tests/play/test_play.py, test_move_transaction.py, the short
    tests beside it): a longer game repeats them, and adds nothing that differs between engines.
    A test that reads pages, searches, orders, or stores anything else stays in the pass."""
    for item in items:
        if uses_test_database(item) or "process_database" in getattr(item, "fixturenames", ()):
            item.add_marker(pytest.mark.database)
    # The longest files first (browser tests, and the modules marked ``long``), the short ones
    # after, so no worker ends the run alone on a minute-long file: scripts/test.sh keeps this
    # order (xdist's --no-loadscope-reorder; by default xdist sends files with fewer tests last,
    # which put single one-minute tests at the very end). The sort is stable: files stay whole.
    items.sort(key=lambda item: item.get_closest_marker("long") is None and item.get_closest_marker("browser") is None)
