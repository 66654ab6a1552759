"""Fewer garbage collections while a search runs (``core/collection.py``)."""

from __future__ import annotations

import gc
import threading

import pytest

from acreage.core.collection import YOUNG, fewer_collections


@pytest.fixture
def thresholds():
    saved = gc.get_threshold()
    gc.set_threshold(700, 10, 10)
    yield
    gc.set_threshold(*saved)


def test_the_young_threshold_is_raised_inside_and_restored_after(thresholds):
    with fewer_collections():
        assert gc.get_threshold() == (YOUNG, 10, 10)
        with fewer_collections():  # a nested search: restored only when the outer one ends
            assert gc.get_threshold() == (YOUNG, 10, 10)
        assert gc.get_threshold() == (YOUNG, 10, 10)
    assert gc.get_threshold() == (700, 10, 10)


def test_restored_after_an_error(thresholds):
    with pytest.raises(ValueError), fewer_collections():
        raise ValueError("a search failed")
    assert gc.get_threshold() == (700, 10, 10)


def test_never_lowered_nor_a_switched_off_collector_turned_on(thresholds):
    gc.set_threshold(50_000, 5, 5)
    with fewer_collections():
        assert gc.get_threshold() == (50_000, 5, 5)
    gc.set_threshold(0, 10, 10)
    with fewer_collections():
        assert gc.get_threshold()[0] == 0
    assert gc.get_threshold() == (0, 10, 10)


def test_searches_in_threads_that_overlap_restore_the_thresholds_once(thresholds):
    """The first search to start saves them and the last to end restores them, whatever order
    the threads end in."""
    inside = threading.Barrier(2)
    first_out = threading.Event()
    seen = []

    def search(leave_first: bool) -> None:
        with fewer_collections():
            inside.wait()
            if leave_first:
                return
            first_out.wait(5)
            seen.append(gc.get_threshold())  # the other ended: still raised here

    def leaving_first() -> None:
        search(True)
        first_out.set()

    threads = [threading.Thread(target=leaving_first), threading.Thread(target=search, args=(False,))]
    for t in threads:
        t.start()
    for t in threads:
        t.join(10)
    assert seen == [(YOUNG, 10, 10)]
    assert gc.get_threshold() == (700, 10, 10)


def test_a_search_runs_with_the_raised_threshold(thresholds):
    import acreage
    from acreage.agents import Budget, MctsAgent

    met = []
    info = acreage.game_info("foxglove")

    def judge(state, seat):
        met.append(gc.get_threshold()[0])
        return info.value(state, seat)

    state = acreage.new_game("foxglove", players=2, seed=1)
    agent = MctsAgent(seed=1, budget=Budget(iterations=3))
    agent.heuristic = judge
    agent.decide(state, state.current_player)
    assert met and YOUNG in met and gc.get_threshold() == (700, 10, 10)
