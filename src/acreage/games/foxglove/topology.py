"""Who is joined to whom in a town: trail connections, reachability and the frontier.

Computed once per change of a town's layout (only construction changes it) and shared by
clones until one of them builds, so transport move generation is a lookup, not a search. The
facts a trail action needs (the openings each frontier cell demands, the trails that can become
T-junctions) are layout facts too, worked out on first use and kept with the layout.
"""

from __future__ import annotations

from bisect import bisect_left
from collections.abc import Sequence
from weakref import ref

from .content import TILES
from .geometry import TEE_INDEX, neighbours, opposite
from .goods import NUM_GOODS

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
                 "_cells", "_kinds", "_needs", "_masks", "_upgradable", "_grown", "_firsts", "_targets",
                 "__weakref__")

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
        self.comp, self.members = self._components(lambda cell: True)
        firsts: list[int] = []
        for c, label in self.comp.items():
            if label == len(firsts):
                firsts.append(c)
        #: Each group's first cell, by label (labels follow the first cells' order).
        self._firsts = tuple(firsts)
        self._expert: dict[int, tuple[dict[int, int], dict[int, tuple[int, ...]]]] = {}
        self._needs: tuple[tuple[int, int], ...] | None = None
        #: The openings each frontier cell demands, in frontier order (``frontier_needs``'s
        #: second halves), kept so a grown topology updates only the cells beside its new one.
        self._masks: tuple[int, ...] | None = None
        self._upgradable: tuple[tuple[int, int], ...] | None = None
        self._targets: dict[bool, tuple[tuple[tuple[int, ...], ...], ...]] = {}

    def __reduce__(self):
        """Pickled as its layout (a copy sent to a bot worker builds it again when asked):
        the derived facts and the weak table of successors do not travel."""
        return (Topology, (self._cells, list(self._kinds)))

    def grown(self, cell: int, code: int, kinds: Sequence[int]) -> Topology:
        """The topology once ``code`` stands at ``cell`` (a new tile or trail, or a trail
        upgraded to a T-junction), ``kinds`` the town's tiles after it: derived from this one
        instead of built again, and equal to a fresh build.

        Adding a cell, or opening a trail wider, only adds connections (``joined`` depends on
        the two cells alone), so the groups the cell joins merge and every other group stays as
        it was. Successors are remembered while some position holds them (weakly, so a game's
        chain of layouts is not kept alive by its first one): the clones of a search that lay the
        same trail share one topology, as positions with one layout share one through
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
        if fresh:
            self._grow_frontier(new, cell, cells)
        else:
            new.frontier, new._frontier_index = self.frontier, self._frontier_index
        if fresh and code < 0:
            new.trails = tuple(sorted((*self.trails, cell)))
            new._trail_index = None
        else:
            new.trails, new._trail_index = self.trails, self._trail_index
        # The groups joined to the cell merge; groups are labelled by their first cell's order.
        comp = self.comp
        merged = set()
        for d, nb in neighbours(cell):
            if nb in comp and joined(cells, kinds, cell, d, nb):
                merged.add(comp[nb])
        if not fresh:
            merged.add(comp[cell])
        if fresh and len(merged) <= 1:
            self._join_one(new, cell, code, merged)
        else:
            self._regroup(new, cell, fresh, merged)
        return new

    def _grow_frontier(self, new: Topology, cell: int, cells: dict[int, int]) -> None:
        """``_grow``'s frontier: this one less ``cell``, plus its empty neighbours, kept in
        order by bisection (no set, no sort). Where this topology knows what openings its
        frontier cells demand, only the cells beside the new one (some new to the frontier)
        are asked again; the rest keep theirs."""
        front = list(self.frontier)
        masks = list(self._masks) if self._masks is not None else None
        i = bisect_left(front, cell)
        if i < len(front) and front[i] == cell:
            del front[i]
            if masks is not None:
                del masks[i]
        for _d, nb in neighbours(cell):
            if nb in cells:
                continue
            j = bisect_left(front, nb)
            if j == len(front) or front[j] != nb:
                front.insert(j, nb)
                if masks is not None:
                    masks.insert(j, openings_needed(cells, nb))
            elif masks is not None:
                masks[j] = openings_needed(cells, nb)
        new.frontier = tuple(front)
        new._frontier_index = None
        if masks is not None:
            new._masks = tuple(masks)

    def _join_one(self, new: Topology, cell: int, code: int, merged: set[int]) -> None:
        """The common case of ``_grow``: a new cell joins one group or none. The groups keep
        their cells; at most one group's first cell changes (or a group is new), so the labels
        only move along by one, and no group is walked again (the general case, ``_regroup``,
        is for groups that merge and for upgrades)."""
        firsts = self._firsts
        comp = self.comp
        members = self.members
        if merged:
            (joined_label,) = merged
            if cell > firsts[joined_label]:
                # The group keeps its first cell: no label changes.
                new._firsts = firsts
                new_members = members
                if code >= 0:  # the newest building has the largest index
                    new_members = dict(members)
                    new_members[joined_label] = (*members[joined_label], code)
                new.members = new_members
                new.comp = _with_cell(comp, cell, joined_label)
                return
            # The cell becomes its group's first: the group moves to the cell's place.
            order = [label for label in range(len(firsts)) if label != joined_label]
            moved = joined_label
            found = (*members[joined_label], code) if code >= 0 else members[joined_label]
        else:
            order = list(range(len(firsts)))
            moved = -1  # a new group of the cell alone
            found = (code,) if code >= 0 else ()
        place = bisect_left([firsts[label] for label in order], cell)
        order.insert(place, moved)
        relabel = [0] * len(firsts)
        new_firsts = []
        new_members = {}
        for label, old in enumerate(order):
            if old == moved:
                new_firsts.append(cell)
                new_members[label] = found
                if old >= 0:
                    relabel[old] = label
            else:
                relabel[old] = label
                new_firsts.append(firsts[old])
                new_members[label] = members[old]
        new._firsts = tuple(new_firsts)
        new.members = new_members
        if place == (len(firsts) if moved < 0 else moved):  # every old label stays: no relabelling
            new.comp = _with_cell(comp, cell, place)
        else:
            new.comp = _with_cell({c: relabel[label] for c, label in comp.items()}, cell, place)

    def _regroup(self, new: Topology, cell: int, fresh: bool, merged: set[int]) -> None:
        """``_grow``'s general case: merge the groups and label every group anew."""
        cells = new._cells
        groups: dict[int, list[int]] = {}
        for c, label in self.comp.items():
            groups.setdefault(-1 if label in merged else label, []).append(c)
        if fresh:
            groups.setdefault(-1, []).append(cell)
        order = sorted(groups.values(), key=min)
        label_of = {}
        members = {}
        for label, group in enumerate(order):
            found = []
            for c in group:
                label_of[c] = label
                if cells[c] >= 0:
                    found.append(cells[c])
            members[label] = tuple(sorted(found))
        new.comp = {c: label_of[c] for c in sorted(cells)}
        new.members = members
        new._firsts = tuple(min(group) for group in order)

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
            trails = [(c, -code) for c, code in sorted(cells.items()) if code < 0 and -code not in TEE_INDEX]
            self._upgradable = tuple((cell, live_openings(cells, cell, mask)) for cell, mask in trails)
        return self._upgradable

    def move_targets(self, expert: bool) -> tuple[tuple[tuple[int, ...], ...], ...]:
        """``[b][g]``: the buildings a goods-``g`` cube on building ``b`` may be moved to: joined
        to it (for type ``g`` in the expert game), showing ``g``, not ``b`` itself (FF-TRN-1..6).
        Whether each has room is the cubes' business; the rest is a fact of the layout, so a
        transport stage's moves are a lookup per cube."""
        targets = self._targets.get(expert)
        if targets is None:
            accepts = [TILES[kind].accepts for kind in self._kinds]
            cell_of_building = sorted((code, cell) for cell, code in self._cells.items() if code >= 0)
            rows = []
            if expert:
                for b, cell in cell_of_building:
                    rows.append(tuple(
                        tuple(d for d in self.reachable(cell, g, True) if d != b and accepts[d] & bit)
                        for g, bit in enumerate(_BITS)))
            else:
                # Every building of a group reaches the same ones: each group's accepting
                # buildings per type are listed once, the building itself taken out.
                by_group: dict[int, list[tuple[int, ...]]] = {}
                for b, cell in cell_of_building:
                    label = self.comp[cell]
                    group = by_group.get(label)
                    if group is None:
                        group = by_group[label] = _accepting(self.members[label], accepts)
                    rows.append(tuple(t if b not in t else _without(t, b) for t in group))
            targets = self._targets[expert] = tuple(rows)
        return targets

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
        # One canonical form, cells in order: a topology grown by one cell (``grown``) equals
        # the one built from scratch, dict order included (bots iterate ``comp``).
        return {c: comp[c] for c in sorted(comp)}, members

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


def _with_cell(comp: dict[int, int], cell: int, label: int) -> dict[int, int]:
    """``comp`` with ``cell`` (not in it) in ``label``, cells kept in order (the canonical
    form a fresh build has)."""
    if not comp or cell > next(reversed(comp)):
        out = dict(comp)
        out[cell] = label
        return out
    out = {}
    items = iter(comp.items())
    for c, lab in items:
        if cell < c:
            out[cell] = label
            out[c] = lab
            break
        out[c] = lab
    out.update(items)
    return out


def _accepting(members: tuple[int, ...], accepts: list[int]) -> list[tuple[int, ...]]:
    """Per goods type, the ``members`` (in order) whose tile shows that type: one pass."""
    by_type: list[list[int]] = [[] for _ in _BITS]
    for d in members:
        shown = accepts[d]
        for g, bit in enumerate(_BITS):
            if shown & bit:
                by_type[g].append(d)
    return [tuple(x) for x in by_type]


def _without(t: tuple[int, ...], b: int) -> tuple[int, ...]:
    """``t`` less its one ``b``."""
    i = t.index(b)
    return t[:i] + t[i + 1:]
