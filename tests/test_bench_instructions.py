"""The fixed workloads that ``bench/instructions.py`` counts instructions of: a change that must
keep every move is judged by them, so they have to be the same work on every run."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path

import pytest

BENCH = Path(__file__).resolve().parent.parent / "bench"


@pytest.fixture(scope="module")
def instructions():
    sys.path.insert(0, str(BENCH))
    spec = importlib.util.spec_from_file_location("bench_instructions", BENCH / "instructions.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    yield module
    sys.path.remove(str(BENCH))


@pytest.mark.parametrize("game", ["foxglove", "fields_of_green", "harvest"])
def test_random_games_workload_repeats_move_for_move(instructions, game):
    first = instructions.random_games(game, 2, 3)
    assert instructions.random_games(game, 2, 3) == first
    assert instructions.random_games(game, 2, 3, seed0=50) != first


@pytest.mark.bot_search
def test_mcts_workload_repeats_move_for_move(instructions):
    positions = instructions.mcts_positions("foxglove", 1)
    assert [p.num_players for p in positions] == [1, 2, 4]
    before = [p.to_json() for p in positions]
    first = instructions.mcts_searches(positions, 3)
    assert [p.to_json() for p in positions] == before  # each search ran on a copy
    assert instructions.mcts_searches(positions, 3) == first


def test_apply_workload_is_the_same_applies_each_run(instructions):
    first = instructions.apply_work(2)
    again = instructions.apply_work(2)
    assert len(first) == len(again) > 50
    assert [str(a) for _, a in first] == [str(a) for _, a in again]
    assert all(a in s.legal_actions() for s, a in first[:40])  # each action legal where applied
    digest = instructions.applies(first, digest=True)
    assert instructions.applies(again, digest=True) == digest
    assert instructions.applies(instructions.apply_work(2), digest=False) == "-"
