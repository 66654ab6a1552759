"""Shared helpers for the arena tests: tiny, fast configurations."""

from __future__ import annotations

import pytest

#: Random bots on short Foxglove games: a game takes a few milliseconds.
FAST = {"game": "foxglove", "players": 2, "agents": ["random", "random:seed=5"], "options": {"move_cap": 5}}


@pytest.fixture
def fast():
    return dict(FAST)
