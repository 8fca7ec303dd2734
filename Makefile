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

.PHONY: run play test lint types imports pytest bench fast clean

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

test: $(STAMP) lint types imports pytest

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

pytest: $(STAMP) $(PLUGIN_STAMP)
	$(BIN)/pytest -q -n 2

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
	rm -rf $(VENV) $(FAST) build dist src/*.egg-info .mypy_cache .ruff_cache .pytest_cache
