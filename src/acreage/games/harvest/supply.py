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
        before = (state.coins[s], state.water[s], state.cap[s], state.fert[s], state.seeds[s][:],
                  state.score[s])
    state.coins[s] += g.coins
    for _ in range(g.upgrade):
        state.cap[s] = min(R.MAX_CAPACITY, state.cap[s] + 1)
    state.water[s] = state.cap[s] if g.fill else min(state.cap[s], state.water[s] + g.water)
    state.fert[s] = min(R.MAX_FERTILIZER, state.fert[s] + g.fertilizer)
    state.score[s] += g.points
    for k in range(4):
        state.seeds[s][k] += g.seeds[k]
    if g.p1_card and state.ff and state.p1 >= 0:  # HV-SUN-5 #11
        if log is not None:
            log.add("card", s, {"card": FESTIVAL[state.p1].name, "position": 1, "coins": 0})
        take_card(state, s, 1, free=True)
        shift(state)
    if log is not None:
        coins, water, cap, fert, seeds, score = before
        event = {"why": why, "coins": state.coins[s] - coins, "water": state.water[s] - water,
                 "capacity": state.cap[s] - cap, "fertilizer": state.fert[s] - fert,
                 "seeds": {SEED_NAMES[k]: state.seeds[s][k] - seeds[k] for k in range(4)
                           if state.seeds[s][k] != seeds[k]},
                 "points": state.score[s] - score, "source": why}
        if any(v for k, v in event.items() if k not in ("why", "source")):
            log.add("gain", s, event)


def pay(state, seat: int, frame, cost: int) -> None:
    """Pay ``cost`` coins for an action of ``frame`` (nothing with Finn, HV-FNM-2); with a
    log, tell what was paid."""
    if cost <= 0 or (type(frame) is Visit and frame.finn):
        return
    if state._events is not None:
        coins, fert = state.coins[seat], state.fert[seat]
        _pay_now(state, seat, cost)
        state._events.add("pay", seat, {"coins": coins - state.coins[seat],
                                        "fertilizer": fert - state.fert[seat]})
        return
    _pay_now(state, seat, cost)


def _pay_now(state, seat: int, cost: int) -> None:
    if state.coins[seat] >= cost:
        state.coins[seat] -= cost
        return
    rest = cost - state.coins[seat]  # HV-NOV-11: fertilizer only for the rest, no change
    state.coins[seat] = 0
    state.fert[seat] -= -(-rest // R.SOIL_MIX_COINS)
