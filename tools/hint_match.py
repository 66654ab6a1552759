"""Does following every ``hint`` play as well as the hint bot playing by itself?

Paired games: each deal is played twice from seat 0, once by a player who takes every hint
the terminal would give (``app.players.HintBots``: one hint bot per seat for the whole game)
and once by that same bot, seeded as the hint bot is, deciding for itself; the other seats are
``medium`` bots. The difference of seat 0's scores (hints minus bot) is reported with its t
interval. With a bot whose budget is in iterations the two games are the same move for move
(the difference is exactly 0); with a time budget (Foxglove's solo hint, ``beam:ms=1000``) the
searches may differ and the interval says by how much.

    .venv/bin/python tools/hint_match.py foxglove --players 1 --deals 6 --option solo_setup=2
    .venv/bin/python tools/hint_match.py harvest --players 2 --deals 10
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "src"))

from acreage.agents import make_agent  # noqa: E402
from acreage.app.players import HintBots, bot_seed, hint_bot  # noqa: E402
from acreage.arena.stats import mean_ci  # noqa: E402
from acreage.core.registry import new_game  # noqa: E402


def play(game: str, players: int, deal: int, options: dict, follow_hints: bool,
         spec: str | None = None) -> tuple[int, list]:
    """Seat 0's score and the moves of one game, seat 0 following hints or the bot itself
    (``spec``: the hint bot, by default the terminal's, ``hint_bot``)."""
    state = new_game(game, players, seed=deal, **options)
    spec = spec or hint_bot(state)
    hints = HintBots(game, players, seed=deal, spec=spec)
    alone = make_agent(spec, seed=bot_seed(deal, 1000), game=game, players=players)
    others = {s: make_agent("medium", seed=deal * 31 + s, game=game, players=players)
              for s in range(1, players)}
    while not state.is_terminal:
        seat = state.current_player
        if seat == 0:
            bot = hints.bot(state, 0) if follow_hints else alone
        else:
            bot = others[seat]
        state.apply(bot.decide(state, seat))
    return state.scores()[0], [str(a) for a in state.history]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("game")
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--deals", type=int, default=6)
    parser.add_argument("--seed0", type=int, default=3000)
    parser.add_argument("--spec", help="the hint bot (default: the one the terminal asks)")
    parser.add_argument("--option", action="append", default=[], help="NAME=VALUE (a whole number or text)")
    args = parser.parse_args(argv)
    options = {}
    for text in args.option:
        name, _, value = text.partition("=")
        options[name] = int(value) if value.lstrip("-").isdigit() else value
    diffs, same, t0 = [], 0, time.perf_counter()
    for deal in range(args.seed0, args.seed0 + args.deals):
        hinted, hinted_moves = play(args.game, args.players, deal, options, True, args.spec)
        alone, alone_moves = play(args.game, args.players, deal, options, False, args.spec)
        diffs.append(hinted - alone)
        same += hinted_moves == alone_moves
        print(f"deal {deal}: following hints {hinted}, the bot itself {alone}", flush=True)
    ci = mean_ci(diffs)
    spec = args.spec or hint_bot(new_game(args.game, args.players, seed=args.seed0, **options))
    width = f" ± {ci['half_width']:.1f}" if ci["half_width"] is not None else ""
    print(f"{args.game}, {args.players} player(s), hint bot {spec}: {len(diffs)} paired deals, "
          f"hints minus bot {ci['mean']:+.1f}{width} points; the same game move for move in {same} "
          f"({time.perf_counter() - t0:.0f} s)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
