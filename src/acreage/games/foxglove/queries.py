"""Questions about a Foxglove Farm position that change nothing: what a town holds and joins,
what a cost still needs, where a tile lies on the display, what end-game effects are worth.

A leaf of the rules: every chapter module (production, construction, trails, transport,
scoring...) asks these, and none of them is asked back. Functions take the state first.
"""

from __future__ import annotations

from ...core.caches import memo_table
from . import effects as fx
from .constants import _HAS_END, _HAS_PROCESSING
from .content import TILES
from .geometry import is_tee, ring
from .goods import COAL, NUM_GOODS, SHEEP, STONE, WHEAT, WOOD
from .rulings import MAX_TRAILS
from .topology import Topology, live_openings, openings_needed


# ---------------------------------------------------------------- costs (FF-CON-6/7, FF-TRL-2..5, FF-EFX-20)
def pay_step(owed: tuple[int, ...], good: int) -> tuple[int, ...] | None:
    """What is still owed after paying one cube of ``good``, or None if ``good`` is not wanted.
    ``owed`` is (wood, stone, wheat, coal, sheep, either, substitutes): ``either`` units may be
    wood or stone (trails, FF-TRL-2/3); ``substitutes`` stone units may be paid with wood
    (Mason's Lodge)."""
    if owed[good] > 0:
        out = list(owed)
        out[good] -= 1
        return tuple(out)
    if good in (WOOD, STONE) and owed[5] > 0:
        out = list(owed)
        out[5] -= 1
        return tuple(out)
    if good == WOOD and owed[STONE] > 0 and owed[6] > 0:
        out = list(owed)
        out[STONE] -= 1
        out[6] -= 1
        return tuple(out)
    return None


def affordable(owed: tuple[int, ...], goods: list[int]) -> bool:
    """Whether ``goods`` (cubes by type) can still cover what is ``owed`` (FF-CON-7)."""
    if goods[WHEAT] < owed[WHEAT] or goods[COAL] < owed[COAL] or goods[SHEEP] < owed[SHEEP]:
        return False
    stone_short = owed[STONE] - goods[STONE]
    if stone_short < 0:
        stone_short = 0
    if stone_short > owed[6]:
        return False
    wood_left = goods[WOOD] - owed[WOOD] - stone_short
    if wood_left < 0:
        return False
    stone_left = goods[STONE] - (owed[STONE] - stone_short)
    return wood_left + stone_left >= owed[5]


# ---------------------------------------------------------------- a town's goods
def totals(state, seat: int) -> list[int]:
    """Cubes of each type in the seat's whole town."""
    c = state.cubes[seat]  # five goods types, written out (no loop: asked at every turn)
    return [sum(c[0::5]), sum(c[1::5]), sum(c[2::5]), sum(c[3::5]), sum(c[4::5])]


def free_slots(state, seat: int, building: int) -> int:
    """Empty slots on one of the seat's buildings."""
    tile = TILES[state.building_tiles[seat][building]]
    return tile.slots - fx.load(state.cubes[seat], building * NUM_GOODS)


def cubes_in_town(state, seat: int) -> int:
    return sum(state.cubes[seat])


def tiles_in_town(state, seat: int) -> int:
    """Buildings and trails (FF-END-5)."""
    return len(state.cells[seat])


# ---------------------------------------------------------------- a town's trails (FF-TRL)
#: Topologies by town layout, shared by every state that reaches the same layout (searches
#: replay the same builds over and over; a Topology is immutable once built).
_TOPOLOGIES: dict[tuple, Topology] = memo_table({})


def _shared_topology(cells: dict[int, int], kinds: list[int]) -> Topology:
    key = (frozenset(cells.items()), tuple(kinds))
    topo = _TOPOLOGIES.get(key)
    if topo is None:
        if len(_TOPOLOGIES) >= 4096:
            _TOPOLOGIES.clear()
        topo = _TOPOLOGIES[key] = Topology(cells, kinds)
    return topo


def topology(state, seat: int) -> Topology:
    """What the seat's trails join, and the empty cells beside its town (kept until the town
    changes: the rules that change a town clear ``state._topologies[seat]``)."""
    topo = state._topologies[seat]
    if topo is None:
        topo = state._topologies[seat] = _shared_topology(state.cells[seat], state.building_tiles[seat])
    return topo


def town_changed(state, seat: int, cell: int) -> None:
    """``state.cells[seat][cell]`` has just changed (a new tile, trail or T-junction): the
    seat's topology, if one was worked out, is grown by that cell instead of being dropped and
    built again at the next question."""
    topo = state._topologies[seat]
    if topo is not None:
        state._topologies[seat] = topo.grown(cell, state.cells[seat][cell], state.building_tiles[seat])


def trail_live_openings(state, seat: int, cell: int) -> int:
    """Openings of the trail at ``cell`` that join something now (FF-TRL-11)."""
    cells = state.cells[seat]
    return live_openings(cells, cell, -cells[cell])


def required_openings(state, seat: int, cell: int) -> int:
    """Openings a new trail at ``cell`` must have so no trail end is cut off (FF-TRL-8)."""
    return openings_needed(state.cells[seat], cell)


def trail_budget(state, seat: int) -> int:
    """Cubes that can pay for trails: the town's wood and stone (FF-TRL-2..5)."""
    c = state.cubes[seat]
    return sum(c[WOOD::NUM_GOODS]) + sum(c[STONE::NUM_GOODS])


def may_lay_trail(state, seat: int, budget: int) -> bool:
    """Whether a new trail can be paid for (or is free) and the seat has trails left
    (FF-TRL-2..5); ``budget`` is the town's wood and stone (``trail_budget``)."""
    return (budget >= 1 or state.free_trails[seat] > 0) and state.trails_laid[seat] < MAX_TRAILS


def can_trail(state, seat: int, budget: int) -> bool:
    """Whether a trail action has anything in it: a new trail, or an upgrade (FF-CON-4);
    ``budget`` is the town's wood and stone (``trail_budget``)."""
    if may_lay_trail(state, seat, budget):
        return True  # the frontier is never empty
    return budget > 0 and any(code < 0 and not is_tee(-code) for code in state.cells[seat].values())


# ---------------------------------------------------------------- the display (FF-DSP)
def space_of(state, tile: int) -> int:
    """The display space whose top tile is ``tile``, or -1."""
    for i, space in enumerate(state.display):
        if space and space[-1] == tile:
            return i
    return -1


def area_tier(state, space: int) -> int:
    """The stack an emptied space refills from: C, or A until round 2 and B after (FF-RND-12)."""
    if space >= state.n_ab:
        return 2
    return 0 if state.round <= 2 else 1


# ---------------------------------------------------------------- transport and processing
def can_process(state, seat: int) -> bool:
    """Whether any of the seat's buildings can convert now (FF-FIN-3, FF-FIN-7).

    Asked at every move of a final stage, so the town's conversions are a fact of its layout
    (``Topology.derived``): one row per conversion, ``(base, wood, stone, wheat, coal, sheep,
    distinct)``, the inputs written out and ``distinct`` the number of different types a
    set conversion takes (0 for a plain one)."""
    topo = state._topologies[seat] or topology(state, seat)  # kept, else made
    rows = topo.derived.get(_CONVERSIONS)
    if rows is None:
        rows = topo.derived[_CONVERSIONS] = _conversion_rows(state.building_tiles[seat])
    cubes = state.cubes[seat]
    for base, wood, stone, wheat, coal, sheep, distinct in rows:
        if distinct:
            if ((cubes[base] > 0) + (cubes[base + 1] > 0) + (cubes[base + 2] > 0) + (cubes[base + 3] > 0)
                    + (cubes[base + 4] > 0) >= distinct):
                return True
        elif (cubes[base] >= wood and cubes[base + 1] >= stone and cubes[base + 2] >= wheat
              and cubes[base + 3] >= coal and cubes[base + 4] >= sheep):
            return True
    return False


#: The name of a layout's conversion rows among its derived facts.
_CONVERSIONS = "conversions"


def _conversion_rows(kinds: list[int]) -> tuple[tuple[int, ...], ...]:
    """Each conversion of the town's buildings, in building order (``can_process``)."""
    rows = []
    for b, tid in enumerate(kinds):
        if _HAS_PROCESSING[tid]:
            for eff in TILES[tid].effects_at("processing"):
                if eff.kind == "convert":
                    rows.append((b * NUM_GOODS, *eff.inputs, 0))
                elif eff.kind == "convert_distinct":
                    rows.append((b * NUM_GOODS, 0, 0, 0, 0, 0, eff.count))
    return tuple(rows)


# ---------------------------------------------------------------- end-game effects (FF-END-1/2)
def end_points_by_building(state, seat: int) -> list[int]:
    """The end-game points of each of the seat's buildings, in building order."""
    cubes = state.cubes[seat]
    kinds = state.building_tiles[seat]
    cells = state.cells[seat]
    out = [0] * len(kinds)
    for b, tid in enumerate(kinds):
        if not _HAS_END[tid]:
            continue
        total = 0
        kind = TILES[tid]
        base = b * NUM_GOODS
        for eff in kind.effects:
            if eff.when != "end":
                continue
            k = eff.kind
            if k == "score_held":
                held = fx.load(cubes, base) if eff.held < 0 else cubes[base + eff.held]
                total += eff.points * held
            elif k == "full_bonus":
                if kind.slots and fx.load(cubes, base) >= kind.slots:
                    total += eff.points
            elif k == "distinct_types_held":
                total += eff.points * sum(1 for g in range(NUM_GOODS) if cubes[base + g])
            elif k == "per_trail":
                total += eff.points * state.trails_laid[seat]
            elif k == "per_building":
                total += eff.points * len(kinds)
            elif k == "trail_reach":
                total += eff.points * len(topology(state, seat).trail_reach(state.building_cells[seat][b]))
            elif k == "neighbours_processing":
                count = 0
                for nb in ring(state.building_cells[seat][b]):
                    code = cells.get(nb, -1)
                    if code >= 0 and _HAS_PROCESSING[kinds[code]]:
                        count += 1
                total += eff.points * count
        out[b] = total
    return out


def end_game_points(state, seat: int) -> int:
    """Points from end-game effects on this seat's town as it stands (FF-END-1/2)."""
    return sum(end_points_by_building(state, seat))
