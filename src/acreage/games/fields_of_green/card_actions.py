"""What a revealed card allows: build it on the farm, or discard it for a Water Tower, a Silo,
coins at the market or a restored card (FG-ACT-6..9, FG-BLD, FG-WT-1/2, FG-SILO-1/2, FG-MKT,
FG-RST); 3–4 players may install stored Equipment first (FG-EQ-6).
"""

from __future__ import annotations

from ...core.caches import shared_actions
from . import rulings as R
from .actions import BUILD, INSTALL, MARKET, RESTORE, SILO, TOWER, Action, cell_name
from .constants import SILO_ID, TOWER_ID
from .content import CARDS
from .equipment import install_actions, install_stored
from .farm import place_card
from .frames import Act, Effects, PayWater
from .queries import frontier, frontier_water, two_player


def act_legal(state, frame: Act) -> list[Action]:
    """FG-EQ-6: with 2 players a stored tile is installed before the seat takes a card."""
    installs = [] if two_player(state) else install_actions(state, frame.seat)
    return installs + act_actions(state, frame.seat, frame.card)


def act_do(state, frame: Act, action: Action) -> None:
    if action.kind == INSTALL:
        install_stored(state, frame.seat, action)
        return
    state.frames.pop()
    do_act(state, frame.seat, frame.card, action)


def act_actions(state, seat: int, card: int) -> list[Action]:
    """FG-ACT-7: the five actions, each offered only when legal now (FG-ACT-6)."""
    out: list[Action] = []
    front = frontier(state, seat)
    coins, water, food = CARDS[card].cost
    if state.coins[seat] >= coins and state.food[seat] >= food:  # FG-BLD-4..7
        if water:
            avail = frontier_water(state, seat, front)
            out += _made(BUILD, [f for f in front if avail[f] >= water])
        else:
            out += _made(BUILD, front)
    if state.towers_left > 0 and state.coins[seat] >= R.TOWER_PRICE:  # FG-WT-2
        out += _made(TOWER, front)
    if state.silos_left > 0:  # FG-SILO-2
        out += _made(SILO, front)
    out += _made(MARKET, range(min(R.MARKET_MAX_SELL, state.food[seat]) + 1))
    if state.coins[seat] >= R.RESTORE_PRICE:  # FG-RST-2
        out += _made(RESTORE, [state.piece_cells[seat][p] for p in range(len(state.piece_cards[seat]))
                               if state.piece_face_down[seat][p]])
    return out


def _made(kind: int, values) -> list[Action]:
    """``Action(kind, v)`` for each value, each made once and shared: a card's actions are
    asked for at every reveal, on the same frontier cells again and again."""
    return [_made_one(kind, v) for v in values]


_made_one = shared_actions(Action)


def do_act(state, seat: int, card: int, action: Action) -> None:
    """One action of a revealed card: build it (paying coins and Food now, Water next), or
    discard it for a Tower, a Silo, the market or a restore (FG-ACT-9)."""
    k = action.kind
    log = state._events
    if k == BUILD:  # FG-BLD
        coins, water, food = CARDS[card].cost
        state.coins[seat] -= coins
        state.food[seat] -= food
        p = place_card(state, seat, card, action.a)
        if log is not None:
            log.add("build", seat, {"card": CARDS[card].name, "cell": cell_name(action.a),
                                    "coins": coins, "food": food, "water": water})
        state.frames.append(Effects(seat, p, "immediate"))  # FG-BLD-8
        if water:
            state.frames.append(PayWater(seat, action.a, water))
        return
    state.discard.append(card)  # FG-ACT-9
    if k == TOWER:  # FG-WT-1
        state.coins[seat] -= R.TOWER_PRICE
        state.towers_left -= 1
        p = place_card(state, seat, TOWER_ID, action.a)
        state.piece_water[seat][p] = R.START_TOWER_WATER
    elif k == SILO:  # FG-SILO-1
        state.silos_left -= 1
        place_card(state, seat, SILO_ID, action.a)
    elif k == MARKET:  # FG-MKT-1
        state.coins[seat] += R.MARKET_COINS + R.MARKET_FOOD_PRICE * action.a
        state.food[seat] -= action.a
    elif k == RESTORE:  # FG-RST-1/3
        state.coins[seat] -= R.RESTORE_PRICE
        p = state.cells[seat][action.a]
        state.piece_face_down[seat][p] = False
        if R.RESTORE_RETRIGGERS_IMMEDIATE:
            state.frames.append(Effects(seat, p, "immediate"))
    if log is not None:
        where = cell_name(action.a)
        if k == TOWER:
            log.add("tower", seat, {"cell": where, "coins": R.TOWER_PRICE})
        elif k == SILO:
            log.add("silo", seat, {"cell": where})
        elif k == MARKET:
            log.add("market", seat, {"food": action.a,
                                     "coins": R.MARKET_COINS + R.MARKET_FOOD_PRICE * action.a})
        elif k == RESTORE:
            restored = CARDS[state.piece_cards[seat][state.cells[seat][action.a]]].name
            log.add("restore", seat, {"card": restored, "cell": where, "coins": R.RESTORE_PRICE})
        log.add("discard", seat, {"card": CARDS[card].name})
