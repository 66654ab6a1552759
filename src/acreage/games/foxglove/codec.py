"""Action ids and notation: the fixed id layout (docs/foxglove.md) and the structural parser.

Functions of the state: the ids of cells, trails and buildings count within the town of the
seat to act, so decoding an id needs the position.
"""

from __future__ import annotations

from ...core.errors import BadActionId, BadSnapshot, IllegalAction
from .actions import (
    A_DONE,
    A_PASS,
    A_PROCESS,
    A_TRAILS,
    BUILD,
    CHOOSE,
    HAUL,
    KEEP,
    KIND_WORDS,
    MOVE,
    PAY,
    PLACE,
    PROCESS,
    TRAIL,
    UPGRADE,
    Action,
)
from .constants import (
    _REF_TILE,
    OFF_BUILD,
    OFF_CHOOSE,
    OFF_HAUL,
    OFF_KEEP,
    OFF_MOVE,
    OFF_PAY,
    OFF_PLACE,
    OFF_TRAIL,
    OFF_UPGRADE,
)
from .content import find_tile
from .geometry import (
    SHAPE_INDEX,
    SHAPES,
    TEE_INDEX,
    TEES,
    cell_name,
    parse_cell,
    parse_shape,
)
from .goods import NUM_GOODS, goods_index
from .queries import topology
from .rulings import (
    MAX_BUILDINGS,
)


def tile_from_ref(ref: str) -> int:
    if ref not in _REF_TILE:
        raise BadSnapshot(f"unknown tile {ref!r}; tiles are written as tier:name, e.g. 'A:Allotment'")
    return _REF_TILE[ref]


def _building_at(state, seat: int, cell: int, what: str) -> int:
    code = state.cells[seat].get(cell, -1)
    if code < 0:
        raise IllegalAction(f"there is no building of seat {seat} at {cell_name(cell)} ({what})")
    return code

def action_id(state, a: Action) -> int:
    """The action's id in the fixed layout (docs/foxglove.md); cells are numbered within the
    seat to act's frontier, trails and buildings."""
    k = a.kind
    if not 0 <= k < len(KIND_WORDS):
        raise IllegalAction(f"{tuple(a)} has kind {k}, which is not an action kind; kinds run "
                            f"0-{len(KIND_WORDS) - 1} ({', '.join(KIND_WORDS)})")
    if k <= PROCESS:
        return k
    if k == BUILD:
        return OFF_BUILD + a.a
    if k == KEEP:
        return OFF_KEEP + a.a
    if k == CHOOSE:
        return OFF_CHOOSE + a.a
    seat = state.current_player
    if seat is None:
        raise IllegalAction("the game is over: no action has an id")
    if k in (PLACE, TRAIL):
        index = topology(state, seat).frontier_index.get(a.a)
        if index is None:
            raise IllegalAction(f"cell {cell_name(a.a)} is not next to seat {seat}'s town ({a})")
        if k == PLACE:
            return OFF_PLACE + index
        return OFF_TRAIL + index * len(SHAPES) + SHAPE_INDEX[a.b]
    if k == UPGRADE:
        index = topology(state, seat).trail_index.get(a.a)
        if index is None:
            raise IllegalAction(f"there is no trail of seat {seat} at {cell_name(a.a)} ({a})")
        return OFF_UPGRADE + index * len(TEES) + TEE_INDEX[a.b]
    if k == PAY:
        return OFF_PAY + a.a * MAX_BUILDINGS + _building_at(state, seat, a.b, str(a))
    if k == HAUL:
        return OFF_HAUL + a.a * MAX_BUILDINGS + _building_at(state, seat, a.b, str(a))
    src = _building_at(state, seat, a.b, str(a))
    dst = _building_at(state, seat, a.c, str(a))
    return OFF_MOVE + (src * MAX_BUILDINGS + dst) * NUM_GOODS + a.a

def action_from_id(state, action_id: int) -> Action:
    """The action an id names for the seat to act (the inverse of ``action_id``)."""
    i = action_id
    if i < OFF_BUILD:
        return Action(i)
    if i < OFF_PLACE:
        return Action(BUILD, i - OFF_BUILD)
    if OFF_KEEP <= i < OFF_CHOOSE:
        return Action(KEEP, i - OFF_KEEP)
    if OFF_CHOOSE <= i < OFF_HAUL:
        return Action(CHOOSE, i - OFF_CHOOSE)
    seat = state.current_player
    if seat is None:
        raise BadActionId("the game is over: ids cannot be decoded")
    bcell = state.building_cells[seat]
    topo = topology(state, seat)

    def nth(cells: tuple[int, ...], n: int, what: str) -> int:
        if n >= len(cells):
            raise BadActionId(f"action id {i} names {what} #{n}, but seat {seat} has {len(cells)}")
        return cells[n]

    if i < OFF_TRAIL:
        return Action(PLACE, nth(topo.frontier, i - OFF_PLACE, "frontier cell"))
    if i < OFF_UPGRADE:
        n, s = divmod(i - OFF_TRAIL, len(SHAPES))
        return Action(TRAIL, nth(topo.frontier, n, "frontier cell"), SHAPES[s])
    if i < OFF_PAY:
        n, s = divmod(i - OFF_UPGRADE, len(TEES))
        return Action(UPGRADE, nth(topo.trails, n, "trail"), TEES[s])

    def cell_of_building(b: int) -> int:
        if b >= len(bcell):
            raise BadActionId(f"action id {i} names building #{b}, but seat {seat} has {len(bcell)}")
        return bcell[b]

    if i < OFF_KEEP:
        g, b = divmod(i - OFF_PAY, MAX_BUILDINGS)
        return Action(PAY, g, cell_of_building(b))
    if i < OFF_MOVE:
        g, b = divmod(i - OFF_HAUL, MAX_BUILDINGS)
        return Action(HAUL, g, cell_of_building(b))
    rest, g = divmod(i - OFF_MOVE, NUM_GOODS)
    src, dst = divmod(rest, MAX_BUILDINGS)
    return Action(MOVE, g, cell_of_building(src), cell_of_building(dst))

def parse(text: str) -> Action:
    """Read an action written in notation (``build Sheepfold``, ``trail NS 1,2``...)."""
    words = text.split()
    if not words:
        raise IllegalAction("empty action; type a move such as 'pass' or 'build Sheepfold'")
    verb, args = words[0], words[1:]
    simple = {"pass": A_PASS, "trails": A_TRAILS, "done": A_DONE, "process": A_PROCESS}
    try:
        if verb in simple and not args:
            return simple[verb]
        if verb == "build" and args:
            name = " ".join(args)
            try:
                return Action(BUILD, find_tile(name).id)
            except KeyError:
                raise ValueError(f"there is no tile called {name!r}") from None
        if verb == "place" and len(args) == 1:
            return Action(PLACE, parse_cell(args[0]))
        if verb in ("trail", "upgrade") and len(args) == 2:
            mask = parse_shape(args[0])
            if verb == "upgrade" and mask not in TEE_INDEX:
                raise ValueError("an upgrade makes a T-junction: give three openings, e.g. NEW")
            return Action(TRAIL if verb == "trail" else UPGRADE, parse_cell(args[1]), mask)
        if verb in ("pay", "haul") and len(args) == 2:
            return Action(PAY if verb == "pay" else HAUL, goods_index(args[0]), parse_cell(args[1]))
        if verb in ("keep", "choose") and len(args) == 1:
            return Action(KEEP if verb == "keep" else CHOOSE, goods_index(args[0]))
        if verb == "move" and len(args) == 2 and ">" in args[1]:
            src, dst = args[1].split(">", 1)
            return Action(MOVE, goods_index(args[0]), parse_cell(src), parse_cell(dst))
    except ValueError as exc:
        raise IllegalAction(str(exc)) from None
    raise IllegalAction(
        f"cannot read {text!r}; actions look like: pass | trails | done | process | "
        "build <tile> | place x,y | trail NS x,y | upgrade NEW x,y | pay wood x,y | "
        "keep wood | choose sheep | haul coal x,y | move wood x,y>x,y"
    )
