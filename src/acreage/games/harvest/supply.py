"""Gains and payments: what a seat receives (capped by its bucket and the fertilizer track)
and how it pays coins, with fertilizer standing in under the Soil Mix (HV-SET-4, HV-GS-2,
HV-WS-3, HV-NOV-11, HV-FNM-2).
"""

from __future__ import annotations

from . import rulings as R
from .cards import shift, take_card
from .content import FESTIVAL, Gain
from .events import SEED_NAMES
from .frames import Visit


def gain(state, seat: int, g: Gain, why: str) -> None:
    """Apply ``g``; with a log, also tell what it really gave (caps can take some away) and
    ``why`` (every gain names its source, so the log can say where each point came from)."""
    log = state._events
    s = seat
    if log is not None:
        before = (state.coins[s], state.water[s], state.bucket_capacity[s], state.fertilizer[s],
                  state.seeds[s][:], state.points[s])
    state.coins[s] += g.coins
    for _ in range(g.upgrade):
        state.bucket_capacity[s] = min(R.MAX_CAPACITY, state.bucket_capacity[s] + 1)
    capacity = state.bucket_capacity[s]
    state.water[s] = capacity if g.fill else min(capacity, state.water[s] + g.water)
    state.fertilizer[s] = min(R.MAX_FERTILIZER, state.fertilizer[s] + g.fertilizer)
    state.points[s] += g.points
    for k in range(4):
        state.seeds[s][k] += g.seeds[k]
    if g.p1_card and state.fall_festival and state.festival_p1 >= 0:  # HV-SUN-5 #11
        if log is not None:
            log.add("card", s, {"card": FESTIVAL[state.festival_p1].name, "position": 1, "coins": 0})
        take_card(state, s, 1, free=True)
        shift(state)
    if log is not None:
        coins, water, cap, fert, seeds, score = before
        event = {"why": why, "coins": state.coins[s] - coins, "water": state.water[s] - water,
                 "capacity": state.bucket_capacity[s] - cap, "fertilizer": state.fertilizer[s] - fert,
                 "seeds": {SEED_NAMES[k]: state.seeds[s][k] - seeds[k] for k in range(4)
                           if state.seeds[s][k] != seeds[k]},
                 "points": state.points[s] - score, "source": why}
        if any(v for k, v in event.items() if k not in ("why", "source")):
            log.add("gain", s, event)


def pay(state, seat: int, frame, cost: int) -> None:
    """Pay ``cost`` coins for an action of ``frame`` (nothing with Finn, HV-FNM-2); with a
    log, tell what was paid."""
    if cost <= 0 or (type(frame) is Visit and frame.finn):
        return
    if state._events is not None:
        coins, fert = state.coins[seat], state.fertilizer[seat]
        _pay_now(state, seat, cost)
        state._events.add("pay", seat, {"coins": coins - state.coins[seat],
                                        "fertilizer": fert - state.fertilizer[seat]})
        return
    _pay_now(state, seat, cost)


def _pay_now(state, seat: int, cost: int) -> None:
    if state.coins[seat] >= cost:
        state.coins[seat] -= cost
        return
    rest = cost - state.coins[seat]  # HV-NOV-11: fertilizer only for the rest, no change
    state.coins[seat] = 0
    state.fertilizer[seat] -= -(-rest // R.SOIL_MIX_COINS)
