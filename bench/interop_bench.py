"""Environment step rates of the RL adapters (steps per second, masked random play).

    python bench/interop_bench.py [--seconds 2] [--players 2] [--move-cap 20]

One line per adapter. A "step" is one decision taken through the adapter's API, including
building the observation and the action mask it hands back (PettingZoo, Gymnasium) or the
legal-action list (OpenSpiel; ``+obs`` rows also read ``observation_tensor`` every step).
Gymnasium counts the learner's steps; the random bots' moves in between are part of its cost.
"""

from __future__ import annotations

import argparse
import random
import time
from collections.abc import Callable

GAME = "foxglove"


def _rate(run_for: float, step_batch: Callable[[], int]) -> float:
    """Steps per second of ``step_batch`` (returns how many steps it took) over ``run_for`` s."""
    steps = 0
    start = time.perf_counter()
    while True:
        steps += step_batch()
        elapsed = time.perf_counter() - start
        if elapsed >= run_for:
            return steps / elapsed


def bench_core(players: int, options: dict, seconds: float) -> float:
    import acreage

    rng = random.Random(0)
    seed = [0]

    def episode() -> int:
        seed[0] += 1
        state = acreage.new_game(GAME, players=players, seed=seed[0], **options)
        n = 0
        while not state.is_terminal:
            state.apply(rng.choice(state.legal_actions()))
            n += 1
        return n

    return _rate(seconds, episode)


def bench_encode(players: int, options: dict, seconds: float) -> float:
    import acreage

    rng = random.Random(0)
    state = acreage.new_game(GAME, players=players, seed=1, **options)
    states = []
    while not state.is_terminal:
        states.append(state.clone())
        state.apply(rng.choice(state.legal_actions()))

    def batch() -> int:
        for s in states:
            s.observation_tensor(s.current_player)
        return len(states)

    return _rate(seconds, batch)


def bench_pettingzoo(players: int, options: dict, seconds: float) -> float:
    import numpy as np

    from acreage.interop.pettingzoo import raw_env

    env = raw_env(GAME, players=players, **options)
    rng = np.random.default_rng(0)
    seed = [0]

    def episode() -> int:
        seed[0] += 1
        env.reset(seed=seed[0])
        n = 0
        for _agent in env.agent_iter():
            obs, reward, terminated, truncated, info = env.last()
            if terminated or truncated:
                env.step(None)
                continue
            env.step(int(rng.choice(np.flatnonzero(obs["action_mask"]))))
            n += 1
        return n

    return _rate(seconds, episode)


def bench_gymnasium(players: int, options: dict, seconds: float) -> float:
    import numpy as np

    from acreage.interop.gymnasium import AcreageEnv

    env = AcreageEnv(GAME, players=players, **options)
    rng = np.random.default_rng(0)
    seed = [0]

    def episode() -> int:
        seed[0] += 1
        obs, info = env.reset(seed=seed[0])
        n = 0
        done = False
        while not done:
            action = int(rng.choice(np.flatnonzero(info["action_mask"])))
            obs, reward, terminated, truncated, info = env.step(action)
            done = terminated or truncated
            n += 1
        return n

    return _rate(seconds, episode)


def bench_openspiel(players: int, options: dict, seconds: float, observe: bool) -> float:
    import pyspiel

    import acreage.interop.openspiel  # noqa: F401  (registers the games)

    game = pyspiel.load_game(f"acreage_{GAME}", {"players": players, "seed": 0, **options})
    rng = random.Random(0)

    def episode() -> int:
        state = game.new_initial_state()
        n = 0
        while not state.is_terminal():
            if observe:
                state.observation_tensor(state.current_player())
            state.apply_action(rng.choice(state.legal_actions()))
            n += 1
        return n

    return _rate(seconds, episode)


def main(argv: list[str] | None = None) -> dict[str, float]:
    parser = argparse.ArgumentParser(description="Step rates of the acreage RL adapters.")
    parser.add_argument("--seconds", type=float, default=2.0, help="time per measurement (default 2)")
    parser.add_argument("--players", type=int, default=2, help="players (default 2)")
    parser.add_argument("--move-cap", type=int, default=20, help="move cap option (default 20)")
    args = parser.parse_args(argv)
    options = {"move_cap": args.move_cap}
    n, s = args.players, args.seconds
    rows: list[tuple[str, Callable[[], float]]] = [
        ("core (no adapter, no observation)", lambda: bench_core(n, options, s)),
        ("encode only (observation_tensor)", lambda: bench_encode(n, options, s)),
        (f"pettingzoo AEC, {n} players", lambda: bench_pettingzoo(n, options, s)),
        ("gymnasium solo", lambda: bench_gymnasium(1, options, s)),
        (f"gymnasium, {n} players vs random bots", lambda: bench_gymnasium(n, options, s)),
        (f"openspiel, {n} players", lambda: bench_openspiel(n, options, s, observe=False)),
        (f"openspiel, {n} players, +obs", lambda: bench_openspiel(n, options, s, observe=True)),
    ]
    results: dict[str, float] = {}
    print(f"acreage interop step rates: game={GAME}, move_cap={args.move_cap}, {s:g} s each")
    for name, measure in rows:
        try:
            rate = measure()
        except ImportError as exc:
            print(f"  {name:<42} skipped ({exc.name} is not installed: pip install acreage[rl])")
            continue
        results[name] = rate
        unit = "calls/s" if name.startswith("encode") else "steps/s"
        print(f"  {name:<42} {rate:>10,.0f} {unit}")
    return results


if __name__ == "__main__":
    main()
