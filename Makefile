# make test   lint, type-check, every test and the docs build (creates .venv on first use)
# make check  the quick round for daily work: lint, type-check, the tests not marked slow
# make play   play a game against three bots in the terminal:  make play ARGS="--seed 3 --variant classic"
# make test-rllib  RLlib takes the learning adapters, and the RLlib how-to trains (.venv-rllib);
#                  the arena's Ray backend gives the local backend's figures
# make test-browser  both web tables (hearts serve, and the site's play page) in headless
#             Chromium (/usr/bin/chromium) driven by Playwright; screenshots in build/screenshots
# make play-page  the documentation site in site/ with its play page ready to play: Pyodide
#             (npm), the pure wheel and attrs' in build/play; open it with
#             python3 -m http.server -d site, then http://127.0.0.1:8000/play.html
# make serve  the web table at http://127.0.0.1:8000 (hearts serve):  make serve ARGS="--seed 3"
# make bench  random playouts per second, hearts_core (both kernel builds) against OpenSpiel,
#             the compiled build against the pure one, the pure one against the code
#             before the kernel (bench/before.py); the floors of a
#             pure-Python engine (bench/floor.py); the learning environments against
#             Shimmy's and OpenSpiel's
# make mutation MODULE=scoring  mutation-test one module of the core (pure kernel) with mutmut, one child
#             process at nice 19 (docs/mutation.md); installs mutmut if missing
# make docs   serve the documentation site at http://127.0.0.1:8000 (mkdocs serve)
#
# Each target installs into .venv only what it needs, and reinstalls only
# when pyproject.toml changes (the .venv/.installed-* stamp files).

SHELL := bash
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
ARGS ?=

RLLIB_VENV := .venv-rllib
RLLIB_BIN := $(RLLIB_VENV)/bin

.PHONY: test test-rllib test-browser check play serve bench docs clean mutation play-page

$(BIN)/python:
	$(PYTHON) -m venv $(VENV)

$(VENV)/.installed-dev: pyproject.toml | $(BIN)/python
	$(BIN)/python -m pip install --quiet --editable '.[dev,docs,openspiel,rl,web,rich,bench]'
	touch $@

# The compiled kernel, built in place by the editable install and again here whenever its
# source changes (hearts_core.kernel runs the pure build, with a warning, until then).
KERNEL_STAMP := $(VENV)/.kernel-built
$(KERNEL_STAMP): hearts_core/_kernel.py hearts_core/_kernel.pxd hearts_core/_scored.py hearts_core/_scored.pxd hearts_core/_deal.py hearts_core/_deal.pxd hearts_core/_thumb.py hearts_core/_thumb.pxd hearts_core/_slots.py hearts_core/_slots.pxd hearts_core/_listing.py hearts_core/_listing.pxd hearts_core/_transition.py hearts_core/_transition.pxd hearts_core/_objects.pxd hearts_core/_batch.py hearts_core/_batch.pxd hearts_core/_search.py hearts_core/_search.pxd hatch_build.py $(VENV)/.installed-dev
	$(BIN)/python hatch_build.py
	touch $@

$(VENV)/.installed-run: pyproject.toml | $(BIN)/python
	$(BIN)/python -m pip install --quiet --editable .
	touch $@

$(VENV)/.installed-web: pyproject.toml | $(BIN)/python
	$(BIN)/python -m pip install --quiet --editable '.[web]'
	touch $@

# Playwright's Python package drives Debian's Chromium: it cannot download its own browsers.
$(VENV)/.installed-browser: $(VENV)/.installed-dev
	$(BIN)/python -m pip install --quiet 'playwright>=1.45,<2'
	touch $@

$(VENV)/.installed-bench: pyproject.toml | $(BIN)/python
	$(BIN)/python -m pip install --quiet --editable '.[bench]'
	touch $@

# RLlib and PyTorch (the CPU build, pinned so that pip takes no GPU build) live in a
# virtual environment of their own, apart from the one `make test` checks with.
$(RLLIB_BIN)/python:
	$(PYTHON) -m venv $(RLLIB_VENV)

$(RLLIB_VENV)/.installed: pyproject.toml | $(RLLIB_BIN)/python
	$(RLLIB_BIN)/python -m pip install --quiet 'torch==2.13.0'
	$(RLLIB_BIN)/python -m pip install --quiet --editable '.[rllib,openspiel]' \
		'pytest>=8,<10' 'hypothesis>=6.100,<7' 'sybil>=9,<11'
	touch $@

# Every check runs even when an earlier one fails, so one run shows all the
# problems; each reports its time, and the target fails if any check failed.
# `ruff format --check` is not run yet: hearts_core/ is not ruff-formatted.
test: $(VENV)/.installed-dev $(KERNEL_STAMP)
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
	check pytest env HEARTS_NO_SKIPS=1 HYPOTHESIS_PROFILE=ci $(BIN)/pytest -rs $(IGNORE_ELSEWHERE); \
	check pure-kernel env HEARTS_NO_SKIPS=1 HYPOTHESIS_PROFILE=ci HEARTS_CORE_PURE=1 $(BIN)/pytest -q -rs $(PURE_TESTS); \
	check docs env NO_MKDOCS_2_WARNING=1 $(BIN)/mkdocs build --strict; \
	if [ -n "$$failed" ]; then echo "== make test: failed:$$failed"; exit 1; fi

# The pure build of the kernel runs these too: the kernel's own tests (both builds side by
# side, uniformity), the play-outs, the engine's properties and conformance, OpenSpiel, and
# the searching bots' play-outs and claims against the engine, the learning adapters' action
# ids (the batch module's card ids among them).
PURE_TESTS := tests/engine/test_kernel.py tests/engine/test_kernel_pins.py tests/engine/test_kernel_build.py tests/engine/test_playout.py \
	tests/engine/test_properties.py tests/rules/test_conformance.py tests/adapters/test_openspiel.py \
	tests/engine/test_kernel_rules_of_thumb.py tests/engine/test_kernel_thumb_pins.py tests/engine/test_kernel_batch_pins.py tests/engine/test_kernel_search_pins.py tests/engine/test_kernel_slots.py tests/engine/test_kernel_transition.py tests/engine/test_kernel_transition_builds.py tests/engine/test_kernel_listing.py hearts_core/_listing.py hearts_core/_transition.py hearts_core/_kernel.py hearts_core/_scored.py hearts_core/_thumb.py hearts_core/_deal.py \
	hearts_core/_slots.py hearts_core/builders.py hearts_core/kernel.py hearts_core/playout.py \
	hearts_core/_batch.py tests/adapters/test_adapters_vector.py \
	tests/engine/test_kernel_search.py hearts_core/_search.py tests/bots/test_bots_sampled.py tests/engine/test_claims.py \
	tests/adapters/test_action_ids.py

check: $(VENV)/.installed-dev $(KERNEL_STAMP)
	$(BIN)/ruff check .
	$(BIN)/mypy
	env HYPOTHESIS_PROFILE=ci $(BIN)/pytest -m "not slow" -q $(IGNORE_ELSEWHERE)

# The test modules their own targets run (test-rllib, test-browser), with what they need:
# make test and make check leave them out (--ignore is not a skip).
ELSEWHERE := tests/adapters/test_adapters_rllib.py tests/bots/test_arena_ray.py tests/web/test_web_browser.py
IGNORE_ELSEWHERE := $(addprefix --ignore=,$(ELSEWHERE))

# tests/adapters/test_adapters_rllib.py: RLlib's wrappers step the adapters, and the how-to in
# docs/rllib.md trains with PPO on a local Ray.
test-rllib: $(RLLIB_VENV)/.installed
	env HEARTS_NO_SKIPS=1 $(RLLIB_BIN)/pytest tests/adapters/test_adapters_rllib.py tests/bots/test_arena_ray.py

# The play page's payload (docs/hooks/play_payload.py): Pyodide from npm (pinned, checked by
# digest), the library's pure wheel and attrs' wheel. Rebuilt when the library changes; the
# site build copies it in when it is there (docs/hooks/play.py), so `make test` needs no npm.
PLAY_PAYLOAD := build/play/manifest.json
$(PLAY_PAYLOAD): pyproject.toml docs/hooks/play_payload.py $(wildcard hearts_core/*.py hearts_core/*/*.py hearts_core/web/static/* variants/*.toml) | $(VENV)/.installed-dev
	@command -v npm >/dev/null || { echo "the play page needs npm to fetch Pyodide: apt-get install npm"; exit 1; }
	$(BIN)/python docs/hooks/play_payload.py build/play

play-page: $(PLAY_PAYLOAD)
	NO_MKDOCS_2_WARNING=1 $(BIN)/mkdocs build --strict
	@echo "the site, with its play page: python3 -m http.server -d site, then http://127.0.0.1:8000/play.html"

# tests/web/test_web_browser.py: a hand by clicking and one by keyboard at each table (served,
# and the site's play page, built here with its payload), a phone, a second browser;
# screenshots at 1280 and 390 px.
test-browser: $(VENV)/.installed-browser $(PLAY_PAYLOAD)
	@test -x /usr/bin/chromium || { echo "make test-browser needs /usr/bin/chromium: apt-get install chromium"; exit 1; }
	env HEARTS_NO_SKIPS=1 HEARTS_SCREENSHOTS=build/screenshots $(BIN)/pytest tests/web/test_web_browser.py
	@echo "screenshots: build/screenshots"

serve: $(VENV)/.installed-web
	$(BIN)/hearts serve $(ARGS)

play: $(VENV)/.installed-run
	$(BIN)/hearts play $(ARGS)

bench: $(VENV)/.installed-bench $(KERNEL_STAMP)
	$(BIN)/python bench/playout.py $(ARGS)
	$(BIN)/python bench/floor.py $(ARGS)
	env HEARTS_CORE_PURE=1 $(BIN)/python bench/playout.py $(ARGS)
	$(BIN)/python bench/builds.py $(ARGS)
	env HEARTS_CORE_PURE=1 $(BIN)/python bench/before.py $(ARGS)
	$(BIN)/python bench/environments.py $(ARGS)

MODULE ?=
mutation: $(VENV)/.installed-dev
	@test -n "$(MODULE)" || { echo "make mutation MODULE=NAME: NAME a module of hearts_core/ (scoring, rules.fields, ...)"; exit 1; }
	$(BIN)/python -c "import mutmut.__main__" 2>/dev/null || $(BIN)/python -m pip install --quiet 'mutmut>=3.8,<4'
	env HYPOTHESIS_PROFILE=ci HEARTS_CORE_PURE=1 nice -n 19 $(BIN)/python tests/run_mutation.py $(MODULE)

docs: $(VENV)/.installed-dev
	NO_MKDOCS_2_WARNING=1 $(BIN)/mkdocs serve $(ARGS)

clean:
	rm -rf $(VENV) $(RLLIB_VENV) dist build site .mypy_cache .ruff_cache .hypothesis mutants
