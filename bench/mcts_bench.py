"""Search speed (one core): MCTS iterations per second per game and player count, and the beam
bot's time per search in single-player games with a horizon (Foxglove solo).

Run: ``python bench/mcts_bench.py [--ms 1000] [--positions 6]``. Positions are sampled from
games between greedy bots, so they look like real decisions (construction turns, trail
actions, transport stages), not only opening positions. Iterations are counted per CPU-second
of the process (a loaded machine changes that less than wall time); where ``bench/goals.py``
holds a baseline (Foxglove), the figure is printed beside its goal of twice the baseline. A
game with a shortlist (Foxglove) also gets the rate of the full ordering (``order_keep=0``), the
search its ``hard`` level keeps, on the same positions.
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import sys
import time

import acreage
from acreage.agents import BeamAgent, Budget, MctsAgent, make_agent

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from goals import in_ref, mcts_goal, reference_us  # noqa: E402


def sample_positions(game: str, players: int, count: int, seed: int) -> list:
    """Decision points with several legal actions, taken from greedy-vs-greedy games."""
    rng = random.Random(seed)
    out = []
    g = 0
    while len(out) < count:
        options = {"move_cap": 20} if "move_cap" in acreage.game_info(game).options else {}
        state = acreage.new_game(game, players=players, seed=seed + g, **options)
        bots = [make_agent("greedy", seed=seed + s) for s in range(players)]
        while not state.is_terminal and len(out) < count:
            if len(state.legal_actions()) > 3 and rng.random() < 0.05:
                out.append(state.clone())
            seat = state.current_player
            state.apply(bots[seat].decide(state, seat))
        g += 1
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--ms", type=float, default=1000.0, help="thinking time per measured decision")
    parser.add_argument("--positions", type=int, default=6)
    args = parser.parse_args()
    ref = reference_us()
    print(f"MCTS iterations per CPU-second ({args.ms:.0f} ms per decision, {args.positions} positions each); "
          f"reference pass (bench/goals.py) {ref:.1f} CPU µs, an iteration's cost also over it")
    for info in acreage.games():
        for players in sorted({info.min_players, 2, info.max_players}):
            if not info.min_players <= players <= info.max_players:
                continue
            positions = sample_positions(info.name, players, args.positions, seed=100 + players)
            rates = iteration_rates(positions, args.ms)
            if not rates:
                continue
            median = statistics.median(rates)
            goal = mcts_goal(info.name, players)
            note = f"   {goal.verdict(median)}" if goal is not None else ""
            print(f"  {info.name:10s} {players}p  median {median:8.0f} it/s ({in_ref(1e6 / median, ref)} an "
                  f"iteration)  (min {min(rates):.0f}, max {max(rates):.0f}){note}")
            if info.shortlist is not None:
                # The full ordering (``order_keep=0``), which Foxglove's hard level keeps.
                full = statistics.median(iteration_rates(positions, args.ms, order_keep=0))
                print(f"  {'':10s} {players}p  median {full:8.0f} it/s with order_keep=0 "
                      f"({in_ref(1e6 / full, ref)} an iteration)")
    beam_speed(args.positions)


def iteration_rates(positions: list, ms: float, **options) -> list[float]:
    """MCTS iterations per CPU-second at each position that was searched (not a macro or
    forced step), the agent's defaults but for ``options``."""
    rates = []
    for i, state in enumerate(positions):
        agent = MctsAgent(seed=i, budget=Budget(ms=ms), **options)
        start = time.process_time()
        agent.decide(state, state.current_player)
        if agent.last_iterations:
            rates.append(agent.last_iterations / max(1e-6, time.process_time() - start))
    return rates


def beam_speed(count: int, width: int = 6) -> None:
    """Seconds per beam search with no time limit (how much of ``beam:ms=1000``'s budget a
    full-width search would need), in games that register a horizon for it."""
    print(f"Beam searches, width {width}, no time limit ({count} positions each)")
    for info in acreage.games():
        if info.min_players > 1 or info.horizon is None:
            continue
        seconds, rates = [], []
        for i, state in enumerate(sample_positions(info.name, 1, count, seed=101)):
            agent = BeamAgent(seed=i, width=width, book=0)
            start = time.perf_counter()
            agent.decide(state, 0)
            spent = time.perf_counter() - start
            if agent.searches:  # not a macro (transport plan) or forced step
                seconds.append(spent)
                rates.append(agent.last_lines / spent)
        if seconds:
            print(f"  {info.name:10s} 1p  median {statistics.median(seconds):6.2f} s per search "
                  f"(min {min(seconds):.2f}, max {max(seconds):.2f}), "
                  f"{statistics.median(rates):.0f} lines judged per second")


if __name__ == "__main__":
    main()
