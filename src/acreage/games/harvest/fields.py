"""The Fields: planting, tending and harvesting crops (HV-FLD), and the steps that continue a
Plant or a Tend action on more cells.
"""

from __future__ import annotations

from .actions import DONE, NCELLS, PLANT, TEND, USE, Action, made
from .constants import BLUE, CROP0, EMPTY, NOV, PUMPKIN, SEED0, STRAW, WHEAT
from .content import CROPS, Gain
from .frames import BuyCard, Plant, Tend
from .novelties import use_novelty
from .queries import ability, cells_of, novelty_usable, owned
from .supply import gain


# ---------------------------------------------------------------- Plant (HV-FLD-3)
def plant_seed(state, seat: int, crop: int, cell: int) -> None:
    """Put a seed of ``crop`` on an empty ``cell``, paying its fertilizer (HV-FLD-2/3)."""
    state.seeds[seat][crop] -= 1
    state.fertilizer[seat] -= CROPS[crop].plant_fertilizer
    state.farm[seat][cell] = SEED0 + crop


def plant_legal(state, frame: Plant) -> list[Action]:
    """More seeds of the crop being planted (and the bonus seed), or the Overflowing Cornucopia
    (HV-NOV-7), or done."""
    s = frame.seat
    out = []
    empty = cells_of(state, s, EMPTY)
    for crop in sorted({frame.crop, frame.bonus_crop} - {-1}):
        if state.seeds[s][crop] and state.fertilizer[s] >= CROPS[crop].plant_fertilizer:
            out += [made(PLANT, crop, c) for c in empty]
    if frame.crop >= 0 and frame.bonus_crop < 0 and novelty_usable(state, s, "plant"):
        out += [made(USE, NOV["plant"], c + 1) for c in range(4)]
    out.append(made(DONE))
    return out


def plant_do(state, frame: Plant, action: Action) -> None:
    k = action.kind
    if k == DONE:
        state.frames.pop()
    elif k == USE:
        use_novelty(state, frame.seat, frame, action)
    else:  # PLANT: one more seed; the bonus seed only once
        plant_seed(state, frame.seat, action.a, action.b)
        if action.a == frame.bonus_crop:
            state.frames[-1] = frame._replace(bonus_crop=-1)


# ---------------------------------------------------------------- Tend (HV-FLD-4)
def tend_seedling(state, seat: int, crop: int, cell: int, cost: int) -> None:
    """Turn the seedling on ``cell`` crop side up, paying ``cost`` water (HV-FLD-4)."""
    state.water[seat] -= cost
    state.farm[seat][cell] = CROP0 + crop


def tend_cost(state, seat: int, crop: int) -> int:
    """The water a first Tend of ``crop`` costs (a tend-discount building takes 1 off)."""
    return max(0, CROPS[crop].tend_water - (1 if owned(state, seat, "tend_discount") else 0))


def tend_legal(state, frame: Tend) -> list[Action]:
    """More seedlings of the crop being tended, or done."""
    s = frame.seat
    cost = max(0, CROPS[frame.crop].tend_water - frame.discount)
    cells = cells_of(state, s, SEED0 + frame.crop) if state.water[s] >= cost else []
    return [made(TEND, frame.crop, c) for c in cells] + [made(DONE)]


def tend_do(state, frame: Tend, action: Action) -> None:
    if action.kind == DONE:
        state.frames.pop()
        return
    cost = max(0, CROPS[action.a].tend_water - frame.discount)
    state.frames[-1] = frame._replace(discount=0)
    tend_seedling(state, frame.seat, action.a, action.b, cost)


# ---------------------------------------------------------------- Harvest (HV-FLD-5..9)
def harvest(state, seat: int) -> None:
    """HV-FLD-5..9: take every crop-side tile (then, with the expansion, a chance to buy a
    festival card, HV-FFC-2)."""
    if state._events is not None:
        _logged_harvest(state, seat)
        return
    _harvest(state, seat)


def _logged_harvest(state, seat: int) -> None:
    """Harvest, and tell the crops taken and the points by crop and by bonus."""
    s = seat
    crops = [state.farm[s][i] - CROP0 for i in range(NCELLS) if state.farm[s][i] >= CROP0]
    log = state._events
    assert log is not None
    before = (state.points[s], state.coins[s], len(log))
    _harvest(state, s)
    counts = {CROPS[c].name: crops.count(c) for c in sorted(set(crops))}
    event_points = state.points[s] - before[0]
    log.add("harvest", s, {"crops": counts, "points": event_points, "coins": state.coins[s] - before[1]})
    ch = ability(state, s)
    for c in sorted(set(crops)):
        cr = CROPS[c]
        n = crops.count(c)
        pts = cr.harvest_points
        if c == PUMPKIN:
            pts += (ch == "pumpkin_patcher") + sum(b.value for b in owned(state, s, "pumpkin_bonus"))
        if pts:
            log.add("points", s, {"points": pts * n, "source": f"{cr.name} harvested"})
    if set(crops) & {STRAW, BLUE}:
        bonus = sum(b.value for b in owned(state, s, "berry_bonus"))
        if bonus:
            log.add("points", s, {"points": bonus, "source": "berry bonus buildings"})


def _harvest(state, seat: int) -> None:
    s = seat
    fm = state.farm[s]
    kinds = set()
    ch = ability(state, s)
    for i, v in enumerate(fm):
        if v >= CROP0:
            crop = v - CROP0
            kinds.add(crop)
            cr = CROPS[crop]
            pts = cr.harvest_points
            if crop == PUMPKIN:
                pts += (ch == "pumpkin_patcher") + sum(b.value for b in owned(state, s, "pumpkin_bonus"))
            if crop == BLUE and ch == "berry_keeper":
                state.coins[s] += 1
            if crop == WHEAT:
                state.coins[s] += sum(b.value for b in owned(state, s, "wheat_coin"))
            state.points[s] += pts
            gain(state, s, Gain(fertilizer=cr.harvest_fertilizer), f"{cr.name} harvested")
            fm[i] = SEED0 + crop if cr.stays else EMPTY  # HV-FLD-7/8
    state.coins[s] += len(kinds)
    if kinds & {STRAW, BLUE}:
        state.points[s] += sum(b.value for b in owned(state, s, "berry_bonus"))
    if state.fall_festival:
        state.frames.append(BuyCard(s, 1, 0))
