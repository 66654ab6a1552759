"""Compare two bots on the same Foxglove Farm solo games, paired.

One game's score has a standard deviation of about 10 points, so two bots measured on
different games need hundreds of games to tell 2 points apart. Played on the same setups and
seeds (the same hidden stack orders, and the same agent seed), most of that luck cancels in the
per-game difference, which is what this prints: its mean and standard error, and how many games
came out differently at all. Use iteration budgets (``mcts:iterations=48``), not ``ms=``, so the
result does not depend on the machine's load.

    .venv/bin/python bench/solo_ab.py mcts:iterations=48 mcts:iterations=48,scale=8,c=0.075 \\
        --seeds 4200-4209
"""

from __future__ import annotations

import argparse
import math
import multiprocessing
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "src"))

SETUPS = (1, 2, 3, 4, 5, 6)


def play(job: tuple[str, int, int]) -> tuple[str, int, int, int, float]:
    """One solo game: (spec, setup, seed) -> (spec, setup, seed, score, seconds)."""
    from acreage import new_game
    from acreage.agents import make_agent

    spec, setup, seed = job
    state = new_game("foxglove", players=1, seed=seed, solo_setup=setup)
    agent = make_agent(spec, seed=seed)
    start = time.perf_counter()
    while not state.is_terminal:
        state.apply(agent.decide(state, 0))
    return spec, setup, seed, state.scores()[0], time.perf_counter() - start


def seed_range(text: str) -> list[int]:
    """``4200-4209`` or ``4200,4201``: the seeds to play."""
    try:
        if "-" in text:
            lo, hi = (int(x) for x in text.split("-", 1))
            return list(range(lo, hi + 1))
        return [int(x) for x in text.split(",")]
    except ValueError:
        raise argparse.ArgumentTypeError(
            f"seeds must look like 4200-4209 or 4200,4201, not {text!r}") from None


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("a", help="first bot, e.g. mcts:iterations=48")
    parser.add_argument("b", help="second bot")
    parser.add_argument("--seeds", type=seed_range, default=seed_range("4200-4204"))
    parser.add_argument("--setups", default="1,2,3,4,5,6", help="solo setups to play (1-6)")
    parser.add_argument("--workers", type=int, default=None, help="processes (default: all cores)")
    args = parser.parse_args()
    setups = [int(s) for s in args.setups.split(",")]
    if not setups or any(s not in SETUPS for s in setups):
        parser.error(f"--setups takes numbers from 1 to 6, got {args.setups!r}")
    from acreage.agents import make_agent

    for spec in (args.a, args.b):
        try:
            make_agent(spec)  # a bad spec fails here, before any game is played
        except (ValueError, TypeError) as exc:
            parser.error(f"bot {spec!r}: {exc}")
    jobs = [(spec, setup, seed) for seed in args.seeds for setup in setups for spec in (args.a, args.b)]
    with multiprocessing.Pool(args.workers) as pool:
        results = pool.map(play, jobs, chunksize=1)
    score = {(spec, setup, seed): s for spec, setup, seed, s, _t in results}
    seconds = {args.a: 0.0, args.b: 0.0}
    for spec, _setup, _seed, _s, t in results:
        seconds[spec] += t
    games = [(setup, seed) for seed in args.seeds for setup in setups]
    diffs = [score[(args.b, *g)] - score[(args.a, *g)] for g in games]
    for spec in (args.a, args.b):
        per_setup = {s: statistics.mean(score[(spec, s, seed)] for seed in args.seeds) for s in setups}
        print(f"{spec:40s} mean {statistics.mean(score[(spec, *g)] for g in games):6.2f}  "
              f"CPU {seconds[spec] / len(games):5.1f} s/game  by setup "
              + " ".join(f"{s}:{v:.1f}" for s, v in per_setup.items()))
    se = statistics.stdev(diffs) / math.sqrt(len(diffs)) if len(diffs) > 1 else float("nan")
    changed = sum(1 for d in diffs if d)
    print(f"b - a: {statistics.mean(diffs):+.2f} ± {se:.2f} (standard error) over {len(diffs)} paired games; "
          f"{changed} came out differently")


if __name__ == "__main__":
    main()
