"""A hand-tuned evaluation of a Foxglove Farm town, for greedy play and rollouts.

It reads only public facts (towns, scores, round) — never the order of the stacks — so it is
safe on a determinized copy. The value is points already scored plus an estimate of what the
cubes and the engine will still be worth:

* a cube waiting on a converter that uses it is worth its share of that conversion's points,
  more when the partner inputs are there too;
* a cube on an end-game holder (Ranch, Storehouse…) is worth what it will score;
* wood and stone anywhere are building currency while construction phases remain;
* each producer and converter is worth its yield over the rounds left;
* in round 4 the end-game effects are counted exactly.
"""

from __future__ import annotations

from .content import TILES
from .goods import NUM_GOODS, STONE, WOOD
from .state import CONSTRUCTION, OVER, PRODUCTION

# Rough value of one produced cube of each type (wood, stone, wheat, coal, sheep).
_CUBE_VALUE = (1.0, 1.2, 1.6, 1.8, 1.8)


def _converter_share(kind, g: int) -> float:
    best = 0.0
    for eff in kind.effects:
        if eff.when != "processing":
            continue
        if eff.kind == "convert" and eff.inputs[g]:
            n = sum(eff.inputs)
            out = eff.points + sum(eff.goods[h] * _CUBE_VALUE[h] for h in range(NUM_GOODS))
            best = max(best, out / n)
        elif eff.kind == "convert_distinct":
            best = max(best, eff.points / eff.count)
    return best


_SHARE = [[_converter_share(t, g) for g in range(NUM_GOODS)] for t in TILES]


def _engine_value(kind, rounds_left: int) -> float:
    value = 0.0
    for eff in kind.effects:
        if eff.when == "production":
            if eff.kind == "gain":
                value += eff.points + 0.8 * sum(eff.goods[g] * _CUBE_VALUE[g] for g in range(NUM_GOODS))
            elif eff.kind in ("breed", "score_held"):
                value += 1.5 if eff.points >= 0 else -1.0
        elif eff.when == "processing":
            value += 1.0
    return value * rounds_left


def evaluate(state, seat: int) -> float:
    """Higher is better for ``seat``."""
    if state.phase == OVER:
        return float(state.points[seat])
    rnd = state.round
    # Production phases still to come for tiles built now, and construction phases left.
    rounds_left = 4 - rnd if state.phase >= CONSTRUCTION or state.phase == PRODUCTION else 4 - rnd
    builds_left = 4 - rnd + (1 if state.phase <= CONSTRUCTION else 0)
    value = float(state.points[seat])
    cubes = state.cubes[seat]
    for b, tid in enumerate(state.kinds[seat]):
        kind = TILES[tid]
        base = b * NUM_GOODS
        held = cubes[base:base + NUM_GOODS]
        value += _engine_value(kind, rounds_left)
        for g in range(NUM_GOODS):
            n = held[g]
            if not n:
                continue
            share = _SHARE[tid][g]
            if share:
                partners = all(
                    held[h] >= eff.inputs[h]
                    for eff in kind.effects if eff.kind == "convert" and eff.inputs[g]
                    for h in range(NUM_GOODS)
                )
                value += n * share * (0.95 if partners else 0.6)
            elif g in (WOOD, STONE) and builds_left > 0:
                value += n * 0.9
            else:
                value += n * 0.3
    if rnd == 4:
        value += state.end_game_points(seat)
    else:
        for b, tid in enumerate(state.kinds[seat]):
            for eff in TILES[tid].effects:
                if eff.when == "end" and eff.kind == "score_held":
                    base = b * NUM_GOODS
                    n = sum(cubes[base:base + NUM_GOODS]) if eff.held < 0 else cubes[base + eff.held]
                    value += 0.9 * eff.points * n
                elif eff.when == "end":
                    value += 4.0
    return value
