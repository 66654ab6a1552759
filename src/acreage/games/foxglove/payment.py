"""Paying for a build, a trail or an upgrade: one cube at a time, from any building of the
town, exactly the cost (FF-CON-6/7, FF-TRL-2..5, FF-EFX-20).

Functions of the state: a payment under way is a ``frames.Pay`` decision; once nothing is
owed, the purchase happens (``construction.complete_build``, ``trails.place_trail``,
``trails.finish_upgrade``).
"""

from __future__ import annotations

from itertools import compress

from ...core.caches import MadeOnce
from .actions import PAY, Action
from .construction import complete_build
from .content import TILES
from .frames import Build, NewTrail, Pay, make
from .geometry import cell_name
from .goods import GOODS, NUM_GOODS, STONE, WOOD
from .queries import affordable, pay_step, totals
from .trails import finish_upgrade, place_trail


def pay_legal(state, top: Pay) -> list[Action]:
    """One cube from any building holding it, of a type still owed, where what remains can
    still be covered by the town's other cubes."""
    seat, owed = top.seat, top.owed
    # Without substitutes a cube of an owed type never leaves the rest unaffordable: the town
    # and the cost both lose one of that type (or one of the wood-or-stone units, which any
    # wood or stone pays), and a payment under way is affordable (FF-CON-7). Only a Mason's
    # Lodge's stone paid with wood can strand a later unit, so only then are the cubes counted.
    goods = totals(state, seat) if owed[6] else None
    cubes = state.cubes[seat]
    bcell = state.building_cells[seat]
    pays = _PAYS
    acts = []
    for g in _CANDIDATES[owed]:
        if goods is not None:
            rest = pay_step(owed, g)
            assert rest is not None, "a candidate pays a unit owed"
            goods[g] -= 1
            ok = affordable(rest, goods)
            goods[g] += 1
            if not ok:
                continue
        for cell in compress(bcell, cubes[g::NUM_GOODS]):  # the buildings holding type g
            acts.append(pays[cell * NUM_GOODS + g])
    return acts


def _candidates(owed: tuple[int, ...]) -> tuple[int, ...]:
    """The types a cube paid next may be of. Owed types are paid in goods order (wood first),
    so the only questions asked are which building each cube comes from and, where the cost
    allows, which type: wood or stone for a trail's units, wood instead of stone with a
    Mason's Lodge."""
    for g in range(NUM_GOODS):
        if owed[g]:
            return (WOOD, STONE) if g == STONE and owed[6] > 0 else (g,)
    return (WOOD, STONE)  # only wood-or-stone units are left


#: The types payable next, by what is owed (a few dozen costs in all), and the pay action of
#: each (cell, goods type) by ``cell * 5 + type``: made once, as paying is most of a game's
#: decisions.
_CANDIDATES = MadeOnce(_candidates)
_PAYS = MadeOnce(lambda key: Action(PAY, key % NUM_GOODS, key // NUM_GOODS))


def pay_do(state, top: Pay, action: Action) -> None:
    """Take the cube; once nothing is owed, the purchase happens."""
    seat, purpose = top.seat, top.purpose
    g = action.a
    state.cubes[seat][state.cells[seat][action.b] * NUM_GOODS + g] -= 1
    if state._events is not None:
        state._events.add("pay", seat, {
            "good": GOODS[g], "cell": cell_name(action.b),
            "tile": TILES[state.building_tiles[seat][state.cells[seat][action.b]]].name,
        })
    owed, more = _AFTER[top.owed][g]
    if more:
        state.frames[-1] = make(Pay, (seat, owed, purpose))
        return
    state.frames.pop()
    _purchase(state, seat, purpose, owed[6])


def _after(owed: tuple[int, ...]) -> tuple[tuple[tuple[int, ...], bool] | None, ...]:
    """By goods type paid: what is still owed after one cube of it, and whether any cube is;
    None for a type not owed (``pay_legal`` offers only goods still owed)."""
    out = []
    for g in range(NUM_GOODS):
        rest = pay_step(owed, g)
        out.append(None if rest is None else (rest, any(rest[:6])))
    return tuple(out)


#: ``_after`` of each cost met: a payment's steps are asked at every cube paid.
_AFTER = MadeOnce(_after)


def settle_payment(state, top: Pay) -> list[Action] | None:
    """What a payment asks next, once what it leaves no choice about is paid: types are paid
    in goods order, and while the first type still owed is held by one building of the town
    only, paying cube by cube would offer one action at each step (``pay_legal``), so those
    cubes are taken at once. None where that pays everything (the purchase happens); else the
    list of the next cube's choices (``pay_legal``'s), the frame on top owing what is left.
    Where a unit may be paid in wood or stone (a trail's, or stone a Mason's Lodge lets wood
    replace: the type is the payer's choice), or while events are logged (each cube paid is an
    event), nothing is taken here: the list is ``pay_legal``'s as it stands."""
    owed = top.owed
    if owed[5] or owed[6] or state._events is not None:
        return pay_legal(state, top)
    seat = top.seat
    cubes = state.cubes[seat]
    left = None
    for g in range(NUM_GOODS):
        k = owed[g]
        if k:
            column = cubes[g::NUM_GOODS]
            if len(column) - column.count(0) != 1:  # a choice of building: the payer's
                if left is not None:  # the types paid so far are no longer owed
                    state.frames[-1] = make(Pay, (seat, tuple(left), top.purpose))
                pays = _PAYS
                acts = []
                for cell in compress(state.building_cells[seat], column):  # as pay_legal lists them
                    acts.append(pays[cell * NUM_GOODS + g])
                return acts
            cubes[column.index(max(column)) * NUM_GOODS + g] -= k
            if left is None:
                left = list(owed)
            left[g] = 0
    state.frames.pop()
    _purchase(state, seat, top.purpose, 0)
    return None


def _purchase(state, seat: int, purpose, substitutes_left: int) -> None:
    """Nothing is owed any more: the tile is built, the trail laid or the upgrade made."""
    if isinstance(purpose, Build):
        state.wood_for_stone_left[seat] = substitutes_left
        complete_build(state, seat, purpose.tile, purpose.cell)
    elif isinstance(purpose, NewTrail):
        place_trail(state, seat, purpose.cell, purpose.shape)
    else:  # Upgrade
        finish_upgrade(state, seat, purpose.cell, purpose.shape)
