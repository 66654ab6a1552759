# The two commands in the README: `make play` and `make test`.
# Both create a private virtual environment in .venv from the project's own files.
PYTHON ?= python3.11
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed

.PHONY: play test test-fast bench strength ladder lint typecheck clean fuzz mutate

$(STAMP): pyproject.toml
	@command -v $(PYTHON) >/dev/null 2>&1 || { echo "Python 3.11 is needed (set PYTHON=...)"; exit 1; }
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -e ".[dev]"
	@touch $(STAMP)

# The web platform on http://127.0.0.1:8000 (SQLite store in games.db); the terminal game is
# `.venv/bin/acreage play`.
play: $(STAMP)
	$(BIN)/acreage serve --open

test: $(STAMP)
	$(BIN)/python -m pytest --durations=25

# Quick: the rules of every game and the state contract, without bot searches (about a minute
# on 2 cores); run it while changing rules code, and `make test` before committing.
FAST_TESTS = tests/foxglove tests/fields_of_green tests/harvest tests/test_core_contract.py \
	tests/test_content_checks.py tests/test_events_contract.py tests/test_bad_inputs.py \
	tests/test_bad_snapshots.py tests/test_import_layers.py tests/test_code_layout.py \
	tests/test_example_game.py tests/test_fair_undo.py tests/test_rng_shuffle.py \
	tests/test_simultaneous_choices.py tests/test_flow_tables.py
test-fast: $(STAMP)
	$(BIN)/python -m pytest $(FAST_TESTS) -m "not bot_search"

bench: $(STAMP)
	$(BIN)/python bench/run.py
	$(BIN)/python bench/games_bench.py
	$(BIN)/python bench/events_cost.py
	$(BIN)/python bench/mcts_bench.py --ms 1000 --positions 4
	$(BIN)/python bench/interop_bench.py --players 2
	$(BIN)/python bench/planner_bench.py --solo-seeds 2
	$(BIN)/python bench/web_watchers.py

# Long: bot strength by named level in every game: each level against the one below, the
# strongest against greedy (2 and 3-4 players), greedy against random, every level alone
# (bench/strength.py; several hours on 2 cores, resumable: results in strength/).
strength: $(STAMP)
	$(BIN)/python bench/strength.py

# Long: the bot ladder (docs/ladder.md): paired games between every game's levels and the random
# and greedy anchors, then one rating per level with bootstrap 95 % intervals, written to
# src/acreage/arena/data/ladder.json and docs/ladder.md. 834 games: the shipped run took about 34
# CPU-minutes (30 minutes of wall time) on 2 cores shared with other jobs. Resumable: games in strength/ladder.jsonl
# (with all of them there, only the fit runs, in seconds).
LADDER_DEALS ?= 40
LADDER_SLOW_DEALS ?= foxglove=20 fields_of_green=12 harvest=25
ladder: $(STAMP)
	$(BIN)/python tools/ladder.py play --deals $(LADDER_DEALS) --slow-deals $(LADDER_SLOW_DEALS) --workers 2
	$(BIN)/python tools/ladder.py fit

# Long: random games of every game, player count and main option set, checked at every step
# (docs/fuzz.md). 30000 games take about 18 minutes on 2 free cores; failures go to fuzz-out/.
FUZZ_GAMES ?= 30000
FUZZ_SEED ?= 0
fuzz: $(STAMP)
	$(BIN)/acreage fuzz all --games $(FUZZ_GAMES) --seed $(FUZZ_SEED) --workers 2 --out fuzz-out

# Long: mutation testing of each game's rules modules with mutmut (docs/mutation.md). One mutant
# at a time; MUTATE_GAME=harvest|fields_of_green|foxglove|all, MUTATE_MINUTES caps the run (a later
# run resumes). Harvest alone takes about 45 minutes on 2 cores.
MUTATE_GAME ?= all
MUTATE_MINUTES ?= 120
mutate: $(STAMP)
	@$(BIN)/python -c "import mutmut" 2>/dev/null || $(BIN)/python -m pip install --quiet 'mutmut>=3,<4'
	$(BIN)/python tools/mutate.py $(MUTATE_GAME) --max-children 1 --budget-minutes $(MUTATE_MINUTES)

# ruff and mypy (the core, the games and the web, see [tool.mypy] in pyproject.toml) for the
# Python; ESLint for the web pages' JavaScript (.ci/lint_js: skipped with a note when npm is
# missing, except in CI).
lint: $(STAMP)
	$(BIN)/ruff check src tests bench tools examples .ci
	$(BIN)/python -m mypy
	bash .ci/lint_js

# The type checker alone, on the files [tool.mypy] in pyproject.toml names.
typecheck: $(STAMP)
	$(BIN)/python -m mypy

clean:
	rm -rf $(VENV) .pytest_cache .ruff_cache .hypothesis
