"""What the three adapters share: reward schemes, seeds and a text rendering.

Pure Python (no numpy, no RL library), so it can be imported and tested anywhere.
"""

from __future__ import annotations

from typing import Any

from ..core.registry import GameInfo, game_info, new_game

#: Reward schemes, all paid once, when the game ends (see docs/interop.md).
REWARDS = ("auto", "rank", "score", "margin")


def resolve_reward(reward: str | None, players: int) -> str:
    """The concrete scheme: ``auto`` is ``rank`` with opponents and ``score`` in a solo game."""
    scheme = "auto" if reward is None else str(reward).strip().lower()
    if scheme not in REWARDS:
        raise ValueError(f"no reward scheme {reward!r}; choose one of {', '.join(REWARDS)}")
    if scheme == "auto":
        return "rank" if players > 1 else "score"
    if scheme == "rank" and players < 2:
        raise ValueError("reward='rank' needs at least 2 players; a solo game uses 'score'")
    return scheme


def final_rewards(state, scheme: str) -> list[float]:
    """Each seat's reward for a finished game under ``scheme`` (already resolved).

    * ``rank``: ``(seats placed below you − seats placed above you) / (n − 1)``. A sole winner
      gets +1 and a sole last −1; in between, places are spread evenly (4 players: +1, +1/3,
      −1/3, −1); tied seats (same place after every tie-break) share the value. The rewards
      always sum to 0.
    * ``score``: the seat's final points.
    * ``margin``: final points minus the mean of the other seats' points (sums to 0); in a solo
      game, the points.
    """
    n = state.num_players
    if scheme == "rank":
        places = state.ranking()
        return [
            (sum(1 for q in places if q > p) - sum(1 for q in places if q < p)) / (n - 1)
            for p in places
        ]
    points = [float(s) for s in state.scores()]
    if scheme == "score" or n == 1:
        return points
    total = sum(points)
    return [p - (total - p) / (n - 1) for p in points]


def default_players(info: GameInfo) -> int:
    """The player count an adapter uses when none is given: 2 where allowed."""
    return min(max(2, info.min_players), info.max_players)


def probe(game: str, players: int, options: dict[str, Any]):
    """A fresh state used to read sizes (action count, observation shape, game length)."""
    return new_game(game, players=players, seed=0, **options)


def canonical_name(game: str) -> str:
    return game_info(game).name


def render_text(state, seat: int | None = None) -> str:
    """A readable text view of what ``seat`` (default: the seat to act, else 0) may see."""
    if seat is None:
        seat = state.current_player if state.current_player is not None else 0
    obs = state.observation(seat)
    lines: list[str] = []
    head = []
    for key in ("game", "round", "phase", "scores"):
        if key in obs:
            head.append(f"{key}: {obs[key]}")
    lines.append(" | ".join(head) if head else f"{state.game_name}")
    decision = obs.get("decision")
    if decision:
        lines.append(f"decision: {decision}")
    for key, value in obs.items():
        if key in ("game", "round", "phase", "scores", "decision"):
            continue
        _render_value(lines, key, value, 0)
    return "\n".join(lines)


def _render_value(lines: list[str], key: str, value: Any, depth: int) -> None:
    pad = "  " * depth
    text = str(value)  # Python's own repr of plain data: fast, and readable enough
    if len(text) + len(pad) + len(key) <= 110 or not isinstance(value, (dict, list, tuple)) or not value:
        lines.append(f"{pad}{key}: {text}")
    elif isinstance(value, dict):
        lines.append(f"{pad}{key}:")
        for k, v in value.items():
            _render_value(lines, str(k), v, depth + 1)
    else:
        lines.append(f"{pad}{key}:")
        for i, v in enumerate(value):
            _render_value(lines, f"[{i}]", v, depth + 1)
