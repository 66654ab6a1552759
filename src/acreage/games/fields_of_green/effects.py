"""A card's effects: Immediate and Harvest gains, gains counted on the farm, Water for Towers in
reach, selling Food, Equipment to draw, and the yield bonuses of installed tiles (FG-EFX,
FG-EQ-1, FG-EFX-12); and the two choices effects ask for (where Water goes, how much Food to
sell).
"""

from __future__ import annotations

from .actions import FILL, SELL, Action, cell_name
from .constants import EQ_BONUS
from .content import CARDS, EQUIPMENT
from .events import source
from .farm import add_water, gain_food
from .frames import Effects, Fill, GainEquipment, Sell
from .queries import counted_gain, fill_targets, tower_capacity


def effects(state, frame: Effects) -> None:
    """Automatic: the card's effects of ``frame.when``."""
    run_effects(state, frame.seat, frame.piece, frame.when)


def run_effects(state, seat: int, p: int, when: str) -> None:
    """Apply a card's Immediate or Harvest effects (FG-EFX); choices become frames."""
    card = CARDS[state.piece_cards[seat][p]]
    later: list = []
    cell = state.piece_cells[seat][p]
    log = state._events
    if log is not None:
        before = (state.coins[seat], state.food[seat], state.point_tokens[seat])
    for e in card.effects:
        if e.when != when:
            continue
        kind = e.kind
        if kind == "gain":
            state.coins[seat] += e.coins
            state.point_tokens[seat] += e.vp
            if e.food:
                gain_food(state, seat, e.food)
            later.extend(GainEquipment(seat) for _ in range(e.equipment))
        elif kind == "gain_per" or kind == "gain_if_none_adjacent":
            amount = counted_gain(state, seat, p, e)
            if e.resource == "coins":
                state.coins[seat] += amount
            elif e.resource == "food":
                gain_food(state, seat, amount)
            else:
                state.point_tokens[seat] += amount
        elif kind == "refill_tower":
            later.append(Fill(seat, cell, e.range, 0))
        elif kind == "add_water":
            later.append(Fill(seat, cell, e.range, e.amount))
        elif kind == "sell_food":
            later.append(Sell(seat, e.max, e.price))
    if log is not None:
        draws = sum(1 for x in later if type(x) is GainEquipment)
        log_gain(state, "effect", seat, before, {"card": card.name, "when": when, "equipment": draws},
                 source(card.name, when))
    if when == "harvest":
        for k in state.piece_equipment[seat][p]:  # FG-EFX-12: yield bonuses of installed tiles
            if log is not None:
                before = (state.coins[seat], state.food[seat], state.point_tokens[seat])
            bc, bf, bv = EQ_BONUS[k]
            state.coins[seat] += bc
            state.point_tokens[seat] += bv
            if bf:
                gain_food(state, seat, bf)
            if log is not None and (bc or bf or bv):
                name = EQUIPMENT[k].name
                log_gain(state, "bonus", seat, before, {"tile": name, "card": card.name},
                         source(f"{name} on {card.name}", "harvest"))
    state.frames.extend(reversed(later))


def log_gain(state, kind: str, seat: int, before: tuple[int, int, int], fields: dict, src: str) -> None:
    """An ``effect`` or ``bonus`` event: the coins, food and VP tokens it really gave."""
    coins, food, vp = before
    state._events.add(kind, seat, {**fields, "coins": state.coins[seat] - coins,
                                   "food": state.food[seat] - food, "points": state.point_tokens[seat] - vp,
                                   "source": src})


# ---------------------------------------------------------------- Water for a Tower (FG-EFX-10)
def fill_legal(state, frame: Fill) -> list[Action]:
    seat = frame.seat
    cells = state.piece_cells[seat]
    return [Action(FILL, cells[p]) for p in fill_targets(state, seat, frame.cell, frame.reach)]


def fill_do(state, frame: Fill, action: Action) -> None:
    """A Well fills the Tower up; other effects add their Water (the rest is lost)."""
    seat = frame.seat
    state.frames.pop()
    p = state.cells[seat][action.a]
    before = state.piece_water[seat][p]
    if frame.amount == 0:
        state.piece_water[seat][p] = tower_capacity(state, seat, p)
    else:
        add_water(state, seat, p, frame.amount)
    if state._events is not None:
        state._events.add("fill", seat, {"cell": cell_name(action.a),
                                         "amount": state.piece_water[seat][p] - before})


# ---------------------------------------------------------------- selling Food (a Roadside Stand)
def sell_legal(state, frame: Sell) -> list[Action]:
    return [Action(SELL, k) for k in range(min(frame.most, state.food[frame.seat]) + 1)]


def sell_do(state, frame: Sell, action: Action) -> None:
    seat = frame.seat
    state.frames.pop()
    state.food[seat] -= action.a
    state.coins[seat] += action.a * frame.price
    if state._events is not None:
        state._events.add("sell", seat, {"food": action.a, "coins": action.a * frame.price})
