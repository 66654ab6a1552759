"""The bot ladder (docs/ladder.md): play rated games between every game's bot levels, fit one
rating per level, and test a changed bot against its level before it replaces it.

    .venv/bin/python tools/ladder.py play --list                  # the lineups, without playing
    .venv/bin/python tools/ladder.py play --deals 40 --slow-deals foxglove=5 fields_of_green=12 harvest=25
    .venv/bin/python tools/ladder.py fit                          # arena/data/ladder.json, docs/ladder.md
    .venv/bin/python tools/ladder.py sprt --game harvest --level hard --candidate mcts:iterations=150,c=0.3

``play`` appends every finished game to ``strength/ladder.jsonl`` (a rerun continues where it
stopped; more deals add games); ``fit`` reads all of them that were played with the levels'
current specs (``acreage.arena.ladder``). ``sprt`` plays paired 2-player games of the candidate
against the level until the sequential test decides; its games go to
``strength/sprt/<game>-<level>.jsonl``, so a stopped test resumes.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "src"))

from acreage.arena import ladder  # noqa: E402
from acreage.core import game_info, games  # noqa: E402

ROOT = Path(__file__).resolve().parents[1]


def per_game(values: list[str], default: int) -> dict[str, int]:
    """``["5", "harvest=20"]`` → every game 5, Harvest 20 (a bare number sets the default)."""
    out: dict[str, int] = {"*": default}
    for value in values:
        name, eq, count = value.rpartition("=")
        out[game_info(name).name if eq else "*"] = int(count)
    return out


def chosen_games(names: list[str] | None) -> list[str]:
    return [game_info(n).name for n in names] if names else [info.name for info in games()]


def cmd_play(args: argparse.Namespace) -> None:
    slow = per_game(args.slow_deals, 10)
    jobs = []
    for game in chosen_games(args.game):
        for players in args.players:
            part = ladder.schedule(game, args.deals, slow.get(game, slow["*"]), players, args.seed0)
            if args.list:
                for combo in ladder.lineups(ladder.participants(game, players), players):
                    n = sum(1 for j in part if list(j.lineup) == [p.spec for p in combo])
                    names = " vs ".join("=".join(p.names) for p in combo)
                    print(f"{game}, {players} players: {names}: {n} games")
            jobs += part
    if args.list:
        print(f"{len(jobs)} games in all")
        return
    t0 = time.perf_counter()

    def progress(row: dict, count: int, total: int) -> None:
        if count % 25 == 0 or count == total:
            print(f"{count}/{total} games, {time.perf_counter() - t0:.0f} s", flush=True)

    played = ladder.play(jobs, args.out, workers=args.workers, progress=progress)
    print(f"played {played} games ({len(jobs) - played} already in {args.out}) in "
          f"{time.perf_counter() - t0:.0f} s")


def cmd_fit(args: argparse.Namespace) -> None:
    rows, bad = ladder.load_games(args.games_file)
    if bad:
        print(f"skipped {bad} unreadable line(s) of {args.games_file}")
    t0 = time.perf_counter()
    data = ladder.build(rows, chosen_games(args.game), args.resamples, args.seed, args.prior, args.date)
    ladder.write_json(data, args.json)
    ladder.write_markdown(data, args.md)
    print(ladder.markdown(data))
    print(f"wrote {args.json} and {args.md} ({time.perf_counter() - t0:.1f} s)")


def cmd_sprt(args: argparse.Namespace) -> None:
    game = game_info(args.game).name
    out = args.out or Path("strength") / "sprt" / f"{game}-{args.level}.jsonl"
    out.parent.mkdir(parents=True, exist_ok=True)
    expect = ladder.expected_games(args.elo0, args.elo1, args.alpha, args.beta)
    print(f"SPRT[{args.elo0:g}, {args.elo1:g}], alpha {args.alpha:g}, beta {args.beta:g}: about "
          f"{expect:.0f} games when the candidate is exactly at a bound, fewer away from both", flush=True)
    t0 = time.perf_counter()

    def progress(test: dict) -> None:
        print(f"{test['games']:.0f} games: +{test['wins']:.0f} ={test['draws']:.0f} -{test['losses']:.0f}, "
              f"LLR {test['llr']:+.2f} ({test['lower']:.2f}, {test['upper']:.2f}) "
              f"[{time.perf_counter() - t0:.0f} s]", flush=True)

    result = ladder.sprt_match(game, args.level, args.candidate, args.elo0, args.elo1, args.alpha,
                               args.beta, args.max_games, args.workers, out, args.seed0, progress)
    print(verdict_text(result))


def verdict_text(result: dict) -> str:
    """What the test's result means for the change, in one paragraph."""
    cand, cur = result["specs"]
    head = (f"{result['game']} {result['level']}: candidate `{cand}` against `{cur}`, "
            f"{result['games']:.0f} games (+{result['wins']:.0f} ={result['draws']:.0f} "
            f"-{result['losses']:.0f}), LLR {result['llr']:+.2f} in ({result['lower']:.2f}, "
            f"{result['upper']:.2f}), SPRT[{result['elo0']:g}, {result['elo1']:g}]")
    if result["score"] is not None:
        elo = "" if result["elo"] is None else f", about {result['elo']:+.0f} Elo"
        head += f"; the candidate scored {result['score']:.0%}{elo} (a stopped test's estimate is rough)"
    head += ": "
    if result["verdict"] == "H1":
        return head + (f"H1 accepted: the candidate is not weaker (Elo ≥ {result['elo1']:g} is "
                       "the better explanation); it may replace the level, unless it is so much "
                       "stronger that the level no longer plays at its name.")
    if result["verdict"] == "H0":
        return head + (f"H0 accepted: the candidate is weaker (about {result['elo0']:g} Elo or "
                       "worse); keep the level as it is.")
    return head + f"no decision within {result['max_games']} games; raise --max-games to go on."


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    sub = parser.add_subparsers(dest="command", required=True)

    p = sub.add_parser("play", help="play the ladder's games (resumable)")
    p.add_argument("--game", action="append", help="only these games (repeatable; default all)")
    p.add_argument("--deals", type=int, default=40,
                   help="deals per lineup of bots without search (x players = games)")
    p.add_argument("--slow-deals", nargs="+", default=[], metavar="N|GAME=N",
                   help="deals per lineup with a search bot: a number, or GAME=N for one game (default 10)")
    p.add_argument("--players", type=int, nargs="+", default=[2], help="table sizes (default 2)")
    p.add_argument("--workers", type=int, default=2)
    p.add_argument("--seed0", type=int, default=1000, help="seed of the first deal")
    p.add_argument("--out", type=Path, default=ladder.GAMES_FILE)
    p.add_argument("--list", action="store_true", help="print the lineups and game counts and stop")
    p.set_defaults(run=cmd_play)

    f = sub.add_parser("fit", help="fit the ratings and write the JSON and the Markdown")
    f.add_argument("--games-file", type=Path, default=ladder.GAMES_FILE)
    f.add_argument("--game", action="append", help="only these games (default all)")
    f.add_argument("--resamples", type=int, default=200, help="bootstrap resamples")
    f.add_argument("--seed", type=int, default=0, help="seed of the bootstrap's draws")
    f.add_argument("--prior", type=float, default=1.0, help="virtual tied games per pair that met")
    f.add_argument("--date", help="the date to publish (default today)")
    f.add_argument("--json", type=Path, default=ladder.LADDER_FILE)
    f.add_argument("--md", type=Path, default=ROOT / "docs" / "ladder.md")
    f.set_defaults(run=cmd_fit)

    s = sub.add_parser("sprt", help="test a candidate bot spec against a level until the SPRT decides")
    s.add_argument("--game", required=True)
    s.add_argument("--level", required=True, help="the level (easy, medium, hard) it would replace")
    s.add_argument("--candidate", required=True, help="the candidate's bot spec")
    s.add_argument("--elo0", type=float, default=-10.0, help="H0: the candidate is this much weaker")
    s.add_argument("--elo1", type=float, default=0.0, help="H1: the candidate is at least this strong")
    s.add_argument("--alpha", type=float, default=0.05)
    s.add_argument("--beta", type=float, default=0.05)
    s.add_argument("--max-games", type=int, default=2000)
    s.add_argument("--workers", type=int, default=2)
    s.add_argument("--seed0", type=int, default=1000, help="seed of the first deal")
    s.add_argument("--out", type=Path, help="games file (default strength/sprt/GAME-LEVEL.jsonl)")
    s.set_defaults(run=cmd_sprt)

    args = parser.parse_args(argv)
    args.run(args)


if __name__ == "__main__":
    main()
