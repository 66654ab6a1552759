"""From a solved plan to the engine's exact actions.

The model's solution says how many cubes of each type go from where to where in each batch;
here those flows are ordered into single moves that respect every tile's slots at every step
(a move into a full tile waits until a cube has left it), played on a clone of the state, and
recorded as the actions the engine will accept.
"""

from __future__ import annotations

from ..actions import A_DONE, A_PROCESS, HAUL, MOVE, Action
from ..frames import TransportStart
from ..goods import NUM_GOODS
from .planner_objective import process_cubes
from .planner_town import TransportTown


# ============================================================================= from a solution to actions
class Replay:
    """Plays planned steps on a clone of the state, recording the exact actions the engine needs."""

    def __init__(self, town: TransportTown) -> None:
        self.town = town
        self.sim = town.state.clone()
        self.key = self._key()
        self.actions: list[Action] = []
        self.cubes = list(town.cubes)
        self.gained = 0
        self.moves = 0

    def _key(self):
        s = self.sim
        return (s.round, s.phase, s.stage_index)

    @property
    def ended(self) -> bool:
        return self._key() != self.key

    def do(self, action: Action) -> None:
        if self.ended:
            raise RuntimeError(f"the stage ended before {action}")
        self.sim.apply(action)  # raises IllegalAction if the plan is wrong
        self.actions.append(action)

    def in_tstart(self, block: int | None = None) -> bool:
        s = self.sim
        if self.ended or not s.frames:
            return False
        top = s.frames[-1]
        return (type(top) is TransportStart and top.seat == self.town.seat
                and (block is None or top.active == block))

    def move(self, g: int, a: int, d: int, kind: int = MOVE) -> None:
        bc = self.town.bcell
        counted = kind == MOVE and not self.in_tstart()
        self.do(Action(HAUL, g, bc[a]) if kind == HAUL else Action(MOVE, g, bc[a], bc[d]))
        self.cubes[a * NUM_GOODS + g] -= 1
        self.cubes[d * NUM_GOODS + g] += 1
        if counted:
            self.moves += 1

    def process(self) -> None:
        if self.ended or A_PROCESS not in self.sim.legal_actions():
            return  # nothing can convert: the step would change nothing (FF-FIN-7)
        self.do(A_PROCESS)
        self.gained += process_cubes(self.cubes, self.town.kinds)

    def finish(self) -> None:
        while self.in_tstart():
            self.do(A_DONE)
        if not self.ended:
            self.do(A_DONE)


def _serial(flows) -> list[tuple[int, int, int]]:
    """One batch as single moves (a, d, g); any order is legal, this one is deterministic."""
    out = []
    for a, d, g, n in sorted(flows):
        out.extend([(a, d, g)] * n)
    return out


def schedule(town: TransportTown, flows, start: list[int]) -> list[tuple[int, int, int]] | None:
    """Order the relaxation's direct flows as single moves, each into a tile with a free slot at
    that moment; None when a cycle of full tiles blocks them (then the batched model decides)."""
    B = town.B
    load = [sum(start[b * NUM_GOODS:(b + 1) * NUM_GOODS]) for b in range(B)]
    left = {(a, d, g): n for a, d, g, n in flows}
    out: dict = {}
    for (a, _d, g), n in left.items():
        out[a, g] = out.get((a, g), 0) + n
    if any(n > start[a * NUM_GOODS + g] for (a, g), n in out.items()):
        return None  # round 4: the relaxation moves goods that only processing makes
    order = []
    while left:
        progress = False
        for key in sorted(left):
            a, d, g = key
            n = min(left[key], town.slots[d] - load[d])
            if n <= 0:
                continue
            order.extend([key] * n)
            load[d] += n
            load[a] -= n
            left[key] -= n
            if not left[key]:
                del left[key]
            progress = True
        if not progress:
            return None
    return order


def realise(town: TransportTown, steps, order: str, relaxed_moves: list | None = None) -> Replay:
    rp = Replay(town)
    hut = town.hut[0] if town.hut else -1
    porter = town.porter[0] if town.porter else -1
    hauls = [(a, hut, g) for s in steps if s[0] == "haul" for a, g, n in sorted(s[1]) for _ in range(n)]
    ports = [m for s in steps if s[0] == "porter" for m in _serial(s[1])]
    blocks = [(HAUL, hauls, hut), (MOVE, ports, porter)]
    if order == "porter":
        blocks.reverse()
    if town.modelled_tstart:
        for kind, moves, block in blocks:
            if not moves:
                continue
            if rp.in_tstart() and rp.sim.frames[-1].active not in (-1, block):
                rp.do(A_DONE)  # end the effect in use (unused uses are lost) before this one
            for a, d, g in moves:
                rp.move(g, a, d, kind)
            if rp.in_tstart(block):
                rp.do(A_DONE)  # end this effect; the other one may follow
    while rp.in_tstart():  # end the effect in use, then decline the rest (FF-EFX-26)
        rp.do(A_DONE)
    if relaxed_moves is not None:
        for a, d, g in relaxed_moves:
            rp.move(g, a, d)
    else:
        for step in steps:
            if step[0] == "moves":
                for a, d, g in _serial(step[1]):
                    rp.move(g, a, d)
            elif step[0] == "process":
                rp.process()
    return rp
