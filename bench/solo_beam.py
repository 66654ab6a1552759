"""Experiment (session 22, not kept): a fair solo bot that searches to the end of the game.

At each decision the stacks are shuffled once (the bot's view, ``determinize``) and a beam
search over whole turns, as in ``bench/solo_oracle.py``, runs to the end of that imagined game;
the first turn of the best finished line is played. Options: ``--width`` (positions kept per
turn), ``--keep K`` (complete only the ``K * width`` turns the cheap look-ahead ranks best; 0
completes every turn) and ``--follow`` (play on the chosen line while the game goes as it
foresaw, instead of searching again). Measured in docs/bots.md ("Session 22"): width 5 gained
5.8 ± 2.3 points in setup 5 at three to four times the CPU of the shipped bot at 1 s per
decision; both cheaper variants lost the gain.

    .venv/bin/python bench/solo_beam.py --setup 5 --seeds 4212-4223 --width 5
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
from solo_oracle import _key  # noqa: E402


class BeamBot:
    """Determinized beam search to the end of the game, one imagined game per decision."""

    def __init__(self, seed: int, width: int, keep: int, follow: bool) -> None:
        from acreage.agents.base import TurnPlan

        self.rng = random.Random(seed)
        self.width, self.keep, self.follow = width, keep, follow
        self.plan = TurnPlan()
        self.line: list | None = None  # the chosen line's turns and the positions they lead to
        self.searches = 0

    def decide(self, state, seat: int):
        from acreage.games.foxglove.book import lookup

        actions = state.legal_actions()
        if len(actions) == 1:
            return actions[0]
        macros = state.macro_actions()
        if macros and macros[0][1]:
            return macros[0][1][0]
        planned = self.plan.next(state, seat, actions)
        if planned is not None:
            return planned
        if self.follow and self.line and _key(state) == self.line[0][1]:
            self.line.pop(0)
            if self.line and self.line[0][0][0] in actions:
                steps = self.line[0][0]
                self.plan.remember(state, seat, list(steps[1:]))
                return steps[0]
        self.line = None
        move = lookup(state, seat)
        if move is not None:
            return move
        steps, self.line = self._search(state, seat)
        self.plan.remember(state, seat, list(steps[1:]))
        return steps[0]

    def _search(self, state, seat: int):
        from acreage.agents.base import play_forced
        from acreage.agents.simple import complete_turn, settle
        from acreage.games.foxglove.prune import shortlist
        from acreage.games.foxglove.value import estimate_final_score as judge

        self.searches += 1
        best_score, best_line = -1, None
        frontier = [(state.determinize(seat, random.Random(self.rng.getrandbits(64))), ())]
        while frontier:
            turns = []
            for pos, line in frontier:
                for action in pos.legal_actions():
                    child = pos.clone()
                    child.apply(action)
                    steps = [action]
                    value = 0.0
                    if self.keep:
                        value = settle(child, seat, judge, self.rng, width=16, path=steps,
                                       shortlist=shortlist)
                    turns.append((-value, self.rng.random(), child, steps, line))
            if self.keep:
                turns.sort(key=lambda t: (t[0], t[1]))
                turns = turns[:self.keep * self.width]
            kept: dict = {}
            for _v, _r, child, steps, line in turns:
                complete_turn(child, seat, judge, self.rng, path=steps, shortlist=shortlist)
                play_forced(child, True)
                line = (*line, (tuple(steps), None if child.is_terminal else _key(child)))
                if child.is_terminal:
                    if child.scores()[0] > best_score:
                        best_score, best_line = child.scores()[0], list(line)
                elif line[-1][1] not in kept:
                    kept[line[-1][1]] = (judge(child, seat), child, line)
            ranked = sorted(kept.values(), key=lambda t: -t[0])
            frontier = [(child, line) for _, child, line in ranked[:self.width]]
        return best_line[0][0], best_line


def _play(job: tuple[int, int, int, int, bool]) -> tuple[int, int, float, int]:
    from acreage import new_game

    setup, seed, width, keep, follow = job
    state = new_game("foxglove", players=1, seed=seed, solo_setup=setup)
    bot = BeamBot(seed, width, keep, follow)
    start = time.process_time()
    while not state.is_terminal:
        state.apply(bot.decide(state, 0))
    return seed, state.scores()[0], time.process_time() - start, bot.searches


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--setup", type=int, default=5, choices=range(1, 7))
    parser.add_argument("--seeds", type=seed_range, default=seed_range("4212-4217"))
    parser.add_argument("--width", type=int, default=5)
    parser.add_argument("--keep", type=int, default=0)
    parser.add_argument("--follow", action="store_true")
    args = parser.parse_args()
    jobs = [(args.setup, s, args.width, args.keep, args.follow) for s in args.seeds]
    with multiprocessing.get_context("spawn").Pool(2) as pool:
        rows = pool.map(_play, jobs)
    for seed, score, seconds, searches in rows:
        print(f"seed {seed}: {score}  ({seconds:.0f} s, {searches} searches)")
    print(f"mean {statistics.mean(r[1] for r in rows):.1f}, "
          f"CPU per game {statistics.mean(r[2] for r in rows):.0f} s")


if __name__ == "__main__":
    main()
