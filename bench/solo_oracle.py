"""How high can a Foxglove Farm solo game score? A perfect-information beam search says.

Why: the strength target asks the bot for 80 points in every solo setup, against thresholds the
rulebook set for the real tiles, while every building cost and slot count here is inferred
(``data/tiles.toml``). When the bot falls short in a setup, this tells whether the bot or the
setup is short: the oracle plays the same game seeing the real stack order, which no fair bot
may, and carries its best ``--width`` lines (30) to the end of the game, so its score is a high
reference for what a fair bot can make of that game. It is not a proof of the best possible
score: its turns are the same greedy completions the bot uses (placement, payment and trails
chosen by the learned value, transport by the exact planner) and its beam is pruned by the same
value, so a plan that the value rates low all the way through can escape it. For a designer
correcting a cost from the physical game, it shows what that change does to a setup's ceiling
with less of one bot's weaknesses mixed in.

What: a beam search over whole turns. From every kept position, each legal step is played and
its turn completed (``agents.simple.complete_turn`` with the game's shortlist); forced steps and
transport stages follow (``agents.base.play_forced``). Positions seen twice are merged, the
``width`` best by the learned value (``value.estimate_final_score``) are kept, and a finished
game keeps its exact score. The best finished line is replayed from a fresh game, so the score
printed is one the engine itself reached by legal moves.

    .venv/bin/python bench/solo_oracle.py --setups 5 --seeds 4212-4215 --width 30
    .venv/bin/python bench/solo_oracle.py --setups 4,5 --seeds 4212-4217 --bot mcts:iterations=48

At width 30 a game takes 16 s to 8 minutes of CPU (median about a minute; session 22);
``--bot`` plays the same games with a bot (its own seed is the game's) and prints the gap.
"""

from __future__ import annotations

import argparse
import multiprocessing
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "src"))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from solo_ab import play, seed_range  # noqa: E402

SETUPS = (1, 2, 3, 4, 5, 6)


def _key(state) -> tuple:
    """What tells two positions of one solo game apart for the beam (the stacks follow from
    the builds, so equal towns, scores and displays are, for the search, the same position)."""
    return (state.round, state.phase, state.stage_idx, state.points[0], tuple(state.passed),
            tuple(state.kinds[0]), tuple(state.cubes[0]), tuple(sorted(state.cells[0].items())),
            tuple(tuple(space) for space in state.display))


def oracle(setup: int, seed: int, width: int) -> tuple[int, list]:
    """The best line the beam finds in this solo game: (final score, every action from the
    start). Sees the real stacks: a reference for bots, never a bot."""
    from acreage import new_game
    from acreage.agents.base import play_forced
    from acreage.agents.simple import complete_turn
    from acreage.games.foxglove.prune import shortlist
    from acreage.games.foxglove.value import estimate_final_score as judge

    if width < 1:
        raise ValueError(f"width={width}: the beam must keep at least 1 position")
    rng = random.Random(seed)
    root = new_game("foxglove", players=1, seed=seed, solo_setup=setup)
    play_forced(root, True)
    if root.is_terminal:
        return root.scores()[0], list(root.history)
    frontier = [root]
    best: tuple[int, list] = (-1, [])
    while frontier:
        kept: dict[tuple, tuple[float, object]] = {}
        for state in frontier:
            for action in state.legal_actions():
                child = state.clone()
                child.apply(action)
                complete_turn(child, 0, judge, rng, shortlist=shortlist)
                play_forced(child, True)
                if child.is_terminal:
                    if child.scores()[0] > best[0]:
                        best = (child.scores()[0], list(child.history))
                    continue
                key = _key(child)
                if key not in kept:
                    kept[key] = (judge(child, 0), child)
        ranked = sorted(kept.values(), key=lambda pair: -pair[0])
        frontier = [state for _, state in ranked[:width]]
    return best


def replay(setup: int, seed: int, actions: list) -> tuple[int, list[list[str]]]:
    """Play ``actions`` on a fresh game (raising on an illegal one): (final score, the names of
    the buildings built in each round)."""
    from acreage import new_game
    from acreage.games.foxglove.actions import BUILD
    from acreage.games.foxglove.content import TILES

    state = new_game("foxglove", players=1, seed=seed, solo_setup=setup)
    builds: list[list[str]] = [[], [], [], []]
    for action in actions:
        if action.kind == BUILD:
            builds[state.round - 1].append(TILES[action.a].name)
        state.apply(action)
    if not state.is_terminal:
        raise ValueError("the line ends before the game does")
    return state.scores()[0], builds


def _job(job: tuple[int, int, int, str | None]) -> tuple[int, int, int, list[list[str]], int | None, float]:
    setup, seed, width, bot = job
    start = time.process_time()
    score, line = oracle(setup, seed, width)
    replayed, builds = replay(setup, seed, line)
    if replayed != score:
        raise RuntimeError(f"setup {setup} seed {seed}: the line scored {score} but replays to {replayed}")
    seconds = time.process_time() - start
    bot_score = play(("bot", bot, setup, seed, 0, None))[3] if bot else None
    return setup, seed, score, builds, bot_score, seconds


def _setups(text: str) -> list[int]:
    out = [int(x) for x in text.split(",") if x.strip()]
    bad = [s for s in out if s not in SETUPS]
    if bad or not out:
        raise argparse.ArgumentTypeError(f"setups {text!r}: give solo setups from 1 to 6, comma-separated")
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--setups", type=_setups, default=list(SETUPS), help="e.g. 4,5 (default: all six)")
    parser.add_argument("--seeds", type=seed_range, default=seed_range("4212-4215"),
                        help="4212-4215 or 4212,4214")
    parser.add_argument("--width", type=int, default=30, help="positions the beam keeps per turn")
    parser.add_argument("--bot", default=None,
                        help="also play these games with this bot, e.g. mcts:iterations=48")
    parser.add_argument("--workers", type=int, default=None)
    args = parser.parse_args()
    if args.width < 1:
        parser.error(f"--width {args.width}: the beam must keep at least 1 position")
    if not args.seeds:
        parser.error("--seeds names no seed: write LOW-HIGH with LOW <= HIGH")
    jobs = [(setup, seed, args.width, args.bot) for setup in args.setups for seed in args.seeds]
    with multiprocessing.get_context("spawn").Pool(args.workers) as pool:
        rows = pool.map(_job, jobs)
    for setup in args.setups:
        mine = [r for r in rows if r[0] == setup]
        print(f"setup {setup}:")
        for _, seed, score, builds, bot_score, seconds in mine:
            vs = f"  bot {bot_score}" if bot_score is not None else ""
            plan = " | ".join(", ".join(b) or "-" for b in builds)
            print(f"  seed {seed}: oracle {score}{vs}  ({seconds:.0f} s)  builds by round: {plan}")
        scores = [r[2] for r in mine]
        line = f"  mean oracle {statistics.mean(scores):.1f}"
        if len(scores) > 1:
            line += f" ± {statistics.stdev(scores) / len(scores) ** 0.5:.1f}"
        if args.bot:
            gaps = [r[2] - r[4] for r in mine]
            line += f", bot {statistics.mean(r[4] for r in mine):.1f} (gap {statistics.mean(gaps):+.1f})"
        print(line)


if __name__ == "__main__":
    main()
