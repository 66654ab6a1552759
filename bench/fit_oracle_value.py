"""Refit rounds of Foxglove Farm's learned value on plans a perfect-information search finds.

Why: the value that judges the bots' lines was fitted on sibling groups from greedy games
(``bench/fit_value.py``), and greedy rarely builds the towns that score best. Session 29 found
the cost in setup 5: at round 2's start the value rated a town of producers (Coal Mine, Paddock,
Quarry) about 12 points below the bot's Volcano and Foundry, and the first led the
perfect-information search to 106-108, the second to 72 (docs/bots-experiments.md). A fit can
only correct that from data where such towns occur and are played well.

What: for each solo game (setup, seed), sibling groups at the first construction decision of
rounds 2 and 3 (``--rounds``):

1. *Towns.* The per-town perfect-information beam of ``solo_oracle.py`` (``--find-width``,
   at most ``--per-town`` positions per town) plays from the game's start and keeps every
   distinct town that reaches one of those round starts, the low-rated plans included.
2. *Siblings.* Per round, one position per town: the ``--top`` the value rates best and
   ``--extra`` more drawn at random from the rest, so the group spans the plans the value
   rates low.
3. *Labels.* Each sibling's final score under a narrower per-town beam (``--label-width``) to
   the end of the game.

Every sibling of a group faces the same stack order and is played on by the same search, so the
differences of their labels measure the plans, under perfect information for all of them. The
labels are not what a fair bot scores: the search knows the stacks and a narrow beam misses
lines. The fit (``fit_value.fit``, ridge toward the shipped model on within-group differences)
moves only the rounds asked and, unless ``--designs``, keeps the per-design weights at the
shipped model's. Held-out groups (the last quarter of the seeds) report how often two siblings
are ordered as their labels are, and the regret.

    # about 4 minutes of CPU a game at the defaults (median; 2 to 16; setups 4-6, session 30)
    .venv/bin/python bench/fit_oracle_value.py --setups 4,5,6 --seeds 7001-7040 \\
        --cache /tmp/og.pkl --ridge 100,300 --out /tmp/oracle_value.json
    .venv/bin/python bench/solo_ab.py beam beam --value-b /tmp/oracle_value.json --setups 4,5,6

Session 30 (docs/bots-experiments.md) fitted rounds 2 and 3 on 52 groups from 26 games of
setups 4-6 (a scratch version of this tool, same widths): held out, the pairs of round-2
siblings ordered right rose from 70 % to 78 %. In play the fair beam gained 3.4 +- 2.9 and
6.1 +- 2.4 points a game against two runs of the shipped model (setups 4-6, 23 games), while a
first fit on half the data lost 1.4 +- 3.0. That model is kept, not shipped, as
``bench/candidates/value_oracle_s30.json``. Needs numpy.
"""

from __future__ import annotations

import argparse
import json
import pickle
import random
import sys
import time
from multiprocessing import Pool
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "src"))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from fit_value import ROUNDS, WIDTH, _show, fit, quality, start_vector  # noqa: E402
from solo_ab import seed_range  # noqa: E402
from solo_oracle import _key, _setups, beam, town_of, turns, varied  # noqa: E402


def round_start_towns(setup: int, seed: int, width: int, per_town: int,
                      rounds=(2, 3)) -> dict[int, list]:
    """The distinct towns a per-town perfect-information beam brings to the first construction
    decision of each round in ``rounds``: {round: [position]}, one position per town (the one
    the value rates best), best first. The beam stops where the last round asked starts."""
    from acreage import new_game
    from acreage.agents.base import play_forced
    from acreage.games.foxglove.value import estimate_final_score as judge

    last = max(rounds)
    rng = random.Random(seed)
    root = new_game("foxglove", players=1, seed=seed, solo_setup=setup)
    play_forced(root, True)
    found: dict[int, dict[tuple, tuple[float, object]]] = {rnd: {} for rnd in rounds}
    frontier = [root]
    while frontier:
        kept: dict[tuple, tuple[float, object]] = {}
        for state in frontier:
            for child in turns(state, rng):
                if child.is_terminal:
                    continue
                value = judge(child, 0)
                if child.round != state.round and child.round in found:
                    town = town_of(child)
                    if town not in found[child.round] or value > found[child.round][town][0]:
                        found[child.round][town] = (value, child)
                key = _key(child)
                if key not in kept:
                    kept[key] = (value, child)
        ranked = varied(sorted(kept.values(), key=lambda pair: -pair[0]), per_town)
        frontier = [state for _, state in ranked if state.round < last][:width]
    return {rnd: [state for _, state in sorted(towns.values(), key=lambda pair: -pair[0])]
            for rnd, towns in found.items()}


def pick_siblings(towns: list, top: int, extra: int, rng: random.Random) -> list:
    """The ``top`` first towns (ranked best first) and ``extra`` drawn from the rest."""
    rest = towns[top:]
    return towns[:top] + rng.sample(rest, min(extra, len(rest)))


def play_groups(job: tuple) -> list:
    """One game's groups: [(setup, seed, round, [(position, label)])]."""
    setup, seed, find_width, label_width, per_town, top, extra, rounds = job
    rng = random.Random(seed)
    out = []
    for rnd, towns in sorted(round_start_towns(setup, seed, find_width, per_town, rounds).items()):
        rows = []
        for state in pick_siblings(towns, top, extra, rng):
            label, _line = beam(state, label_width, random.Random(seed), per_town)
            rows.append((state, label))
        if len(rows) > 1:
            out.append((setup, seed, rnd, rows))
    return out


def _play_game(job: tuple) -> tuple[tuple[int, int], list]:
    return (job[0], job[1]), play_groups(job)


def load_cache(path: Path) -> dict[tuple[int, int], list]:
    """{(setup, seed): groups} of the games played so far (a game may have none). Also reads
    the flat list of groups that earlier versions wrote."""
    if not path.exists():
        return {}
    data = pickle.loads(path.read_bytes())
    if isinstance(data, dict):
        return data
    games: dict[tuple[int, int], list] = {}
    for group in data:
        games.setdefault((group[0], group[1]), []).append(group)
    return games


def save_cache(path: Path, games: dict[tuple[int, int], list]) -> None:
    """Write the cache whole, through a temporary file, so a stop mid-write keeps the old one."""
    tmp = path.with_name(path.name + ".tmp")
    tmp.write_bytes(pickle.dumps(games))
    tmp.replace(path)


def featurize(raw) -> list[tuple[int, int, np.ndarray, np.ndarray]]:
    """[(seed, round, X, labels)] in ``fit_value``'s row layout. A row holds a position or, in
    caches written by session 30's scratch version of this tool, its feature vector."""
    from acreage.games.foxglove import value

    out = []
    for _setup, seed, rnd, rows in raw:
        x = np.zeros((len(rows), len(ROUNDS) * WIDTH))
        at = (rnd - 1) * WIDTH
        x[:, at] = 1.0
        x[:, at + 1:at + WIDTH] = [
            list(state) if isinstance(state, (list, tuple)) else value.features(state, 0)
            for state, _ in rows]
        out.append((seed, rnd, x, np.array([label for _, label in rows], float)))
    return out


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--setups", type=_setups, default=[4, 5, 6], help="e.g. 4,5,6")
    parser.add_argument("--seeds", type=seed_range, default=seed_range("7001-7040"))
    parser.add_argument("--rounds", default="2,3", help="round starts that get groups (2-4)")
    parser.add_argument("--find-width", type=int, default=30)
    parser.add_argument("--label-width", type=int, default=10)
    parser.add_argument("--per-town", type=int, default=2)
    parser.add_argument("--top", type=int, default=5)
    parser.add_argument("--extra", type=int, default=5)
    parser.add_argument("--ridge", default="100", help="per 1000 rows; several (comma-separated) "
                        "are compared on the held-out groups and the first is written")
    parser.add_argument("--designs", action="store_true", help="also refit the per-design weights")
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--cache", type=Path, help="keep the groups of each game here (written "
                        "after every game); games already in it are not played again")
    parser.add_argument("--out", type=Path, help="write the refitted model here")
    args = parser.parse_args()
    try:
        rounds = tuple(sorted({int(r) for r in args.rounds.split(",") if r.strip()}))
    except ValueError:
        rounds = ()
    if not rounds or not set(rounds) <= {2, 3, 4}:
        parser.error(f"--rounds {args.rounds!r}: give round starts from 2 to 4, e.g. 2,3")
    if min(args.find_width, args.label_width, args.per_town, args.top) < 1 or args.extra < 0:
        parser.error("widths, --per-town and --top must be at least 1, --extra at least 0")
    ridges = [float(r) for r in args.ridge.split(",")]

    wanted = {(setup, seed) for seed in args.seeds for setup in args.setups}
    cached = load_cache(args.cache) if args.cache is not None else {}
    jobs = [(setup, seed, args.find_width, args.label_width, args.per_town, args.top,
             args.extra, rounds) for seed in args.seeds for setup in args.setups
            if (setup, seed) not in cached]
    print(f"{len(wanted) - len(jobs)} of {len(wanted)} games from the cache, {len(jobs)} to play")
    if jobs:
        start = time.perf_counter()
        with Pool(args.workers) as pool:
            for i, (game, groups) in enumerate(pool.imap_unordered(_play_game, jobs)):
                cached[game] = groups
                if args.cache is not None:  # after every game, so a stopped run loses one game
                    save_cache(args.cache, cached)
                print(f"  {i + 1}/{len(jobs)} games, {sum(map(len, cached.values()))} groups, "
                      f"{time.perf_counter() - start:.0f} s", flush=True)
    raw = [group for game in sorted(wanted) for group in cached.get(game, [])]
    if not raw:
        parser.error("no groups to fit: play some games (--setups, --seeds) first")
    groups = featurize(raw)
    seeds = sorted({seed for seed, *_ in groups})
    cut = seeds[int(len(seeds) * 0.75)] if len(seeds) > 1 else seeds[0] + 1
    train = [(rnd, x, y) for seed, rnd, x, y in groups if seed < cut]
    test = [(rnd, x, y) for seed, rnd, x, y in groups if seed >= cut]
    print(f"{len(groups)} groups: {len(train)} to fit, {len(test)} held out (seeds from {cut})")
    prior = start_vector("current")
    _show("shipped", quality(prior, test))
    for ridge in ridges:
        _show(f"fit, ridge {ridge:g}", quality(fit(train, prior, ridge, rounds, args.designs), test))
    if args.out is None:
        return
    from acreage.games.foxglove import value

    w = fit([(rnd, x, y) for _, rnd, x, y in groups], prior, ridges[0], rounds, args.designs)
    model = {
        "provenance": (
            f"rounds {', '.join(map(str, rounds))}: bench/fit_oracle_value.py; ridge {ridges[0]:g} "
            f"toward the shipped model, {'with' if args.designs else 'without'} design weights, on "
            f"{len(groups)} sibling groups labelled by a perfect-information beam (setups "
            f"{args.setups}, {len(seeds)} seeds). Other rounds: as shipped."),
        "features": list(value.FEATURE_NAMES),
        "rounds": {str(rnd): {"bias": float(w[(rnd - 1) * WIDTH]),
                              "weights": [float(v) for v in w[(rnd - 1) * WIDTH + 1:rnd * WIDTH]]}
                   for rnd in ROUNDS},
    }
    args.out.write_text(json.dumps(model, indent=1) + "\n")
    print(f"wrote {args.out}")


if __name__ == "__main__":
    main()
