"""Construction turns: building a tile (choose, place, pay, immediate effects), trail actions and
upgrades, passing (FF-CON, FF-TRL, FF-EFX-8/9/18..20), and the town helpers they use.

A part of :class:`~.state.FoxgloveState`: the state inherits these rules; they work on its
flat data (see ``state.py`` for the fields).
"""

from __future__ import annotations

from ...core.caches import memo_table
from . import effects as fx
from .actions import (
    A_DONE,
    A_PASS,
    A_TRAILS,
    BUILD,
    PAY,
    TRAIL,
    UPGRADE,
    Action,
)
from .constants import (
    _FREE_TRAIL,
    _SUBS,
    CONSTRUCTION,
    PHASE_NAMES,
)
from .content import TILES
from .events import goods_dict, source
from .geometry import (
    SHAPES,
    TEE_INDEX,
    TEES,
    cell_name,
    is_tee,
    neighbours,
    opposite,
    shape_name,
)
from .goods import COAL, GOODS, NUM_GOODS, SHEEP, STONE, WHEAT, WOOD
from .rulings import (
    MAX_BUILDINGS,
    MAX_TRAILS,
)
from .topology import Topology


def _pay_step(rem: tuple[int, ...], g: int) -> tuple[int, ...] | None:
    """Remaining cost after paying one cube of ``g``, or None if ``g`` is not wanted. ``rem`` is

    (wood, stone, wheat, coal, sheep, flex, subs): ``flex`` units may be wood or stone (trails,

    FF-TRL-2/3); ``subs`` stone units may be paid with wood (Mason's Lodge)."""
    if rem[g] > 0:
        out = list(rem)
        out[g] -= 1
        return tuple(out)
    if g in (WOOD, STONE) and rem[5] > 0:
        out = list(rem)
        out[5] -= 1
        return tuple(out)
    if g == WOOD and rem[STONE] > 0 and rem[6] > 0:
        out = list(rem)
        out[STONE] -= 1
        out[6] -= 1
        return tuple(out)
    return None


def _affordable(rem: tuple[int, ...], tot: list[int]) -> bool:
    """Whether the goods ``tot`` can still cover the remaining cost ``rem``."""
    if tot[WHEAT] < rem[WHEAT] or tot[COAL] < rem[COAL] or tot[SHEEP] < rem[SHEEP]:
        return False
    stone_short = rem[STONE] - tot[STONE]
    if stone_short < 0:
        stone_short = 0
    if stone_short > rem[6]:
        return False
    wood_left = tot[WOOD] - rem[WOOD] - stone_short
    if wood_left < 0:
        return False
    stone_left = tot[STONE] - (rem[STONE] - stone_short)
    return wood_left + stone_left >= rem[5]


def live_openings(cells: dict[int, int], cell: int, mask: int) -> int:
    """The openings of ``mask`` (a trail at ``cell``, laid or only considered) that face a
    building or a trail open back toward ``cell``: the connections it makes."""
    live = 0
    for d, nb in neighbours(cell):
        if not mask & d:
            continue
        code = cells.get(nb)
        if code is None:
            continue
        if code >= 0 or (-code) & opposite(d):
            live |= d
    return live


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


class ConstructionRules:
    """Construction turns."""

    def _begin_construction(self) -> None:
        self.phase = CONSTRUCTION
        if self._events is not None:
            self._events.add("phase", None, {"phase": PHASE_NAMES[CONSTRUCTION]})
        self.passed = [False] * self.num_players
        self.turn = self.start_player
        for seat in range(self.num_players):
            kinds = self.kinds[seat]
            self.free_trails[seat] = sum(_FREE_TRAIL[t] for t in kinds)
            self.subs_left[seat] = sum(_SUBS[t] for t in kinds)

    def _end_turn(self) -> None:
        """Next seat clockwise that has not passed (FF-CON-2); else transport."""
        n = self.num_players
        for i in range(1, n + 1):
            seat = (self.turn + i) % n
            if not self.passed[seat]:
                self.turn = seat
                return
        self._start_stages()

    def _turn_actions(self, seat: int) -> list[Action]:
        acts = [A_PASS]
        tot = self.totals(seat)
        if self._can_trail(seat, tot):
            acts.append(A_TRAILS)
        if len(self.kinds[seat]) >= MAX_BUILDINGS:
            return acts
        subs = self.subs_left[seat]
        for space in self.display:
            if space:
                tid = space[-1]  # identical tiles share a space, so each tile appears once
                if _affordable((*TILES[tid].cost, 0, subs), tot):
                    acts.append(Action(BUILD, tid))
        return acts

    def _trail_actions(self, seat: int, count: int) -> list[Action]:
        acts = []
        budget = self._trail_budget(seat)
        free = self.free_trails[seat] > 0
        if (budget >= 1 or free) and self.ntrails[seat] < MAX_TRAILS:
            for cell in self._topology(seat).frontier:
                need = self._required_openings(seat, cell)
                for m in SHAPES:
                    tee = m in TEE_INDEX
                    if m & need == need and (budget >= (2 if tee else 1) or (free and not tee)):
                        acts.append(Action(TRAIL, cell, m))
        if budget >= 1:
            for cell, code in sorted(self.cells[seat].items()):
                if code < 0 and not is_tee(-code):
                    live = self._live_openings(seat, cell)
                    for t in TEES:
                        if t & live == live:
                            acts.append(Action(UPGRADE, cell, t))
        if count >= 1:
            acts.append(A_DONE)  # FF-CON-4: an empty trail action is not offered
        return acts

    def _pay_actions(self, seat: int, rem: tuple[int, ...]) -> list[Action]:
        tot = self.totals(seat)
        cubes = self.cubes[seat]
        bcell = self.bcell[seat]
        acts = []
        # Owed types are paid in goods order (wood first), so the only questions asked are
        # which building each cube comes from and, where the cost allows, which type: wood or
        # stone for a trail, wood instead of stone with a Mason's Lodge.
        owed = next((g for g in range(NUM_GOODS) if rem[g]), None)
        if owed is None:
            candidates: tuple[int, ...] = (WOOD, STONE)
        elif owed == STONE and rem[6] > 0:
            candidates = (WOOD, STONE)
        else:
            candidates = (owed,)
        for g in candidates:
            nxt = _pay_step(rem, g)
            if nxt is None:
                continue
            tot[g] -= 1
            ok = _affordable(nxt, tot)
            tot[g] += 1
            if not ok:
                continue
            for b in range(len(bcell)):
                if cubes[b * NUM_GOODS + g]:
                    acts.append(Action(PAY, g, bcell[b]))
        return acts

    def _do_pay(self, top: tuple, action: Action) -> None:
        _, seat, rem, then = top
        g = action.a
        self.cubes[seat][self.cells[seat][action.b] * NUM_GOODS + g] -= 1
        if self._events is not None:
            self._events.add("pay", seat, {
                "good": GOODS[g], "cell": cell_name(action.b),
                "tile": TILES[self.kinds[seat][self.cells[seat][action.b]]].name,
            })
        rem = _pay_step(rem, g)
        if any(rem[:6]):
            self.frames[-1] = ("pay", seat, rem, then)
            return
        self.frames.pop()
        what = then[0]
        if what == "build":
            self.subs_left[seat] = rem[6]
            self._complete_build(seat, then[1], then[2])
        elif what == "trail":
            self._place_trail(seat, then[1], then[2])
        else:  # upgrade (FF-TRL-4, FF-TRL-11)
            self.cells[seat][then[1]] = -then[2]
            self._topo[seat] = None
            if self._events is not None:
                self._events.add("upgrade", seat, {"cell": cell_name(then[1]), "shape": shape_name(then[2])})
            self._count_trail_step()

    def _count_trail_step(self) -> None:
        top = self.frames[-1]
        self.frames[-1] = ("trails", top[1], top[2] + 1)

    def _start_trail(self, seat: int, cell: int, mask: int) -> None:
        if mask not in TEE_INDEX and self.free_trails[seat] > 0:
            self.free_trails[seat] -= 1  # Lean-to (FF-EFX-19)
            self._place_trail(seat, cell, mask, free=True)
            return
        cost = 2 if mask in TEE_INDEX else 1  # FF-TRL-2/3
        self.frames.append(("pay", seat, (0, 0, 0, 0, 0, cost, 0), ("trail", cell, mask)))

    def _place_trail(self, seat: int, cell: int, mask: int, free: bool = False) -> None:
        if self._events is not None:
            self._events.add("trail", seat, {"cell": cell_name(cell), "shape": shape_name(mask),
                                             "free": free})
        self.cells[seat][cell] = -mask
        self.ntrails[seat] += 1
        self._topo[seat] = None
        self._count_trail_step()

    def _complete_build(self, seat: int, tid: int, cell: int) -> None:
        """Place the paid tile, resolve its immediate effects, then refill (FF-CON-11)."""
        space = self._space_of(tid)
        self.display[space].pop()
        b = len(self.kinds[seat])
        self.cells[seat][cell] = b
        self.kinds[seat].append(tid)
        self.bcell[seat].append(cell)
        self.cubes[seat].extend((0, 0, 0, 0, 0))
        self._topo[seat] = None
        # A construction helper works from the moment it stands (FF-EFX-18..20).
        self.free_trails[seat] += _FREE_TRAIL[tid]
        self.subs_left[seat] += _SUBS[tid]
        self.frames.append(("end_turn", seat))
        log = self._events
        if log is not None:
            log.add("build", seat, {"tile": TILES[tid].name, "cell": cell_name(cell)})
        if self.solo:
            self.frames.append(("solo_refresh", seat, "C" if space >= self.n_ab else "AB"))
        elif not self.display[space]:
            self.frames.append(("refill", seat, space))
        kind = TILES[tid]
        for eff in kind.effects:
            if eff.when != "immediate":
                continue
            if eff.kind == "gain":
                if log is not None:
                    before = self.cubes[seat][b * NUM_GOODS:(b + 1) * NUM_GOODS]
                if eff.points:
                    self._gain(seat, eff.points)  # FF-EFX-8
                if any(eff.goods):
                    pending = fx.place_goods(self.cubes[seat], b * NUM_GOODS, kind.slots, eff.goods)
                    if pending is not None:
                        self.frames.append(("keep", seat, b, pending[0], pending[1]))
                if log is not None:
                    after = self.cubes[seat][b * NUM_GOODS:(b + 1) * NUM_GOODS]
                    log.add("effect", seat, {
                        "tile": kind.name,
                        "gained": goods_dict([x - y for x, y in zip(after, before, strict=True)]),
                        "points": eff.points, "source": source(kind.name, "built"),
                    })
            elif eff.kind == "gain_one_type":  # FF-EFX-9
                self.frames.append(("choose", seat, b, eff.amount))

    def _topology(self, seat: int) -> Topology:
        topo = self._topo[seat]
        if topo is None:
            topo = self._topo[seat] = _shared_topology(self.cells[seat], self.kinds[seat])
        return topo

    def totals(self, seat: int) -> list[int]:
        """Cubes of each type in the seat's whole town."""
        cubes = self.cubes[seat]
        return [sum(cubes[g::NUM_GOODS]) for g in range(NUM_GOODS)]

    def free_slots(self, seat: int, b: int) -> int:
        return TILES[self.kinds[seat][b]].slots - fx.load(self.cubes[seat], b * NUM_GOODS)

    def _required_openings(self, seat: int, cell: int) -> int:
        """Openings a new trail at ``cell`` must have so no trail end is cut off (FF-TRL-8)."""
        cells = self.cells[seat]
        need = 0
        for d, nb in neighbours(cell):
            code = cells.get(nb)
            if code is not None and code < 0 and (-code) & opposite(d):
                need |= d
        return need

    def _live_openings(self, seat: int, cell: int) -> int:
        """Openings of the trail at ``cell`` that join something now (FF-TRL-11)."""
        cells = self.cells[seat]
        return live_openings(cells, cell, -cells[cell])

    def _trail_budget(self, seat: int) -> int:
        tot = self.totals(seat)
        return tot[WOOD] + tot[STONE]

    def _can_trail(self, seat: int, tot: list[int]) -> bool:
        """Whether a trail action has anything in it: a new trail, or an upgrade."""
        budget = tot[WOOD] + tot[STONE]
        if self.ntrails[seat] < MAX_TRAILS and (budget > 0 or self.free_trails[seat] > 0):
            return True  # the frontier is never empty
        return budget > 0 and any(code < 0 and not is_tee(-code) for code in self.cells[seat].values())
