"""Interpreters for the effect kinds declared in ``data/tiles.toml``.

Cubes live in one flat list per town, five counts per building (``cubes[5*b + g]``). These
functions read and change that list for one building; they never look at other towns, which
is what makes Production and Processing independent between players (FF-RND-2).
"""

from __future__ import annotations

from .content import TileKind
from .goods import NUM_GOODS
from .rulings import DISTINCT_TIE_ORDER


def load(cubes: list[int], base: int) -> int:
    return cubes[base] + cubes[base + 1] + cubes[base + 2] + cubes[base + 3] + cubes[base + 4]


def place_goods(cubes: list[int], base: int, slots: int, vec) -> tuple[tuple[int, ...], int] | None:
    """Put ``vec`` on the building's free slots (FF-PRD-2/3, FF-EFX-3).

    When everything fits, or only one type is offered, no choice exists and the cubes are
    placed (the excess discarded). When a mix does not fit, nothing is placed and
    ``(vec, free)`` is returned so the owner can choose what to keep (FF-PRD-4).
    """
    free = slots - load(cubes, base)
    if free <= 0:
        return None
    total = sum(vec)
    if total <= free:
        for g in range(NUM_GOODS):
            if vec[g]:
                cubes[base + g] += vec[g]
        return None
    types = [g for g in range(NUM_GOODS) if vec[g]]
    if len(types) == 1:
        cubes[base + types[0]] += free
        return None
    return tuple(vec), free


def produce(kind: TileKind, cubes: list[int], base: int) -> tuple[int, list]:
    """Resolve a building's production effects once (FF-PRD-1). Returns (points, choices)."""
    points = 0
    choices = []
    for eff in kind.effects:
        if eff.when != "production":
            continue
        k = eff.kind
        if k == "gain":
            points += eff.points
            if any(eff.goods):
                pending = place_goods(cubes, base, kind.slots, eff.goods)
                if pending is not None:
                    choices.append(pending)
        elif k == "score_held":  # FF-PRD-6: counted, never spent
            held = load(cubes, base) if eff.held < 0 else cubes[base + eff.held]
            points += eff.points * held
        elif k == "breed":  # FF-EFX-16: pairs counted before adding
            pairs = cubes[base + eff.held] // 2
            if pairs:
                vec = [0] * NUM_GOODS
                vec[eff.held] = eff.per_pair * pairs
                place_goods(cubes, base, kind.slots, vec)
    return points, choices


def _covers(cubes: list[int], base: int, inputs) -> bool:
    """Whether the building at ``base`` holds ``inputs`` (a count per goods type), written out:
    asked before every conversion of every converter."""
    return (cubes[base] >= inputs[0] and cubes[base + 1] >= inputs[1] and cubes[base + 2] >= inputs[2]
            and cubes[base + 3] >= inputs[3] and cubes[base + 4] >= inputs[4])


def _distinct_sets_possible(cubes: list[int], base: int, count: int) -> bool:
    return sum(1 for g in range(NUM_GOODS) if cubes[base + g]) >= count


def can_process(kind: TileKind, cubes: list[int], base: int) -> bool:
    """Whether at least one conversion of this building could run now (FF-FIN-7)."""
    for eff in kind.effects:
        if eff.when != "processing":
            continue
        if eff.kind == "convert":
            if _covers(cubes, base, eff.inputs):
                return True
        elif eff.kind == "convert_distinct" and _distinct_sets_possible(cubes, base, eff.count):
            return True
    return False


def process(kind: TileKind, cubes: list[int], base: int, counts: list[int] | None = None) -> int:
    """Run every processing effect as often as the cubes allow (FF-PRC-1..6); return points.

    ``counts``, when given, receives how many times each conversion ran (for the event log)."""
    points = 0
    for eff in kind.effects:
        if eff.when != "processing":
            continue
        if counts is not None:
            counts.append(0)
        if eff.kind == "convert":
            inputs = eff.inputs
            while _covers(cubes, base, inputs):
                for g in range(NUM_GOODS):
                    cubes[base + g] -= inputs[g]
                points += eff.points
                if counts is not None:
                    counts[-1] += 1
                if any(eff.goods):
                    # FF-PRC-3: outputs go on this tile's free slots, the excess is lost; the
                    # goods order decides which part of a mixed output survives.
                    free = kind.slots - load(cubes, base)
                    for g in range(NUM_GOODS):
                        take = min(eff.goods[g], free)
                        cubes[base + g] += take
                        free -= take
        elif eff.kind == "convert_distinct":
            # FF-PRC-6: take one cube from each of the `count` most plentiful types; this
            # greedy choice always reaches the largest possible number of sets.
            while _distinct_sets_possible(cubes, base, eff.count):
                order = sorted(
                    DISTINCT_TIE_ORDER, key=lambda g: (-cubes[base + g], DISTINCT_TIE_ORDER.index(g))
                )
                for g in order[: eff.count]:
                    cubes[base + g] -= 1
                points += eff.points
                if counts is not None:
                    counts[-1] += 1
    return points
