# gamenight: `make run` serves the games to a browser, `make play` plays in the terminal,
# `make test` checks everything.
PYTHON ?= $(shell command -v python3.11 || command -v python3)
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed
# The test run's own plug-in game, installed apart from the virtualenv so that `make run` never
# lists it; tests/conftest.py puts this folder on the path.
PLUGINS := $(VENV)/test-plugins
PLUGIN_STAMP := $(PLUGINS)/.installed

.PHONY: run play test test-slow lint types imports js pytest bench fast clean

#: Where `make run` listens (HOST=0.0.0.0 lets phones on the same network join).
HOST ?= 127.0.0.1
PORT ?= 8000

$(BIN)/python:
	$(PYTHON) -m venv $(VENV)

$(STAMP): $(BIN)/python pyproject.toml
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -e '.[dev]'
	touch $(STAMP)

run: $(STAMP)
	@echo "gamenight: open http://$(HOST):$(PORT)/ in a browser (Ctrl-C stops the server;"
	@echo "every match resumes at the next start). In the terminal instead: make play"
	$(BIN)/gamenight serve --host $(HOST) --port $(PORT) --log-level warning

play: $(STAMP)
	$(BIN)/gamenight play toss-up --seats human,smart,smart

test: $(STAMP) lint types imports js pytest

$(PLUGIN_STAMP): $(STAMP) $(wildcard tests/plugin_game/pyproject.toml tests/plugin_game/src/*/*)
	rm -rf $(PLUGINS)
	$(BIN)/python -m pip install --quiet --no-deps --target $(PLUGINS) ./tests/plugin_game
	touch $(PLUGIN_STAMP)

lint: $(STAMP)
	$(BIN)/ruff check src tests bench examples setup.py build_backend
	$(BIN)/ruff format --check src tests bench examples setup.py build_backend

types: $(STAMP)
	$(BIN)/mypy

imports: $(STAMP)
	$(BIN)/lint-imports

# The browser client (plain ES modules, no build step): ESLint, TypeScript's checkJs over the
# JSDoc types (src/gamenight/web/types.js: the table contract and each game's view) and the unit
# tests of its pure parts (tests/js, Node's own test runner). The tools are devDependencies
# pinned by package-lock.json, installed into node_modules again only when the lock changes.
# Nothing here touches the virtualenv. A run that collects no JS test fails (docs/web.md).
NPM_STAMP := node_modules/.installed
JS_REPORT := node_modules/.js-tests.tap

$(NPM_STAMP): package.json package-lock.json
	npm ci --no-audit --no-fund --loglevel=error
	touch $(NPM_STAMP)

js: $(NPM_STAMP)
	node_modules/.bin/eslint
	node_modules/.bin/tsc --noEmit -p jsconfig.json
	node --test --test-reporter=tap tests/js > $(JS_REPORT) || { cat $(JS_REPORT); exit 1; }
	@grep -E '^# (tests|pass|fail) ' $(JS_REPORT)
	@grep -Eq '^# tests [1-9]' $(JS_REPORT) || { echo "node --test collected no tests in tests/js"; exit 1; }

# `make test` leaves out the tests marked slow (PostgreSQL restarted under a live match, the
# compiled build and its checks) and statistics (a fast kernel against the engine over every rule set): minutes each, so they run
# in `make test-slow`, which CI (.ci/run) runs after `make test`.
pytest: $(STAMP) $(PLUGIN_STAMP)
	$(BIN)/pytest -q -n 2 -m "not slow and not statistics"

test-slow: $(STAMP) $(PLUGIN_STAMP)
	$(BIN)/pytest -q -n 2 --dist loadgroup -m "slow or statistics"

bench: $(STAMP)
	$(BIN)/python -m pip install --quiet -e '.[dev,bench]'
	$(BIN)/python bench/bench_toss_up.py

# The compiled build, for studies at scale (GAMENIGHT_COMPILE=1: mypyc compiles the modules that
# simulation spends its time in; see setup.py and docs/benchmarks.md). It needs a C compiler and
# Python's headers, lives in a virtualenv of its own, and is rebuilt when a source changes.
FAST := .venv-fast
SOURCES := $(shell find src -name '*.py')

fast: $(FAST)/.installed
	@echo "gamenight, compiled: $(FAST)/bin/gamenight simulate ... (same seed, same results)"

$(FAST)/.installed: pyproject.toml setup.py build_backend/gamenight_build.py $(SOURCES)
	test -x $(FAST)/bin/python || $(PYTHON) -m venv $(FAST)
	$(FAST)/bin/python -m pip install --quiet --upgrade pip
	GAMENIGHT_COMPILE=1 $(FAST)/bin/python -m pip install --quiet '.[fast,study,bench,rl]'
	touch $@

clean:
	rm -rf $(VENV) $(FAST) node_modules build dist src/*.egg-info .mypy_cache .ruff_cache .pytest_cache
