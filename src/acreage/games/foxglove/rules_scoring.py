"""Processing, points and the end of the game: conversions, end-game effects, the score floor,
rankings and the solo result (FF-PRC, FF-END, FF-RND-8/13, FF-SOLO thresholds).

A part of :class:`~.state.FoxgloveState`: the state inherits these rules; they work on its
flat data (see ``state.py`` for the fields).
"""

from __future__ import annotations

from . import effects as fx
from .constants import (
    _HAS_END,
    _HAS_PROCESSING,
    OVER,
)
from .content import TILES
from .events import FLOOR_SOURCE, goods_dict, source
from .geometry import (
    ring,
)
from .goods import NUM_GOODS
from .rulings import (
    SOLO_SETUPS,
    SOLO_THRESHOLDS,
)


class ScoringRules:
    """Processing, points and the end of the game."""

    def _end_round(self) -> None:
        if self.round == 4:  # FF-RND-13
            self._end_game()
            return
        if self.round == 2:
            self._swap_to_b()
        self.round += 1
        self.start_player = (self.start_player + 1) % self.num_players  # FF-RND-8
        self._begin_round()

    def _end_game(self) -> None:
        log = self._events
        for seat in range(self.num_players):
            if log is not None:
                for b, pts in enumerate(self.end_points_by_building(seat)):
                    if pts:
                        name = TILES[self.kinds[seat][b]].name
                        log.add("end_effect", seat, {"tile": name, "points": pts,
                                                     "source": source(name, "end of game")})
            self._gain(seat, self.end_game_points(seat))
        self.phase = OVER
        self.frames.clear()
        if log is not None:
            log.add("game_over", None, {"scores": self.scores(), "ranking": self.ranking()})

    def _gain(self, seat: int, points: int) -> None:
        score = self.points[seat] + points
        self.points[seat] = score if score > 0 else 0  # FF-END-8
        if score < 0 and self._events is not None:
            self._events.add("floor", seat, {"points": -score, "source": FLOOR_SOURCE})

    def _process_all(self, seat: int) -> int:
        cubes = self.cubes[seat]
        points = 0
        log = self._events
        for b, tid in enumerate(self.kinds[seat]):
            if _HAS_PROCESSING[tid]:
                if log is None:
                    points += fx.process(TILES[tid], cubes, b * NUM_GOODS)
                    continue
                base = b * NUM_GOODS
                before = cubes[base:base + NUM_GOODS]
                counts: list[int] = []
                p = fx.process(TILES[tid], cubes, base, counts)
                points += p
                if any(counts):
                    self._log_processing(seat, b, before, p, sum(counts))
        if points:
            self._gain(seat, points)
        return points

    def _log_processing(self, seat: int, b: int, before: list[int], points: int, times: int) -> None:
        """The ``process`` event of building ``b``: the conversions run and their points."""
        kind = TILES[self.kinds[seat][b]]
        base = b * NUM_GOODS
        after = self.cubes[seat][base:base + NUM_GOODS]
        used = [max(0, before[g] - after[g]) for g in range(NUM_GOODS)]
        made = [max(0, after[g] - before[g]) for g in range(NUM_GOODS)]
        self._events.add("process", seat, {
            "tile": kind.name, "times": times, "used": goods_dict(used), "made": goods_dict(made),
            "points": points, "source": source(kind.name, "processing"),
        })

    def _can_process(self, seat: int) -> bool:
        cubes = self.cubes[seat]
        return any(
            _HAS_PROCESSING[tid] and fx.can_process(TILES[tid], cubes, b * NUM_GOODS)
            for b, tid in enumerate(self.kinds[seat])
        )

    def end_game_points(self, seat: int) -> int:
        """Points from end-game effects on this seat's town as it stands (FF-END-1/2)."""
        return sum(self.end_points_by_building(seat))

    def end_points_by_building(self, seat: int) -> list[int]:
        """The end-game points of each of the seat's buildings, in building order."""
        cubes = self.cubes[seat]
        kinds = self.kinds[seat]
        cells = self.cells[seat]
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
                    total += eff.points * self.ntrails[seat]
                elif k == "per_building":
                    total += eff.points * len(kinds)
                elif k == "trail_reach":
                    total += eff.points * len(self._topology(seat).trail_reach(self.bcell[seat][b]))
                elif k == "neighbours_processing":
                    count = 0
                    for nb in ring(self.bcell[seat][b]):
                        code = cells.get(nb, -1)
                        if code >= 0 and _HAS_PROCESSING[kinds[code]]:
                            count += 1
                    total += eff.points * count
            out[b] = total
        return out

    def scores(self) -> list[int]:
        return self.points[:]

    def cubes_in_town(self, seat: int) -> int:
        return sum(self.cubes[seat])

    def tiles_in_town(self, seat: int) -> int:
        return len(self.cells[seat])

    def rank_keys(self) -> list[tuple]:
        # FF-END-3..6: most points, then fewest cubes left, then most tiles (trails included).
        return [
            (self.points[s], -self.cubes_in_town(s), self.tiles_in_town(s))
            for s in range(self.num_players)
        ]

    def solo_result(self) -> dict | None:
        """Score and highest threshold reached (FF-SOLO-10), for a finished solo game."""
        if not self.solo or self.phase != OVER:
            return None
        score = self.points[0]
        reached = [t for t in SOLO_THRESHOLDS if score >= t]
        return {
            "setup": self.options.get("solo_setup", 1),
            "setup_name": SOLO_SETUPS[self.options.get("solo_setup", 1)][0],
            "score": score,
            "threshold": reached[-1] if reached else None,
            "thresholds": list(SOLO_THRESHOLDS),
        }
