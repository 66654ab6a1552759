"""Scoring: the score track, pie sets, the end-game buildings and farmhouses, the breakdown by
source, rankings and the solo tiers (HV-END, HV-PIE, HV-GAI-12).
"""

from __future__ import annotations

from ...core.events import EARLIER, points_by_source
from . import rulings as R
from .content import BUILDINGS, FARMHOUSES, FESTIVAL, SET_POINTS
from .queries import bushes


def pie_points(state, seat: int) -> int:
    """HV-PIE-2/3: greedy sets of different pies."""
    counts = [state.cards[seat].count(c.id) for c in FESTIVAL if c.kind == "pie"]
    pts = 0
    while any(counts):
        k = sum(1 for c in counts if c)
        pts += SET_POINTS[k - 1]
        counts = [c - 1 if c else 0 for c in counts]
    return pts


def building_end_points(state, seat: int) -> dict[int, int]:
    """HV-END-2: what each building of ``seat`` scores at the end, by building id (those that
    score nothing left out). One function for the score and its breakdown, so the two cannot
    disagree."""
    nb = len(state.buildings[seat])
    n_bushes = bushes(state, seat)
    out = {}
    for b, _ in state.buildings[seat]:  # one copy of each building exists (HV-SET-5)
        bd = BUILDINGS[b]
        n = (bd.end_points + bd.end_per_fertilizer * state.fertilizer[seat] + bd.end_per_bush * n_bushes
             + bd.end_per_building * nb)
        if n:
            out[b] = n
    return out


def score_parts(state, seat: int) -> dict[str, int]:
    """The score track and the end-scoring items (HV-END-1..3), from the state as it is."""
    house = state.farmhouse[seat]
    fh = FARMHOUSES[house] if house >= 0 else None
    farmhouse = 0
    if fh:
        farmhouse = fh.end_per_building * len(state.buildings[seat]) + fh.end_per_bush * bushes(state, seat)
    nov = sum(1 for c in state.cards[seat] if FESTIVAL[c].kind == "novelty")
    return {"track": state.points[seat], "coins": state.coins[seat],
            "buildings": sum(building_end_points(state, seat).values()), "farmhouse": farmhouse,
            "pies": pie_points(state, seat), "novelties": nov}


def total(state, seat: int) -> int:
    """The seat's score: the track during play, everything once the game is over."""
    return sum(score_parts(state, seat).values()) if state.phase == "over" else state.points[seat]


def score_breakdown(state, seat: int) -> dict[str, int]:
    """Points by source: the track by what moved it (from the event log: crops harvested,
    forest dice, novelties, buildings...), then, once the game is over, the end-scoring
    items: coins, each End building, the farmhouse, pie sets and novelties."""
    state.record_events()
    out = points_by_source(state._events.full, seat)
    missing = state.points[seat] - sum(out.values())
    if missing:
        out[f"score track {EARLIER}"] = missing
    if state.phase == "over":
        parts = score_parts(state, seat)
        for b, n in building_end_points(state, seat).items():
            out[f"{BUILDINGS[b].name}, end of game"] = n
        house = f"{FARMHOUSES[state.farmhouse[seat]].name}, end of game"
        labels = (("coins", "coins (1 point each)"), ("farmhouse", house),
                  ("pies", "pie sets"), ("novelties", "novelties (1 point each)"))
        for key, label in labels:
            if parts[key]:
                out[label] = out.get(label, 0) + parts[key]
    return out


def rank_keys(state) -> list[tuple]:
    """HV-END-5: the higher score, then the lower Sunrise tile."""
    return [(total(state, s), -state.sunrise_tile[s]) for s in range(state.num_players)]


def solo_result(state) -> dict | None:
    """HV-GAI-12: the solo score and the highest tier reached (None unless solo and over)."""
    if state.num_players != 1 or state.phase != "over":
        return None
    bonus = R.SOLO_EXPANSION_BONUS if state.fall_festival else 0
    sc = total(state, 0)
    tier = None
    for need, name in R.SOLO_TIERS:
        if sc >= need + bonus:
            tier = name
    return {"score": sc, "tier": tier, "tiers": {name: need + bonus for need, name in R.SOLO_TIERS}}
