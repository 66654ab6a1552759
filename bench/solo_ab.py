"""Compare two bots on the same Foxglove Farm solo games, paired.

One game's score has a standard deviation of about 10 points, so two bots measured on
different games need hundreds of games to tell 2 points apart. Played on the same setups and
seeds (the same hidden stack orders, and the same agent seed), most of that luck cancels in the
per-game difference, which is what this prints: its mean and standard error, and how many games
came out differently at all. Use iteration budgets (``mcts:iterations=48``), not ``ms=``, so the
result does not depend on the machine's load.

The bot's own random choices are a second source of luck that pairing does not remove: two
runs of the same bot with different agent seeds differed by 2.2-2.5 points on 72 games in
sessions 18-20 (docs/bots-experiments.md). ``--control`` therefore also plays ``a`` with other agent seeds
(``a'``) and prints ``a' - a`` and ``b - a'`` next to ``b - a``: a variant is better only if it
beats both runs of the baseline.

    .venv/bin/python bench/solo_ab.py mcts:iterations=48 mcts:iterations=48,scale=8,c=0.075 \\
        --seeds 4200-4209 --control

``--value-b FILE`` gives ``b`` another learned value (a model file written by
``bench/fit_value.py --out`` or ``bench/value_levels.py --out``); ``a`` and ``a'`` keep the
shipped one. Every game loads its arm's model afresh: a worker process plays games of every
arm, and one that kept the last game's model would quietly mix the arms (session 21's first
comparisons of value models did, and were thrown away).
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
#: Added to the game seed to make the control run's agent seeds (any large odd offset will do).
CONTROL_OFFSET = 1_000_003


def solo_game(spec: str, setup: int, seed: int, agent_seed: int, model: str | None = None,
              watch=None) -> tuple[int, float, int, float]:
    """One solo game of the bot ``spec``: (final score, seconds it thought, decisions it made,
    seconds of its longest decision).

    ``model`` names a value model file (None: the shipped one); ``watch(state)``, if given, sees
    the game before each of the bot's decisions (``solo_oracle.py --from-rounds`` takes its
    snapshots there), outside the timed part."""
    from acreage import new_game
    from acreage.agents import make_agent
    from acreage.games.foxglove import value

    value.use_model(Path(model) if model else None)
    state = new_game("foxglove", players=1, seed=seed, solo_setup=setup)
    agent = make_agent(spec, seed=agent_seed)
    thought = longest = 0.0
    decisions = 0
    while not state.is_terminal:
        if watch is not None:
            watch(state)
        start = time.perf_counter()
        action = agent.decide(state, 0)
        took = time.perf_counter() - start
        thought += took
        longest = max(longest, took)
        decisions += 1
        state.apply(action)
    return state.scores()[0], thought, decisions, longest


def play(job: tuple[str, str, int, int, int, str | None]) -> tuple:
    """One solo game for the pool: (arm, spec, setup, seed, agent seed offset, value model file or
    None for the shipped one) -> (arm, setup, seed, score, seconds, decisions, longest)."""
    arm, spec, setup, seed, offset, model = job
    return (arm, setup, seed, *solo_game(spec, setup, seed, seed + offset, model))


def paired(label: str, new: dict, old: dict, games: list) -> str:
    """``label: mean ± standard error over n paired games; k came out differently``."""
    diffs = [new[g] - old[g] for g in games]
    se = statistics.stdev(diffs) / math.sqrt(len(diffs)) if len(diffs) > 1 else float("nan")
    changed = sum(1 for d in diffs if d)
    return (f"{label}: {statistics.mean(diffs):+.2f} ± {se:.2f} (standard error) over {len(diffs)} "
            f"paired games; {changed} came out differently")


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
    parser.add_argument("--control", action="store_true",
                        help="also play a with other agent seeds (a'), to show the bots' own luck")
    parser.add_argument("--value-b", type=Path, default=None,
                        help="a Foxglove value model file for b (a and a' keep the shipped one)")
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
    model_b = None
    if args.value_b is not None:
        from acreage.core.errors import ContentError
        from acreage.games.foxglove import value

        try:
            value.use_model(args.value_b)  # a broken file fails here too
            value.use_model(None)
        except ContentError as exc:
            parser.error(f"--value-b: {exc}")
        model_b = str(args.value_b)
    arms = {"a": (args.a, 0, None), "b": (args.b, 0, model_b)}
    if args.control:
        arms["a'"] = (args.a, CONTROL_OFFSET, None)
    games = [(setup, seed) for seed in args.seeds for setup in setups]
    jobs = [(arm, spec, setup, seed, offset, model)
            for setup, seed in games for arm, (spec, offset, model) in arms.items()]
    with multiprocessing.Pool(args.workers) as pool:
        results = pool.map(play, jobs, chunksize=1)
    score: dict[str, dict] = {arm: {} for arm in arms}
    seconds = dict.fromkeys(arms, 0.0)
    decisions = dict.fromkeys(arms, 0)
    longest = dict.fromkeys(arms, 0.0)
    for arm, setup, seed, s, t, n, most in results:
        score[arm][(setup, seed)] = s
        seconds[arm] += t
        decisions[arm] += n
        longest[arm] = max(longest[arm], most)
    for arm, (spec, offset, model) in arms.items():
        per_setup = {s: statistics.mean(score[arm][(s, seed)] for seed in args.seeds) for s in setups}
        label = f"{arm:2s} {spec}" + (" (other agent seeds)" if offset else "") + (
            f" (value {Path(model).name})" if model else "")
        print(f"{label:48s} mean {statistics.mean(score[arm].values()):6.2f}  "
              f"CPU {seconds[arm] / len(games):5.1f} s/game  by setup "
              + " ".join(f"{s}:{v:.1f}" for s, v in per_setup.items()))
        print(f"{'':51s}{seconds[arm] / max(1, decisions[arm]):.2f} s a decision on average "
              f"({decisions[arm] / len(games):.0f} decisions a game), longest {longest[arm]:.1f} s")
    print(paired("b - a ", score["b"], score["a"], games))
    if args.control:
        print(paired("a' - a", score["a'"], score["a"], games))
        print(paired("b - a'", score["b"], score["a'"], games))


if __name__ == "__main__":
    main()
