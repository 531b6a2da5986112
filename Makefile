# Two commands do all the set-up on a fresh machine (see README.md):
#   make run    create .venv, install pinned dependencies, migrate, load the card pools, serve :8000
#   make test   the same plus test tools, Chromium and PostgreSQL when missing, then every test
PYTHON ?= python3
VENV   := .venv
BIN    := $(VENV)/bin
HOST   ?= 127.0.0.1:8000

.PHONY: run test bench setup lint clean

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
	$(BIN)/python manage.py load_cardpool

run: setup
	$(BIN)/python manage.py runserver $(HOST)

test: $(VENV)/.dev
	bash scripts/test.sh

bench: $(VENV)/.dev
	$(BIN)/python scripts/bench_search.py
	$(BIN)/python scripts/bench_engine.py
	$(BIN)/python scripts/bench_agents.py
	$(BIN)/python scripts/bench_simulate.py

lint: $(VENV)/.dev
	$(BIN)/ruff check .

clean:
	rm -rf $(VENV) staticfiles .pytest_cache
