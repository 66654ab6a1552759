"""Many games in parallel: a local process pool by default, or Ray tasks on a cluster.

Both back ends send the same unit of work, :func:`acreage.arena.runner.run_batch` on a list of
jobs, keep a bounded number of batches in flight, and append rows to the results file as each
batch finishes, so a run that is interrupted loses at most the batches in flight; running the
same command again resumes it.
"""

from __future__ import annotations

import math
import os
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

from .jobs import ArenaError, Config, Job
from .results import append_rows, done_ids, open_for_append
from .runner import run_batch


def _chunks(jobs: list[Job], size: int) -> Iterator[list[Job]]:
    for i in range(0, len(jobs), size):
        yield jobs[i : i + size]


def auto_batch_size(pending: int, slots: int, per_slot: int = 16, cap: int = 200) -> int:
    """About ``per_slot`` batches per worker (load balance, smooth progress), 1–``cap`` games each."""
    return max(1, min(cap, math.ceil(pending / max(1, slots * per_slot))))


def simulate(
    game: str,
    players: int,
    agents: list[str] | tuple[str, ...] | str,
    games: int,
    out: str | Path,
    root_seed: Any = 0,
    options: dict[str, Any] | None = None,
    workers: int | None = None,
    ray_address: str | None = None,
    batch_size: int | None = None,
    progress: bool = True,
    record: bool = False,
    console=None,
) -> dict:
    """Play games ``0 .. games-1`` of one configuration and append their rows to ``out``.

    - ``agents``: specs by seat before rotation (``["mcts:ms=200", "greedy"]``); fewer than
      ``players`` are repeated to fill the seats. Game ``i`` rotates them by ``i % players``.
    - ``workers``: local processes (default: every core); ``1`` plays in this process. With
      ``ray_address="local"`` it is the ``num_cpus`` of the local Ray instance.
    - ``ray_address``: run the batches as Ray tasks; ``"local"`` starts a local Ray instance,
      anything else is passed to ``ray.init(address=...)`` (``"auto"``, ``"ray://host:10001"``).
      An already initialised Ray is used as it is.
    - ``batch_size``: games per task (default: automatic, see :func:`auto_batch_size`).
    - ``record``: also store every game's actions in its row (replayable with ``acreage.replay``).

    If ``out`` already holds rows of this configuration, their game ids are skipped (resume); a
    file holding another configuration is refused. Returns a small summary dict.
    """
    if not isinstance(games, int) or games < 0:
        raise ArenaError(f"the number of games must be a whole number ≥ 0, not {games!r}")
    if workers is not None and (not isinstance(workers, int) or workers < 1):
        raise ArenaError(f"workers must be at least 1, not {workers!r}")
    if batch_size is not None and (not isinstance(batch_size, int) or batch_size < 1):
        raise ArenaError(f"the batch size must be at least 1, not {batch_size!r}")
    config = Config.build(game, players, agents, options, root_seed)
    out = Path(out)
    done = done_ids(out, config)
    pending = config.jobs([i for i in range(games) if i not in done], record=record)
    summary = {
        "out": str(out),
        "config": config.key,
        "games": games,
        "skipped": games - len(pending),
        "played": 0,
        "seconds": 0.0,
        "games_per_second": 0.0,
        "backend": "ray" if ray_address else ("inline" if workers == 1 else "pool"),
    }
    if not pending:
        return summary

    bar = _Progress(len(pending), games - len(pending), f"{config.game} {'/'.join(config.lineup)}",
                    enabled=progress, console=console)
    start = time.perf_counter()
    played = 0
    with open_for_append(out) as fh, bar:

        def consume(rows: list[dict]) -> None:
            nonlocal played
            append_rows(fh, rows)
            played += len(rows)
            bar.advance(len(rows))

        try:
            if ray_address:
                summary["workers"] = _run_ray(pending, ray_address, workers, batch_size, consume)
            elif workers == 1:
                summary["workers"] = 1
                for batch in _chunks(pending, batch_size or 1):
                    consume(run_batch(batch))
            else:
                summary["workers"] = _run_pool(pending, workers or os.cpu_count() or 1, batch_size, consume)
        finally:
            elapsed = time.perf_counter() - start
            summary.update(played=played, seconds=round(elapsed, 3),
                           games_per_second=round(played / elapsed, 3) if elapsed > 0 else 0.0)
    return summary


def _run_pool(pending: list[Job], workers: int, batch_size: int | None,
              consume: Callable[[list[dict]], None]) -> int:
    """A spawn-started ProcessPoolExecutor: the worker function and jobs are importable/plain data,
    so it behaves the same on Linux, macOS and Windows (callers' scripts need the usual
    ``if __name__ == "__main__":`` guard)."""
    import multiprocessing
    from concurrent.futures import FIRST_COMPLETED, ProcessPoolExecutor, wait

    workers = max(1, min(workers, len(pending)))
    size = batch_size or auto_batch_size(len(pending), workers)
    batches = _chunks(pending, size)
    max_in_flight = 2 * workers
    ctx = multiprocessing.get_context("spawn")
    pool = ProcessPoolExecutor(max_workers=workers, mp_context=ctx)
    in_flight: set = set()
    try:
        for batch in batches:
            in_flight.add(pool.submit(run_batch, batch))
            if len(in_flight) >= max_in_flight:
                break
        while in_flight:
            finished, in_flight = wait(in_flight, return_when=FIRST_COMPLETED)
            for fut in finished:
                consume(fut.result())
                nxt = next(batches, None)
                if nxt is not None:
                    in_flight.add(pool.submit(run_batch, nxt))
    finally:
        for fut in in_flight:
            fut.cancel()
        pool.shutdown(wait=True, cancel_futures=True)
    return workers


def _run_ray(pending: list[Job], address: str, workers: int | None, batch_size: int | None,
             consume: Callable[[list[dict]], None]) -> int:
    try:
        import ray
    except ImportError:
        raise ArenaError("Ray is not installed; install it with: pip install ray") from None

    started = False
    if not ray.is_initialized():
        if address == "local":
            ray.init(num_cpus=workers, include_dashboard=False, log_to_driver=True)
        else:
            ray.init(address=address)
        started = True
    try:
        cpus = max(1, int(ray.cluster_resources().get("CPU", 1)))
        size = batch_size or auto_batch_size(len(pending), cpus, per_slot=8, cap=500)
        task = ray.remote(num_cpus=1, max_retries=1)(run_batch)
        batches = _chunks(pending, size)
        max_in_flight = 2 * cpus
        in_flight = []
        for batch in batches:
            in_flight.append(task.remote(batch))
            if len(in_flight) >= max_in_flight:
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


class _Progress:
    """A rich progress bar with games/s and ETA (or nothing when disabled)."""

    def __init__(self, total: int, already: int, label: str, enabled: bool, console=None) -> None:
        self.enabled = enabled
        self.total, self.already, self.label, self.console = total, already, label, console
        self._progress = None
        self._task = None

    def __enter__(self) -> _Progress:
        if not self.enabled:
            return self
        from rich.progress import (
            BarColumn,
            MofNCompleteColumn,
            Progress,
            ProgressColumn,
            TextColumn,
            TimeElapsedColumn,
            TimeRemainingColumn,
        )
        from rich.text import Text

        class RateColumn(ProgressColumn):
            def render(self, task) -> Text:
                speed = task.speed if task.speed is not None else (
                    task.completed / task.elapsed if task.elapsed else None
                )
                return Text("… games/s" if not speed else f"{speed:,.1f} games/s", style="cyan")

        self._progress = Progress(
            TextColumn("[bold]{task.description}"),
            BarColumn(),
            MofNCompleteColumn(),
            RateColumn(),
            TimeElapsedColumn(),
            TextColumn("ETA"),
            TimeRemainingColumn(),
            console=self.console,
            speed_estimate_period=60.0,
        )
        self._progress.__enter__()
        desc = self.label if not self.already else f"{self.label} (resuming, {self.already} done)"
        self._task = self._progress.add_task(desc, total=self.total)
        return self

    def advance(self, n: int) -> None:
        if self._progress is not None:
            self._progress.advance(self._task, n)

    def __exit__(self, *exc) -> None:
        if self._progress is not None:
            self._progress.__exit__(*exc)
