"""Conservation of Foxglove Farm's components, for checks over whole games.

Every building tile is in exactly one place (a stack, a display space, a town or removed from
the game; FF-SET-2, FF-SET-9, FF-SOLO-4/5), no building holds a negative count of a good or more
cubes than its slots (FF-SET-5, FF-PRD-3). Cubes themselves are made and spent, so only their
bounds are checked.
"""

from __future__ import annotations

from collections import Counter

from .content import TILES, find_tile
from .goods import NUM_GOODS
from .rulings import SOLO_SETUPS


def expected_tiles(state) -> Counter:
    """Copies of each building tile the game holds (start tiles aside)."""
    advanced = state.options["advanced_tiles"]
    named_c: set[int] = set()
    if state.num_players == 1:
        _, _, c_names = SOLO_SETUPS[state.options["solo_setup"]]
        named_c = {find_tile(n, "C").id for n in c_names}
    out: Counter = Counter()
    for t in TILES:
        if t.tier == "start":
            continue
        if t.advanced and not advanced:
            if t.id in named_c:  # FF-SOLO-5: a named "!" tile is used even with advanced tiles off
                out[t.id] = 1
            continue
        out[t.id] = t.copies
    return out


def tile_census(state) -> Counter:
    """Where every building tile is now: stacks, display, towns and removed (start tiles aside)."""
    found: Counter = Counter()
    for stack in state.stacks:
        found.update(stack)
    for space in state.display:
        found.update(space)
    found.update(state.removed)
    for kinds in state.building_tiles:
        found.update(kinds[2:])
    return found


def conservation_errors(state) -> list[str]:
    """What is lost, doubled or out of bounds in ``state`` (empty when all is in order)."""
    errors = []
    want, have = expected_tiles(state), tile_census(state)
    if have != want:
        lost = sorted(TILES[t].name for t in (want - have).elements())
        extra = sorted(TILES[t].name for t in (have - want).elements())
        errors.append(f"building tiles lost {lost}, extra {extra}")
    for seat, cubes in enumerate(state.cubes):
        if any(c < 0 for c in cubes):
            errors.append(f"seat {seat} holds a negative count of cubes")
        for b, tid in enumerate(state.building_tiles[seat]):
            load = sum(cubes[b * NUM_GOODS:(b + 1) * NUM_GOODS])
            if load > TILES[tid].slots:
                errors.append(f"seat {seat}: {TILES[tid].name} holds {load} cubes "
                              f"in {TILES[tid].slots} slots")
    return errors
