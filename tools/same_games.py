"""Seeded games of every game and bot, written down move by move, to prove a change of the
rules code changes no game.

A restructuring of a game's rules (moving functions between modules, renaming fields, new
frame records) must leave every game the same: the same legal actions in the same order, the
same random draws, the same bots' choices. This tool plays a fixed set of seeded games (every
game, every player count, the bots ``random``, ``greedy`` and a small ``mcts``) and writes each
game's moves (notation) and final scores. Run ``--write`` before the change and ``--check``
after it: the first game that differs is named with the first move where it differs.

    .venv/bin/python tools/same_games.py --write /tmp/before.json      # on the old code
    .venv/bin/python tools/same_games.py --check /tmp/before.json      # on the new code

The file is a baseline of one commit, not shipped data: a change meant to alter play (a new
heuristic, a rules fix) changes it, and then a new baseline is written.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "src"))

from acreage.agents import make_agent  # noqa: E402
from acreage.core.registry import games, new_game  # noqa: E402

#: The bots each game is played by (every seat the same bot): random draws, the greedy
#: judgement with its follow-up plans, and tree search with determinization.
BOTS = ("random", "greedy", "mcts:iterations=12")


def configurations(seeds: int, bots: tuple[str, ...] = BOTS) -> list[tuple[str, int, str, int]]:
    """(game, players, bot, seed) for every game, player count and bot, ``seeds`` seeds each."""
    out = []
    for info in games():
        for players in range(info.min_players, info.max_players + 1):
            for bot in bots:
                for seed in range(seeds):
                    out.append((info.name, players, bot, 7000 + seed))
    return out


def play(game: str, players: int, bot: str, seed: int) -> dict:
    """One seeded game: its moves in notation and its final scores."""
    state = new_game(game, players, seed=seed)
    agents = [make_agent(bot, seed=seed * 17 + s, game=game, players=players) for s in range(players)]
    moves = []
    while not state.is_terminal:
        action = agents[state.current_player].decide(state, state.current_player)
        moves.append(str(action))
        state.apply(action)
    return {"moves": moves, "scores": list(state.scores())}


def key(config: tuple) -> str:
    return "/".join(str(x) for x in config)


def digest(game: dict) -> str:
    return hashlib.sha256(json.dumps(game, sort_keys=True).encode()).hexdigest()[:16]


def first_difference(before: dict, after: dict) -> str:
    """Where two plays of one configuration part: the first differing move, or the scores."""
    for i, (a, b) in enumerate(zip(before["moves"], after["moves"], strict=False)):
        if a != b:
            return f"move {i + 1}: {a!r} before, {b!r} now"
    if len(before["moves"]) != len(after["moves"]):
        return f"{len(before['moves'])} moves before, {len(after['moves'])} now"
    return f"scores {before['scores']} before, {after['scores']} now"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    group = parser.add_mutually_exclusive_group(required=True)
    group.add_argument("--write", type=Path, help="play every game and write the baseline here")
    group.add_argument("--check", type=Path, help="play every game and compare with this baseline")
    parser.add_argument("--seeds", type=int, default=2, help="seeds per game, player count and bot")
    parser.add_argument("--game", action="append", help="only these games (repeatable)")
    parser.add_argument("--bot", action="append", help=f"only these bots (repeatable; default {BOTS})")
    args = parser.parse_args(argv)
    bots = tuple(args.bot) if args.bot else BOTS
    configs = [c for c in configurations(args.seeds, bots) if not args.game or c[0] in args.game]
    baseline = json.loads(args.check.read_text()) if args.check else None
    played, differ, t0 = {}, [], time.perf_counter()
    for config in configs:
        game = play(*config)
        played[key(config)] = game
        if baseline is not None:
            old = baseline.get(key(config))
            if old is None:
                differ.append(f"{key(config)}: not in the baseline")
            elif digest(old) != digest(game):
                differ.append(f"{key(config)}: {first_difference(old, game)}")
    seconds = time.perf_counter() - t0
    moves = sum(len(g["moves"]) for g in played.values())
    if args.write:
        args.write.write_text(json.dumps(played, sort_keys=True))
        print(f"wrote {len(played)} games ({moves} moves) to {args.write} in {seconds:.0f} s")
        return 0
    if differ:
        print(f"{len(differ)} of {len(played)} games differ from {args.check}:")
        for line in differ:
            print("  " + line)
        return 1
    print(f"all {len(played)} games ({moves} moves) are the same as in {args.check} ({seconds:.0f} s)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
