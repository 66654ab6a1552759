"""Fit Foxglove Farm's learned final-score estimate (``games/foxglove/data/value_model.json``).

The data are *sibling groups*, from solo games of the policy (``--policy``, by default greedy
judging with the current model), six setups: at random decision points (a share per round), the
``--siblings`` turns the policy rates best are each played out by the policy to the end, with
the same hidden stack order and the same agent seed. The position each turn leads to (the next
decision point, where a tree search judges it) is kept with its final score. Within a group,
luck and the strength of the setup are shared, so the differences in final score measure the
turns themselves; regressing on plain final scores across games instead learns which setups
score well, and as a judge it made greedy 13 points weaker (research/bots-experiments.md).

The fit is one regression for all four rounds: each position's prediction is its round's bias
plus its round's weights times its features, and the within-group differences of predictions
are fitted to the differences of final scores. A group that straddles two rounds (a pass
against a build) ties the two rounds' levels together, which is what a tree search comparing
such leaves needs. It is a ridge regression in standardised units pulled toward a starting
model (``--start``: the model in the file, or the bare heuristic), so features the data say
little about keep their old weights; the absolute level is left where the start has it (only
differences within a game matter to a search).

Held-out groups (the last quarter by seed) report, for the start and the fit, how often two
siblings are ordered as their final scores are, and the *regret*: the points the group's best
turn scored more than the turn the model rates best.

A single playout is a noisy judge of a turn: replaying 40 groups' siblings, each with a new
stack order of its own, the within-group differences of the two playouts correlated only
0.16, and they ordered the same pairs alike 60 % of the time (research/bots-experiments.md).

``--horizon round`` trades that noise for bias: each sibling is played only to the next
round's first construction decision and judged there by the next round's value (fitted value
iteration: the ``--refit`` rounds, the latest first, each against the model as refitted so
far; a game that ends first gives its final score). Held-out figures are then against those
targets, not against final scores.

    # the greedy-fitted model (its rounds 1 and 4 still ship), in two steps. Rounds 1, 2 and 4
    # (the design-count fit of 2026-11-30; about 50 minutes on two cores), from the earlier
    # sibling-fitted model:
    git show c9cb8de:src/acreage/games/foxglove/data/value_model.json > /tmp/start.json
    .venv/bin/python tools/fit_value.py --games 910000:380,910381:1 --start /tmp/start.json \
        --ridge 100 --cache /tmp/vd --write
    # then round 3 (fitted value iteration, 2026-11-30; about 16 minutes), toward that model
    # (git a9a6b84):
    .venv/bin/python tools/fit_value.py --games 930000:600 --horizon round \
        --share 0.4,0.3,0.2,0.15 --refit 3 --ridge 100 --cache /tmp/vd --write

The transport planner's budget is CP-SAT work, not seconds, so the games are the same on a
loaded machine. Needs numpy (in the dev extra); the engine reading the model does not.
"""

from __future__ import annotations

import argparse
import json
import pickle
import random
import time
from multiprocessing import Pool
from pathlib import Path

import numpy as np

from acreage.agents.base import play_forced
from acreage.games.foxglove.bots import value
from acreage.games.foxglove.constants import PRODUCTION

#: The policy that plays the games and the sibling continuations (``--policy``).
POLICY = "greedy:macros=1,learned=1"
ROUNDS = (1, 2, 3, 4)
WIDTH = value.N_FEATURES + 1  # a round's block of parameters: its bias, then its weights


def _init(policy: str) -> None:
    global POLICY
    POLICY = policy


def _decision_point(state) -> bool:
    if state.is_terminal or state.in_subdecision() or len(state.legal_actions()) < 2:
        return False
    macros = state.macro_actions()
    return not (macros and macros[0][1])


def play_groups(job):
    """One game of the policy; at each decision point, with its round's share, a sibling group:
    (round of the start, [(round, position, final score)] for its best ``k`` turns).

    Positions are kept whole (not as features), so a cache can be refitted after the features
    change."""
    setup, seed, k, share, horizon = job
    from acreage import new_game
    from acreage.agents import make_agent
    from acreage.agents.simple import settle
    from acreage.core.registry import game_info

    info = game_info("foxglove")
    judge = info.value if "learned=1" in POLICY else info.heuristic
    rng = random.Random(seed)
    state = new_game("foxglove", players=1, seed=seed, solo_setup=setup)
    agent = make_agent(POLICY, seed=seed)
    starts = []
    while not state.is_terminal:
        if _decision_point(state) and rng.random() < share[state.round - 1]:
            starts.append(state.clone())
        state.apply(agent.decide(state, 0))
    groups = []
    for start in starts:
        scored = []
        for action in start.legal_actions():
            after = start.clone()
            after.apply(action)
            path: list = []
            v = settle(after, 0, judge, rng, path=path, shortlist=info.shortlist)
            scored.append((-v, rng.random(), action, path))
        scored.sort(key=lambda t: (t[0], t[1]))
        continuation_seed = rng.getrandbits(32)
        group = []
        for _v, _r, action, path in scored[:k]:
            sim = start.clone()
            sim.apply(action)
            for step in path:
                if sim.is_terminal or sim.current_player != 0 or step not in sim.legal_actions():
                    break
                sim.apply(step)
            play_forced(sim, True)  # to the next decision point, where a tree search judges it
            if sim.is_terminal:
                group = []  # a turn that ends the game needs no estimate: drop the group
                break
            row = (sim.round, sim.clone())
            player = make_agent(POLICY, seed=continuation_seed)
            if horizon == "round":
                # Only to the next round's first construction decision (or the end): the rest
                # of the game is judged by the next round's value (see ``targets``).
                while not sim.is_terminal and (
                        sim.round == start.round or sim.phase == PRODUCTION or not _decision_point(sim)):
                    sim.apply(player.decide(sim, 0))
                group.append((*row, sim.scores()[0] if sim.is_terminal else None,
                              None if sim.is_terminal else sim.clone()))
                continue
            while not sim.is_terminal:
                sim.apply(player.decide(sim, 0))
            group.append((*row, sim.scores()[0]))
        if len(group) > 1:
            groups.append((start.round, group))
    return groups


def generate(first: int, n: int, k: int, share, workers: int, cache: Path | None, horizon: str = "end"):
    name = f"groups_{first}_{n}_k{k}_{'-'.join(f'{s:g}' for s in share)}.pkl"
    if horizon != "end":
        name = name.replace(".pkl", f"_{horizon}.pkl")
    path = cache / name if cache else None
    if path is not None and path.exists():
        return pickle.loads(path.read_bytes())
    jobs = [(1 + i % 6, first + i, k, share, horizon) for i in range(n)]
    start = time.perf_counter()
    out = []
    with Pool(workers, initializer=_init, initargs=(POLICY,)) as pool:
        for i, groups in enumerate(pool.imap(play_groups, jobs, chunksize=1)):
            out.append(groups)
            if (i + 1) % 50 == 0:
                print(f"  {i + 1}/{n} games, {sum(map(len, out))} groups, "
                      f"{time.perf_counter() - start:.0f} s", flush=True)
    out = [g for groups in out for g in groups]
    if path is not None:
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_bytes(pickle.dumps(out))
    return out


def _row(rnd: int, state) -> np.ndarray:
    x = np.zeros(len(ROUNDS) * WIDTH)
    at = (rnd - 1) * WIDTH
    x[at] = 1.0
    x[at + 1:at + WIDTH] = value.features(state, 0)
    return x


def featurize(groups):
    """[(start round, [(round, position, final)])] -> [(start round, X, y)].

    Groups of the ``round`` horizon, [(round, position, final or None, end or None)], become
    (start round, X, finals with NaN where the game went on, the end positions' rows): their
    targets depend on the model (``targets``)."""
    out = []
    for start, g in groups:
        x = np.array([_row(r, s) for r, s, *_ in g])
        if len(g[0]) == 3:
            out.append((start, x, np.array([y for *_, y in g], float)))
            continue
        finals = np.array([np.nan if f is None else f for _, _, f, _ in g], float)
        ends = np.array([np.zeros(x.shape[1]) if e is None else _row(e.round, e) for *_, e in g])
        out.append((start, x, finals, ends))
    return out


def targets(groups, w: np.ndarray):
    """(start, X, y) per group: the final score where the continuation reached the end, else
    the model ``w``'s estimate at the end of the continuation (the next round's start)."""
    out = []
    for g in groups:
        if len(g) == 3:
            out.append(g)
        else:
            start, x, finals, ends = g
            out.append((start, x, np.where(np.isnan(finals), ends @ w, finals)))
    return out


def start_vector(kind: str) -> np.ndarray:
    """The parameters the fit is pulled toward: the shipped model ("current"), another model
    file (a path; inputs it lacks start at 0), or the bare heuristic (weight 1 on each of its
    terms) with the shipped biases."""
    # value._load gives 0 to design counts a file lacks (the model before the design counts:
    # ``git show c9cb8de:src/acreage/games/foxglove/data/value_model.json``).
    model = value._MODEL if kind in ("current", "heuristic") else value._load(Path(kind))
    w = np.zeros(len(ROUNDS) * WIDTH)
    for rnd in ROUNDS:
        bias, weights = model[rnd]
        at = (rnd - 1) * WIDTH
        w[at] = bias
        if kind != "heuristic":
            w[at + 1:at + WIDTH] = weights
        else:
            w[at + 1:at + WIDTH] = [1.0 if n in value._h.PART_NAMES else 0.0 for n in value.FEATURE_NAMES]
    return w


def fit(groups, prior: np.ndarray, ridge: float, rounds=ROUNDS, designs: bool = True) -> np.ndarray:
    """Ridge regression of within-group final-score differences, toward ``prior``.

    Each parameter is penalised in units of its feature's spread among the positions of its
    own round. A feature that does not vary within a round (the banked points of round 1) is
    left at its prior: otherwise it only duplicates that round's bias inside the data, and an
    unseen value at play time (a museum's first cubes) would meet a huge weight. Only the
    parameters of ``rounds`` move; the others stay at the prior. ``designs=False`` also keeps
    the per-design counts at the prior: with a few dozen groups, one weight per tile design
    mostly fits the noise of the few games that built it."""
    rows = np.vstack([x for _, x, _ in groups])
    scale = np.zeros(rows.shape[1])
    for rnd in rounds:
        at = (rnd - 1) * WIDTH
        mine = rows[rows[:, at] == 1.0, at:at + WIDTH]
        if len(mine):
            scale[at:at + WIDTH] = mine.std(0)
            scale[at] = 1.0  # the bias
            if not designs:
                scale[at + 1 + value.N_BASE:at + WIDTH] = 0.0
    xd = np.vstack([x - x.mean(0) for _, x, _ in groups])
    yd = np.concatenate([y - y.mean() for _, _, y in groups])
    target = yd - xd @ prior
    live = (scale > 1e-6) & (xd.std(0) > 1e-9)
    z = xd[:, live] / scale[live]
    lam = ridge * len(yd) / 1000.0
    delta = np.linalg.solve(z.T @ z + lam * np.eye(z.shape[1]), z.T @ target)
    w = prior.copy()
    w[live] += delta / scale[live]
    return w


def fit_by_round(groups, prior: np.ndarray, ridge: float, rounds=ROUNDS) -> np.ndarray:
    """Fitted value iteration for groups of the ``round`` horizon: the latest round first, each
    round's groups regressed on targets from the model as refitted so far (the next round's
    value at the end of each continuation), moving only that round's parameters."""
    w = prior.copy()
    for rnd in sorted(rounds, reverse=True):
        mine = targets([g for g in groups if g[0] == rnd], w)
        if mine:
            w = fit(mine, w, ridge, rounds=(rnd,))
    return w


def quality(w: np.ndarray, groups) -> dict:
    """Per start round (0: all): pairs ordered right, pairs, mean regret in points (for the
    ``round`` horizon, against the targets ``w`` itself gives)."""
    groups = targets(groups, w)
    out = {}
    for rnd in (*ROUNDS, 0):
        right = pairs = 0
        regret = []
        for start, x, y in groups:
            if rnd and start != rnd:
                continue
            p = x @ w
            regret.append(y.max() - y[int(np.argmax(p))])
            for i in range(len(y)):
                for j in range(i + 1, len(y)):
                    if y[i] != y[j]:
                        pairs += 1
                        right += (p[i] - p[j]) * (y[i] - y[j]) > 0
        if pairs:
            out[rnd] = (right / pairs, pairs, float(np.mean(regret)))
    return out


def _show(label: str, q: dict) -> None:
    cells = "  ".join(f"{'R' + str(r) if r else 'all'} {a:.1%}/{g:.2f}" for r, (a, _n, g) in q.items())
    print(f"{label:22s} ordered right/regret: {cells}")


def _provenance(args, ridge: float, n_groups: int, refit: list[int]) -> str:
    how = ("final-score differences" if args.horizon == "end" else
           "differences of the next round's value at the next round's start (round by round, "
           "latest first; the final score where the game ended)")
    until = "to the end" if args.horizon == "end" else "to the next round"
    text = (f"fitted: tools/fit_value.py; ridge regression (lambda {ridge:g} per 1000 rows, toward "
            f"the {args.start} model) of {how} within {n_groups} sibling groups (the "
            f"{args.siblings} best turns, each played out {until}) "
            f"from solo {args.policy} games (setups 1-6; seeds {args.games}; share by round "
            f"{args.share})")
    if refit == list(ROUNDS):
        return text
    kept = [r for r in ROUNDS if r not in refit]
    if args.start == "heuristic":
        before = "the bare heuristic: weight 1 on each of its terms, the shipped biases"
    else:
        source = value.MODEL_FILE if args.start == "current" else Path(args.start)
        try:
            before = json.loads(source.read_text()).get("provenance", "unknown")
        except (OSError, ValueError):
            before = "unknown"

    def rounds(which: list[int]) -> str:
        return f"round{'s' if len(which) > 1 else ''} {', '.join(map(str, which))}"

    return f"{rounds(refit)}: {text}. {rounds(kept).capitalize()}: as in the start model ({before})"


def _batches(text: str) -> list[tuple[int, int]]:
    """``"910000:600,920000:300"`` -> [(first seed, games), ...]."""
    out = []
    for part in filter(None, text.split(",")):
        first, _, n = part.partition(":")
        out.append((int(first), int(n)))
    return out


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--games", default="910000:600", help="batches of games, FIRST_SEED:GAMES,...")
    parser.add_argument("--siblings", type=int, default=5, help="turns per group, best first")
    parser.add_argument("--share", default="0.4,0.3,0.1,0.05",
                        help="chance that a decision point of round 1-4 starts a group")
    parser.add_argument("--ridge", default="300", help="per 1000 rows; several (comma-separated) "
                        "are compared on the held-out groups and the first is written")
    parser.add_argument("--start", default="current",
                        help="the model the fit is pulled toward: current (the shipped one), "
                             "heuristic, or the path of a model file")
    parser.add_argument("--horizon", choices=("end", "round"), default="end",
                        help="play each sibling out to the end (its final score is the target), "
                             "or only to the next round's start (the next round's value is)")
    parser.add_argument("--refit", default="1,2,3,4",
                        help="the rounds whose parameters move (comma-separated); the others "
                             "keep the start model's")
    parser.add_argument("--holdout", type=float, default=0.25)
    parser.add_argument("--policy", default=POLICY)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--cache", type=Path, help="keep (and reuse) the generated groups here")
    parser.add_argument("--write", action="store_true", help="write data/value_model.json")
    parser.add_argument("--out", type=Path, help="write the model here instead (to try it first)")
    args = parser.parse_args()
    _init(args.policy)
    share = [float(x) for x in args.share.split(",")]
    if len(share) != 4 or not all(0 <= x <= 1 for x in share):
        parser.error("--share takes four probabilities (rounds 1-4)")
    ridges = [float(x) for x in args.ridge.split(",")]
    refit = sorted({int(x) for x in args.refit.split(",")})
    if not set(refit) <= set(ROUNDS):
        parser.error("--refit takes rounds 1-4, e.g. 3 or 2,3")
    raw = []
    for first, n in _batches(args.games):
        raw += generate(first, n, args.siblings, share, args.workers, args.cache, args.horizon)
    groups = featurize(raw)
    cut = int(len(groups) * (1 - args.holdout))
    print(f"{len(groups)} sibling groups ({cut} to fit, {len(groups) - cut} held out)")
    prior = start_vector(args.start)

    def fitted(data, ridge):
        if args.horizon == "round":
            return fit_by_round(data, prior, ridge, refit)
        return fit(data, prior, ridge, refit)

    _show(f"start ({args.start})", quality(prior, groups[cut:]))
    for ridge in ridges:
        _show(f"fit, ridge {ridge:g}", quality(fitted(groups[:cut], ridge), groups[cut:]))
    w = fitted(groups, ridges[0])
    rounds = {}
    for rnd in ROUNDS:
        at = (rnd - 1) * WIDTH
        rounds[str(rnd)] = {"bias": float(w[at]), "weights": [float(v) for v in w[at + 1:at + WIDTH]]}
        if rnd not in refit:
            continue
        moved = sorted(zip(value.FEATURE_NAMES, w[at + 1:at + WIDTH], prior[at + 1:at + WIDTH], strict=True),
                       key=lambda t: -abs(t[1] - t[2]))[:8]
        print(f"round {rnd}: bias {w[at]:.1f}; most changed: "
              + ", ".join(f"{n} {v:.2f} (was {v0:.2f})" for n, v, v0 in moved))
    if args.write or args.out:
        data = {
            "provenance": _provenance(args, ridges[0], len(groups), refit),
            "features": list(value.FEATURE_NAMES),
            "rounds": rounds,
        }
        path = args.out or value.MODEL_FILE
        path.write_text(json.dumps(data, indent=1) + "\n")
        print(f"wrote {path}")


if __name__ == "__main__":
    main()
