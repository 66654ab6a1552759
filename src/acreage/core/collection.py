"""Fewer garbage collections while a search runs.

Why: a tree search makes and drops tens of thousands of small containers a second (positions'
lists and tuples, a judgement's working tables), almost all freed by their reference counts at
once. CPython's cyclic collector still runs a young-generation pass every 700 net new
containers, and every tenth of those a larger one, and each pass walks the long-lived search
tree and the game's caches too: about a tenth of a 4-player Foxglove MCTS search's time
(docs/performance.md, 2026-12-07). Nothing a search makes forms reference cycles that must go
quickly, so during a search the young generation is let grow to ``YOUNG`` containers between
passes; the collector still runs, and the usual thresholds come back when the last search
running in the process ends (a count, so nested or concurrent searches restore them once).
"""

from __future__ import annotations

import gc
import threading
from collections.abc import Iterator
from contextlib import contextmanager

#: Net new containers between young-generation passes while a search runs (CPython's
#: default is 700).
YOUNG = 20_000

_lock = threading.Lock()
_active = 0
_saved: tuple[int, int, int] | None = None


@contextmanager
def fewer_collections() -> Iterator[None]:
    """Raise the young generation's threshold to ``YOUNG`` inside the block (never lower it,
    nor turn on a collector switched off by a zero threshold), restoring the process's
    thresholds when the last such block ends, also on an error."""
    global _active, _saved
    with _lock:
        if _active == 0:
            _saved = gc.get_threshold()
            young, *older = _saved
            if 0 < young < YOUNG:  # 0: the collector is off by threshold; left so
                gc.set_threshold(YOUNG, *older)
        _active += 1
    try:
        yield
    finally:
        with _lock:
            _active -= 1
            if _active == 0 and _saved is not None:
                gc.set_threshold(*_saved)
                _saved = None
