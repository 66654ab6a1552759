"""Build Foxglove Farm's solo opening book (``games/foxglove/data/solo_book.json``).

Why: solo setups 2-6 start from a fixed display, so every game of a setup opens at the same
public position; only the order of the face-down stacks differs. That first turn shapes the
whole engine, and it is where the learned estimate is weakest (it was fitted to greedy play,
and undervalues a production opening whose converter comes later; research/bots-experiments.md). A bot with a
second per decision cannot settle it, but it can be settled once, offline, by playing it out:
each candidate first turn is followed by whole games of the bot itself, on the same stack
orders and agent seeds (paired), next to games where the bot makes its own first choice.

The candidates are the ``--candidates`` first turns the bot's own look-ahead rates best, plus
the one it actually plays. A setup's entry records every candidate's mean score and its paired
difference from the bot's own games; the book's move is the best candidate, kept only when it
beats the bot's own choice (else the entry says so and the bot searches as usual).

    .venv/bin/python tools/solo_book.py --setups 2,3,4,5,6 --games 48 --write

Check a new book on other seeds before trusting it (``tools/solo_ab.py`` with ``book=0`` and
``book=1``): with 12 games per candidate (the first book, 2026-11-30) the best of five means was
mostly luck, and of three chosen turns only setup 5's held up on 24 fresh seeds
(research/bots-experiments.md, "The solo opening book"). Setup 6's runner-up (the Fertile Plot)
was then checked on 48 fresh seeds, where it beat the bot's own opening, and set by hand
(research/bots-experiments.md, "Setup 6's opening", 2026-12-01; the entry's ``validation`` and
``note`` record it). The shipped book holds those two moves; the others' evidence stays in the
file with no move. A rebuild with ``--write`` replaces every entry, so check its picks the same
way before shipping it.

The book is tied to the tile data it was computed with (a hash of ``tiles.toml``): after a
correction to a cost or a slot count the engine ignores it until it is rebuilt.
"""

from __future__ import annotations

import argparse
import math
import multiprocessing
import statistics
import time

BOT = "mcts:iterations=48,book=0"


def first_position(setup: int, seed: int):
    from acreage import new_game

    return new_game("foxglove", players=1, seed=seed, solo_setup=setup)


def candidates(setup: int, seed: int, bot: str, count: int) -> tuple[list[str], str]:
    """The ``count`` first turns the bot's look-ahead rates best, and the bot's own choice."""
    import random

    from acreage.agents import make_agent
    from acreage.agents.simple import settle
    from acreage.core.registry import game_info

    state = first_position(setup, seed)
    info = game_info("foxglove")
    rng = random.Random(seed)
    rated = []
    for action in state.legal_actions():
        after = state.clone()
        after.apply(action)
        value = settle(after, 0, info.value, rng, width=16, shortlist=info.shortlist)
        rated.append((value, str(action)))
    rated.sort(reverse=True)
    own = str(make_agent(bot, seed=seed).decide(state, 0))
    return [text for _v, text in rated[:count]], own


def play(job: tuple[int, str | None, int, str]) -> tuple[int, str | None, int, int]:
    """One game: the first turn forced to ``opening`` (None: the bot's own), then the bot."""
    from acreage.agents import make_agent

    setup, opening, seed, bot = job
    state = first_position(setup, seed)
    agent = make_agent(bot, seed=seed)
    if opening is not None:
        state.apply(next(a for a in state.legal_actions() if str(a) == opening))
    while not state.is_terminal:
        state.apply(agent.decide(state, 0))
    return setup, opening, seed, state.scores()[0]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--setups", default="2,3,4,5,6", help="fixed solo setups (2-6)")
    parser.add_argument("--games", type=int, default=48, help="paired games per candidate")
    parser.add_argument("--seed0", type=int, default=9000, help="first seed (stack order and bot)")
    parser.add_argument("--candidates", type=int, default=5)
    parser.add_argument("--bot", default=BOT)
    parser.add_argument("--workers", type=int, default=None)
    parser.add_argument("--write", action="store_true", help="write the book into the package")
    args = parser.parse_args()
    setups = [int(s) for s in args.setups.split(",")]
    if any(s not in (2, 3, 4, 5, 6) for s in setups):
        parser.error("--setups: only the fixed solo setups 2-6 have one opening position")
    from acreage.games.foxglove.bots import book

    seeds = range(args.seed0, args.seed0 + args.games)
    entries = []
    for setup in setups:
        start = time.perf_counter()
        cands, own = candidates(setup, args.seed0, args.bot, args.candidates)
        if own not in cands:
            cands.append(own)
        jobs = [(setup, c, s, args.bot) for s in seeds for c in [None, *cands]]
        with multiprocessing.Pool(args.workers) as pool:
            results = pool.map(play, jobs, chunksize=1)
        score = {(c, s): v for _setup, c, s, v in results}
        base = [score[(None, s)] for s in seeds]
        evidence = {}
        for c in cands:
            diffs = [score[(c, s)] - score[(None, s)] for s in seeds]
            se = statistics.stdev(diffs) / math.sqrt(len(diffs)) if len(diffs) > 1 else float("nan")
            evidence[c] = {"mean": round(statistics.mean(score[(c, s)] for s in seeds), 2),
                           "vs_own": round(statistics.mean(diffs), 2), "se": round(se, 2)}
        best = max(cands, key=lambda c: evidence[c]["mean"])
        print(f"setup {setup}: own choice {own!r}, own games {statistics.mean(base):.2f} "
              f"({time.perf_counter() - start:.0f} s)")
        for c in cands:
            e = evidence[c]
            print(f"  {c:28s} {e['mean']:6.2f}  vs own {e['vs_own']:+6.2f} ± {e['se']:.2f}")
        keep = evidence[best]["vs_own"] > 0
        print(f"  book: {best if keep else 'none (the bot own choice is as good)'}", flush=True)
        entries.append({
            "setup": setup,
            "position": book.fingerprint(first_position(setup, args.seed0), 0),
            "action": best if keep else None,
            "own_mean": round(statistics.mean(base), 2),
            "candidates": evidence,
        })
    if args.write:
        book.write(entries, made_by=(f"tools/solo_book.py --setups {args.setups} --games {args.games} "
                                     f"--seed0 {args.seed0} --candidates {args.candidates} --bot {args.bot}"))
        print(f"wrote {book.BOOK_PATH}")


if __name__ == "__main__":
    main()
