# Two entry points for newcomers:
#   make run   - create .venv, install the service, start it on http://127.0.0.1:8000 (SQLite)
#   make test  - create .venv, install the service with test tools, run ruff and the whole test suite
#   make check - the fast tier of make test (about a minute on 2 idle cores), for the edit-test loop
PYTHON ?= python3
VENV ?= .venv
BIN := $(VENV)/bin
HOST ?= 127.0.0.1
PORT ?= 8000

.PHONY: run test check lint bench clean

$(BIN)/python:
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip

$(VENV)/.installed-run: pyproject.toml | $(BIN)/python
	$(BIN)/python -m pip install --quiet -e .
	touch $@

$(VENV)/.installed-test: pyproject.toml | $(BIN)/python
	$(BIN)/python -m pip install --quiet -e '.[test]'
	touch $@ $(VENV)/.installed-run

run: $(VENV)/.installed-run
	$(BIN)/ramchi serve --host $(HOST) --port $(PORT)

test: $(VENV)/.installed-test
	$(BIN)/ruff check .
	$(BIN)/python -m pytest -n auto --doctest-modules rulesets solver api tests

# The fast tier for the edit-test loop (about a minute on 2 idle cores, 2 min of CPU): ruff, the
# doctests and every test but the exhaustive, random-game and real-server ones (marked slow or in
# tests/server) and those needing PostgreSQL, and the browser tests (tests/browser: headless
# Chromium, seconds per page). `make test` runs them all.
check: $(VENV)/.installed-test
	$(BIN)/ruff check .
	RAMCHI_QUICK=1 RAMCHI_API_EXAMPLES=3 $(BIN)/python -m pytest -n auto --doctest-modules -m "not slow and not postgres" \
		--ignore=tests/server --ignore=tests/browser rulesets solver api tests

lint: $(VENV)/.installed-test
	$(BIN)/ruff check .

bench: $(VENV)/.installed-test
	$(BIN)/python bench/run_all.py

clean:
	rm -rf $(VENV) .pytest_cache .ruff_cache var
