"""The Town Board in the Action phase: placing a piece (HV-ACT), visiting a space or an Action
building and taking its actions (the General Store HV-GS, the Fields HV-FLD through
``fields.py``, the Workshop HV-WS, the Trading Post HV-TP), the Farmer's Market tiles (HV-FM),
the Printing Press, the Lumberjack's dice, and Finn and Maisie's bonuses (HV-FNM).
"""

from __future__ import annotations

from . import rulings as R
from .actions import (
    BUILD,
    BUY,
    CLEAR,
    DIE,
    DONE,
    FERT,
    FILL,
    HARVEST,
    MARKET,
    NSPACES,
    PAY,
    PLACE,
    PLANT,
    REACT,
    TEND,
    UPGRADE,
    USE,
    Action,
    made,
)
from .constants import AREA_MENU, BLDG, CROP0, EMPTY, FLD, FOREST, GS, NOV, PUMPKIN, SEED0, WS
from .content import BUILDINGS, CROPS, FARMHOUSES, SPACES, Gain
from .content import DIE as DIE_FACES
from .content import MARKET as MARKET_TILES
from .fields import harvest, plant_seed, tend_cost, tend_seedling
from .frames import Basket, FestivalSpace, ForestDie, MarketTile, Plant, Reactivate, Tend, Turn, Visit
from .novelties import use_novelty
from .queries import (
    ability,
    build_cost,
    free_blocks,
    novelty_usable,
    owned,
    seed_price,
    seed_prices,
    trading_post_fee,
)
from .supply import gain, pay


# ---------------------------------------------------------------- placing a piece (HV-ACT)
def placements(state, seat: int) -> list[Action]:
    """Every open space for each piece the seat holds, the basket on a Festival space, and its
    own unused Action buildings (HV-ACT-2/3/7, HV-CHR-4, HV-FFB-1)."""
    s = seat
    out: list[Action] = []
    held = (1 if state.wheelbarrows[s] else 0) | (state.mice[s] & 3) << 1  # pieces 0 (a wheelbarrow), 1, 2
    basket = state.basket[s]
    occupants = state.occupants
    pieces_on = _PIECES_ON
    taken_ok = -1  # which occupied spaces the seat's character may still use (HV-CHR-4), once asked
    for sid, festival, infinite, area_bit in _SPACE_FACTS:
        if festival:
            if basket and (infinite or not occupants[sid]):
                out.append(_BASKET_ON[sid])
            continue
        if not held:
            continue
        if infinite or not occupants[sid]:
            out += pieces_on[sid][held]
            continue
        if area_bit:
            if taken_ok < 0:
                ab = ability(state, s)
                used = state.once_used[s]
                taken_ok = ((_TP2 if ab == "trader" and not used & 1 else 0)
                            | (_MARKET if ab == "market_regular" and not used & 2 else 0))
            if taken_ok & area_bit:
                out += pieces_on[sid][held]
    for b, _ in state.buildings[s]:
        if BUILDINGS[b].type == "action" and b not in state.buildings_used[s]:
            out += pieces_on[NSPACES + b][held]
    return out


#: HV-CHR-4's occupied spaces a character may still use: the second Trading Post space (the
#: Trader) and the market spaces (the Market Regular), as bits.
_TP2, _MARKET = 1, 2
#: Each space in board order: (id, a Festival space, holds any number, its HV-CHR-4 bit).
_SPACE_FACTS = tuple(
    (sp.id, sp.area == "festival", bool(sp.infinite),
     _TP2 if sp.name == "TP-2" else (_MARKET if sp.area == "market" else 0))
    for sp in SPACES)
_BASKET_ON = {sp.id: made(PLACE, sp.id) for sp in SPACES if sp.area == "festival"}


#: ``[space][pieces held, as bits]``: a placement of each of those pieces there, in piece order
#: (spaces, then Action buildings numbered after them).
_PIECES_ON = tuple(tuple(tuple(made(PLACE, where, p) for p in range(3) if held >> p & 1) for held in range(8))
                   for where in range(NSPACES + len(BUILDINGS)))


def turn_legal(state, frame: Turn) -> list[Action]:
    return placements(state, frame.seat)


def turn_do(state, frame: Turn, action: Action) -> None:
    """Place the piece: an Action building opens its visit, a Festival space waits for the
    basket question (``festival.py`` resolves it), a Town space is resolved."""
    s, where, piece = frame.seat, action.a, action.b
    state.frames.pop()
    if where >= NSPACES:
        b = BUILDINGS[where - NSPACES]
        use_piece(state, s, piece)
        state.buildings_used[s] = (*state.buildings_used[s], b.id)
        if b.menu == "press":
            state.frames.append(Reactivate(s))
        elif b.menu == "tp":
            open_visit(state, s, GS | FLD | WS, b.actions + (piece == 2), int(piece == 1), int(piece == 2),
                       1, "tp")
        else:
            open_visit(state, s, AREA_MENU[b.menu], b.actions + (piece == 2), int(piece == 1),
                       int(piece == 2), 0, b.menu)
        return
    sp = SPACES[where]
    if sp.area == "festival":
        state.basket[s] -= 1
        state.occupants[sp.id] = (*state.occupants[sp.id], s)
        state.frames.append(FestivalSpace(s, sp.id))
        state.frames.append(Basket(s))
        return
    if state.occupants[sp.id] and not sp.infinite:
        state.once_used[s] |= 1 if sp.area == "tp" else 2
    use_piece(state, s, piece)
    state.occupants[sp.id] = (*state.occupants[sp.id], s)
    state.placed[s] = (*state.placed[s], sp.id)
    resolve_space(state, s, sp.id, piece)


def use_piece(state, seat: int, piece: int) -> None:
    """Take the placed piece from the seat's supply: 0 a wheelbarrow, 1 Finn, 2 Maisie."""
    if piece:
        state.mice[seat] &= ~piece
    else:
        state.wheelbarrows[seat] -= 1


def open_visit(state, seat: int, menus: int, actions: int, finn=0, maisie=0, trading_post=0, area="",
               discount=0, only=0, space=-1) -> None:
    state.frames.append(Visit(seat, space, menus, actions, 0, finn, maisie, trading_post, 0, 0, area,
                              discount, only))


def resolve_space(state, seat: int, space: int, piece: int) -> None:
    """What a piece on ``space`` does: a Market tile to pay for, or a visit with the space's
    actions (Maisie one more, HV-FNM-3; Finn's actions free, HV-FNM-2)."""
    sp = SPACES[space]
    finn, maisie = int(piece == 1), int(piece == 2)
    if sp.area == "market":
        st = state.market_stacks[sp.id - next(x.id for x in SPACES if x.area == "market")]
        if st:
            state.frames.append(MarketTile(seat, st[-1], finn))
        return
    n = sp.actions + maisie
    if sp.area == "tp":
        open_visit(state, seat, GS | FLD | WS, n, finn, maisie, 1, "tp", space=space)
    else:
        open_visit(state, seat, AREA_MENU[sp.area], n, finn, maisie, 0, sp.area, space=space)


# ---------------------------------------------------------------- a visit's actions
def visit_legal(state, frame: Visit) -> list[Action]:
    """The Trading Post's fee first (HV-TP-1), else the open menus' actions; the area's
    novelty (HV-NOV-6); done."""
    s, f = frame.seat, frame
    out: list[Action] = []
    if f.trading_post and not f.fee_paid:
        if f.actions_left > 0:
            sd, fe, wa = trading_post_fee(state, s)
            out += [made(PAY, c) for c in range(4) if state.seeds[s][c] >= sd]
            if state.fertilizer[s] >= fe:
                out.append(made(PAY, 4))
            if state.water[s] >= wa:
                out.append(made(PAY, 5))
    elif f.actions_left > 0:
        out += menu(state, s, f)
    area = f.area
    if area == "gs" and novelty_usable(state, s, "gs"):
        out.append(made(USE, NOV["gs"]))
    if area == "tp" and novelty_usable(state, s, "tp"):
        out.append(made(USE, NOV["tp"]))
    if area == "workshop" and not f.soil_mix and novelty_usable(state, s, "workshop"):
        out.append(made(USE, NOV["workshop"]))
    out.append(made(DONE))
    return out


def menu(state, seat: int, f: Visit) -> list[Action]:
    """The actions of the open menus the seat can take and pay for (HV-GS-1, HV-FLD-1,
    HV-WS-1/2, HV-FNM-3). A cost is payable when it is nothing, when Finn placed the piece
    (HV-FNM-2), or from the seat's coins, with fertilizer counting for Workshop actions while
    the Soil Mix is in use (HV-NOV-11).

    Hot in every Harvest search: the actions come from tables made once (``_BUYS``,
    ``_PLANTS``...) and the farm is read in one pass, in the order the cells lie."""
    s = seat
    out: list[Action] = []
    menus, only = f.menus, f.only
    free = bool(f.finn)  # HV-FNM-2
    coins = state.coins[s]
    if menus & GS:
        out.append(_FERT)
        free_fill = ability(state, s) == "water_witch" and not state.once_used[s] & 4
        if state.water[s] < state.bucket_capacity[s] and (free_fill or free or coins >= R.FILL_COST):
            out.append(_FILL)
        prices = seed_prices(state, s)
        for crop in range(4):
            by_count = prices[crop]
            buys = _BUYS[crop]
            for k in range(1, R.MAX_BUY + 1):
                price = by_count[k]
                if price <= 0 or free or coins >= price:
                    out.append(buys[k])
    if menus & (FLD | WS):
        by_code: list[list[int]] = [[] for _ in range(_CODES)]
        for i, v in enumerate(state.farm[s]):
            by_code[v].append(i)
    if menus & FLD:
        empty = by_code[EMPTY]
        seeds, fertilizer = state.seeds[s], state.fertilizer[s]
        for crop in range(4):
            if seeds[crop] and fertilizer >= CROPS[crop].plant_fertilizer:
                on = _PLANTS[crop]
                out += [on[c] for c in empty]
        discount = 1 if owned(state, s, "tend_discount") else 0
        water = state.water[s]
        for crop in range(4):
            if water >= max(0, CROPS[crop].tend_water - discount):
                on = _TENDS[crop]
                out += [on[c] for c in by_code[SEED0 + crop]]
        out.append(_HARVEST)
    if menus & WS:
        once = not f.maisie  # HV-WS-2: each Workshop action once a visit, unless Maisie's
        purse = coins + (state.fertilizer[s] * R.SOIL_MIX_COINS if f.soil_mix else 0)  # HV-NOV-11
        if only == 0 and not (once and f.workshop_done & 1) and state.bucket_capacity[s] < R.MAX_CAPACITY:
            cost = 0 if owned(state, s, "free_upgrade") else R.UPGRADE_COST
            if cost <= 0 or free or purse >= cost:
                out.append(_UPGRADE)
        if only in (0, 2) and not (once and f.workshop_done & 2):
            cost = 0 if (ability(state, s) == "lumberjack" or only == 2) else R.CLEAR_COST
            if cost <= 0 or free or purse >= cost:
                out += [_CLEARS[c] for c in by_code[FOREST]]
        if only in (0, 1) and not (once and f.workshop_done & 4):
            blocks = free_blocks(state, s)
            for slot, b in enumerate(state.workshop_slots):
                if b >= 0:
                    cost = build_cost(state, s, slot, f.discount)
                    if cost <= 0 or free or purse >= cost:
                        on = _BUILDS[b]
                        out += [on[c] for c in blocks]
    return out


#: The menu's actions, made once: ``_BUYS[crop][count]``, ``_PLANTS[crop][cell]``,
#: ``_TENDS[crop][cell]``, ``_CLEARS[cell]``, ``_BUILDS[building][cell]``.
_FERT, _FILL, _HARVEST, _UPGRADE = made(FERT), made(FILL), made(HARVEST), made(UPGRADE)
_BUYS = tuple(tuple(made(BUY, crop, k) for k in range(R.MAX_BUY + 1)) for crop in range(4))
_NCELLS = R.ROWS * R.COLS
_PLANTS = tuple(tuple(made(PLANT, crop, c) for c in range(_NCELLS)) for crop in range(4))
_TENDS = tuple(tuple(made(TEND, crop, c) for c in range(_NCELLS)) for crop in range(4))
_CLEARS = tuple(made(CLEAR, c) for c in range(_NCELLS))
_BUILDS = tuple(tuple(made(BUILD, b, c) for c in range(_NCELLS)) for b in range(len(BUILDINGS)))
#: Farm cell codes: empty, forest, building, a seed tile or a crop of each of the four crops.
_CODES = CROP0 + 4


def visit_do(state, frame: Visit, action: Action) -> None:
    """Done, a novelty, the Trading Post's fee, or one of the menu's actions (which uses up
    one of the visit's actions and asks for the fee again)."""
    s, k = frame.seat, action.kind
    if k == DONE:
        state.frames.pop()
        return
    if k == USE:
        use_novelty(state, s, frame, action)
        return
    if k == PAY:  # HV-TP-1
        sd, fe, wa = trading_post_fee(state, s)
        if action.a < 4:
            state.seeds[s][action.a] -= sd
        elif action.a == 4:
            state.fertilizer[s] -= fe
        else:
            state.water[s] -= wa
        state.frames[-1] = frame._replace(fee_paid=1)
        return
    f = frame.after_action(1 if k == UPGRADE else 2 if k == CLEAR else 4 if k == BUILD else 0)
    state.frames[-1] = f
    _menu_action(state, s, f, action)


def _menu_action(state, s: int, f: Visit, a: Action) -> None:
    """One action of a visit's menus, carried out."""
    k = a.kind
    if k == FERT:  # HV-GS-1, HV-GS-5
        gain(state, s, Gain(fertilizer=1), "fertilizer action")
    elif k == FILL:  # HV-GS-2 (the Water Witch's first fill of a round is free)
        if ability(state, s) == "water_witch" and not state.once_used[s] & 4:
            state.once_used[s] |= 4
        else:
            pay(state, s, f, R.FILL_COST)
        state.water[s] = state.bucket_capacity[s]
    elif k == BUY:  # HV-GS-3
        pay(state, s, f, seed_price(state, s, a.a, a.b))
        state.seeds[s][a.a] += a.b
    elif k == PLANT:  # HV-FLD-3: more of the same crop may follow
        plant_seed(state, s, a.a, a.b)
        state.frames.append(Plant(s, a.a, -1))
    elif k == TEND:  # HV-FLD-4: more of the same crop may follow
        tend_seedling(state, s, a.a, a.b, tend_cost(state, s, a.a))
        state.frames.append(Tend(s, a.a, 0))
    elif k == HARVEST:
        harvest(state, s)
    elif k == UPGRADE:  # HV-WS-3
        pay(state, s, f, 0 if owned(state, s, "free_upgrade") else R.UPGRADE_COST)
        state.bucket_capacity[s] = min(R.MAX_CAPACITY, state.bucket_capacity[s] + 1)
    elif k == CLEAR:
        _clear_forest(state, s, f, a.a)
    elif k == BUILD:
        _build(state, s, f, a.a, a.b)


def _clear_forest(state, s: int, f: Visit, cell: int) -> None:
    """HV-WS-4: remove the forest token, score the farmhouse's forest points, roll the forest
    die (the Lumberjack rolls two and keeps one)."""
    pay(state, s, f, 0 if (ability(state, s) == "lumberjack" or f.only == 2) else R.CLEAR_COST)
    state.farm[s][cell] = EMPTY
    house = FARMHOUSES[state.farmhouse[s]]
    state.points[s] += house.forest_points
    if state._events is not None and house.forest_points:
        state._events.add("points", s, {"points": house.forest_points,
                                        "source": f"{house.name}, forest cleared"})
    d1 = 1 + state.rng.below(6)
    state.undo_mark += 1
    if ability(state, s) == "lumberjack":
        d2 = 1 + state.rng.below(6)
        if d2 != d1:
            state.frames.append(ForestDie(s, d1, d2))
            return
    gain(state, s, DIE_FACES[d1 - 1], "forest die")


def _build(state, s: int, f: Visit, building: int, cell: int) -> None:
    """HV-WS-5..8: pay the row's cost, take the building from its slot and put it on the
    2×2 block at ``cell`` (crops there are lost), then its on-build gain."""
    slot = state.workshop_slots.index(building)
    pay(state, s, f, build_cost(state, s, slot, f.discount))
    state.workshop_slots[slot] = -1  # HV-WS-8
    for j in (cell, cell + 1, cell + R.COLS, cell + R.COLS + 1):
        state.farm[s][j] = BLDG  # HV-WS-6
    state.buildings[s].append((building, cell))
    gain(state, s, BUILDINGS[building].on_build, f"{BUILDINGS[building].name}, built")


# ---------------------------------------------------------------- the Lumberjack's dice
def forest_die_legal(state, frame: ForestDie) -> list[Action]:
    return [made(DIE, x) for x in sorted({frame.first, frame.second})]


def forest_die_do(state, frame: ForestDie, action: Action) -> None:
    state.frames.pop()
    gain(state, frame.seat, DIE_FACES[action.a - 1], "forest die")


# ---------------------------------------------------------------- the Printing Press
def reactivate_legal(state, frame: Reactivate) -> list[Action]:
    return [made(REACT, sp) for sp in sorted(set(state.placed[frame.seat]))] + [made(DONE)]


def reactivate_do(state, frame: Reactivate, action: Action) -> None:
    state.frames.pop()
    if action.kind == REACT:
        resolve_space(state, frame.seat, action.a, 0)  # HV-FNM-4: no mouse bonus


# ---------------------------------------------------------------- the Farmer's Market (HV-FM)
def market_cost(state, seat: int, frame: MarketTile) -> int:
    """The tile's coins for the seat: none with Finn, less for the Market Regular and the
    market-discount buildings (never below 0)."""
    if frame.finn:
        return 0
    t = MARKET_TILES[frame.tile]
    return max(0, t.cost_coins - (1 if ability(state, seat) == "market_regular" else 0)
               - sum(b.value for b in owned(state, seat, "market_discount")))


def market_legal(state, frame: MarketTile) -> list[Action]:
    """Pay for the tile (naming the seed type where it costs seeds), or done (HV-FM-2)."""
    s = frame.seat
    t = MARKET_TILES[frame.tile]
    cc = market_cost(state, s, frame)
    ok = state.coins[s] >= cc and state.fertilizer[s] >= t.cost_fertilizer and state.water[s] >= t.cost_water
    out = []
    if ok and t.cost_seed:
        out = [made(MARKET, c + 1) for c in range(4) if state.seeds[s][c] >= t.cost_seed]
    elif ok:
        out = [made(MARKET)]
    return out + [made(DONE)]


def market_do(state, frame: MarketTile, action: Action) -> None:
    state.frames.pop()
    if action.kind == MARKET:
        _market_tile(state, frame.seat, frame, action)


def _market_tile(state, s: int, f: MarketTile, a: Action) -> None:
    """Pay the tile's costs and apply its effect (HV-FM-5)."""
    t = MARKET_TILES[f.tile]
    cc = 0
    if not f.finn:
        cc = market_cost(state, s, f)
        state.coins[s] -= cc
    if state._events is not None:
        state._events.add("market", s, {"tile": t.number, "coins": cc})
    state.fertilizer[s] -= t.cost_fertilizer
    state.water[s] -= t.cost_water
    if a.a:
        state.seeds[s][a.a - 1] -= t.cost_seed
    e = t.effect
    if e == "gain":
        gain(state, s, t.gain, f"Market tile {t.number}")
    elif e == "plant_pumpkin":
        state.seeds[s][PUMPKIN] += 1
        state.frames.append(Plant(s, -1, PUMPKIN))
    elif e == "fields":
        open_visit(state, s, FLD, 1, f.finn)
    elif e == "workshop":
        open_visit(state, s, WS, 1, f.finn, area="workshop")
    elif e == "upgrade_fill":
        gain(state, s, Gain(upgrade=1, fill=True), f"Market tile {t.number}")
    elif e == "clear_free":
        open_visit(state, s, WS, 1, 1, only=2)
    elif e == "build_discount":
        open_visit(state, s, WS, 1, f.finn, discount=t.value, only=1)
    elif e == "coin_per_crop":
        state.coins[s] += len({v - CROP0 for v in state.farm[s] if v >= CROP0})
    elif e == "harvest":
        harvest(state, s)
