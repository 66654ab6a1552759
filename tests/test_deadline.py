"""``acreage.core.deadline``: the time a bot's search must stop by, which a game's costly
internals (Foxglove's transport planner) honour."""

from __future__ import annotations

import time

import pytest

from acreage.core import deadline


def test_the_earlier_deadline_wins_and_each_block_restores_the_one_before():
    assert deadline.current() is None and not deadline.passed()
    with deadline.until(100.0):
        assert deadline.current() == 100.0
        with deadline.until(200.0):  # an inner search cannot outlast the outer one
            assert deadline.current() == 100.0
        with deadline.until(50.0):
            assert deadline.current() == 50.0
        with deadline.until(None):  # no budget of its own: the outer one still holds
            assert deadline.current() == 100.0
        assert deadline.current() == 100.0
    assert deadline.current() is None


def test_passed_and_restored_after_an_error():
    with pytest.raises(RuntimeError), deadline.until(time.perf_counter() - 1.0):
        assert deadline.passed()
        raise RuntimeError("the search failed")
    assert deadline.current() is None and not deadline.passed()
    with deadline.until(time.perf_counter() + 60.0):
        assert not deadline.passed()
