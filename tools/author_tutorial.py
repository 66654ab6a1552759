"""Start a tutorial from a real game, as a designer would: play (or read) a game, keep its first
moves, and write a tutorial file with an empty step at each of the learner's moves.

    python tools/author_tutorial.py foxglove --seed 7 --players 2 --bot medium --moves 40 > draft.toml
    python tools/author_tutorial.py harvest --record game.json --moves 30 > draft.toml

Each step of the draft carries the move's label from the game's presentation model and a
``text = "TODO"`` the author replaces with the comment the learner reads; the shipped tutorial
(``games/<game>/data/tutorial.toml``) is that file once every step is written. Loading checks
it move by move (``acreage.core.tutorials``), and the tests refuse a step still saying TODO.
"""

from __future__ import annotations

import argparse
import json
import sys

from acreage import core
from acreage.agents import make_agent
from acreage.core.presentation import presentation_of


def play_real_game(game: str, seed: int, players: int, bot: str, moves: int) -> list[str]:
    """The first ``moves`` moves of a game between ``bot`` at every seat."""
    state = core.new_game(game, players=players, seed=seed)
    agents = [make_agent(bot, seed=seed + s, game=game, players=players) for s in range(players)]
    played: list[str] = []
    while not state.is_terminal and len(played) < moves:
        seat = state.current_player
        action = agents[seat].decide(state.clone(), seat)
        played.append(str(action))
        state.apply(action)
    return played


def draft(game: str, seed: int, players: int, options: dict, moves: list[str], learner: int) -> str:
    """The tutorial file's text: the header, the moves, a TODO step per learner move."""
    info = core.game_info(game)
    present = presentation_of(info)
    state = core.new_game(game, players=players, seed=seed, **options)
    lines = [
        "schema = 1",
        f'title = "TODO: {info.title} tutorial"',
        f"seed = {seed}",
        f"players = {players}",
        f"learner = {learner}",
        'then = "easy"',
        'intro = "TODO"',
        'outro = "TODO"',
    ]
    if options:
        lines.append("options = " + json.dumps(options))
    lines.append("moves = [")
    lines += [f"    {json.dumps(m)},  # {k}" for k, m in enumerate(moves)]
    lines.append("]")
    for index, text in enumerate(moves):
        seat = state.current_player
        action = state.parse_action(text)
        if seat == learner:
            shown = present.action_view(state, action)
            lines += [
                "",
                "[[steps]]",
                f"move = {index}  # {shown.group} {shown.label}".rstrip(),
                "rules = []",
                'text = "TODO"',
                "highlight = " + _toml_inline(shown.args),
            ]
        state.apply(action)
    return "\n".join(lines) + "\n"


def _toml_inline(args: dict) -> str:
    return "{ " + ", ".join(f"{k} = {json.dumps(v)}" for k, v in args.items()) + " }" if args else "{}"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("game")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--learner", type=int, default=0)
    parser.add_argument("--bot", default="greedy", help="the bot that plays every seat of the real game")
    parser.add_argument("--moves", type=int, default=40, help="how many moves the guided part keeps")
    parser.add_argument("--record", help="a game record (JSON) to take the moves from instead of playing")
    args = parser.parse_args(argv)
    options: dict = {}
    if args.record:
        with open(args.record, encoding="utf-8") as handle:
            record = json.load(handle)
        seed, players, options = record["seed"], record["players"], record.get("options", {})
        moves = list(record["actions"])[: args.moves]
    else:
        seed, players = args.seed, args.players
        moves = play_real_game(args.game, seed, players, args.bot, args.moves)
    sys.stdout.write(draft(args.game, seed, players, options, moves, args.learner))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
