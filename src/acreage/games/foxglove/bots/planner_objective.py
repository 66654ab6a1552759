"""The planner's objective: what a town left after its transport stage is worth.

Points scored by processing are exact; what is *left* is valued by :class:`Weights` (cubes on
end-game tiles, cubes that score at the next production, inputs waiting on converters, slots the
next production can fill), turned into integer coefficients per building kind (``SCALE``
hundredths of a point) so that CP-SAT can maximise them. ``leftover_value`` and
``process_cubes`` evaluate the same objective in plain Python, for the greedy fallback and for
checking a solved plan against the engine.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache

from ....core.caches import memo_table
from .. import effects as fx
from ..content import TILES
from ..goods import NUM_GOODS

#: Objective values are integers in hundredths of a point inside the model.
SCALE = 100


# ============================================================================= the objective
@dataclass(frozen=True)
class Weights:
    """How much what is left after the stage is worth, in points (all default values shown).

    Rounds 1–3 (the next production and the end of the game are still to come):

    * ``end`` — × the end-game points the cubes on end-game tiles would score now (Ranch 3 per
      sheep + 6 when full, Storehouse 1 per cube, Museum 3 per type).
    * ``held`` — × the points the next production will score (or lose) for cubes held on Woolmill,
      Coal Shed or Charred Grounds. Those points are certain, hence 1.
    * ``waiting`` — for each input cube left on a points converter (a Butcher's lone sheep): this
      share of the converter's points per input cube (Butcher: 7 / 2 = 3.5 per cube).
    * ``production`` — per cube the next production can add because slots are free on a producer
      (Forest, Lambing Shed, Barn, …): min(output, free slots) cubes.
    * ``cube`` — per cube of each type (wood, stone, wheat, coal, sheep) left in the town, e.g.
      building currency; 0 by default, so processing for points is never held back.

    Round 4 (the end of the game follows at once): only ``final_end`` × the end-game points of
    the cubes left counts (1: they are real points); every other term is 0.
    """

    end: float = 1.0
    held: float = 1.0
    waiting: float = 0.3
    production: float = 0.4
    cube: tuple[float, float, float, float, float] = (0.0, 0.0, 0.0, 0.0, 0.0)
    final_end: float = 1.0

    def __post_init__(self) -> None:
        for name in ("end", "waiting", "production", "final_end"):
            if getattr(self, name) < 0:
                raise ValueError(f"weight {name!r} must be ≥ 0 (the model maximises it through min terms)")
        if len(self.cube) != NUM_GOODS:
            raise ValueError("weight 'cube' needs one value per goods type (wood, stone, wheat, coal, sheep)")


DEFAULT_WEIGHTS = Weights()


def centipoints(x: float) -> int:
    return int(round(x * SCALE))


@dataclass(frozen=True)
class Terms:
    """Integer (centipoint) leftover coefficients of one building kind in one kind of round."""

    lin: tuple[int, ...]  # per cube of each goods type
    full: int  # once when the tile is full
    distinct: int  # per goods type present
    prod_cap: int  # cubes the next production can add at most (fixed output)
    breed: int  # per complete pair (Barn), limited by free slots
    breed_goods: int  # the goods that breed
    prod_coef: int  # per cube the next production adds
    parts: tuple[tuple[str, tuple[int, ...], int, int], ...]  # (part name, lin, full, distinct)


@memo_table
@cache
def building_terms(tid: int, final: bool, weights: Weights) -> Terms:
    kind = TILES[tid]
    parts: dict[str, list] = {}

    def part(name: str) -> list:
        return parts.setdefault(name, [[0] * NUM_GOODS, 0, 0])

    end_w = weights.final_end if final else weights.end
    prod_cap = breed = prod_coef = 0
    breed_goods = -1
    for eff in kind.effects:
        if eff.when == "end" and end_w:
            p = part("end")
            if eff.kind == "score_held":
                for g in range(NUM_GOODS):
                    if eff.held < 0 or eff.held == g:
                        p[0][g] += centipoints(end_w * eff.points)
            elif eff.kind == "full_bonus" and kind.slots:
                p[1] += centipoints(end_w * eff.points)
            elif eff.kind == "distinct_types_held":
                p[2] += centipoints(end_w * eff.points)
        if final:
            continue
        if eff.when == "production":
            if eff.kind == "score_held" and weights.held:
                p = part("held")
                for g in range(NUM_GOODS):
                    if eff.held < 0 or eff.held == g:
                        p[0][g] += centipoints(weights.held * eff.points)
            elif eff.kind == "gain" and any(eff.goods) and weights.production:
                prod_cap += sum(eff.goods)
                prod_coef = centipoints(weights.production)
            elif eff.kind == "breed" and weights.production:
                breed += eff.per_pair
                breed_goods = eff.held
                prod_coef = centipoints(weights.production)
        elif eff.when == "processing" and weights.waiting and eff.points > 0:
            p = part("waiting")
            if eff.kind == "convert":
                per = weights.waiting * eff.points / sum(eff.inputs)
                for g in range(NUM_GOODS):
                    if eff.inputs[g]:
                        p[0][g] += centipoints(per)
            elif eff.kind == "convert_distinct":
                per = weights.waiting * eff.points / eff.count
                for g in range(NUM_GOODS):
                    p[0][g] += centipoints(per)
    if not final and any(weights.cube):
        p = part("cube")
        for g in range(NUM_GOODS):
            p[0][g] += centipoints(weights.cube[g])
    lin = [0] * NUM_GOODS
    full = distinct = 0
    frozen_parts = []
    for name, (pl, pf, pd) in parts.items():
        for g in range(NUM_GOODS):
            lin[g] += pl[g]
        full += pf
        distinct += pd
        frozen_parts.append((name, tuple(pl), pf, pd))
    return Terms(tuple(lin), full, distinct, prod_cap, breed, breed_goods, prod_coef, tuple(frozen_parts))


def leftover_parts(cubes: list[int], kinds: list[int], final: bool, weights: Weights) -> dict[str, int]:
    """The leftover value of a town's cubes, by part, in centipoints."""
    out = {"end": 0, "held": 0, "waiting": 0, "cube": 0, "production": 0}
    for b, tid in enumerate(kinds):
        t = building_terms(tid, final, weights)
        vec = cubes[b * NUM_GOODS:(b + 1) * NUM_GOODS]
        load = sum(vec)
        slots = TILES[tid].slots
        for name, lin, full, distinct in t.parts:
            v = sum(lin[g] * vec[g] for g in range(NUM_GOODS))
            if full and slots and load >= slots:
                v += full
            if distinct:
                v += distinct * sum(1 for n in vec if n)
            out[name] += v
        if t.prod_coef:
            free = max(0, slots - load)
            pairs = vec[t.breed_goods] // 2 if t.breed else 0
            made = min(t.prod_cap + t.breed * pairs, free)
            out["production"] += t.prod_coef * made
    return out


def leftover_value(cubes: list[int], kinds: list[int], final: bool,
                   weights: Weights = DEFAULT_WEIGHTS) -> float:
    """Value in points of what a town holds after its stage (``cubes`` is ``state.cubes[seat]``,
    ``kinds`` is ``state.building_tiles[seat]``; ``final`` for round 4). Exactly the model's leftover term."""
    return sum(leftover_parts(cubes, kinds, final, weights).values()) / SCALE


def process_cubes(cubes: list[int], kinds: list[int]) -> int:
    """Run one processing step on a copy-owned cube list in place; return the points (FF-PRC)."""
    points = 0
    for b, tid in enumerate(kinds):
        if TILES[tid].has_processing:
            points += fx.process(TILES[tid], cubes, b * NUM_GOODS)
    return points
