"""Water on the farm's Towers: placing the year's income (FG-MNT-2/3) and paying a card's Water
from Towers in range (FG-WT-3/4), each a drop at a time, or by itself where only one way is
left.
"""

from __future__ import annotations

from .actions import PAY, WATER, Action, cell_name
from .farm import add_water
from .frames import PayWater, WaterPlacement
from .queries import tower_capacity, towers, towers_in_range


# ---------------------------------------------------------------- the year's Water (FG-MNT-2/3)
def placement_legal(state, frame: WaterPlacement) -> list[Action]:
    seat = frame.seat
    return [Action(WATER, state.piece_cells[seat][p]) for p in towers(state, seat)
            if state.piece_water[seat][p] < tower_capacity(state, seat, p)]


def placement_do(state, frame: WaterPlacement, action: Action) -> None:
    seat = frame.seat
    state.frames.pop()
    add_water(state, seat, state.cells[seat][action.a], 1)
    if state._events is not None:
        state._events.add("water", seat, {"cell": cell_name(action.a), "amount": 1})
    if frame.left > 1:
        state.frames.append(WaterPlacement(seat, frame.left - 1))


def place_where_it_fits(state, frame: WaterPlacement) -> bool:
    """FG-MNT-3: when all the Water left fits only one way (every Tower filled up, the rest
    lost), it is placed at once; True if so."""
    seat = frame.seat
    room = [p for p in towers(state, seat) if state.piece_water[seat][p] < tower_capacity(state, seat, p)]
    total = sum(tower_capacity(state, seat, p) - state.piece_water[seat][p] for p in room)
    if total > frame.left:
        return False
    state.frames.pop()
    for p in room:
        full = tower_capacity(state, seat, p)
        if state._events is not None:
            state._events.add("water", seat, {"cell": cell_name(state.piece_cells[seat][p]),
                                              "amount": full - state.piece_water[seat][p]})
        state.piece_water[seat][p] = full
    return True


# ---------------------------------------------------------------- paying Water (FG-WT-3/4)
def payment_legal(state, frame: PayWater) -> list[Action]:
    seat = frame.seat
    return [Action(PAY, state.piece_cells[seat][p]) for p in towers_in_range(state, seat, frame.cell)
            if state.piece_water[seat][p] > 0]


def payment_do(state, frame: PayWater, action: Action) -> None:
    seat = frame.seat
    state.frames.pop()
    p = state.cells[seat][action.a]
    state.piece_water[seat][p] -= 1
    if state._events is not None:
        state._events.add("pay_water", seat, {"cell": cell_name(action.a), "amount": 1})
    if frame.amount > 1:
        state.frames.append(PayWater(seat, frame.cell, frame.amount - 1))


def pay_all_in_range(state, frame: PayWater) -> bool:
    """When the Towers in range hold no more than the Water owed, all of it is paid at once
    (there is no choice); True if so."""
    seat = frame.seat
    in_range = [p for p in towers_in_range(state, seat, frame.cell) if state.piece_water[seat][p] > 0]
    if sum(state.piece_water[seat][p] for p in in_range) > frame.amount:
        return False
    state.frames.pop()
    for p in in_range:
        if state._events is not None:
            state._events.add("pay_water", seat, {"cell": cell_name(state.piece_cells[seat][p]),
                                                  "amount": state.piece_water[seat][p]})
        state.piece_water[seat][p] = 0
    return True
