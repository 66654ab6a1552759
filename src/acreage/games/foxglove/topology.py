"""Who is joined to whom in a town: trail connections, reachability and the frontier.

Computed once per change of a town's layout (only construction changes it) and shared by
clones until one of them builds, so transport move generation is a lookup, not a search.
"""

from __future__ import annotations

from collections.abc import Sequence

from .content import TILES
from .geometry import neighbours, opposite

CONNECTOR = frozenset(t.id for t in TILES if any(e.kind == "connector" for e in t.effects))


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

    __slots__ = ("frontier", "frontier_index", "trails", "trail_index", "comp", "members", "_expert",
                 "_cells", "_kinds")

    def __init__(self, cells: dict[int, int], kinds: list[int]) -> None:
        self._cells = cells.copy()
        self._kinds = tuple(kinds)
        frontier = set()
        for cell in cells:
            for _d, nb in neighbours(cell):
                if nb not in cells:
                    frontier.add(nb)
        #: Empty cells sharing an edge with the town, sorted (FF-CON-8, FF-TRL-7).
        self.frontier: tuple[int, ...] = tuple(sorted(frontier))
        self.frontier_index = {c: i for i, c in enumerate(self.frontier)}
        #: The town's trail cells, sorted (upgrade actions are numbered by this order).
        self.trails: tuple[int, ...] = tuple(sorted(c for c, code in cells.items() if code < 0))
        self.trail_index = {c: i for i, c in enumerate(self.trails)}
        self.comp, self.members = self._components(lambda cell: True)
        self._expert: dict[int, tuple[dict[int, int], dict[int, tuple[int, ...]]]] = {}

    def _components(self, passable) -> tuple[dict[int, int], dict[int, tuple[int, ...]]]:
        """Label connected groups of passable cells; list the buildings in each group."""
        cells, kinds = self._cells, self._kinds
        comp: dict[int, int] = {}
        members: dict[int, tuple[int, ...]] = {}
        label = 0
        for start in sorted(cells):
            if start in comp or not passable(start):
                continue
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
            label += 1
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


