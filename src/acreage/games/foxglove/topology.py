"""Who is joined to whom in a town: trail connections, reachability and the frontier.

Computed once per change of a town's layout (only construction changes it) and shared by
clones until one of them builds, so transport move generation is a lookup, not a search. The
facts a trail action needs (the openings each frontier cell demands, the trails that can become
T-junctions) are layout facts too, worked out on first use and kept with the layout.
"""

from __future__ import annotations

from bisect import bisect_left
from collections.abc import Sequence
from typing import Any
from weakref import ref

from .content import TILES
from .geometry import OPPOSITE, TEE_INDEX, neighbours, opposite
from .goods import GOODS_OF_MASK, NUM_GOODS

#: The goods types each tile shows (accepts), by tile id.
_SHOWN = tuple(GOODS_OF_MASK[t.accepts] for t in TILES)
#: Each goods type's bit in a tile's ``accepts``.
_BITS = tuple(1 << g for g in range(NUM_GOODS))

CONNECTOR = frozenset(t.id for t in TILES if any(e.kind == "connector" for e in t.effects))


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


def openings_needed(cells: dict[int, int], cell: int) -> int:
    """Openings a new trail at ``cell`` must have so no trail end is cut off (FF-TRL-8)."""
    need = 0
    for d, nb in neighbours(cell):
        code = cells.get(nb)
        if code is not None and code < 0 and (-code) & opposite(d):
            need |= d
    return need


def joined(cells: dict[int, int], kinds: Sequence[int], a: int, d: int, b: int) -> bool:
    """Whether cells ``a`` and ``b`` (``b`` lies in direction ``d`` of ``a``) are joined (FF-TRL-13)."""
    ca = cells[a]
    cb = cells[b]
    if ca < 0:
        if not (-ca) & d:
            return False
        return cb >= 0 or bool((-cb) & opposite(d))
    if cb < 0:
        return bool((-cb) & opposite(d))
    # Two buildings are joined only through a Wagon Shed (FF-EFX-25).
    return kinds[ca] in CONNECTOR or kinds[cb] in CONNECTOR


class Topology:
    """Connectivity facts of one town layout. Treat as immutable once built."""

    __slots__ = ("frontier", "_frontier_index", "trails", "_trail_index", "comp", "members", "_expert",
                 "_cells", "_kinds", "_needs", "_masks", "_upgradable", "_grown", "_targets",
                 "derived", "slots", "__weakref__")

    def __init__(self, cells: dict[int, int], kinds: list[int]) -> None:
        self._cells = cells.copy()
        self._kinds = tuple(kinds)
        #: (cell, code, tile) → a weak reference to the topology grown by that change; made at
        #: the first growth (a ``WeakValueDictionary`` per topology cost more than the growth).
        self._grown: dict[tuple[int, int, int], ref[Topology]] | None = None
        frontier = set()
        for cell in cells:
            for _d, nb in neighbours(cell):
                if nb not in cells:
                    frontier.add(nb)
        #: Empty cells sharing an edge with the town, sorted (FF-CON-8, FF-TRL-7).
        self.frontier: tuple[int, ...] = tuple(sorted(frontier))
        self._frontier_index: dict[int, int] | None = None
        #: The town's trail cells, sorted (upgrade actions are numbered by this order).
        self.trails: tuple[int, ...] = tuple(sorted(c for c, code in cells.items() if code < 0))
        self._trail_index: dict[int, int] | None = None
        #: Cell → its group's label, and label → the group's buildings in order. A label is
        #: the group's first cell, so a grown topology labels as a fresh build does.
        self.comp, self.members = self._components(lambda cell: True)
        self._expert: dict[int, tuple[dict[int, int], dict[int, tuple[int, ...]]]] = {}
        self._needs: tuple[tuple[int, int], ...] | None = None
        #: The openings each frontier cell demands, in frontier order (``frontier_needs``'s
        #: second halves), kept so a grown topology updates only the cells beside its new one.
        self._masks: tuple[int, ...] | None = None
        self._upgradable: tuple[tuple[int, int], ...] | None = None
        self._targets: dict[bool, tuple[tuple[tuple[int, ...], ...], ...]] = {}
        #: What the rules derive from this layout alone, by a name of their own (a transport
        #: stage's move rows, ``transport.moves``; the town's conversions, ``queries.
        #: can_process``): worked out once per layout, shared by every position that has it.
        #: Only for facts asked for more than once per layout: a list kept here but asked for
        #: once costs more than one made each time (research/speed-experiments.md, 2026-12-08).
        self.derived: dict[str, Any] = {}
        #: Each building's slots, in building order (what its free room is counted against).
        self.slots: tuple[int, ...] = tuple([TILES[kind].slots for kind in self._kinds])

    def __reduce__(self):
        """Pickled as its layout (a copy sent to a bot worker builds it again when asked):
        the derived facts and the weak table of successors do not travel."""
        return (Topology, (self._cells, list(self._kinds)))

    def grown(self, cell: int, code: int, kinds: Sequence[int]) -> Topology:
        """The topology once ``code`` stands at ``cell`` (a new tile or trail, or a trail
        upgraded to a T-junction), ``kinds`` the town's tiles after it: derived from this one
        instead of built again, and equal to a fresh build.

        Adding a cell, or turning a trail into a T-junction (which keeps every opening that
        joins something), only adds connections (``joined`` depends on the two cells alone), so
        the groups the cell joins merge and every other group stays as it was, label included.
        Successors are remembered while some position holds them (weakly, so a game's chain of
        layouts is not kept alive by its first one): the clones of a search that lay the same
        trail share one topology, as positions with one layout share one through
        ``queries.topology``."""
        tile = kinds[code] if code >= 0 else -1
        key = (cell, code, tile)
        grown = self._grown
        if grown is None:
            grown = self._grown = {}
        held = grown.get(key)
        child = held() if held is not None else None
        if child is None:
            child = self._grow(cell, code, kinds)
            grown[key] = ref(child)
        return child

    def _grow(self, cell: int, code: int, kinds: Sequence[int]) -> Topology:
        new = Topology.__new__(Topology)
        cells = self._cells.copy()
        fresh = cell not in cells
        cells[cell] = code
        new._cells = cells
        new._kinds = kinds = tuple(kinds)
        new._grown = None
        new._expert = {}
        new._needs = None
        new._masks = None
        new._upgradable = None
        new._targets = {}
        new.derived = {}
        new.slots = self.slots if len(kinds) == len(self._kinds) else (*self.slots, TILES[kinds[-1]].slots)
        if fresh:
            self._grow_frontier(new, cell, code, cells)
        else:  # an upgrade: the frontier stays; the cells its new openings face demand them
            new.frontier, new._frontier_index = self.frontier, self._frontier_index
            if self._masks is not None:
                new._masks = self._reopened(cell, -self._cells[cell], -code, cells, self._masks)
        if fresh and code < 0:
            new.trails = tuple(sorted((*self.trails, cell)))
            new._trail_index = None
        else:
            new.trails, new._trail_index = self.trails, self._trail_index
        # The groups joined to the cell merge into one, labelled by its first cell.
        comp = self.comp
        merged = set()
        for d, nb in neighbours(cell):
            if nb in comp and joined(cells, kinds, cell, d, nb):
                merged.add(comp[nb])
        if not fresh:
            merged.add(comp[cell])
        _join(new, comp, self.members, cell, code, merged)
        return new

    def _grow_frontier(self, new: Topology, cell: int, code: int, cells: dict[int, int]) -> None:
        """``_grow``'s frontier: this one less ``cell``, plus its empty neighbours, kept in
        order by bisection (no set, no sort). Where this topology knows what openings its
        frontier cells demand, a cell new to the frontier is asked; one already there changes
        only where a new trail opens toward it (a building demands nothing), by one bit."""
        front = list(self.frontier)
        masks = list(self._masks) if self._masks is not None else None
        i = bisect_left(front, cell)
        if i < len(front) and front[i] == cell:
            del front[i]
            if masks is not None:
                del masks[i]
        opens = -code if code < 0 else 0
        for d, nb in neighbours(cell):
            if nb in cells:
                continue
            j = bisect_left(front, nb)
            if j == len(front) or front[j] != nb:
                front.insert(j, nb)
                if masks is not None:
                    masks.insert(j, openings_needed(cells, nb))
            elif masks is not None and opens & d:
                masks[j] |= OPPOSITE[d]
        new.frontier = tuple(front)
        new._frontier_index = None
        if masks is not None:
            new._masks = tuple(masks)

    def _reopened(self, cell: int, old: int, shape: int, cells: dict[int, int],
                  masks: tuple[int, ...]) -> tuple[int, ...]:
        """``masks`` once the trail at ``cell`` opens as ``shape`` instead of ``old`` (an
        upgrade keeps the live openings only, so it may close a dead one): each empty cell an
        opening faces must open back toward it, and no longer where one closed (FF-TRL-8)."""
        changed = old ^ shape
        out = None
        for d, nb in neighbours(cell):
            if changed & d and nb not in cells:
                if out is None:
                    out = list(masks)
                j = bisect_left(self.frontier, nb)
                out[j] ^= OPPOSITE[d]
        return masks if out is None else tuple(out)

    @property
    def frontier_index(self) -> dict[int, int]:
        """Frontier cell → its place in ``frontier`` (place actions' ids are numbered so);
        worked out when first asked: only the action ids need it."""
        if self._frontier_index is None:
            self._frontier_index = {c: i for i, c in enumerate(self.frontier)}
        return self._frontier_index

    @property
    def trail_index(self) -> dict[int, int]:
        """Trail cell → its place in ``trails`` (upgrade actions' ids); worked out when first
        asked."""
        if self._trail_index is None:
            self._trail_index = {c: i for i, c in enumerate(self.trails)}
        return self._trail_index

    def frontier_needs(self) -> tuple[tuple[int, int], ...]:
        """``(cell, openings)`` for each frontier cell, in frontier order: the openings a new
        trail there must have (FF-TRL-8)."""
        if self._needs is None:
            if self._masks is None:
                cells = self._cells
                self._masks = tuple([openings_needed(cells, cell) for cell in self.frontier])
            self._needs = tuple(zip(self.frontier, self._masks, strict=True))
        return self._needs

    def upgradable(self) -> tuple[tuple[int, int], ...]:
        """``(cell, live openings)`` of each straight or curve, in cell order: the trails a
        T-junction may replace, keeping the openings that join something (FF-TRL-4, FF-TRL-11)."""
        if self._upgradable is None:
            cells = self._cells
            rows = []
            for cell in self.trails:  # the trail cells, in order
                mask = -cells[cell]
                if mask not in TEE_INDEX:
                    rows.append((cell, live_openings(cells, cell, mask)))
            self._upgradable = tuple(rows)
        return self._upgradable

    def move_targets(self, expert: bool) -> tuple[tuple[tuple[int, ...], ...], ...]:
        """``[b][g]``: the buildings a goods-``g`` cube on building ``b`` may be moved to: joined
        to it (for type ``g`` in the expert game) and showing ``g`` (FF-TRN-1..6); ``b`` itself
        is listed where it shows ``g`` (the moves leave it out), so every building of a group
        shares one row. Whether each has room is the cubes' business; the rest is a fact of the
        layout, so a transport stage's moves are a lookup per cube."""
        targets = self._targets.get(expert)
        if targets is None:
            if expert:
                accepts = [TILES[kind].accepts for kind in self._kinds]
                rows = []
                for _b, cell in sorted((code, cell) for cell, code in self._cells.items() if code >= 0):
                    rows.append(tuple(
                        tuple(d for d in self.reachable(cell, g, True) if accepts[d] & bit)
                        for g, bit in enumerate(_BITS)))
            else:
                # Every building of a group reaches the same ones: each group's buildings
                # showing each type are listed once, and the row is shared by the group.
                shown = [_SHOWN[kind] for kind in self._kinds]
                rows = [()] * len(shown)
                for found in self.members.values():
                    by_type: list[list[int]] = [[], [], [], [], []]
                    for d in found:
                        for g in shown[d]:
                            by_type[g].append(d)
                    group = (*map(tuple, by_type),)
                    for b in found:
                        rows[b] = group
            targets = self._targets[expert] = tuple(rows)
        return targets

    def _components(self, passable) -> tuple[dict[int, int], dict[int, tuple[int, ...]]]:
        """Label connected groups of passable cells; list the buildings in each group."""
        cells, kinds = self._cells, self._kinds
        comp: dict[int, int] = {}
        members: dict[int, tuple[int, ...]] = {}
        for start in sorted(cells):
            if start in comp or not passable(start):
                continue
            label = start  # each group is labelled by its first cell (cells in order)
            comp[start] = label
            stack = [start]
            found = []
            while stack:
                cell = stack.pop()
                if cells[cell] >= 0:
                    found.append(cells[cell])
                for d, nb in neighbours(cell):
                    if nb in cells and nb not in comp and passable(nb) and joined(cells, kinds, cell, d, nb):
                        comp[nb] = label
                        stack.append(nb)
            members[label] = tuple(sorted(found))
        return comp, members

    def expert(self, g: int) -> tuple[dict[int, int], dict[int, tuple[int, ...]]]:
        """Groups for goods type ``g`` when only trails and buildings showing ``g`` may be
        crossed (FF-TRN-6; the Wagon Shed lets every type through, FF-EFX-25)."""
        if g not in self._expert:
            cells, kinds = self._cells, self._kinds
            bit = 1 << g

            def passable(cell: int) -> bool:
                code = cells[cell]
                if code < 0:
                    return True
                kind = TILES[kinds[code]]
                return bool(kind.accepts & bit) or kind.id in CONNECTOR

            self._expert[g] = self._components(passable)
        return self._expert[g]

    def reachable(self, cell: int, g: int, expert: bool) -> tuple[int, ...]:
        """Buildings that a cube of type ``g`` on the building at ``cell`` can travel to."""
        if not expert:
            return self.members[self.comp[cell]]
        comp, members = self.expert(g)
        if cell in comp:
            return members[comp[cell]]
        # The source itself does not show g: leave it through any joined passable neighbour.
        out: set[int] = set()
        for d, nb in neighbours(cell):
            if nb in comp and joined(self._cells, self._kinds, cell, d, nb):
                out.update(members[comp[nb]])
        return tuple(sorted(out))

    def trail_reach(self, cell: int) -> set[int]:
        """Buildings reached from the building at ``cell`` through trails only (FF-EFX-35)."""
        cells, kinds = self._cells, self._kinds
        seen = {cell}
        stack = [cell]
        found: set[int] = set()
        while stack:
            cur = stack.pop()
            for d, nb in neighbours(cur):
                if nb in seen or nb not in cells:
                    continue
                if cells[nb] >= 0:
                    # A building: counts when a trail leads into it; the path stops there.
                    if cells[cur] < 0 and joined(cells, kinds, cur, d, nb):
                        found.add(cells[nb])
                    continue
                if joined(cells, kinds, cur, d, nb):
                    seen.add(nb)
                    stack.append(nb)
        found.discard(cells[cell])
        return found


def _join(new: Topology, comp: dict[int, int], members: dict[int, tuple[int, ...]], cell: int,
          code: int, merged: set[int]) -> None:
    """``_grow``'s groups: ``cell`` (holding ``code`` now) joins the groups labelled in
    ``merged`` (its own too, for an upgrade), which become one, labelled by its first cell.
    Labels are first cells, so the other groups keep theirs: in the common case (a new cell
    joins one group after that group's first cell) nothing is relabelled and only the cell
    is added."""
    out = comp.copy()
    if not merged:  # a group of its own (a building beside no trail, a trail facing nothing)
        out[cell] = cell
        new.comp = out
        new.members = {**members, cell: (code,) if code >= 0 else ()}
        return
    label = min(merged)
    if cell < label:
        label = cell
    if len(merged) == 1 and label in merged:  # joins one group that keeps its label
        out[cell] = label
        new.comp = out
        if code >= 0 and cell not in comp:  # the newest building has the largest index
            new.members = {**members, label: (*members[label], code)}
        else:
            new.members = members
        return
    found: list[int] = []
    by_label = {**members}
    for old in merged:
        found += by_label.pop(old)
    if code >= 0 and cell not in comp:
        found.append(code)
    for c, old in comp.items():
        if old in merged:
            out[c] = label
    out[cell] = label
    by_label[label] = tuple(sorted(found))
    new.comp = out
    new.members = by_label
