"""Fit Foxglove Farm's learned final-score estimate (``games/foxglove/data/value_model.json``).

Plays solo games with ``greedy:macros=1`` over the six setups, records
``value.features(state, 0)`` at every decision point with the game's final score, fits one
ridge regression per (round, construction or not) and writes the coefficients with their
provenance. Held-out games (other seeds) give the correlation of the model's estimate and of
the bare heuristic with the final score, per bucket, so a refit shows whether it helps (this
is also the measurement of how well the heuristic alone predicts the outcome at each stage).

    .venv/bin/python bench/fit_value.py --games 300 --test-games 90          # about 6 minutes
    .venv/bin/python bench/fit_value.py --games 300 --write                  # replace the model

Needs numpy (in the dev extra); the engine reading the model does not.
"""

from __future__ import annotations

import argparse
import json
from multiprocessing import Pool

import numpy as np

from acreage.games.foxglove import value
from acreage.games.foxglove.state import CONSTRUCTION


def _play(job):
    setup, seed = job
    from acreage import new_game
    from acreage.agents import make_agent

    state = new_game("foxglove", players=1, seed=seed, solo_setup=setup)
    agent = make_agent("greedy:macros=1", seed=seed)
    rows = []
    while not state.is_terminal:
        if not state.in_subdecision():
            rows.append(((state.round, state.phase == CONSTRUCTION), value.features(state, 0)))
        state.apply(agent.decide(state, 0))
    return [(key, f, state.scores()[0]) for key, f in rows]


def _games(n: int, first_seed: int, workers: int):
    with Pool(workers) as pool:
        return [row for game in pool.map(_play, [(1 + k % 6, first_seed + k) for k in range(n)])
                for row in game]


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--games", type=int, default=300)
    parser.add_argument("--test-games", type=int, default=90)
    parser.add_argument("--ridge", type=float, default=10.0)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--write", action="store_true", help="write data/value_model.json")
    args = parser.parse_args()
    train = _games(args.games, 70_000, args.workers)
    test = _games(args.test_games, 90_000, args.workers) if args.test_games else []
    buckets = {}
    for key in sorted({k for k, _, _ in train}):
        x = np.array([f for k, f, _ in train if k == key])
        y = np.array([s for k, _, s in train if k == key], float)
        mu, sd = x.mean(0), x.std(0) + 1e-6
        z = np.hstack([np.ones((len(x), 1)), (x - mu) / sd])
        w = np.linalg.solve(z.T @ z + args.ridge * np.eye(z.shape[1]), z.T @ y)
        raw = w[1:] / sd
        bias = float(w[0] - (raw * mu).sum())
        name = f"{key[0]}-{'construction' if key[1] else 'other'}"
        buckets[name] = {"bias": bias, "weights": [float(v) for v in raw]}
        held = [(f, s) for k, f, s in test if k == key]
        if len(held) > 2:
            xt = np.array([f for f, _ in held])
            yt = np.array([s for _, s in held], float)
            model = bias + xt @ raw
            r_model = np.corrcoef(model, yt)[0, 1]
            r_heur = np.corrcoef(xt[:, 1], yt)[0, 1] if xt[:, 1].std() > 0 else 0.0
            print(f"{name:16s} train {len(x):5d}  held-out corr: model {r_model:5.2f}, "
                  f"heuristic {r_heur:5.2f}")
    if args.write:
        data = {
            "provenance": (f"fitted: bench/fit_value.py, ridge regression (lambda {args.ridge:g}) on "
                           f"{args.games} solo games of greedy:macros=1 (setups 1-6, seeds from 70000), "
                           f"checked on {args.test_games} held-out games (seeds from 90000)"),
            "features": list(value.FEATURE_NAMES),
            "buckets": buckets,
        }
        value.MODEL_FILE.write_text(json.dumps(data, indent=1) + "\n")
        print(f"wrote {value.MODEL_FILE}")


if __name__ == "__main__":
    main()
