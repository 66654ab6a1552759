"""How a bot judges a Harvest position: the final score it can still expect, from public facts.

Why this shape: points come from the score track (harvests, forest dice, Market tiles,
novelties) and from final scoring (coins 1 point each, End buildings, the farmhouse, pie sets
and unused novelties; HV-END). A crop is worth points only once harvested (HV-FLD-6), and a
tile left on the farm when the game ends scores nothing (HV-END-3). So a growing crop counts
its harvest's points discounted by the chance of still reaching a Fields action in time: a
crop-side tile needs one action, a seed-side tile a Tend and a Harvest, a seed in the supply a
Plant as well; with no placement left in the game each is worth nothing. Inputs (fertilizer,
water, seeds) are worth something only while there are placements to use them, so the bot
stops stocking up at the end. Action, Sunrise and Passive buildings are worth more the more
rounds they still serve.

An earlier heuristic counted 3 points per ripe tile in every round, the last included, while a
harvest pays 1 to 6; harvesting lowered its estimate and the bots harvested about once a game
(docs/bots.md, "Harvest").
"""

from __future__ import annotations

from ..constants import CROP0, SEED0
from ..content import BUILDINGS, CROPS
from ..frames import Visit

#: A piece placed per round besides the three wheelbarrows: the basket (expansion).
_PIECES_PER_ROUND = 4
#: Worth of 1 fertilizer gained with a harvested wheat, and of an input while it can still be used.
_FERTILIZER, _WATER = 0.5, 0.3
#: How likely a crop is still harvested, by the Fields actions it needs (1: crop side; 2: seed
#: side; 3: a seed in the supply), with rounds still to come and in the last round.
_REACH_LATER = (0.0, 0.9, 0.75, 0.45)
_REACH_LAST = (0.0, 0.7, 0.45, 0.15)
#: Worth per round still to come of a building that is not scored at the end.
_BUILDING_PER_ROUND = 1.5


def _pieces_left(state, seat: int) -> tuple[int, int]:
    """(pieces the seat still places this round, rounds after this one)."""
    later = 4 - state.round
    if state.phase == "over":
        return 0, 0
    if state.phase != "action":
        return _PIECES_PER_ROUND, later
    return state.wheelbarrows[seat] + state.mice[seat] + state.basket[seat], later


def _final_now(state, seat: int) -> int:
    """The score if the game ended as it stands (HV-END-1..4), whatever the phase."""
    return sum(state.score_parts(seat).values())


def value(state, seat: int) -> float:
    """The seat's expected final score: exact once the game is over."""
    if state.phase == "over":
        return float(state.total(seat))
    v = float(_final_now(state, seat))
    now, later = _pieces_left(state, seat)
    reach = _REACH_LATER if later else _REACH_LAST
    # With no placement left in the game, only the seat's own visit under way may still hold a
    # Fields action: one last chance, else nothing. (Earlier rounds keep their reach: the
    # next round's placements come whatever this visit does.)
    if now == 0 and later == 0 and not any(
            type(f) is Visit and f.seat == seat and f.actions_left > 0 for f in state.frames):
        reach = (0.0, 0.0, 0.0, 0.0)
    ripe_kinds = set()
    for cell in state.farm[seat]:
        if cell >= CROP0:
            crop = CROPS[cell - CROP0]
            v += reach[1] * (crop.harvest_points + _FERTILIZER * crop.harvest_fertilizer)
            ripe_kinds.add(crop.id)
        elif cell >= SEED0:
            crop = CROPS[cell - SEED0]
            v += reach[2] * (crop.harvest_points + _FERTILIZER * crop.harvest_fertilizer
                             - _WATER * crop.tend_water)
    v += reach[1] * len(ripe_kinds)  # 1 coin per crop type harvested (HV-FLD-6)
    for k, n in enumerate(state.seeds[seat]):
        if n:
            crop = CROPS[k]
            v += n * reach[3] * (crop.harvest_points - _FERTILIZER * crop.plant_fertilizer
                                 - _WATER * crop.tend_water)
    if later or now:
        use = 1.0 if later else 0.4
        v += use * (_FERTILIZER * state.fertilizer[seat] + _WATER * state.water[seat])
    serving = later + (1 if state.phase != "action" else 0.5 if now else 0)
    for b, _cell in state.buildings[seat]:
        if BUILDINGS[b].type != "end":
            v += _BUILDING_PER_ROUND * serving
    return v


def evaluate(state, seat: int) -> float:
    """Higher is better for ``seat``: own value minus the best opponent's."""
    mine = value(state, seat)
    others = [value(state, s) for s in range(state.num_players) if s != seat]
    return mine - max(others) if others else mine
