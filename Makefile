# Two commands do all the set-up on a fresh machine (see README.md):
#   make run    create .venv, install pinned dependencies, migrate, load the card pools, serve :8000
#   make test   the same plus test tools, Chromium and PostgreSQL when missing, then every test
#   make serve  the production server: gunicorn, DEBUG off, static files collected (needs
#               DJANGO_SECRET_KEY; DJANGO_BEHIND_TLS_PROXY=1 behind HTTPS; WORKERS=n)
PYTHON ?= python3
VENV   := .venv
BIN    := $(VENV)/bin
HOST   ?= 127.0.0.1:8000
# gunicorn workers for `make serve`: two per core plus one, as gunicorn's documentation suggests
WORKERS ?= $(shell $(PYTHON) -c 'import os; print(2 * (os.cpu_count() or 1) + 1)')

.PHONY: run serve test bench setup lint clean

$(BIN)/python:
	$(PYTHON) -m venv $(VENV)
	$(BIN)/pip install --quiet --upgrade pip

# Reinstall only when a requirements file changes.
$(VENV)/.runtime: requirements.txt | $(BIN)/python
	$(BIN)/pip install --quiet -r requirements.txt
	touch $@

$(VENV)/.dev: requirements.txt requirements-dev.txt | $(BIN)/python
	$(BIN)/pip install --quiet -r requirements-dev.txt
	touch $(VENV)/.runtime $@

setup: $(VENV)/.runtime
	$(BIN)/python manage.py migrate --noinput
	$(BIN)/python manage.py createcachetable  # the counts every server process shares (migrate makes it too)
	$(BIN)/python manage.py load_cardpool

run: setup
	$(BIN)/python manage.py runserver $(HOST)

serve: export DJANGO_DEBUG = 0
serve: setup
	$(BIN)/python manage.py collectstatic --noinput --verbosity 0
	$(BIN)/python manage.py check --deploy --fail-level ERROR
	$(BIN)/gunicorn config.wsgi --bind $(HOST) --workers $(WORKERS) --timeout 120 --graceful-timeout 30 \
		--forwarded-allow-ips '*' --access-logfile /dev/null --error-logfile - --no-control-socket

test: $(VENV)/.dev
	bash scripts/test.sh

bench: $(VENV)/.dev
	$(BIN)/python scripts/bench_search.py
	$(BIN)/python scripts/bench_engine.py
	$(BIN)/python scripts/bench_games.py
	$(BIN)/python scripts/bench_full_game.py
	$(BIN)/python scripts/bench_agents.py
	$(BIN)/python scripts/bench_simulate.py
	$(BIN)/python scripts/bench_league.py
	$(BIN)/python scripts/bench_doctor.py
	$(BIN)/python scripts/bench_replays.py
	$(BIN)/python scripts/bench_load.py

lint: $(VENV)/.dev
	bash scripts/lint.sh

clean:
	rm -rf $(VENV) staticfiles .pytest_cache
