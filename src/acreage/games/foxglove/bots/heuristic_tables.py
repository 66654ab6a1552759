"""What the Foxglove heuristic (``heuristic.py``) reads: its tunable weights and, per tile, the
effects it values, flattened into tuples indexed by tile id.

Why a module of its own: the weights are what a person tunes and the tables are what the
content says; both are read by every term of the estimate and by the learned value
(``value.py``), and neither changes during a game, so they are computed once at import.
"""

from __future__ import annotations

from ..content import TILES
from ..goods import NUM_GOODS, STONE, WOOD

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
#: BUILD_CUBE summed from round k to round 4 (index k), added up in the same order as a loop would.
BUILD_CUBE_FROM = tuple(sum(BUILD_CUBE[k] for k in range(r, 5)) for r in range(7))

#: A goods mask with every goods type in it.
ALL_MASK = (1 << NUM_GOODS) - 1


# ----------------------------------------------------------------------------- tile tables
def _tables():
    """Per tile id, what the estimate reads of its effects (one pass over the content)."""
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
                    mask = ALL_MASK if e.held < 0 else 1 << e.held
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


#: Per tile id: point converters; goods makers (or None); goods and points gained each
#: production; points per held cube each production (or None); breeding (goods, per pair, or
#: None); end-game holder (goods mask, points per cube, or None); Museum points per distinct
#: type; whether another end-game effect grows with the town; wood+stone produced; and the
#: best points per cube of each goods type the tile offers (what a town "wants" it for).
(CONVS, MAKERS, PROD_GOODS, PROD_POINTS, HELD_PROD, BREED, SINKS, MUSEUM, OTHER_END,
 WS_YIELD, USE) = _tables()
SLOTS = tuple(t.slots for t in TILES)
SUM_PROD = tuple(sum(v) for v in PROD_GOODS)
FREE_TRAIL = tuple(sum(e.count for e in t.effects if e.kind == "free_trail") for t in TILES)
SUBS = tuple(sum(e.count for e in t.effects if e.kind == "wood_for_stone") for t in TILES)
HAUL = frozenset(t.id for t in TILES if any(e.kind == "haul" for e in t.effects))
PORTER = frozenset(t.id for t in TILES if any(e.kind == "porter" for e in t.effects))
#: The two halves of the starting tile (Forest and Mine).
START = frozenset(t.id for t in TILES if t.tier == "start")
PROD_MASK = tuple(sum(1 << g for g in range(NUM_GOODS) if v[g]) for v in PROD_GOODS)
EVERY_GOOD = tuple(range(NUM_GOODS))
NO_GOODS = (0.0,) * NUM_GOODS
#: The goods types each converter's inputs name, by id() of its inputs tuple.
NEEDS = {id(cv[0]): tuple(g for g in range(NUM_GOODS) if cv[0][g]) for cvs in CONVS for cv in cvs if cv[0]}
