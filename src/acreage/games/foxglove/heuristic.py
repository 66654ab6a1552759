"""A hand-tuned evaluation of a Foxglove Farm town, for greedy play and rollouts.

``evaluate(state, seat)`` is the points already scored plus an estimate of the points the
town can still make. It reads only public facts (towns, scores, round and phase, the display,
the decision in progress), never the order of the stacks, so it is safe on a determinized copy.

* **Converters and holders.** Every converter (Bakery, Butcher, Market, …) and every holder
  that scores for what it keeps (Ranch, Woolmill, Museum, Storehouse…) is handed the goods
  that can reach it, best rate per cube first, in two passes:

  - *this round's processing* (round 4: the combined stage): the cubes in town now, in whole
    sets, at most one phase's worth per converter and only what fits in its free slots (in
    round 4 as much as the goods allow, provided one set fits);
  - *the later rounds*: leftover cubes plus everything producers, Kilns and Swiddens will still
    yield, in smooth (fractional) sets; a set short of one input still counts ``SOFT`` of its
    average, since a producer of the missing goods may yet be built.

  A cube counts 1 on the converter itself, ``W_CONN`` when trails already join it to the
  converter (it still has to be moved), and, while trails can still be laid,
  ``W_CONN * (1 - step * d)`` when ``d`` more trails or upgrades would join them (trail
  distances come from a small grid search, cached per town layout). So a converter that is
  not yet connected is worth part of its yield, and every trail that brings producers and
  converters closer is worth something: that is what makes the bot build trails.
* **Producers** are worth their output over the production phases left, through the same
  allocation; a producer whose goods have no outlet stops once it is full. Goods that nothing
  in town uses keep ``BETA`` of the best rate a converter on the display (or in town) offers.
* **Wood and stone** are building money. During the player's own construction turns the cubes
  that this round's processing does not need are worth ``BUILD_CUBE[round]`` each; after
  that, what matters is the next round's budget, and the Forest and Mine refill to their slots
  whatever is left on them. Extra wood/stone producers count for the construction phases left.
* **End-game effects** are counted exactly as they stand (``end_game_points``), plus a little
  for the growth of trail and building counters.
* **Decisions in progress.** A position in the middle of paying for a building or trail is
  judged as if the payment were complete (the engine places the tile only then). In rounds
  1–3, once a player has started moving cubes, a position is judged by what finishing the
  stage at once would give (processing and the next harvest, run by the engine), exactly as the
  "done" action is judged, so moving on and moving more cubes are compared on the same footing.
  ``DONE_BONUS`` breaks ties in favour of finishing.
"""

from __future__ import annotations

from .actions import A_DONE
from .constants import CONSTRUCTION, FINAL, OVER, PRODUCTION, TRANSPORT
from .content import TILES
from .geometry import TEE_INDEX, cell_of, in_bounds, neighbours, opposite, xy
from .goods import COAL, NUM_GOODS, SHEEP, STONE, WHEAT, WOOD
from .rulings import DEFAULT_MOVE_CAP

# ----------------------------------------------------------------------------- tunables
W_CONN = 0.92  # a cube joined to its converter by trails (it still has to be moved)
TRAIL_STEP = 0.12  # share of a cube's worth lost per missing trail between it and a converter
TRAIL_STEP_NOW = 0.3  # the same for this round's processing (the trails must be laid this turn)
D_MAX = 6  # further than this many trails counts as unreachable
W_HAUL = 0.85  # a cube a Hauler's Hut can pull to a converter joined to the Hut
W_PORTER = 0.75  # a cube a Porter's Lodge can carry
BETA = 0.3  # share of a display converter's rate for goods nothing in town uses yet
SOFT = 0.3  # later rounds: share of a converter's sets counted on its average input, not its scarcest
FINAL_MULT = 2.0  # round 4's combined stage processes about this many phases' worth
BIG = 1000.0
O_MIN = 0.5  # later harvests of a producer with no outlet yet (one may still be built)
START_WS_SHARE = 0.5  # part of the Forest's and Mine's output counted as converter input
DONE_BONUS = 0.01  # per stage of progress: finishing beats shuffling cubes
END_GROWTH = 2.0  # expected growth per construction phase of trail/building-count end effects
#: Value of one wood/stone cube in the construction phase of round k (index k; 5 = none).
BUILD_CUBE = (0.0, 1.0, 1.0, 1.0, 0.1, 0.0)

_ALL = (1 << NUM_GOODS) - 1


# ----------------------------------------------------------------------------- tile tables
def _tables():
    convs = []  # point converters: (inputs, n_in, points, k_distinct, cap_sets)
    makers = []  # goods converters (Kiln, Swidden): (inputs, n_in, outputs, cap_sets) or None
    prod_goods, prod_points, held_prod, breed, sinks, museum, other_end = [], [], [], [], [], [], []
    ws_yield, use = [], []
    for t in TILES:
        cv, mk = [], None
        pg, pp, hp, br, sk, mu, oe = [0] * NUM_GOODS, 0, None, None, None, 0, False
        for e in t.effects:
            if e.when == "processing":
                if e.kind == "convert":
                    n_in = sum(e.inputs)
                    cap = t.slots // n_in if n_in else 0
                    if e.points > 0:
                        cv.append((e.inputs, n_in, float(e.points), 0, cap))
                    elif any(e.goods):
                        mk = (e.inputs, n_in, e.goods, cap)
                elif e.kind == "convert_distinct":
                    cv.append((None, e.count, float(e.points), e.count, t.slots // e.count))
            elif e.when == "production":
                if e.kind == "gain":
                    pp += e.points
                    for g in range(NUM_GOODS):
                        pg[g] += e.goods[g]
                elif e.kind == "score_held":
                    hp = (e.held, e.points)
                elif e.kind == "breed":
                    br = (e.held, e.per_pair)
            elif e.when == "end":
                if e.kind == "score_held":
                    mask = _ALL if e.held < 0 else 1 << e.held
                    sk = (mask, float(e.points))
                elif e.kind == "full_bonus":
                    pass  # folded into the Ranch's per-sheep rate below
                elif e.kind == "distinct_types_held":
                    mu = e.points
                else:
                    oe = True
        bonus = sum(e.points for e in t.effects if e.kind == "full_bonus")
        if sk is not None and bonus and t.slots:
            sk = (sk[0], sk[1] + 0.5 * bonus / t.slots)
        convs.append(tuple(cv))
        makers.append(mk)
        prod_goods.append(tuple(pg))
        prod_points.append(pp)
        held_prod.append(hp)
        breed.append(br)
        sinks.append(sk)
        museum.append(mu)
        other_end.append(oe)
        ws_yield.append(pg[WOOD] + pg[STONE])
        per = [0.0] * NUM_GOODS
        for inputs, n_in, pts, k, _cap in cv:
            for g in range(NUM_GOODS):
                if k or inputs[g]:
                    per[g] = max(per[g], pts / n_in)
        if sk is not None:
            for g in range(NUM_GOODS):
                if sk[0] >> g & 1:
                    per[g] = max(per[g], sk[1])
        if hp is not None and hp[1] > 0:
            for g in range(NUM_GOODS):
                if hp[0] < 0 or hp[0] == g:
                    per[g] = max(per[g], 1.5 * hp[1])
        use.append(tuple(per))
    return convs, makers, prod_goods, prod_points, held_prod, breed, sinks, museum, other_end, ws_yield, use


(_CONVS, _MAKERS, _PROD_GOODS, _PROD_POINTS, _HELD_PROD, _BREED, _SINKS, _MUSEUM, _OTHER_END,
 _WS_YIELD, _USE) = _tables()
_SLOTS = tuple(t.slots for t in TILES)
_ACCEPTS = tuple(t.accepts for t in TILES)
_SUM_PROD = tuple(sum(v) for v in _PROD_GOODS)
_FREE_TRAIL = tuple(sum(e.count for e in t.effects if e.kind == "free_trail") for t in TILES)
_SUBS = tuple(sum(e.count for e in t.effects if e.kind == "wood_for_stone") for t in TILES)
_HAUL = frozenset(t.id for t in TILES if any(e.kind == "haul" for e in t.effects))
_PORTER = frozenset(t.id for t in TILES if any(e.kind == "porter" for e in t.effects))
_OPP = {d: opposite(d) for d in (1, 2, 4, 8)}


# ----------------------------------------------------------------------------- trail distances
class _Layout:
    """Per town layout: bounding box, cells of each trail group, trails needed between groups."""

    __slots__ = ("topo", "box", "groups", "dists", "shape")

    def __init__(self, topo, cells) -> None:
        self.topo = topo  # kept alive so that its id() stays unique while cached
        pts = [xy(c) for c in cells]
        xs = [p[0] for p in pts]
        ys = [p[1] for p in pts]
        self.box = (min(xs) - 1, max(xs) + 1, min(ys) - 1, max(ys) + 1)
        groups: dict[int, list[int]] = {}
        for cell, label in topo.comp.items():
            groups.setdefault(label, []).append(cell)
        self.groups = groups
        self.dists: dict[int, dict[int, int]] = {}
        # The distances depend on where buildings and trails lie, not on which building is
        # where: a search orders "build X here" for every tile it can afford, and those
        # layouts share one shape (about three in four distance searches are repeats).
        self.shape = frozenset((c, v if v < 0 else 0) for c, v in cells.items())

    def dist(self, cells, label: int) -> dict[int, int]:
        """Fewest new trails/upgrades joining group ``label`` to each cell (cut off at D_MAX)."""
        got = self.dists.get(label)
        if got is None:
            group = self.groups[label]
            key = (self.shape, frozenset(group))
            got = _DISTS.get(key)
            if got is None:
                if len(_DISTS) > 4096:
                    _DISTS.clear()
                got = _DISTS[key] = _bfs(cells, group, self.box)
            self.dists[label] = got
        return got


#: Trail distances by (town shape, starting group): see ``_Layout.shape``. The results are
#: shared read-only dictionaries, never changed once stored.
_DISTS: dict[tuple[frozenset, frozenset], dict[int, int]] = {}


def _bfs(cells, start, box) -> dict[int, int]:
    """Fewest new trails/upgrades from the cells ``start`` to every cell of the box.

    A 0-1-2 bucket search: stepping onto an empty cell costs a trail, turning an existing
    trail toward a neighbour costs an upgrade; T-junctions cannot turn. Hot in search, so the
    box test is a set lookup.
    """
    inside = _box_cells(box)
    dist = {c: 0 for c in start}
    buckets = [list(start)]
    k = 0
    while k < len(buckets):
        for a in buckets[k]:
            if dist[a] != k:
                continue
            ca = cells.get(a)
            ma = -ca if ca is not None and ca < 0 else 0  # openings of an existing trail at a
            a_building = ca is not None and ca >= 0
            for d, nb in neighbours(a):
                cost = 0
                if ma and not ma & d:  # the trail at a must open toward nb
                    if ma in TEE_INDEX:
                        continue
                    cost = 1
                cb = cells.get(nb)
                if cb is None:
                    if nb not in inside:
                        continue
                    cost += 1  # a new trail on the empty cell
                elif cb >= 0:
                    if a_building:
                        continue  # two buildings are never joined directly
                else:
                    mb = -cb
                    if not mb & _OPP[d]:
                        if mb in TEE_INDEX:
                            continue
                        cost += 1
                nd = k + cost
                if nd > D_MAX or nd >= dist.get(nb, D_MAX + 1):
                    continue
                dist[nb] = nd
                while len(buckets) <= nd:
                    buckets.append([])
                buckets[nd].append(nb)
        k += 1
    return dist


_BOXES: dict[tuple[int, int, int, int], frozenset[int]] = {}


def _box_cells(box: tuple[int, int, int, int]) -> frozenset[int]:
    got = _BOXES.get(box)
    if got is None:
        if len(_BOXES) > 256:
            _BOXES.clear()
        x0, x1, y0, y1 = box
        got = _BOXES[box] = frozenset(
            cell_of(x, y) for x in range(x0, x1 + 1) for y in range(y0, y1 + 1) if in_bounds(x, y))
    return got


_LAYOUTS: dict[int, _Layout] = {}


def _layout(state, seat: int) -> _Layout:
    topo = state._topology(seat)
    lay = _LAYOUTS.get(id(topo))
    if lay is None or lay.topo is not topo:
        if len(_LAYOUTS) > 4096:
            _LAYOUTS.clear()
        lay = _LAYOUTS[id(topo)] = _Layout(topo, state.cells[seat])
    return lay


# ----------------------------------------------------------------------------- evaluation
def _settled(state, seat: int):
    """The position once a pending payment is made: the tile or trail placed, the cost paid.

    The engine places a building or trail only when its cost is fully paid, so a position in
    the middle of paying would show neither the new tile nor the cost. A private copy is
    completed here (paying the rest from the Forest and Mine first) so that choosing a cell or a
    trail shape is judged on the town it leads to.
    """
    frame = state.frames[-1]
    _, _, rem, then = frame
    c = state.clone()
    c.frames = c.frames[:-1]
    cubes = c.cubes[seat]
    kinds = c.kinds[seat]
    what = then[0]
    if what == "build":
        tid, cell = then[1], then[2]
        kind = TILES[tid]
        b = len(kinds)
        c.cells[seat][cell] = b
        kinds.append(tid)
        c.bcell[seat].append(cell)
        cubes.extend((0,) * NUM_GOODS)
        for e in kind.effects:
            if e.when == "immediate" and e.kind == "gain":
                c.points[seat] += e.points
                room = kind.slots
                for g in range(NUM_GOODS):
                    n = min(e.goods[g], room)
                    cubes[b * NUM_GOODS + g] += n
                    room -= n
    elif what == "trail":
        c.cells[seat][then[1]] = -then[2]
        c.ntrails[seat] += 1
    else:
        c.cells[seat][then[1]] = -then[2]
    c._topo = c._topo[:]
    c._topo[seat] = None
    order = sorted(range(len(kinds)), key=lambda i: (kinds[i] not in _START, i))
    flex = rem[5]
    for g in range(NUM_GOODS):
        need = rem[g]
        for i in order:
            if need <= 0:
                break
            take = min(need, cubes[i * NUM_GOODS + g])
            cubes[i * NUM_GOODS + g] -= take
            need -= take
    for i in order:
        for g in (WOOD, STONE):
            take = min(flex, cubes[i * NUM_GOODS + g])
            cubes[i * NUM_GOODS + g] -= take
            flex -= take
    return c


def evaluate(state, seat: int) -> float:
    """Higher is better for ``seat``: points now plus an estimate of the points still to come."""
    return _evaluate(state, seat, None)


#: The terms ``evaluate`` adds up, in the order ``evaluate_parts`` returns them.
PART_NAMES = ("banked", "engine", "building_money", "this_round", "later_rounds", "unused_goods")


def evaluate_parts(state, seat: int) -> list[float]:
    """``evaluate`` split into its terms (``PART_NAMES``); they add up to ``evaluate``.

    Points and end-game points already banked; production points and end-game growth; wood
    and stone as building money; this round's processing; later rounds' processing; goods no
    converter in town uses. The learned value (``value.py``) re-weighs these per round.
    """
    parts = [0.0] * len(PART_NAMES)
    _evaluate(state, seat, None, parts)
    return parts


def _evaluate(state, seat: int, want, parts=None) -> float:
    """The estimate behind ``evaluate`` and ``evaluate_parts`` (see the module docstring for the
    terms and why each is there).

    Still one function: its terms share one pass over the buildings and the allocation tables
    built from it (supply, consumers, weights), and the learned value was fitted to its exact
    floating-point results, so splitting it into named terms must keep every operation in the
    same order; that split, checked against the current results position by position, is the
    next step of the layout work (docs/architecture.md)."""
    frames = state.frames
    if frames and frames[-1][0] == "pay" and frames[-1][1] == seat:
        state = _settled(state, seat)
    elif (state.phase == TRANSPORT and not frames and state.current_player == seat
          and state.moves_left < state.options.get("move_cap", DEFAULT_MOVE_CAP)):
        # Rounds 1-3, in the middle of moving cubes: judge the position by what finishing the
        # stage now would give (processing, the next harvest), as "done" itself is judged, so
        # that moving on and moving more cubes are compared on the same footing. The display
        # seen is the one before (a round-2 finish would reveal new tiles).
        after = state.clone()
        after.apply(A_DONE)
        if parts is not None:
            parts[0] -= DONE_BONUS
        return _evaluate(after, seat, _display_want(state, seat), parts) - DONE_BONUS
    cubes = state.cubes[seat]
    rnd = state.round
    phase = state.phase
    if phase == OVER:
        return state.points[seat] + DONE_BONUS * 10
    finished = phase in (TRANSPORT, FINAL) and seat in state.order[:state.stage_idx]
    progress = DONE_BONUS * (2 * rnd + (1 if finished else 0))
    value = float(state.points[seat]) + state.end_game_points(seat) + progress
    if parts is not None:
        parts[0] += value
    if finished and rnd == 4:
        return value
    engine = money = 0.0  # the parts of ``value`` that parts[1] and parts[2] report
    kinds = state.kinds[seat]
    bcell = state.bcell[seat]
    cells = state.cells[seat]
    build_now = phase == PRODUCTION or (phase == CONSTRUCTION and not state.passed[seat])
    cur_open = not finished  # this round's processing (round 4: the combined stage) is ahead
    final_now = rnd == 4
    has_future = rnd < 4
    prod_left = 4 - rnd  # production phases still to come
    normal_future = max(0, 3 - rnd)  # ordinary processing phases in later rounds
    haul_now = build_now or bool(state.frames and state.frames[-1][0] == "tstart")
    expert = seat in state.options.get("expert", ())

    lay = _layout(state, seat)
    topo = lay.topo
    comp = topo.comp
    label = [comp[c] for c in bcell]
    nb = len(kinds)

    # ---- one pass over the buildings: direct values, supply, consumers
    sup: dict[int, list[float]] = {}
    consumers = []  # (rate per cube, building, kind, spec, mask of goods taken)
    makers = []
    producers = []
    hut = -1
    porter = False
    for b in range(nb):
        tid = kinds[b]
        base = b * NUM_GOODS
        c = cubes[base:base + NUM_GOODS]
        load = c[0] + c[1] + c[2] + c[3] + c[4]
        free = _SLOTS[tid] - load
        if tid in _HAUL:
            hut = b
        elif tid in _PORTER:
            porter = True
        if prod_left:
            engine += _PROD_POINTS[tid] * prod_left
            hp = _HELD_PROD[tid]
            if hp is not None:
                g, p = hp
                held = load if g < 0 else c[g]
                engine += p * held * prod_left
                if p > 0:
                    mask = _ALL if g < 0 else 1 << g
                    spec = (mask, p * prod_left, 0.7 * p * (prod_left - 1), free)
                    consumers.append((1.5 * p, b, "hold", spec, mask))
                    c = [0] * NUM_GOODS if g < 0 else [c[h] if h != g else 0 for h in range(NUM_GOODS)]
        if _OTHER_END[tid] and has_future:
            engine += END_GROWTH * (prod_left + (1 if build_now else 0)) * 0.5
        sk = _SINKS[tid]
        if sk is not None:
            consumers.append((sk[1], b, "sink", (sk[0], sk[1], sk[1], free), sk[0]))
            continue  # cubes on an end-game holder are banked
        if _MUSEUM[tid]:
            consumers.append((float(_MUSEUM[tid]), b, "museum", (c, free, float(_MUSEUM[tid])), _ALL))
            continue
        mk = _MAKERS[tid]
        if mk is not None:
            makers.append(b)
            c = [0 if mk[0][g] else c[g] for g in range(NUM_GOODS)]  # inputs become outputs
        for cv in _CONVS[tid]:
            cmask = _ALL if cv[3] else sum(1 << g for g in range(NUM_GOODS) if cv[0][g])
            consumers.append((cv[2] / cv[1], b, "conv", cv, cmask))
        if _SUM_PROD[tid] or _BREED[tid] is not None:
            producers.append(b)
        if any(c):
            sup[b] = [float(x) for x in c]
        if has_future and _FREE_TRAIL[tid]:
            money += sum(BUILD_CUBE[k] for k in range(rnd + 1, 5))
        if has_future and _SUBS[tid]:
            money += 0.5 * sum(BUILD_CUBE[k] for k in range(rnd + 1, 5))
        # building currency: spendable now, or carried into the next construction phase (where
        # a refilling tile such as the Forest tops up to its slots whatever is left on it)
        # (cubes spendable now are counted after this round's processing has taken its share)
        stock = c[WOOD] + c[STONE]
        wy = _WS_YIELD[tid]
        if wy:
            full = min(_SLOTS[tid], wy)
            if build_now:
                money += BUILD_CUBE[rnd + 1] * full
            else:
                money += BUILD_CUBE[rnd + 1] * min(_SLOTS[tid], stock + wy)
            money += sum(BUILD_CUBE[k] for k in range(rnd + 2, 5)) * full
        elif stock and not build_now:
            money += BUILD_CUBE[rnd + 1] * stock

    # ---- weights: how much of a cube on b counts for the consumer on building t
    wcache: dict[tuple[int, int, int, bool], float] = {}

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

    consumers.sort(key=lambda x: -x[0])
    # remaining capacity of holders, shared by both passes
    room = {}
    for _rate, b, kind, spec, _mask in consumers:
        if kind in ("sink", "hold"):
            room[b] = float(max(spec[3], 0))
        elif kind == "museum":
            room[b] = float(max(spec[1], 0))

    smult: dict[int, float] = {}  # extra factor on a source's cubes (Kiln output in round 4)

    def sources(supply, t: int, goods, now: bool):
        """Per goods type: total cubes that can reach ``t`` and their (weight, building) list."""
        raw = [0.0] * NUM_GOODS
        srcs: list[list[tuple[float, int]]] = [[] for _ in range(NUM_GOODS)]
        for b, vec in supply.items():
            for g in goods:
                if vec[g] > 1e-9:
                    w = weight(b, t, g, now)
                    if w > 0:
                        if now and b in smult:
                            w *= smult[b]
                        raw[g] += vec[g]
                        srcs[g].append((w, b))
        return raw, srcs

    def allocate_now(supply: dict[int, list[float]], used: dict[int, float]) -> float:
        """This round's processing: whole sets only, each cube valued at its weight."""
        total = 0.0
        for _rate, t, kind, spec, _mask in consumers:
            if kind == "conv":
                inputs, n_in, pts, k, cap = spec
                limit = BIG if final_now else cap
                if limit <= 0:
                    continue
                goods = _EVERY if k else _NEEDS[id(inputs)]
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
                    own = supply.get(t) or _NONE
                    base = t * NUM_GOODS
                    free = _SLOTS[kinds[t]] - sum(cubes[base:base + NUM_GOODS])
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
                        total += per * _take(supply, srcs[g], g, need[g], used)
            elif kind in ("sink", "hold"):
                mask, per, _per_fut, _free = spec
                left = int(room[t] + 1e-9)
                if left <= 0 or per <= 0:
                    continue
                goods = [g for g in range(NUM_GOODS) if mask >> g & 1]
                raw, srcs = sources({b: v for b, v in supply.items() if b != t}, t, goods, True)
                for g in goods:
                    n = min(int(raw[g] + 1e-9), left)
                    if n > 0:
                        total += per * _take(supply, srcs[g], g, n, used)
                        left -= n
                room[t] = float(left)
            else:  # museum: one cube of each type it lacks
                held, _free, pts = spec
                left = int(room[t] + 1e-9)
                goods = [g for g in range(NUM_GOODS) if not held[g]]
                raw, srcs = sources({b: v for b, v in supply.items() if b != t}, t, goods, True)
                for g in goods:
                    if left > 0 and raw[g] >= 1 - 1e-9:
                        total += pts * _take(supply, srcs[g], g, 1, used)
                        left -= 1
                        museum_done.add((t, g))
                room[t] = float(left)
        return total

    museum_done: set[tuple[int, int]] = set()

    def allocate_future(supply: dict[int, list[float]]) -> float:
        """Later rounds: smooth (fractional) sets, each cube counted at its weight."""
        total = 0.0
        for _rate, t, kind, spec, _mask in consumers:
            if kind == "conv":
                inputs, n_in, pts, k, cap = spec
                limit = cap * (normal_future + FINAL_MULT)
                if limit <= 0:
                    continue
                goods = _EVERY if k else _NEEDS[id(inputs)]
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
                    _consume(supply, srcs[g], g, need[g], None)
            elif kind in ("sink", "hold"):
                mask, _per_now, per, _free = spec
                left = room[t]
                if left <= 1e-9 or per <= 0:
                    continue
                goods = [g for g in range(NUM_GOODS) if mask >> g & 1]
                raw, srcs = sources({b: v for b, v in supply.items() if b != t}, t, goods, False)
                for g in goods:
                    avail = sum(supply[b][g] * w for w, b in srcs[g])
                    take = min(avail, left)
                    if take > 1e-9:
                        total += take * per
                        left -= take
                        _consume(supply, srcs[g], g, take, None)
                room[t] = left
            else:
                held, _free, pts = spec
                left = room[t]
                goods = [g for g in range(NUM_GOODS) if not held[g] and (t, g) not in museum_done]
                raw, srcs = sources({b: v for b, v in supply.items() if b != t}, t, goods, False)
                for g in goods:
                    avail = sum(supply[b][g] * w for w, b in srcs[g])
                    take = min(avail, 1.0, left)
                    if take > 1e-9:
                        total += take * pts
                        left -= take
                        _consume(supply, srcs[g], g, take, None)
                room[t] = left
        return total

    used: dict[int, float] = {}
    maker_now: dict[int, float] = {}
    if cur_open:
        if final_now and makers:
            # round 4: a processing step turns Kiln wood into coal that can still be used
            for b in makers:
                inputs, n_in, outs, cap = _MAKERS[kinds[b]]
                base = b * NUM_GOODS
                sets = min(cubes[base + g] // inputs[g] for g in range(NUM_GOODS) if inputs[g])
                if sets:
                    vec = sup.setdefault(b, [0.0] * NUM_GOODS)
                    for g in range(NUM_GOODS):
                        vec[g] += sets * outs[g]
                    smult[b] = 0.9
        now = allocate_now(sup, used)
        value += now
        if parts is not None:
            parts[3] += now
        if not final_now:
            # this round's run of each Kiln/Swidden: what is on it plus what can still reach it
            for b in makers:
                inputs, n_in, outs, cap = _MAKERS[kinds[b]]
                base = b * NUM_GOODS
                goods = [g for g in range(NUM_GOODS) if inputs[g]]
                raw, srcs = sources({x: v for x, v in sup.items() if x != b}, b, goods, True)
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
                        got += _take(sup, srcs[g], g, sets * inputs[g] - own, used)
                maker_now[b] = got / n_in
    if build_now:  # wood and stone that this round's processing leaves are building money
        money += BUILD_CUBE[rnd] * sum(vec[WOOD] + vec[STONE] for vec in sup.values())
    value += engine + money
    if parts is not None:
        parts[1] += engine
        parts[2] += money

    if not has_future:
        return value

    # ---- later rounds: leftover cubes plus what producers and makers will still yield
    fut = sup
    for b in producers:
        tid = kinds[b]
        base = b * NUM_GOODS
        slots = _SLOTS[tid]
        load = sum(cubes[base:base + NUM_GOODS])
        free_next = min(slots, slots - load + used.get(b, 0.0))
        vec = fut.setdefault(b, [0.0] * NUM_GOODS)
        br = _BREED[tid]
        if br is not None:
            g, per_pair = br
            n = cubes[base + g]
            first = min(per_pair * (n // 2), max(free_next, 0.0))
            later = min(per_pair * max(n // 2, 1), slots) * (prod_left - 1) if n >= 2 else 0.0
            vec[g] += first + later
            continue
        tot = _SUM_PROD[tid]
        first = min(tot, max(free_next, 0.0))
        later = min(tot, slots) * (prod_left - 1)
        if later and not _WS_YIELD[tid]:
            # a producer whose goods cannot leave fills up and stops: later harvests count as
            # far as an outlet exists (or, at least, may be built)
            pmask = _PROD_MASK[tid]
            outlet = O_MIN
            for _rate, t, _kind, _spec, cmask in consumers:
                if cmask & pmask and t != b:
                    for g in range(NUM_GOODS):
                        if (cmask & pmask) >> g & 1:
                            w = weight(b, t, g, False)
                            if w > outlet:
                                outlet = w
            later *= outlet
        pg = _PROD_GOODS[tid]
        share = (first + later) / tot
        for g in range(NUM_GOODS):
            if pg[g]:
                # the Forest's and Mine's wood and stone mostly go to building
                vec[g] += pg[g] * share * (START_WS_SHARE if tid in _START else 1.0)
    for b in makers:
        tid = kinds[b]
        inputs, n_in, outs, cap = _MAKERS[tid]
        base = b * NUM_GOODS
        # how well the maker can be fed: wood sources joined (or joinable) to it
        fw = 0.0
        for s in range(nb):
            if s != b and any(inputs[g] and (_PROD_GOODS[kinds[s]][g] or cubes[s * NUM_GOODS + g])
                              for g in range(NUM_GOODS)):
                g = next(g for g in range(NUM_GOODS) if inputs[g])
                fw = max(fw, weight(s, b, g, False))
        sets = cap * fw * (normal_future + 1) + maker_now.get(b, 0.0)
        vec = fut.setdefault(b, [0.0] * NUM_GOODS)
        for g in range(NUM_GOODS):
            vec[g] += sets * outs[g]
    later = allocate_future(fut)
    unused = _unused_goods(want or _display_want(state, seat), fut)
    if parts is not None:
        parts[4] += later
        parts[5] += unused
    return value + later + unused


def _display_want(state, seat: int) -> list[float]:
    """Best rate per wheat, coal and sheep cube among the converters on display or in town."""
    want = [0.0] * NUM_GOODS
    tids = [space[-1] for space in state.display if space]
    tids += state.kinds[seat]
    for tid in tids:
        per = _USE[tid]
        for g in (WHEAT, COAL, SHEEP):
            if per[g] > want[g]:
                want[g] = per[g]
    return want


def _unused_goods(want, supply) -> float:
    """Goods no converter in town takes: a little, as a converter that wants them may be built."""
    total = 0.0
    for vec in supply.values():
        total += vec[WHEAT] * want[WHEAT] + vec[COAL] * want[COAL] + vec[SHEEP] * want[SHEEP]
    return BETA * total


_START = frozenset(t.id for t in TILES if t.tier == "start")
_PROD_MASK = tuple(sum(1 << g for g in range(NUM_GOODS) if v[g]) for v in _PROD_GOODS)
_EVERY = tuple(range(NUM_GOODS))
_NONE = (0.0,) * NUM_GOODS
_NEEDS = {id(cv[0]): tuple(g for g in range(NUM_GOODS) if cv[0][g]) for cvs in _CONVS for cv in cvs if cv[0]}


def _missing(n: int, own, inputs, k: int, goods) -> float:
    """Cubes that must still come onto a converter holding ``own`` for ``n`` sets."""
    if k:
        return k * n - sum(min(own[g], n) for g in goods)
    return sum(max(0.0, n * inputs[g] - own[g]) for g in goods)


def _take(supply, srcs, g: int, n: int, used) -> float:
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


def _consume(supply, srcs, g: int, want: float, used) -> None:
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
