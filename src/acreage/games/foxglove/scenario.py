"""Build Foxglove Farm positions by hand: for tests, puzzles and the rulebook's examples.

A scenario starts from a real new game and then edits towns, display and phase through the
functions below, so every rule afterwards runs through the normal engine. Cells are given as
``(x, y)`` pairs and tiles by name (``tier`` picks between the A and B Charcoal Kilns).
"""

from __future__ import annotations

from typing import Any

from ...core.registry import new_game
from .conservation import expected_tiles, tile_census
from .constants import FINAL, TRANSPORT
from .construction import begin_construction
from .content import TILES, find_tile
from .flow import advance
from .geometry import cell_of, parse_shape
from .goods import GOODS, GOODS_INDEX, NUM_GOODS
from .rounds import begin_round
from .state import FoxgloveState
from .transport import begin_stage


def fresh(players: int = 2, seed: Any = 0, **options: Any) -> FoxgloveState:
    """A new game, as it stands at the first decision of round 1."""
    return new_game("foxglove", players=players, seed=seed, **options)


def _touch(state: FoxgloveState, seat: int) -> None:
    state._topologies[seat] = None
    state._legal = None


def clear_town(state: FoxgloveState, seat: int) -> None:
    """Leave only an empty Forest and Mine in the seat's town."""
    forest, mine = state.building_cells[seat][0], state.building_cells[seat][1]
    state.cells[seat] = {forest: 0, mine: 1}
    state.building_tiles[seat] = state.building_tiles[seat][:2]
    state.building_cells[seat] = [forest, mine]
    state.cubes[seat] = [0] * (2 * NUM_GOODS)
    state.trails_laid[seat] = 0
    _touch(state, seat)


def add_building(
    state: FoxgloveState, seat: int, name: str, at: tuple[int, int], tier: str | None = None, **cubes: int
) -> int:
    """Put a building on an empty cell (no cost, no immediate effect); return its index."""
    cell = cell_of(*at)
    if cell in state.cells[seat]:
        raise ValueError(f"cell {at} is already occupied")
    kind = find_tile(name, tier)
    b = len(state.building_tiles[seat])
    state.cells[seat][cell] = b
    state.building_tiles[seat].append(kind.id)
    state.building_cells[seat].append(cell)
    state.cubes[seat].extend([0] * NUM_GOODS)
    _touch(state, seat)
    set_cubes(state, seat, at, **cubes)
    return b


def add_trail(state: FoxgloveState, seat: int, at: tuple[int, int], shape: str) -> None:
    """Lay a trail of ``shape`` (e.g. ``"NS"``, ``"NEW"``) on an empty cell, free."""
    cell = cell_of(*at)
    if cell in state.cells[seat]:
        raise ValueError(f"cell {at} is already occupied")
    state.cells[seat][cell] = -parse_shape(shape)
    state.trails_laid[seat] += 1
    _touch(state, seat)


def set_cubes(state: FoxgloveState, seat: int, at: tuple[int, int], **cubes: int) -> None:
    """Set (not add) the cubes on the building at ``at``; unnamed types become 0."""
    b = state.cells[seat][cell_of(*at)]
    for g in range(NUM_GOODS):
        state.cubes[seat][b * NUM_GOODS + g] = cubes.get(GOODS[g], 0)
    unknown = set(cubes) - set(GOODS_INDEX)
    if unknown:
        raise ValueError(f"unknown goods {sorted(unknown)}")
    state._legal = None


def cubes_at(state: FoxgloveState, seat: int, at: tuple[int, int]) -> dict[str, int]:
    """The goods on the building at ``at``, by name (types it lacks left out)."""
    b = state.cells[seat][cell_of(*at)]
    base = b * NUM_GOODS
    return {GOODS[g]: state.cubes[seat][base + g] for g in range(NUM_GOODS) if state.cubes[seat][base + g]}


def tile_at(state: FoxgloveState, seat: int, at: tuple[int, int]) -> str | None:
    """The name of the building or ``"trail"`` at ``at``, or None for an empty cell."""
    code = state.cells[seat].get(cell_of(*at))
    if code is None:
        return None
    return TILES[state.building_tiles[seat][code]].name if code >= 0 else "trail"


def conserve_tiles(state: FoxgloveState) -> None:
    """Make a hand-built position hold every building tile exactly once again (FF-SET-2), as a
    snapshot must: a tile that a scenario added from nowhere leaves its stack (from the bottom,
    away from any order a test set on top), and a tile it dropped goes back under its stack.
    Call it before ``to_json()`` of a position built with the functions above."""
    want, have = expected_tiles(state), tile_census(state)
    tier_index = {"A": 0, "B": 1, "C": 2}
    for tid in sorted(set(want) | set(have)):
        stack = state.stacks[tier_index[TILES[tid].tier]]
        for _ in range(have[tid] - want[tid]):
            if tid not in stack:
                raise ValueError(f"{TILES[tid].name} is held more often than the game has it, and "
                                 "no copy is left in its stack to take away")
            stack.remove(tid)  # the lowest copy: stacks are drawn from the end
        for _ in range(want[tid] - have[tid]):
            stack.insert(0, tid)
    state._legal = None


def set_display(state: FoxgloveState, ab: list[str] | None = None, c: list[str] | None = None) -> None:
    """Lay out the display by name (one tile per space; put a name twice in a tuple to stack)."""
    tier = "A" if state.round <= 2 else "B"
    if ab is not None:
        for space in range(state.n_ab):
            state.display[space] = _space(ab[space], tier) if space < len(ab) else []
    if c is not None:
        for i in range(4):
            state.display[state.n_ab + i] = _space(c[i], "C") if i < len(c) else []
    state._legal = None


def _space(entry, tier: str) -> list[int]:
    if entry is None:
        return []
    names = entry if isinstance(entry, (tuple, list)) else (entry,)
    return [find_tile(n, tier if tier != "C" else "C").id for n in names]


def set_stack(state: FoxgloveState, tier: str, top_first: list[str]) -> None:
    """Replace a tier's face-down stack; ``top_first[0]`` is drawn first."""
    index = {"A": 0, "B": 1, "C": 2}[tier]
    state.stacks[index] = [find_tile(n, tier).id for n in reversed(top_first)]


def display_names(state: FoxgloveState) -> list[list[str]]:
    """The display's tiles by name, space by space (a stack lists each copy)."""
    return [[TILES[t].name for t in sp] for sp in state.display]


def goto_construction(state: FoxgloveState, seat: int = 0, round: int | None = None) -> None:
    """Jump to the start of a construction phase with ``seat`` to act."""
    if round is not None:
        state.round = round
    state.frames.clear()
    state.start_player = seat
    begin_construction(state)
    state._legal = None


def goto_transport(state: FoxgloveState, seat: int = 0, round: int | None = None) -> None:
    """Jump to the start of ``seat``'s transportation (round 4: the combined final stage)."""
    if round is not None:
        state.round = round
    state.frames.clear()
    state.phase = FINAL if state.round == 4 else TRANSPORT
    n = state.num_players
    state.order = tuple((seat + i) % n for i in range(n))
    state.stage_index = 0
    begin_stage(state)
    state._legal = None


def start_round(state: FoxgloveState, round: int) -> None:
    """Run a round's production for every seat (then the engine carries on as usual)."""
    state.round = round
    state.frames.clear()
    begin_round(state)
    state._legal = None
    advance(state)


def play(state: FoxgloveState, *actions: str) -> None:
    """Apply actions written in notation, in order."""
    for text in actions:
        state.apply(state.parse_action(text))


def is_legal(state: FoxgloveState, text: str) -> bool:
    """Whether the action written ``text`` is legal now."""
    return any(str(a) == text for a in state.legal_actions())


