"""Trail actions: lay new trails and upgrade trails to T-junctions, as many as the seat pays
for, then stop (FF-CON-4, FF-TRL, FF-EFX-19).

Functions of the state: a trail action under way is a ``frames.Trails`` decision
(``trails_legal``/``trails_do``); each trail's payment is a ``frames.Pay`` (``payment.py``),
which lays the trail or makes the upgrade once paid.
"""

from __future__ import annotations

from .actions import A_DONE, DONE, TRAIL, UPGRADE, Action
from .construction import end_turn
from .frames import NewTrail, Pay, Trails, Upgrade
from .geometry import SHAPES, TEE_INDEX, TEES, cell_name, is_tee, shape_name
from .queries import required_openings, topology, trail_budget, trail_live_openings
from .rulings import MAX_TRAILS


def trails_legal(state, top: Trails) -> list[Action]:
    """A new trail on each frontier cell in each shape that leaves no trail end cut off and
    that the seat can pay for (or lay free with a Lean-to); an upgrade of each straight or
    curve to each T-junction that keeps its live openings; done once something was laid
    (FF-CON-4, FF-TRL-2..11)."""
    seat = top.seat
    acts = []
    budget = trail_budget(state, seat)
    free = state.free_trails[seat] > 0
    if (budget >= 1 or free) and state.trails_laid[seat] < MAX_TRAILS:
        for cell in topology(state, seat).frontier:
            need = required_openings(state, seat, cell)
            for m in SHAPES:
                tee = m in TEE_INDEX
                if m & need == need and (budget >= (2 if tee else 1) or (free and not tee)):
                    acts.append(Action(TRAIL, cell, m))
    if budget >= 1:
        for cell, code in sorted(state.cells[seat].items()):
            if code < 0 and not is_tee(-code):
                live = trail_live_openings(state, seat, cell)
                for t in TEES:
                    if t & live == live:
                        acts.append(Action(UPGRADE, cell, t))
    if top.laid >= 1:
        acts.append(A_DONE)  # FF-CON-4: an empty trail action is not offered
    return acts


def trails_do(state, top: Trails, action: Action) -> None:
    seat = top.seat
    k = action.kind
    if k == DONE:
        state.frames.pop()
        end_turn(state)
    elif k == TRAIL:
        _start_trail(state, seat, action.a, action.b)
    else:  # UPGRADE: 1 wood or stone (FF-TRL-4)
        state.frames.append(Pay(seat, (0, 0, 0, 0, 0, 1, 0), Upgrade(action.a, action.b)))


def _start_trail(state, seat: int, cell: int, mask: int) -> None:
    """A straight or curve is free while a Lean-to's trail is unused (FF-EFX-19); otherwise
    the trail is owed: 1 wood or stone, a T-junction 2 (FF-TRL-2/3)."""
    if mask not in TEE_INDEX and state.free_trails[seat] > 0:
        state.free_trails[seat] -= 1
        place_trail(state, seat, cell, mask, free=True)
        return
    cost = 2 if mask in TEE_INDEX else 1
    state.frames.append(Pay(seat, (0, 0, 0, 0, 0, cost, 0), NewTrail(cell, mask)))


def place_trail(state, seat: int, cell: int, mask: int, free: bool = False) -> None:
    """Lay the (paid or free) trail, counted in the trail action."""
    if state._events is not None:
        state._events.add("trail", seat, {"cell": cell_name(cell), "shape": shape_name(mask),
                                          "free": free})
    state.cells[seat][cell] = -mask
    state.trails_laid[seat] += 1
    state._topologies[seat] = None
    _count_trail_step(state)


def finish_upgrade(state, seat: int, cell: int, mask: int) -> None:
    """The paid upgrade: the trail becomes the T-junction (FF-TRL-4, FF-TRL-11)."""
    state.cells[seat][cell] = -mask
    state._topologies[seat] = None
    if state._events is not None:
        state._events.add("upgrade", seat, {"cell": cell_name(cell), "shape": shape_name(mask)})
    _count_trail_step(state)


def _count_trail_step(state) -> None:
    top = state.frames[-1]
    state.frames[-1] = Trails(top.seat, top.laid + 1)
