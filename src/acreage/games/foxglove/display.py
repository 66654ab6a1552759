"""The display: setup of the stacks and the display, refills, the solo display's refresh and the
swap to B tiles (FF-SET-8/9/13/14, FF-DSP, FF-SOLO-3..8, FF-RND-9/10).

Functions of the state; the refill and the solo refresh run as automatic steps after a build
(``frames.Refill``, ``frames.SoloRefresh``; ``flow.AUTOMATIC``).
"""

from __future__ import annotations

from functools import cache

from ...core.caches import memo_table
from .constants import TIER_INDEX
from .content import TILES, find_tile
from .frames import Refill, SoloRefresh
from .queries import area_tier
from .rulings import C_SPACES, SOLO_ROWS, SOLO_SETUPS


def setup_tiles(state) -> None:
    """Stacks and display (FF-SET-8/9/13/14, FF-SOLO-3/4/5)."""
    advanced = bool(state.options.get("advanced_tiles", True))
    stacks = [list(tier) for tier in _unshuffled_stacks(advanced)]
    setup = state.options.get("solo_setup", 1) if state.solo else 1
    _, a_names, c_names = SOLO_SETUPS[setup]
    named_a = [find_tile(n, "A").id for n in a_names]
    named_c = [find_tile(n, "C").id for n in c_names]
    for tid in named_a:
        stacks[0].remove(tid)
    for tid in named_c:
        if tid in stacks[2]:
            stacks[2].remove(tid)
        # FF-SOLO-5: a named "!" tile is used even when advanced tiles are off.
    for stack in stacks:
        state.rng.shuffle(stack)
    state.stacks = stacks
    state.display = [[] for _ in range(state.n_ab + C_SPACES)]
    if named_a:
        for i, tid in enumerate(named_a):
            state.display[i].append(tid)
        for i, tid in enumerate(named_c):
            state.display[state.n_ab + i].append(tid)
    else:
        for space in range(state.n_ab):
            fill_space(state, space, 0)
        for space in range(state.n_ab, state.n_ab + C_SPACES):
            fill_space(state, space, 2)


@cache
def _unshuffled_stacks(advanced: bool) -> tuple[tuple[int, ...], ...]:
    """The A, B and C stacks before shuffling: every copy of every tile of the tier, in the
    content's order (the advanced ones only with ``advanced``). Made once per choice."""
    stacks: list[list[int]] = [[], [], []]
    for t in TILES:
        if t.tier == "start" or (t.advanced and not advanced):
            continue
        stacks[TIER_INDEX[t.tier]].extend([t.id] * t.copies)
    return tuple(tuple(tier) for tier in stacks)


memo_table(_unshuffled_stacks)


def fill_space(state, space: int, tier: int) -> list[int]:
    """Draw into an empty space, stacking identical draws (FF-SET-14, FF-DSP-2..4);
    return the tiles drawn."""
    stack = state.stacks[tier]
    display = state.display
    drawn = []
    while stack and not display[space]:
        tid = stack.pop()
        state.undo_mark += 1  # a face-down tile comes into view
        drawn.append(tid)
        for other in display:
            if other and other[-1] == tid:
                other.append(tid)
                break
        else:
            display[space].append(tid)
    return drawn

def solo_refresh(state, area: str) -> None:
    """Remove the leftmost tile of each row, slide left, refill (FF-SOLO-6..8)."""
    rows = SOLO_ROWS[area]
    display = state.display
    gone = len(state.removed)
    for row in rows:
        for space in row:
            if display[space]:
                state.removed.append(display[space].pop())
                break
    for row in rows:
        kept = [display[s] for s in row if display[s]]
        kept += [[] for _ in range(len(row) - len(kept))]
        for s, content in zip(row, kept, strict=True):
            display[s] = content
    tier = 2 if area == "C" else (0 if state.round <= 2 else 1)
    drawn = []
    for row in rows:
        for space in row:
            if not display[space]:
                drawn += fill_space(state, space, tier)
    if state._events is not None:
        state._events.add("display", None, {
            "removed": [TILES[t].name for t in state.removed[gone:]],
            "revealed": [TILES[t].name for t in drawn],
        })

def swap_to_b(state) -> None:
    """End of round 2: A tiles go back, B tiles fill the A/B area (FF-RND-9/10)."""
    for space in range(state.n_ab):
        state.stacks[0][:0] = state.display[space]
        state.display[space] = []
    drawn = []
    for space in range(state.n_ab):
        drawn += fill_space(state, space, 1)
    if state._events is not None:
        state._events.add("swap", None)
        state._events.add("display", None, {"revealed": [TILES[t].name for t in drawn]})


def refill(state, frame: Refill) -> None:
    """The automatic refill of a space a build emptied (FF-DSP-2..4, FF-RND-12)."""
    drawn = fill_space(state, frame.space, area_tier(state, frame.space))
    if state._events is not None:
        state._events.add("display", None, {"revealed": [TILES[t].name for t in drawn]})


def refresh_solo_display(state, frame: SoloRefresh) -> None:
    """The automatic refresh of the solo display's area after a build (FF-SOLO-6..8)."""
    solo_refresh(state, frame.area)
