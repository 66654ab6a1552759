"""Per-game metrics hooks: ``metrics(state) -> dict`` stored in every results row.

The arena knows no game; a game (or anyone) registers a hook under the game's registered name::

    from acreage.arena import metrics
    metrics.register("mygame", lambda state: {"captures": [...per seat...]})

Conventions the report understands (any other JSON value is stored and left alone):

- a list with one number per seat (``"trails": [3, 5]``) is averaged per agent;
- a list with one list of names per seat (``"tiles": [["Bakery"], []]``) gets the balance view:
  win rate and mean score of players who had each name vs those who did not.

Hooks must be importable by pool workers and Ray tasks: register them at import time of a
module the workers import (built-in hooks below are registered when this module is imported,
and this module is imported by :mod:`acreage.arena.runner`). A hook must import its game lazily
(inside the function) so that importing the arena never imports a game.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

MetricsHook = Callable[[Any], dict]

_HOOKS: dict[str, MetricsHook] = {}


def register(game_name: str, fn: MetricsHook) -> None:
    """Use ``fn(state) -> dict`` for finished games of ``game_name`` (replaces an earlier hook)."""
    _HOOKS[game_name] = fn


def unregister(game_name: str) -> None:
    _HOOKS.pop(game_name, None)


def hook_for(game_name: str) -> MetricsHook | None:
    return _HOOKS.get(game_name)


def metrics_for(state) -> dict:
    """The registered hook's metrics for a finished ``state`` ({} when the game has none)."""
    fn = _HOOKS.get(state.game_name)
    if fn is None:
        return {}
    out = fn(state)
    if not isinstance(out, dict):
        raise TypeError(f"the metrics hook for {state.game_name!r} returned {type(out).__name__}, not a dict")
    return out


# --------------------------------------------------------------------------- built-in hooks
def foxglove_metrics(state) -> dict:
    """Foxglove Farm: tiles built (names; Forest and Mine left out), trails and cubes left per
    seat, and the solo result in a 1-player game.

    A tile name that exists in two tiers (Charcoal Kiln, A and B) is written with its tier,
    ``"Charcoal Kiln (B)"``; every other tile is written by its plain name.
    """
    from ..games.foxglove.content import TILES

    names = _foxglove_names(TILES)
    start = {t.id for t in TILES if t.tier == "start"}
    seats = range(state.num_players)
    out: dict[str, Any] = {
        "tiles": [[names[k] for k in state.kinds[s] if k not in start] for s in seats],
        "trails": [state.ntrails[s] for s in seats],
        "cubes_left": [state.cubes_in_town(s) for s in seats],
    }
    if state.num_players == 1:
        out["solo"] = state.solo_result()
    return out


_NAME_CACHE: dict[int, list[str]] = {}


def _foxglove_names(tiles) -> list[str]:
    key = id(tiles)
    if key not in _NAME_CACHE:
        count: dict[str, int] = {}
        for t in tiles:
            count[t.name] = count.get(t.name, 0) + 1
        _NAME_CACHE[key] = [t.name if count[t.name] == 1 else f"{t.name} ({t.tier})" for t in tiles]
    return _NAME_CACHE[key]


register("foxglove", foxglove_metrics)
