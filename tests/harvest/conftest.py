"""Register Harvest for these tests only (rule IDs: shared/rules/harvest.md)."""

from __future__ import annotations

import pytest

from acreage.core import registry
from acreage.games.harvest import GAME_INFO


@pytest.fixture(autouse=True, scope="module")
def _registered():
    """Register the game so new_game, replay and load_state find it; unregister afterwards."""
    was = registry._LOADED.get(GAME_INFO.name)
    registry.register(GAME_INFO)
    yield
    if was is None:
        registry._LOADED.pop(GAME_INFO.name, None)
