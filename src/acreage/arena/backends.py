"""Run one batch function over many work items: in this process, a local process pool, or Ray.

Why a module of its own: the arena's games are not the only long batch work. Offline tools
(``bench/fit_oracle_value.py`` labels positions with a search that takes minutes per game) need
the same thing — a bounded number of batches in flight, results handed back as each batch
finishes so they can be saved at once, and the same code on a laptop or a Ray cluster — and
should not copy it.

The batch function takes a list of items and returns a list of results; it and the items must
be picklable (a module-level function; for the pool, importable by a freshly spawned process).
"""

from __future__ import annotations

import math
import os
from collections.abc import Callable, Iterator, Sequence
from typing import Any

from .jobs import ArenaError

BatchFn = Callable[[list], list]
Consume = Callable[[list], None]


def chunks(items: Sequence, size: int) -> Iterator[list]:
    """Consecutive slices of ``items`` of ``size`` (the last may be shorter)."""
    for i in range(0, len(items), size):
        yield list(items[i : i + size])


def auto_batch_size(pending: int, slots: int, per_slot: int = 16, cap: int = 200) -> int:
    """About ``per_slot`` batches per worker (load balance, smooth progress), 1–``cap`` items each."""
    return max(1, min(cap, math.ceil(pending / max(1, slots * per_slot))))


def run_batches(
    fn: BatchFn,
    items: Sequence,
    consume: Consume,
    workers: int | None = None,
    ray_address: str | None = None,
    batch_size: int | None = None,
    runtime_env: dict[str, Any] | None = None,
) -> int:
    """Apply ``fn`` to batches of ``items`` and pass each batch's results to ``consume`` as soon
    as that batch finishes (in completion order, not item order). Returns the number of workers
    (Ray: the cluster's CPUs).

    - ``workers == 1`` and no Ray: in this process, in order.
    - otherwise a spawn-started process pool of ``workers`` processes (default: every core),
      so it behaves the same on Linux, macOS and Windows (a calling script needs the usual
      ``if __name__ == "__main__":`` guard).
    - ``ray_address``: Ray tasks. ``"local"`` starts a local instance with ``workers`` CPUs,
      anything else goes to ``ray.init(address=...)`` (``"auto"``, ``"ray://host:10001"``); an
      already initialised Ray is used as it is. ``runtime_env`` is passed to ``ray.init``
      (e.g. ``{"working_dir": ...}`` so the cluster's workers can import a script's modules).

    At most twice as many batches as workers are in flight; when ``consume`` or a batch raises,
    the batches still queued are cancelled.
    """
    if not items:
        return 0
    if ray_address:
        return _run_ray(fn, items, consume, ray_address, workers, batch_size, runtime_env)
    if workers == 1:
        for batch in chunks(items, batch_size or 1):
            consume(fn(batch))
        return 1
    return _run_pool(fn, items, consume, workers or os.cpu_count() or 1, batch_size)


def _run_pool(fn: BatchFn, items: Sequence, consume: Consume, workers: int,
              batch_size: int | None) -> int:
    import multiprocessing
    from concurrent.futures import FIRST_COMPLETED, ProcessPoolExecutor, wait

    workers = max(1, min(workers, len(items)))
    batches = chunks(items, batch_size or auto_batch_size(len(items), workers))
    ctx = multiprocessing.get_context("spawn")
    pool = ProcessPoolExecutor(max_workers=workers, mp_context=ctx)
    in_flight: set = set()
    try:
        for batch in batches:
            in_flight.add(pool.submit(fn, batch))
            if len(in_flight) >= 2 * workers:
                break
        while in_flight:
            finished, in_flight = wait(in_flight, return_when=FIRST_COMPLETED)
            for fut in finished:
                consume(fut.result())
                nxt = next(batches, None)
                if nxt is not None:
                    in_flight.add(pool.submit(fn, nxt))
    finally:
        for fut in in_flight:
            fut.cancel()
        pool.shutdown(wait=True, cancel_futures=True)
    return workers


def _run_ray(fn: BatchFn, items: Sequence, consume: Consume, address: str, workers: int | None,
             batch_size: int | None, runtime_env: dict[str, Any] | None) -> int:
    try:
        import ray
    except ImportError:
        raise ArenaError("Ray is not installed; install it with: pip install ray") from None

    started = False
    if not ray.is_initialized():
        extra = {"runtime_env": runtime_env} if runtime_env else {}
        if address == "local":
            ray.init(num_cpus=workers, include_dashboard=False, log_to_driver=True, **extra)
        else:
            ray.init(address=address, **extra)
        started = True
    try:
        cpus = max(1, int(ray.cluster_resources().get("CPU", 1)))
        size = batch_size or auto_batch_size(len(items), cpus, per_slot=8, cap=500)
        task = ray.remote(num_cpus=1, max_retries=1)(fn)
        batches = chunks(items, size)
        in_flight = []
        for batch in batches:
            in_flight.append(task.remote(batch))
            if len(in_flight) >= 2 * cpus:
                break
        try:
            while in_flight:
                ready, in_flight = ray.wait(in_flight, num_returns=1)
                for ref in ready:
                    consume(ray.get(ref))
                    nxt = next(batches, None)
                    if nxt is not None:
                        in_flight.append(task.remote(nxt))
        finally:
            for ref in in_flight:
                ray.cancel(ref, force=True)
    finally:
        if started:
            ray.shutdown()
    return cpus
