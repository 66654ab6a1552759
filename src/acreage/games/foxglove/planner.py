"""An exact planner for one seat's transportation and processing (round 4: the combined stage).

:func:`plan` takes a state in which a seat is in its transport stage (at its start-of-transport
frame, or after it, or part-way through its moves) and returns a :class:`Plan`: the exact list of
actions to apply — Hauler's Hut pulls and Porter's Lodge moves, single-cube moves, in round 4 the
``process`` steps between them, and the closing ``done`` — that maximises

    points scored by processing in this stage
    + the value of what is left (:class:`Weights`: cubes on end-game tiles, cubes that score at
      the next production, inputs waiting on converters, slots the next production can fill).

The problem is modelled for OR-Tools CP-SAT (imported lazily, so ``import acreage`` never needs
it) as a *batched time-expanded* model: cube inventories per building per goods after every
batch; a batch is a set of single-cube moves along the seat's trail network (FF-TRN-2, expert
reachability per goods type, FF-TRN-6) into buildings that accept the type (FF-TRN-4), where
each building receives at most as many cubes as it had free slots when the batch began — so the
moves of a batch can be played in any order, and a move into a full tile waits for a later
batch, after a cube has left it (FF-TRN-8). Processing is mandatory and maximal exactly as
``effects.process`` runs it (FF-PRC-1..6): min/division constraints for fixed recipes, a
max-sets characterisation for "different types" converters at the last step, and a table of
``effects.process`` where the engine's choice of leftover types matters later (round 4). An
upper bound from a relaxation (capacity checked only at the end; in round 4 unlimited
processing throughput) certifies optimality: a plan that reaches the bound is optimal over every
legal sequence, whatever its length. ``docs/planner.md`` gives the model, the weights and the
exactness argument.

Without ortools, :func:`plan` falls back to a one-step greedy over the same objective and says
so (``Plan.method == "greedy"``, ``Plan.optimal`` false, a warning in the log).
"""

from __future__ import annotations

import logging
import time
from collections import OrderedDict
from dataclasses import dataclass, field
from functools import cache

from ...core import deadline as search_deadline
from ...core.errors import IllegalAction
from . import effects as fx
from .actions import A_DONE, A_PROCESS, DONE, HAUL, MOVE, PROCESS, Action
from .constants import FINAL, TRANSPORT
from .content import TILES
from .goods import NUM_GOODS

log = logging.getLogger(__name__)

#: Objective values are integers in hundredths of a point inside the model.
SCALE = 100

_HAUL_TILES = frozenset(t.id for t in TILES if any(e.kind == "haul" for e in t.effects))
_PORTER_TILES = frozenset(t.id for t in TILES if any(e.kind == "porter" for e in t.effects))
_EFFECT_COUNT = {t.id: max((e.count for e in t.effects if e.when == "transport"), default=0) for t in TILES}


# ============================================================================= the objective
@dataclass(frozen=True)
class Weights:
    """How much what is left after the stage is worth, in points (all default values shown).

    Rounds 1–3 (the next production and the end of the game are still to come):

    * ``end`` — × the end-game points the cubes on end-game tiles would score now (Ranch 3 per
      sheep + 6 when full, Storehouse 1 per cube, Museum 3 per type).
    * ``held`` — × the points the next production will score (or lose) for cubes held on Woolmill,
      Coal Shed or Charred Grounds. Those points are certain, hence 1.
    * ``waiting`` — for each input cube left on a points converter (a Butcher's lone sheep): this
      share of the converter's points per input cube (Butcher: 7 / 2 = 3.5 per cube).
    * ``production`` — per cube the next production can add because slots are free on a producer
      (Forest, Lambing Shed, Barn, …): min(output, free slots) cubes.
    * ``cube`` — per cube of each type (wood, stone, wheat, coal, sheep) left in the town, e.g.
      building currency; 0 by default, so processing for points is never held back.

    Round 4 (the end of the game follows at once): only ``final_end`` × the end-game points of
    the cubes left counts (1: they are real points); every other term is 0.
    """

    end: float = 1.0
    held: float = 1.0
    waiting: float = 0.3
    production: float = 0.4
    cube: tuple[float, float, float, float, float] = (0.0, 0.0, 0.0, 0.0, 0.0)
    final_end: float = 1.0

    def __post_init__(self) -> None:
        for name in ("end", "waiting", "production", "final_end"):
            if getattr(self, name) < 0:
                raise ValueError(f"weight {name!r} must be ≥ 0 (the model maximises it through min terms)")
        if len(self.cube) != NUM_GOODS:
            raise ValueError("weight 'cube' needs one value per goods type (wood, stone, wheat, coal, sheep)")


DEFAULT_WEIGHTS = Weights()


def _c(x: float) -> int:
    return int(round(x * SCALE))


@dataclass(frozen=True)
class _Terms:
    """Integer (centipoint) leftover coefficients of one building kind in one kind of round."""

    lin: tuple[int, ...]  # per cube of each goods type
    full: int  # once when the tile is full
    distinct: int  # per goods type present
    prod_cap: int  # cubes the next production can add at most (fixed output)
    breed: int  # per complete pair (Barn), limited by free slots
    breed_goods: int  # the goods that breed
    prod_coef: int  # per cube the next production adds
    parts: tuple[tuple[str, tuple[int, ...], int, int], ...]  # (part name, lin, full, distinct)


@cache
def _terms(tid: int, final: bool, weights: Weights) -> _Terms:
    kind = TILES[tid]
    parts: dict[str, list] = {}

    def part(name: str) -> list:
        return parts.setdefault(name, [[0] * NUM_GOODS, 0, 0])

    end_w = weights.final_end if final else weights.end
    prod_cap = breed = prod_coef = 0
    breed_goods = -1
    for eff in kind.effects:
        if eff.when == "end" and end_w:
            p = part("end")
            if eff.kind == "score_held":
                for g in range(NUM_GOODS):
                    if eff.held < 0 or eff.held == g:
                        p[0][g] += _c(end_w * eff.points)
            elif eff.kind == "full_bonus" and kind.slots:
                p[1] += _c(end_w * eff.points)
            elif eff.kind == "distinct_types_held":
                p[2] += _c(end_w * eff.points)
        if final:
            continue
        if eff.when == "production":
            if eff.kind == "score_held" and weights.held:
                p = part("held")
                for g in range(NUM_GOODS):
                    if eff.held < 0 or eff.held == g:
                        p[0][g] += _c(weights.held * eff.points)
            elif eff.kind == "gain" and any(eff.goods) and weights.production:
                prod_cap += sum(eff.goods)
                prod_coef = _c(weights.production)
            elif eff.kind == "breed" and weights.production:
                breed += eff.per_pair
                breed_goods = eff.held
                prod_coef = _c(weights.production)
        elif eff.when == "processing" and weights.waiting and eff.points > 0:
            p = part("waiting")
            if eff.kind == "convert":
                per = weights.waiting * eff.points / sum(eff.inputs)
                for g in range(NUM_GOODS):
                    if eff.inputs[g]:
                        p[0][g] += _c(per)
            elif eff.kind == "convert_distinct":
                per = weights.waiting * eff.points / eff.count
                for g in range(NUM_GOODS):
                    p[0][g] += _c(per)
    if not final and any(weights.cube):
        p = part("cube")
        for g in range(NUM_GOODS):
            p[0][g] += _c(weights.cube[g])
    lin = [0] * NUM_GOODS
    full = distinct = 0
    frozen_parts = []
    for name, (pl, pf, pd) in parts.items():
        for g in range(NUM_GOODS):
            lin[g] += pl[g]
        full += pf
        distinct += pd
        frozen_parts.append((name, tuple(pl), pf, pd))
    return _Terms(tuple(lin), full, distinct, prod_cap, breed, breed_goods, prod_coef, tuple(frozen_parts))


def _leftover_parts(cubes: list[int], kinds: list[int], final: bool, weights: Weights) -> dict[str, int]:
    """The leftover value of a town's cubes, by part, in centipoints."""
    out = {"end": 0, "held": 0, "waiting": 0, "cube": 0, "production": 0}
    for b, tid in enumerate(kinds):
        t = _terms(tid, final, weights)
        vec = cubes[b * NUM_GOODS:(b + 1) * NUM_GOODS]
        load = sum(vec)
        slots = TILES[tid].slots
        for name, lin, full, distinct in t.parts:
            v = sum(lin[g] * vec[g] for g in range(NUM_GOODS))
            if full and slots and load >= slots:
                v += full
            if distinct:
                v += distinct * sum(1 for n in vec if n)
            out[name] += v
        if t.prod_coef:
            free = max(0, slots - load)
            pairs = vec[t.breed_goods] // 2 if t.breed else 0
            made = min(t.prod_cap + t.breed * pairs, free)
            out["production"] += t.prod_coef * made
    return out


def leftover_value(cubes: list[int], kinds: list[int], final: bool,
                   weights: Weights = DEFAULT_WEIGHTS) -> float:
    """Value in points of what a town holds after its stage (``cubes`` is ``state.cubes[seat]``,
    ``kinds`` is ``state.kinds[seat]``; ``final`` for round 4). Exactly the model's leftover term."""
    return sum(_leftover_parts(cubes, kinds, final, weights).values()) / SCALE


def process_cubes(cubes: list[int], kinds: list[int]) -> int:
    """Run one processing step on a copy-owned cube list in place; return the points (FF-PRC)."""
    points = 0
    for b, tid in enumerate(kinds):
        if TILES[tid].has_processing:
            points += fx.process(TILES[tid], cubes, b * NUM_GOODS)
    return points


# ============================================================================= the plan
@dataclass
class Plan:
    """The planner's answer. Apply ``actions`` in order to the state the plan was made for.

    ``actions`` ends with ``done`` unless the engine ends the stage by itself after the last move
    (it does so when no move and no processing step is left). ``value = processing_points +
    leftover_value``; ``leftover_parts`` splits the leftover value by :class:`Weights` term.
    ``optimal`` is true when the value is proven optimal over every legal plan (see
    ``upper_bound``); ``method`` is ``"cp-sat"``, ``"trivial"`` (nothing to decide) or
    ``"greedy"`` (the fallback without ortools).
    """

    actions: list[Action]
    value: float
    processing_points: int
    leftover_value: float
    leftover_parts: dict[str, float]
    solve_time: float
    optimal: bool
    method: str
    upper_bound: float | None = None
    batches: int = 0
    moves: int = 0
    notes: list[str] = field(default_factory=list)

    def apply_to(self, state) -> None:
        """Apply every action to ``state`` (raises ``IllegalAction`` on the first illegal one)."""
        for action in self.actions:
            state.apply(action)

    def __str__(self) -> str:
        flag = "optimal" if self.optimal else "not proven optimal"
        acts = ", ".join(str(a) for a in self.actions)
        return (f"plan ({self.method}, {flag}): {self.value:g} = {self.processing_points} processing + "
                f"{self.leftover_value:g} leftover; {acts}")


# ============================================================================= the town
class _Town:
    """The planning problem read off a state: buildings, cubes, reachability, pending effects."""

    def __init__(self, state, weights: Weights) -> None:
        seat = state.current_player
        if seat is None or state.phase not in (TRANSPORT, FINAL):
            raise ValueError("plan() needs a state in a seat's transport stage (or round 4's final stage)")
        frames = state.frames
        self.tstart = None
        if frames:
            top = frames[-1]
            if top[0] != "tstart" or top[1] != seat:
                raise ValueError(f"plan() cannot start inside a {top[0]!r} decision")
            self.tstart = top
        self.state = state
        self.seat = seat
        self.weights = weights
        self.final = state.phase == FINAL
        self.kinds = list(state.kinds[seat])
        self.bcell = list(state.bcell[seat])
        self.B = len(self.kinds)
        self.slots = [TILES[t].slots for t in self.kinds]
        self.acc = [TILES[t].accepts for t in self.kinds]
        cubes = state.cubes[seat]
        self.cubes = list(cubes)
        self.x0 = [cubes[b * NUM_GOODS:(b + 1) * NUM_GOODS] for b in range(self.B)]
        self.expert = seat in state.options.get("expert", ())
        self.moves_left = state.moves_left
        self.topo = state._topology(seat)
        self.total = sum(cubes)
        self.converters = [b for b, t in enumerate(self.kinds) if TILES[t].has_processing]
        # Goods that exist now or that a conversion can make from goods that exist.
        goods = {g for g in range(NUM_GOODS) if any(self.x0[b][g] for b in range(self.B))}
        changed = True
        while changed:
            changed = False
            for b in self.converters:
                for eff in TILES[self.kinds[b]].effects:
                    if eff.kind == "convert" and any(eff.goods) and all(
                        g in goods for g in range(NUM_GOODS) if eff.inputs[g]
                    ):
                        new = {g for g in range(NUM_GOODS) if eff.goods[g]} - goods
                        if new:
                            goods |= new
                            changed = True
        self.goods = sorted(goods)
        # may[b]: goods that can ever be on building b during the stage.
        self.may = []
        for b in range(self.B):
            m = {g for g in goods if self.x0[b][g] or (self.slots[b] and self.acc[b] >> g & 1)}
            for eff in TILES[self.kinds[b]].effects:
                if eff.kind == "convert":
                    m |= {g for g in goods if eff.goods[g]}
            self.may.append(sorted(m))
        self._reach: dict[tuple[int, int], tuple[int, ...]] = {}
        # Start-of-transport effects (FF-TRN-10, FF-EFX-21..26).
        self.hut = self.porter = None  # (building, uses left)
        self.order = "none"  # which effect comes first: "hut", "porter", "either" or "none"
        if self.tstart is not None:
            _, _, pending, active, left = self.tstart
            huts = [b for b in pending if self.kinds[b] in _HAUL_TILES]
            porters = [b for b in pending if self.kinds[b] in _PORTER_TILES]
            if len(huts) > 1 or len(porters) > 1:
                # Not in this content (one copy of each tile): plan from after the effects.
                self.modelled_tstart = False
            else:
                self.modelled_tstart = True
                for b in huts:
                    self.hut = (b, left if b == active else _EFFECT_COUNT[self.kinds[b]])
                for b in porters:
                    self.porter = (b, left if b == active else _EFFECT_COUNT[self.kinds[b]])
                if active >= 0:
                    self.order = "hut" if active in huts else "porter"
                elif huts and porters:
                    self.order = "either"
                elif huts:
                    self.order = "hut"
                elif porters:
                    self.order = "porter"
        else:
            self.modelled_tstart = True
        self.live = self._live()

    def _live(self) -> set[int]:
        """Buildings whose content can change at all in this stage.

        A building that is full now can only change by first sending a cube to a building with
        a free slot at that moment; so, starting from the buildings with a free slot, add each building that
        holds a cube some live building accepts and can be reached from it (by trail, or by a
        pending Porter's Lodge). A usable Hauler's Hut can pull from anywhere: all are live. In
        round 4 a converter that can convert now is live too (a processing step changes it).
        The others keep their cubes whatever the plan (by induction on the first move that
        would change one), so the model leaves them out — this also tightens the bound.
        """
        B = self.B
        if self.hut is not None and self.hut[1] > 0 and self.slots[self.hut[0]] > sum(self.x0[self.hut[0]]):
            return set(range(B))
        live = {b for b in range(B) if self.slots[b] > sum(self.x0[b])}
        if self.final:  # a processing step changes a converter only if it can convert now
            live |= {b for b in self.converters
                     if fx.can_process(TILES[self.kinds[b]], self.cubes, b * NUM_GOODS)}
        porter = self.porter is not None and self.porter[1] > 0
        changed = True
        while changed:
            changed = False
            for a in range(B):
                if a in live:
                    continue
                for g in range(NUM_GOODS):
                    if not self.x0[a][g]:
                        continue
                    if any(d in live for d in self.reach(a, g)) or (porter and any(
                        d in live and d != a and self.acc[d] >> g & 1 for d in range(B)
                    )):
                        live.add(a)
                        changed = True
                        break
        return live

    def reach(self, a: int, g: int) -> tuple[int, ...]:
        """Buildings a cube of ``g`` on building ``a`` can be moved to (FF-TRN-2..6)."""
        key = (a, g)
        r = self._reach.get(key)
        if r is None:
            bit = 1 << g
            r = tuple(
                d for d in self.topo.reachable(self.bcell[a], g, self.expert)
                if d != a and self.slots[d] > 0 and self.acc[d] & bit
            )
            self._reach[key] = r
        return r

    def transport_pairs(self) -> list[tuple[int, int, int]]:
        """(source, destination, goods) triples a transport move could ever use."""
        out = []
        for g in self.goods:
            for a in range(self.B):
                if g in self.may[a]:
                    for d in self.reach(a, g):
                        if g in self.may[d] and a in self.live and d in self.live:
                            out.append((a, d, g))
        return out

    def porter_pairs(self) -> list[tuple[int, int, int]]:
        out = []
        for g in self.goods:
            for a in range(self.B):
                if g in self.may[a]:
                    for d in range(self.B):
                        if d != a and self.slots[d] > 0 and self.acc[d] >> g & 1 and {a, d} <= self.live:
                            out.append((a, d, g))
        return out

    def value_of(self, cubes: list[int], gained: int) -> tuple[int, int, dict[str, int]]:
        """(processing points, leftover centipoints, parts) of finishing now from ``cubes``."""
        after = list(cubes)
        pts = process_cubes(after, self.kinds)
        parts = _leftover_parts(after, self.kinds, self.final, self.weights)
        return gained + pts, sum(parts.values()), parts


# ============================================================================= processing tables
def _compositions(n: int, cap: int):
    if n == 0:
        yield ()
        return
    for first in range(cap + 1):
        for rest in _compositions(n - 1, cap - first):
            yield (first, *rest)


@cache
def _table(tid: int, dom: tuple[int, ...], cap: int) -> list[tuple[int, ...]]:
    """Every content of a converter over goods ``dom`` (≤ ``cap`` cubes) → (before, after, points)."""
    kind = TILES[tid]
    rows = []
    for vec in _compositions(len(dom), cap):
        cubes = [0] * NUM_GOODS
        for g, n in zip(dom, vec, strict=True):
            cubes[g] = n
        pts = fx.process(kind, cubes, 0)
        if any(cubes[g] for g in range(NUM_GOODS) if g not in dom):
            raise AssertionError(f"{kind.name} makes goods outside {dom}")
        rows.append((*vec, *(cubes[g] for g in dom), pts))
    return rows


# ============================================================================= the CP-SAT model
#: Tests only: encode every converter with its table (the path for tiles this content lacks).
_FORCE_TABLE = False


@dataclass
class _Solution:
    status: str
    optimal: bool
    value: int  # centipoints
    bound: int  # centipoints: no plan of this model is better
    steps: list  # ("haul", [(a, g, n)]), ("porter", [(a, d, g, n)]), ("moves", [...]), ("process",)
    order: str = "none"
    wall: float = 0.0
    penalty: int = 0
    segments: int = 1
    hints: dict = field(default_factory=dict)


class _Builder:
    """Builds one CP-SAT model: exact (``batches`` move batches) or the relaxation (``batches=0``)."""

    def __init__(self, town: _Town, cp, batches: int) -> None:
        self.town = town
        self.cp = cp
        self.m = cp.CpModel()
        self.relaxed = batches == 0
        self.batches = batches
        self.n = 0
        self.value_terms: list = []  # centipoint linear terms
        self.penalty: list = []  # tie-break: fewer actions
        self.steps: list = []  # (kind, payload) with variables, read back after solving
        self.named: dict = {}
        self.consumption: dict = {}  # relaxation, round 4: cubes each converter uses up in all

    # --- helpers
    def var(self, lo: int, hi: int, name: str = ""):
        self.n += 1
        return self.m.NewIntVar(lo, hi, name or f"v{self.n}")

    def cap(self, b: int) -> int:
        t = self.town
        return max(t.slots[b], sum(t.x0[b]))

    def new_state(self, name: str, like: dict | None = None) -> dict:
        """Fresh inventory variables for the live buildings (the others keep ``like``'s)."""
        t = self.town
        out = {}
        for b in range(t.B):
            for g in t.may[b]:
                if b in t.live or like is None:
                    out[b, g] = self.var(0, min(self.cap(b), t.total), f"{name}_{b}_{g}")
                else:
                    out[b, g] = like[b, g]
        return out

    def load(self, st: dict, b: int):
        return sum(st[b, g] for g in self.town.may[b])

    def initial(self) -> dict:
        t = self.town
        st = {}
        for b in range(t.B):
            for g in t.may[b]:
                st[b, g] = self.m.NewConstant(t.x0[b][g])
        return st

    def transfer(self, cur: dict, flows: dict, name: str, capacity: str = "start", enable=None) -> dict:
        """New state after the flows ``{(a, d, g): var}`` (out ≤ stock at the start; capacity
        checked against free slots at the start of the batch, or only at the end)."""
        t = self.town
        m = self.m
        out: dict = {}
        inn: dict = {}
        for (a, d, g), f in flows.items():
            out.setdefault((a, g), []).append(f)
            inn.setdefault((d, g), []).append(f)
            if enable is not None:
                m.Add(f == 0).OnlyEnforceIf(enable.Not())
        for (a, g), fs in out.items():
            m.Add(sum(fs) <= cur[a, g])
        if capacity == "start":
            for d in range(t.B):
                ins = [f for g in t.may[d] for f in inn.get((d, g), ())]
                if ins:
                    m.Add(sum(ins) <= t.slots[d] - self.load(cur, d))
        new = self.new_state(name, cur)
        for (b, g), v in new.items():
            if b in t.live:
                m.Add(v == cur[b, g] + sum(inn.get((b, g), ())) - sum(out.get((b, g), ())))
        if capacity == "end":
            for b in range(t.B):
                if t.may[b]:
                    m.Add(self.load(new, b) <= max(t.slots[b], sum(t.x0[b])))
        return new

    def flows(self, pairs, hi: int, name: str) -> dict:
        t = self.town
        out = {(a, d, g): self.var(0, min(hi, t.slots[d], t.total), f"{name}_{a}_{d}_{g}")
               for a, d, g in pairs}
        if name == "haul" or name.startswith("port"):  # shared by both models: hints
            for (a, d, g), v in out.items():
                self.named[f"{name}_{a}_{d}_{g}"] = v
        return out

    def process(self, cur: dict, name: str, flag=None) -> dict:
        """Mandatory, maximal processing on every converter (FF-PRC-1..6); ``flag``: only if set."""
        t = self.town
        new = dict(cur)
        for b in t.converters:
            if not t.may[b]:
                continue
            if b not in t.live:  # its cubes never change: processing it is a constant
                if flag is None:
                    vec = list(t.x0[b])
                    pts = fx.process(TILES[t.kinds[b]], vec, 0)
                    for g in t.may[b]:
                        new[b, g] = self.m.NewConstant(vec[g])
                    self.value_terms.append(SCALE * pts)
                continue  # round 4 before the end: it cannot convert (else it would be live)
            self.process_one(b, cur, new, name, flag)
        return new

    def process_one(self, b: int, cur: dict, new: dict, name: str, flag) -> None:
        t = self.town
        m = self.m
        dom = tuple(t.may[b])
        cap = self.cap(b)
        effs = [e for e in TILES[t.kinds[b]].effects if e.when == "processing"]
        eff = effs[0] if len(effs) == 1 else None
        if _FORCE_TABLE:
            eff = None
        if eff is not None and eff.kind == "convert" and sum(eff.goods) <= sum(eff.inputs) and all(
            g in dom and not eff.inputs[g] for g in range(NUM_GOODS) if eff.goods[g]
        ):
            # sets = min over inputs of floor(cubes / needed); outputs always fit (they replace
            # at least as many inputs), so the after-state is linear in the number of sets.
            if any(eff.inputs[g] and g not in dom for g in range(NUM_GOODS)):
                return
            parts = []
            for g in range(NUM_GOODS):
                if eff.inputs[g] == 1:
                    parts.append(cur[b, g])
                elif eff.inputs[g] > 1:
                    q = self.var(0, cap // eff.inputs[g], f"{name}_q{b}_{g}")
                    m.AddDivisionEquality(q, cur[b, g], eff.inputs[g])
                    parts.append(q)
            most = self.var(0, cap // sum(eff.inputs), f"{name}_s{b}")
            m.AddMinEquality(most, parts)
            sets = most
            if flag is not None:
                sets = self.var(0, cap // sum(eff.inputs), f"{name}_f{b}")
                m.Add(sets == most).OnlyEnforceIf(flag)
                m.Add(sets == 0).OnlyEnforceIf(flag.Not())
            for g in dom:
                delta = eff.goods[g] - eff.inputs[g]
                if delta:
                    v = self.var(0, cap, f"{name}_{b}_{g}")
                    m.Add(v == cur[b, g] + delta * sets)
                    new[b, g] = v
            if eff.points:
                self.value_terms.append(SCALE * eff.points * sets)
            return
        if eff is not None and eff.kind == "convert_distinct" and flag is None:
            terms = _terms(t.kinds[b], t.final, t.weights)
            same = len({terms.lin[g] for g in dom}) <= 1
            if same and not (terms.full or terms.distinct or terms.prod_coef):
                self.distinct_last(b, eff, dom, cap, cur, new, name)
                return
        # Anything else (no such tile in this content): the exact table of effects.process.
        rows = _table(t.kinds[b], dom, cap)
        after = [self.var(0, cap, f"{name}_{b}_{g}") for g in dom]
        top = max(r[-1] for r in rows)
        pts = self.var(0, top, f"{name}_pts{b}")
        m.AddAllowedAssignments([cur[b, g] for g in dom] + after + [pts], rows)
        if eff is not None and eff.kind == "convert_distinct":
            # Redundant linear facts of the table, for the LP: k sets use N k cubes, at most one
            # of each type per set.
            k = self.var(0, cap // eff.count, f"{name}_k{b}")
            m.Add(pts == eff.points * k)
            m.Add(sum(after) == sum(cur[b, g] for g in dom) - eff.count * k)
            for g, v in zip(dom, after, strict=True):
                m.Add(v <= cur[b, g])
                m.Add(v >= cur[b, g] - k)
        if flag is None:
            for g, v in zip(dom, after, strict=True):
                new[b, g] = v
            self.value_terms.append(SCALE * pts)
            return
        for g, v in zip(dom, after, strict=True):
            nv = self.var(0, cap, f"{name}_n{b}_{g}")
            m.Add(nv == v).OnlyEnforceIf(flag)
            m.Add(nv == cur[b, g]).OnlyEnforceIf(flag.Not())
            new[b, g] = nv
        got = self.var(0, top, f"{name}_got{b}")
        m.Add(got == pts).OnlyEnforceIf(flag)
        m.Add(got == 0).OnlyEnforceIf(flag.Not())
        self.value_terms.append(SCALE * got)

    def distinct_last(self, b: int, eff, dom, cap: int, cur: dict, new: dict, name: str) -> None:
        """A "different types" converter at the last processing, when which cubes remain on it
        does not change the value (every leftover type is worth the same there).

        The most sets k: sum(min(c_g, k)) >= N k and sum(min(c_g, k + 1)) < N (k + 1) (a
        multiset splits into k sets of N different types iff no type exceeds k and the total is
        N k). Any u_g <= min(c_g, k) with sum N k stands for the engine's choice of cubes.
        Intermediate round-4 steps, where the leftover types matter later, use the table.
        """
        m = self.m
        n = eff.count
        k = self.var(0, cap // n, f"{name}_k{b}")
        lo, hi, used = [], [], []
        for g in dom:
            a = self.var(0, cap, f"{name}_a{b}_{g}")
            m.AddMinEquality(a, [cur[b, g], k])
            c = self.var(0, cap, f"{name}_c{b}_{g}")
            m.AddMinEquality(c, [cur[b, g], k + 1])
            u = self.var(0, cap, f"{name}_u{b}_{g}")
            m.Add(u <= a)
            lo.append(a)
            hi.append(c)
            used.append(u)
        m.Add(sum(lo) >= n * k)
        m.Add(sum(hi) <= n * k + n - 1)
        m.Add(sum(used) == n * k)
        for g, u in zip(dom, used, strict=True):
            v = self.var(0, cap, f"{name}_{b}_{g}")
            m.Add(v == cur[b, g] - u)
            new[b, g] = v
        self.value_terms.append(SCALE * eff.points * k)

    def leftover(self, st: dict) -> None:
        t = self.town
        m = self.m
        for b in range(t.B):
            terms = _terms(t.kinds[b], t.final, t.weights)
            for g in t.may[b]:
                if terms.lin[g]:
                    self.value_terms.append(terms.lin[g] * st[b, g])
            slots = t.slots[b]
            if not t.may[b]:  # stays empty: a constant (free slots for the next production)
                empty = _leftover_parts([0] * NUM_GOODS, [t.kinds[b]], t.final, t.weights)
                self.value_terms.append(sum(empty.values()))
                continue
            load = self.load(st, b)
            if terms.full and slots:
                full = m.NewBoolVar(f"full{b}")
                m.Add(load >= slots).OnlyEnforceIf(full)
                self.value_terms.append(terms.full * full)
            if terms.distinct:
                for g in t.may[b]:
                    has = m.NewBoolVar(f"has{b}_{g}")
                    m.Add(st[b, g] >= 1).OnlyEnforceIf(has)
                    self.value_terms.append(terms.distinct * has)
            if terms.prod_coef and slots:
                hi = terms.prod_cap + terms.breed * slots
                made = self.var(0, hi, f"made{b}")
                m.Add(made <= slots - load)
                if terms.breed:
                    pairs = self.var(0, slots, f"pairs{b}")
                    if terms.breed_goods in t.may[b]:
                        m.Add(2 * pairs <= st[b, terms.breed_goods])
                    else:
                        m.Add(pairs == 0)
                    m.Add(made <= terms.prod_cap + terms.breed * pairs)
                else:
                    m.Add(made <= terms.prod_cap)
                self.value_terms.append(terms.prod_coef * made)

    # --- the stage
    def tstart(self, cur: dict) -> dict:
        """Hauler's Hut pulls and Porter's Lodge moves, in either order when both are pending."""
        t = self.town
        if not t.modelled_tstart or t.order == "none":
            return cur
        m = self.m
        porter_first = None
        if t.order == "either":
            porter_first = m.NewBoolVar("porter_first")
            self.named["porter_first"] = porter_first
        blocks = []
        if t.order in ("porter", "either") and t.porter is not None:
            blocks.append(("porter", None if porter_first is None else porter_first))
        if t.hut is not None:
            blocks.append(("hut", None))
        if t.order == "either":
            blocks.append(("porter", porter_first.Not()))
        if t.order == "hut" and t.porter is not None:
            blocks.append(("porter", None))
        porter_total = []
        for blk, (kind, enable) in enumerate(blocks):
            if kind == "hut":
                hb, left = t.hut
                pairs = [(a, hb, g) for a in range(t.B) if a != hb for g in t.may[a] if g in t.may[hb]]
                if not pairs or left <= 0:
                    continue
                fl = self.flows(pairs, left, "haul")
                m.Add(sum(fl.values()) <= left)
                free = t.slots[hb] - self.load(cur, hb)
                m.Add(sum(fl.values()) <= free)
                # Hauls ignore trails and the accept rule (FF-EFX-22); only the Hut's slots count.
                cur = self.transfer(cur, fl, "h", capacity="none")
                self.penalty.extend(fl.values())
                self.steps.append(("haul", fl, None))
            else:
                pb, left = t.porter
                pairs = t.porter_pairs()
                if not pairs or left <= 0:
                    continue
                for i in range(left):  # FF-EFX-24: up to 3 single moves, so 3 batches are exact
                    fl = self.flows(pairs, left, f"port{blk}{i}")
                    cur = self.transfer(cur, fl, f"p{i}", capacity="start", enable=enable)
                    porter_total.extend(fl.values())
                    self.penalty.extend(fl.values())
                    self.steps.append(("porter", fl, enable))
        if porter_total:
            m.Add(sum(porter_total) <= t.porter[1])
        self.porter_first = porter_first
        return cur

    def build(self):
        t = self.town
        m = self.m
        cur = self.initial()
        self.porter_first = None
        cur = self.tstart(cur)
        pairs = t.transport_pairs()
        moves = []
        if self.relaxed and t.final:
            cur = self.throughput(cur, pairs, moves)
        elif self.relaxed:
            fl = self.flows(pairs, t.moves_left, "r")
            cur = self.transfer(cur, fl, "r", capacity="end")
            moves.extend(fl.values())
            self.steps.append(("moves", fl, None))
            cur = self.process(cur, "fin")
        else:
            for k in range(self.batches):
                if t.final and k > 0:
                    flag = m.NewBoolVar(f"proc{k}")
                    cur = self.process(cur, f"pr{k}", flag)
                    self.penalty.append(flag)
                    self.steps.append(("process", flag, None))
                fl = self.flows(pairs, t.moves_left, f"b{k}") if pairs else {}
                if fl:
                    cur = self.transfer(cur, fl, f"s{k}")
                    moves.extend(fl.values())
                    self.steps.append(("moves", fl, None))
            cur = self.process(cur, "fin")
        if moves:
            m.Add(sum(moves) <= t.moves_left)
        self.penalty.extend(moves)
        self.leftover(cur)
        self.value = sum(self.value_terms) if self.value_terms else 0
        self.pen = sum(self.penalty) if self.penalty else 0
        # Lexicographic: the value first, then as few actions as possible.
        self.weight = t.moves_left + 16 + self.batches + 1
        m.Maximize(self.weight * self.value - self.pen)

    def throughput(self, cur: dict, pairs, moves: list) -> dict:
        """Round-4 relaxation: any number of processing steps, capacity checked only at the end,
        conversions not forced (an upper bound on every real plan, FF-FIN-2..6)."""
        t = self.town
        m = self.m
        fl = {(a, d, g): self.var(0, t.moves_left, f"r_{a}_{d}_{g}") for a, d, g in pairs}
        moves.extend(fl.values())
        inn: dict = {}
        out: dict = {}
        for (a, d, g), f in fl.items():
            out.setdefault((a, g), []).append(f)
            inn.setdefault((d, g), []).append(f)
        bound = t.total
        consumed: dict = {}
        made: dict = {}
        for b in t.converters:
            if b not in t.live:
                continue  # full, cannot convert and cannot be emptied: it never converts
            for eff in TILES[t.kinds[b]].effects:
                if eff.kind == "convert":
                    if any(eff.inputs[g] and g not in t.may[b] for g in range(NUM_GOODS)):
                        continue
                    s = self.var(0, bound, f"sets{b}")
                    self.value_terms.append(SCALE * eff.points * s)
                    for g in range(NUM_GOODS):
                        if eff.inputs[g]:
                            consumed.setdefault((b, g), []).append(eff.inputs[g] * s)
                        if eff.goods[g] and g in t.may[b]:
                            mk = self.var(0, eff.goods[g] * bound, f"mk{b}_{g}")
                            m.Add(mk <= eff.goods[g] * s)
                            made.setdefault((b, g), []).append(mk)
                elif eff.kind == "convert_distinct":
                    k = self.var(0, bound, f"ksets{b}")
                    self.value_terms.append(SCALE * eff.points * k)
                    used = []
                    for g in t.may[b]:
                        u = self.var(0, bound, f"used{b}_{g}")
                        m.Add(u <= k)
                        used.append(u)
                        consumed.setdefault((b, g), []).append(u)
                    m.Add(sum(used) == eff.count * k)
        for (b, _g), terms in consumed.items():
            self.consumption.setdefault(b, []).extend(terms)
        new = {}
        for b in range(t.B):
            for g in t.may[b]:
                v = self.var(0, self.cap(b), f"fz{b}_{g}")
                m.Add(v == cur[b, g] + sum(inn.get((b, g), ())) - sum(out.get((b, g), ()))
                      - sum(consumed.get((b, g), ())) + sum(made.get((b, g), ())))
                new[b, g] = v
            if t.may[b]:
                m.Add(self.load(new, b) <= self.cap(b))
        self.steps.append(("moves", fl, None))
        return new


#: CP-SAT parameters for every solve (the models are small: light presolve pays off).
SOLVER_PARAMS: dict = {"cp_model_presolve": False}

#: Deterministic work (CP-SAT's "deterministic seconds") for the fewer-actions tie-break.
TIDY_WORK = 0.25


class _Budget:
    """The planner's budget for one plan: CP-SAT *deterministic* time, which counts work, not
    seconds, so the same stage gets the same plan on a fast machine, a slow one or a loaded one
    (bots and the value fit then play the same games run after run). Wall-clock time is only a
    safety cap far above what the work limit normally takes."""

    __slots__ = ("work", "deadline")

    def __init__(self, work: float, wall: float) -> None:
        self.work = work
        self.deadline = time.perf_counter() + wall
        hurry = search_deadline.current()  # a bot's search out of time stops the solves too
        if hurry is not None:
            self.deadline = min(self.deadline, hurry)

    def left(self) -> float:
        return self.work if time.perf_counter() < self.deadline else 0.0

    def solver(self, cp, workers: int, cap: float | None = None):
        solver = cp.CpSolver()
        work = self.work if cap is None else min(cap, self.work)
        solver.parameters.max_deterministic_time = max(0.01, work)
        solver.parameters.max_time_in_seconds = max(0.005, self.deadline - time.perf_counter())
        solver.parameters.num_workers = workers
        for key, value in SOLVER_PARAMS.items():
            setattr(solver.parameters, key, value)
        return solver

    def spend(self, solver) -> None:
        self.work -= solver.deterministic_time


def _solve(town: _Town, cp, batches: int, budget: _Budget, workers: int, target=None,
           hints: dict | None = None) -> _Solution:
    """Build and solve one model. ``target = (bound, fewest actions)`` from the relaxation: the
    value cannot exceed the bound (a valid cut), and the search stops once a solution reaches
    the bound with no more actions than the relaxation needs (then it is optimal on both counts).
    A solution at the bound with more actions stops the search too; a short second solve with
    the value fixed at the bound then looks for fewer actions (a tie-break only)."""
    t0 = time.perf_counter()
    bld = _Builder(town, cp, batches)
    bld.build()
    m = bld.m
    for name, value in (hints or {}).items():
        if name in bld.named:
            m.AddHint(bld.named[name], value)
    solver = budget.solver(cp, workers)
    callback = None
    tidy = []
    if target is not None and bld.value_terms:
        ub, fewest = target
        m.Add(bld.value <= ub)
        value_expr, pen_expr = bld.value, bld.pen

        class _Stop(cp.CpSolverSolutionCallback):
            def on_solution_callback(self) -> None:
                if self.Value(value_expr) < ub:
                    return
                if not isinstance(pen_expr, int) and self.Value(pen_expr) > fewest:
                    tidy.append(True)
                self.StopSearch()

        callback = _Stop()
    status = solver.Solve(m, callback)
    budget.spend(solver)
    if tidy and status in (cp.OPTIMAL, cp.FEASIBLE) and budget.left() > 0:
        # At the bound: fewer actions are only a tie-break, worth a short, bounded second look.
        m.Add(bld.value >= ub)
        m.ClearHints()  # a variable hinted twice makes the model invalid
        for var in bld.named.values():
            m.AddHint(var, solver.Value(var))
        again = budget.solver(cp, workers, cap=TIDY_WORK)
        status2 = again.Solve(m)
        budget.spend(again)
        if status2 in (cp.OPTIMAL, cp.FEASIBLE):
            solver, status = again, status2
    name = solver.StatusName(status)
    if status not in (cp.OPTIMAL, cp.FEASIBLE):
        return _Solution(name, False, -(10 ** 12), 10 ** 12, [], wall=time.perf_counter() - t0)
    value = solver.Value(bld.value) if bld.value_terms else 0
    pen = solver.Value(bld.pen) if bld.penalty else 0
    w = bld.weight
    if status == cp.OPTIMAL:
        bound = value
    else:
        bound = int((solver.BestObjectiveBound() + w - 1) // w)
    steps = []
    for kind, payload, enable in bld.steps:
        if kind == "process":
            if solver.Value(payload):
                steps.append(("process",))
            continue
        if enable is not None and not solver.Value(enable):
            continue
        got = []
        for key, v in payload.items():
            n = solver.Value(v)
            if n:
                got.append((*key, n))
        if kind == "haul":
            steps.append(("haul", [(a, g, n) for a, _d, g, n in got]))
        else:
            steps.append((kind, got))
    order = town.order
    if bld.porter_first is not None:
        order = "porter" if solver.Value(bld.porter_first) else "hut"
    sol = _Solution(name, status == cp.OPTIMAL, value, bound, steps, order, time.perf_counter() - t0)
    sol.penalty = pen
    # Round 4: each processing step empties at most a converter's slots, so the relaxation's use
    # of a converter suggests how many move batches (one per processing step) to start with.
    sol.segments = max([1] + [-(-sum(solver.Value(x) for x in xs) // max(1, town.slots[b]))
                              for b, xs in bld.consumption.items()])
    sol.hints = {k: solver.Value(v) for k, v in bld.named.items()}
    return sol


# ============================================================================= from a solution to actions
class _Replay:
    """Plays planned steps on a clone of the state, recording the exact actions the engine needs."""

    def __init__(self, town: _Town) -> None:
        self.town = town
        self.sim = town.state.clone()
        self.key = self._key()
        self.actions: list[Action] = []
        self.cubes = list(town.cubes)
        self.gained = 0
        self.moves = 0

    def _key(self):
        s = self.sim
        return (s.round, s.phase, s.stage_idx)

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
        return top[0] == "tstart" and top[1] == self.town.seat and (block is None or top[3] == block)

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


def _schedule(town: _Town, flows, start: list[int]) -> list[tuple[int, int, int]] | None:
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


def _realise(town: _Town, steps, order: str, relaxed_moves: list | None = None) -> _Replay:
    rp = _Replay(town)
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
            if rp.in_tstart() and rp.sim.frames[-1][3] not in (-1, block):
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


def _finish_plan(town: _Town, rp: _Replay, t0: float, method: str, optimal: bool, ub, batches: int,
                 notes: list[str]) -> Plan:
    pts, left, parts = town.value_of(rp.cubes, rp.gained)
    rp.finish()
    return Plan(
        actions=rp.actions,
        value=(SCALE * pts + left) / SCALE,
        processing_points=pts,
        leftover_value=left / SCALE,
        leftover_parts={k: v / SCALE for k, v in parts.items() if v},
        solve_time=time.perf_counter() - t0,
        optimal=optimal,
        method=method,
        upper_bound=None if ub is None else ub / SCALE,
        batches=batches,
        moves=rp.moves,
        notes=notes,
    )


# ============================================================================= entry points
def _nothing_to_decide(state, town: _Town) -> bool:
    return town.tstart is None and all(a.kind == DONE for a in state.legal_actions())


#: A plan that stays unproven more than this share below the relaxation's bound is solved
#: again with ``ESCALATE_FACTOR`` times the work, at most ``ESCALATIONS`` times. Why: when the
#: work runs out before the batched model finds any plan, the best left is "move nothing",
#: and a round-4 stage feeding a converter of several different types (the Marketplace) then
#: scores nothing: the one-step greedy fallback cannot start a set either. One such stage in
#: 24 solo games cost 70 points at the default work and was optimal with twice the work, in
#: about the same wall time (docs/planner.md). Plans near their bound are never re-solved, so
#: the extra work goes only where most of the stage's points would otherwise be lost. A retry
#: that finds nothing better ends the retries: in a solo game of 2026-12-04 a round-4 stage (36
#: of a bound of 45) took 1, 5 and 24 s at the three levels of work and found 36 at each.
ESCALATE_GAP = 0.1
ESCALATE_FACTOR = 4.0
ESCALATIONS = 2


def plan(state, weights: Weights | None = None, *, work_limit: float = 5.0, time_limit: float | None = None,
         workers: int = 1, max_batches: int = 8, use_solver: bool = True) -> Plan:
    """Plan the current seat's transport stage (see the module docstring and docs/planner.md).

    ``work_limit`` bounds the total CP-SAT work in its deterministic seconds (about 2-3 of them
    per second of one core of a laptop), so that a plan does not depend on the machine's speed
    or load; ``time_limit`` is only a wall-clock safety cap (default: 4 s per unit of work).
    A plan left far below its bound is solved again with more work (``ESCALATE_GAP``), still
    counted in deterministic work. ``max_batches`` bounds the batched model when the
    relaxation's bound is not reached at once; ``use_solver=False`` forces the greedy
    fallback. The state is not changed.
    """
    t0 = time.perf_counter()
    best = _plan_once(state, weights, work_limit, time_limit, workers, max_batches, use_solver)
    for _ in range(ESCALATIONS):
        if not _far_below_bound(best) or search_deadline.passed():
            break
        work_limit *= ESCALATE_FACTOR
        time_limit = None if time_limit is None else time_limit * ESCALATE_FACTOR
        retry = _plan_once(state, weights, work_limit, time_limit, workers, max_batches, use_solver)
        retry.notes.insert(0, f"solved again with work {work_limit:g}: the first plan was far below "
                              "its bound")
        if retry.value <= best.value:
            break  # four times the work found nothing better: sixteen times rarely does
        best = retry
    best.solve_time = time.perf_counter() - t0
    return best


def _far_below_bound(p: Plan) -> bool:
    return (p.method == "cp-sat" and not p.optimal and p.upper_bound is not None
            and p.value < (1.0 - ESCALATE_GAP) * p.upper_bound)


def _plan_once(state, weights: Weights | None, work_limit: float, time_limit: float | None,
               workers: int, max_batches: int, use_solver: bool) -> Plan:
    """One attempt of :func:`plan` with the given work."""
    t0 = time.perf_counter()
    weights = weights or DEFAULT_WEIGHTS
    town = _Town(state, weights)
    notes: list[str] = []
    if not town.modelled_tstart:
        notes.append("several transport-start tiles of one kind: their effects are declined")
    if _nothing_to_decide(state, town):
        return _finish_plan(town, _Replay(town), t0, "trivial", True, None, 0, notes)
    if use_solver:
        try:
            from ortools.sat.python import cp_model as cp
        except ImportError:
            log.warning("ortools is not installed: the transport planner falls back to a greedy heuristic")
            notes.append("ortools not installed: greedy fallback, not optimal")
            use_solver = False
    if not use_solver:
        return _greedy(town, t0, notes)
    budget = _Budget(work_limit, 4.0 * work_limit if time_limit is None else time_limit)
    relax = _solve(town, cp, 0, budget, workers)
    idle = _realise(town, [], town.order)  # declining everything: is that already the best?
    pts, left, _ = town.value_of(idle.cubes, 0)
    fallback = (SCALE * pts + left, idle)
    if relax.status not in ("OPTIMAL", "FEASIBLE"):
        # Out of work before even the relaxation was solved (a huge town):
        # the one-step greedy plan is far better than playing no moves at all.
        # Expected when a bot's search is out of time (core.deadline), worth a warning otherwise.
        report = log.debug if search_deadline.passed() else log.warning
        report("planner: the relaxation came back %s; using the greedy fallback", relax.status)
        notes.append(f"relaxation {relax.status}: greedy fallback, not optimal")
        return _greedy(town, t0, notes)
    ub = relax.bound
    if fallback[0] >= ub:
        return _finish_plan(town, idle, t0, "cp-sat", True, ub, 0, notes)
    # The relaxation's own optimum, if its moves can be put in a legal order (and, in round 4,
    # need no processing step before the last), is a legal plan at the bound: optimal.
    start = _realise(town, relax.steps, relax.order, relaxed_moves=[])
    moves_step = next((s[1] for s in relax.steps if s[0] == "moves"), [])
    if not moves_step or not start.ended:
        order = _schedule(town, moves_step, start.cubes)
        if order is not None:
            rp = _realise(town, relax.steps, relax.order, relaxed_moves=order)
            pts, left, _ = town.value_of(rp.cubes, rp.gained)
            if SCALE * pts + left >= ub:
                return _finish_plan(town, rp, t0, "cp-sat", True, ub, 1, notes)
            if SCALE * pts + left > fallback[0]:
                fallback = (SCALE * pts + left, rp)
    # The batched model, with more batches until it reaches the bound (then it is optimal).
    target = (ub, relax.penalty if relax.optimal else 10 ** 9)
    best = None
    k = max(2, min(max_batches, relax.segments))
    tried = []
    all_optimal = True
    while True:
        sol = _solve(town, cp, k, budget, workers, target, relax.hints)
        if sol.status not in ("OPTIMAL", "FEASIBLE"):
            all_optimal = False
        elif best is None or sol.value > best[0].value:
            best = (sol, k)
        if sol.status == "FEASIBLE" and sol.value < ub:
            all_optimal = False
        if best is not None and best[0].value >= ub:
            break
        tried.append(k)
        if k >= max_batches or budget.left() <= 0:
            break
        k = min(max_batches, k + 1 if len(tried) < 3 else k * 2)
    rp = None
    if best is not None and best[0].value > fallback[0]:
        try:
            rp = _realise(town, best[0].steps, best[0].order)
        except (IllegalAction, RuntimeError) as exc:  # a bug: say so, and play safe
            log.error("planner: the solver's plan does not replay (%s); using a simpler plan", exc)
            notes.append(f"solver plan did not replay: {exc}")
    if rp is None:
        value, rp, kb = fallback[0], fallback[1], 0
    else:
        value, kb = best[0].value, best[1]
    proven = value >= ub
    if not proven:
        notes.append(f"bound {ub / SCALE:g} not reached: optimal among plans of at most {k} move batches"
                     if all_optimal else "work limit reached before the bound was reached or ruled out")
    plan_ = _finish_plan(town, rp, t0, "cp-sat", proven, ub, kb, notes)
    _check(plan_, value)
    return plan_


_CACHE: OrderedDict = OrderedDict()
_CACHE_SIZE = 4096


def _cache_key(state) -> tuple:
    seat = state.current_player
    return (
        seat, state.round, state.phase, state.moves_left, tuple(state.frames),
        tuple(sorted(state.cells[seat].items())), tuple(state.kinds[seat]), tuple(state.cubes[seat]),
        seat in state.options.get("expert", ()),
    )


def plan_cached(state, work_limit: float = 1.5) -> Plan:
    """:func:`plan` with the default weights, memoised on everything the plan depends on (the
    acting seat's town and stage), so that search, which meets the same stage in many
    determinized copies, solves it once."""
    key = _cache_key(state)
    found = _CACHE.get(key)
    if found is None:
        found = plan(state, work_limit=work_limit)
        if search_deadline.passed():
            return found  # perhaps cut short by a search out of time: not kept for the game
        _CACHE[key] = found
        if len(_CACHE) > _CACHE_SIZE:
            _CACHE.popitem(last=False)
    else:
        _CACHE.move_to_end(key)
    return found


def _check(plan_: Plan, model_value: int) -> None:
    got = round(plan_.value * SCALE)
    if got != model_value:
        log.warning("planner: replayed value %s differs from the model's %s", got / SCALE,
                    model_value / SCALE)
        plan_.notes.append(f"model value {model_value / SCALE:g} differs from the replayed value")


# ============================================================================= fallback
def _greedy(town: _Town, t0: float, notes: list[str]) -> Plan:
    """One-step greedy over the same objective: take the single action (haul, move, process) that
    raises the value of finishing now the most, while one does; then finish."""
    rp = _Replay(town)
    seat = town.seat
    B = town.B

    def score(cubes, gained) -> int:
        pts, left, _ = town.value_of(cubes, gained)
        return SCALE * pts + left

    guard = 0
    while not rp.ended and guard < 1000:
        guard += 1
        current = score(rp.cubes, rp.gained)
        best, best_val = None, current
        tstart = rp.in_tstart()
        for a in rp.sim.legal_actions():
            if a.kind == DONE:
                continue
            cubes = list(rp.cubes)
            gained = rp.gained
            if a.kind == PROCESS:
                gained += process_cubes(cubes, town.kinds)
            else:
                src = rp.sim.cells[seat][a.b]
                if a.kind == HAUL:
                    dst = rp.sim.frames[-1][3]
                    if dst < 0:
                        dst = town.hut[0] if town.hut else next(
                            b for b in range(B) if town.kinds[b] in _HAUL_TILES)
                else:
                    dst = rp.sim.cells[seat][a.c]
                cubes[src * NUM_GOODS + a.a] -= 1
                cubes[dst * NUM_GOODS + a.a] += 1
            val = score(cubes, gained)
            if val > best_val:
                best, best_val = a, val
        if best is None:
            if tstart:
                rp.do(A_DONE)
                continue
            break
        if best.kind == PROCESS:
            rp.process()
        else:
            src = rp.sim.cells[seat][best.b]
            if best.kind == HAUL:
                dst = rp.sim.frames[-1][3]
                if dst < 0:
                    dst = town.hut[0] if town.hut else next(
                        b for b in range(B) if town.kinds[b] in _HAUL_TILES)
                rp.move(best.a, src, dst, HAUL)
            else:
                rp.move(best.a, src, rp.sim.cells[seat][best.c])
    return _finish_plan(town, rp, t0, "greedy", False, None, 0, notes)


__all__ = ["DEFAULT_WEIGHTS", "Plan", "Weights", "leftover_value", "plan", "process_cubes"]
