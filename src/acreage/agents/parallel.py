"""Root-parallel search: helper processes that search the same position as an MCTS agent.

Why: a Python search runs on one core, and a player's machine has several. The simplest
parallel MCTS that holds up (root parallelization, Chaslot et al. 2008, "Parallel Monte-Carlo
Tree Search") lets each process grow its own tree from the same position with its own random
stream, for the same time, and then adds up the root's statistics: the choice is the action
with the most visits over all trees. The trees share nothing while they search, so the
processes never wait for each other, and a determinized search (a fresh sample of the hidden
stacks each iteration) loses nothing by being split: each tree samples its own worlds.

How: ``SearchTeam`` starts ``n`` helper processes once and keeps them for the agent's life.
Each holds an ``MctsAgent`` with the same options (alone, ``workers=1``) and a seed of its
own, so a helper's tree survives between decisions as the agent's does (``reuse``): with
every request the agent sends the turn it chose last and the steps it has returned since,
and the helper keeps that child's subtree when those match what the tree foresaw. A state
travels by pickle (about 2 KB for a Foxglove position, well under a millisecond).
"""

from __future__ import annotations

import multiprocessing
import traceback
import weakref
from typing import Any

#: One child of a search's root, as a helper reports it: (action, visits counting the prior's
#: virtual ones, their summed reward, the turn's steps after the action, real visits).
RootStat = tuple[Any, float, float, tuple, int]


def root_stats(root) -> list[RootStat]:
    """The statistics of a root's children that the choice is made from."""
    out = []
    for action, child in root.children.items():
        steps = tuple(root.heads.get(action, ())) if child.fresh else child.path
        out.append((action, child.visits + child.virtual, child.reward + child.bias, steps,
                    child.visits))
    return out


def merge(stats: list[list[RootStat]], legal) -> tuple[Any, tuple] | None:
    """The action with the most visits over all trees (ties: the higher summed reward), and the
    steps to play after it: those of the tree that visited it most for real (the first tree on
    a tie, so the agent's own tree wins over its helpers'). None if no tree has a legal child."""
    allowed = set(legal)
    weight: dict = {}
    value: dict = {}
    steps: dict = {}
    for tree in stats:
        for action, w, v, path, real in tree:
            if action not in allowed:
                continue
            weight[action] = weight.get(action, 0.0) + w
            value[action] = value.get(action, 0.0) + v
            if action not in steps or real > steps[action][0]:
                steps[action] = (real, path)
    if not weight:
        return None
    best = max(weight, key=lambda a: (weight[a], value[a]))
    return best, steps[best][1]


def _serve(conn, options: dict, seed: int) -> None:
    """A helper's loop: search each position it is sent, answer with the root's statistics."""
    from .mcts import MctsAgent

    agent = MctsAgent(seed=seed, **options)
    while True:
        try:
            request = conn.recv()
        except (EOFError, OSError):
            return
        if request is None:
            return
        try:
            conn.send(("ok", agent.helper_search(*request)))
        except Exception:  # noqa: BLE001 - reported to the agent, which raises it
            conn.send(("error", traceback.format_exc()))


def _shutdown(conns, procs) -> None:
    for conn in conns:
        try:
            conn.send(None)
            conn.close()
        except (OSError, ValueError):
            pass
    for proc in procs:
        proc.join(timeout=2)
        if proc.is_alive():
            proc.terminate()


class SearchTeam:
    """``len(seeds)`` helper processes, each an ``MctsAgent(**options)`` with its own seed.

    ``ask`` sends one search request to every helper without waiting; ``collect`` waits for
    their answers. Raises ``RuntimeError`` if the processes cannot be started (for example
    inside a daemonic pool worker, which may not have children)."""

    def __init__(self, options: dict, seeds: list[int]) -> None:
        ctx = multiprocessing.get_context()
        self._conns: list = []
        self._procs: list = []
        try:
            for i, seed in enumerate(seeds):
                parent, child = ctx.Pipe()
                proc = ctx.Process(target=_serve, args=(child, options, seed), daemon=True,
                                   name=f"acreage-mcts-helper-{i}")
                proc.start()
                child.close()
                self._conns.append(parent)
                self._procs.append(proc)
        except (AssertionError, OSError) as exc:
            _shutdown(self._conns, self._procs)
            raise RuntimeError(f"cannot start search helper processes: {exc}") from None
        self._finalizer = weakref.finalize(self, _shutdown, self._conns, self._procs)
        self._pending = False

    def __len__(self) -> int:
        return len(self._conns)

    def ask(self, request: tuple) -> None:
        if self._pending:  # answers of a search the agent abandoned (it raised): drop them
            for conn in self._conns:
                conn.recv()
        for conn in self._conns:
            conn.send(request)
        self._pending = True

    def collect(self) -> list[tuple[list[RootStat], int]]:
        """Every helper's answer: (root statistics, iterations it ran)."""
        self._pending = False
        answers = [conn.recv() for conn in self._conns]
        for status, payload in answers:
            if status != "ok":
                raise RuntimeError(f"an MCTS helper process failed:\n{payload}")
        return [payload for _status, payload in answers]

    def close(self) -> None:
        """Stop the helpers (also done when the team is garbage-collected or at exit)."""
        self._finalizer()
