"""Paired matches between two bots in any game, for tuning a heuristic or a budget.

Each deal (a game seed) is played once with bot A in each seat, the other seats bot B
(``acreage.arena.paired``, as ``make strength`` plays), so both bots meet the same cards from
every seat; the result is bot A's win share (a shared first place splits) with its Wilson 95 %
interval, each side's mean score, time per decision and how often it chose each kind of
action (the first word of the action's notation: ``market``, ``build``, ``harvest``...).

A side may judge by another heuristic than the game's registered one: ``--heuristic-a FILE``
loads a module from a file as if it lived in the game's package (``git show
HEAD:src/acreage/games/fields_of_green/bots/heuristic.py > /tmp/old.py`` gives the committed one).

    .venv/bin/python tools/bot_match.py fields_of_green greedy greedy --heuristic-b /tmp/old.py --deals 100
    .venv/bin/python tools/bot_match.py harvest hard medium --deals 50 --players 3
"""

from __future__ import annotations

import argparse
import importlib.util
import multiprocessing
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "src"))

from acreage.arena import paired  # noqa: E402
from acreage.core import game_info  # noqa: E402


def load_heuristic(game: str, path: str):
    """A heuristic module loaded from ``path`` as if it lived beside the game's own heuristic
    (``acreage.games.<game>`` or, for Foxglove, its ``bots`` subpackage), so its relative
    imports resolve."""
    package = game_info(game).heuristic.__module__.rpartition(".")[0]
    name = f"{package}._match_{abs(hash(path))}"
    spec = importlib.util.spec_from_file_location(name, path)
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module
    spec.loader.exec_module(module)
    return module.evaluate


def play_one(job: tuple) -> dict:
    """One paired game, bot A's side (seat ``seat_a``) and B's judging by their heuristic files."""
    pairing, heuristics = job
    agents = paired.agents_of(pairing)
    for seat, agent in enumerate(agents):
        path = heuristics[0 if seat == pairing.seat_a else 1]
        if path:
            agent.heuristic = load_heuristic(pairing.game, path)
    return paired.play(pairing, agents)


def report(summary: dict, specs: list[str]) -> str:
    w = summary["win"]
    lines = [f"{summary['games']} games: A wins {summary['wins']:g} ({w['rate']:.0%}, "
             f"95 % interval {w['low']:.0%}–{w['high']:.0%})"]
    for label, spec, score, ms, kinds in (
            ("A", specs[0], summary["score_a"], summary["ms_a"], summary["kinds_a"]),
            ("B", specs[1], summary["score_others"], summary["ms_others"], summary["kinds_others"])):
        total = sum(kinds.values()) or 1
        top = sorted(kinds.items(), key=lambda kv: -kv[1])[:6]
        common = ", ".join(f"{k} {v / total:.0%}" for k, v in top)
        lines.append(f"  {label} {spec}: mean score {score['mean']:.1f}, {ms:.1f} ms a decision; {common}")
    lead = summary.get("lead")
    if lead and lead["sd"] is not None:
        lines.append(f"  A's lead over the best other seat: {lead['mean']:+.1f} ± {lead['half_width']:.1f}, "
                     f"standard deviation {lead['sd']:.1f} points")
    return "\n".join(lines)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("game")
    parser.add_argument("a", help="bot A's spec or level")
    parser.add_argument("b", help="bot B's spec or level")
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--deals", type=int, default=50, help="game seeds; each is played once per seat of A")
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
    games = paired.pairings(args.game, args.players, [args.a, args.b], args.deals, args.seed0, options)
    jobs = [(p, (args.heuristic_a, args.heuristic_b)) for p in games]
    t0 = time.perf_counter()
    with multiprocessing.get_context("spawn").Pool(args.workers) as pool:
        rows = pool.map(play_one, jobs, chunksize=1)
    print(report(paired.summarise(rows), [args.a, args.b]))
    print(f"  ({time.perf_counter() - t0:.0f} s)")


if __name__ == "__main__":
    main()
