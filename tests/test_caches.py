"""The engine's memo tables (``acreage.core.caches``): registered, and emptied together."""

from __future__ import annotations

from functools import cache
from typing import NamedTuple

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


def test_shared_actions_make_each_action_once_and_forget_them_with_the_memo_tables():
    class Move(NamedTuple):
        kind: int
        a: int = 0

    made = caches.shared_actions(Move)
    first = made(3, 7)
    assert first == Move(3, 7) and made(3, 7) is first and made(3, 8) is not first
    caches.clear_all()
    again = made(3, 7)
    assert again == first and again is not first


def test_a_made_once_table_makes_each_entry_on_first_lookup_and_is_emptied_with_the_rest():
    made = []

    def make(key: int) -> tuple:
        made.append(key)
        return ("made", key)

    table = caches.MadeOnce(make)
    first = [*map(table.__getitem__, [3, 1, 3])]
    assert first == [("made", 3), ("made", 1), ("made", 3)] and made == [3, 1]
    assert first[0] is first[2]  # one object per key
    caches.clear_all()
    assert len(table) == 0
    assert table[3] == ("made", 3) and made == [3, 1, 3]


def test_a_made_once_table_with_a_limit_starts_afresh_when_full():
    table = caches.MadeOnce(lambda key: [key], limit=2)
    a, b = table[1], table[2]
    assert len(table) == 2 and table[1] is a  # a hit leaves it as it is
    c = table[3]  # full: emptied, then the new entry made
    assert c == [3] and len(table) == 1 and table[1] is not a and b == [2]
