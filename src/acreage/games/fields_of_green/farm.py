"""Changes to a farm: a card placed, Food and Water gained (capped at once), Equipment
installed, a card turned to Wasteland (FG-BLD, FG-MNT-5, FG-WT, FG-EQ-2/5/7, FG-HRV-12/13).
"""

from __future__ import annotations

from . import rulings as R
from .actions import cell_name
from .constants import EQ_INSTALL
from .content import CARDS
from .queries import food_cap, tower_capacity


def gain_food(state, seat: int, amount: int) -> None:
    """FG-MNT-5, FG-HRV-10: a gain is capped the moment it happens."""
    state.food[seat] = min(state.food[seat] + amount, food_cap(state, seat))


def add_water(state, seat: int, p: int, amount: int) -> None:
    """Water into Tower ``p``, up to its capacity (the rest is lost)."""
    state.piece_water[seat][p] = min(state.piece_water[seat][p] + amount, tower_capacity(state, seat, p))


def place_card(state, seat: int, card: int, cell: int) -> int:
    """Put ``card`` on the farm at ``cell``, face up, no Water, no Equipment; its index."""
    p = len(state.piece_cards[seat])
    state.piece_cards[seat].append(card)
    state.piece_cells[seat].append(cell)
    state.piece_face_down[seat].append(False)
    state.piece_water[seat].append(0)
    state.piece_equipment[seat].append(())
    state.cells[seat][cell] = p
    state._front[seat] = None
    return p


def install(state, seat: int, p: int, k: int) -> None:
    """FG-EQ-2/5/7: install for free; one-off effects happen now."""
    state.piece_equipment[seat][p] = state.piece_equipment[seat][p] + (k,)
    coins, water, food = EQ_INSTALL[k]
    state.coins[seat] += coins
    if water:
        add_water(state, seat, p, water)
    if food:
        gain_food(state, seat, food)


def make_wasteland(state, seat: int, p: int) -> None:
    """FG-HRV-12/13: the card turns face down; its Equipment leaves the game."""
    if state._events is not None:
        state._events.add("wasteland", seat, {"card": CARDS[state.piece_cards[seat][p]].name,
                                              "cell": cell_name(state.piece_cells[seat][p])})
    state.piece_face_down[seat][p] = True
    if R.EQUIPMENT_LOST_WITH_WASTELAND:
        state.piece_equipment[seat][p] = ()
