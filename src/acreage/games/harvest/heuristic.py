"""A greedy evaluation of a Harvest position, reading only public facts."""

from __future__ import annotations


def value(state, seat: int) -> float:
    from .constants import CROP0, SEED0

    v = state.total(seat) + (0 if state.phase == "over" else state.coins[seat])
    if state.phase == "over":
        return float(v)
    left = 4 - state.round + 1
    farm = state.farm[seat]
    ripe = sum(1 for x in farm if x >= CROP0)
    growing = sum(1 for x in farm if SEED0 <= x < CROP0)
    v += 3.0 * ripe + 1.5 * growing + 0.6 * state.fert[seat] + 0.3 * state.water[seat]
    v += 0.5 * sum(state.seeds[seat]) + 2.0 * len(state.blds[seat]) * min(left, 2)
    v += state.pie_points(seat) + 0.5 * len(state.cards[seat])
    return v


def evaluate(state, seat: int) -> float:
    """Higher is better for ``seat``: own value minus the best opponent's."""
    mine = value(state, seat)
    others = [value(state, s) for s in range(state.num_players) if s != seat]
    return mine - max(others) if others else mine
