"""Foxglove Farm's metrics of a finished game, stored in every arena row (``GameInfo.metrics``;
the conventions the arena's report understands are in ``arena/metrics.py``)."""

from __future__ import annotations

from typing import Any

from .content import TILES


def _names() -> list[str]:
    """Tile names by id; a name two tiers share (Charcoal Kiln, A and B) carries its tier."""
    count: dict[str, int] = {}
    for t in TILES:
        count[t.name] = count.get(t.name, 0) + 1
    return [t.name if count[t.name] == 1 else f"{t.name} ({t.tier})" for t in TILES]


NAMES = _names()
_START = frozenset(t.id for t in TILES if t.tier == "start")


def metrics(state) -> dict[str, Any]:
    """Tiles built (names; Forest and Mine left out), trails and cubes left per seat, and the
    solo result in a 1-player game."""
    seats = range(state.num_players)
    out: dict[str, Any] = {
        "tiles": [[NAMES[k] for k in state.building_tiles[s] if k not in _START] for s in seats],
        "trails": [state.trails_laid[s] for s in seats],
        "cubes_left": [state.cubes_in_town(s) for s in seats],
    }
    if state.num_players == 1:
        out["solo"] = state.solo_result()
    return out
