"""How many trails a Foxglove town still needs between its trail groups, for the heuristic.

The heuristic values a cube by how close it is to a converter that can take it: joined by
trails already, or ``d`` trails or upgrades away. Those distances come from a small 0-1-2
bucket search over the town's bounding box, cached per town layout and per town *shape*
(where buildings and trails lie, not which building is where), since a search asks the same
question of many towns that differ only in the tile just built. The pruning of build cells
(``prune.py``) reads the same distances.
"""

from __future__ import annotations

from ....core.caches import memo_table
from ..geometry import OPPOSITE, TEE_INDEX, cell_of, in_bounds, neighbours, xy
from ..queries import topology
from .heuristic_tables import D_MAX


class Layout:
    """Per town layout: bounding box, cells of each trail group, trails needed between groups.

    Everything but the topology is worked out at the first distance asked: many layouts are
    judged by terms that never ask one (no converter out of reach)."""

    __slots__ = ("topo", "box", "groups", "dists", "shape", "prune_scores")

    def __init__(self, topo) -> None:
        self.topo = topo  # kept alive so that its id() stays unique while cached
        self.dists: dict[int, dict[int, int]] = {}
        self.groups: dict[int, list[int]] | None = None
        #: The shortlist's score of each trail placement and cell asked about (``prune.py``).
        self.prune_scores: dict = {}

    def group_cells(self, cells) -> dict[int, list[int]]:
        """The cells of each trail group (``cells``: the town's layout), by group label."""
        return self.groups if self.groups is not None else self._prepare(cells)

    def _prepare(self, cells) -> dict[int, list[int]]:
        pts = [xy(c) for c in cells]
        xs = [p[0] for p in pts]
        ys = [p[1] for p in pts]
        self.box = (min(xs) - 1, max(xs) + 1, min(ys) - 1, max(ys) + 1)
        groups: dict[int, list[int]] = {}
        for cell, label in self.topo.comp.items():
            groups.setdefault(label, []).append(cell)
        self.groups = groups
        # The distances depend on where buildings and trails lie, not on which building is
        # where: a search orders "build X here" for every tile it can afford, and those
        # layouts share one shape (about three in four distance searches are repeats).
        self.shape = frozenset((c, v if v < 0 else 0) for c, v in cells.items())
        return groups

    def dist(self, cells, label: int) -> dict[int, int]:
        """Fewest new trails/upgrades joining group ``label`` to each cell (cut off at D_MAX)."""
        got = self.dists.get(label)
        if got is None:
            group = self.group_cells(cells)[label]
            key = (self.shape, frozenset(group))
            got = _DISTS.get(key)
            if got is None:
                if len(_DISTS) > 4096:
                    _DISTS.clear()
                got = _DISTS[key] = _bfs(cells, group, self.box)
            self.dists[label] = got
        return got


#: Trail distances by (town shape, starting group): see ``Layout.shape``. The results are
#: shared read-only dictionaries, never changed once stored.
_DISTS: dict[tuple[frozenset, frozenset], dict[int, int]] = memo_table({})


def _bfs(cells, start, box) -> dict[int, int]:
    """Fewest new trails/upgrades from the cells ``start`` to every cell of the box.

    A 0-1-2 bucket search: stepping onto an empty cell costs a trail, turning an existing
    trail toward a neighbour costs an upgrade; T-junctions cannot turn. Hot in search, so the
    box test is a set lookup.
    """
    inside = _box_cells(box)
    dist = {c: 0 for c in start}
    buckets = [list(start)]
    k = 0
    while k < len(buckets):
        for a in buckets[k]:
            if dist[a] != k:
                continue
            ca = cells.get(a)
            ma = -ca if ca is not None and ca < 0 else 0  # openings of an existing trail at a
            a_building = ca is not None and ca >= 0
            for d, nb in neighbours(a):
                cost = 0
                if ma and not ma & d:  # the trail at a must open toward nb
                    if ma in TEE_INDEX:
                        continue
                    cost = 1
                cb = cells.get(nb)
                if cb is None:
                    if nb not in inside:
                        continue
                    cost += 1  # a new trail on the empty cell
                elif cb >= 0:
                    if a_building:
                        continue  # two buildings are never joined directly
                else:
                    mb = -cb
                    if not mb & OPPOSITE[d]:
                        if mb in TEE_INDEX:
                            continue
                        cost += 1
                nd = k + cost
                if nd > D_MAX or nd >= dist.get(nb, D_MAX + 1):
                    continue
                dist[nb] = nd
                while len(buckets) <= nd:
                    buckets.append([])
                buckets[nd].append(nb)
        k += 1
    return dist


_BOXES: dict[tuple[int, int, int, int], frozenset[int]] = memo_table({})


def _box_cells(box: tuple[int, int, int, int]) -> frozenset[int]:
    """The on-board cells of a bounding box (cached: few boxes recur)."""
    got = _BOXES.get(box)
    if got is None:
        if len(_BOXES) > 256:
            _BOXES.clear()
        x0, x1, y0, y1 = box
        got = _BOXES[box] = frozenset(
            cell_of(x, y) for x in range(x0, x1 + 1) for y in range(y0, y1 + 1) if in_bounds(x, y))
    return got


_LAYOUTS: dict[int, Layout] = memo_table({})


def layout(state, seat: int) -> Layout:
    """The (cached) trail-distance layout of ``seat``'s town in ``state``."""
    topo = topology(state, seat)
    lay = _LAYOUTS.get(id(topo))
    if lay is None or lay.topo is not topo:
        if len(_LAYOUTS) > 4096:
            _LAYOUTS.clear()
        lay = _LAYOUTS[id(topo)] = Layout(topo)
    return lay
