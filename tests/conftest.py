"""Shared by every test: each test starts with the engine's memo tables empty.

The engine remembers a few pure lookups in module-level tables (``acreage.core.caches``). A test
must not pass or fail by what earlier tests left there, and mutation testing swaps functions for
mutants inside one process: a table filled by the original code would hide the mutant. The cost
is a few recomputed lookups per test.

Tests marked ``bot_search`` check a bot's search (the planner against brute force, its time
limits, value playouts, move pruning): they play the rules many thousand times and took two
thirds of each Foxglove mutant's time, without being rule tests. ``tools/mutate.py`` sets
``ACREAGE_MUTATION_RUN=1`` and they are then left out; every other run keeps them.
"""

from __future__ import annotations

import os

import pytest

from acreage.core import caches

# The helper modules that build positions for the tests of each folder: their checks get
# pytest's detailed failure messages too.
pytest.register_assert_rewrite("tests.harvest.helpers", "tests.fields_of_green.helpers",
                               "tests.foxglove.helpers", "tests.web.helpers")


@pytest.fixture(autouse=True)
def _empty_memo_tables():
    caches.clear_all()
    yield


def pytest_configure(config):
    config.addinivalue_line(
        "markers", "bot_search: a slow test of a bot's search, not of a rule; left out of mutation runs")


def pytest_collection_modifyitems(config, items):
    if os.environ.get("ACREAGE_MUTATION_RUN") != "1":
        return
    kept, left_out = [], []
    for item in items:
        (left_out if item.get_closest_marker("bot_search") else kept).append(item)
    if left_out:
        config.hook.pytest_deselected(items=left_out)
        items[:] = kept
