"""A hand-tuned evaluation of a Foxglove Farm town, for greedy play and rollouts.

It reads only public facts (towns, scores, round) — never the order of the stacks — so it is
safe on a determinized copy. The value is points already scored plus an estimate of what the
cubes and the engine will still be worth:

* a cube is worth the best use it can still reach: its share of a conversion's points on a
  converter it sits on or can be moved to (more when the partner inputs are there), or what it
  will score on an end-game holder such as the Ranch;
* wood and stone are building currency while construction phases remain;
* a producer is worth its yield over the rounds left — more when its goods can reach a use,
  which is what makes trails worth building;
* in round 4 the end-game effects are counted exactly.
"""

from __future__ import annotations

from .content import TILES
from .goods import NUM_GOODS, STONE, WOOD
from .state import CONSTRUCTION, OVER

_CUBE_VALUE = (1.0, 1.2, 1.6, 1.8, 1.8)  # rough worth of a loose cube of each type


def _use_value(kind, g: int) -> float:
    """Points one cube of type ``g`` can earn on this tile (0 if the tile has no use for it)."""
    best = 0.0
    for eff in kind.effects:
        if eff.when == "processing":
            if eff.kind == "convert" and eff.inputs[g]:
                out = eff.points + sum(eff.goods[h] * _CUBE_VALUE[h] for h in range(NUM_GOODS))
                best = max(best, out / sum(eff.inputs))
            elif eff.kind == "convert_distinct":
                best = max(best, eff.points / eff.count)
        elif eff.kind == "score_held" and eff.points > 0 and (eff.held < 0 or eff.held == g):
            best = max(best, float(eff.points))
    return best


_USE = [[_use_value(t, g) for g in range(NUM_GOODS)] for t in TILES]


def _yield(kind) -> tuple[float, list[int]]:
    """Points per production phase and goods types produced."""
    points, goods = 0.0, []
    for eff in kind.effects:
        if eff.when != "production":
            continue
        if eff.kind == "gain":
            points += eff.points
            goods += [g for g in range(NUM_GOODS) if eff.goods[g]]
        elif eff.kind == "breed":
            goods.append(eff.held)
        elif eff.kind == "score_held":
            points += eff.points * 1.5
    return points, goods


_YIELD = [_yield(t) for t in TILES]


def evaluate(state, seat: int) -> float:
    """Higher is better for ``seat``."""
    if state.phase == OVER:
        return float(state.points[seat])
    rnd = state.round
    productions_left = 4 - rnd  # production phases still to come
    builds_left = productions_left + (1 if state.phase <= CONSTRUCTION else 0)
    value = float(state.points[seat])
    cubes = state.cubes[seat]
    kinds = state.kinds[seat]
    bcell = state.bcell[seat]
    topo = state._topology(seat)
    expert = seat in state.options.get("expert", ())
    free = [TILES[t].slots - sum(cubes[b * NUM_GOODS:(b + 1) * NUM_GOODS]) for b, t in enumerate(kinds)]

    def best_use(b: int, g: int) -> float:
        own = _USE[kinds[b]][g]
        reach = 0.0
        for d in topo.reachable(bcell[b], g, expert):
            if d != b and free[d] > 0 and _USE[kinds[d]][g] > reach and TILES[kinds[d]].accepts >> g & 1:
                reach = _USE[kinds[d]][g]
        return max(own, 0.85 * reach)

    for b, tid in enumerate(kinds):
        kind = TILES[tid]
        base = b * NUM_GOODS
        points, goods = _YIELD[tid]
        if productions_left and (points or goods):
            use = sum(max(best_use(b, g), 0.4) for g in goods)
            value += productions_left * (points + 0.7 * use)
        for g in range(NUM_GOODS):
            n = cubes[base + g]
            if not n:
                continue
            use = best_use(b, g)
            if _USE[tid][g] and kind.has_processing:
                partners = all(
                    cubes[base + h] >= eff.inputs[h]
                    for eff in kind.effects if eff.kind == "convert" and eff.inputs[g]
                    for h in range(NUM_GOODS)
                )
                use *= 0.95 if partners else 0.6
            if g in (WOOD, STONE) and builds_left > 0:
                use = max(use, 1.1)
            value += n * max(use, 0.2)
    if rnd == 4:
        value += state.end_game_points(seat)
    else:
        for tid in kinds:
            for eff in TILES[tid].effects:
                if eff.when == "end" and eff.kind not in ("score_held", "full_bonus"):
                    value += 4.0
    return value
