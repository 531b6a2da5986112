"""The API fuzzed from its own OpenAPI schema (Schemathesis), once as a stranger and once as a
logged-in user with a personal API token.

Schemathesis reads the schema drf-spectacular serves at /api/schema/ and, for every operation,
sends a bounded number of generated requests -- valid ones and deliberately invalid ones -- to the
Django app in this process (its WSGI handler: no server, the test database). Every answer must:

- never be a 5xx (``not_a_server_error``);
- have a status code, content type and body the schema declares for that operation
  (``status_code_conformance``, ``content_type_conformance``, ``response_schema_conformance``);
- when it is a 4xx, carry the documented error body: a JSON object with the strings ``error``
  (a stable code) and ``message`` (``error_body`` below).

The examples are derived from a fixed seed, so every run sends the same requests (a failure is
reproduced by running this file again); the Hypothesis example database is off.

Each operation runs in its own test (pytest-django's transaction, rolled back after it), on a
user who owns a public deck and a simulation run that the path parameters are pointed at half of
the time, so the operations meet real rows and not only 404s. Destructive operations (DELETE of a
deck or run, cancel, share-key revoke) are fuzzed too, on those throwaway rows: they are rolled
back with the test, and nothing outside it is touched. Simulation runs are never played (their
chunks are dispatched after commit, and the test's transaction never commits). Revoking an API
token is not an API operation (the account page's form does it): it is not in the schema.

Runs the pools' card data (``card_pool``): `make test` runs it on SQLite and on PostgreSQL.
"""

from __future__ import annotations

import json

import pytest
import schemathesis
from django.core.signals import request_finished, request_started
from django.core.wsgi import get_wsgi_application
from django.db import close_old_connections
from hypothesis import HealthCheck, settings
from hypothesis import strategies as st
from schemathesis.checks import not_a_server_error
from schemathesis.config import SchemathesisConfig
from schemathesis.specs.openapi.checks import (
    content_type_conformance,
    response_schema_conformance,
    status_code_conformance,
)

pytestmark = pytest.mark.long  # a minute or more of tests: started first (tests/conftest.py)

#: generated requests per operation in the fuzzing phase (valid and invalid data mixed); the
#: schema's examples and the coverage phase (each field's boundary and wrong-type values, other
#: methods, other media types) add a fixed set on top. About 30 s of one core for the file.
MAX_EXAMPLES = 25
SEED = 20260415

APP = get_wsgi_application()
CONFIG = SchemathesisConfig.from_dict({
    "seed": SEED,
    "generation": {"deterministic": True, "max-examples": MAX_EXAMPLES, "database": "none"},
})
schema = schemathesis.openapi.from_wsgi("/api/schema/?format=json", APP, config=CONFIG)
FUZZ_SETTINGS = settings(max_examples=MAX_EXAMPLES, deadline=None, derandomize=True, database=None,
                         suppress_health_check=list(HealthCheck), print_blob=False)

#: the rows the path parameters are pointed at (filled by the ``fuzz_world`` fixture per test)
_ROWS: dict[str, int] = {}


@schema.hook
def flatmap_path_parameters(context, path_parameters):
    """Half of the time, an ``id`` that names a real deck or run (the one this operation's path
    is about), so the views past their 404 are fuzzed too."""
    if not path_parameters or not isinstance(path_parameters.get("id"), int):
        return st.just(path_parameters)
    kind = "run" if context.operation.path.startswith("/api/simulations/") else "deck"
    real = {**path_parameters, "id": _ROWS.get(kind, path_parameters["id"])}
    return st.sampled_from([path_parameters, real])


@schemathesis.check
def error_body(ctx, response, case):
    """A 4xx answers the documented error body: {"error": code, "message": text, ...}."""
    if not 400 <= response.status_code < 500:
        return None
    try:
        body = json.loads(response.content)
    except ValueError:
        raise AssertionError(f"a {response.status_code} without a JSON body: {response.content[:200]!r}") from None
    if not (isinstance(body, dict) and isinstance(body.get("error"), str) and isinstance(body.get("message"), str)):
        raise AssertionError(f'a {response.status_code} without the error body {{"error", "message"}}: '
                             f"{json.dumps(body)[:300]}")
    return True


CHECKS = [not_a_server_error, status_code_conformance, content_type_conformance, response_schema_conformance,
          error_body]


@pytest.fixture
def fuzz_world(card_pool):
    """A user with an API token, a public deck and a simulation run (not played), and the WSGI
    handler on the test's own database connection (as Django's test client does, the handler
    must not close the connection at each request: it holds the test's transaction)."""
    from django.contrib.auth import get_user_model

    from accounts.models import ApiToken
    from decks.models import Deck
    from decks.services import deck_import_text
    from simulate.services import simulation_start

    user = get_user_model().objects.create_user("fuzzer", password="fuzz-password")
    _, key = ApiToken.issue(user, "fuzzing")
    with open("fixtures/decks/boundless-emerald-vanguard.txt", encoding="utf-8") as deck_file:
        deck = deck_import_text(owner=user, game="boundless", text=deck_file.read(), visibility=Deck.PUBLIC)
    run = simulation_start(owner=user, game="boundless", mode="goldfish", deck_ids=[deck.pk], games=10, seed=1)
    _ROWS.update(deck=deck.pk, run=run.pk)
    request_started.disconnect(close_old_connections)
    request_finished.disconnect(close_old_connections)
    try:
        yield {"Authorization": f"Bearer {key}"}
    finally:
        request_started.connect(close_old_connections)
        request_finished.connect(close_old_connections)
        _ROWS.clear()


# One test per operation and caller. (The parametrize also keeps the test ids apart: under pytest
# 9.2 Schemathesis's items are all called plain ``test_api`` without one, and pytest-xdist, which
# hands tests to its workers by id, would then run only one operation of the schema.)
@schema.parametrize()
@FUZZ_SETTINGS
@pytest.mark.parametrize("who", ["stranger", "token"])
def test_api(case, who, fuzz_world):
    """Every operation, without credentials (Schemathesis still sends made-up ones now and then:
    401) and as the fuzz user with their API token."""
    case.call_and_validate(headers=fuzz_world if who == "token" else None, checks=CHECKS)

def test_the_schema_is_valid_with_no_warnings_and_unique_operation_ids(tmp_path):
    """drf-spectacular builds the schema without a warning (an operationId collision is one) and
    it validates against the OpenAPI specification; and the served schema's ids are unique."""
    from collections import Counter

    from django.core.management import call_command
    from drf_spectacular.drainage import GENERATOR_STATS

    GENERATOR_STATS.reset()
    call_command("spectacular", "--validate", "--fail-on-warn", "--file", str(tmp_path / "schema.yml"))
    ids = Counter(operation["operationId"] for item in schema.raw_schema["paths"].values()
                  for operation in item.values() if isinstance(operation, dict) and "operationId" in operation)
    assert ids and [name for name, count in ids.items() if count > 1] == []
