"""Production at the start of each round, and the owner's choice of what to keep when a mix
does not fit (FF-PRD).

Functions of the state: ``produce`` runs when a round begins (``rounds.begin_round``); a gain
that does not fit waits as a ``frames.Keep`` decision, answered by ``keep_legal``/``keep_do``.
"""

from __future__ import annotations

from . import effects as fx
from .actions import KEEP, Action
from .constants import _HAS_PRODUCTION
from .content import TILES
from .events import goods_dict, source
from .frames import Keep
from .geometry import cell_name
from .goods import GOODS, NUM_GOODS
from .scoring import gain


def produce(state) -> None:
    """Every production effect of every seat, in seat order from the start player; a gain
    that does not fit leaves a ``Keep`` decision, the start player's first (FF-PRD-1..8)."""
    log = state._events
    keeps = []
    for i in range(state.num_players):
        seat = (state.start_player + i) % state.num_players
        cubes = state.cubes[seat]
        points = 0
        for b, tid in enumerate(state.building_tiles[seat]):
            if not _HAS_PRODUCTION[tid]:
                continue
            if log is not None:
                before = cubes[b * NUM_GOODS:(b + 1) * NUM_GOODS]
            p, choices = fx.produce(TILES[tid], cubes, b * NUM_GOODS)
            points += p
            for vec, free in choices:
                keeps.append(Keep(seat, b, vec, free))
            if log is not None:
                _log_production(state, seat, b, before, p, choices)
        if points:
            gain(state, seat, points)  # FF-PRD-8: summed, applied once, floored
    state.frames.extend(reversed(keeps))


def _log_production(state, seat: int, b: int, before: list[int], points: int, choices: list) -> None:
    """The ``produce`` event of building ``b``: what it gained, lost and left to choose."""
    kind = TILES[state.building_tiles[seat][b]]
    base = b * NUM_GOODS
    cubes = state.cubes[seat]
    gained = [cubes[base + g] - before[g] for g in range(NUM_GOODS)]
    offered = [0] * NUM_GOODS
    for eff in kind.effects:
        if eff.when != "production":
            continue
        if eff.kind == "gain":
            for g in range(NUM_GOODS):
                offered[g] += eff.goods[g]
        elif eff.kind == "breed":
            offered[eff.held] += eff.per_pair * (before[eff.held] // 2)
    pending = [0] * NUM_GOODS
    for vec, _free in choices:
        for g in range(NUM_GOODS):
            pending[g] += vec[g]
    lost = [max(0, offered[g] - gained[g] - pending[g]) for g in range(NUM_GOODS)]
    state._events.add("produce", seat, {
        "tile": kind.name, "cell": cell_name(state.building_cells[seat][b]), "gained": goods_dict(gained),
        "lost": goods_dict(lost), "to_choose": goods_dict(pending), "points": points,
        "source": source(kind.name, "production"),
    })


# ---------------------------------------------------------------- keeping part of a gain (FF-PRD-3/4)
def keep_legal(state, top: Keep) -> list[Action]:
    """One cube of any type still offered."""
    goods = top.goods
    return [Action(KEEP, g) for g in range(NUM_GOODS) if goods[g]]


def keep_do(state, top: Keep, action: Action) -> None:
    """Keep one cube; while slots and offered cubes remain, what fits by itself is placed and
    the rest asked again; the cubes left over are lost."""
    seat, b, free = top.seat, top.building, top.free
    g = action.a
    cubes = state.cubes[seat]
    cubes[b * NUM_GOODS + g] += 1
    vec = list(top.goods)
    vec[g] -= 1
    free -= 1
    state.frames.pop()
    log = state._events
    if log is not None:
        name = TILES[state.building_tiles[seat][b]].name
        log.add("keep", seat, {"tile": name, "good": GOODS[g]})
        before = cubes[b * NUM_GOODS:(b + 1) * NUM_GOODS]
    if free > 0 and any(vec):
        pending = fx.place_goods(cubes, b * NUM_GOODS, TILES[state.building_tiles[seat][b]].slots, vec)
        if pending is not None:
            state.frames.append(Keep(seat, b, pending[0], pending[1]))
            return
    if log is not None:
        placed = [cubes[b * NUM_GOODS + x] - before[x] for x in range(NUM_GOODS)]
        lost = [vec[x] - placed[x] for x in range(NUM_GOODS)]
        if any(lost):
            log.add("discard", seat, {"tile": name, "goods": goods_dict(lost)})
