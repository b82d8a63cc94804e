# make test   lint, type-check, every test and the docs build (creates .venv on first use)
# make check  the quick round for daily work: lint, type-check, the tests not marked slow
# make play   play a game against three bots in the terminal:  make play ARGS="--seed 3 --variant classic"
# make bench  random playouts per second, hearts_core against OpenSpiel
# make docs   serve the documentation site at http://127.0.0.1:8000 (mkdocs serve)
#
# Each target installs into .venv only what it needs, and reinstalls only
# when pyproject.toml changes (the .venv/.installed-* stamp files).

SHELL := bash
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
ARGS ?=

.PHONY: test check play bench docs clean

$(BIN)/python:
	$(PYTHON) -m venv $(VENV)

$(VENV)/.installed-dev: pyproject.toml | $(BIN)/python
	$(BIN)/python -m pip install --quiet --editable '.[dev,docs]'
	touch $@

$(VENV)/.installed-run: pyproject.toml | $(BIN)/python
	$(BIN)/python -m pip install --quiet --editable .
	touch $@

$(VENV)/.installed-bench: pyproject.toml | $(BIN)/python
	$(BIN)/python -m pip install --quiet --editable '.[openspiel]'
	touch $@

# Every check runs even when an earlier one fails, so one run shows all the
# problems; each reports its time, and the target fails if any check failed.
# `ruff format --check` is not run yet: hearts_core/ is not ruff-formatted.
test: $(VENV)/.installed-dev
	@failed=""; \
	check() { \
		local name=$$1; shift; \
		echo "== $$name: $$*"; \
		local start=$$EPOCHREALTIME; \
		if "$$@"; then local result=ok; else local result=FAILED; failed="$$failed $$name"; fi; \
		echo "== $$name: $$result in $$(awk "BEGIN { printf \"%.1f\", $$EPOCHREALTIME - $$start }") s"; \
	}; \
	check ruff $(BIN)/ruff check .; \
	check mypy $(BIN)/mypy; \
	check pytest env HYPOTHESIS_PROFILE=ci $(BIN)/pytest; \
	check docs env NO_MKDOCS_2_WARNING=1 $(BIN)/mkdocs build --strict --quiet; \
	if [ -n "$$failed" ]; then echo "== make test: failed:$$failed"; exit 1; fi

check: $(VENV)/.installed-dev
	$(BIN)/ruff check .
	$(BIN)/mypy
	env HYPOTHESIS_PROFILE=ci $(BIN)/pytest -m "not slow" -q

play: $(VENV)/.installed-run
	$(BIN)/hearts play $(ARGS)

bench: $(VENV)/.installed-bench
	$(BIN)/python bench/playout.py $(ARGS)

docs: $(VENV)/.installed-dev
	NO_MKDOCS_2_WARNING=1 $(BIN)/mkdocs serve $(ARGS)

clean:
	rm -rf $(VENV) dist build site .mypy_cache .ruff_cache .hypothesis
