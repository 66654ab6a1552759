"""Points, processing and the end of the game: the score floor, conversions, end-game effects,
rankings and the solo result (FF-RND-4, FF-PRC, FF-END, FF-SOLO-10).

Functions of the state. What each end-game effect is worth is a question (``queries``);
this chapter adds the points.
"""

from __future__ import annotations

from . import effects as fx
from .constants import _HAS_PROCESSING, OVER
from .content import TILES
from .events import FLOOR_SOURCE, goods_dict, source
from .goods import NUM_GOODS
from .queries import cubes_in_town, end_game_points, end_points_by_building, tiles_in_town
from .rulings import SOLO_SETUPS, SOLO_THRESHOLDS


def gain(state, seat: int, points: int) -> None:
    """Add points (or take them away) as soon as they are earned; a score never goes below
    zero (FF-RND-4, FF-END-8)."""
    score = state.points[seat] + points
    state.points[seat] = score if score > 0 else 0
    if score < 0 and state._events is not None:
        state._events.add("floor", seat, {"points": -score, "source": FLOOR_SOURCE})


# ---------------------------------------------------------------- processing (FF-PRC, FF-FIN-3/6)
def process_all(state, seat: int) -> int:
    """Run every conversion the seat's buildings can make, as often as they can; return the
    points earned."""
    cubes = state.cubes[seat]
    points = 0
    log = state._events
    for b, tid in enumerate(state.building_tiles[seat]):
        if _HAS_PROCESSING[tid]:
            if log is None:
                points += fx.process(TILES[tid], cubes, b * NUM_GOODS)
                continue
            base = b * NUM_GOODS
            before = cubes[base:base + NUM_GOODS]
            counts: list[int] = []
            p = fx.process(TILES[tid], cubes, base, counts)
            points += p
            if any(counts):
                _log_processing(state, seat, b, before, p, sum(counts))
    if points:
        gain(state, seat, points)
    return points


def _log_processing(state, seat: int, b: int, before: list[int], points: int, times: int) -> None:
    """The ``process`` event of building ``b``: the conversions run and their points."""
    kind = TILES[state.building_tiles[seat][b]]
    base = b * NUM_GOODS
    after = state.cubes[seat][base:base + NUM_GOODS]
    used = [max(0, before[g] - after[g]) for g in range(NUM_GOODS)]
    made = [max(0, after[g] - before[g]) for g in range(NUM_GOODS)]
    state._events.add("process", seat, {
        "tile": kind.name, "times": times, "used": goods_dict(used), "made": goods_dict(made),
        "points": points, "source": source(kind.name, "processing"),
    })


# ---------------------------------------------------------------- the end of the game (FF-END)
def end_game(state) -> None:
    """End-game effects are scored on every town, then the game is over (FF-END-1/2)."""
    log = state._events
    for seat in range(state.num_players):
        if log is not None:
            for b, pts in enumerate(end_points_by_building(state, seat)):
                if pts:
                    name = TILES[state.building_tiles[seat][b]].name
                    log.add("end_effect", seat, {"tile": name, "points": pts,
                                                 "source": source(name, "end of game")})
        gain(state, seat, end_game_points(state, seat))
    state.phase = OVER
    state.undo_mark += 1
    state.frames.clear()
    if log is not None:
        log.add("game_over", None, {"scores": state.scores(), "ranking": state.ranking()})


def rank_keys(state) -> list[tuple]:
    """Most points, then fewest cubes left, then most tiles, trails included (FF-END-3..6)."""
    return [
        (state.points[s], -cubes_in_town(state, s), tiles_in_town(state, s))
        for s in range(state.num_players)
    ]


def solo_result(state) -> dict | None:
    """Score and highest threshold reached (FF-SOLO-10), for a finished solo game."""
    if not state.solo or state.phase != OVER:
        return None
    score = state.points[0]
    reached = [t for t in SOLO_THRESHOLDS if score >= t]
    return {
        "setup": state.options.get("solo_setup", 1),
        "setup_name": SOLO_SETUPS[state.options.get("solo_setup", 1)][0],
        "score": score,
        "threshold": reached[-1] if reached else None,
        "thresholds": list(SOLO_THRESHOLDS),
    }
