"""Measure the greedy bot on Foxglove Farm.

(a) 2-player greedy vs random, seats alternating: win rate and mean scores;
(b) solo greedy: mean score per solo setup (1-6) over a few seeds;
(c) optionally greedy vs an older heuristic (``--old-heuristic FILE``), seats alternating.

Each part also reports the mean and worst time of one greedy decision.

    .venv/bin/python tools/greedy_eval.py --games 40 --seed 1
    git show HEAD:src/acreage/games/foxglove/bots/heuristic.py > /tmp/old_heuristic.py
    .venv/bin/python tools/greedy_eval.py --games 20 --old-heuristic /tmp/old_heuristic.py --skip-solo
"""

from __future__ import annotations

import argparse
import importlib.util
import multiprocessing
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "src"))

import acreage  # noqa: E402
from acreage.agents import GreedyAgent, RandomAgent  # noqa: E402


class Timer:
    """Wraps an agent and records how long each of its decisions takes."""

    def __init__(self, agent) -> None:
        self.agent = agent
        self.times: list[float] = []

    def decide(self, state, seat):
        t0 = time.perf_counter()
        action = self.agent.decide(state, seat)
        self.times.append(time.perf_counter() - t0)
        return action


def play(state, agents) -> list[int]:
    while not state.is_terminal:
        seat = state.current_player
        action = agents[seat].decide(state, seat)
        if action not in state.legal_actions():
            raise AssertionError(f"seat {seat} chose an illegal action {action}")
        state.apply(action)
    return state.scores()


def winner_is(state, seat: int) -> bool:
    keys = state.rank_keys()
    return all(keys[seat] > k for s, k in enumerate(keys) if s != seat)


def load_heuristic(path: str):
    """Load a heuristic module from a file as if it lived in the foxglove bots package."""
    spec = importlib.util.spec_from_file_location("acreage.games.foxglove.bots._bench_old_heuristic", path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module.evaluate


def _match(task):
    """One 2-player game; returns (a_seat, scores, a wins, tie, a's decision times)."""
    seed, i, a_spec, b_spec, old_path = task
    old = load_heuristic(old_path) if old_path else None

    def make(spec, s):
        if spec == "random":
            return RandomAgent(seed=s)
        agent = GreedyAgent(seed=s)
        if spec == "old":
            agent.heuristic = old
        return agent

    a_seat = i % 2
    state = acreage.new_game("foxglove", players=2, seed=seed * 1000 + i)
    a = Timer(make(a_spec, seed * 1000 + i))
    b = make(b_spec, seed * 7919 + i)
    agents = [a, b] if a_seat == 0 else [b, a]
    final = play(state, agents)
    win = winner_is(state, a_seat)
    tie = not win and not winner_is(state, 1 - a_seat)
    return a_seat, final, win, tie, a.times


def _solo(task):
    seed, setup, k = task
    state = acreage.new_game("foxglove", players=1, seed=seed * 100 + k, solo_setup=setup)
    agent = Timer(GreedyAgent(seed=seed * 100 + k))
    return setup, play(state, [agent])[0], agent.times


def run_tasks(fn, tasks, jobs: int):
    if jobs <= 1:
        return [fn(t) for t in tasks]
    with multiprocessing.Pool(jobs) as pool:
        return pool.map(fn, tasks, chunksize=1)


def head_to_head(args, seed: int, a_spec: str, b_spec: str, label_a: str, label_b: str, timers: list) -> None:
    tasks = [(seed, i, a_spec, b_spec, args.old_heuristic) for i in range(args.games)]
    wins = ties = 0
    scores_a: list[int] = []
    scores_b: list[int] = []
    for a_seat, final, win, tie, times in run_tasks(_match, tasks, args.jobs):
        timers.extend(times)
        scores_a.append(final[a_seat])
        scores_b.append(final[1 - a_seat])
        wins += win
        ties += tie
    games = args.games
    print(f"  {label_a} wins {wins}/{games} ({100 * wins / games:.0f}%), ties {ties}")
    print(f"  mean score {label_a} {statistics.mean(scores_a):.1f} (min {min(scores_a)}, max {max(scores_a)})"
          f" | {label_b} {statistics.mean(scores_b):.1f}")


def report_times(label: str, times: list[float]) -> None:
    if times:
        print(f"  {label}: {len(times)} decisions, mean {1000 * statistics.mean(times):.1f} ms, "
              f"p99 {1000 * sorted(times)[int(0.99 * (len(times) - 1))]:.0f} ms, "
              f"max {1000 * max(times):.0f} ms")


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=20, help="2-player games per match-up")
    parser.add_argument("--seed", type=int, default=1, help="base seed")
    parser.add_argument("--solo-seeds", type=int, default=3, help="solo games per setup")
    parser.add_argument("--setups", default="1,2,3,4,5,6", help="solo setups to run, e.g. 2,5")
    parser.add_argument("--skip-random", action="store_true", help="skip greedy vs random")
    parser.add_argument("--skip-solo", action="store_true", help="skip the solo games")
    parser.add_argument("--jobs", type=int, default=1, help="games played in parallel processes")
    parser.add_argument("--old-heuristic", help="file holding an older heuristic.py to play against")
    args = parser.parse_args(argv)

    all_times: list[float] = []
    if not args.skip_random:
        print(f"(a) greedy vs random, {args.games} games, seats alternating")
        times: list[float] = []
        head_to_head(args, args.seed, "greedy", "random", "greedy", "random", times)
        report_times("greedy decision time", times)
        all_times += times

    if not args.skip_solo:
        setups = [int(x) for x in args.setups.split(",") if x]
        print(f"(b) solo greedy, {args.solo_seeds} seed(s) per setup")
        means = []
        times = []
        tasks = [(args.seed, setup, k) for setup in setups for k in range(args.solo_seeds)]
        results = run_tasks(_solo, tasks, args.jobs)
        for setup in setups:
            scores = [score for st, score, _t in results if st == setup]
            means.append(statistics.mean(scores))
            print(f"  setup {setup}: mean {means[-1]:.1f}  scores {scores}")
        for _st, _score, t in results:
            times.extend(t)
        print(f"  all setups: mean {statistics.mean(means):.1f}")
        report_times("greedy decision time", times)
        all_times += times

    if args.old_heuristic:
        print(f"(c) greedy vs old greedy ({args.old_heuristic}), {args.games} games, seats alternating")
        times = []
        head_to_head(args, args.seed + 50, "greedy", "old", "greedy", "old greedy", times)
        report_times("greedy decision time", times)
        all_times += times

    report_times("overall", all_times)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
