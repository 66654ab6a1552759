"""Bots for web games: they think in worker processes, never on the server's event loop.

The pool is started with ``spawn``, not ``fork``: a forked worker would inherit the server's
listening socket and keep the port after the server was killed. Each worker also watches its
parent and leaves when the parent is gone, so a ``kill -9`` of the server leaves no orphans.

A worker gets the game's record (it holds the seed: it never leaves the server), replays it,
asks the bot and returns the action's notation. A bot that fails or runs past its budget is
replaced, for that move, by ``greedy`` run in a thread of the server; the caller is told so.
"""

from __future__ import annotations

import asyncio
import multiprocessing
import os
import re
import threading
import time
from concurrent.futures import ProcessPoolExecutor

#: Seconds a bot may run past its own time budget before greedy plays for it.
GRACE_S = 5.0
#: The budget of a bot that states none (greedy, random): they answer in milliseconds.
DEFAULT_BUDGET_S = 10.0
FALLBACK = "greedy"


def _worker_start(parent: int) -> None:
    """In each worker: think at a lower priority than the server (a bot may use a whole core
    for a second; the server's answers to players must not wait for it), and leave when the
    server is gone."""
    try:
        os.nice(10)
    except OSError:
        pass

    def watch() -> None:
        while True:
            if os.getppid() != parent:
                os._exit(0)
            time.sleep(0.5)

    threading.Thread(target=watch, daemon=True, name="watch-parent").start()


def decide(record: dict, seat: int, spec: str) -> str:
    """In a worker: the notation of ``spec``'s move for ``seat`` in the recorded position."""
    from ..agents import make_agent
    from ..core import replay

    state = replay(record)
    if state.current_player != seat:
        raise RuntimeError(f"seat {seat} is not to act in this position")
    agent = make_agent(spec, seed=len(state.history) * 7919 + seat)
    return str(agent.decide(state, seat))


def budget_s(spec: str) -> float:
    """How long ``spec`` may think: its ``ms=`` budget (or ``turns``-less MCTS default) plus a
    grace period."""
    match = re.search(r"(?:^|[:,])ms=(\d+(?:\.\d+)?)", spec)
    own = float(match.group(1)) / 1000 if match else DEFAULT_BUDGET_S
    return own + GRACE_S


class BotPool:
    """A small spawn-started process pool for bot moves (one worker by default)."""

    def __init__(self, workers: int = 1) -> None:
        self.workers = max(1, workers)
        self._pool: ProcessPoolExecutor | None = None

    def _get(self) -> ProcessPoolExecutor:
        if self._pool is None:
            ctx = multiprocessing.get_context("spawn")
            self._pool = ProcessPoolExecutor(
                self.workers, mp_context=ctx, initializer=_worker_start, initargs=(os.getpid(),)
            )
        return self._pool

    def warm(self) -> None:
        """Start the workers now (spawning one takes a while) rather than at the first bot move."""
        self._get().submit(os.getpid).result()

    async def move(self, state, seat: int, spec: str) -> tuple[str, str | None]:
        """``(notation, problem)``: the bot's move, or greedy's with the reason the bot's was not
        used (it failed or overran its budget)."""
        record = state.record()
        loop = asyncio.get_running_loop()
        problem = None
        try:
            future = loop.run_in_executor(self._get(), decide, record, seat, spec)
            text = await asyncio.wait_for(future, timeout=budget_s(spec))
            state.parse_action(text)  # it must be legal here
            return text, None
        except TimeoutError:
            problem = f"{spec} did not answer within {budget_s(spec):.0f} s"
            self._restart()
        except Exception as exc:  # the bot's own failure, whatever it is
            problem = f"{spec} failed: {type(exc).__name__}: {exc}"
        fallback = await asyncio.to_thread(decide, record, seat, FALLBACK)
        return fallback, problem

    def _restart(self) -> None:
        """Drop a pool whose worker is stuck on an overrun move; the next move starts a new one."""
        pool, self._pool = self._pool, None
        if pool is not None:
            for proc in list(getattr(pool, "_processes", {}).values()):
                proc.kill()
            pool.shutdown(wait=False, cancel_futures=True)

    def close(self) -> None:
        if self._pool is not None:
            self._pool.shutdown(wait=True, cancel_futures=True)
            self._pool = None
