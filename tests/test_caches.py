"""The engine's memo tables (``acreage.core.caches``): registered, and emptied together."""

from __future__ import annotations

from functools import cache

import pytest

import acreage
from acreage.core import caches
from acreage.games.foxglove import geometry, queries


def test_clear_all_empties_dicts_and_cached_functions():
    table = caches.memo_table({})
    calls = []

    @caches.memo_table
    @cache
    def square(n: int) -> int:
        calls.append(n)
        return n * n

    table["k"] = 1
    assert square(3) == 9 and square(3) == 9 and calls == [3]
    caches.clear_all()
    assert table == {}
    assert square(3) == 9 and calls == [3, 3]  # recomputed after the clear


def test_a_table_must_be_clearable():
    with pytest.raises(TypeError, match="cannot be a memo table"):
        caches.memo_table(object())


def test_foxglove_rules_tables_are_registered_and_refilled_on_demand():
    """The trail-network and ring tables fill as a game is played and empty with clear_all()."""
    state = acreage.new_game("foxglove", players=2, seed=1)
    state.legal_actions()
    queries.topology(state, 0)
    geometry.ring(geometry.cell_of(0, 0))
    assert queries._TOPOLOGIES and geometry._RING
    caches.clear_all()
    assert not queries._TOPOLOGIES and not geometry._RING
    again = acreage.new_game("foxglove", players=2, seed=1)
    assert queries.topology(again, 0).comp == queries.topology(state, 0).comp  # recomputed, the same
