"""bench/goals.py: the goals' verdicts, the reference pass that makes figures comparable across
machines, and the CPU timer every per-call figure uses."""

from __future__ import annotations

import importlib.util
import statistics
import sys
from pathlib import Path

_PATH = Path(__file__).resolve().parents[2] / "bench" / "goals.py"
_spec = importlib.util.spec_from_file_location("bench_goals", _PATH)
assert _spec is not None and _spec.loader is not None
goals = importlib.util.module_from_spec(_spec)
sys.modules["bench_goals"] = goals  # dataclasses look their module up there
_spec.loader.exec_module(goals)


def test_a_goal_says_met_or_missed_on_its_side():
    at_most = goals.Goal("apply", 5.0, "µs")
    at_least = goals.Goal("games", 1000.0, "games/s", higher_is_better=True)
    assert at_most.verdict(5.0).endswith("met") and at_most.verdict(5.1).endswith("MISSED")
    assert at_least.verdict(1000.0).endswith("met") and at_least.verdict(999.0).endswith("MISSED")


def test_the_reference_pass_is_positive_and_repeatable_within_noise():
    first, second = goals.reference_us(rounds=20, repeats=3), goals.reference_us(rounds=20, repeats=3)
    assert first > 0 and second > 0
    assert 0.2 < first / second < 5  # the same work: only the machine's noise between them
    assert goals.in_ref(first * 2, first) == "2.000 ref"


def test_the_cpu_timer_takes_off_the_cost_of_reading_the_clock():
    timed = goals.cpu_timer()
    empty = statistics.median(timed(lambda: None) for _ in range(500))
    work = statistics.median(timed(lambda: sum(range(20_000))) for _ in range(50))
    assert 0 <= empty < 1.0  # µs: a call that does nothing costs (almost) nothing
    assert work > 20 * max(empty, 0.01)
