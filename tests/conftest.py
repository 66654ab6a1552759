"""Shared by every test: each test starts with the engine's memo tables empty.

The engine remembers a few pure lookups in module-level tables (``acreage.core.caches``). A test
must not pass or fail by what earlier tests left there, and mutation testing swaps functions for
mutants inside one process: a table filled by the original code would hide the mutant. The cost
is a few recomputed lookups per test.
"""

from __future__ import annotations

import pytest

from acreage.core import caches


@pytest.fixture(autouse=True)
def _empty_memo_tables():
    caches.clear_all()
    yield
