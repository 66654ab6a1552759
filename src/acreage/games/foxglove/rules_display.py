"""Setup of the stacks and the display, refills, the solo display's refresh and the swap to B tiles
(FF-SET-8/9/13/14, FF-DSP, FF-SOLO-3..8, FF-RND-9/10).

A part of :class:`~.state.FoxgloveState`: the state inherits these rules; they work on its
flat data (see ``state.py`` for the fields).
"""

from __future__ import annotations

from .constants import (
    TIER_INDEX,
)
from .content import TILES, find_tile
from .rulings import (
    C_SPACES,
    SOLO_ROWS,
    SOLO_SETUPS,
)


class DisplayRules:
    """Setup of the stacks and the display, refills, the solo display's refresh and the swap to B

    tiles."""

    def _setup_tiles(self) -> None:
        """Stacks and display (FF-SET-8/9/13/14, FF-SOLO-3/4/5)."""
        advanced = self.options.get("advanced_tiles", True)
        stacks: list[list[int]] = [[], [], []]
        for t in TILES:
            if t.tier == "start" or (t.advanced and not advanced):
                continue
            stacks[TIER_INDEX[t.tier]].extend([t.id] * t.copies)
        setup = self.options.get("solo_setup", 1) if self.solo else 1
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
            self.rng.shuffle(stack)
        self.stacks = stacks
        self.display: list[list[int]] = [[] for _ in range(self.n_ab + C_SPACES)]
        if named_a:
            for i, tid in enumerate(named_a):
                self.display[i].append(tid)
            for i, tid in enumerate(named_c):
                self.display[self.n_ab + i].append(tid)
        else:
            for space in range(self.n_ab):
                self._fill_space(space, 0)
            for space in range(self.n_ab, self.n_ab + C_SPACES):
                self._fill_space(space, 2)

    def _fill_space(self, space: int, tier: int) -> list[int]:
        """Draw into an empty space, stacking identical draws (FF-SET-14, FF-DSP-2..4);
        return the tiles drawn."""
        stack = self.stacks[tier]
        display = self.display
        drawn = []
        while stack and not display[space]:
            tid = stack.pop()
            drawn.append(tid)
            for other in display:
                if other and other[-1] == tid:
                    other.append(tid)
                    break
            else:
                display[space].append(tid)
        return drawn

    def _space_of(self, tid: int) -> int:
        for i, sp in enumerate(self.display):
            if sp and sp[-1] == tid:
                return i
        return -1

    def _area_tier(self, space: int) -> int:
        if space >= self.n_ab:
            return 2
        return 0 if self.round <= 2 else 1

    def _solo_refresh(self, area: str) -> None:
        """Remove the leftmost tile of each row, slide left, refill (FF-SOLO-6..8)."""
        rows = SOLO_ROWS[area]
        display = self.display
        gone = len(self.removed)
        for row in rows:
            for space in row:
                if display[space]:
                    self.removed.append(display[space].pop())
                    break
        for row in rows:
            kept = [display[s] for s in row if display[s]]
            kept += [[] for _ in range(len(row) - len(kept))]
            for s, content in zip(row, kept, strict=True):
                display[s] = content
        tier = 2 if area == "C" else (0 if self.round <= 2 else 1)
        drawn = []
        for row in rows:
            for space in row:
                if not display[space]:
                    drawn += self._fill_space(space, tier)
        if self._events is not None:
            self._events.add("display", None, {
                "removed": [TILES[t].name for t in self.removed[gone:]],
                "revealed": [TILES[t].name for t in drawn],
            })

    def _swap_to_b(self) -> None:
        """End of round 2: A tiles go back, B tiles fill the A/B area (FF-RND-9/10)."""
        for space in range(self.n_ab):
            self.stacks[0][:0] = self.display[space]
            self.display[space] = []
        drawn = []
        for space in range(self.n_ab):
            drawn += self._fill_space(space, 1)
        if self._events is not None:
            self._events.add("swap", None)
            self._events.add("display", None, {"revealed": [TILES[t].name for t in drawn]})
