"""Production at the start of each round, and the owner's choice of what to keep when a mix does
not fit (FF-PRD).

A part of :class:`~.state.FoxgloveState`: the state inherits these rules; they work on its
flat data (see ``state.py`` for the fields).
"""

from __future__ import annotations

from . import effects as fx
from .constants import (
    _HAS_PRODUCTION,
    PRODUCTION,
)
from .content import TILES
from .events import goods_dict, source
from .geometry import (
    cell_name,
)
from .goods import GOODS, NUM_GOODS


class ProductionRules:
    """Production at the start of each round, and the owner's choice of what to keep when a mix

    does not fit."""

    def _begin_round(self) -> None:
        """Production for every seat (FF-PRD), then construction."""
        self.phase = PRODUCTION
        self.frames.append(("begin_construction", -1))
        log = self._events
        if log is not None:
            log.add("round", None, {"round": self.round, "start_player": self.start_player})
        keeps = []
        for i in range(self.num_players):
            seat = (self.start_player + i) % self.num_players
            cubes = self.cubes[seat]
            points = 0
            for b, tid in enumerate(self.kinds[seat]):
                if not _HAS_PRODUCTION[tid]:
                    continue
                if log is not None:
                    before = cubes[b * NUM_GOODS:(b + 1) * NUM_GOODS]
                p, choices = fx.produce(TILES[tid], cubes, b * NUM_GOODS)
                points += p
                for vec, free in choices:
                    keeps.append(("keep", seat, b, vec, free))
                if log is not None:
                    self._log_production(seat, b, before, p, choices)
            if points:
                self._gain(seat, points)  # FF-PRD-8: summed, applied once, floored
        self.frames.extend(reversed(keeps))

    def _log_production(self, seat: int, b: int, before: list[int], points: int, choices: list) -> None:
        """The ``produce`` event of building ``b``: what it gained, lost and left to choose."""
        kind = TILES[self.kinds[seat][b]]
        base = b * NUM_GOODS
        cubes = self.cubes[seat]
        gained = [cubes[base + g] - before[g] for g in range(NUM_GOODS)]
        offered = [0] * NUM_GOODS
        for eff in kind.effects:
            if eff.when != "production":
                continue
            if eff.kind == "gain":
                for g in range(NUM_GOODS):
                    offered[g] += eff.goods[g]
            elif eff.kind == "breed":
                offered[eff.held] += eff.per_pair * (before[eff.held] // 2)
        pending = [0] * NUM_GOODS
        for vec, _free in choices:
            for g in range(NUM_GOODS):
                pending[g] += vec[g]
        lost = [max(0, offered[g] - gained[g] - pending[g]) for g in range(NUM_GOODS)]
        self._events.add("produce", seat, {
            "tile": kind.name, "cell": cell_name(self.bcell[seat][b]), "gained": goods_dict(gained),
            "lost": goods_dict(lost), "to_choose": goods_dict(pending), "points": points,
            "source": source(kind.name, "production"),
        })

    def _do_keep(self, top: tuple, g: int) -> None:
        _, seat, b, vec, free = top
        cubes = self.cubes[seat]
        cubes[b * NUM_GOODS + g] += 1
        vec = list(vec)
        vec[g] -= 1
        free -= 1
        self.frames.pop()
        log = self._events
        if log is not None:
            name = TILES[self.kinds[seat][b]].name
            log.add("keep", seat, {"tile": name, "good": GOODS[g]})
            before = cubes[b * NUM_GOODS:(b + 1) * NUM_GOODS]
        if free > 0 and any(vec):
            pending = fx.place_goods(cubes, b * NUM_GOODS, TILES[self.kinds[seat][b]].slots, vec)
            if pending is not None:
                self.frames.append(("keep", seat, b, pending[0], pending[1]))
                return
        if log is not None:
            placed = [cubes[b * NUM_GOODS + x] - before[x] for x in range(NUM_GOODS)]
            lost = [vec[x] - placed[x] for x in range(NUM_GOODS)]
            if any(lost):
                log.add("discard", seat, {"tile": name, "goods": goods_dict(lost)})
