"""Bot strength by named level, in every game (``make strength``; long: hours on two cores).

For each game, from the levels it declares (``GameInfo.levels``):

1. ``medium`` (greedy) against ``random``;
2. each level against the one below it (easy < medium < hard < expert, where a game has
   them): a level should win at least 75 % of the paired games;
3. the strongest level (the web's bot at about a second a move) against ``medium``: at least
   90 %;
4. games with 3–4 players: the strongest level against two or three ``medium`` bots (its share
   of first places, against 1/3 or 1/4 by chance);
5. games with a solo mode: every level alone, mean score against the game's tiers.

Every match is paired (``arena/paired.py``): each deal played once with bot A in each seat.
Rows go to ``strength/<game>/<match>.jsonl`` (a rerun resumes; delete a file to measure again)
and each game's table to ``strength/<game>.md``, ready for ``docs/bots.md``.

    .venv/bin/python bench/strength.py --deals 50                 # everything, 100 games a 2-player match
    .venv/bin/python bench/strength.py --game harvest --only solo
    .venv/bin/python bench/strength.py --list                     # the matches, without playing
"""

from __future__ import annotations

import argparse
import datetime
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "src"))

from acreage.arena import paired  # noqa: E402
from acreage.core import game_info, games  # noqa: E402

#: The goal of each kind of match: bot A's win share at least this.
GOALS = {"random": 0.99, "adjacent": 0.75, "top": 0.90}


def matches(info, only: str | None = None) -> list[tuple[str, str, int, list[str]]]:
    """``(name, kind, players, lineup)`` of every match of one game, cheapest first."""
    names = [lv.name for lv in info.levels]
    two = 2 if info.min_players <= 2 <= info.max_players else info.min_players
    out = []
    if "medium" in names:
        out.append(("medium-vs-random", "random", two, ["medium", "random"]))
    top = names[-1] if names else None
    for low, high in zip(names, names[1:], strict=False):
        kind = "top" if high == top and low == "medium" else "adjacent"
        out.append((f"{high}-vs-{low}", kind, two, [high, low]))
    if top and top != "medium" and "medium" in names and names.index(top) > names.index("medium") + 1:
        out.append((f"{top}-vs-medium", "top", two, [top, "medium"]))
    for n in range(3, info.max_players + 1):
        if top and "medium" in names:
            out.append((f"{top}-vs-medium-{n}p", "many", n, [top, "medium"]))
    if info.min_players == 1:
        for name in names:
            out.append((f"solo-{name}", "solo", 1, [name]))
    if only:
        out = [m for m in out if only in (m[0], m[1])]
    return out


def table(info, results: list[tuple[str, str, int, dict]]) -> str:
    """The game's results as Markdown: matches, then solo means."""
    lines = [f"### {info.title}", "",
             "| match | players | games | A's win share (95 % interval) | goal | A's mean score | "
             "others' mean | A ms/decision | others ms/decision |",
             "|---|---|---|---|---|---|---|---|---|"]
    solo = []
    for name, kind, players, s in results:
        if kind == "solo":
            solo.append((name, s))
            continue
        w = s["win"]
        goal = GOALS.get(kind)
        if kind == "many":
            goal_text = f"> {1 / players:.0%} (chance)"
        else:
            goal_text = f"≥ {goal:.0%}" if goal else ""
        lines.append(
            f"| {name} | {players} | {s['games']} | {w['rate']:.0%} ({w['low']:.0%}–{w['high']:.0%}) | "
            f"{goal_text} | {_mean(s['score_a'])} | {_mean(s['score_others'])} | "
            f"{s['ms_a']:.0f} | {s['ms_others']:.0f} |")
    if solo:
        lines += ["", "| alone | games | mean score (95 % interval) | ms/decision | tiers reached |",
                  "|---|---|---|---|---|"]
        for name, s in solo:
            tiers = ", ".join(f"{k} {v}" for k, v in sorted(s["tiers"].items()))
            lines.append(f"| {name.removeprefix('solo-')} | {s['games']} | {_mean(s['score_a'])} | "
                         f"{s['ms_a']:.0f} | {tiers} |")
    return "\n".join(lines)


def _mean(ci: dict | None) -> str:
    if not ci or ci["mean"] is None:
        return "–"
    if ci["half_width"] is None:
        return f"{ci['mean']:.1f}"
    return f"{ci['mean']:.1f} ± {ci['half_width']:.1f}"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--game", action="append", help="only these games (repeatable)")
    parser.add_argument("--only", help="only the match of this name, or the matches of this kind")
    parser.add_argument("--deals", type=int, default=50, help="deals per match (x players = games)")
    parser.add_argument("--random-deals", type=int, default=200,
                        help="deals against random (cheap; many, to tell 99 %% from 96 %%)")
    parser.add_argument("--solo-deals", type=int, default=30, help="deals per level alone")
    parser.add_argument("--many-deals", type=int, default=15, help="deals per 3- and 4-player match")
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--out", type=Path, default=Path("strength"))
    parser.add_argument("--list", action="store_true", help="print the matches and stop")
    args = parser.parse_args()
    chosen = [game_info(g) for g in args.game] if args.game else games()
    stamp = datetime.date.today().isoformat()
    for info in chosen:
        plan = matches(info)
        chosen_names = {m[0] for m in matches(info, args.only)}
        if args.list:
            for name, kind, players, lineup in plan:
                if name in chosen_names:
                    print(f"{info.name}: {name} ({kind}, {players} players: {' vs '.join(lineup)})")
            continue
        results = []
        folder = args.out / info.name
        folder.mkdir(parents=True, exist_ok=True)
        for name, kind, players, lineup in plan:
            if name not in chosen_names:
                # Not played now: its table line from the games already played, if any.
                rows = paired.current(paired.load(folder / f"{name}.jsonl"), info.name, players, lineup)
                if rows:
                    results.append((name, kind, players, paired.summarise(rows)))
                continue
            deals = {"solo": args.solo_deals, "many": args.many_deals, "random": args.random_deals}.get(
                kind, args.deals)
            jobs = paired.pairings(info.name, players, lineup, deals)
            t0 = time.perf_counter()
            rows = paired.run(jobs, folder / f"{name}.jsonl", workers=args.workers)
            summary = paired.summarise(rows)
            results.append((name, kind, players, summary))
            w = summary["win"]
            print(f"{info.name} {name}: {summary['games']} games, A {w['rate']:.0%} "
                  f"({w['low']:.0%}–{w['high']:.0%}), mean {summary['score_a']['mean']:.1f} "
                  f"[{time.perf_counter() - t0:.0f} s]", flush=True)
        text = table(info, results)
        specs = ", ".join(f"{lv.name} = `{lv.spec}`" + (f" (alone `{lv.solo}`)" if lv.solo else "")
                          for lv in info.levels)
        note = (f"\nTable made {stamp} by `bench/strength.py --game {info.name}` from the games in "
                f"`strength/{info.name}/` (each row's count; paired deals from seed 1000); "
                f"levels: {specs}.\n")
        (args.out / f"{info.name}.md").write_text(text + "\n" + note)
        print(text + "\n" + note)


if __name__ == "__main__":
    main()
