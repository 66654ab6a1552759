"""Build Fields of Green positions by hand: for tests, puzzles and the checklist's examples.

A scenario starts from a real new game and edits farms, stocks, hands and the decision stack
through these functions, so every rule afterwards runs through the normal engine. Cells are
``(x, y)`` pairs and cards and tiles are given by name. ``hold`` parks a pause under the
decision being tested, so the game does not run on into the next phase after it.
"""

from __future__ import annotations

from typing import Any

from ...core.options import normalise_options
from . import GAME_INFO
from .actions import cell_of
from .constants import ACTION, HARVEST_PHASE, RESOLVE, TOWER_ID
from .content import find_card, find_equipment
from .farm import place_card
from .frames import Act, GainEquipment, Hold
from .harvest import start_seat_harvest
from .state import FieldsState


def fresh(players: int = 3, seed: Any = 0, **options: Any) -> FieldsState:
    """A new game (First Player seat 0 unless said otherwise), at its first decision.

    Built directly from the state class, so it works whether or not the game is registered.
    """
    options.setdefault("first_player", 0)
    opts = normalise_options(GAME_INFO.name, GAME_INFO.options, players, options)
    return FieldsState(players, seed, opts)


def _touch(state: FieldsState) -> None:
    """Forget what the state worked out from the edited fields (legal actions, frontiers)."""
    state._legal = None
    state._front = [None] * state.num_players


def clear_farm(state: FieldsState, seat: int, water: int = 3, food: int | None = None) -> None:
    """Leave only the starting Tower (with ``water``) at (0,0) and Silo at (1,0)."""
    t, s = cell_of(0, 0), cell_of(1, 0)
    state.piece_cards[seat] = [TOWER_ID, find_card("Silo").id]
    state.piece_cells[seat] = [t, s]
    state.piece_face_down[seat] = [False, False]
    state.piece_water[seat] = [water, 0]
    state.piece_equipment[seat] = [(), ()]
    state.cells[seat] = {t: 0, s: 1}
    if food is not None:
        state.food[seat] = food
    _touch(state)


def add_card(state: FieldsState, seat: int, name: str, at: tuple[int, int], water: int | None = None,
             down: bool = False, equipment: tuple[str, ...] = ()) -> int:
    """Put a card on an empty cell (no cost, no Immediate effect); return its index."""
    cell = cell_of(*at)
    if cell in state.cells[seat]:
        raise ValueError(f"cell {at} is already occupied")
    card = find_card(name)
    p = place_card(state, seat, card.id, cell)
    state.piece_face_down[seat][p] = down
    if card.id == TOWER_ID:
        state.piece_water[seat][p] = 3 if water is None else water
    state.piece_equipment[seat][p] = tuple(find_equipment(e).id for e in equipment)
    _touch(state)
    return p


def piece_at(state: FieldsState, seat: int, at: tuple[int, int]) -> int:
    """The index of the seat's farm piece at ``at``."""
    return state.cells[seat][cell_of(*at)]


def water_at(state: FieldsState, seat: int, at: tuple[int, int]) -> int:
    """The Water on the Tower at ``at``."""
    return state.piece_water[seat][piece_at(state, seat, at)]


def set_water(state: FieldsState, seat: int, at: tuple[int, int], water: int) -> None:
    """Set the Water on the Tower at ``at``."""
    state.piece_water[seat][piece_at(state, seat, at)] = water
    _touch(state)


def set_stock(state: FieldsState, seat: int, coins: int | None = None, food: int | None = None,
              vp: int | None = None, stored: tuple[str, ...] | None = None) -> None:
    """Set the seat's coins, Food, VP tokens or stored cards (what is not given stays)."""
    if coins is not None:
        state.coins[seat] = coins
    if food is not None:
        state.food[seat] = food
    if vp is not None:
        state.point_tokens[seat] = vp
    if stored is not None:
        state.stored[seat] = [find_equipment(e).id for e in stored]
    _touch(state)


def set_stack(state: FieldsState, top_first: list[str]) -> None:
    """Replace the Equipment stack; ``top_first[0]`` is drawn first."""
    state.equipment_stack = [find_equipment(n).id for n in reversed(top_first)]
    state.equipment_known = [0] * len(state.equipment_stack)
    _touch(state)


def goto_action(state: FieldsState, seat: int, card: str, year: int | None = None) -> None:
    """Seat ``seat`` is to resolve a revealed pick of ``card``; the game pauses afterwards."""
    if year is not None:
        state.year = year
    state.phase = ACTION
    state.stage = RESOLVE
    state.turn = 6
    state.frames = [Hold(), Act(seat, find_card(card).id)]
    state._legal = None
    state._advance()


def goto_harvest(state: FieldsState, seat: int, year: int | None = None) -> None:
    """Start ``seat``'s harvest; the game pauses when it is over."""
    if year is not None:
        state.year = year
    state.phase = HARVEST_PHASE
    state.harvest_index = state.num_players
    state.frames = [Hold()]
    start_seat_harvest(state, seat)
    state._legal = None
    state._advance()


def release(state: FieldsState) -> None:
    """Remove a ``hold`` pause and let the game run on."""
    state.frames = [f for f in state.frames if type(f) is not Hold]
    state._legal = None
    state._advance()


def gain_equipment(state: FieldsState, seat: int) -> None:
    """Give ``seat`` one Equipment gain now (draw 3, keep 1), pausing afterwards."""
    state.frames = [Hold(), GainEquipment(seat)]
    state._legal = None
    state._advance()


def play(state: FieldsState, *actions: str) -> None:
    """Apply actions written in notation, in order."""
    for text in actions:
        state.apply(text)


def legal(state: FieldsState) -> set[str]:
    """The legal actions, as notation."""
    return {str(a) for a in state.legal_actions()}
