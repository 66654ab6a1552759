"""How well does Foxglove Farm's heuristic predict the final score, stage by stage?

A tree search compares leaves from different stages of the game, so its evaluation must be on
one scale and must predict the outcome; greedy play only needs it to rank positions of one
stage. This diagnostic plays solo games with ``greedy:macros=1`` over all six setups, records the
heuristic at every decision point together with the game's final score, and prints per
(round, phase): the mean heuristic, the mean final score, the correlation between them and the
least-squares line ``final ≈ a · heuristic + b``.

    .venv/bin/python bench/heuristic_predictive.py --games 120
"""

from __future__ import annotations

import argparse
from multiprocessing import Pool


def _play(args):
    setup, seed = args
    from acreage import new_game
    from acreage.agents import make_agent
    from acreage.games.foxglove.heuristic import evaluate

    state = new_game("foxglove", players=1, seed=seed, solo_setup=setup)
    agent = make_agent("greedy:macros=1", seed=seed)
    points = []
    while not state.is_terminal:
        if not state.in_subdecision():
            points.append((state.round, state.phase, evaluate(state, 0)))
        state.apply(agent.decide(state, 0))
    final = state.scores()[0]
    return [(r, p, h, final) for r, p, h in points]


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--games", type=int, default=120)
    parser.add_argument("--workers", type=int, default=2)
    args = parser.parse_args()
    jobs = [(1 + k % 6, 50_000 + k) for k in range(args.games)]
    with Pool(args.workers) as pool:
        rows = [row for game in pool.map(_play, jobs) for row in game]
    buckets: dict[tuple[int, int], list[tuple[float, float]]] = {}
    for r, p, h, final in rows:
        buckets.setdefault((r, p), []).append((h, final))
    print("round phase  samples  mean h  mean final  corr     a       b")
    for key in sorted(buckets):
        pts = buckets[key]
        n = len(pts)
        mx = sum(h for h, _ in pts) / n
        my = sum(f for _, f in pts) / n
        sxx = sum((h - mx) ** 2 for h, _ in pts)
        sxy = sum((h - mx) * (f - my) for h, f in pts)
        syy = sum((f - my) ** 2 for _, f in pts)
        a = sxy / sxx if sxx > 1e-9 else 0.0
        b = my - a * mx
        corr = sxy / (sxx * syy) ** 0.5 if sxx > 1e-9 and syy > 1e-9 else 0.0
        print(f"{key[0]:5d} {key[1]:5d} {n:8d} {mx:7.1f} {my:11.1f} {corr:6.2f} {a:6.3f} {b:7.2f}")


if __name__ == "__main__":
    main()
