"""Paired matches between two bots in any game, for tuning a heuristic or a budget.

Each deal (a game seed) is played once per seat rotation, so both bots meet the same cards from
every seat; the result is bot A's win share (ties count half) with its Wilson 95 % interval,
each bot's mean score, time per decision and how often it chose each kind of action (the first
word of the action's notation: ``market``, ``build``, ``harvest``...).

A side may judge by another heuristic than the game's registered one: ``--heuristic-a FILE``
loads a module from a file as if it lived in the game's package (``git show
HEAD:src/acreage/games/fields_of_green/heuristic.py > /tmp/old.py`` gives the committed one).

    .venv/bin/python tools/bot_match.py fields_of_green greedy greedy --heuristic-b /tmp/old.py --deals 100
    .venv/bin/python tools/bot_match.py harvest mcts:iterations=400 greedy --deals 50 --players 2
"""

from __future__ import annotations

import argparse
import importlib.util
import multiprocessing
import statistics
import sys
import time
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "src"))

from acreage.agents import make_agent  # noqa: E402
from acreage.arena.stats import wilson  # noqa: E402
from acreage.core import game_info, new_game  # noqa: E402


def load_heuristic(game: str, path: str):
    """A heuristic module loaded from ``path`` as if it were ``acreage.games.<game>.<name>``."""
    name = f"acreage.games.{game}._match_{abs(hash(path))}"
    spec = importlib.util.spec_from_file_location(name, path)
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module
    spec.loader.exec_module(module)
    return module.evaluate


def _agent(game: str, players: int, spec: str, heuristic: str | None, seed: int):
    agent = make_agent(spec, seed=seed, game=game, players=players)
    if heuristic:
        judge = load_heuristic(game, heuristic)
        agent.heuristic = judge
    return agent


def play_one(job: tuple) -> dict:
    """One game: ``seats[i]`` is 0 for bot A, 1 for bot B."""
    game, players, deal, seats, specs, heuristics, options = job
    state = new_game(game, players, seed=deal, **options)
    agents = [_agent(game, players, specs[side], heuristics[side], deal * 31 + i)
              for i, side in enumerate(seats)]
    think = [0.0] * players
    decisions = [0] * players
    kinds: list[Counter] = [Counter() for _ in range(players)]
    while not state.is_terminal:
        seat = state.current_player
        legal = state.legal_actions()
        t0 = time.perf_counter()
        action = agents[seat].decide(state, seat) if len(legal) > 1 else legal[0]
        if len(legal) > 1:
            think[seat] += time.perf_counter() - t0
            decisions[seat] += 1
            kinds[seat][str(action).split()[0]] += 1
        state.apply(action)
    return {"seats": seats, "scores": state.scores(), "ranking": state.ranking(),
            "think": think, "decisions": decisions, "kinds": [dict(k) for k in kinds]}


def rotations(players: int) -> list[tuple[int, ...]]:
    """Bot A in each seat in turn; the other seats bot B (2 players: A-B and B-A)."""
    return [tuple(0 if s == a else 1 for s in range(players)) for a in range(players)]


def summarise(rows: list[dict], specs: list[str]) -> str:
    wins = 0.0
    scores: list[list[int]] = [[], []]
    think = [0.0, 0.0]
    decisions = [0, 0]
    kinds = [Counter(), Counter()]
    for row in rows:
        a_seat = row["seats"].index(0)
        best = min(row["ranking"])
        a_rank = row["ranking"][a_seat]
        if a_rank == best:
            winners = sum(1 for r in row["ranking"] if r == best)
            wins += 1 / winners
        for seat, side in enumerate(row["seats"]):
            scores[side].append(row["scores"][seat])
            think[side] += row["think"][seat]
            decisions[side] += row["decisions"][seat]
            kinds[side].update(row["kinds"][seat])
    n = len(rows)
    w = wilson(wins, n)
    low, high = w["low"], w["high"]
    lines = [f"{n} games: A wins {wins:g} ({wins / n:.0%}, 95 % interval {low:.0%}–{high:.0%})"]
    for side in (0, 1):
        total = sum(kinds[side].values()) or 1
        common = ", ".join(f"{k} {v / total:.0%}" for k, v in kinds[side].most_common(6))
        per = think[side] / max(1, decisions[side])
        lines.append(f"  {'AB'[side]} {specs[side]}: mean score {statistics.mean(scores[side]):.1f}, "
                     f"{per * 1000:.1f} ms a decision; {common}")
    return "\n".join(lines)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("game")
    parser.add_argument("a", help="bot A's spec")
    parser.add_argument("b", help="bot B's spec")
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--deals", type=int, default=50, help="game seeds; each is played once per rotation")
    parser.add_argument("--seed0", type=int, default=1000)
    parser.add_argument("--heuristic-a")
    parser.add_argument("--heuristic-b")
    parser.add_argument("--option", action="append", default=[], help="game option key=value")
    parser.add_argument("--workers", type=int, default=2)
    args = parser.parse_args()
    game_info(args.game)
    options = {}
    for text in args.option:
        key, _, value = text.partition("=")
        options[key] = int(value) if value.isdigit() else value
    jobs = [(args.game, args.players, args.seed0 + d, seats, [args.a, args.b],
             [args.heuristic_a, args.heuristic_b], options)
            for d in range(args.deals) for seats in rotations(args.players)]
    t0 = time.perf_counter()
    with multiprocessing.get_context("spawn").Pool(args.workers) as pool:
        rows = pool.map(play_one, jobs, chunksize=1)
    print(summarise(rows, [args.a, args.b]))
    print(f"  ({time.perf_counter() - t0:.0f} s)")


if __name__ == "__main__":
    main()
