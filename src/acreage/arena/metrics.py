"""Per-game metrics hooks: ``metrics(state) -> dict`` stored in every results row.

The arena knows no game: a game declares its hook as ``GameInfo.metrics``; anyone may replace
it (or switch it off) for one game name::

    from acreage.arena import metrics
    metrics.register("mygame", lambda state: {"captures": [...per seat...]})

Conventions the report understands (any other JSON value is stored and left alone):

- a list with one number per seat (``"trails": [3, 5]``) is averaged per agent;
- a list with one list of names per seat (``"tiles": [["Bakery"], []]``) gets the balance view:
  win rate and mean score of players who had each name vs those who did not.

A hook registered here must be importable by pool workers and Ray tasks: register it at import
time of a module the workers import.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ..core.registry import game_info

MetricsHook = Callable[[Any], dict]

#: Hooks set here, by game name; ``None`` switches a game's own hook off.
_HOOKS: dict[str, MetricsHook | None] = {}


def register(game_name: str, fn: MetricsHook | None) -> None:
    """Use ``fn(state) -> dict`` for finished games of ``game_name`` instead of the game's own."""
    _HOOKS[game_name] = fn


def unregister(game_name: str) -> None:
    """No metrics for ``game_name`` (not even the game's own)."""
    _HOOKS[game_name] = None


def hook_for(game_name: str) -> MetricsHook | None:
    if game_name in _HOOKS:
        return _HOOKS[game_name]
    return game_info(game_name).metrics


def metrics_for(state) -> dict:
    """The metrics hook's result for a finished ``state`` ({} when the game has none)."""
    fn = hook_for(state.game_name)
    if fn is None:
        return {}
    out = fn(state)
    if not isinstance(out, dict):
        raise TypeError(f"the metrics hook for {state.game_name!r} returned {type(out).__name__}, not a dict")
    return out
