"""The planner's view of one seat's town during its transport stage.

What the model needs and the engine does not keep in one place: each building's kind, slots,
accepted goods and cubes; which buildings each goods type can reach along the trails (expert
reachability per type); the Hauler's Hut and Porter's Lodge pairs; and the leftover value of a
set of cubes under the planner's :class:`~.planner_objective.Weights`.
"""

from __future__ import annotations

from .. import effects as fx
from ..constants import FINAL, TRANSPORT
from ..content import TILES
from ..frames import TransportStart
from ..goods import NUM_GOODS
from ..queries import topology
from .planner_objective import Weights, leftover_parts, process_cubes

#: Tiles whose transport-start effect hauls cubes (Hauler's Hut) or carries them (Porter's Lodge).
HAUL_TILES = frozenset(t.id for t in TILES if any(e.kind == "haul" for e in t.effects))
PORTER_TILES = frozenset(t.id for t in TILES if any(e.kind == "porter" for e in t.effects))
#: Per tile id: how many hauls or moves its transport-start effect gives (0 if none).
TRANSPORT_EFFECT_COUNT = {
    t.id: max((e.count for e in t.effects if e.when == "transport"), default=0) for t in TILES}


# ============================================================================= the town
class TransportTown:
    """The planning problem read off a state: buildings, cubes, reachability, pending effects."""

    def __init__(self, state, weights: Weights) -> None:
        seat = state.current_player
        if seat is None or state.phase not in (TRANSPORT, FINAL):
            raise ValueError("plan() needs a state in a seat's transport stage (or round 4's final stage)")
        frames = state.frames
        self.tstart = None
        if frames:
            top = frames[-1]
            if type(top) is not TransportStart or top.seat != seat:
                raise ValueError(f"plan() cannot start inside a {top.kind!r} decision")
            self.tstart = top
        self.state = state
        self.seat = seat
        self.weights = weights
        self.final = state.phase == FINAL
        self.kinds = list(state.building_tiles[seat])
        self.bcell = list(state.building_cells[seat])
        self.B = len(self.kinds)
        self.slots = [TILES[t].slots for t in self.kinds]
        self.acc = [TILES[t].accepts for t in self.kinds]
        cubes = state.cubes[seat]
        self.cubes = list(cubes)
        self.x0 = [cubes[b * NUM_GOODS:(b + 1) * NUM_GOODS] for b in range(self.B)]
        self.expert = seat in state.options.get("expert", ())
        self.moves_left = state.moves_left
        self.topo = topology(state, seat)
        self.total = sum(cubes)
        self.converters = [b for b, t in enumerate(self.kinds) if TILES[t].has_processing]
        # Goods that exist now or that a conversion can make from goods that exist.
        goods = {g for g in range(NUM_GOODS) if any(self.x0[b][g] for b in range(self.B))}
        changed = True
        while changed:
            changed = False
            for b in self.converters:
                for eff in TILES[self.kinds[b]].effects:
                    if eff.kind == "convert" and any(eff.goods) and all(
                        g in goods for g in range(NUM_GOODS) if eff.inputs[g]
                    ):
                        new = {g for g in range(NUM_GOODS) if eff.goods[g]} - goods
                        if new:
                            goods |= new
                            changed = True
        self.goods = sorted(goods)
        # may[b]: goods that can ever be on building b during the stage.
        self.may = []
        for b in range(self.B):
            m = {g for g in goods if self.x0[b][g] or (self.slots[b] and self.acc[b] >> g & 1)}
            for eff in TILES[self.kinds[b]].effects:
                if eff.kind == "convert":
                    m |= {g for g in goods if eff.goods[g]}
            self.may.append(sorted(m))
        self._reach: dict[tuple[int, int], tuple[int, ...]] = {}
        # Start-of-transport effects (FF-TRN-10, FF-EFX-21..26).
        self.hut: tuple[int, int] | None = None  # (building, uses left)
        self.porter: tuple[int, int] | None = None
        self.order = "none"  # which effect comes first: "hut", "porter", "either" or "none"
        if self.tstart is not None:
            pending, active, left = self.tstart.pending, self.tstart.active, self.tstart.left
            huts = [b for b in pending if self.kinds[b] in HAUL_TILES]
            porters = [b for b in pending if self.kinds[b] in PORTER_TILES]
            if len(huts) > 1 or len(porters) > 1:
                # Not in this content (one copy of each tile): plan from after the effects.
                self.modelled_tstart = False
            else:
                self.modelled_tstart = True
                for b in huts:
                    self.hut = (b, left if b == active else TRANSPORT_EFFECT_COUNT[self.kinds[b]])
                for b in porters:
                    self.porter = (b, left if b == active else TRANSPORT_EFFECT_COUNT[self.kinds[b]])
                if active >= 0:
                    self.order = "hut" if active in huts else "porter"
                elif huts and porters:
                    self.order = "either"
                elif huts:
                    self.order = "hut"
                elif porters:
                    self.order = "porter"
        else:
            self.modelled_tstart = True
        self.live = self._live()

    def _live(self) -> set[int]:
        """Buildings whose content can change at all in this stage.

        A building that is full now can only change by first sending a cube to a building with
        a free slot at that moment; so, starting from the buildings with a free slot, add each building that
        holds a cube some live building accepts and can be reached from it (by trail, or by a
        pending Porter's Lodge). A usable Hauler's Hut can pull from anywhere: all are live. In
        round 4 a converter that can convert now is live too (a processing step changes it).
        The others keep their cubes whatever the plan (by induction on the first move that
        would change one), so the model leaves them out — this also tightens the bound.
        """
        B = self.B
        if self.hut is not None and self.hut[1] > 0 and self.slots[self.hut[0]] > sum(self.x0[self.hut[0]]):
            return set(range(B))
        live = {b for b in range(B) if self.slots[b] > sum(self.x0[b])}
        if self.final:  # a processing step changes a converter only if it can convert now
            live |= {b for b in self.converters
                     if fx.can_process(TILES[self.kinds[b]], self.cubes, b * NUM_GOODS)}
        porter = self.porter is not None and self.porter[1] > 0
        changed = True
        while changed:
            changed = False
            for a in range(B):
                if a in live:
                    continue
                for g in range(NUM_GOODS):
                    if not self.x0[a][g]:
                        continue
                    if any(d in live for d in self.reach(a, g)) or (porter and any(
                        d in live and d != a and self.acc[d] >> g & 1 for d in range(B)
                    )):
                        live.add(a)
                        changed = True
                        break
        return live

    def reach(self, a: int, g: int) -> tuple[int, ...]:
        """Buildings a cube of ``g`` on building ``a`` can be moved to (FF-TRN-2..6)."""
        key = (a, g)
        r = self._reach.get(key)
        if r is None:
            bit = 1 << g
            r = tuple(
                d for d in self.topo.reachable(self.bcell[a], g, self.expert)
                if d != a and self.slots[d] > 0 and self.acc[d] & bit
            )
            self._reach[key] = r
        return r

    def transport_pairs(self) -> list[tuple[int, int, int]]:
        """(source, destination, goods) triples a transport move could ever use."""
        out = []
        for g in self.goods:
            for a in range(self.B):
                if g in self.may[a]:
                    for d in self.reach(a, g):
                        if g in self.may[d] and a in self.live and d in self.live:
                            out.append((a, d, g))
        return out

    def porter_pairs(self) -> list[tuple[int, int, int]]:
        out = []
        for g in self.goods:
            for a in range(self.B):
                if g in self.may[a]:
                    for d in range(self.B):
                        if d != a and self.slots[d] > 0 and self.acc[d] >> g & 1 and {a, d} <= self.live:
                            out.append((a, d, g))
        return out

    def value_of(self, cubes: list[int], gained: int) -> tuple[int, int, dict[str, int]]:
        """(processing points, leftover centipoints, parts) of finishing now from ``cubes``."""
        after = list(cubes)
        pts = process_cubes(after, self.kinds)
        parts = leftover_parts(after, self.kinds, self.final, self.weights)
        return gained + pts, sum(parts.values()), parts
