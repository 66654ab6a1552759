"""Engine speed for every registered game, through the core contract only (one core).

For each game and player count: median µs per ``apply``, per ``legal_actions`` (the first call
after an apply; games that already prepare the next list inside ``apply`` show that cost under
``apply``), per ``clone`` and per ``determinize``, over positions sampled from random games;
and random full games per second.

Run: ``python bench/games_bench.py [--quick]``.
"""

from __future__ import annotations

import argparse
import random
import statistics
import time

import acreage
from acreage.core import games


def _positions(name: str, players: int, count: int, seed: int) -> list:
    rng = random.Random(seed)
    out, g = [], 0
    while len(out) < count:
        state = acreage.new_game(name, players=players, seed=seed + g)
        while not state.is_terminal:
            if rng.random() < 0.15:
                out.append(state.clone())
            state.apply(rng.choice(state.legal_actions()))
        g += 1
    return out[:count]


def _median_us(samples: list[float]) -> float:
    return statistics.median(samples) * 1e6


def bench_game(name: str, players: int, positions: int, games_n: int) -> dict:
    rng = random.Random(1)
    states = _positions(name, players, positions, seed=10 * players)
    t_clone, t_apply, t_legal, t_det = [], [], [], []
    pc = time.perf_counter
    for state in states:
        t0 = pc()
        copy = state.clone()
        t_clone.append(pc() - t0)
        action = rng.choice(copy.legal_actions())
        t0 = pc()
        copy.apply(action)
        t_apply.append(pc() - t0)
        if not copy.is_terminal:
            t0 = pc()
            copy.legal_actions()
            t_legal.append(pc() - t0)
        seat = state.current_player if state.current_player is not None else 0
        t0 = pc()
        state.determinize(seat, random.Random(7))
        t_det.append(pc() - t0)
    t0 = pc()
    for g in range(games_n):
        state = acreage.new_game(name, players=players, seed=1000 + g)
        r = random.Random(g)
        while not state.is_terminal:
            state.apply(r.choice(state.legal_actions()))
    rate = games_n / (pc() - t0)
    return {
        "apply": _median_us(t_apply), "legal": _median_us(t_legal), "clone": _median_us(t_clone),
        "determinize": _median_us(t_det), "games_per_s": rate, "positions": len(states),
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--quick", action="store_true", help="fewer samples")
    args = parser.parse_args()
    positions, games_n = (300, 20) if args.quick else (2000, 100)
    print("Every registered game: median µs per call, random full games per second (one core)")
    head = ("game", "players", "apply", "legal", "clone", "determ.", "games/s")
    print(f"{head[0]:16s} {head[1]:>7s} " + " ".join(f"{h:>8s}" for h in head[2:6]) + f" {head[6]:>9s}")
    for info in games():
        for players in range(info.min_players, info.max_players + 1):
            r = bench_game(info.name, players, positions, games_n)
            print(f"{info.name:16s} {players:7d} {r['apply']:8.1f} {r['legal']:8.1f} {r['clone']:8.1f} "
                  f"{r['determinize']:8.1f} {r['games_per_s']:9.1f}")


if __name__ == "__main__":
    main()
