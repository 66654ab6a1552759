"""Trail actions: lay new trails and upgrade trails to T-junctions, as many as the seat pays
for, then stop (FF-CON-4, FF-TRL, FF-EFX-19).

Functions of the state: a trail action under way is a ``frames.Trails`` decision
(``trails_legal``/``trails_do``); each trail's payment is a ``frames.Pay`` (``payment.py``),
which lays the trail or makes the upgrade once paid.
"""

from __future__ import annotations

from bisect import bisect_left

from ...core.caches import memo_table
from .actions import A_DONE, DONE, TRAIL, UPGRADE, Action
from .construction import end_turn
from .frames import NewTrail, Pay, Trails, Upgrade, make
from .geometry import SHAPES, TEE_INDEX, TEES, cell_name, shape_name
from .queries import may_lay_trail, topology, town_changed, trail_budget


def trails_legal(state, top: Trails) -> list[Action]:
    """A new trail on each frontier cell in each shape that leaves no trail end cut off and
    that the seat can pay for (or lay free with a Lean-to); an upgrade of each straight or
    curve to each T-junction that keeps its live openings; done once something was laid
    (FF-CON-4, FF-TRL-2..11). The cells and openings are facts of the town's layout, kept with
    its topology; the actions for each are made once (``_new_trails``, ``_upgrades``)."""
    seat = top.seat
    acts: list[Action] = []
    budget = trail_budget(state, seat)
    topo = topology(state, seat)
    if may_lay_trail(state, seat, budget):
        shapes = 0 if budget >= 2 else 1  # a T-junction costs 2 and is never free (FF-TRL-3)
        made = _NEW_TRAILS.get  # the made lists read directly; a pair never seen is made once
        for pair in topo.frontier_needs():
            acts += (made(pair) or _new_trails(*pair))[shapes]
    if budget >= 1:
        for cell, live in topo.upgradable():
            acts += _upgrades(cell, live)
    if top.laid >= 1:
        acts.append(A_DONE)  # FF-CON-4: an empty trail action is not offered
    return acts


def trails_offer(state, top: Trails, action: Action) -> bool:
    """Whether ``trails_legal(state, top)`` holds ``action``, answered from the tables that
    list is made of (the cell's row of shapes, the trail's row of T-junctions) instead of by
    comparing the action with each of a list that runs to over a hundred (every frontier cell
    in every shape): ``apply`` checks every action it is given."""
    k = action.kind
    if k == DONE:
        return top.laid >= 1
    seat = top.seat
    budget = trail_budget(state, seat)
    topo = topology(state, seat)
    cell = action.a
    if k == TRAIL:
        if not may_lay_trail(state, seat, budget):
            return False
        frontier = topo.frontier
        i = bisect_left(frontier, cell)
        if i == len(frontier) or frontier[i] != cell:
            return False
        pair = topo.frontier_needs()[i]
        return action in (_NEW_TRAILS.get(pair) or _new_trails(*pair))[0 if budget >= 2 else 1]
    if k == UPGRADE and budget >= 1:
        for trail, live in topo.upgradable():
            if trail == cell:
                return action in _upgrades(trail, live)
    return False


#: (cell, openings a new trail there must have) → (a new trail in every shape that has them,
#: the straights and curves only), in the order of their action ids.
_NEW_TRAILS: dict[tuple[int, int], tuple[tuple[Action, ...], tuple[Action, ...]]] = memo_table({})
#: (cell, live openings of its trail) → an upgrade to each T-junction that keeps them.
_UPGRADES: dict[tuple[int, int], tuple[Action, ...]] = memo_table({})


def _new_trails(cell: int, need: int) -> tuple[tuple[Action, ...], tuple[Action, ...]]:
    got = _NEW_TRAILS.get((cell, need))
    if got is None:
        every = tuple(Action(TRAIL, cell, m) for m in SHAPES if m & need == need)
        got = _NEW_TRAILS[cell, need] = (every, tuple(a for a in every if a.b not in TEE_INDEX))
    return got


def _upgrades(cell: int, live: int) -> tuple[Action, ...]:
    got = _UPGRADES.get((cell, live))
    if got is None:
        got = _UPGRADES[cell, live] = tuple(Action(UPGRADE, cell, t) for t in TEES if t & live == live)
    return got


def trails_do(state, top: Trails, action: Action) -> None:
    seat = top.seat
    k = action.kind
    if k == TRAIL:
        # A straight or curve is free while a Lean-to's trail is unused (FF-EFX-19);
        # otherwise the trail is owed: 1 wood or stone, a T-junction 2 (FF-TRL-2/3).
        cell, mask = action.a, action.b
        tee = mask in TEE_INDEX
        if not tee and state.free_trails[seat] > 0:
            state.free_trails[seat] -= 1
            place_trail(state, seat, cell, mask, free=True)
        else:
            state.frames.append(make(Pay, (seat, _TRAIL_OWED[tee], make(NewTrail, (cell, mask)))))
    elif k == DONE:
        state.frames.pop()
        end_turn(state)
    else:  # UPGRADE: 1 wood or stone (FF-TRL-4)
        state.frames.append(make(Pay, (seat, (0, 0, 0, 0, 0, 1, 0), make(Upgrade, (action.a, action.b)))))


#: What a new trail owes, a straight or curve and a T-junction: 1 or 2 cubes of wood or
#: stone (FF-TRL-2/3).
_TRAIL_OWED = ((0, 0, 0, 0, 0, 1, 0), (0, 0, 0, 0, 0, 2, 0))


def place_trail(state, seat: int, cell: int, mask: int, free: bool = False) -> None:
    """Lay the (paid or free) trail, counted in the trail action."""
    if state._events is not None:
        state._events.add("trail", seat, {"cell": cell_name(cell), "shape": shape_name(mask),
                                          "free": free})
    state.cells[seat][cell] = -mask
    state.trails_laid[seat] += 1
    town_changed(state, seat, cell)
    _count_trail_step(state)


def finish_upgrade(state, seat: int, cell: int, mask: int) -> None:
    """The paid upgrade: the trail becomes the T-junction (FF-TRL-4, FF-TRL-11)."""
    state.cells[seat][cell] = -mask
    town_changed(state, seat, cell)
    if state._events is not None:
        state._events.add("upgrade", seat, {"cell": cell_name(cell), "shape": shape_name(mask)})
    _count_trail_step(state)


def _count_trail_step(state) -> None:
    top = state.frames[-1]
    state.frames[-1] = make(Trails, (top.seat, top.laid + 1))
