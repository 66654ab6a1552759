"""Transportation (rounds 1-3) and round 4's final stage, seat by seat: the transport-start effects
(Hauler's Hut, Porter's Lodge), cube moves and the end of a stage (FF-TRN, FF-FIN,
FF-EFX-21..24).

A part of :class:`~.state.FoxgloveState`: the state inherits these rules; they work on its
flat data (see ``state.py`` for the fields).
"""

from __future__ import annotations

from . import effects as fx
from .actions import (
    A_DONE,
    DONE,
    HAUL,
    MOVE,
    Action,
)
from .constants import (
    _EFFECT_COUNT,
    _HAS_HAUL,
    _HAS_PORTER,
    FINAL,
    PHASE_NAMES,
    TRANSPORT,
)
from .content import TILES
from .geometry import (
    cell_name,
)
from .goods import GOODS, NUM_GOODS


class TransportRules:
    """Transportation."""

    def _start_stages(self) -> None:
        """Transportation (rounds 1–3) or the combined final stage (round 4), seat by seat."""
        self.phase = FINAL if self.round == 4 else TRANSPORT
        if self._events is not None:
            self._events.add("phase", None, {"phase": PHASE_NAMES[self.phase]})
        n = self.num_players
        self.order = tuple((self.start_player + i) % n for i in range(n))
        self.stage_idx = 0
        self._begin_stage()

    def _begin_stage(self) -> None:
        seat = self.order[self.stage_idx]
        self.moves_left = self.options.get("move_cap", 200)
        if self._events is not None:
            self._events.add("stage", seat, {"phase": PHASE_NAMES[self.phase]})
        pending = tuple(
            b for b, tid in enumerate(self.kinds[seat]) if tid in _HAS_HAUL or tid in _HAS_PORTER
        )
        if pending:  # FF-TRN-10, FF-FIN-5: transport-start effects come first
            self.frames.append(("tstart", seat, pending, -1, 0))

    def _finish_stage(self) -> None:
        seat = self.order[self.stage_idx]
        self._process_all(seat)  # FF-PRC-1 (rounds 1-3), FF-FIN-6 (round 4)
        self.stage_idx += 1
        if self.stage_idx < self.num_players:
            self._begin_stage()
        else:
            self._end_round()

    def _moves(self, seat: int) -> list[Action]:
        """Every single-cube transport move (FF-TRN-1..9)."""
        topo = self._topology(seat)
        cubes = self.cubes[seat]
        kinds = self.kinds[seat]
        bcell = self.bcell[seat]
        expert = seat in self.options.get("expert", ())
        free = [TILES[t].slots - fx.load(cubes, b * NUM_GOODS) for b, t in enumerate(kinds)]
        acts = []
        for b in range(len(kinds)):
            base = b * NUM_GOODS
            src = bcell[b]
            for g in range(NUM_GOODS):
                if not cubes[base + g]:
                    continue
                bit = 1 << g
                for d in topo.reachable(src, g, expert):
                    if d != b and free[d] > 0 and TILES[kinds[d]].accepts & bit:
                        acts.append(Action(MOVE, g, src, bcell[d]))
        return acts

    def _has_move(self, seat: int) -> bool:
        if self.moves_left <= 0:
            return False
        topo = self._topology(seat)
        cubes = self.cubes[seat]
        kinds = self.kinds[seat]
        expert = seat in self.options.get("expert", ())
        for b in range(len(kinds)):
            base = b * NUM_GOODS
            for g in range(NUM_GOODS):
                if not cubes[base + g]:
                    continue
                bit = 1 << g
                for d in topo.reachable(self.bcell[seat][b], g, expert):
                    if d != b and TILES[kinds[d]].accepts & bit and self.free_slots(seat, d) > 0:
                        return True
        return False

    def _effect_actions(self, seat: int, b: int, left: int) -> list[Action]:
        """Actions of one transport-start effect on building ``b`` with ``left`` uses."""
        tid = self.kinds[seat][b]
        cubes = self.cubes[seat]
        bcell = self.bcell[seat]
        kinds = self.kinds[seat]
        acts = []
        if tid in _HAS_HAUL:  # FF-EFX-22/23
            if self.free_slots(seat, b) > 0:
                for o in range(len(kinds)):
                    if o == b:
                        continue
                    for g in range(NUM_GOODS):
                        if cubes[o * NUM_GOODS + g]:
                            acts.append(Action(HAUL, g, bcell[o]))
        elif tid in _HAS_PORTER:  # FF-EFX-24
            free = [TILES[t].slots - fx.load(cubes, i * NUM_GOODS) for i, t in enumerate(kinds)]
            for o in range(len(kinds)):
                for g in range(NUM_GOODS):
                    if not cubes[o * NUM_GOODS + g]:
                        continue
                    for d in range(len(kinds)):
                        if d != o and free[d] > 0 and TILES[kinds[d]].accepts >> g & 1:
                            acts.append(Action(MOVE, g, bcell[o], bcell[d]))
        return acts

    def _tstart_actions(self, frame: tuple) -> list[Action]:
        _, seat, pending, active, left = frame
        acts: list[Action] = []
        if active >= 0:
            acts = self._effect_actions(seat, active, left)
        else:
            seen = set()
            for b in pending:
                for a in self._effect_actions(seat, b, _EFFECT_COUNT[self.kinds[seat][b]]):
                    if a not in seen:
                        seen.add(a)
                        acts.append(a)
        acts.append(A_DONE)
        return acts

    def _log_move(self, kind: str, seat: int, g: int, src: int, dst: int, by: str) -> None:
        event = {"good": GOODS[g], "from": cell_name(src), "to": cell_name(dst)}
        if by:
            event["by"] = by
        self._events.add(kind, seat, event)

    def _log_forced_stage_end(self, seat: int) -> None:
        """Why a seat's transportation (or final stage) ends with no choice left."""
        reason = "cap" if self.moves_left <= 0 and self._has_move_ignoring_cap(seat) else "stuck"
        self._events.add("stage_end", seat, {"reason": reason})

    def _has_move_ignoring_cap(self, seat: int) -> bool:
        left, self.moves_left = self.moves_left, 1
        try:
            return self._has_move(seat)
        finally:
            self.moves_left = left

    def _move_cube(self, seat: int, g: int, src_cell: int, dst_cell: int) -> None:
        cells = self.cells[seat]
        cubes = self.cubes[seat]
        cubes[cells[src_cell] * NUM_GOODS + g] -= 1
        cubes[cells[dst_cell] * NUM_GOODS + g] += 1

    def _do_tstart(self, top: tuple, action: Action) -> None:
        _, seat, pending, active, left = top
        if action.kind == DONE:
            if active < 0:
                self.frames.pop()  # decline every remaining start-of-transport effect
                return
            pending = tuple(p for p in pending if p != active)
            self._set_tstart(seat, pending, -1, 0)
            return
        if active < 0:
            want = _HAS_HAUL if action.kind == HAUL else _HAS_PORTER
            active = next(b for b in pending if self.kinds[seat][b] in want)
            left = _EFFECT_COUNT[self.kinds[seat][active]]
        if action.kind == HAUL:
            cubes = self.cubes[seat]
            cubes[self.cells[seat][action.b] * NUM_GOODS + action.a] -= 1
            cubes[active * NUM_GOODS + action.a] += 1
        else:
            self._move_cube(seat, action.a, action.b, action.c)
        if self._events is not None:
            by = TILES[self.kinds[seat][active]].name
            if action.kind == HAUL:
                self._log_move("haul", seat, action.a, action.b, self.bcell[seat][active], by)
            else:
                self._log_move("move", seat, action.a, action.b, action.c, by)
        left -= 1
        if left <= 0:
            pending = tuple(p for p in pending if p != active)
            active = -1
        self._set_tstart(seat, pending, active, left)

    def _set_tstart(self, seat: int, pending: tuple, active: int, left: int) -> None:
        self.frames.pop()
        if pending:
            self.frames.append(("tstart", seat, pending, active, left))
