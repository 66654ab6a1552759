"""Bots for web games: they think in worker processes, never on the server's event loop.

Workers are started with ``spawn``, not ``fork``: a forked worker would inherit the server's
listening socket and keep the port after the server was killed. Each worker also watches its
parent and leaves when the parent is gone, so a ``kill -9`` of the server leaves no orphans.

A worker gets the game's record (it holds the seed: it never leaves the server), replays it,
asks the bot and returns the action's notation. A seat's bot is one object for the whole game,
as in the terminal: it travels with each request, pickled, and comes back with the answer, so
MCTS keeps its tree and every bot the rest of a turn it planned (a fresh bot per move searched
each placement and payment again and forgot its plans). The server keeps it in memory only; a
restart or an evicted table starts a fresh one, which plays on correctly. (Only the server's
own workers write these pickles; nothing a client sends is ever unpickled.) Bots wait their
turn fairly and cannot hog:
- **Two lanes.** Quick bots (``greedy``, ``random`` with their default options) think in their
  own worker, so they never queue behind a search; searching bots share the other lane.
- **Fair queues.** Each table has at most one bot move waiting (its bot loop waits for the
  answer), and a lane serves waiting moves in arrival order: tables take turns.
- **Capped budgets.** A web seat's ``ms=`` and ``iterations=`` are capped when the game is
  created (:func:`check_web_spec`), and a search bot that states no time gets the cap, so
  every think ends.
- **One worker per process.** A bot still thinking past its budget and a grace period has its
  own worker killed and replaced; no other table's move is touched. Greedy plays that move.
"""

from __future__ import annotations

import asyncio
import contextlib
import multiprocessing
import os
import pickle
import re
import threading
import time
import zlib
from collections.abc import Callable
from concurrent.futures import ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from typing import Any, TypeVar

#: Seconds a bot may run past its own time budget before greedy plays for it.
GRACE_S = 5.0
#: The budget of a bot that states none (greedy, random): they answer in milliseconds.
DEFAULT_BUDGET_S = 10.0
FALLBACK = "greedy"
QUICK_BOTS = ("greedy", "random")

_T = TypeVar("_T")


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


#: A kept bot (pickled, then compressed: an MCTS tree shrinks about sevenfold, to some 60 KB
#: after a 2,000-iteration Fields of Green search) larger than this is not kept; the seat's
#: next move starts a fresh bot. It bounds what a live table holds in the server's memory.
MAX_MIND_BYTES = 2 << 20


def decide(record: dict, seat: int, spec: str, cap_ms: float | None = None,
           mind: bytes | None = None) -> tuple[str, bytes | None]:
    """In a worker: ``(notation, mind)``: ``spec``'s move for ``seat`` in the recorded position
    and the bot afterwards, pickled and compressed. ``mind`` is the seat's bot from its last move (None: a new
    one, seeded from the game's seed and the seat). A bot with no time budget (or a longer one)
    thinks at most ``cap_ms``."""
    from ..agents import make_agent
    from ..core import replay

    state = replay(record)
    if state.current_player != seat:
        raise RuntimeError(f"seat {seat} is not to act in this position")
    agent = pickle.loads(zlib.decompress(mind)) if mind is not None else None
    if agent is None:
        seed = zlib.crc32(f"{record.get('seed')}:{seat}:{spec}".encode())
        agent = make_agent(spec, seed=seed, game=state.game_name, players=state.num_players)
    if cap_ms is not None and (agent.budget.ms is None or agent.budget.ms > cap_ms):
        agent.budget.ms = cap_ms
    text = str(agent.decide(state, seat))
    kept = zlib.compress(pickle.dumps(agent, protocol=pickle.HIGHEST_PROTOCOL), 1)
    return text, kept if len(kept) <= MAX_MIND_BYTES else None


def spec_ms(spec: str) -> float | None:
    match = re.search(r"(?:^|[:,])ms=([^,]*)", spec)
    return float(match.group(1)) if match else None


def budget_s(spec: str, cap_ms: float | None = None) -> float:
    """How long ``spec`` may think: its ``ms=`` budget (capped), or the default, plus a grace
    period."""
    own = spec_ms(spec)
    seconds = own / 1000 if own is not None else DEFAULT_BUDGET_S
    if cap_ms is not None:
        seconds = min(seconds, cap_ms / 1000) if own is not None else max(seconds, cap_ms / 1000)
    return seconds + GRACE_S


def is_quick(spec: str, game: str | None = None, players: int = 2) -> bool:
    """A bot that answers in milliseconds: greedy (with no follow-up option) or random, given
    directly or by a level of ``game``."""
    from ..agents import resolve_spec

    name, _, rest = resolve_spec(spec, game, players).partition(":")
    options = [o.split("=")[0].strip() for o in rest.split(",") if o.strip()]
    return name.strip().lower() in QUICK_BOTS and all(o in ("seed", "temperature") for o in options)


def check_web_spec(spec: str, max_ms: float, max_iterations: int, game: str | None = None,
                   players: int = 2) -> None:
    """Refuse (``ValueError``) a bot spec whose budget is over the web's caps."""
    from ..agents import make_agent

    agent = make_agent(spec, game=game, players=players)
    ms, iterations = agent.budget.ms, agent.budget.iterations
    if ms is not None and ms > max_ms:
        raise ValueError(f"bot {spec!r}: ms={ms:g} is over this server's cap of ms={max_ms:g}")
    if iterations is not None and iterations > max_iterations:
        raise ValueError(
            f"bot {spec!r}: iterations={iterations} is over this server's cap of iterations={max_iterations}"
        )


class Worker:
    """One spawn-started process (a one-worker executor, so killing it touches no other move)."""

    def __init__(self) -> None:
        self._pool: ProcessPoolExecutor | None = None

    def pool(self) -> ProcessPoolExecutor:
        if self._pool is None:
            ctx = multiprocessing.get_context("spawn")
            self._pool = ProcessPoolExecutor(
                1, mp_context=ctx, initializer=_worker_start, initargs=(os.getpid(),)
            )
        return self._pool

    def warm(self) -> None:
        self.pool().submit(os.getpid).result()

    def kill(self) -> None:
        pool, self._pool = self._pool, None
        if pool is not None:
            for proc in list(getattr(pool, "_processes", {}).values()):
                with contextlib.suppress(Exception):
                    proc.kill()
            pool.shutdown(wait=False, cancel_futures=True)


class Lane:
    """Workers for one kind of bot; a move waits (in arrival order) for a free worker."""

    def __init__(self, workers: int) -> None:
        self.workers = [Worker() for _ in range(max(1, workers))]
        self._free: asyncio.Queue[Worker] | None = None

    def _queue(self) -> asyncio.Queue[Worker]:
        if self._free is None:
            self._free = asyncio.Queue()
            for w in self.workers:
                self._free.put_nowait(w)
        return self._free

    async def run(self, timeout: float, fn: Callable[..., _T], *args: Any) -> _T:
        """``fn(*args)`` on a free worker; a worker that overruns ``timeout`` is killed
        (``TimeoutError``); one that breaks is replaced and the move tried once more."""
        free = self._queue()
        worker = await free.get()
        try:
            loop = asyncio.get_running_loop()
            for attempt in (1, 2):
                try:
                    future = loop.run_in_executor(worker.pool(), fn, *args)
                    return await asyncio.wait_for(future, timeout)
                except TimeoutError:
                    worker.kill()
                    raise
                except BrokenProcessPool:
                    worker.kill()
                    if attempt == 2:
                        raise
            raise AssertionError("unreachable")
        finally:
            free.put_nowait(worker)

    def kill(self) -> None:
        for w in self.workers:
            w.kill()


class BotPool:
    """The bot lanes: ``quick`` for greedy and random (and every fallback), ``search`` for the
    rest (``workers`` processes)."""

    def __init__(self, workers: int = 1, cap_ms: float | None = None) -> None:
        self.quick = Lane(1)
        self.search = Lane(workers)
        self.cap_ms = cap_ms

    def warm(self) -> None:
        """Start the workers now (spawning one takes a while) rather than at the first bot move."""
        for lane in (self.quick, self.search):
            for w in lane.workers:
                w.warm()

    async def move(self, state, seat: int, spec: str,
                   mind: bytes | None = None) -> tuple[str, str | None, bytes | None]:
        """``(notation, problem, mind)``: the bot's move and the bot afterwards (pickled, for
        its next move), or greedy's move with the reason the bot's was not used (it failed or
        overran its budget) and ``mind`` as it was."""
        record = state.record()
        problem = None
        lane = self.quick if is_quick(spec, state.game_name, state.num_players) else self.search
        limit = budget_s(spec, self.cap_ms)
        try:
            text, after = await lane.run(limit, decide, record, seat, spec, self.cap_ms, mind)
            state.parse_action(text)  # it must be legal here
            return text, None, after
        except TimeoutError:
            problem = f"{spec} did not answer within {limit:.0f} s"
        except Exception as exc:  # the bot's own failure, whatever it is
            problem = f"{spec} failed: {type(exc).__name__}: {str(exc)[:200]}"
        if spec == FALLBACK:
            raise RuntimeError(problem)
        fallback, _ = await self.quick.run(DEFAULT_BUDGET_S + GRACE_S, decide, record, seat, FALLBACK, None)
        return fallback, problem, mind

    def close(self) -> None:
        """Stop at once: kill every worker, whatever it is thinking."""
        self.quick.kill()
        self.search.kill()
