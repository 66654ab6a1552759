"""A wall-clock deadline that a bot's search sets and a game's costly internals honour.

Why: a bot with a time budget checks its clock between the positions it expands, but one step
of a game can hide seconds of work (Foxglove's transport planner solves a model, and solves it
again with more work when the first plan is poor). Past the search's hard stop such a step
would keep the player waiting for a result the search is about to throw away: a `beam:ms=1000`
decision took 48 s once (research/bots-experiments.md, the entry that gave the beam its clock,
2026-12-02). The search announces its deadline here; a game's planner cuts its solves short at
it and does not keep what it found in a hurry.

The core stays free of any game: this module only holds the time, in ``time.perf_counter()``
seconds. Searches without a time budget set nothing, so their results stay the same on any
machine.
"""

from __future__ import annotations

import time
from collections.abc import Iterator
from contextlib import contextmanager

_AT: float | None = None


def current() -> float | None:
    """The deadline of the search running now, or None."""
    return _AT


def passed() -> bool:
    """Whether a search's deadline is set and has passed."""
    return _AT is not None and time.perf_counter() >= _AT


@contextmanager
def until(at: float | None) -> Iterator[None]:
    """Set the deadline to ``at`` (None: no deadline) inside the block; an earlier deadline of
    an enclosing search stays in force. Restored on leaving, also on an error."""
    global _AT
    before = _AT
    if at is not None:
        _AT = at if before is None else min(at, before)
    try:
        yield
    finally:
        _AT = before
