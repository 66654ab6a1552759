"""The farm: Water Towers, their range along the cards, Silos and food, the frontier where cards
may go, neighbours and the categories effects count (FG-WT, FG-SILO, FG-BLD-5, FG-EFX-6).

A part of :class:`~.state.FieldsState`: the state inherits these rules; they work on its
flat data (see ``state.py`` for the fields).
"""

from __future__ import annotations

from collections import deque

from . import rulings as R
from .actions import (
    neighbours,
    xy,
)
from .constants import (
    CATS,
    EQ_SILO_CAP,
    EQ_TOWER_CAP,
    EQ_TOWER_RANGE,
    SILO_ID,
    TOWER_ID,
)


def _path_dist(cells: dict[int, int], a: int, b: int, limit: int) -> int | None:
    """Steps from cell ``a`` to ``b`` through occupied cells, if within ``limit``."""
    dist = {a: 0}
    queue = deque([a])
    while queue:
        c = queue.popleft()
        if c == b:
            return dist[c]
        if dist[c] >= limit:
            continue
        for nb in neighbours(c):
            if nb in cells and nb not in dist:
                dist[nb] = dist[c] + 1
                queue.append(nb)
    return None


class FarmRules:
    """The farm."""

    def tower_capacity(self, seat: int, p: int) -> int:
        return max([R.TOWER_CAPACITY] + [EQ_TOWER_CAP[e] for e in self.peq[seat][p]])

    def tower_range(self, seat: int, p: int) -> int:
        return max([R.TOWER_RANGE] + [EQ_TOWER_RANGE[e] for e in self.peq[seat][p]])

    def food_cap(self, seat: int) -> int:
        """FG-MNT-4, FG-SILO-3: the sum of Silo capacities."""
        total = 0
        for p, card in enumerate(self.pcard[seat]):
            if card == SILO_ID:
                total += max([R.SILO_CAPACITY] + [EQ_SILO_CAP[e] for e in self.peq[seat][p]])
        return total

    def towers(self, seat: int) -> list[int]:
        return [p for p, c in enumerate(self.pcard[seat]) if c == TOWER_ID]

    def _gain_food(self, seat: int, amount: int) -> None:
        """FG-MNT-5, FG-HRV-10: a gain is capped the moment it happens."""
        self.food[seat] = min(self.food[seat] + amount, self.food_cap(seat))

    def _add_water(self, seat: int, p: int, amount: int) -> None:
        self.pwater[seat][p] = min(self.pwater[seat][p] + amount, self.tower_capacity(seat, p))

    def _tower_dists(self, seat: int, p: int, extra: int = -1) -> dict[int, int]:
        """Steps from Tower ``p`` to each occupied cell within its range (BFS over cards)."""
        cells = self.cells[seat]
        rng_ = self.tower_range(seat, p)
        start = self.pcell[seat][p]
        if not R.WATER_DISTANCE_ALONG_CARDS:
            sx, sy = xy(start)
            out = {}
            for c in list(cells) + ([extra] if extra >= 0 else []):
                cx, cy = xy(c)
                d = abs(cx - sx) + abs(cy - sy)
                if d <= rng_:
                    out[c] = d
            return out
        dist = {start: 0}
        queue = deque([start])
        while queue:
            c = queue.popleft()
            d = dist[c]
            if d == rng_:
                continue
            for nb in neighbours(c):
                if nb not in dist and (nb in cells or nb == extra):
                    dist[nb] = d + 1
                    queue.append(nb)
        return dist

    def towers_in_range(self, seat: int, cell: int) -> list[int]:
        """Towers whose Water may pay at ``cell`` (measured as if ``cell`` held a card)."""
        extra = -1 if cell in self.cells[seat] else cell
        return [p for p in self.towers(seat) if cell in self._tower_dists(seat, p, extra)]

    def water_in_range(self, seat: int, cell: int) -> int:
        return sum(self.pwater[seat][p] for p in self.towers_in_range(seat, cell))

    def frontier_info(self, seat: int) -> tuple[tuple[int, ...], dict[int, int]]:
        """FG-BLD-1/2: the empty cells sharing a side with a card of the farm, sorted, and the
        index of each. Action ids name build, tower and silo cells by that index."""
        info = self._front[seat]
        if info is None:
            cells = self.cells[seat]
            out = set()
            for c in cells:
                for nb in neighbours(c):
                    if nb not in cells:
                        out.add(nb)
            front = tuple(sorted(out))
            info = self._front[seat] = (front, {c: i for i, c in enumerate(front)})
        return info

    def frontier(self, seat: int) -> list[int]:
        """FG-BLD-1/2: empty cells sharing a side with any card of the farm (sorted)."""
        return list(self.frontier_info(seat)[0])

    def _frontier_water(self, seat: int, front: list[int]) -> dict[int, int]:
        """Water available to each frontier cell, from one BFS per Tower."""
        avail = dict.fromkeys(front, 0)
        for p in self.towers(seat):
            w = self.pwater[seat][p]
            if not w:
                continue
            rng_ = self.tower_range(seat, p)
            if not R.WATER_DISTANCE_ALONG_CARDS:  # straight Manhattan distance to the cell itself
                tx, ty = xy(self.pcell[seat][p])
                for f in front:
                    fx, fy = xy(f)
                    if abs(fx - tx) + abs(fy - ty) <= rng_:
                        avail[f] += w
                continue
            dist = self._tower_dists(seat, p)
            for f in front:
                best = min((dist[nb] for nb in neighbours(f) if nb in dist), default=rng_)
                if best + 1 <= rng_:
                    avail[f] += w
        return avail

    def face_up_neighbours(self, seat: int, cell: int) -> list[int]:
        cells = self.cells[seat]
        out = []
        for nb in neighbours(cell):
            p = cells.get(nb)
            if p is not None and not self.pdown[seat][p]:
                out.append(p)
        return out

    def _matches(self, seat: int, p: int, match: tuple[str, ...]) -> bool:
        """FG-EFX-6: a face-up card matching any named category."""
        if self.pdown[seat][p]:
            return False
        cats = CATS[self.pcard[seat][p]]
        return any(m in cats for m in match)

    def _count(self, seat: int, p: int, scope: str, match: tuple[str, ...]) -> int:
        if scope == "adjacent":
            near = self.face_up_neighbours(seat, self.pcell[seat][p])
            return sum(1 for q in near if self._matches(seat, q, match))
        return sum(1 for q in range(len(self.pcard[seat])) if self._matches(seat, q, match))
