"""Compare two bots on the same Foxglove Farm solo games, paired.

One game's score has a standard deviation of about 10 points, so two bots measured on
different games need hundreds of games to tell 2 points apart. Played on the same setups and
seeds (the same hidden stack orders, and the same agent seed), most of that luck cancels in the
per-game difference, which is what this prints: its mean and standard error, and how many games
came out differently at all. Use iteration budgets (``mcts:iterations=48``), not ``ms=``, so the
result does not depend on the machine's load.

The bot's own random choices are a second source of luck that pairing does not remove: two
runs of the same bot with different agent seeds differed by 2.2-2.5 points on 72 games in the
control runs of 2026-11-30 to 2026-12-01 (research/bots-experiments.md). ``--control`` therefore
also plays ``a`` with other agent seeds (``a'``) and prints ``a' - a`` and ``b - a'`` next to
``b - a``: a variant is better only if it beats both runs of the baseline.

    .venv/bin/python tools/solo_ab.py mcts:iterations=48 mcts:iterations=48,scale=8,c=0.075 \\
        --seeds 4200-4209 --control

``--value-b FILE`` gives ``b`` another learned value (a model file written by
``tools/fit_value.py --out`` or ``tools/value_levels.py --out``); ``a`` and ``a'`` keep the
shipped one. Every game loads its arm's model afresh: a worker process plays games of every
arm, and one that kept the last game's model would quietly mix the arms (the first
comparisons of value models with shifted round levels, 2026-12-01, did, and were thrown
away).

Telling 1-2 points apart takes hundreds of paired games, more than one machine plays in a
session. ``--out FILE`` appends one JSON line per finished game; run again with the same
arguments, it plays only the games missing, so a long comparison survives a stop and can be
extended with more seeds. ``--ray ADDRESS`` plays the games as Ray tasks (``local``, ``auto``,
``ray://host:port``; the nodes need acreage installed; this folder and the value model are
shipped). Time budgets (``ms=``) then depend on each node's speed and load, so compare arms on
the same cluster, or use iteration budgets.
"""

from __future__ import annotations

import argparse
import contextlib
import hashlib
import json
import math
import os
import statistics
import sys
import tempfile
import time
from collections.abc import Iterator
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "src"))

from acreage.arena.backends import run_batches  # noqa: E402
from acreage.arena.results import open_for_append  # noqa: E402

SETUPS = (1, 2, 3, 4, 5, 6)
#: What Ray ships to its workers for these tools: this folder (so they import its modules),
#: without the datasets and candidate models, which the jobs carry themselves.
RAY_ENV = {"working_dir": str(Path(__file__).resolve().parent), "excludes": ["data/", "candidates/"]}
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
    from acreage.games.foxglove.bots import value

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


@contextlib.contextmanager
def model_file(text: str | None) -> Iterator[str | None]:
    """A value model's text as a temporary file for the block (None: no file, the shipped
    model). Models travel to workers as text, so a worker on another machine can use them;
    ``value.use_model`` reads a file."""
    if text is None:
        yield None
        return
    fd, path = tempfile.mkstemp(suffix=".json", prefix="value_")
    with os.fdopen(fd, "w") as fh:
        fh.write(text)
    try:
        yield path
    finally:
        os.unlink(path)


def play(job: tuple) -> dict:
    """One solo game: job (arm, spec, setup, seed, agent seed offset, value model name or None
    for the shipped one, the model file's text) -> its result row.

    The model travels as text, not as a path, so a worker on another machine can use it."""
    arm, spec, setup, seed, offset, model, model_text = job
    with model_file(model_text) as path:
        score, thought, decisions, longest = solo_game(spec, setup, seed, seed + offset, path)
    return {"arm": arm, "spec": spec, "offset": offset, "model": model, "setup": setup,
            "seed": seed, "score": score, "seconds": round(thought, 3), "decisions": decisions,
            "longest": round(longest, 3)}


def play_batch(jobs: list[tuple]) -> list[dict]:
    """The batch function the pool or Ray runs."""
    return [play(job) for job in jobs]


def row_key(row: dict) -> tuple:
    """What makes two rows the same game of the same arm. The arm's label is part of it: with a
    time budget two runs of one bot differ, so ``a`` and ``b`` never share a game's row."""
    return (row["arm"], row["spec"], row["offset"], row["model"], row["setup"], row["seed"])


def read_rows(path: Path) -> list[dict]:
    """The rows of an ``--out`` file; a cut-off last line (a stopped run) is skipped."""
    rows = []
    if path.exists():
        for number, text in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
            if not text.strip():
                continue
            try:
                row = json.loads(text)
            except json.JSONDecodeError:
                continue
            if not isinstance(row, dict) or not {"arm", "spec", "offset", "model", "setup",
                                                 "seed", "score"} <= row.keys():
                raise ValueError(f"{path}:{number} is not a solo_ab row; give --out a file "
                                 "this tool wrote, or a new file name")
            rows.append(row)
    return rows


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
    parser.add_argument("--out", type=Path, default=None, help="append each game's row here; "
                        "games already in the file are not played again")
    parser.add_argument("--ray", metavar="ADDRESS", default=None,
                        help="play the games as Ray tasks: local, auto or ray://host:port")
    parser.add_argument("--progress", action="store_true", help="print a line per finished game")
    args = parser.parse_args()
    if args.workers is not None and args.workers < 1:
        parser.error(f"--workers {args.workers}: give at least 1")
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
        from acreage.games.foxglove.bots import value

        try:
            value.use_model(args.value_b)  # a broken file fails here too
            value.use_model(None)
        except ContentError as exc:
            parser.error(f"--value-b: {exc}")
        # Named by file and content, so a resumed --out never mixes two fits of one file name.
        model_b = f"{args.value_b.name}@{hashlib.sha256(args.value_b.read_bytes()).hexdigest()[:12]}"
    arms = {"a": (args.a, 0, None), "b": (args.b, 0, model_b)}
    if args.control:
        arms["a'"] = (args.a, CONTROL_OFFSET, None)
    games = [(setup, seed) for seed in args.seeds for setup in setups]
    model_text = args.value_b.read_text() if args.value_b is not None else None
    jobs = [(arm, spec, setup, seed, offset, model, model_text if model else None)
            for setup, seed in games for arm, (spec, offset, model) in arms.items()]
    done: dict[tuple, dict] = {}
    if args.out is not None:
        try:
            done = {row_key(row): row for row in read_rows(args.out)}
        except (OSError, ValueError) as exc:
            parser.error(f"--out: {exc}")
    results = []
    todo = []
    for job in jobs:
        arm, spec, setup, seed, offset, model, _text = job
        row = done.get((arm, spec, offset, model, setup, seed))
        if row is None:
            todo.append(job)
        else:
            results.append(row)
    if done:
        print(f"{len(results)} of {len(jobs)} games from {args.out}, {len(todo)} to play")
    start = time.perf_counter()
    fh = open_for_append(args.out) if args.out is not None else None
    try:

        def consume(rows: list[dict]) -> None:
            results.extend(rows)
            if fh is not None:
                for row in rows:
                    fh.write(json.dumps(row, separators=(",", ":")) + "\n")
                fh.flush()
            if args.progress:
                print(f"  {len(results)}/{len(jobs)} games, {time.perf_counter() - start:.0f} s",
                      flush=True)

        run_batches(play_batch, todo, consume, workers=args.workers, ray_address=args.ray,
                    batch_size=1, runtime_env=RAY_ENV)
    finally:
        if fh is not None:
            fh.close()
    score: dict[str, dict] = {arm: {} for arm in arms}
    seconds = dict.fromkeys(arms, 0.0)
    decisions = dict.fromkeys(arms, 0)
    longest = dict.fromkeys(arms, 0.0)
    for row in results:
        arm = row["arm"]
        score[arm][(row["setup"], row["seed"])] = row["score"]
        seconds[arm] += row["seconds"]
        decisions[arm] += row["decisions"]
        longest[arm] = max(longest[arm], row["longest"])
    for arm, (spec, offset, model) in arms.items():
        per_setup = {s: statistics.mean(score[arm][(s, seed)] for seed in args.seeds) for s in setups}
        label = f"{arm:2s} {spec}" + (" (other agent seeds)" if offset else "") + (
            f" (value {model})" if model else "")
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
