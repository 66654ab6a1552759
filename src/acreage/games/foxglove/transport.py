"""Transportation (rounds 1-3) and round 4's final stage, seat by seat: the start-of-transport
effects (Hauler's Hut, Porter's Lodge), cube moves along trails, processing, and the end of a
stage (FF-TRN, FF-FIN, FF-EFX-21..24).

Functions of the state. A stage with nothing begun is the phase's own decision
(``stage_legal``/``stage_do``, ``flow.PHASE_STEPS``); the start-of-transport effects wait as a
``frames.TransportStart`` decision.
"""

from __future__ import annotations

from itertools import compress

from ...core.caches import MadeOnce
from . import effects as fx
from .actions import A_DONE, A_PROCESS, DONE, HAUL, MOVE, PROCESS, Action
from .constants import _EFFECT_COUNT, _HAS_HAUL, _HAS_PORTER, FINAL, PHASE_NAMES, TRANSPORT
from .content import TILES
from .frames import TransportStart
from .geometry import cell_name
from .goods import GOODS, NUM_GOODS
from .queries import can_process, free_slots, topology
from .rounds import end_round
from .scoring import process_all


# ---------------------------------------------------------------- stages, seat by seat
def start_stages(state) -> None:
    """Transportation (rounds 1–3) or the combined final stage (round 4), one seat after
    another from the start player (FF-RND-2, FF-FIN-2)."""
    state.phase = FINAL if state.round == 4 else TRANSPORT
    state.undo_mark += 1
    if state._events is not None:
        state._events.add("phase", None, {"phase": PHASE_NAMES[state.phase]})
    n = state.num_players
    state.order = tuple((state.start_player + i) % n for i in range(n))
    state.stage_index = 0
    begin_stage(state)


#: The tiles with an effect at the start of a seat's transport (the Hauler's Hut, the Porter).
_STARTS_TRANSPORT = _HAS_HAUL | _HAS_PORTER


def begin_stage(state) -> None:
    """The seat's stage begins: its move allowance, then its start-of-transport effects."""
    seat = state.order[state.stage_index]
    state.moves_left = state.options.get("move_cap", 200)
    if state._events is not None:
        state._events.add("stage", seat, {"phase": PHASE_NAMES[state.phase]})
    pending = tuple([b for b, tid in enumerate(state.building_tiles[seat]) if tid in _STARTS_TRANSPORT])
    if pending:  # FF-TRN-10, FF-FIN-5: transport-start effects come first
        state.frames.append(TransportStart(seat, pending, -1, 0))


def finish_stage(state) -> None:
    """The seat's buildings process (FF-PRC-1 in rounds 1-3, FF-FIN-6 in round 4); the next
    seat's stage begins, or the round ends."""
    seat = state.order[state.stage_index]
    process_all(state, seat)
    state.stage_index += 1
    if state.stage_index < state.num_players:
        begin_stage(state)
    else:
        end_round(state)


def stage_legal(state, top: None) -> list[Action]:
    """Every single-cube move while the cap allows; in the final stage, processing now; done."""
    seat = state.order[state.stage_index]
    acts = moves(state, seat) if state.moves_left > 0 else []
    if state.phase == FINAL and can_process(state, seat):
        acts.append(A_PROCESS)
    acts.append(A_DONE)
    return acts


def stage_do(state, top: None, action: Action) -> None:
    seat = state.order[state.stage_index]
    k = action.kind
    if k == MOVE:
        move_cube(state, seat, action.a, action.b, action.c)
        state.moves_left -= 1
        if state._events is not None:
            log_move(state, "move", seat, action.a, action.b, action.c, "")
    elif k == PROCESS:
        process_all(state, seat)  # FF-FIN-3
    else:  # DONE
        finish_stage(state)


def moves(state, seat: int) -> list[Action]:
    """Every single-cube transport move (FF-TRN-1..9): each cube to each building its layout
    lets it reach that has room. Where a cube may go is a fact of the layout: its row of
    ``(building, move)`` pairs is worked out the first time a cube of that type stands on
    that building, and kept with the layout (``Topology.derived``)."""
    topo = state._topologies[seat] or topology(state, seat)  # kept, else made
    expert = seat in state.options.get("expert", ())
    cubes = state.cubes[seat]
    rows = topo.derived.get(_ROWS[expert])
    if rows is None:
        rows = topo.derived[_ROWS[expert]] = [None] * len(cubes)
    # A building's free room is counted the first time a move to it is met (a list asks
    # about a few buildings; counting all of them cost more than the list itself).
    slots = topo.slots
    free: list[int | None] = [None] * len(slots)
    acts = []
    for i in compress(range(len(cubes)), cubes):  # each building and type holding a cube
        row = rows[i]
        if row is None:
            row = rows[i] = _move_row(state, seat, topo, expert, i)
        for d, action in row:
            room = free[d]
            if room is None:
                base = d * NUM_GOODS
                room = free[d] = (slots[d] - cubes[base] - cubes[base + 1] - cubes[base + 2] - cubes[base + 3]
                                  - cubes[base + 4])
            if room > 0:
                acts.append(action)
    return acts


#: The name of the move rows among a layout's derived facts, by expert rules or not.
_ROWS = ("move rows", "move rows (expert)")


def _move_row(state, seat: int, topo, expert: bool, i: int) -> tuple[tuple[int, Action], ...]:
    """``(d, move)`` for each building ``d`` a goods-``g`` cube on building ``b`` may be moved
    to, ``i = 5 * b + g`` (``Topology.move_targets`` less ``b`` itself), in the order moves
    are listed."""
    b, g = divmod(i, NUM_GOODS)
    bcell = state.building_cells[seat]
    key = bcell[b] << 35 | g  # the move's packed key less its destination
    row = []
    for d in topo.move_targets(expert)[b][g]:
        if d != b:
            row.append((d, _MOVES[key | bcell[d] << 3]))
    return tuple(row)


#: Each move by its packed key ``from cell << 35 | to cell << 3 | goods type``, made once and
#: shared, so a stage's lists hold the same objects from layout to layout.
_MOVES = MadeOnce(lambda key: Action(MOVE, key & 7, key >> 35, key >> 3 & 0xFFFFFFFF))


def move_cube(state, seat: int, good: int, src_cell: int, dst_cell: int) -> None:
    cells = state.cells[seat]
    cubes = state.cubes[seat]
    cubes[cells[src_cell] * NUM_GOODS + good] -= 1
    cubes[cells[dst_cell] * NUM_GOODS + good] += 1


def log_move(state, kind: str, seat: int, good: int, src: int, dst: int, by: str) -> None:
    event = {"good": GOODS[good], "from": cell_name(src), "to": cell_name(dst)}
    if by:
        event["by"] = by
    state._events.add(kind, seat, event)


def log_forced_stage_end(state, seat: int) -> None:
    """Why a seat's transportation (or final stage) ends with no choice left."""
    # moves() does not look at the cap: any move at all means the cap is what stopped it.
    reason = "cap" if state.moves_left <= 0 and moves(state, seat) else "stuck"
    state._events.add("stage_end", seat, {"reason": reason})


# ---------------------------------------------------------------- start-of-transport effects (FF-EFX-21..24)
def _effect_actions(state, seat: int, b: int, left: int) -> list[Action]:
    """Actions of one start-of-transport effect on building ``b`` with ``left`` uses."""
    tid = state.building_tiles[seat][b]
    cubes = state.cubes[seat]
    bcell = state.building_cells[seat]
    kinds = state.building_tiles[seat]
    acts = []
    if tid in _HAS_HAUL:  # FF-EFX-22/23
        if free_slots(state, seat, b) > 0:
            for o in range(len(kinds)):
                if o == b:
                    continue
                for g in range(NUM_GOODS):
                    if cubes[o * NUM_GOODS + g]:
                        acts.append(Action(HAUL, g, bcell[o]))
    elif tid in _HAS_PORTER:  # FF-EFX-24
        free = [TILES[t].slots - fx.load(cubes, i * NUM_GOODS) for i, t in enumerate(kinds)]
        for o in range(len(kinds)):
            for g in range(NUM_GOODS):
                if not cubes[o * NUM_GOODS + g]:
                    continue
                for d in range(len(kinds)):
                    if d != o and free[d] > 0 and TILES[kinds[d]].accepts >> g & 1:
                        acts.append(Action(MOVE, g, bcell[o], bcell[d]))
    return acts


def transport_start_legal(state, top: TransportStart) -> list[Action]:
    """The active effect's uses, or any unused effect's; and done."""
    seat, pending, active, left = top.seat, top.pending, top.active, top.left
    acts: list[Action] = []
    if active >= 0:
        acts = _effect_actions(state, seat, active, left)
    else:
        seen = set()
        for b in pending:
            for a in _effect_actions(state, seat, b, _EFFECT_COUNT[state.building_tiles[seat][b]]):
                if a not in seen:
                    seen.add(a)
                    acts.append(a)
    acts.append(A_DONE)
    return acts


def transport_start_do(state, top: TransportStart, action: Action) -> None:
    seat, pending, active, left = top.seat, top.pending, top.active, top.left
    if action.kind == DONE:
        if active < 0:
            state.frames.pop()  # decline every remaining start-of-transport effect
            return
        pending = tuple(p for p in pending if p != active)
        _set_transport_start(state, seat, pending, -1, 0)
        return
    if active < 0:
        want = _HAS_HAUL if action.kind == HAUL else _HAS_PORTER
        active = next(b for b in pending if state.building_tiles[seat][b] in want)
        left = _EFFECT_COUNT[state.building_tiles[seat][active]]
    if action.kind == HAUL:
        cubes = state.cubes[seat]
        cubes[state.cells[seat][action.b] * NUM_GOODS + action.a] -= 1
        cubes[active * NUM_GOODS + action.a] += 1
    else:
        move_cube(state, seat, action.a, action.b, action.c)
    if state._events is not None:
        by = TILES[state.building_tiles[seat][active]].name
        if action.kind == HAUL:
            log_move(state, "haul", seat, action.a, action.b, state.building_cells[seat][active], by)
        else:
            log_move(state, "move", seat, action.a, action.b, action.c, by)
    left -= 1
    if left <= 0:
        pending = tuple(p for p in pending if p != active)
        active = -1
    _set_transport_start(state, seat, pending, active, left)


def _set_transport_start(state, seat: int, pending: tuple, active: int, left: int) -> None:
    state.frames.pop()
    if pending:
        state.frames.append(TransportStart(seat, pending, active, left))
