"""How high can a *fair* player score in a Foxglove Farm solo setup? A heavy fair search says.

Why: the strength target asks the bot for 80 points on average in every solo setup, and in
setups 4 and 5 it has stayed near 75 through many experiments (research/bots-experiments.md).
``solo_oracle.py`` puts those setups' ceilings at 84-87, but it sees the real stack order,
which no player may. Whether 80 is within a fair player's reach under the inferred tile data
is a different question, and the one that decides whether the bot or the target is short.
This tool plays a search far heavier than any bot at about 1 s a decision, that still never
looks at the hidden order. Its first runs (2026-12-04) measured it level with the shipped bot in
setups 4 and 5, and its ``--peek`` run no higher: at width 6 its breadth limits it, so only a
wider run (a cluster job) bounds fair play from above (research/bots-experiments.md, "Several
guesses on the clock, four more beam variants, and a heavy fair reference").

What: at every construction turn, the real position is shuffled ``--guesses`` times
(``determinize``, as the bots do), and in each guess the oracle's beam (``solo_oracle.beam``,
``--width`` positions, at most ``--per-town`` per set of buildings) carries every legal turn
to the end of the game, where the score is exact. The turn whose best line has the best mean
over the guesses is played (a turn that reached the end in fewer guesses than another ranks
below it). Placements, payments and trail steps are then completed greedily by the learned
value, and transport by the exact planner, as in the bots. It is perfect-information Monte
Carlo: each guess is solved as if its order were known, which flatters lines that need one
lucky draw, so it is a reference, not a proof of the best fair score either way.

    .venv/bin/python tools/fair_reference.py --setups 4,5 --seeds 4300-4305 --guesses 3 --width 10

``--peek`` searches the real order instead (one guess): the same search with the
information, so the difference between the two is what knowing the stacks is worth to it.
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

from solo_ab import seed_range  # noqa: E402
from solo_oracle import _setups, beam  # noqa: E402


def choose_turn(state, guesses: int, width: int, per_town: int, rng: random.Random,
                peek: bool = False):
    """The turn to play at the solo position ``state`` (left unchanged): the legal step whose
    best line to the game's end has the best mean score over ``guesses`` shuffles of the
    hidden stacks (``peek``: one search of the real order)."""
    scores: dict = {}
    views = [state] if peek else [
        state.determinize(0, random.Random(rng.getrandbits(64))) for _ in range(guesses)]
    for view in views:
        found: dict = {}
        beam(view, width, rng, per_town, by_first=found)
        for step, score in found.items():
            scores.setdefault(step, []).append(score)
    if not scores:  # no line reached the end (cannot happen in Foxglove): any legal step
        return state.legal_actions()[0], scores
    best = max(scores, key=lambda step: (len(scores[step]), statistics.mean(scores[step])))
    return best, scores


def fair_game(setup: int, seed: int, guesses: int, width: int, per_town: int,
              peek: bool = False) -> tuple[int, list[list[str]], float]:
    """One solo game played by ``choose_turn``: (final score, the buildings built in each
    round, CPU seconds)."""
    from acreage import new_game
    from acreage.agents.base import play_forced
    from acreage.agents.simple import complete_turn
    from acreage.games.foxglove.actions import BUILD
    from acreage.games.foxglove.bots.prune import shortlist
    from acreage.games.foxglove.bots.value import estimate_final_score as judge
    from acreage.games.foxglove.content import TILES

    start = time.process_time()
    rng = random.Random(seed)
    state = new_game("foxglove", players=1, seed=seed, solo_setup=setup)
    builds: list[list[str]] = [[], [], [], []]
    while True:
        play_forced(state, True)
        if state.is_terminal:
            break
        if state.in_subdecision():
            # a decision inside a turn the search did not open (a production choice): the
            # same greedy completion the search's lines use
            before = len(state.history)
            complete_turn(state, 0, judge, rng, shortlist=shortlist)
            if len(state.history) > before:
                continue
        step, _ = choose_turn(state, guesses, width, per_town, rng, peek)
        if step.kind == BUILD:
            builds[state.round - 1].append(TILES[step.a].name)
        state.apply(step)
        complete_turn(state, 0, judge, rng, shortlist=shortlist)
    return state.scores()[0], builds, time.process_time() - start


def _job(job: tuple) -> tuple:
    setup, seed, guesses, width, per_town, peek = job
    score, builds, seconds = fair_game(setup, seed, guesses, width, per_town, peek)
    return setup, seed, score, builds, seconds


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--setups", type=_setups, default=[4, 5], help="e.g. 4,5")
    parser.add_argument("--seeds", type=seed_range, default=seed_range("4300-4301"),
                        help="4300-4305 or 4300,4302")
    parser.add_argument("--guesses", type=int, default=3, help="shuffles of the stacks per turn")
    parser.add_argument("--width", type=int, default=10, help="positions the beam keeps per turn")
    parser.add_argument("--per-town", type=int, default=2,
                        help="at most this many kept positions with the same buildings (0: off)")
    parser.add_argument("--peek", action="store_true",
                        help="search the real stack order instead (not fair: the comparison)")
    parser.add_argument("--workers", type=int, default=None)
    args = parser.parse_args()
    for name in ("guesses", "width"):
        if getattr(args, name) < 1:
            parser.error(f"--{name} {getattr(args, name)}: give at least 1")
    if args.per_town < 0:
        parser.error(f"--per-town {args.per_town}: give 0 (off) or the positions to keep per town")
    if not args.seeds:
        parser.error("--seeds names no seed: write LOW-HIGH with LOW <= HIGH")
    jobs = [(setup, seed, args.guesses, args.width, args.per_town, args.peek)
            for setup in args.setups for seed in args.seeds]
    with multiprocessing.get_context("spawn").Pool(args.workers) as pool:
        rows = []
        for row in pool.imap_unordered(_job, jobs):
            rows.append(row)
            setup, seed, score, builds, seconds = row
            plan = " | ".join(", ".join(b) or "-" for b in builds)
            print(f"setup {setup} seed {seed}: {score} ({seconds:.0f} s); builds by round: {plan}",
                  flush=True)
    for setup in args.setups:
        scores = [r[2] for r in rows if r[0] == setup]
        spread = f" ± {statistics.stdev(scores) / len(scores) ** 0.5:.1f}" if len(scores) > 1 else ""
        print(f"setup {setup}: mean {statistics.mean(scores):.1f}{spread} over {len(scores)} games")


if __name__ == "__main__":
    main()
