"""Many games in parallel: a local process pool by default, or Ray tasks on a cluster.

Both back ends (:mod:`acreage.arena.backends`) send the same unit of work,
:func:`acreage.arena.runner.run_batch` on a list of jobs, keep a bounded number of batches in
flight, and append rows to the results file as each batch finishes, so a run that is
interrupted loses at most the batches in flight; running the same command again resumes it.
"""

from __future__ import annotations

import time
from pathlib import Path
from typing import Any

from .backends import check_ray_address, run_batches
from .jobs import ArenaError, Config
from .results import append_rows, done_ids, open_for_append
from .runner import run_batch


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
    - ``batch_size``: games per task (default: automatic, see :func:`acreage.arena.backends.auto_batch_size`).
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
    if ray_address and ray_address != "local":
        check_ray_address(ray_address)  # before anything is written or shown
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
            try:
                append_rows(fh, rows)
            except OSError as exc:
                raise ArenaError(f"writing the results file {out} failed ({exc.strerror or exc}); the rows "
                                 "written before stay valid, and a rerun resumes from them") from None
            played += len(rows)
            bar.advance(len(rows))

        try:
            summary["workers"] = run_batches(run_batch, pending, consume, workers=workers,
                                             ray_address=ray_address, batch_size=batch_size)
        finally:
            elapsed = time.perf_counter() - start
            summary.update(played=played, seconds=round(elapsed, 3),
                           games_per_second=round(played / elapsed, 3) if elapsed > 0 else 0.0)
    return summary


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
