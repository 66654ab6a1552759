"""Words for people: why an action is not legal now, and what the seat to act is deciding.

Functions of the state, read by ``GameState.explain_illegal`` and ``describe_decision``.
"""

from __future__ import annotations

from . import rulings as R
from .actions import (
    BUILD,
    HAUL,
    MOVE,
    PASS,
    PAY,
    PLACE,
    TRAIL,
    UPGRADE,
    Action,
)
from .constants import (
    CONSTRUCTION,
    OVER,
    TRANSPORT,
)
from .content import TILES
from .frames import Choose, Keep, Pay, Place, Trails, TransportStart
from .geometry import (
    cell_name,
    is_tee,
    shape_name,
)
from .goods import GOODS, NUM_GOODS, format_goods
from .queries import free_slots, required_openings, space_of, topology, totals, trail_live_openings


def explain_illegal(state, a: Action) -> str:
    """A specific reason why ``action`` is not legal now."""
    if state.phase == OVER:
        return "the game is over"
    seat = state.current_player
    k = a.kind
    legal_kinds = {x.kind for x in state.legal_actions()}
    # a construction turn where no tile is affordable offers no build at all: say what the
    # tile costs rather than that building is not possible (FF-CON-5)
    turn_without_builds = k == BUILD and PASS in legal_kinds
    if k not in legal_kinds and not turn_without_builds:
        return f"that kind of action is not possible now ({describe_decision(state)})"
    cells = state.cells[seat]
    if k == BUILD:
        kind = TILES[a.a]
        if space_of(state, a.a) < 0:
            return f"{kind.name} is not on the display"
        have = totals(state, seat)
        return (f"{kind.name} costs {format_goods(kind.cost)} and your town holds "
                f"{format_goods(have)}")
    if k in (PLACE, TRAIL):
        if a.a in cells:
            return f"cell {cell_name(a.a)} is already occupied"
        if a.a not in topology(state, seat).frontier:
            return f"cell {cell_name(a.a)} does not share an edge with your town"
        if k == TRAIL:
            need = required_openings(state, seat, a.a)
            if a.b & need != need:
                return (f"a trail at {cell_name(a.a)} must open {shape_name(need)} so it does not "
                        "cut off a neighbouring trail")
            return "you cannot afford that trail (1 wood or stone; a T-junction costs 2)"
    if k == UPGRADE:
        code = cells.get(a.a)
        if code is None or code >= 0:
            return f"there is no trail at {cell_name(a.a)}"
        if is_tee(-code):
            return f"the trail at {cell_name(a.a)} is already a T-junction"
        live = trail_live_openings(state, seat, a.a)
        if a.b & live != live:
            return f"the T-junction must keep the live openings {shape_name(live)}"
        return "an upgrade costs 1 wood or stone"
    if k in (PAY, HAUL, MOVE):
        code = cells.get(a.b, -1)
        if code < 0:
            return f"there is no building at {cell_name(a.b)}"
        if not state.cubes[seat][code * NUM_GOODS + a.a]:
            return f"the building at {cell_name(a.b)} holds no {GOODS[a.a]}"
        if k == PAY:
            return f"{GOODS[a.a]} is not part of what is still owed"
        if k == MOVE:
            dst = cells.get(a.c, -1)
            if dst < 0:
                return f"there is no building at {cell_name(a.c)}"
            kind = TILES[state.building_tiles[seat][dst]]
            if not kind.accepts_goods(a.a):
                return f"{kind.name} does not take {GOODS[a.a]}"
            if free_slots(state, seat, dst) <= 0:
                return f"{kind.name} has no free slot"
            if seat in state.options.get("expert", ()):
                return ("no trail path joins the two buildings through buildings that show "
                        f"{GOODS[a.a]} (expert variant)")
            return "no trail path joins the two buildings"
    return "it is not among the legal actions; list them to see what you can do"

def describe_decision(state) -> str:
    """One line saying what the player to act is deciding."""
    if state.phase == OVER:
        return "the game is over"
    seat = state.current_player
    if state.frames:
        top = state.frames[-1]
        kind = type(top)
        if kind is Pay:
            owed = top.owed
            want = format_goods(owed[:5]) if any(owed[:5]) else ""
            if owed[5]:
                want = (want + " + " if want else "") + f"{owed[5]} wood or stone"
            return (f"seat {seat}: choose the cubes that pay for the {top.purpose.kind} "
                    f"(still owed: {want})")
        if kind is Place:
            return f"seat {seat}: choose a cell for the {TILES[top.tile].name}"
        if kind is Trails:
            return f"seat {seat}: trail action ({top.laid} so far): build or upgrade trails, or done"
        if kind is Keep:
            name = TILES[state.building_tiles[seat][top.building]].name
            offer = format_goods(top.goods)
            return f"seat {seat}: {name} has {top.free} free slot(s) for {offer}: keep which?"
        if kind is Choose:
            name = TILES[state.building_tiles[seat][top.building]].name
            return f"seat {seat}: choose the goods type for the {name}"
        if kind is TransportStart:
            return f"seat {seat}: start of transport: use Hauler's Hut / Porter's Lodge, or done"
    if state.phase == CONSTRUCTION:
        return f"seat {seat}: construction turn: build a tile, start a trail action, or pass"
    if state.phase == TRANSPORT:
        left = f" ({state.moves_left} moves left)" if state.moves_left <= R.MOVES_LEFT_SHOWN else ""
        return f"seat {seat}: transport cubes along your trails, then done{left}"
    return f"seat {seat}: final stage: move cubes and process as you like, then done"
