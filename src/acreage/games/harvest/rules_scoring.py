"""Scoring: the score track, pie sets, the end-game buildings and farmhouses, the breakdown by
source, rankings and the solo tiers (HV-END, HV-PIE, HV-GAI-12).

A part of :class:`~.state.HarvestState`: the state inherits these rules; they work on its
flat data (see ``state.py`` for the fields).
"""

from __future__ import annotations

from ...core.events import EARLIER, points_by_source
from . import rulings as R
from .constants import (
    BLUE,
    CROP0,
    SEED0,
)
from .content import BUILDINGS, FARMHOUSES, FESTIVAL, SET_POINTS


class ScoringRules:
    """Scoring."""

    def _final(self) -> None:
        self.frames.clear()

    def pie_points(self, s: int) -> int:
        """HV-PIE-2/3: greedy sets of different pies."""
        counts = [self.cards[s].count(c.id) for c in FESTIVAL if c.kind == "pie"]
        pts = 0
        while any(counts):
            k = sum(1 for c in counts if c)
            pts += SET_POINTS[k - 1]
            counts = [c - 1 if c else 0 for c in counts]
        return pts

    def _bushes(self, s: int) -> int:
        """Blueberry bushes on the farm, seeds and crops alike (the Orchard Shed, HV-END-2)."""
        return sum(1 for v in self.farm[s] if v in (SEED0 + BLUE, CROP0 + BLUE))

    def building_end_points(self, s: int) -> dict[int, int]:
        """HV-END-2: what each building of seat ``s`` scores at the end, by building id (those
        that score nothing left out). One function for the score and its breakdown, so the two
        cannot disagree."""
        nb = len(self.blds[s])
        bushes = self._bushes(s)
        out = {}
        for b, _ in self.blds[s]:  # one copy of each building exists (HV-SET-5)
            bd = BUILDINGS[b]
            n = (bd.end_points + bd.end_per_fertilizer * self.fert[s] + bd.end_per_bush * bushes
                 + bd.end_per_building * nb)
            if n:
                out[b] = n
        return out

    def score_parts(self, s: int) -> dict[str, int]:
        """The score track and the end-scoring items (HV-END-1..3), from the state as it is."""
        fh = FARMHOUSES[self.house[s]] if self.house[s] >= 0 else None
        house = (fh.end_per_building * len(self.blds[s]) + fh.end_per_bush * self._bushes(s)) if fh else 0
        nov = sum(1 for c in self.cards[s] if FESTIVAL[c].kind == "novelty")
        return {"track": self.score[s], "coins": self.coins[s],
                "buildings": sum(self.building_end_points(s).values()), "farmhouse": house,
                "pies": self.pie_points(s), "novelties": nov}

    def total(self, s: int) -> int:
        return sum(self.score_parts(s).values()) if self.phase == "over" else self.score[s]

    def _score_breakdown(self, s: int) -> dict[str, int]:
        """Points by source: the track by what moved it (from the event log: crops harvested,
        forest dice, novelties, buildings...), then, once the game is over, the end-scoring
        items: coins, each End building, the farmhouse, pie sets and novelties."""
        self.record_events()
        out = points_by_source(self._events.full, s)
        missing = self.score[s] - sum(out.values())
        if missing:
            out[f"score track {EARLIER}"] = missing
        if self.phase == "over":
            parts = self.score_parts(s)
            for b, n in self.building_end_points(s).items():
                out[f"{BUILDINGS[b].name}, end of game"] = n
            house = f"{FARMHOUSES[self.house[s]].name}, end of game"
            labels = (("coins", "coins (1 point each)"), ("farmhouse", house),
                      ("pies", "pie sets"), ("novelties", "novelties (1 point each)"))
            for key, label in labels:
                if parts[key]:
                    out[label] = out.get(label, 0) + parts[key]
        return out

    def scores(self) -> list[int]:
        return [self.total(s) for s in range(self.num_players)]

    def rank_keys(self) -> list[tuple]:
        return [(self.total(s), -self.tile[s]) for s in range(self.num_players)]  # HV-END-5

    def solo_result(self) -> dict | None:
        """HV-GAI-12: the solo score and the highest tier reached (None unless solo and over)."""
        if self.num_players != 1 or self.phase != "over":
            return None
        bonus = R.SOLO_EXPANSION_BONUS if self.ff else 0
        sc = self.total(0)
        tier = None
        for need, name in R.SOLO_TIERS:
            if sc >= need + bonus:
                tier = name
        return {"score": sc, "tier": tier, "tiers": {name: need + bonus for need, name in R.SOLO_TIERS}}
