"""Benchmark the exact transport planner (``acreage.games.foxglove.bots.planner``).

(a) Solve time: play games with the random and greedy bots (1–4 players, some seats expert),
    keep every state where a seat's transport stage (round 4: the combined stage) opens, plus a
    few taken part-way through a stage, and time ``plan()`` on each: median, 90th percentile and
    worst; how many plans are proven optimal. Targets: median < 20 ms, worst < 500 ms.
(b) Score gain: solo games of the greedy bot against the same bot that, at each of its transport
    stages, plays the planner's plan instead of choosing its own moves (construction unchanged).

    .venv/bin/python bench/planner_bench.py                  # both parts, default sizes
    .venv/bin/python bench/planner_bench.py --random-games 40 --greedy-games 8 --solo-seeds 4
    .venv/bin/python bench/planner_bench.py --skip-gain
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "src"))

import acreage  # noqa: E402
from acreage.agents import make_agent  # noqa: E402
from acreage.games.foxglove.actions import HAUL, MOVE, PROCESS  # noqa: E402
from acreage.games.foxglove.bots import planner as pl  # noqa: E402
from acreage.games.foxglove.constants import FINAL, TRANSPORT  # noqa: E402


# ----------------------------------------------------------------------------- collecting states
def in_stage(state) -> bool:
    if state.phase not in (TRANSPORT, FINAL) or state.current_player is None:
        return False
    return not state.frames or state.frames[-1].kind == "tstart"


def collect(agent_specs: list[str], games: int, seed: int, mid_share: float = 0.15) -> list:
    """States at the opening of each transport stage (and a share taken after a few moves)."""
    rng = random.Random(seed)
    states = []
    for i in range(games):
        players = rng.randint(1, 4)
        options = {"start_player": 0}
        if rng.random() < 0.3:
            options["expert"] = {s for s in range(players) if rng.random() < 0.6}
        if players == 1:
            options["solo_setup"] = rng.randint(1, 6)
        state = acreage.new_game("foxglove", players=players, seed=seed * 1000 + i, **options)
        agents = [make_agent(rng.choice(agent_specs), seed=seed * 100 + i * 7 + s) for s in range(players)]
        last = None
        moved = 0
        while not state.is_terminal:
            if in_stage(state):
                key = (state.round, state.stage_index)
                if key != last:
                    states.append(state.clone())
                    last, moved = key, 0
                elif moved == 2 and rng.random() < mid_share:
                    states.append(state.clone())
            seat = state.current_player
            state.apply(agents[seat].decide(state, seat))
            if in_stage(state):
                moved += 1
    return states


def time_plans(states: list) -> dict:
    pl.plan(states[0])  # warm up: imports ortools and fills the processing tables
    times, cpu, proven, methods, values = [], [], 0, {}, []
    slow = []
    for st in states:
        c0 = time.process_time()
        p = pl.plan(st)
        cpu.append(time.process_time() - c0)
        times.append(p.solve_time)
        proven += p.optimal
        methods[p.method] = methods.get(p.method, 0) + 1
        values.append(p.value)
        slow.append((p.solve_time, st.round, len(st.building_tiles[st.current_player]), p.optimal, p.batches))
    times.sort()
    cpu.sort()
    slow.sort(reverse=True)
    return {
        "n": len(times),
        "cpu_median_ms": 1000 * statistics.median(cpu),
        "cpu_worst_ms": 1000 * cpu[-1],
        "median_ms": 1000 * statistics.median(times),
        "p90_ms": 1000 * times[int(0.9 * (len(times) - 1))],
        "worst_ms": 1000 * times[-1],
        "proven": proven,
        "methods": methods,
        "slowest": slow[:5],
    }


# ----------------------------------------------------------------------------- greedy + planner
class PlannerGreedy:
    """The greedy bot, except that its transport stages play the planner's plan."""

    def __init__(self, seed: int, weights: pl.Weights | None = None) -> None:
        self.greedy = make_agent("greedy", seed=seed)
        self.weights = weights
        self.queue: list = []
        self.key = None
        self.plans = 0
        self.fallbacks = 0

    def decide(self, state, seat: int):
        if in_stage(state) and state.current_player == seat:
            key = (state.round, state.stage_index)
            if key != self.key:
                self.key = key
                self.queue = list(pl.plan(state, self.weights).actions)
                self.plans += 1
            if self.queue:
                action = self.queue.pop(0)
                if action in state.legal_actions():
                    return action
                self.fallbacks += 1
                self.queue = []
        return self.greedy.decide(state, seat)


class StageTracker:
    """Follows the greedy bot through each of its transport stages and compares, on the same
    starting position, what it achieved with what the planner would achieve (same objective)."""

    def __init__(self) -> None:
        self.rows: list[tuple[float, float, int, int]] = []  # planner value, greedy value, points
        self.town = None

    def before(self, state, action) -> None:
        if not in_stage(state):
            return
        if self.town is None:  # a stage opens: plan it on the side
            self.town = pl.TransportTown(state, pl.DEFAULT_WEIGHTS)
            self.plan = pl.plan(state)
            self.cubes, self.gained = list(state.cubes[0]), 0
        t = self.town
        if action.kind == MOVE or action.kind == HAUL:
            src = state.cells[0][action.b]
            if action.kind == HAUL:
                dst = state.frames[-1].active if state.frames[-1].active >= 0 else t.hut[0]
            else:
                dst = state.cells[0][action.c]
            self.cubes[src * 5 + action.a] -= 1
            self.cubes[dst * 5 + action.a] += 1
        elif action.kind == PROCESS:
            self.gained += pl.process_cubes(self.cubes, t.kinds)

    def after(self, state, key) -> None:
        if self.town is not None and (state.round, state.phase, state.stage_index) != key:
            pts, left, _ = self.town.value_of(self.cubes, self.gained)
            greedy_value = (pl.SCALE * pts + left) / pl.SCALE
            self.rows.append((self.plan.value, greedy_value, self.plan.processing_points, pts))
            self.town = None


def play_solo(setup: int, seed: int, use_planner: bool,
              tracker: StageTracker | None = None) -> tuple[int, float]:
    state = acreage.new_game("foxglove", players=1, seed=seed, solo_setup=setup)
    agent = PlannerGreedy(seed) if use_planner else make_agent("greedy", seed=seed)
    t0 = time.perf_counter()
    while not state.is_terminal:
        action = agent.decide(state, 0)
        key = (state.round, state.phase, state.stage_index)
        if tracker is not None:
            tracker.before(state, action)
        state.apply(action)
        if tracker is not None:
            tracker.after(state, key)
    return state.scores()[0], time.perf_counter() - t0


def score_gain(seeds: int, setups=range(1, 7)) -> dict:
    rows = []
    tracker = StageTracker()
    for setup in setups:
        for s in range(seeds):
            seed = 10_000 + 97 * s + setup
            base, _ = play_solo(setup, seed, False, tracker)
            withp, _ = play_solo(setup, seed, True)
            rows.append((setup, seed, base, withp))
            print(f"  setup {setup} seed {seed}: greedy {base:3d}   greedy+planner {withp:3d}   "
                  f"({withp - base:+d})", flush=True)
    diffs = [w - b for _, _, b, w in rows]
    st = tracker.rows
    return {
        "stages": len(st),
        "stage_value_planner": statistics.mean(r[0] for r in st) if st else 0.0,
        "stage_value_greedy": statistics.mean(r[1] for r in st) if st else 0.0,
        "stage_points_planner": statistics.mean(r[2] for r in st) if st else 0.0,
        "stage_points_greedy": statistics.mean(r[3] for r in st) if st else 0.0,
        "stages_better": sum(r[0] > r[1] + 1e-9 for r in st),
        "stages_worse": sum(r[0] < r[1] - 1e-9 for r in st),
        "games": len(rows),
        "greedy_mean": statistics.mean(b for _, _, b, _ in rows),
        "planner_mean": statistics.mean(w for _, _, _, w in rows),
        "mean_gain": statistics.mean(diffs),
        "stdev_gain": statistics.stdev(diffs) if len(diffs) > 1 else 0.0,
        "wins": sum(d > 0 for d in diffs),
        "losses": sum(d < 0 for d in diffs),
    }


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--random-games", type=int, default=60, help="random-bot games to collect states from")
    ap.add_argument("--greedy-games", type=int, default=6, help="greedy-bot games to collect states from")
    ap.add_argument("--solo-seeds", type=int, default=3, help="solo games per setup (1-6) for the score gain")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--skip-gain", action="store_true", help="only time the planner")
    ap.add_argument("--skip-timing", action="store_true", help="only measure the score gain")
    args = ap.parse_args(argv)
    if not args.skip_timing:
        timing(args)
    if not args.skip_gain:
        print("(b) solo score, greedy vs greedy + planner ...", flush=True)
        g = score_gain(args.solo_seeds)
        print(f"    {g['games']} games: greedy {g['greedy_mean']:.1f}, greedy+planner "
              f"{g['planner_mean']:.1f}, gain {g['mean_gain']:+.1f} ± {g['stdev_gain']:.1f} "
              f"(better in {g['wins']}, worse in {g['losses']})")
        print(f"(c) the greedy bot's own {g['stages']} transport stages, replanned from the same position: "
              f"objective {g['stage_value_greedy']:.2f} (greedy) vs {g['stage_value_planner']:.2f} "
              f"(planner), "
              f"planner better in {g['stages_better']} and worse in {g['stages_worse']} (must be 0); "
              f"processing points per stage {g['stage_points_greedy']:.2f} vs "
              f"{g['stage_points_planner']:.2f}")
    return 0


def timing(args) -> None:
    print("collecting transport stages ...", flush=True)
    t0 = time.perf_counter()
    states = collect(["random"], args.random_games, args.seed)
    states += collect(["greedy", "greedy", "random"], args.greedy_games, args.seed + 1)
    print(f"  {len(states)} states in {time.perf_counter() - t0:.0f} s")
    by_round = {}
    for st in states:
        by_round.setdefault(4 if st.phase == FINAL else 1, []).append(st)
    groups = (("all", states), ("rounds 1-3", by_round.get(1, [])), ("round 4", by_round.get(4, [])))
    for label, group in groups:
        if not group:
            continue
        r = time_plans(group)
        print(f"(a) {label:10s}: {r['n']} plans, median {r['median_ms']:.1f} ms, p90 {r['p90_ms']:.1f} ms, "
              f"worst {r['worst_ms']:.1f} ms (CPU time: median {r['cpu_median_ms']:.1f} ms, worst "
              f"{r['cpu_worst_ms']:.1f} ms); proven optimal {r['proven']}/{r['n']}; {r['methods']}")
        if label == "all":
            print("    slowest (s, round, buildings, proven, batches):",
                  [(round(t, 3), *rest) for t, *rest in r["slowest"]])
            ok = r["median_ms"] < 20 and r["worst_ms"] < 500
            print(f"    targets (median < 20 ms, worst < 500 ms): {'met' if ok else 'NOT met'}")


if __name__ == "__main__":
    raise SystemExit(main())
