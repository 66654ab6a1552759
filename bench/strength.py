"""Bot strength, measured (``make strength``; long — about half an hour on two cores).

1. The solo benchmark: the MCTS bot with about 1 s per decision plays each of Foxglove Farm's
   six solo setups (several seeds each); the mean score per setup is printed next to the
   rulebook's thresholds 60 / 80 / 100 / 120. The beam bot (single-player only) plays the
   same games on a clock with the same increment (``beam:ms=1000,clock=1``: each decision
   banks the time, searches spend it; docs/bots.md), so its game averages about ``--ms`` a
   decision (``--skip-beam`` leaves it out).
2. The 2-player match: MCTS (1 s) against greedy, seats rotated; MCTS's win rate. The same
   match is then played in the other registered games (Fields of Green, Harvest), where no
   target is set but a player choosing "mcts" expects it to beat "greedy" (``--other-games``
   per game; 0 leaves them out).
3. More time, more strength? The solo benchmark again with a quarter of the time per decision
   (same seeds), next to greedy's solo score on those seeds (with the heuristic, and with the
   learned value as its judge).

Results are appended to ``strength/*.jsonl`` (resumable: a rerun continues) and summarised.
"""

from __future__ import annotations

import argparse
import statistics
from pathlib import Path

from acreage import arena

THRESHOLDS = (60, 80, 100, 120)
#: The registered games besides Foxglove Farm whose 2-player match part 2 also plays.
OTHER_GAMES = ("fields_of_green", "harvest")


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--ms", type=int, default=1000, help="the bots' thinking time per decision")
    parser.add_argument("--seeds", type=int, default=3, help="games per solo setup")
    parser.add_argument("--match-games", type=int, default=20, help="2-player games against greedy")
    parser.add_argument("--other-games", type=int, default=10,
                        help="2-player games against greedy in each of the other games (0: none)")
    parser.add_argument("--out", type=Path, default=Path("strength"))
    parser.add_argument("--workers", type=int, default=None)
    parser.add_argument("--skip-ladder", action="store_true", help="skip part 3")
    parser.add_argument("--skip-beam", action="store_true", help="skip the beam bot's solo games")
    args = parser.parse_args()
    args.out.mkdir(exist_ok=True)
    bot = f"mcts:ms={args.ms}"

    means = solo_benchmark(bot, args)
    if not args.skip_beam:
        solo_benchmark(f"beam:ms={args.ms},clock=1", args)

    match("foxglove", bot, args.match_games, args)
    if args.other_games > 0:
        for game in OTHER_GAMES:
            match(game, bot, args.other_games, args)

    if not args.skip_ladder:
        quick = f"mcts:ms={max(1, args.ms // 4)}"
        print(f"More time, more strength? {quick} and greedy on the same solo seeds")
        for other in (quick, "greedy:macros=1", "greedy:macros=1,learned=1"):
            low = solo(other, args)
            print(f"  {other}: overall mean {statistics.mean(low.values()):.1f} "
                  f"(vs {statistics.mean(means.values()):.1f} for {bot})")


def match(game: str, bot: str, games: int, args) -> None:
    """Part 2 for one game: ``bot`` against greedy, 2 players, seats rotated."""
    out = args.out / f"match_{game}_{bot.replace(':', '_').replace('=', '')}_vs_greedy.jsonl"
    print(f"2-player match, {game}: {bot} against greedy, {games} games, seats rotated")
    arena.simulate(game, 2, [bot, "greedy"], games=games, out=out, root_seed=7,
                   workers=args.workers, progress=False)
    summary = arena.summarise(arena.load_rows(out))
    for agent, stats in summary["agents"].items():
        print(f"  {agent:>14s}: win rate {stats['win_rate']:.0%}, mean score {stats['mean_score']:.1f}")


def solo_benchmark(bot: str, args) -> dict[int, float]:
    """Part 1 for one bot: its solo means per setup, printed with the overall and lowest mean."""
    print(f"Solo benchmark: {bot}, {args.seeds} games per setup")
    means = solo(bot, args)
    print(f"  overall mean {statistics.mean(means.values()):.1f}; lowest setup mean "
          f"{min(means.values()):.1f} (target ≥ 80 in every setup, long-run goal ≥ 120)")
    return means


def solo(bot: str, args) -> dict[int, float]:
    """Mean score per solo setup (seeds depend only on the setup, so bots are compared fairly)."""
    means = {}
    for setup in range(1, 7):
        out = args.out / f"solo{setup}_{bot.replace(':', '_').replace('=', '')}.jsonl"
        arena.simulate("foxglove", 1, [bot], games=args.seeds, out=out, root_seed=setup,
                       options={"solo_setup": setup}, workers=args.workers, progress=False)
        scores = [row["scores"][0] for row in arena.load_rows(out)]
        means[setup] = statistics.mean(scores)
        reached = [t for t in THRESHOLDS if means[setup] >= t]
        # One game's score varies by about 10 points, so a mean of 3 games is good to about
        # +-6: the standard error is printed so that a setup is not judged on luck.
        se = statistics.stdev(scores) / len(scores) ** 0.5 if len(scores) > 1 else float("nan")
        print(f"  setup {setup}: mean {means[setup]:6.1f} +- {se:4.1f}  scores {scores}  "
              f"threshold {reached[-1] if reached else 'none'}", flush=True)
    return means


if __name__ == "__main__":
    main()
