"""A quick evaluation of a Fields of Green position for greedy play.

It reads only what ``seat`` may see: every farm and stock are public, and the seat's own hand.
The value is the seat's current score plus a rough worth of its harvest engine for the
harvests still to come, minus the best other seat's same figure.
"""

from __future__ import annotations

from .content import CARDS

#: Rough worth in VP of one unit of each resource (notes d.3: 1 VP ≈ 3 coins, 1 Food ≈ 2 coins).
_COIN, _FOOD, _WATER, _VP = 1 / 3, 2 / 3, 1 / 2, 1.0


def _engine(state, seat: int) -> float:
    from .constants import HARVEST_PHASE, OVER

    if state.phase == OVER:
        return 0.0
    left = 4 - state.year + (0 if state.phase == HARVEST_PHASE else 1)
    if left <= 0:
        return 0.0
    value = 0.0
    for p, cid in enumerate(state.pcard[seat]):
        card = CARDS[cid]
        if state.pdown[seat][p] or not card.has_harvest:
            continue
        c, w, f = state.harvest_cost(seat, p)
        gain = 0.0
        for e in card.effects_at("harvest"):
            gain += e.coins * _COIN + e.food * _FOOD + e.vp * _VP + e.equipment * 1.0 + e.amount * _WATER
        cost = c * _COIN + w * _WATER + f * _FOOD
        payable = state.can_pay_harvest(seat, p)
        value += (gain - cost) * left if payable else -0.5
    water = sum(state.pwater[seat][p] for p in state.towers(seat))
    return value + 0.2 * water


def value(state, seat: int) -> float:
    return state.score(seat) + 0.5 * _engine(state, seat)


def evaluate(state, seat: int) -> float:
    """Higher is better for ``seat``: own value minus the best opponent's."""
    mine = value(state, seat)
    others = [value(state, s) for s in range(state.num_players) if s != seat]
    return mine - max(others) if others else mine
