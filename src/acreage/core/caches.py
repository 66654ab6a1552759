"""Module-level memo tables, registered so that they can all be emptied at once.

Why: a few hot lookups (a Foxglove town's trail network, a cell's ring, trail distances, the
planner's plans) are remembered in module-level tables keyed by what they depend on. That is
safe in play: an entry is a pure function of its key. But a test that changes the code behind
an entry (mutation testing swaps a function for a mutant; a test that patches a rule) would read
entries computed by the old code, and test outcomes would depend on which tests ran before.
``clear_all()`` empties every registered table; the test suite calls it before each test.

A table is any object with ``clear()`` (a dict, an OrderedDict) or a function wrapped by
``functools.cache`` (its ``cache_clear`` is called).
"""

from __future__ import annotations

from typing import Any, TypeVar

T = TypeVar("T")

_CLEARERS: list[Any] = []


def memo_table(table: T) -> T:
    """Register ``table`` (a dict, or a ``functools.cache`` function) and return it unchanged."""
    clear = getattr(table, "cache_clear", None) or getattr(table, "clear", None)
    if clear is None:
        raise TypeError(f"{table!r} has neither clear() nor cache_clear(): it cannot be a memo table")
    _CLEARERS.append(clear)
    return table


def clear_all() -> None:
    """Empty every registered memo table (the next lookup recomputes its entry)."""
    for clear in _CLEARERS:
        clear()
