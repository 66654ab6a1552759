"""Fit the beam bot's judge of round starts (``games/foxglove/data/horizon_model.json``).

Why a second model: the ``beam`` bot compares only towns at the first construction decision of
the next round (or finished games), each of which the beam itself will play on. The main
value (``bench/fit_value.py``) is fitted at every kind of decision point, to what greedy play
makes of each turn. Session 25 found a choice it gets wrong at the horizon: in setup 4,
building the Quarry after the Factory in round 1 (a search that sees the stacks does so)
scored +3.1 ± 1.4 points over the bot's own choice in 16 paired games, which the value rated
lower at the start of round 2.

What: sibling groups taken where the beam takes them. Games of ``--policy`` (a quick beam)
give the roots: each round's first construction decision in rounds 1-3. From a root, a full
width-6 beam (as the bot's, with no time limit, on the real position) collects every distinct
line that reaches the next round's start; the ``--top`` lines the current horizon judge rates
best and ``--others`` more at random are each played on to the end by ``--continue`` (a fair
bot: it shuffles the stacks it cannot see) with the same agent seed. Within a group the final
scores differ by the lines alone, plus the continuation's own luck; their differences are
regressed on the differences of the value's inputs, per round (2, 3, 4), in a ridge regression
toward the main model (``fit_value.fit``). Only differences within a round matter to the beam,
so the levels stay the main model's.

    .venv/bin/python bench/fit_horizon.py --games 5001-5100 --cache /tmp/hz --ridge 300,1000 --write

About 30 s of CPU per game with the default policies (60-450 s with unbudgeted continuations).
"""

from __future__ import annotations

import argparse
import json
import pickle
import random
import sys
import time
from multiprocessing import get_context
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parent))

import fit_value as fv  # noqa: E402
from acreage.games.foxglove import value  # noqa: E402

HORIZON_ROUNDS = (2, 3, 4)


def horizon_lines(root, rng: random.Random, width: int = 6) -> list:
    """Every distinct position at the next round's start (or the end) that a width-``width``
    beam from ``root`` reaches, as the bot's beam finds them; best by the horizon judge first."""
    from acreage.agents.base import play_forced
    from acreage.agents.simple import _position_key, complete_turn
    from acreage.games.foxglove.prune import shortlist

    judge = value.estimate_final_score
    reached = value.next_round_start(root)
    found: dict = {}
    frontier = [root]
    while frontier:
        kept: dict = {}
        for position in frontier:
            for action in position.legal_actions():
                child = position.clone()
                child.apply(action)
                complete_turn(child, 0, judge, rng, shortlist=shortlist)
                play_forced(child, True)
                key = _position_key(child, 0)
                if child.is_terminal or reached(child):
                    found.setdefault(key, child)
                elif key not in kept:
                    kept[key] = (judge(child, 0), child)
        frontier = [c for _, c in sorted(kept.values(), key=lambda e: -e[0])[:width]]
    lines = list(found.values())
    lines.sort(key=lambda s: -value.estimate_at_horizon(s, 0))
    return lines


def play_on(state, spec: str, seed: int) -> int:
    from acreage.agents import make_agent

    agent = make_agent(spec, seed=seed)
    state = state.clone()
    while not state.is_terminal:
        state.apply(agent.decide(state, 0))
    return state.scores()[0]


def game_groups(job) -> list:
    """One game's groups: [(setup, seed, round of the lines, [(position, final score)])]."""
    setup, seed, policy, cont, top, others = job
    from acreage import new_game
    from acreage.agents import make_agent
    from acreage.games.foxglove.state import CONSTRUCTION

    rng = random.Random(seed)
    state = new_game("foxglove", players=1, seed=seed, solo_setup=setup)
    agent = make_agent(policy, seed=seed)
    roots = {}
    while not state.is_terminal:
        if (state.phase == CONSTRUCTION and state.round < 4 and state.round not in roots
                and not state.in_subdecision()):
            roots[state.round] = state.clone()
        state.apply(agent.decide(state, 0))
    out = []
    for rnd, root in sorted(roots.items()):
        lines = horizon_lines(root, rng)
        chosen = lines[:top] + rng.sample(lines[top:], min(others, max(0, len(lines) - top)))
        rows = [(line, play_on(line, cont, seed + 7)) for line in chosen]
        if len(rows) > 1 and all(not line.is_terminal and line.round == rnd + 1 for line, _ in rows):
            out.append((setup, seed, rnd + 1, rows))
    return out


def generate(seeds: list[int], setups: list[int], args, cache: Path | None) -> list:
    """Groups of every (setup, seed), each game's cached in ``cache`` as it finishes."""
    jobs, groups = [], []
    for seed in seeds:
        for setup in setups:
            path = cache / f"{setup}_{seed}.pkl" if cache else None
            if path is not None and path.exists():
                groups += pickle.loads(path.read_bytes())
            else:
                jobs.append((setup, seed, args.policy, args.cont, args.top, args.others))
    if cache:
        cache.mkdir(parents=True, exist_ok=True)
    start = time.perf_counter()
    with get_context("spawn").Pool(args.workers) as pool:
        for i, mine in enumerate(pool.imap_unordered(game_groups, jobs)):
            groups += mine
            if cache and mine:
                setup, seed = mine[0][0], mine[0][1]
                (cache / f"{setup}_{seed}.pkl").write_bytes(pickle.dumps(mine))
            print(f"  {i + 1}/{len(jobs)} games, {time.perf_counter() - start:.0f} s", flush=True)
    return groups


def featurize(groups) -> list[tuple]:
    """[(round, X, y, seed)] in ``fit_value``'s layout (a block of parameters per round)."""
    out = []
    for _setup, seed, rnd, rows in groups:
        x = np.zeros((len(rows), len(fv.ROUNDS) * fv.WIDTH))
        at = (rnd - 1) * fv.WIDTH
        x[:, at] = 1.0
        x[:, at + 1:at + fv.WIDTH] = [value.features(line, 0) for line, _ in rows]
        out.append((rnd, x, np.array([y for _, y in rows], float), seed))
    return out


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--games", default="5001-5100", help="seeds, e.g. 5001-5100 (each setup plays each)")
    parser.add_argument("--setups", default="1,2,3,4,5,6")
    parser.add_argument("--policy", default="beam:width=2,ms=250", help="plays the games the roots come from")
    parser.add_argument("--cont", default="beam:width=2,ms=250", help="plays each line on to the end")
    parser.add_argument("--top", type=int, default=4, help="lines per group, best first")
    parser.add_argument("--others", type=int, default=1, help="more lines per group, at random")
    parser.add_argument("--ridge", default="1000", help="per 1000 rows; several (comma-separated) "
                        "are compared on the held-out groups and the first is written")
    parser.add_argument("--holdout", type=float, default=0.25, help="share of seeds held out")
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--cache", type=Path, help="keep (and reuse) each game's groups here")
    parser.add_argument("--write", action="store_true", help="write data/horizon_model.json")
    parser.add_argument("--out", type=Path, help="write the model here instead (to try it first)")
    args = parser.parse_args()
    lo, _, hi = args.games.partition("-")
    seeds = list(range(int(lo), int(hi or lo) + 1))
    setups = [int(s) for s in args.setups.split(",")]
    ridges = [float(r) for r in args.ridge.split(",")]
    groups = featurize(generate(seeds, setups, args, args.cache))
    cut = seeds[int(len(seeds) * (1 - args.holdout))] if len(seeds) > 1 else seeds[0] + 1
    train = [g[:3] for g in groups if g[3] < cut]
    test = [g[:3] for g in groups if g[3] >= cut]
    print(f"{len(groups)} sibling groups ({len(train)} to fit, {len(test)} held out: seeds from {cut})")
    prior = fv.start_vector("current")
    fv._show("main model", fv.quality(prior, test))
    for ridge in ridges:
        fv._show(f"fit, ridge {ridge:g}", fv.quality(fv.fit(train, prior, ridge, HORIZON_ROUNDS), test))
    w = fv.fit([g[:3] for g in groups], prior, ridges[0], HORIZON_ROUNDS)
    rounds = {}
    for rnd in HORIZON_ROUNDS:
        at = (rnd - 1) * fv.WIDTH
        rounds[str(rnd)] = {"bias": float(w[at]), "weights": [float(v) for v in w[at + 1:at + fv.WIDTH]]}
        new, old = w[at + 1:at + fv.WIDTH], prior[at + 1:at + fv.WIDTH]
        moved = sorted(zip(value.FEATURE_NAMES, new, old, strict=True), key=lambda t: -abs(t[1] - t[2]))[:8]
        print(f"round {rnd}: most changed: " + ", ".join(f"{n} {v:.2f} (was {v0:.2f})" for n, v, v0 in moved))
    if args.write or args.out:
        data = {
            "provenance": (
                f"fitted: bench/fit_horizon.py; ridge regression (lambda {ridges[0]:g} per 1000 rows, "
                f"toward the main model) of final-score differences within {len(groups)} sibling "
                f"groups at the next round's start (the {args.top} lines a width-6 beam rates best "
                f"and {args.others} at random, each played on by {args.cont}) from solo games of "
                f"{args.policy} (setups {args.setups}; seeds {args.games})"),
            "features": list(value.FEATURE_NAMES),
            "rounds": rounds,
        }
        path = args.out or value.HORIZON_FILE
        path.write_text(json.dumps(data, indent=1) + "\n")
        print(f"wrote {path}")


if __name__ == "__main__":
    main()
