"""One seat's Foxglove town as the heuristic sees it, and the matching of its goods to converters.

``TownSurvey`` makes one pass over the seat's buildings and sorts them into what the estimate's
terms (``heuristic.py``) share: the goods each building offers (its *supply*), the buildings
that turn goods into points (*consumers*: converters, end-game holders, production-time holders,
the Museum), the goods makers (Kiln, Swidden) and the producers. It then hands goods to
consumers, best rate per cube first, in two passes that the terms call in turn:

- ``process_now``: this round's processing (round 4: the combined stage): whole sets only,
  at most one phase's worth per converter, only what fits in its free slots;
- ``process_later``: the later rounds, in smooth (fractional) sets.

A cube counts at the *weight* of its path to the consumer (``weight``): 1 on the consumer
itself, ``W_CONN`` when trails join them, less for a Hauler's Hut or Porter's Lodge, and less
per trail still to lay (``trail_distance.py``). The survey is built for one evaluation and
thrown away; the passes change its supply and capacities as they hand goods out, so the terms
must run in the order ``heuristic._evaluate`` calls them.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from ..constants import CONSTRUCTION, PRODUCTION
from ..frames import TransportStart
from ..goods import GOODS_OF_MASK, NUM_GOODS, STONE, WOOD
from .heuristic_tables import (
    ALL_MASK,
    BIG,
    BREED,
    CONVS,
    EVERY_GOOD,
    FINAL_MULT,
    HAUL,
    HELD_PROD,
    MAKERS,
    MUSEUM,
    NEEDS,
    NO_GOODS,
    PORTER,
    SINKS,
    SLOTS,
    SOFT,
    SUM_PROD,
    TRAIL_STEP,
    TRAIL_STEP_NOW,
    W_CONN,
    W_HAUL,
    W_PORTER,
)
from .trail_distance import layout


class TownSurvey:
    """The shared working data of one evaluation of ``seat``'s town (see the module docstring)."""

    __slots__ = (
        "state", "cubes", "kinds", "bcell", "cells", "nb", "rnd", "prod_left", "has_future",
        "build_now", "haul_now", "expert", "final_now", "normal_future", "cur_open", "lay", "topo",
        "label", "supply", "consumers", "makers", "producers", "hut", "porter", "spare", "room",
        "smult", "wcache", "museum_done", "used", "maker_now", "weight",
    )

    def __init__(self, state, seat: int, finished: bool) -> None:
        self.state = state
        self.cubes = state.cubes[seat]
        self.kinds = state.building_tiles[seat]
        self.bcell = state.building_cells[seat]
        self.cells = state.cells[seat]
        self.nb = len(self.kinds)
        rnd = self.rnd = state.round
        phase = state.phase
        self.build_now = phase == PRODUCTION or (phase == CONSTRUCTION and not state.passed[seat])
        self.cur_open = not finished  # this round's processing (round 4: the combined stage) is ahead
        self.final_now = rnd == 4
        self.has_future = rnd < 4
        self.prod_left = 4 - rnd  # production phases still to come
        self.normal_future = max(0, 3 - rnd)  # ordinary processing phases in later rounds
        self.haul_now = self.build_now or bool(state.frames and type(state.frames[-1]) is TransportStart)
        self.expert = seat in state.options.get("expert", ())
        lay = self.lay = layout(state, seat)
        self.topo = lay.topo
        comp = self.topo.comp
        self.label = [comp[c] for c in self.bcell]
        #: how much of a cube on b counts for the consumer on t, by (b, t, goods or 0, now)
        self.wcache: dict[tuple[int, int, int, bool], float] = {}
        self.smult: dict[int, float] = {}  # extra factor on a source's cubes (Kiln output in round 4)
        self.museum_done: set[tuple[int, int]] = set()  # (Museum, goods) filled this round
        self.used: dict[int, float] = {}  # cubes this round's processing took from each building
        self.maker_now: dict[int, float] = {}  # sets each Kiln/Swidden runs this round
        self._survey()
        self.weight = self._weight_function()

    def _survey(self) -> None:
        """One pass over the buildings: supply, consumers, makers, producers, the Hut and Lodge.

        ``spare[b]`` is what building b holds that is free to move or spend: a production-time
        holder keeps its cubes for its points, a maker's inputs become its outputs, and an
        end-game holder or the Museum banks what it holds (``None``)."""
        cubes, kinds, prod_left = self.cubes, self.kinds, self.prod_left
        sup: dict[int, list[float]] = {}
        # (rate per cube, building, kind, spec, mask of goods taken)
        consumers: list[tuple[float, int, str, Any, int]] = []
        makers = []
        producers = []
        spare: list[list[int] | None] = []
        hut = -1
        porter = False
        facts = _TILE_FACTS
        for b in range(self.nb):
            tid = kinds[b]
            slots, role, hp, sk, museum, mk, convs, producer = facts[tid]
            base = b * NUM_GOODS
            c = cubes[base:base + NUM_GOODS]
            free = slots - (c[0] + c[1] + c[2] + c[3] + c[4])
            if role == _HUT:
                hut = b
            elif role == _PORTER:
                porter = True
            if prod_left and hp is not None:
                g, p, mask = hp
                spec = (mask, p * prod_left, 0.7 * p * (prod_left - 1), free)
                consumers.append((1.5 * p, b, "hold", spec, mask))
                c = [0] * NUM_GOODS if g < 0 else [c[h] if h != g else 0 for h in range(NUM_GOODS)]
            if sk is not None:
                consumers.append((sk[1], b, "sink", (sk[0], sk[1], sk[1], free), sk[0]))
                spare.append(None)
                continue  # cubes on an end-game holder are banked
            if museum:
                consumers.append((float(museum), b, "museum", (c, free, float(museum)), ALL_MASK))
                spare.append(None)
                continue
            if mk is not None:
                makers.append(b)
                c = [0 if mk[g] else c[g] for g in range(NUM_GOODS)]  # inputs become outputs
            for rate, cv, cmask in convs:
                consumers.append((rate, b, "conv", cv, cmask))
            if producer:
                producers.append(b)
            if any(c):
                sup[b] = [float(x) for x in c]
            spare.append(c)
        consumers.sort(key=lambda x: -x[0])
        room = {}  # remaining capacity of holders, shared by both passes
        for _rate, b, kind, spec, _mask in consumers:
            if kind in ("sink", "hold"):
                room[b] = float(max(spec[3], 0))
            elif kind == "museum":
                room[b] = float(max(spec[1], 0))
        self.supply, self.consumers, self.makers, self.producers = sup, consumers, makers, producers
        self.spare, self.hut, self.porter, self.room = spare, hut, porter, room

    def _weight_function(self):
        """``weight(b, t, g, now)``: how much of a goods-``g`` cube on building b counts for the
        consumer on building t. ``now``: for this round's processing, where only what can move
        this turn counts (haulage only while it can still run, a trail only if it can still be
        laid). A closure over this town's facts, with its own cache: it is the estimate's most
        called function, and a closure reads them faster than a method reads attributes."""
        expert, topo, bcell, label = self.expert, self.topo, self.bcell, self.label
        lay, cells = self.lay, self.cells
        porter, hut, haul_now, build_now = self.porter, self.hut, self.haul_now, self.build_now
        wcache = self.wcache

        def weight(b: int, t: int, g: int, now: bool) -> float:
            if b == t:
                return 1.0
            key = (b, t, g if expert else 0, now)
            w = wcache.get(key)
            if w is not None:
                return w
            if expert:
                joined = t in topo.reachable(bcell[b], g, True)
            else:
                joined = label[b] == label[t]
            if joined:
                w = W_CONN
            else:
                w = 0.0
                if not now or haul_now:
                    if porter:
                        w = W_PORTER
                    if hut >= 0 and hut != t and label[hut] == label[t]:
                        w = max(w, W_HAUL)
                if not now or build_now:
                    d = lay.dist(cells, label[t]).get(bcell[b])
                    if d is not None:
                        w = max(w, W_CONN * (1.0 - (TRAIL_STEP_NOW if now else TRAIL_STEP) * d))
            wcache[key] = w
            return w

        return weight

    def sources(self, supply, t: int, goods, now: bool, others: bool = False):
        """Per goods type: total cubes that can reach ``t`` and their (weight, building) list;
        ``others``: from the other buildings only (what ``t`` holds is not counted)."""
        weight = self.weight
        smult = self.smult if now else None
        raw = [0.0] * NUM_GOODS
        srcs: list[list[tuple[float, int]]] = [[] for _ in range(NUM_GOODS)]
        for b, vec in supply.items():
            if others and b == t:
                continue
            for g in goods:
                x = vec[g]
                if x > 1e-9:
                    w = weight(b, t, g, now)
                    if w > 0:
                        if smult and b in smult:
                            w *= smult[b]
                        raw[g] += x
                        srcs[g].append((w, b))
        return raw, srcs

    def process_now(self, supply: dict[int, list[float]], used: dict[int, float]) -> float:
        """This round's processing: whole sets only, each cube valued at its weight."""
        sources, room, kinds, cubes = self.sources, self.room, self.kinds, self.cubes
        final_now = self.final_now
        total = 0.0
        for _rate, t, kind, spec, _mask in self.consumers:
            if kind == "conv":
                inputs, n_in, pts, k, cap = spec
                limit = BIG if final_now else cap
                if limit <= 0:
                    continue
                goods: Sequence[int] = EVERY_GOOD if k else NEEDS[id(inputs)]
                raw, srcs = sources(supply, t, goods, True)
                counts = [int(raw[g] + 1e-9) for g in range(NUM_GOODS)]
                if k:
                    a = sorted((counts[g] for g in goods), reverse=True)
                    rest = sum(a)
                    sets = limit
                    for j in range(k):
                        sets = min(sets, rest // (k - j))
                        rest -= a[j]
                else:
                    sets = limit
                    for g in goods:
                        sets = min(sets, counts[g] // inputs[g])
                if sets > 0:
                    # slots: what is not on the converter already must fit in its free slots
                    own = supply.get(t) or NO_GOODS
                    base = t * NUM_GOODS
                    free = SLOTS[kinds[t]] - sum(cubes[base:base + NUM_GOODS])
                    if final_now:  # once one set is processed, its slots take the next one
                        if _missing(1, own, inputs, k, goods) > free + 1e-9:
                            sets = 0
                    else:
                        while sets > 0 and _missing(sets, own, inputs, k, goods) > free + 1e-9:
                            sets -= 1
                if sets <= 0:
                    continue
                sets = int(sets)
                if k:
                    need = [0] * NUM_GOODS
                    left = counts[:]
                    for _ in range(sets):
                        for g in sorted(goods, key=lambda h: -left[h])[:k]:
                            need[g] += 1
                            left[g] -= 1
                else:
                    need = [sets * inputs[g] for g in range(NUM_GOODS)]
                per = pts / n_in
                for g in goods:
                    if need[g]:
                        total += per * take_cubes(supply, srcs[g], g, need[g], used)
            elif kind in ("sink", "hold"):
                mask, per, _per_fut, _free = spec
                slots_left = int(room[t] + 1e-9)
                if slots_left <= 0 or per <= 0:
                    continue
                goods = GOODS_OF_MASK[mask]
                raw, srcs = sources(supply, t, goods, True, True)
                for g in goods:
                    n = min(int(raw[g] + 1e-9), slots_left)
                    if n > 0:
                        total += per * take_cubes(supply, srcs[g], g, n, used)
                        slots_left -= n
                room[t] = float(slots_left)
            else:  # museum: one cube of each type it lacks
                held, _free, pts = spec
                slots_left = int(room[t] + 1e-9)
                goods = [g for g in range(NUM_GOODS) if not held[g]]
                raw, srcs = sources(supply, t, goods, True, True)
                for g in goods:
                    if slots_left > 0 and raw[g] >= 1 - 1e-9:
                        total += pts * take_cubes(supply, srcs[g], g, 1, used)
                        slots_left -= 1
                        self.museum_done.add((t, g))
                room[t] = float(slots_left)
        return total

    def run_makers_final(self) -> None:
        """Round 4: one processing step turns the Kilns' wood into coal that can still be used
        in the combined stage (counted a little below a cube already there)."""
        cubes, kinds, sup = self.cubes, self.kinds, self.supply
        for b in self.makers:
            inputs, n_in, outs, cap = MAKERS[kinds[b]]
            base = b * NUM_GOODS
            sets = min(cubes[base + g] // inputs[g] for g in range(NUM_GOODS) if inputs[g])
            if sets:
                vec = sup.setdefault(b, [0.0] * NUM_GOODS)
                for g in range(NUM_GOODS):
                    vec[g] += sets * outs[g]
                self.smult[b] = 0.9

    def run_makers_now(self) -> None:
        """Rounds 1-3: this round's run of each Kiln/Swidden, from what is on it plus what can
        still reach it (``maker_now``, which the later rounds count as their output)."""
        cubes, kinds, sup, used = self.cubes, self.kinds, self.supply, self.used
        for b in self.makers:
            inputs, n_in, outs, cap = MAKERS[kinds[b]]
            base = b * NUM_GOODS
            goods = [g for g in range(NUM_GOODS) if inputs[g]]
            raw, srcs = self.sources(sup, b, goods, True, True)
            sets = cap
            for g in goods:
                sets = min(sets, (cubes[base + g] + int(raw[g] + 1e-9)) // inputs[g])
            if sets <= 0:
                continue
            got = 0.0
            for g in goods:
                own = min(cubes[base + g], sets * inputs[g])
                got += own
                if sets * inputs[g] > own:
                    got += take_cubes(sup, srcs[g], g, sets * inputs[g] - own, used)
            self.maker_now[b] = got / n_in

    def leftover_building_cubes(self) -> float:
        """Wood and stone in the supply (after this round's processing took its share)."""
        return sum(vec[WOOD] + vec[STONE] for vec in self.supply.values())

    def process_later(self, supply: dict[int, list[float]]) -> float:
        """Later rounds: smooth (fractional) sets, each cube counted at its weight."""
        sources, room = self.sources, self.room
        museum_done = self.museum_done
        total = 0.0
        for _rate, t, kind, spec, _mask in self.consumers:
            if kind == "conv":
                inputs, n_in, pts, k, cap = spec
                limit = cap * (self.normal_future + FINAL_MULT)
                if limit <= 0:
                    continue
                goods: Sequence[int] = EVERY_GOOD if k else NEEDS[id(inputs)]
                raw, srcs = sources(supply, t, goods, False)
                avail = [0.0] * NUM_GOODS
                for g in goods:
                    for w, b in srcs[g]:
                        avail[g] += supply[b][g] * w
                if k:
                    a = sorted((avail[g] for g in goods), reverse=True)
                    rest = sum(a)
                    sets = limit
                    for j in range(k):
                        sets = min(sets, rest / (k - j))
                        rest -= a[j]
                    # a missing type may still be supplied by a producer built later
                    loose = min(limit, sum(min(x, limit) for x in a) / k)
                    sets = (1 - SOFT) * sets + SOFT * loose
                    need = [min(avail[g], sets) for g in range(NUM_GOODS)]
                    tot = sum(need)
                    scale = min(1.0, k * sets / tot) if tot > 1e-9 else 0.0
                    need = [x * scale for x in need]
                else:
                    sets = limit
                    loose = 0.0
                    for g in goods:
                        x = avail[g] / inputs[g]
                        sets = min(sets, x)
                        loose += min(x, limit)
                    sets = (1 - SOFT) * sets + SOFT * loose / len(goods)
                    need = [min(avail[g], sets * inputs[g]) for g in range(NUM_GOODS)]
                if sets <= 1e-9:
                    continue
                total += sets * pts
                for g in goods:
                    consume_weighted(supply, srcs[g], g, need[g], None)
            elif kind in ("sink", "hold"):
                mask, _per_now, per, _free = spec
                left = room[t]
                if left <= 1e-9 or per <= 0:
                    continue
                goods = GOODS_OF_MASK[mask]
                raw, srcs = sources(supply, t, goods, False, True)
                for g in goods:
                    avail = sum(supply[b][g] * w for w, b in srcs[g])
                    take = min(avail, left)
                    if take > 1e-9:
                        total += take * per
                        left -= take
                        consume_weighted(supply, srcs[g], g, take, None)
                room[t] = left
            else:
                held, _free, pts = spec
                left = room[t]
                goods = [g for g in range(NUM_GOODS) if not held[g] and (t, g) not in museum_done]
                raw, srcs = sources(supply, t, goods, False, True)
                for g in goods:
                    avail = sum(supply[b][g] * w for w, b in srcs[g])
                    take = min(avail, 1.0, left)
                    if take > 1e-9:
                        total += take * pts
                        left -= take
                        consume_weighted(supply, srcs[g], g, take, None)
                room[t] = left
        return total


def _missing(n: float, own, inputs, k: int, goods) -> float:
    """Cubes that must still come onto a converter holding ``own`` for ``n`` sets."""
    if k:
        return k * n - sum(min(own[g], n) for g in goods)
    return sum(max(0.0, n * inputs[g] - own[g]) for g in goods)


def take_cubes(supply, srcs, g: int, n: int, used) -> float:
    """Take ``n`` whole cubes of ``g`` from the best-placed sources; return their summed weight."""
    srcs.sort(reverse=True)
    got = 0.0
    for w, b in srcs:
        vec = supply[b]
        have = vec[g]
        if have <= 1e-9:
            continue
        t = have if have < n else n
        vec[g] -= t
        if used is not None:
            used[b] = used.get(b, 0.0) + t
        got += t * w
        n -= t
        if n <= 1e-9:
            break
    return got


def consume_weighted(supply, srcs, g: int, want: float, used) -> None:
    """Take ``want`` weighted units of goods ``g`` from the best-placed sources first."""
    if want <= 1e-12:
        return
    srcs.sort(reverse=True)
    for w, b in srcs:
        vec = supply[b]
        have = vec[g] * w
        if have <= 1e-12:
            continue
        take = have if have < want else want
        raw = take / w
        vec[g] -= raw
        if used is not None:
            used[b] = used.get(b, 0.0) + raw
        want -= take
        if want <= 1e-12:
            return


_HUT, _PORTER = 1, 2


def _tile_facts(tid: int) -> tuple:
    """What ``TownSurvey._survey`` asks of a tile, worked out once: (slots, Hauler's Hut or
    Porter's Lodge, production-time holding (goods, points, mask) if it earns points, end-game
    holder, Museum points, a maker's inputs, its converters as (rate, converter, goods mask),
    whether it produces or breeds)."""
    role = _HUT if tid in HAUL else (_PORTER if tid in PORTER else 0)
    hp = HELD_PROD[tid]
    hold = None
    if hp is not None and hp[1] > 0:
        hold = (hp[0], hp[1], ALL_MASK if hp[0] < 0 else 1 << hp[0])
    mk = MAKERS[tid]
    convs = tuple((cv[2] / cv[1], cv,
                   ALL_MASK if cv[3] else sum(1 << g for g in range(NUM_GOODS) if cv[0][g]))
                  for cv in CONVS[tid])
    return (SLOTS[tid], role, hold, SINKS[tid], MUSEUM[tid], mk[0] if mk is not None else None, convs,
            bool(SUM_PROD[tid] or BREED[tid] is not None))


_TILE_FACTS = tuple(_tile_facts(tid) for tid in range(len(SLOTS)))
