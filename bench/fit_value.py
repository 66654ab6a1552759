"""Fit Foxglove Farm's learned final-score estimate (``games/foxglove/data/value_model.json``).

Two kinds of data, both from solo games of ``greedy:macros=1`` (or ``--policy``), six setups:

* **Sibling groups** (the weights). At random decision points of a greedy game, three of the
  six turns the heuristic rates best are each played out by greedy to the end, with the same
  hidden stack order. The position each turn leads to (the next decision point, where a tree
  search would judge it) is kept with its final score. Within a group, luck and the strength
  of the setup are shared, so the differences in final score measure the turns themselves.
  Per round, a ridge regression of those differences on the differences in features, pulled
  toward the bare heuristic (weight 1 on each of its terms, 0 on the rest), gives the weights.
* **Plain games** (the level): the mean of (final score − weighted features) over the decision
  points of each round gives that round's bias, so leaves from different rounds compare.

Held-out groups (the last quarter) report how often the model and the bare heuristic order two
siblings as their final scores do.

    .venv/bin/python bench/fit_value.py                       # about 45 minutes on two cores
    .venv/bin/python bench/fit_value.py --write               # replace the model
    .venv/bin/python bench/fit_value.py --cache /tmp/vd       # keep the games to refit quickly
    .venv/bin/python bench/fit_value.py --policy greedy:macros=1,learned=1 \
        --share 0.5,0.35,0.1,0.05                             # policy iteration, opening-heavy

The transport planner's budget is CP-SAT work, not seconds, so the games are the same on a
loaded machine (a wall-clock budget made starved continuations score 20-40 points less).

Needs numpy (in the dev extra); the engine reading the model does not.
"""

from __future__ import annotations

import argparse
import json
import pickle
import random
from multiprocessing import Pool
from pathlib import Path

import numpy as np

from acreage.agents.base import play_forced
from acreage.games.foxglove import value

#: The bare heuristic: weight 1 on each of its terms, 0 on every other feature.
PRIOR = np.array([1.0 if name in value._h.PART_NAMES else 0.0 for name in value.FEATURE_NAMES])


#: The policy that plays the games and the sibling continuations (``--policy``).
POLICY = "greedy:macros=1"


def _greedy_agents(seed: int, players: int):
    from acreage.agents import make_agent

    return [make_agent(POLICY, seed=seed * 7 + s) for s in range(players)]


def _judge():
    """How the policy rates positions, to pick the sibling candidates it would consider."""
    return value.estimate_final_score if "learned=1" in POLICY else value._h.evaluate


def _init(policy: str) -> None:
    global POLICY
    POLICY = policy


def _decision_point(state) -> bool:
    if state.is_terminal or state.in_subdecision() or len(state.legal_actions()) < 2:
        return False
    macros = state.macro_actions()
    return not (macros and macros[0][1])


def play_level(job):
    """One game of the policy: (round, position, final score) at each decision point."""
    setup, seed = job
    from acreage import new_game

    state = new_game("foxglove", players=1, seed=seed, solo_setup=setup)
    agents = _greedy_agents(seed, 1)
    rows = []
    while not state.is_terminal:
        if _decision_point(state):
            rows.append((state.round, state.clone()))
        state.apply(agents[0].decide(state, 0))
    final = state.scores()[0]
    return [(r, f, final) for r, f in rows]


def play_groups(job):
    """One greedy game; at each decision point, with probability ``share``, a sibling group:
    [(round, position, final score)] for three of the policy's six best turns.

    Positions are kept whole (not as features), so a cache can be refitted after the
    features change."""
    setup, seed, share = job
    from acreage import new_game
    from acreage.agents.simple import settle

    rng = random.Random(seed)
    state = new_game("foxglove", players=1, seed=seed, solo_setup=setup)
    agents = _greedy_agents(seed, 1)
    starts = []
    while not state.is_terminal:
        if _decision_point(state) and rng.random() < share[state.round - 1]:
            starts.append(state.clone())
        state.apply(agents[0].decide(state, 0))
    groups = []
    for start in starts:
        seat = start.current_player
        scored = []
        for action in start.legal_actions():
            after = start.clone()
            after.apply(action)
            path: list = []
            v = settle(after, seat, _judge(), rng, path=path)
            scored.append((-v, rng.random(), action, path))
        scored.sort()
        group = []
        for _v, _r, action, path in rng.sample(scored[:6], min(3, len(scored))):
            sim = start.clone()
            sim.apply(action)
            for step in path:
                if sim.is_terminal or sim.current_player != seat or step not in sim.legal_actions():
                    break
                sim.apply(step)
            play_forced(sim)  # to the next decision point, where a tree search judges it
            if sim.is_terminal:
                break  # a turn that ends the game needs no estimate: the group is dropped
            row = (sim.round, sim.clone())
            agents = _greedy_agents(seed, 1)
            while not sim.is_terminal:
                sim.apply(agents[0].decide(sim, 0))
            group.append((*row, sim.scores()[seat]))
        else:
            if len(group) > 1:
                groups.append(group)
    return groups


def _run(fn, jobs, workers: int, cache: Path | None, name: str):
    path = cache / f"{name}.pkl" if cache else None
    if path is not None and path.exists():
        return pickle.loads(path.read_bytes())
    with Pool(workers, initializer=_init, initargs=(POLICY,)) as pool:
        out = [row for rows in pool.map(fn, jobs, chunksize=1) for row in rows]
    if path is not None:
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_bytes(pickle.dumps(out))
    return out


def featurize(rows):
    """(round, position, final) -> (round, features, final)."""
    return [(r, value.features(state, 0), y) for r, state, y in rows]


def fit(groups, level, ridge: float, mask=None):
    """Per round: weights from sibling differences (ridge toward ``PRIOR``), bias from the level."""
    mask = np.ones(value.N_FEATURES) if mask is None else np.asarray(mask, float)
    rounds = {}
    for rnd in range(1, 5):
        xs, ys = [], []
        for group in groups:
            members = [(f, y) for r, f, y in group if r == rnd]
            if len(members) < 2:
                continue
            x = np.array([f for f, _ in members])
            y = np.array([y for _, y in members], float)
            xs.append(x - x.mean(0))
            ys.append(y - y.mean())
        if xs:
            x = np.vstack(xs) * mask
            y = np.concatenate(ys) - x @ PRIOR
            sd = x.std(0) + 1e-9
            z = x / sd
            lam = ridge * len(y) / 1000.0
            delta = np.linalg.solve(z.T @ z + lam * np.eye(len(sd)), z.T @ y) / sd * mask
        else:
            delta = np.zeros(value.N_FEATURES)
        weights = PRIOR + delta
        level_rows = [(f, y) for r, f, y in level if r == rnd]
        bias = float(np.mean([y - np.dot(weights, f) for f, y in level_rows])) if level_rows else 0.0
        rounds[str(rnd)] = {"bias": bias, "weights": [float(w) for w in weights],
                            "groups": len(xs)}
    return rounds


def _predict(rounds, rnd: int, f) -> float:
    entry = rounds[str(rnd)]
    return entry["bias"] + float(np.dot(entry["weights"], f))


def report(rounds, groups, level) -> None:
    """Held-out ordering of siblings, and level correlation per round, model vs heuristic."""
    h = value.FEATURE_NAMES.index("banked")
    nparts = len(value._h.PART_NAMES)
    for rnd in (1, 2, 3, 4, None):
        agree = hagree = total = 0
        for group in groups:
            members = [(r, f, y) for r, f, y in group if rnd is None or r == rnd]
            for i in range(len(members)):
                for j in range(i + 1, len(members)):
                    (ri, fi, yi), (rj, fj, yj) = members[i], members[j]
                    if yi == yj:
                        continue
                    total += 1
                    agree += (_predict(rounds, ri, fi) - _predict(rounds, rj, fj)) * (yi - yj) > 0
                    hi, hj = sum(fi[h:h + nparts]), sum(fj[h:h + nparts])
                    hagree += (hi - hj) * (yi - yj) > 0
        label = f"round {rnd}" if rnd else "all"
        if total:
            print(f"{label:8s} sibling pairs {total:4d}: ordered right by the model {agree / total:.1%}, "
                  f"by the heuristic {hagree / total:.1%}")
    for rnd in (1, 2, 3, 4):
        rows = [(f, y) for r, f, y in level if r == rnd]
        if len(rows) > 2:
            pred = [_predict(rounds, rnd, f) for f, _ in rows]
            ys = [y for _, y in rows]
            print(f"round {rnd}: level corr with the final score {np.corrcoef(pred, ys)[0, 1]:.2f}")


def _batches(text: str) -> list[tuple[int, int]]:
    """``"700000:330,800000:330"`` -> [(first seed, games), ...]."""
    out = []
    for part in filter(None, text.split(",")):
        first, _, n = part.partition(":")
        out.append((int(first), int(n)))
    return out


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--group-games", default="700000:330,800000:330",
                        help="batches of sibling-group games, FIRST_SEED:GAMES,...")
    parser.add_argument("--level-games", default="300000:240", help="plain games, FIRST_SEED:GAMES")
    parser.add_argument("--share", default="0.12",
                        help="chance that a decision point starts a sibling group: one number, "
                             "or four (rounds 1-4), e.g. 0.5,0.3,0.1,0.05 to study the opening")
    parser.add_argument("--ridge", type=float, default=1000.0, help="per 1000 rows")
    parser.add_argument("--holdout", type=float, default=0.25,
                        help="share of groups held out to report on before the final fit on all")
    parser.add_argument("--policy", default=POLICY,
                        help="the bot that plays the games and continues the siblings; "
                             "'greedy:macros=1,learned=1' fits the value for its own greedy "
                             "(one step of policy iteration)")
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--cache", type=Path, help="keep (and reuse) the generated games here")
    parser.add_argument("--write", action="store_true", help="write data/value_model.json")
    args = parser.parse_args()
    _init(args.policy)
    share = [float(x) for x in args.share.split(",")]
    share = share * 4 if len(share) == 1 else share
    if len(share) != 4 or not all(0 <= x <= 1 for x in share):
        parser.error("--share takes one probability or four (rounds 1-4)")
    groups = []
    for first, n in _batches(args.group_games):
        groups += _run(play_groups, [(1 + k % 6, first + k, share) for k in range(n)],
                       args.workers, args.cache, f"groups_{first}_{n}")
    level = []
    for first, n in _batches(args.level_games):
        level += _run(play_level, [(1 + k % 6, first + k) for k in range(n)],
                      args.workers, args.cache, f"level_{first}_{n}")
    groups = [featurize(group) for group in groups]
    level = featurize(level)
    cut = int(len(groups) * (1 - args.holdout))
    print(f"{len(groups)} sibling groups ({cut} to fit, {len(groups) - cut} held out), "
          f"{len(level)} level rows")
    report(fit(groups[:cut], level, args.ridge), groups[cut:], level)
    rounds = fit(groups, level, args.ridge)
    for rnd, entry in rounds.items():
        terms = ", ".join(f"{n} {w:.2f}" for n, w in zip(value.FEATURE_NAMES, entry["weights"], strict=True)
                          if abs(w) > 0.005)
        print(f"round {rnd}: bias {entry['bias']:.1f}; {terms}")
    if args.write:
        data = {
            "provenance": (
                f"fitted: bench/fit_value.py, per round; weights by ridge regression (lambda "
                f"{args.ridge:g} per 1000 rows, toward the bare heuristic) on the final-score "
                f"differences of {len(groups)} sibling groups from solo {args.policy} games "
                f"(setups 1-6; seed batches {args.group_games}; share {args.share:g}); biases from "
                f"plain {args.policy} games (seeds {args.level_games})"),
            "features": list(value.FEATURE_NAMES),
            "rounds": rounds,
        }
        value.MODEL_FILE.write_text(json.dumps(data, indent=1) + "\n")
        print(f"wrote {value.MODEL_FILE}")


if __name__ == "__main__":
    main()
