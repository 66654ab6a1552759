"""``acreage.arena.backends``: one batch function over many items, inline or in a process pool
(the Ray back end runs in tests/arena/test_ray.py)."""

from __future__ import annotations

import pytest

from acreage.arena.backends import auto_batch_size, chunks, run_batches


def test_chunks_cover_the_items_in_order():
    assert list(chunks(list(range(7)), 3)) == [[0, 1, 2], [3, 4, 5], [6]]
    assert list(chunks([], 3)) == []


def test_auto_batch_size_spreads_work_and_stays_in_bounds():
    assert auto_batch_size(1000, 4) == 16  # about 16 batches a worker
    assert auto_batch_size(3, 8) == 1
    assert auto_batch_size(10**7, 2) == 200  # capped


def test_inline_hands_back_each_batch_in_order():
    seen: list[list[int]] = []
    assert run_batches(sorted, [3, 1, 2, 5, 4], seen.append, workers=1, batch_size=2) == 1
    assert seen == [[1, 3], [2, 5], [4]]
    assert run_batches(sorted, [], seen.append, workers=1) == 0


def test_pool_hands_back_every_result_once():
    seen: list[list[int]] = []
    # ``sorted`` is a builtin, so a spawned worker can unpickle it.
    workers = run_batches(sorted, list(range(20, 0, -1)), seen.append, workers=2, batch_size=3)
    assert workers == 2
    assert sorted(x for batch in seen for x in batch) == list(range(1, 21))
    assert all(batch == sorted(batch) and len(batch) <= 3 for batch in seen)


def test_an_error_in_consume_stops_the_run():
    def refuse(_results):
        raise RuntimeError("disk full")

    with pytest.raises(RuntimeError, match="disk full"):
        run_batches(sorted, list(range(40)), refuse, workers=2, batch_size=1)
