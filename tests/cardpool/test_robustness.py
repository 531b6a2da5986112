"""Issue "Robustness": what a stranger can send the card database cannot freeze or slow the server.

Python's ``re`` backtracks exponentially on these patterns while holding the interpreter lock
(``/^([\\w\\s]+)+!/`` took 12.7 s on names alone). The search runs RE2 instead (linear time);
what RE2 cannot run in linear time is refused with a clear 400.
"""

import pytest
from django.db import connection

from cardpool.regex import RegexError, compile_pattern
from cardpool.search import SearchError, search, statement_time_budget
from cardpool.services import CardRow, card_import

#: Each of these takes Python's ``re`` longer than the age of the universe on the text below.
CATASTROPHIC = [
    r"^([\w\s]+)+!",
    r"(a+)+$",
    r"(a|aa)+b",
    r"(.*a){25}x",
    r"^(\w+\s?)*!$",
    r"(x+x+)+y",
]
BACKTRACKING_ONLY = [r"(a)\1", r"(?=a)a", r"(?<!b)a", r"a++"]

LONG_TEXT = "a" * 5000 + " " + "word " * 500


@pytest.fixture
def long_cards(empty_card_pool):
    rows = [CardRow(f"row {i}", dict(set="RX1", number=str(i), name="a" * 60 + f" {i}", card_type="command",
                                     rarity="C", text=LONG_TEXT, attributes={"command_kind": "normal"}))
            for i in range(3)]
    card_import(game_slug="boundless", rows=rows,
                sets=[{"code": "RX1", "name": "Regex", "release_order": 1, "kind": "core"}])


@pytest.mark.parametrize("pattern", CATASTROPHIC)
def test_catastrophic_patterns_answer_on_the_api(client, long_cards, pattern):
    for query in (f"/{pattern}/", f"o:/{pattern}/"):
        response = client.get("/api/cards/", {"q": query, "game": "boundless"})
        assert response.status_code == 200, response.content
        assert response.json()["count"] == 0


@pytest.mark.parametrize("pattern", CATASTROPHIC)
def test_catastrophic_patterns_answer_on_the_search_page(client, long_cards, pattern):
    response = client.get("/search/", {"q": f"o:/{pattern}/"})
    assert response.status_code == 200


@pytest.mark.parametrize("pattern", BACKTRACKING_ONLY)
def test_patterns_that_need_backtracking_are_a_clear_400(client, db, pattern):
    response = client.get("/api/cards/", {"q": f"o:/{pattern}/"})
    assert response.status_code == 400
    body = response.json()
    assert body["error"] == "bad_query" and body["message"].startswith("invalid regular expression:")
    assert body["position"] == 3  # the first character of the pattern


def test_regex_matches_still_work(long_cards):
    assert search("/^a{60} 1$/").cards.count() == 1
    assert search(r"o:/(word\s){3}/").cards.count() == 3
    assert search("/A{60}/").cards.count() == 3  # case-insensitive, as before


def test_sqlite_regexp_is_re2_not_python_re(db):
    """Python's ``re`` supports lookbehind and would match; RE2 refuses it, so no row matches."""
    if connection.vendor != "sqlite":
        pytest.skip("SQLite's REGEXP is a Python function; PostgreSQL has its own engine")
    with connection.cursor() as cursor:
        cursor.execute("SELECT 'ab' REGEXP '(?<=a)b', 'ab' REGEXP 'a.', NULL REGEXP 'a'")
        assert cursor.fetchone() == (0, 1, None)


def test_compile_pattern_names_the_problem():
    with pytest.raises(RegexError, match="invalid escape sequence"):
        compile_pattern(r"(a)\1")
    assert compile_pattern("(?i)golem").search("Stone GOLEM")


def test_postgresql_statement_timeout_is_a_search_error(db):
    """PostgreSQL keeps its own regex engine; its statement timeout ends a slow search with a 400."""
    if connection.vendor != "postgresql":
        pytest.skip("the statement timeout is PostgreSQL's")
    with pytest.raises(SearchError, match="took too long") as caught, statement_time_budget():
        with connection.cursor() as cursor:
            cursor.execute("SET LOCAL statement_timeout = 50")
            cursor.execute("SELECT pg_sleep(5)")
    assert caught.value.code == "too_slow"  # the API's error code for it


def test_game_counts_never_join_cards_with_sets(db, card_pool, django_assert_max_num_queries):
    """Issue "Robustness", part 9: one join of cards x sets grew as their product (1.4 s a
    request at 90,000 cards). Cards and sets are counted in separate grouped queries."""
    from django.db import connection as conn
    from django.test.utils import CaptureQueriesContext

    from cardpool.selectors import game_list_with_counts

    with CaptureQueriesContext(conn) as queries:
        games = game_list_with_counts()
    assert len(queries) == 3
    for query in queries:
        sql = query["sql"].lower()
        assert not ("cardpool_card" in sql and "cardpool_cardset" in sql and "join" in sql), sql
    assert all(game.card_count > 0 and game.set_count > 0 for game in games)
