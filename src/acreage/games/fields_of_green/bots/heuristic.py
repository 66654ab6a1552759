"""How a bot judges a Fields of Green position: the seat's final score, projected.

Why a projection: the game is scored once, at the end (FG-END), from what the farm holds and
what its harvests have earned. A position is worth the score its farm would reach if nothing
more were built: every harvest still to come is resolved on the farm as it stands (each
harvest card paid if its cost can be met, its yield collected, the unpaid ones lost to
Wasteland), with each later year's income, and the result scored by FG-END-2..8. So a card
that pays 4 coins a harvest from year 1 is worth its four harvests, and a card that cannot be
fed is worth less than nothing. Coins count 1/3 VP and Food 1/2 VP (FG-END-6) without
rounding down, so a bot is not indifferent to one coin more or less; Food is capped by the
Silos (FG-MNT-4), Water counts only where a Tower in range can pay with it.

An earlier heuristic (the current score plus half a rough engine value) made two to six coins
now beat any card that pays later: the bots sent most picks to the Market and built one or two
Locations a game (docs/bots.md, "Fields of Green").

It reads only what ``seat`` may see: every farm and stock are public.
"""

from __future__ import annotations

from .. import rulings as R
from ..constants import CARDS, EQ_BONUS, EQ_END_VP, HARVEST_PHASE, OVER, TOWER_ID
from ..frames import Harvest
from ..queries import (
    counted_gain,
    end_game_vp,
    food_cap,
    harvest_cost,
    tower_capacity,
    towers_in_range,
    turn_order,
)

#: The VP worth of an Equipment tile gained in a harvest: stored it scores 1 (FG-END-5); most
#: are worth more installed.
EQUIPMENT_WORTH = 1.5


def _ahead(state, seat: int) -> tuple[int, tuple | None]:
    """The whole harvests still to come for ``seat`` and, when its harvest is under way, the
    cards still to resolve in it."""
    if state.phase == OVER:
        return 0, None
    later = 4 - state.year
    if state.phase != HARVEST_PHASE:
        return later + 1, None
    for frame in reversed(state.frames):
        if type(frame) is Harvest and frame.seat == seat:
            return later, frame.pending
    started = turn_order(state)[:state.harvest_index]
    return (later, None) if seat in started else (later + 1, None)


def _yield(state, seat: int, p: int) -> tuple[int, int, int, int, int]:
    """(coins, food, vp, water, equipment) one harvest of card ``p`` gives, on the farm as it is."""
    coins = food = vp = water = equipment = 0
    for e in CARDS[state.piece_cards[seat][p]].effects:
        if e.when != "harvest":
            continue
        kind = e.kind
        if kind == "gain":
            coins += e.coins
            food += e.food
            vp += e.vp
            equipment += e.equipment
        elif kind == "gain_per" or kind == "gain_if_none_adjacent":
            amount = counted_gain(state, seat, p, e)
            if e.resource == "coins":
                coins += amount
            elif e.resource == "food":
                food += amount
            else:
                vp += amount
        elif kind == "add_water":
            water += e.amount
    for k in state.piece_equipment[seat][p]:
        bc, bf, bv = EQ_BONUS[k]
        coins, food, vp = coins + bc, food + bf, vp + bv
    return coins, food, vp, water, equipment


def projected_score(state, seat: int) -> float:
    """``seat``'s final score if its farm stays as it stands (see the module docstring)."""
    cards = state.piece_cards[seat]
    down = state.piece_face_down[seat]
    coins = float(state.coins[seat])
    food = state.food[seat]
    cap = food_cap(state, seat)
    vp = float(state.point_tokens[seat])
    towers = [p for p, c in enumerate(cards) if c == TOWER_ID]
    water = {p: state.piece_water[seat][p] for p in towers}
    room = {p: tower_capacity(state, seat, p) for p in towers}
    harvests, pending = _ahead(state, seat)
    lost: set[int] = set()
    if harvests or pending:
        # The harvest cards, those that need no Food first (they feed the others).
        workers = []
        for p, cid in enumerate(cards):
            if down[p] or not CARDS[cid].has_harvest:
                continue
            cost = harvest_cost(state, seat, p)
            reach = towers_in_range(state, seat, state.piece_cells[seat][p]) if cost[1] else ()
            workers.append((cost[2] > 0, p, cost, reach, _yield(state, seat, p)))
        workers.sort()

        def harvest(only) -> None:
            nonlocal coins, food, vp
            for _needs_food, p, (c, w, f), reach, (gc, gf, gv, gw, ge) in workers:
                if p in lost or (only is not None and p not in only):
                    continue
                if coins < c or food < f or sum(water[t] for t in reach) < w:
                    lost.add(p)  # FG-HRV-8: unpaid, it turns to Wasteland
                    continue
                coins -= c
                food -= f
                for t in reach:
                    take = min(w, water[t])
                    water[t] -= take
                    w -= take
                coins += gc
                food = min(cap, food + gf)
                vp += gv + EQUIPMENT_WORTH * ge
                if gw:
                    for t in towers:
                        gw -= _fill(water, room, t, gw)

        if pending:
            harvest(set(pending))
        this_year = harvests == 5 - state.year  # this year's harvest is still to come
        for h in range(harvests):
            if h > 0 or not this_year:  # a later year's income comes first (FG-MNT-1)
                coins += R.INCOME_COINS
                food = min(cap, food + R.INCOME_FOOD)
                gift = R.INCOME_WATER
                for t in towers:
                    gift -= _fill(water, room, t, gift)
            harvest(None)
    total = vp + coins / R.COINS_PER_VP + food / R.FOOD_PER_VP
    total += R.STORED_EQUIPMENT_VP * len(state.stored[seat])
    for p, cid in enumerate(cards):
        if cid == TOWER_ID and water[p] == 0:
            total += R.EMPTY_TOWER_VP
        if down[p] or p in lost:
            continue
        total += (CARDS[cid].vp + sum(EQ_END_VP[k] for k in state.piece_equipment[seat][p])
                  + end_game_vp(state, seat, p))
    return total


def _fill(water: dict, room: dict, tower: int, amount: int) -> int:
    """Put up to ``amount`` Water on ``tower``; how much went on."""
    put = min(amount, room[tower] - water[tower])
    if put <= 0:
        return 0
    water[tower] += put
    return put


def value(state, seat: int) -> float:
    """The seat's final score, exact once the game is over, projected before."""
    if state.phase == OVER:
        return float(state.score(seat))
    return projected_score(state, seat)


def evaluate(state, seat: int) -> float:
    """Higher is better for ``seat``: own value minus the best opponent's."""
    mine = value(state, seat)
    others = [value(state, s) for s in range(state.num_players) if s != seat]
    return mine - max(others) if others else mine
