#!/usr/bin/env bash
# Run every test: first on the embedded default (SQLite), then every database-facing test (marked
# `database` by tests/conftest.py: card pool, decks, simulations, odd input, the Celery workers'
# chunk leases) again on PostgreSQL, but those marked `sqlite_pass_only`. The rule (tests/conftest.py):
# the pass is there for what differs between the engines -- regex, locking, transactions, constraints,
# JSON, ordering -- and a whole game played move by move through the play services makes only the
# statements the short play tests in the pass make already; nothing else may be marked. Both passes
# run on every core (pytest-xdist, one file per worker at a time; PYTEST_WORKERS=0 runs in this
# process alone).
# Installs Debian's chromium, redis-server and postgresql when missing, starts a throwaway PostgreSQL cluster in a temporary directory, and stops it when the tests end.
set -euo pipefail
cd "$(dirname "$0")/.."
BIN=.venv/bin
xdist=(-n "${PYTEST_WORKERS:-auto}" --dist loadfile --no-loadscope-reorder)  # the long files first (tests/conftest.py)

echo "== type check (mypy.ini's files) =="
$BIN/mypy  # a type error fails the run before any test
bash scripts/lint.sh  # ruff and ESLint: a lint finding fails the run before any test too

apt_updated=0
need_pkg() {  # need_pkg COMMAND_OR_PATH PACKAGE
  if [ -e "$1" ] || command -v "$1" >/dev/null 2>&1; then return 0; fi
  if [ "$(id -u)" != 0 ]; then echo "missing $2 (install Debian's $2, or run as root)" >&2; return 1; fi
  if [ "$apt_updated" = 0 ]; then apt-get update -qq; apt_updated=1; fi
  echo "installing $2 ..." >&2
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "$2" >/dev/null
}

need_pkg /usr/bin/chromium chromium
need_pkg /usr/bin/redis-server redis-server
pg_bin=$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -1 || true)
if [ -z "$pg_bin" ]; then
  need_pkg /usr/lib/postgresql/15/bin/initdb postgresql
  pg_bin=$(ls -d /usr/lib/postgresql/*/bin | sort -V | tail -1)
fi

# A throwaway cluster on a free port, owned by an unprivileged user when we are root.
pg_dir=$(mktemp -d /tmp/cardworkshop-pg.XXXXXX)
pg_port=$($BIN/python -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')
as_pg() { if [ "$(id -u)" = 0 ]; then runuser -u postgres -- "$@"; else "$@"; fi; }
if [ "$(id -u)" = 0 ]; then chown postgres "$pg_dir"; fi
pycache=""
stop_pg() {
  as_pg "$pg_bin/pg_ctl" -D "$pg_dir/data" -m immediate stop >/dev/null 2>&1 || true
  rm -rf "$pg_dir"
  if [ -n "$pycache" ]; then rm -rf "$pycache"; fi
}
trap stop_pg EXIT
trap "exit 130" INT TERM  # still runs the EXIT trap: the cluster never outlives the tests
as_pg "$pg_bin/initdb" -D "$pg_dir/data" -U postgres -A trust >/dev/null
as_pg "$pg_bin/pg_ctl" -D "$pg_dir/data" -l "$pg_dir/log" -w \
  -o "-p $pg_port -k $pg_dir -c listen_addresses=127.0.0.1 -c fsync=off" start >/dev/null

# Bytecode, cached for this run only. Under PYTHONDONTWRITEBYTECODE (set in the containers we run in) every
# process compiled every module it imported, and pytest rewrote the asserts of every test module
# again in each xdist worker of each pass (collecting the suite: 26 s of CPU, 10 s with the cache).
# The cache is a temporary directory, never the working tree, and goes when the tests end.
if [ -n "${PYTHONDONTWRITEBYTECODE:-}" ]; then
  pycache=$(mktemp -d /tmp/cardworkshop-pycache.XXXXXX)
  export PYTHONPYCACHEPREFIX="$pycache"
  unset PYTHONDONTWRITEBYTECODE
fi

echo "== all tests on SQLite =="
status=0
$BIN/python -m pytest "${xdist[@]}" --durations=30 "$@" || status=$?  # the slowest tests, to keep the suite short

echo "== database-facing tests on PostgreSQL (port $pg_port) =="
DATABASE_URL="postgres://postgres@127.0.0.1:$pg_port/postgres" \
  $BIN/python -m pytest "${xdist[@]}" -m "database and not browser and not sqlite_pass_only" --durations=15 "$@" || status=$?
exit $status
