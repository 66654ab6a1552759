"""Foxglove Farm engine benchmarks: ``make bench`` (``python bench/run.py [--quick]``).

What is measured, on one core (the process is pinned to one CPU where the OS allows it):

* ``apply``, ``legal_actions`` and ``clone``, each timed call by call in CPU time (the thread's
  clock, less the cost of reading it) over positions sampled from random games. Positions are split into
  *transport* positions (a cube move is legal: transportation or the round-4 stage) and *fast*
  positions (everything else: construction turns, placing, paying, production choices).
  - ``apply`` is timed on a fresh clone of the position whose legal actions were already listed
    (as a search does: list, pick, apply); every legal action of the position is applied, up to
    a cap, each on its own clone.
  - ``legal_actions (uncached)`` is timed on a clone whose legal-action cache was cleared, so the
    list is really generated; the town topology cache stays warm, as after a cube move.
    ``legal_actions (cold)`` also drops the topology cache, as after a build or a new trail.
  - ``clone`` is timed on the position itself, several times.
  ``clone`` is also reported by player count (the goals differ at 2 and 4 players).
* ``apply (uniform)``: the same timing over positions of *uniform* random games (every legal
  action equally likely), the positions a random playout meets.
* ``legal_actions after apply``: in random games, the first ``legal_actions()`` call after each
  ``apply``, as a search makes it (a list the game prepared inside ``apply`` costs nothing here),
  judged by its mean, which counts the lists built from scratch.
* Random full games per CPU-second for 1, 2 and 4 players: a uniform random agent
  (``random.choice`` over ``legal_actions()``) with the default options (move cap 200).

Each figure is printed beside its goal from ``bench/goals.py`` with "met" or "MISSED", and as a
multiple of a pure-Python reference pass timed in the same process (the "ref" column), so
figures from different machines, or from a loaded and a quiet one, compare.

The positions come from random games whose players, to reach full towns and long transport
phases, act rather than pass or finish 80% of the time when something else is legal. Each figure
is a median, reported with its sample size and 90th percentile; a warm-up pass runs first.
"""

from __future__ import annotations

import argparse
import gc
import os
import platform
import random
import statistics
import sys
import time

import acreage

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from goals import BASELINE_FOXGLOVE_GAMES_2P, FOXGLOVE, cpu_timer, in_ref, reference_us  # noqa: E402


def pin_to_one_core() -> str:
    if hasattr(os, "sched_getaffinity") and hasattr(os, "sched_setaffinity"):
        try:
            cpu = min(os.sched_getaffinity(0))
            os.sched_setaffinity(0, {cpu})
            return f"pinned to CPU {cpu}"
        except OSError:
            pass
    return "not pinned (no sched_setaffinity here); single-threaded anyway"


def _is_move(action) -> bool:
    return str(action).startswith("move ")


def _is_idle(action) -> bool:
    return str(action) in ("pass", "done")


def sample_positions(games: int, seed: int, every: int = 3):
    """Positions (with their legal actions listed) from random games of 2–4 players."""
    fast, transport = [], []
    for g in range(games):
        players = 2 + g % 3
        rng = random.Random(seed * 1000 + g)
        state = acreage.new_game("foxglove", players=players, seed=seed * 1000 + g)
        step = 0
        while not state.is_terminal:
            legal = state.legal_actions()
            is_transport = any(_is_move(a) for a in legal)
            if step % every == 0 or is_transport:
                (transport if is_transport else fast).append(state.clone())
            busy = [a for a in legal if not _is_idle(a)]
            pool = busy if busy and rng.random() < 0.8 else legal
            state.apply(rng.choice(pool))
            step += 1
    return fast, transport


def uniform_positions(games: int, seed: int, every: int = 3) -> list:
    """Positions of uniform random games, 2 players (what a random playout meets)."""
    out = []
    for g in range(games):
        rng = random.Random(seed * 1000 + g)
        state = acreage.new_game("foxglove", players=2, seed=seed * 1000 + g)
        step = 0
        while not state.is_terminal:
            if step % every == 0:
                state.legal_actions()
                out.append(state.clone())
            state.apply(rng.choice(state.legal_actions()))
            step += 1
    return out


def time_legal_after_apply(games: int, seed: int) -> list[float]:
    """The first ``legal_actions()`` after each ``apply`` of uniform random 2-player games."""
    out = []
    for g in range(games):
        rng = random.Random(seed + g)
        state = acreage.new_game("foxglove", players=2, seed=seed + g)
        while not state.is_terminal:
            state.apply(rng.choice(state.legal_actions()))
            if not state.is_terminal:
                out.append(_timed(state.legal_actions))
    return out


#: CPU µs of one call (the thread's clock, less the cost of reading it twice).
_timed = cpu_timer()


def time_apply(positions, per_position: int, rng: random.Random) -> list[float]:
    out = []
    for pos in positions:
        legal = pos.legal_actions()
        for action in rng.sample(legal, min(per_position, len(legal))):
            c = pos.clone()
            out.append(_timed(lambda c=c, a=action: c.apply(a)))
    return out


def time_legal(positions, repeats: int, cold: bool) -> list[float]:
    out = []
    for pos in positions:
        for _ in range(repeats):
            c = pos.clone()
            c._legal = None  # the cached list; a real apply clears it the same way
            if cold:
                c._topologies = [None] * c.num_players  # the town topology cache, cleared by a build
            out.append(_timed(c.legal_actions))
    return out


def time_clone(positions, repeats: int) -> list[float]:
    out = []
    for pos in positions:
        for _ in range(repeats):
            out.append(_timed(pos.clone))
    return out


def random_games(players: int, games: int, seed: int) -> tuple[float, float, float]:
    """(games per CPU-second, median CPU ms per game, mean decisions per game) for random play."""
    times, decisions = [], []
    for g in range(games):
        rng = random.Random(seed + g)
        t0 = time.process_time()
        state = acreage.new_game("foxglove", players=players, seed=seed + g)
        n = 0
        while not state.is_terminal:
            state.apply(rng.choice(state.legal_actions()))
            n += 1
        times.append(time.process_time() - t0)
        decisions.append(n)
    return games / sum(times), 1000 * statistics.median(times), statistics.fmean(decisions)


def _p90(xs: list[float]) -> float:
    xs = sorted(xs)
    return xs[min(len(xs) - 1, int(0.9 * len(xs)))]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--quick", action="store_true", help="a fast run with fewer samples (seconds)")
    parser.add_argument("--seed", type=int, default=1, help="seed for games and sampling (default 1)")
    args = parser.parse_args(argv)

    if args.quick:
        game_counts = {1: 20, 2: 20, 4: 10}
        sample_games, apply_cap, repeats = 12, 6, 3
    else:
        game_counts = {1: 300, 2: 300, 4: 150}
        sample_games, apply_cap, repeats = 120, 12, 5
    pinned = pin_to_one_core()
    print(f"Foxglove Farm benchmarks — acreage {acreage.__version__}, Python {platform.python_version()} "
          f"({platform.python_implementation()}), {platform.machine()}, {pinned}"
          f"{', --quick' if args.quick else ''}")

    # Warm-up: imports, caches, branch predictors — one small run of everything, discarded.
    warm_fast, warm_transport = sample_positions(2, seed=args.seed + 999)
    time_apply(warm_fast[:50] + warm_transport[:50], 3, random.Random(0))
    time_legal(warm_fast[:50] + warm_transport[:50], 1, cold=False)
    time_clone(warm_fast[:50], 2)
    random_games(2, 2, seed=10_000)

    t0 = time.perf_counter()
    fast, transport = sample_positions(sample_games, seed=args.seed)
    ref = reference_us()
    print(f"reference pass (bench/goals.py): {ref:.1f} CPU µs; the ref column is each figure over it")
    print(f"positions: {len(fast) + len(transport)} sampled from {sample_games} random games "
          f"(2–4 players; {time.perf_counter() - t0:.1f} s): {len(fast)} fast, {len(transport)} transport")
    print()

    rows = []
    rng = random.Random(args.seed)
    gc.collect()
    for name, fn, goal in (
        ("apply", lambda ps: time_apply(ps, apply_cap, rng), FOXGLOVE["apply"]),
        ("legal_actions (uncached)", lambda ps: time_legal(ps, repeats, cold=False), None),
        ("legal_actions (cold)", lambda ps: time_legal(ps, repeats, cold=True), None),
        ("clone", lambda ps: time_clone(ps, repeats), None),
    ):
        by_kind = {"fast": fn(fast), "transport": fn(transport)}
        by_kind["all"] = by_kind["fast"] + by_kind["transport"]
        if name == "clone":
            everything = fast + transport
            for players in (2, 4):
                at = [p for p in everything if p.num_players == players]
                by_kind[f"{players} players"] = time_clone(at, repeats)
        for kind, xs in by_kind.items():
            if not xs:
                rows.append((name, kind, 0, float("nan"), float("nan"), ""))
                continue
            med = statistics.median(xs)
            note = ""
            if goal is not None and kind == "all":
                note = goal.verdict(med)
            elif name == "clone" and kind.endswith("players"):
                note = FOXGLOVE[f"clone_{kind[0]}p"].verdict(med)
            rows.append((name, kind, len(xs), med, _p90(xs), note))
    uniform = uniform_positions(max(4, sample_games // 6), seed=args.seed + 500)
    xs = time_apply(uniform, apply_cap, rng)
    rows.append(("apply (uniform)", "all", len(xs), statistics.median(xs), _p90(xs),
                 FOXGLOVE["apply_uniform"].verdict(statistics.median(xs))))
    xs = time_legal_after_apply(max(4, sample_games // 6), seed=args.seed * 7_000)
    # Judged by the mean: most lists are prepared inside apply (0 µs here), so the median hides
    # the calls that build one from scratch (transport, the final stage).
    mean = statistics.fmean(xs)
    rows.append(("legal_actions after apply", "all", len(xs), statistics.median(xs), _p90(xs),
                 f"mean {mean:.1f} µs, {FOXGLOVE['legal_after_apply'].verdict(mean)}"))

    print(f"{'operation':<26} {'positions':<10} {'samples':>8} {'median µs':>10} {'p90 µs':>9} "
          f"{'ref':>10}   goal")
    print("-" * 95)
    last = None
    for name, kind, n, med, p90, note in rows:
        shown = name if name != last else ""
        last = name
        print(f"{shown:<26} {kind:<10} {n:>8} {med:>10.1f} {p90:>9.1f} {in_ref(med, ref):>10}   {note}")
    print()

    # The sampled positions are let go first: a heap of thousands of live positions makes every
    # full garbage collection during the games slow, which is the bench's cost, not the engine's.
    del fast, transport, uniform
    gc.collect()
    print(f"{'random full games':<26} {'players':<10} {'games':>8} {'games/CPU-s':>11} {'CPU ms':>8} "
          f"{'ref/game':>9} {'decisions':>10}   goal")
    print("-" * 105)
    gc.collect()
    for players, n in game_counts.items():
        rate, ms, decisions = random_games(players, n, seed=args.seed * 100_000)
        note = ""
        if players == 2:
            note = f"{FOXGLOVE['games_2p'].verdict(rate)} (2026-12-06: {BASELINE_FOXGLOVE_GAMES_2P:g})"
        print(f"{'':<26} {players:<10} {n:>8} {rate:>11.1f} {ms:>8.2f} {ms * 1000 / ref:>9.1f} "
              f"{decisions:>10.1f}   {note}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
