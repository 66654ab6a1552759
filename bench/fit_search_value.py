"""Experiment (session 20, not kept): fit Foxglove's value to the search's own root values.

Plays solo games of ``mcts:iterations=48``; after every search, each root turn with at least two
visits becomes one row of a sibling group: the position after the turn (its greedy completion
played, then the forced steps) and the turn's value in the search (the mean reward moved
``best_mix`` of the way toward the best reward), turned back into points by the inverse of the
reward's sigmoid. The fit is ``fit_value.py``'s sibling regression with each row weighted by its
visits (at most ``--cap``), toward the shipped model. docs/bots.md ("Session 20") has the
result: it matched the search far better on held-out games and played no better.

    .venv/bin/python bench/fit_search_value.py --games 960000:144 --refit 1,2,3,4 \\
        --data /tmp/search_groups.pkl --out /tmp/model.json
"""

from __future__ import annotations

import argparse
import json
import math
import pickle
from multiprocessing import Pool
from pathlib import Path

import numpy as np

import fit_value as fv
from acreage.games.foxglove import value


def play_searches(job: tuple[int, int, str]):
    """One solo game: [(start round, [(round, position, search value, visits, chosen)])]."""
    from acreage import new_game
    from acreage.agents import make_agent
    from acreage.agents.base import play_forced

    setup, seed, spec = job
    state = new_game("foxglove", players=1, seed=seed, solo_setup=setup)
    agent = make_agent(spec, seed=seed)
    groups = []
    while not state.is_terminal:
        before = state.clone()
        action = agent.decide(state, 0)
        if agent.last_iterations:
            root, rows = agent.last_root, []
            legal = set(before.legal_actions())
            for a, child in root.children.items():
                if child.visits < 2 or a not in legal:  # a turn only some samples allowed
                    continue
                sim = before.clone()
                sim.apply(a)
                for step in root.heads.get(a, ()) if child.fresh else child.path:
                    if sim.is_terminal or step not in sim.legal_actions():
                        break
                    sim.apply(step)
                play_forced(sim, True)
                mean = child.reward / child.visits
                rows.append((sim.round, sim.clone(), mean + agent.best_mix * (child.best - mean),
                             child.visits, a == action, sim.is_terminal))
            if len(rows) >= 2 and not any(r[5] for r in rows):
                groups.append((before.round, [r[:5] for r in rows]))
        state.apply(action)
    return groups


def featurize(groups, scale: float, cap: float):
    out = []
    for start, rows in groups:
        x = np.array([fv._row(r, s) for r, s, *_ in rows])
        q = np.clip(np.array([r[2] for r in rows]), 0.02, 0.98)
        w = np.minimum(np.array([r[3] for r in rows], float), cap)
        out.append((start, x, scale * np.log(q / (1 - q)), w, np.array([r[4] for r in rows])))
    return out


def weighted_fit(groups, prior: np.ndarray, ridge: float, rounds) -> np.ndarray:
    """``fit_value.fit`` with row weights: weighted centring within each group."""
    rows = np.vstack([g[1] for g in groups])
    scale = np.zeros(rows.shape[1])
    for rnd in rounds:
        at = (rnd - 1) * fv.WIDTH
        mine = rows[rows[:, at] == 1.0, at:at + fv.WIDTH]
        if len(mine):
            scale[at:at + fv.WIDTH] = mine.std(0)
            scale[at] = 1.0
    xs, ys = [], []
    for _start, x, y, w, _chosen in groups:
        root_w = np.sqrt(w)
        xs.append((x - (w[:, None] * x).sum(0) / w.sum()) * root_w[:, None])
        ys.append((y - (w * y).sum() / w.sum()) * root_w)
    xd, yd = np.vstack(xs), np.concatenate(ys)
    live = (scale > 1e-6) & (xd.std(0) > 1e-9)
    z = xd[:, live] / scale[live]
    lam = ridge * len(yd) / 1000.0
    delta = np.linalg.solve(z.T @ z + lam * np.eye(z.shape[1]), z.T @ (yd - xd @ prior))
    w = prior.copy()
    w[live] += delta / scale[live]
    return w


def agreement(w: np.ndarray, groups) -> str:
    """Per start round: pairs ordered as the search orders them / groups whose favourite is
    the search's choice."""
    cells = []
    for rnd in (1, 2, 3, 4, 0):
        right = pairs = picks = n = 0
        for start, x, y, _w, chosen in groups:
            if rnd and start != rnd:
                continue
            p = x @ w
            n += 1
            picks += bool(chosen[int(np.argmax(p))])
            for i in range(len(y)):
                for j in range(i + 1, len(y)):
                    if y[i] != y[j]:
                        pairs += 1
                        right += (p[i] - p[j]) * (y[i] - y[j]) > 0
        if pairs:
            cells.append(f"{'R' + str(rnd) if rnd else 'all'} {right / pairs:.1%}/{picks / n:.1%}")
    return "  ".join(cells)


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--games", default="960000:144", help="FIRST_SEED:GAMES (setups 1-6 in turn)")
    parser.add_argument("--policy", default="mcts:iterations=48")
    parser.add_argument("--refit", default="1,2,3,4")
    parser.add_argument("--ridge", default="300", help="per 1000 rows; several to compare")
    parser.add_argument("--cap", type=float, default=20.0, help="most weight of one turn (visits)")
    parser.add_argument("--scale", type=float, default=4.0, help="the search's reward scale")
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--data", type=Path, help="keep (and reuse) the groups here")
    parser.add_argument("--out", type=Path, required=True, help="where to write the model")
    args = parser.parse_args()
    first, _, n = args.games.partition(":")
    if args.data is not None and args.data.exists():
        games = pickle.loads(args.data.read_bytes())
    else:
        jobs = [(1 + i % 6, int(first) + i, args.policy) for i in range(int(n))]
        with Pool(args.workers) as pool:
            games = pool.map(play_searches, jobs, chunksize=1)
        if args.data is not None:
            args.data.write_bytes(pickle.dumps(games))
    cut = math.ceil(len(games) * 0.75)
    train = featurize([g for gs in games[:cut] for g in gs], args.scale, args.cap)
    test = featurize([g for gs in games[cut:] for g in gs], args.scale, args.cap)
    rounds = tuple(int(r) for r in args.refit.split(","))
    ridges = [float(r) for r in args.ridge.split(",")]
    prior = fv.start_vector("current")
    print(f"{len(train)} groups to fit, {len(test)} held out (ordered as the search / picks its choice)")
    print(f"  shipped        {agreement(prior, test)}")
    for ridge in ridges:
        print(f"  fit, ridge {ridge:<4g} {agreement(weighted_fit(train, prior, ridge, rounds), test)}")
    w = weighted_fit(train + test, prior, ridges[0], rounds)
    model = {"provenance": f"experiment: bench/fit_search_value.py {args.games} refit {args.refit}",
             "features": list(value.FEATURE_NAMES), "rounds": {}}
    for rnd in fv.ROUNDS:
        at = (rnd - 1) * fv.WIDTH
        model["rounds"][str(rnd)] = {
            "bias": float(w[at]), "weights": [float(v) for v in w[at + 1:at + fv.WIDTH]]}
    args.out.write_text(json.dumps(model, indent=1) + "\n")
    print(f"wrote {args.out}")


if __name__ == "__main__":
    main()
