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

from collections.abc import Callable
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


class MadeOnce(dict):
    """A memo table that makes a missing entry from its key on first lookup.

    Why: a legal list is often one made object per key (a cell, a packed int); with the
    making in ``__missing__``, ``[*map(table.__getitem__, keys)]`` builds the whole list in C,
    where a Python loop would ask ``get`` and test for ``None`` at every key. Registered as a
    memo table (emptied between tests). With ``limit``, a table keyed by what play meets
    without end (the towns, the displays of many games) starts afresh once it holds that
    many entries, so a long-running process's memory stays bounded."""

    __slots__ = ("_make", "_limit")

    def __init__(self, make: Callable[[Any], Any], limit: int | None = None) -> None:
        super().__init__()
        self._make = make
        self._limit = limit
        memo_table(self)

    def __missing__(self, key: Any) -> Any:
        if self._limit is not None and len(self) >= self._limit:
            self.clear()
        made = self[key] = self._make(key)
        return made


def shared_actions(action_type: Callable[..., T]) -> Callable[..., T]:
    """``made(*fields)``: the action with those fields, made once and shared.

    Why: a search lists the same actions of a position thousands of times; making a
    ``NamedTuple`` is a Python-level call that costs about twice a lookup here, and a shared
    action is found in a legal list by identity before any comparison. The table is a memo
    table (emptied between tests). A game's hottest lists may key their own table by a packed
    int instead, which is cheaper still than this tuple key."""
    table: dict[tuple, T] = memo_table({})

    def made(*fields: int) -> T:
        action = table.get(fields)
        if action is None:
            action = table[fields] = action_type(*fields)
        return action

    return made
