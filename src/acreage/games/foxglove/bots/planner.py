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

from ....core import deadline as search_deadline
from ....core.caches import memo_table
from ....core.errors import IllegalAction
from ..actions import A_DONE, DONE, HAUL, PROCESS, Action
from ..constants import FINAL, TRANSPORT
from ..frames import TransportStart
from ..goods import NUM_GOODS
from .planner_model import ModelBuilder, Solution
from .planner_objective import DEFAULT_WEIGHTS, SCALE, Weights, leftover_value, process_cubes
from .planner_replay import Replay, realise, schedule
from .planner_town import HAUL_TILES, TransportTown

log = logging.getLogger(__name__)


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


def _solve(town: TransportTown, cp, batches: int, budget: _Budget, workers: int, target=None,
           hints: dict | None = None) -> Solution:
    """Build and solve one model. ``target = (bound, fewest actions)`` from the relaxation: the
    value cannot exceed the bound (a valid cut), and the search stops once a solution reaches
    the bound with no more actions than the relaxation needs (then it is optimal on both counts).
    A solution at the bound with more actions stops the search too; a short second solve with
    the value fixed at the bound then looks for fewer actions (a tie-break only).

    One function: the model, its cut, the solution callback and the tie-break solve share the
    builder's variables and the solver's status; the reading of a solution into steps is the
    only part that could stand alone, and it is a dozen lines."""
    t0 = time.perf_counter()
    bld = ModelBuilder(town, cp, batches)
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
        return Solution(name, False, -(10 ** 12), 10 ** 12, [], wall=time.perf_counter() - t0)
    value = solver.Value(bld.value) if bld.value_terms else 0
    pen = solver.Value(bld.pen) if bld.penalty else 0
    w = bld.weight
    if status == cp.OPTIMAL:
        bound = value
    else:
        bound = int((solver.BestObjectiveBound() + w - 1) // w)
    steps: list[tuple] = []  # ("process",), ("haul", moves) or (kind, moves)
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
    sol = Solution(name, status == cp.OPTIMAL, value, bound, steps, order, time.perf_counter() - t0)
    sol.penalty = pen
    # Round 4: each processing step empties at most a converter's slots, so the relaxation's use
    # of a converter suggests how many move batches (one per processing step) to start with.
    sol.segments = max([1] + [-(-sum(solver.Value(x) for x in xs) // max(1, town.slots[b]))
                              for b, xs in bld.consumption.items()])
    sol.hints = {k: solver.Value(v) for k, v in bld.named.items()}
    return sol


def _finish_plan(town: TransportTown, rp: Replay, t0: float, method: str, optimal: bool, ub, batches: int,
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
def _nothing_to_decide(state, town: TransportTown) -> bool:
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
    """One attempt of :func:`plan` with the given work.

    One function: its steps (the relaxation and its bound, the idle plan, the relaxation's own
    plan, more batches until the bound, the replay) each decide whether to stop with what they
    have, and share the fallback found so far; as separate functions they would hand that
    state back and forth."""
    t0 = time.perf_counter()
    weights = weights or DEFAULT_WEIGHTS
    town = TransportTown(state, weights)
    notes: list[str] = []
    if not town.modelled_tstart:
        notes.append("several transport-start tiles of one kind: their effects are declined")
    if _nothing_to_decide(state, town):
        return _finish_plan(town, Replay(town), t0, "trivial", True, None, 0, notes)
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
    idle = realise(town, [], town.order)  # declining everything: is that already the best?
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
    start = realise(town, relax.steps, relax.order, relaxed_moves=[])
    moves_step: list = next((s[1] for s in relax.steps if s[0] == "moves"), [])
    if not moves_step or not start.ended:
        order = schedule(town, moves_step, start.cubes)
        if order is not None:
            start_rp = realise(town, relax.steps, relax.order, relaxed_moves=order)
            pts, left, _ = town.value_of(start_rp.cubes, start_rp.gained)
            if SCALE * pts + left >= ub:
                return _finish_plan(town, start_rp, t0, "cp-sat", True, ub, 1, notes)
            if SCALE * pts + left > fallback[0]:
                fallback = (SCALE * pts + left, start_rp)
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
            rp = realise(town, best[0].steps, best[0].order)
        except (IllegalAction, RuntimeError) as exc:  # a bug: say so, and play safe
            log.error("planner: the solver's plan does not replay (%s); using a simpler plan", exc)
            notes.append(f"solver plan did not replay: {exc}")
    if rp is None:
        value, rp, kb = fallback[0], fallback[1], 0
    else:
        assert best is not None
        value, kb = best[0].value, best[1]
    proven = value >= ub
    if not proven:
        notes.append(f"bound {ub / SCALE:g} not reached: optimal among plans of at most {k} move batches"
                     if all_optimal else "work limit reached before the bound was reached or ruled out")
    plan_ = _finish_plan(town, rp, t0, "cp-sat", proven, ub, kb, notes)
    _check(plan_, value)
    return plan_


_CACHE: OrderedDict = memo_table(OrderedDict())
_CACHE_SIZE = 4096


def _cache_key(state) -> tuple:
    seat = state.current_player
    return (
        seat, state.round, state.phase, state.moves_left, tuple((type(f), *f) for f in state.frames),
        tuple(sorted(state.cells[seat].items())), tuple(state.building_tiles[seat]), tuple(state.cubes[seat]),
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
def _greedy(town: TransportTown, t0: float, notes: list[str]) -> Plan:
    """One-step greedy over the same objective: take the single action (haul, move, process) that
    raises the value of finishing now the most, while one does; then finish."""
    rp = Replay(town)
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
                    dst = rp.sim.frames[-1].active
                    if dst < 0:
                        dst = town.hut[0] if town.hut else next(
                            b for b in range(B) if town.kinds[b] in HAUL_TILES)
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
                dst = rp.sim.frames[-1].active
                if dst < 0:
                    dst = town.hut[0] if town.hut else next(
                        b for b in range(B) if town.kinds[b] in HAUL_TILES)
                rp.move(best.a, src, dst, HAUL)
            else:
                rp.move(best.a, src, rp.sim.cells[seat][best.c])
    return _finish_plan(town, rp, t0, "greedy", False, None, 0, notes)


__all__ = ["DEFAULT_WEIGHTS", "Plan", "Weights", "leftover_value", "plan", "process_cubes"]


def transport_macro(state) -> list[tuple[str, list]]:
    """The game's shortcut (``GameInfo.macros``): at the start of a seat's transport stage (or
    round 4's combined stage), the planner's best plan for it, as one ``plan`` macro; nothing
    elsewhere."""
    if state.phase not in (TRANSPORT, FINAL) or (
            state.frames and type(state.frames[-1]) is not TransportStart):
        return []
    return [("plan", list(plan_cached(state).actions))]
