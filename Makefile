# The two commands in the README: `make play` and `make test`.
# Both create a private virtual environment in .venv from the project's own files.
PYTHON ?= python3.11
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed

.PHONY: play test bench strength lint clean

$(STAMP): pyproject.toml
	@command -v $(PYTHON) >/dev/null 2>&1 || { echo "Python 3.11 is needed (set PYTHON=...)"; exit 1; }
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -e ".[dev]"
	@touch $(STAMP)

play: $(STAMP)
	$(BIN)/acreage play

test: $(STAMP)
	$(BIN)/python -m pytest

bench: $(STAMP)
	$(BIN)/python bench/run.py
	$(BIN)/python bench/games_bench.py
	$(BIN)/python bench/mcts_bench.py --ms 1000 --positions 4
	$(BIN)/python bench/interop_bench.py --players 2
	$(BIN)/python bench/planner_bench.py --solo-seeds 2

# Long: bot strength: Foxglove solo against the rulebook's thresholds, and 2-player MCTS
# against greedy in every game (about half an hour on 2 cores).
strength: $(STAMP)
	$(BIN)/python bench/strength.py

lint: $(STAMP)
	$(BIN)/ruff check src tests bench .ci

clean:
	rm -rf $(VENV) .pytest_cache .ruff_cache .hypothesis
