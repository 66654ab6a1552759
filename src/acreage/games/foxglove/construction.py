"""Construction turns: each seat in turn builds a tile, takes a trail action, or passes; a build
is placed, paid, then its immediate effects resolve (FF-CON, FF-EFX-8/9/18..20).

Functions of the state. A turn with nothing begun is the phase's own decision
(``turn_legal``/``turn_do``, ``flow.PHASE_STEPS``); a build then waits for its cell
(``frames.Place``), its payment (``payment.py``) and, for the Emporium, the goods type
(``frames.Choose``); a trail action is ``trails.py``. Transportation begins when every seat has
passed.
"""

from __future__ import annotations

from ...core.caches import MadeOnce
from . import effects as fx
from .actions import A_PASS, A_TRAILS, BUILD, CHOOSE, PASS, PLACE, TRAILS, Action
from .constants import _FREE_TRAIL, _SUBS, CONSTRUCTION, PHASE_NAMES
from .content import TILES
from .events import goods_dict, source
from .frames import (
    BeginConstruction,
    Build,
    Choose,
    EndTurn,
    Keep,
    Pay,
    Place,
    Refill,
    SoloRefresh,
    Trails,
    make,
)
from .geometry import cell_name
from .goods import GOODS, NUM_GOODS, STONE, WOOD
from .queries import affordable, can_trail, space_of, topology, totals, town_changed
from .rulings import MAX_BUILDINGS
from .scoring import gain
from .transport import start_stages


# ---------------------------------------------------------------- the phase and its turns (FF-CON-1..4)
def begin_construction(state, frame: BeginConstruction | None = None) -> None:
    """Nobody has passed; the start player acts first; each seat's construction helpers
    (Lean-to, Mason's Lodge) are ready again (FF-CON-2, FF-EFX-18..20)."""
    state.phase = CONSTRUCTION
    state.undo_mark += 1
    if state._events is not None:
        state._events.add("phase", None, {"phase": PHASE_NAMES[CONSTRUCTION]})
    state.passed = [False] * state.num_players
    state.turn = state.start_player
    for seat in range(state.num_players):
        kinds = state.building_tiles[seat]
        state.free_trails[seat] = sum(map(_FREE_TRAIL.__getitem__, kinds))
        state.wood_for_stone_left[seat] = sum(map(_SUBS.__getitem__, kinds))


def end_turn(state) -> None:
    """Next seat clockwise that has not passed (FF-CON-2); else transportation."""
    n = state.num_players
    for i in range(1, n + 1):
        seat = (state.turn + i) % n
        if not state.passed[seat]:
            state.turn = seat
            return
    start_stages(state)


def finish_build_turn(state, frame: EndTurn) -> None:
    """The automatic end of a build's turn, once its effects are settled."""
    end_turn(state)


def turn_actions(state, seat: int) -> list[Action]:
    """Pass; a trail action if it can hold anything; each display tile the town can pay for
    while it has room for a building (FF-CON-1, FF-CON-4..7)."""
    acts = [A_PASS]
    cubes = state.cubes[seat]
    wood = sum(cubes[WOOD::NUM_GOODS])
    stone = sum(cubes[STONE::NUM_GOODS])
    if can_trail(state, seat, wood + stone):
        acts.append(A_TRAILS)
    if len(state.building_tiles[seat]) >= MAX_BUILDINGS:
        return acts
    subs = state.wood_for_stone_left[seat]
    if COSTS_IN_WOOD_AND_STONE:
        # Which tiles the town can pay for follows from its wood, its stone and its Mason's
        # Lodge substitutes alone, each capped at the most any cost can use of it.
        can_pay = _CAN_PAY[(subs if subs < _STONE_CAP else _STONE_CAP) << 8
                           | (wood if wood < _WOOD_CAP else _WOOD_CAP) << 4
                           | (stone if stone < _STONE_CAP else _STONE_CAP)]
        for space in state.display:
            if space:
                tid = space[-1]  # identical tiles share a space, so each tile appears once
                if can_pay[tid]:
                    acts.append(_BUILDS[tid])
        return acts
    goods = totals(state, seat)  # costs in other goods too (other content): asked type by type
    owed_by_tile = _OWED[subs] if subs < len(_OWED) else _owed_with(subs)
    for space in state.display:
        if space:
            tid = space[-1]
            if affordable(owed_by_tile[tid], goods):
                acts.append(_BUILDS[tid])
    return acts


#: Whether every tile's cost is in wood and stone only (so it is in this content: checked here,
#: so content with other costs takes the general path of ``turn_actions``), and the most wood
#: and the most stone a cost can use (wood may stand in for stone with a Mason's Lodge).
COSTS_IN_WOOD_AND_STONE = all(not any(tile.cost[2:]) for tile in TILES)
_STONE_CAP = max(tile.cost[1] for tile in TILES)
_WOOD_CAP = max(tile.cost[0] for tile in TILES) + _STONE_CAP
assert _WOOD_CAP < 16 and _STONE_CAP < 16, "costs above 15 need wider fields in _CAN_PAY's key"


def _can_pay(key: int) -> tuple[bool, ...]:
    """By tile: whether a town with the (capped) substitutes, wood and stone packed in
    ``key`` can pay for it (``queries.affordable``, the rule every payment follows)."""
    subs, wood, stone = key >> 8, key >> 4 & 15, key & 15
    goods = [wood, stone, 0, 0, 0]
    return tuple(affordable((*tile.cost, 0, subs), goods) for tile in TILES)


#: ``_can_pay`` of each (substitutes, wood, stone) met, made once.
_CAN_PAY = MadeOnce(_can_pay)


def _owed_with(subs: int) -> tuple[tuple[int, ...], ...]:
    """What each tile's build owes (its cost, no wildcard, ``subs`` stone payable in wood)."""
    return tuple((*tile.cost, 0, subs) for tile in TILES)


#: Each tile's build owed, by the wood-for-stone substitutions left (a few at most), and each
#: tile's build action: made once, asked for at every construction turn.
_OWED = tuple(_owed_with(subs) for subs in range(4))
_BUILDS = tuple(Action(BUILD, tile.id) for tile in TILES)


def turn_legal(state, top: None) -> list[Action]:
    return turn_actions(state, state.turn)


def turn_do(state, top: None, action: Action) -> None:
    seat = state.turn
    k = action.kind
    if k == PASS:
        state.passed[seat] = True  # FF-CON-3
        if state._events is not None:
            state._events.add("pass", seat, {"forced": len(turn_actions(state, seat)) == 1})
        end_turn(state)
    elif k == TRAILS:
        state.frames.append(make(Trails, (seat, 0)))
    else:  # BUILD
        state.frames.append(make(Place, (seat, action.a)))


# ---------------------------------------------------------------- a build (FF-CON-5..11)
def place_legal(state, top: Place) -> list[Action]:
    """Every empty cell that shares an edge with the town (FF-CON-8/9)."""
    return [*map(_PLACES.__getitem__, topology(state, top.seat).frontier)]


#: The place action of each cell, made once (a search asks for the same ones again and again).
_PLACES = MadeOnce(lambda cell: Action(PLACE, cell))


def place_do(state, top: Place, action: Action) -> None:
    """The cell is chosen: the cost is owed next (FF-CON-11)."""
    seat = top.seat
    state.frames.pop()
    tid = top.tile
    subs = state.wood_for_stone_left[seat]
    owed = (_OWED[subs] if subs < len(_OWED) else _owed_with(subs))[tid]
    state.frames.append(make(Pay, (seat, owed, make(Build, (tid, action.a)))))


def complete_build(state, seat: int, tid: int, cell: int) -> None:
    """Place the paid tile, resolve its immediate effects, then refill (FF-CON-11)."""
    space = space_of(state, tid)
    state.display[space].pop()
    b = len(state.building_tiles[seat])
    state.cells[seat][cell] = b
    state.building_tiles[seat].append(tid)
    state.building_cells[seat].append(cell)
    state.cubes[seat].extend((0, 0, 0, 0, 0))
    town_changed(state, seat, cell)
    # A construction helper works from the moment it stands (FF-EFX-18..20).
    state.free_trails[seat] += _FREE_TRAIL[tid]
    state.wood_for_stone_left[seat] += _SUBS[tid]
    state.frames.append(make(EndTurn, (seat,)))
    log = state._events
    if log is not None:
        log.add("build", seat, {"tile": TILES[tid].name, "cell": cell_name(cell)})
    if state.solo:
        state.frames.append(SoloRefresh(seat, "C" if space >= state.n_ab else "AB"))
    elif not state.display[space]:
        state.frames.append(make(Refill, (seat, space)))
    kind = TILES[tid]
    for eff in _IMMEDIATE[tid]:
        if eff.kind == "gain":
            if log is not None:
                before = state.cubes[seat][b * NUM_GOODS:(b + 1) * NUM_GOODS]
            if eff.points:
                gain(state, seat, eff.points)  # FF-EFX-8
            if any(eff.goods):
                pending = fx.place_goods(state.cubes[seat], b * NUM_GOODS, kind.slots, eff.goods)
                if pending is not None:
                    state.frames.append(Keep(seat, b, pending[0], pending[1]))
            if log is not None:
                after = state.cubes[seat][b * NUM_GOODS:(b + 1) * NUM_GOODS]
                log.add("effect", seat, {
                    "tile": kind.name,
                    "gained": goods_dict([x - y for x, y in zip(after, before, strict=True)]),
                    "points": eff.points, "source": source(kind.name, "built"),
                })
        elif eff.kind == "gain_one_type":  # FF-EFX-9
            state.frames.append(Choose(seat, b, eff.amount))


#: Each tile's immediate effects (most have none): looked up at every build.
_IMMEDIATE = tuple(tile.effects_at("immediate") for tile in TILES)


# ---------------------------------------------------------------- the Emporium's goods type (FF-EFX-9)
def choose_legal(state, top: Choose) -> list[Action]:
    return [Action(CHOOSE, g) for g in range(NUM_GOODS)]


def choose_do(state, top: Choose, action: Action) -> None:
    """The building gains ``amount`` cubes of the type named (what fits)."""
    seat = top.seat
    state.frames.pop()
    vec = [0] * NUM_GOODS
    vec[action.a] = top.amount
    b = top.building
    cubes = state.cubes[seat]
    before = cubes[b * NUM_GOODS:(b + 1) * NUM_GOODS]
    fx.place_goods(cubes, b * NUM_GOODS, TILES[state.building_tiles[seat][b]].slots, vec)
    if state._events is not None:
        state._events.add("choose", seat, {
            "tile": TILES[state.building_tiles[seat][b]].name, "good": GOODS[action.a],
            "gained": goods_dict([cubes[b * NUM_GOODS + x] - before[x] for x in range(NUM_GOODS)]),
        })
