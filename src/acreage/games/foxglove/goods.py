"""The five goods types and small helpers over 5-vectors of counts."""

from __future__ import annotations

GOODS = ("wood", "stone", "wheat", "coal", "sheep")
WOOD, STONE, WHEAT, COAL, SHEEP = range(5)
NUM_GOODS = 5
ALL_GOODS_MASK = 0b11111
GOODS_INDEX = {name: i for i, name in enumerate(GOODS)}
ZERO = (0, 0, 0, 0, 0)
#: The goods types of each goods mask (a bit per type), in goods order.
GOODS_OF_MASK = tuple(
    tuple(g for g in range(NUM_GOODS) if mask >> g & 1) for mask in range(ALL_GOODS_MASK + 1))


def goods_index(name: str) -> int:
    try:
        return GOODS_INDEX[name.strip().lower()]
    except KeyError:
        raise ValueError(f"unknown goods type {name!r}; goods are {', '.join(GOODS)}") from None


def format_goods(vec) -> str:
    """``(2, 1, 0, 0, 0)`` → ``'2 wood + 1 stone'``; all zero → ``'nothing'``."""
    parts = [f"{n} {GOODS[g]}" for g, n in enumerate(vec) if n]
    return " + ".join(parts) if parts else "nothing"
