"""Engine speed for every registered game, through the core contract only (one core).

For each game and player count: median µs per ``apply``, per ``legal_actions`` (the first call
after an apply; games that already prepare the next list inside ``apply`` show that cost under
``apply``), per ``clone`` and per ``determinize``, over positions sampled from random games;
and random full games per second.

Each figure with a goal (``bench/goals.py``) is printed with it: Harvest's clone at 4 players,
early and late in the game (it must not grow), ``determinize`` in the two games with hidden
hands, and random 2-player games per CPU-second (twice the recorded baseline). Fields of Green's
``determinize`` leaves the decks' order to be drawn when first read; the figure with that order
drawn at once (what a search that reaches a draw pays) is printed beside it.

Run: ``python bench/games_bench.py [--quick]``.
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import sys
import time

import acreage
from acreage.core import games

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from goals import DETERMINIZE, HARVEST_CLONE_4P, cpu_timer, doubled, in_ref, reference_us  # noqa: E402


def _positions(name: str, players: int, count: int, seed: int) -> list:
    """Positions of random games, each with how far into its game it lies (0 to 1)."""
    rng = random.Random(seed)
    out, g = [], 0
    while len(out) < count:
        state = acreage.new_game(name, players=players, seed=seed + g)
        taken, step = [], 0
        while not state.is_terminal:
            if rng.random() < 0.15:
                taken.append((state.clone(), step))
            state.apply(rng.choice(state.legal_actions()))
            step += 1
        out += [(position, at / max(1, step)) for position, at in taken]
        g += 1
    return out[:count]


def _median_us(samples: list[float]) -> float:
    return statistics.median(samples)


#: CPU µs of one call (the thread's clock, less the cost of reading it twice).
_TIMED = cpu_timer()


def bench_game(name: str, players: int, positions: int, games_n: int) -> dict:
    rng = random.Random(1)
    sampled = _positions(name, players, positions, seed=10 * players)
    states = [state for state, _ in sampled]
    t_clone, t_apply, t_legal, t_det, t_drawn = [], [], [], [], []
    t_early, t_late = [], []
    timed = _TIMED
    for state, progress in sampled:
        took = timed(state.clone)
        copy = state.clone()
        t_clone.append(took)
        if progress < 1 / 3:
            t_early.append(took)
        elif progress > 2 / 3:
            t_late.append(took)
        action = rng.choice(copy.legal_actions())
        t_apply.append(timed(lambda: copy.apply(action)))  # noqa: B023 (called at once)
        if not copy.is_terminal:
            t_legal.append(timed(copy.legal_actions))
        seat = state.current_player if state.current_player is not None else 0
        det_rng = random.Random(7)  # built before the clock: the figure is determinize's own
        t_det.append(timed(lambda: state.determinize(seat, det_rng)))  # noqa: B023
        if name == "fields_of_green":  # its decks' order is drawn when first read: time that too
            t_drawn.append(timed(lambda: state.determinize(seat, det_rng).decks))  # noqa: B023
    t0 = time.process_time()
    for g in range(games_n):
        state = acreage.new_game(name, players=players, seed=1000 + g)
        r = random.Random(g)
        while not state.is_terminal:
            state.apply(r.choice(state.legal_actions()))
    rate = games_n / (time.process_time() - t0)
    return {
        "apply": _median_us(t_apply), "legal": _median_us(t_legal), "clone": _median_us(t_clone),
        "clone_early": _median_us(t_early) if t_early else float("nan"),
        "clone_late": _median_us(t_late) if t_late else float("nan"),
        "determinize": _median_us(t_det), "games_per_s": rate, "positions": len(states),
        "determinize_drawn": _median_us(t_drawn) if t_drawn else float("nan"),
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--quick", action="store_true", help="fewer samples")
    args = parser.parse_args()
    positions, games_n = (300, 20) if args.quick else (2000, 100)
    ref = reference_us()
    print("Every registered game: median CPU µs per call, random full games per CPU-second (one core)")
    print(f"reference pass (bench/goals.py): {ref:.1f} CPU µs; goals below also give each figure over it")
    head = ("game", "players", "apply", "legal", "clone", "early", "late", "determ.", "games/s")
    print(f"{head[0]:16s} {head[1]:>7s} " + " ".join(f"{h:>8s}" for h in head[2:8]) + f" {head[8]:>9s}")
    verdicts = []
    for info in games():
        for players in range(info.min_players, info.max_players + 1):
            r = bench_game(info.name, players, positions, games_n)
            print(f"{info.name:16s} {players:7d} {r['apply']:8.1f} {r['legal']:8.1f} {r['clone']:8.1f} "
                  f"{r['clone_early']:8.1f} {r['clone_late']:8.1f} {r['determinize']:8.1f} "
                  f"{r['games_per_s']:9.1f}")
            if info.name == "harvest" and players == 4:
                for when in ("early", "late"):
                    us = r["clone_" + when]
                    verdicts.append(f"{HARVEST_CLONE_4P.what} ({when}): {us:.1f} µs ({in_ref(us, ref)}), "
                                    f"{HARVEST_CLONE_4P.verdict(us)}")
            if info.name in ("harvest", "fields_of_green") and players == 2:
                us = r["determinize"]
                verdicts.append(f"{info.name} determinize at 2 players: {us:.1f} µs ({in_ref(us, ref)}), "
                                f"{DETERMINIZE.verdict(us)}")
                if info.name == "fields_of_green":
                    verdicts.append(f"  (with the decks' order drawn at once, as a search that reaches a "
                                    f"draw pays: {r['determinize_drawn']:.1f} µs)")
                goal = doubled(info.name)
                if goal is not None:
                    rate = r["games_per_s"]
                    verdicts.append(f"{goal.what}: {rate:.0f} ({in_ref(1e6 / rate, ref)} a game), "
                                    f"{goal.verdict(rate)}")
    print()
    print("Goals (bench/goals.py):")
    for line in verdicts:
        print(f"  {line}")


if __name__ == "__main__":
    main()
