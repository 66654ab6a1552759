"""Plain-argument entry points for the command line (``acreage simulate`` / ``acreage report``).

The typer app calls these with the strings a user typed; everything is parsed and checked here so
that the CLI layer stays a thin wrapper.

Agent lists: ``"mcts:ms=200,iterations=50,greedy"`` is split at commas (or semicolons), and a
piece starts a new agent unless the text before its first ``:`` contains ``=`` — so option
pieces (``iterations=50``) stay with the agent before them, and agent names need no registry.
``;`` may be used instead of ``,`` between agents, and a list of strings (repeated ``--agent``
flags) is accepted too, each item parsed the same way.
"""

from __future__ import annotations

import json
import signal
import threading
from collections.abc import Iterable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from .jobs import ArenaError


def parse_agents(text: str | Iterable[str]) -> list[str]:
    """``"mcts:ms=200,iterations=50,greedy"`` → ``["mcts:ms=200,iterations=50", "greedy"]``."""
    items = [text] if isinstance(text, str) else list(text)
    specs: list[str] = []
    for item in items:
        current: str | None = None
        for piece in item.replace(";", ",").split(","):
            piece = piece.strip()
            if not piece:
                continue
            head = piece.split(":", 1)[0]
            if "=" in head:  # an option of the agent before it
                if current is None:
                    raise ArenaError(
                        f"agent list {item!r} starts with an option ({piece!r}), not an agent name"
                    )
                current += "," + piece
            else:
                if current is not None:
                    specs.append(current)
                current = piece
        if current is not None:
            specs.append(current)
    if not specs:
        raise ArenaError("give at least one agent, e.g. --agents greedy,random")
    return specs


def parse_value(text: str) -> Any:
    """JSON where it parses (``5``, ``true``, ``null``, ``[0, 2]``), else the text itself."""
    try:
        return json.loads(text)
    except (json.JSONDecodeError, ValueError):
        return text


def parse_options(items: Iterable[str] | dict | None) -> dict[str, Any]:
    """``["move_cap=5", "expert=0,2"]`` → ``{"move_cap": 5, "expert": "0,2"}`` (the game converts)."""
    if items is None:
        return {}
    if isinstance(items, dict):
        return dict(items)
    if isinstance(items, str):
        items = [items]
    out: dict[str, Any] = {}
    for item in items:
        key, eq, value = item.partition("=")
        if not eq or not key.strip():
            raise ArenaError(f"game option {item!r} should look like key=value, e.g. move_cap=50")
        out[key.strip()] = parse_value(value.strip())
    return out


def parse_seed(seed: Any) -> int | str:
    """An integer seed where the text is one, else the text (any string is a valid root seed)."""
    if isinstance(seed, int) and not isinstance(seed, bool):
        return seed
    text = str(seed).strip()
    try:
        return int(text)
    except ValueError:
        return text


class Terminated(BaseException):
    """SIGTERM arrived while a run was going (raised in the main thread by the handler that
    :func:`sigterm_stops_the_run` installs). A ``BaseException``, like ``KeyboardInterrupt``,
    so that no ``except Exception`` on the way swallows it."""


@contextmanager
def sigterm_stops_the_run() -> Iterator[None]:
    """While the block runs, SIGTERM raises :class:`Terminated` in the main thread instead of
    killing the process outright, so the run unwinds as after Ctrl-C: the pool's workers are
    terminated (:func:`acreage.arena.backends.run_batches`), the rows already written stay in
    the results file and a rerun resumes. Outside the main thread it does nothing."""
    if threading.current_thread() is not threading.main_thread() or not hasattr(signal, "SIGTERM"):
        yield
        return

    def handler(signum, frame):
        raise Terminated(signum)

    previous = signal.signal(signal.SIGTERM, handler)
    try:
        yield
    finally:
        signal.signal(signal.SIGTERM, previous)


def cli_simulate(
    game: str,
    players: int = 2,
    agents: str | list[str] = "greedy,random",
    games: int = 100,
    out: str | Path = "results.jsonl",
    seed: Any = 0,
    option: Iterable[str] | dict | None = None,
    workers: int | None = None,
    ray: str | None = None,
    batch_size: int | None = None,
    record: bool = False,
    progress: bool = True,
    console=None,
) -> dict:
    """``acreage simulate GAME --players N --agents A,B --games G --out FILE --seed S
    --option key=value ... --workers W --ray ADDRESS --batch-size B --record``."""
    from .simulate import simulate

    if console is None and progress:
        from rich.console import Console

        console = Console(stderr=True)
    specs = parse_agents(agents)
    try:
        with sigterm_stops_the_run():
            result = simulate(
                game, players, specs, games, out,
                root_seed=parse_seed(seed), options=parse_options(option), workers=workers,
                ray_address=ray or None, batch_size=batch_size, progress=progress, record=record,
                console=console,
            )
    except (KeyboardInterrupt, Terminated) as exc:
        if console is not None:
            what = "terminated" if isinstance(exc, Terminated) else "interrupted"
            console.print(f"[yellow]{what}[/]: the games finished so far are in {out}; "
                          "run the same command again to resume")
        raise SystemExit(143 if isinstance(exc, Terminated) else 130) from None
    if console is not None:
        msg = f"{result['played']} games played"
        if result["skipped"]:
            msg += f", {result['skipped']} already in {result['out']} (resumed)"
        if result["played"]:
            rate = result["games_per_second"]
            msg += f" in {result['seconds']:.1f} s ({rate:.1f} games/s, {result['backend']})"
        console.print(f"{msg}; results in {result['out']}")
    return result


def cli_report(file: str | Path, plots: str | Path | None = None, console=None, show: bool = True) -> dict:
    """``acreage report FILE --plots DIR``: print the summary tables and write PNG plots."""
    from .report import report

    return report(file, plots_dir=plots, console=console, show=show)
