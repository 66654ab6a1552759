"""The CP-SAT model of a transport stage (see ``planner.py`` and docs/planner.md).

A *batched time-expanded* model: one inventory per building per goods after every batch of
single-cube moves, with each building receiving at most its free slots of a batch; processing
as ``effects.process`` runs it (min/division constraints, a max-sets form for "different types"
converters, and enumerated tables where the engine's choice of leftover types matters). The
builder only states the model; solving it lives in ``planner.py``.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import cache
from typing import Any

from ....core.caches import memo_table
from .. import effects as fx
from ..content import TILES
from ..goods import NUM_GOODS
from .planner_objective import SCALE, building_terms, leftover_parts
from .planner_town import TransportTown


# ============================================================================= processing tables
def compositions(n: int, cap: int):
    if n == 0:
        yield ()
        return
    for first in range(cap + 1):
        for rest in compositions(n - 1, cap - first):
            yield (first, *rest)


@memo_table
@cache
def _table(tid: int, dom: tuple[int, ...], cap: int) -> list[tuple[int, ...]]:
    """Every content of a converter over goods ``dom`` (≤ ``cap`` cubes) → (before, after, points)."""
    kind = TILES[tid]
    rows = []
    for vec in compositions(len(dom), cap):
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
FORCE_TABLE = False


@dataclass
class Solution:
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


class ModelBuilder:
    """Builds one CP-SAT model: exact (``batches`` move batches) or the relaxation (``batches=0``)."""

    def __init__(self, town: TransportTown, cp, batches: int) -> None:
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
        if FORCE_TABLE:
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
            terms = building_terms(t.kinds[b], t.final, t.weights)
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
            c = self.var(0, cap, f"{name}centipoints{b}_{g}")
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
            terms = building_terms(t.kinds[b], t.final, t.weights)
            for g in t.may[b]:
                if terms.lin[g]:
                    self.value_terms.append(terms.lin[g] * st[b, g])
            slots = t.slots[b]
            if not t.may[b]:  # stays empty: a constant (free slots for the next production)
                empty = leftover_parts([0] * NUM_GOODS, [t.kinds[b]], t.final, t.weights)
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
        porter_first: Any = None
        if t.order == "either":
            porter_first = m.NewBoolVar("porter_first")
            self.named["porter_first"] = porter_first
        blocks: list[tuple[str, Any]] = []
        if t.order in ("porter", "either") and t.porter is not None:
            blocks.append(("porter", None if porter_first is None else porter_first))
        if t.hut is not None:
            blocks.append(("hut", None))
        if t.order == "either":
            blocks.append(("porter", porter_first.Not()))
        if t.order == "hut" and t.porter is not None:
            blocks.append(("porter", None))
        porter_total: list[Any] = []
        for blk, (kind, enable) in enumerate(blocks):
            if kind == "hut":
                assert t.hut is not None
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
                assert t.porter is not None
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
            assert t.porter is not None
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
