"""A seat's harvest: each face-up card with a Harvest effect is paid for (coins, Food, Water in
range) and yields, or is abandoned and becomes Wasteland when the harvest ends (FG-HRV-2..13);
stored Equipment may go in before the first card (FG-EQ-6).
"""

from __future__ import annotations

from . import rulings as R
from .actions import ABANDON, DONE, HARVEST, INSTALL, Action
from .content import CARDS
from .equipment import install_actions, install_stored
from .farm import make_wasteland
from .frames import Effects, Harvest, PayWater
from .queries import can_pay_harvest, harvest_cost


def start_seat_harvest(state, seat: int) -> None:
    """FG-HRV-2: the seat's face-up cards with a Harvest effect, in build order."""
    pending = tuple(p for p, cid in enumerate(state.piece_cards[seat])
                    if not state.piece_face_down[seat][p] and CARDS[cid].has_harvest)
    state.frames.append(Harvest(seat, pending, (), False))


def harvest_over(state, frame: Harvest) -> bool:
    """Nothing left to pay, and no stored tile may still go in (FG-EQ-6)."""
    return not frame.pending and (frame.started or not install_actions(state, frame.seat))


def finish_seat_harvest(state, frame: Harvest) -> None:
    """FG-HRV-8: abandoned cards turn face down when the owner's harvest ends."""
    for p in frame.abandoned:
        make_wasteland(state, frame.seat, p)


def abandon_the_rest(frame: Harvest) -> Harvest:
    """Nothing left can be paid and nothing can change that: every card left is abandoned."""
    return Harvest(frame.seat, (), frame.abandoned + frame.pending, True)


def harvest_legal(state, frame: Harvest) -> list[Action]:
    """Stored tiles first (FG-EQ-6); then each card: harvest it if it can be paid, abandon it
    unless it is free (FG-HRV-7); with nothing to harvest, ``done`` after the installs."""
    seat = frame.seat
    out = [] if frame.started else install_actions(state, seat)
    if not frame.pending:
        return out + [Action(DONE)] if out else []
    for p in frame.pending:
        cell = state.piece_cells[seat][p]
        if can_pay_harvest(state, seat, p):
            out.append(Action(HARVEST, cell))
        if any(harvest_cost(state, seat, p)):
            out.append(Action(ABANDON, cell))
    return out


def harvest_do(state, frame: Harvest, action: Action) -> None:
    """Install a stored tile (the harvest stays as it was), end the installs, or deal with one
    card: abandon it, or pay its coins and Food at once (FG-HRV-6) and its Water next, then its
    effects."""
    seat, k = frame.seat, action.kind
    if k == INSTALL:
        install_stored(state, seat, action)
        return
    if k == DONE:
        state.frames[-1] = Harvest(seat, (), frame.abandoned, True)
        return
    log = state._events
    p = state.cells[seat][action.a]
    pending = tuple(q for q in frame.pending if q != p)
    abandoned = frame.abandoned
    if log is not None:
        name = CARDS[state.piece_cards[seat][p]].name
        if k == ABANDON:
            log.add("abandon", seat, {"card": name})
        else:
            c, w, f = harvest_cost(state, seat, p)
            log.add("harvest", seat, {"card": name, "coins": c, "food": f, "water": w})
    if k == ABANDON:
        if R.WASTELAND_AT_END_OF_OWN_HARVEST:
            abandoned += (p,)
        else:
            make_wasteland(state, seat, p)
    state.frames[-1] = Harvest(seat, pending, abandoned, True)
    if k == HARVEST:
        c, w, f = harvest_cost(state, seat, p)
        state.coins[seat] -= c
        state.food[seat] -= f
        state.frames.append(Effects(seat, p, "harvest"))
        if w:
            state.frames.append(PayWater(seat, state.piece_cells[seat][p], w))
