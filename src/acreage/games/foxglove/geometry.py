"""The town grid: packed cell numbers, trail openings and their notation.

A cell (x, y) is packed into one int, ``(y + L) * W + (x + L)`` (L = the coordinate limit), so
towns are dicts of ints and neighbour steps are additions. Openings are a 4-bit mask: N=1, E=2, S=4, W=8.
"""

from __future__ import annotations

from collections.abc import Callable

from ...core.caches import MadeOnce
from .rulings import COORD_LIMIT, PACK_WIDTH

N, E, S, W = 1, 2, 4, 8
DIRS = (N, E, S, W)
DIR_LETTERS = "NESW"

STRAIGHTS = (N | S, E | W)
CURVES = (N | E, E | S, S | W, N | W)
TEES = (N | E | S, N | E | W, N | S | W, E | S | W)
#: Every trail shape, in the order used by action ids.
SHAPES = STRAIGHTS + CURVES + TEES
SHAPE_INDEX = {m: i for i, m in enumerate(SHAPES)}
TEE_INDEX = {m: i for i, m in enumerate(TEES)}


def opposite(d: int) -> int:
    return ((d << 2) | (d >> 2)) & 15


#: Each direction's opposite, by direction bit (a lookup where a call per neighbour costs).
OPPOSITE = {d: opposite(d) for d in DIRS}


def is_tee(mask: int) -> bool:
    return mask in TEE_INDEX


def shape_name(mask: int) -> str:
    """``0b0101`` → ``'NS'``; letters always in N, E, S, W order."""
    return "".join(ch for d, ch in zip(DIRS, DIR_LETTERS, strict=True) if mask & d)


def parse_shape(text: str) -> int:
    text = text.strip().upper()
    mask = 0
    for ch in text:
        if ch not in DIR_LETTERS:
            raise ValueError(f"{text!r} is not a trail shape (use letters N, E, S, W, e.g. NS or NEW)")
        mask |= DIRS[DIR_LETTERS.index(ch)]
    if mask not in SHAPE_INDEX or len(set(text)) != len(text):
        raise ValueError(f"{text!r} is not a trail shape: a trail opens on 2 or 3 sides")
    return mask


def cell_of(x: int, y: int) -> int:
    return (y + COORD_LIMIT) * PACK_WIDTH + (x + COORD_LIMIT)


def in_bounds(x: int, y: int) -> bool:
    return -COORD_LIMIT <= x <= COORD_LIMIT and -COORD_LIMIT <= y <= COORD_LIMIT


def xy(cell: int) -> tuple[int, int]:
    return cell % PACK_WIDTH - COORD_LIMIT, cell // PACK_WIDTH - COORD_LIMIT


def cell_name(cell: int) -> str:
    x, y = xy(cell)
    return f"{x},{y}"


def parse_cell(text: str) -> int:
    try:
        xs, ys = text.strip().strip("()").split(",")
        x, y = int(xs), int(ys)
    except ValueError:
        raise ValueError(f"{text!r} is not a cell; write x,y such as 0,1 or -2,3") from None
    if not in_bounds(x, y):
        raise ValueError(f"cell {x},{y} is too far out (coordinates run -{COORD_LIMIT}..{COORD_LIMIT})")
    return cell_of(x, y)


def _neighbours_of(cell: int) -> tuple[tuple[int, int], ...]:
    x, y = xy(cell)
    return tuple(
        (d, cell_of(x + dx, y + dy))
        for d, (dx, dy) in ((N, (0, 1)), (E, (1, 0)), (S, (0, -1)), (W, (-1, 0)))
        if in_bounds(x + dx, y + dy)
    )


#: ``neighbours(cell)``: ((direction, neighbour cell), ...) for the in-bounds orthogonal
#: neighbours. A lookup in a table that makes each cell's entry once: asked for in every
#: topology growth, trail list and trail-distance search, it costs a dict lookup in C.
neighbours: Callable[[int], tuple[tuple[int, int], ...]] = MadeOnce(_neighbours_of).__getitem__


def _ring_of(cell: int) -> tuple[int, ...]:
    x, y = xy(cell)
    return tuple(
        cell_of(x + dx, y + dy)
        for dy in (-1, 0, 1)
        for dx in (-1, 0, 1)
        if (dx or dy) and in_bounds(x + dx, y + dy)
    )


#: ``ring(cell)``: the up-to-8 surrounding cells, diagonals included (Guildhall), made once.
_RING = MadeOnce(_ring_of)
ring: Callable[[int], tuple[int, ...]] = _RING.__getitem__

