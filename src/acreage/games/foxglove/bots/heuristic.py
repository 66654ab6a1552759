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

Where the code lives: the tunable weights and per-tile tables in ``heuristic_tables.py``; the
trail distances in ``trail_distance.py``; the survey of a town and the matching of its goods to
converters in ``heuristic_town.py``; here, one named function per term of the estimate
(``PART_NAMES``), each saying what it values. The terms share the survey and run in a fixed
order (each pass hands out goods the next must not count again), and their floating-point
results are exactly those the learned value (``value.py``) was fitted on.
"""

from __future__ import annotations

from ....core.caches import MadeOnce
from ..actions import A_DONE
from ..constants import FINAL, OVER, TRANSPORT
from ..content import TILES
from ..frames import Build, NewTrail, Pay
from ..goods import COAL, GOODS_OF_MASK, NUM_GOODS, SHEEP, STONE, WHEAT, WOOD
from ..queries import town_changed
from ..rulings import DEFAULT_MOVE_CAP
from .heuristic_tables import (
    BETA,
    BREED,
    BUILD_CUBE,
    BUILD_CUBE_FROM,
    DONE_BONUS,
    END_GROWTH,
    FREE_TRAIL,
    HELD_PROD,
    MAKERS,
    O_MIN,
    OTHER_END,
    PROD_GOODS,
    PROD_MASK,
    PROD_POINTS,
    SLOTS,
    START,
    START_WS_SHARE,
    SUBS,
    SUM_PROD,
    USE,
    WS_YIELD,
)
from .heuristic_town import TownSurvey

__all__ = ["PART_NAMES", "evaluate", "evaluate_parts"]


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
    """Add up the terms, in the order their shared survey requires (``parts`` gets each one).

    ``want``: the display's rates for goods nothing in town uses, when the caller judges the
    position after finishing a transport stage but by the display seen before it."""
    frames = state.frames
    if frames and type(frames[-1]) is Pay and frames[-1].seat == seat:
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
    if state.phase == OVER:
        return state.points[seat] + DONE_BONUS * 10
    finished = state.phase in (TRANSPORT, FINAL) and seat in state.order[:state.stage_index]
    value = banked_points(state, seat, finished)
    if parts is not None:
        parts[0] += value
    if finished and state.round == 4:
        return value
    town = TownSurvey(state, seat, finished)
    engine = engine_points(town)
    if town.cur_open:
        now = this_round_processing(town)
        value += now
        if parts is not None:
            parts[3] += now
    money = building_money(town)
    value += engine + money
    if parts is not None:
        parts[1] += engine
        parts[2] += money
    if not town.has_future:
        return value
    later = later_rounds_processing(town)
    unused = unused_goods(want or _display_want(state, seat), town.supply)
    if parts is not None:
        parts[4] += later
        parts[5] += unused
    return value + later + unused


# ----------------------------------------------------------------------------- the terms
def banked_points(state, seat: int, finished: bool) -> float:
    """Points scored, end-game points as they stand now, and a tiny bonus per stage of progress.

    Banked points are certain, so they count in full; the progress bonus (``DONE_BONUS`` per
    stage) only breaks ties in favour of moving the game on."""
    progress = DONE_BONUS * (2 * state.round + (1 if finished else 0))
    return float(state.points[seat]) + state.end_game_points(seat) + progress


def engine_points(town: TownSurvey) -> float:
    """Points the town's production will still make by itself, and end-game growth.

    Production points (and points per cube a tile holds at production) recur in each
    production phase left; an end-game effect that counts trails or buildings grows as the
    town does, by about ``END_GROWTH`` per construction phase left."""
    cubes, kinds, prod_left = town.cubes, town.kinds, town.prod_left
    has_future, build_now = town.has_future, town.build_now
    engine = 0.0
    for b in range(town.nb):
        tid = kinds[b]
        if prod_left:
            engine += PROD_POINTS[tid] * prod_left
            hp = HELD_PROD[tid]
            if hp is not None:
                g, p = hp
                base = b * NUM_GOODS
                c = cubes[base:base + NUM_GOODS]
                held = (c[0] + c[1] + c[2] + c[3] + c[4]) if g < 0 else c[g]
                engine += p * held * prod_left
        if OTHER_END[tid] and has_future:
            engine += END_GROWTH * (prod_left + (1 if build_now else 0)) * 0.5
    return engine


def this_round_processing(town: TownSurvey) -> float:
    """Points this round's processing can still make from the cubes in town now.

    Whole sets only, one phase's worth per converter (round 4: the combined stage, as much as
    the goods allow, after a Kiln step turns wood into coal), each cube at the weight of its
    path to the converter. It also runs this round's Kilns and Swiddens, whose output the later
    rounds count."""
    if town.final_now and town.makers:
        town.run_makers_final()
    now = town.process_now(town.supply, town.used)
    if not town.final_now:
        town.run_makers_now()
    return now


def building_money(town: TownSurvey) -> float:
    """Wood and stone as money for building, now and in the construction phases left.

    A cube is worth ``BUILD_CUBE[round]`` while it can still be spent this round (what this
    round's processing leaves over); otherwise it counts toward the next round's budget, where
    the Forest and Mine refill to their slots whatever is left on them. Tiles that give free
    trails or let wood stand for stone count as the cubes they save. Must run after
    ``this_round_processing``, which takes its share of the cubes first."""
    kinds, spare, rnd = town.kinds, town.spare, town.rnd
    has_future, build_now = town.has_future, town.build_now
    money = 0.0
    for b in range(town.nb):
        c = spare[b]
        if c is None:
            continue  # an end-game holder or the Museum: its cubes are banked
        tid = kinds[b]
        if has_future and FREE_TRAIL[tid]:
            money += BUILD_CUBE_FROM[rnd + 1]
        if has_future and SUBS[tid]:
            money += 0.5 * BUILD_CUBE_FROM[rnd + 1]
        stock = c[WOOD] + c[STONE]
        wy = WS_YIELD[tid]
        if wy:
            full = min(SLOTS[tid], wy)
            if build_now:
                money += BUILD_CUBE[rnd + 1] * full
            else:
                money += BUILD_CUBE[rnd + 1] * min(SLOTS[tid], stock + wy)
            money += BUILD_CUBE_FROM[rnd + 2] * full
        elif stock and not build_now:
            money += BUILD_CUBE[rnd + 1] * stock
    if build_now:
        money += BUILD_CUBE[rnd] * town.leftover_building_cubes()
    return money


def later_rounds_processing(town: TownSurvey) -> float:
    """Points the later rounds' processing can make from leftover cubes and future output.

    Producers add their harvests for the production phases left (a producer whose goods have
    no outlet fills up and stops, so its later harvests count only as far as an outlet exists or
    may be built, at least ``O_MIN``; the Forest's and Mine's output mostly goes to building,
    ``START_WS_SHARE``); Kilns and Swiddens add their output as far as wood can reach them.
    Converters then take it all in smooth sets (``TownSurvey.process_later``)."""
    _add_future_output(town)
    return town.process_later(town.supply)


def _add_future_output(town: TownSurvey) -> None:
    """Add to the supply what producers and makers will still yield in the rounds left."""
    cubes, kinds, fut, used = town.cubes, town.kinds, town.supply, town.used
    prod_left, weight = town.prod_left, town.weight
    for b in town.producers:
        tid = kinds[b]
        base = b * NUM_GOODS
        slots = SLOTS[tid]
        load = sum(cubes[base:base + NUM_GOODS])
        free_next = min(slots, slots - load + used.get(b, 0.0))
        vec = fut.setdefault(b, [0.0] * NUM_GOODS)
        br = BREED[tid]
        if br is not None:
            g, per_pair = br
            n = cubes[base + g]
            first = min(per_pair * (n // 2), max(free_next, 0.0))
            later = min(per_pair * max(n // 2, 1), slots) * (prod_left - 1) if n >= 2 else 0.0
            vec[g] += first + later
            continue
        tot = SUM_PROD[tid]
        first = min(tot, max(free_next, 0.0))
        later = min(tot, slots) * (prod_left - 1)
        if later and not WS_YIELD[tid]:
            # a producer whose goods cannot leave fills up and stops: later harvests count as
            # far as an outlet exists (or, at least, may be built)
            pmask = PROD_MASK[tid]
            outlet = O_MIN
            for _rate, t, _kind, _spec, cmask in town.consumers:
                if cmask & pmask and t != b:
                    for g in GOODS_OF_MASK[cmask & pmask]:
                        w = weight(b, t, g, False)
                        if w > outlet:
                            outlet = w
            later *= outlet
        share = (first + later) / tot
        # the Forest's and Mine's wood and stone mostly go to building
        factor = START_WS_SHARE if tid in START else 1.0
        for g, made in _MADE[tid]:
            vec[g] += made * share * factor
    for b in town.makers:
        tid = kinds[b]
        inputs, n_in, outs, cap = MAKERS[tid]
        # how well the maker can be fed: wood sources joined (or joinable) to it
        fw = 0.0
        wanted = _INPUT_GOODS[tid]
        first = wanted[0]
        for s in range(town.nb):
            if s != b:
                made, base = PROD_GOODS[kinds[s]], s * NUM_GOODS
                for g in wanted:
                    if made[g] or cubes[base + g]:
                        fw = max(fw, weight(s, b, first, False))
                        break
        sets = cap * fw * (town.normal_future + 1) + town.maker_now.get(b, 0.0)
        vec = fut.setdefault(b, [0.0] * NUM_GOODS)
        for g in range(NUM_GOODS):
            vec[g] += sets * outs[g]




# ----------------------------------------------------------------------------- helpers
#: Per tile id: (goods type, how many) of each type it produces, in goods order.
_MADE = tuple(tuple((g, n) for g, n in enumerate(pg) if n) for pg in PROD_GOODS)
#: Per maker tile id: the goods types its inputs name, in goods order (None for other tiles).
_INPUT_GOODS = tuple(None if mk is None else tuple(g for g in range(NUM_GOODS) if mk[0][g]) for mk in MAKERS)


def _settled(state, seat: int):
    """The position once a pending payment is made: the tile or trail placed, the cost paid.

    The engine places a building or trail only when its cost is fully paid, so a position in
    the middle of paying would show neither the new tile nor the cost. A private copy is
    completed here (paying the rest from the Forest and Mine first) so that choosing a cell or a
    trail shape is judged on the town it leads to.
    """
    frame = state.frames[-1]
    rem, then = frame.owed, frame.purpose
    c = _town_copy(state, seat)
    c.frames = c.frames[:-1]
    cubes = c.cubes[seat]
    kinds = c.building_tiles[seat]
    what = type(then)
    if what is Build:
        tid, cell = then.tile, then.cell
        kind = TILES[tid]
        b = len(kinds)
        c.cells[seat][cell] = b
        kinds.append(tid)
        c.building_cells[seat].append(cell)
        cubes.extend((0,) * NUM_GOODS)
        for e in kind.effects:
            if e.when == "immediate" and e.kind == "gain":
                c.points[seat] += e.points
                room = kind.slots
                for g in range(NUM_GOODS):
                    n = min(e.goods[g], room)
                    cubes[b * NUM_GOODS + g] += n
                    room -= n
        town_changed(c, seat, cell)
    elif what is NewTrail:
        c.cells[seat][then.cell] = -then.shape
        c.trails_laid[seat] += 1
        town_changed(c, seat, then.cell)
    else:
        c.cells[seat][then.cell] = -then.shape
        town_changed(c, seat, then.cell)
    order = sorted(range(len(kinds)), key=lambda i: (kinds[i] not in START, i))
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


def _town_copy(state, seat: int):
    """A copy of ``state`` to change ``seat``'s town in and then only read: that town's cells,
    tiles and cubes, the points, trail counts, pending records and topologies are its own; the
    rest (the other towns, the stacks, the display, the move record) is shared with ``state``.

    Why: ``_settled`` completes a payment in a copy for every option a search judges, and a
    whole clone also copies what it never touches (the move record alone grows with the game)."""
    c = state.__class__.__new__(state.__class__)
    c.__dict__.update(state.__dict__)  # not a dict's copy as in clone(): measured slower to read here
    c._events = None
    c._legal = None
    c.rng = state.rng.clone()  # never drawn from here; a copy keeps the original's stream safe
    c.points = state.points[:]
    c.trails_laid = state.trails_laid[:]
    c.frames = state.frames[:]
    c._topologies = state._topologies[:]
    for name in ("cells", "building_tiles", "building_cells", "cubes"):
        rows = getattr(state, name)[:]
        rows[seat] = rows[seat].copy()
        setattr(c, name, rows)
    return c


def _display_want(state, seat: int) -> list[float]:
    """Best rate per wheat, coal and sheep cube among the converters on display or in town."""
    wheat, coal, sheep = display_rates(state)  # the best so far, in locals
    for tid in state.building_tiles[seat]:
        w, c, s = _USE_WCS[tid]
        if w > wheat:
            wheat = w
        if c > coal:
            coal = c
        if s > sheep:
            sheep = s
    want = [0.0] * NUM_GOODS
    want[WHEAT], want[COAL], want[SHEEP] = wheat, coal, sheep
    return want


def display_rates(state) -> tuple[float, float, float]:
    """Best rate per wheat, coal and sheep cube among the tiles on display: all a judgement
    reads of the display (``judgement_key.py`` keys positions by it, so displays that differ
    only in tiles that change no best rate are judged once)."""
    return _DISPLAY_RATES[tuple([space[-1] for space in state.display if space])]


def _rates_of(tops: tuple[int, ...]) -> tuple[float, float, float]:
    return (max([0.0, *[_USE_WCS[tid][0] for tid in tops]]),
            max([0.0, *[_USE_WCS[tid][1] for tid in tops]]),
            max([0.0, *[_USE_WCS[tid][2] for tid in tops]]))


#: Each tile's best points per wheat, coal and sheep cube (``USE``'s three columns), by tile id.
_USE_WCS = tuple((per[WHEAT], per[COAL], per[SHEEP]) for per in USE)
#: ``display_rates`` by the display's top tiles (bounded: a search meets many displays).
_DISPLAY_RATES = MadeOnce(_rates_of, limit=4096)


def unused_goods(want, supply) -> float:
    """Goods no converter in town takes: a little, as a converter that wants them may be built."""
    total = 0.0
    for vec in supply.values():
        total += vec[WHEAT] * want[WHEAT] + vec[COAL] * want[COAL] + vec[SHEEP] * want[SHEEP]
    return BETA * total
