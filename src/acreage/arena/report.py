"""Summaries of a results file: tables (rich), PNG plots (matplotlib) and a plain dict.

Definitions (also in ``docs/arena.md``):

- One *observation* is one seat of one game. Per agent and per seat, the mean score comes with a
  95 % Student-t interval over observations (:func:`acreage.arena.stats.mean_ci`).
- Win share: the seats sharing first place split one win (two tied winners get 0.5 each), so the
  win rates of a game's seats add up to 1. The win rate is the mean win share, with the same t
  interval.
- Balance view, for a metric holding one list of names per seat (Foxglove: ``tiles``): for each
  name, the win rate and mean score of observations that have it vs those that do not. The
  *effect* is the difference (with − without) computed within each agent and averaged with
  weights ``n_with·n_without / (n_with + n_without)``, so a strong agent that builds a tile more
  often does not make the tile look strong. It is an association, not a causal effect: a tile
  that is built late by players who are already ahead looks strong too.
"""

from __future__ import annotations

from collections import defaultdict
from pathlib import Path
from typing import Any

from .jobs import ArenaError
from .results import read_rows
from .stats import mean_ci


def win_shares(ranking: list[int]) -> list[float]:
    """Fractional wins by seat: seats placed 1st split one win."""
    firsts = sum(1 for place in ranking if place == 1)
    return [1.0 / firsts if place == 1 else 0.0 for place in ranking]


def _group_stats(obs: list[dict]) -> dict:
    score = mean_ci([o["score"] for o in obs])
    win = mean_ci([o["win"] for o in obs])
    return {
        "n": score["n"],
        "mean_score": score["mean"],
        "score_sd": score["sd"],
        "score_half_width": score["half_width"],
        "score_ci": [score["low"], score["high"]],
        "win_rate": win["mean"],
        "win_half_width": win["half_width"],
        "win_ci": [win["low"], win["high"]],
        "wins": sum(o["win"] for o in obs),
        "mean_place": sum(o["place"] for o in obs) / len(obs),
    }


def _is_per_seat_numbers(value: Any, players: int) -> bool:
    return (
        isinstance(value, list)
        and len(value) == players
        and all(isinstance(v, (int, float)) and not isinstance(v, bool) for v in value)
    )


def _is_per_seat_names(value: Any, players: int) -> bool:
    return (
        isinstance(value, list)
        and len(value) == players
        and all(isinstance(v, list) and all(isinstance(x, str) for x in v) for v in value)
    )


def _balance(obs: list[dict], key: str) -> list[dict]:
    names = sorted({name for o in obs for name in o["items"].get(key, ())})
    by_agent: dict[str, list[dict]] = defaultdict(list)
    for o in obs:
        by_agent[o["agent"]].append(o)
    out = []
    for name in names:
        with_ = [o for o in obs if name in o["items"].get(key, ())]
        without = [o for o in obs if name not in o["items"].get(key, ())]
        num_win = num_score = weight = 0.0
        for group in by_agent.values():
            w1 = [o for o in group if name in o["items"].get(key, ())]
            w0 = [o for o in group if name not in o["items"].get(key, ())]
            if not w1 or not w0:
                continue
            w = len(w1) * len(w0) / (len(w1) + len(w0))
            num_win += w * (_mean(o["win"] for o in w1) - _mean(o["win"] for o in w0))
            num_score += w * (_mean(o["score"] for o in w1) - _mean(o["score"] for o in w0))
            weight += w
        out.append({
            "name": name,
            "n_with": len(with_),
            "n_without": len(without),
            "win_with": _mean(o["win"] for o in with_),
            "win_without": _mean(o["win"] for o in without) if without else None,
            "score_with": _mean(o["score"] for o in with_),
            "score_without": _mean(o["score"] for o in without) if without else None,
            "win_effect": num_win / weight if weight else None,
            "score_effect": num_score / weight if weight else None,
        })
    out.sort(key=lambda r: (
        r["win_effect"] is None,
        -(r["win_effect"] or 0.0),
        -(r["score_effect"] or 0.0),
        r["name"],
    ))
    return out


def _agent_seat(obs: list[dict], agents: list[str], seats: list[int]) -> dict:
    out: dict[str, dict[int, dict]] = {}
    for a in agents:
        out[a] = {}
        for s in seats:
            group = [o for o in obs if o["agent"] == a and o["seat"] == s]
            if group:
                out[a][s] = _group_stats(group)
    return out


def _mean(values) -> float:
    values = list(values)
    return sum(values) / len(values)


def summarise(rows: list[dict]) -> dict:
    """The numbers of :func:`report` for rows already in memory."""
    if not rows:
        raise ArenaError("there are no finished games to report on")
    obs: list[dict] = []
    lengths, seconds = [], []
    numeric: set[str] = set()
    item_keys: set[str] = set()
    for row in rows:
        players = row["players"]
        wins = win_shares(row["ranking"])
        metrics = row.get("metrics") or {}
        lengths.append(row["length"])
        seconds.append(row.get("seconds", 0.0))
        numbers = [k for k in metrics if _is_per_seat_numbers(metrics[k], players)]
        names = [k for k in metrics if _is_per_seat_names(metrics[k], players)]
        numeric.update(numbers)
        item_keys.update(names)
        for seat in range(players):
            obs.append({
                "agent": row["agents"][seat],
                "seat": seat,
                "score": row["scores"][seat],
                "place": row["ranking"][seat],
                "win": wins[seat],
                "numbers": {k: metrics[k][seat] for k in numbers},
                "items": {k: set(metrics[k][seat]) for k in names},
            })
    agents = list(dict.fromkeys(a for row in rows for a in row.get("lineup") or row["agents"]))
    for o in obs:
        if o["agent"] not in agents:
            agents.append(o["agent"])
    seats = sorted({o["seat"] for o in obs})

    length = mean_ci(lengths)
    secs = mean_ci(seconds)
    summary: dict[str, Any] = {
        "games": len(rows),
        "game": sorted({row["game"] for row in rows}),
        "players": sorted({row["players"] for row in rows}),
        "configs": sorted({row.get("config", "") for row in rows}),
        "agents": {a: _group_stats([o for o in obs if o["agent"] == a]) for a in agents},
        "seats": {s: _group_stats([o for o in obs if o["seat"] == s]) for s in seats},
        "agent_seat": _agent_seat(obs, agents, seats),
        "length": {
            "mean": length["mean"], "half_width": length["half_width"], "ci": [length["low"], length["high"]]
        },
        "seconds_per_game": secs["mean"],
        "metrics": {
            key: {a: _mean(o["numbers"][key] for o in obs if o["agent"] == a and key in o["numbers"])
                  for a in agents if any(key in o["numbers"] for o in obs if o["agent"] == a)}
            for key in sorted(numeric)
        },
        "balance": {key: _balance(obs, key) for key in sorted(item_keys)},
        "plots": [],
    }
    summary["_obs"] = obs
    return summary


def report(path: str | Path, plots_dir: str | Path | None = None, console=None, show: bool = True,
           top: int = 12) -> dict:
    """Summarise a results file: print tables (``show``), write PNGs to ``plots_dir`` (if given)
    and return the numbers as a plain dict (see the module docstring for definitions)."""
    path = Path(path)
    if not path.exists():
        raise ArenaError(f"no results file {str(path)!r}")
    rows, bad = read_rows(path)
    summary = summarise(rows)
    obs = summary.pop("_obs")
    summary["file"] = str(path)
    summary["skipped_lines"] = bad
    if plots_dir is not None:
        summary["plots"] = write_plots(summary, obs, Path(plots_dir))
    if show:
        print_summary(summary, console=console, top=top)
    return summary


# --------------------------------------------------------------------------- tables
def _fmt(x: float | None, digits: int = 1) -> str:
    return "—" if x is None else f"{x:.{digits}f}"


def _pm(mean: float | None, half: float | None, digits: int = 1) -> str:
    return _fmt(mean, digits) if half is None else f"{mean:.{digits}f} ± {half:.{digits}f}"


def print_summary(summary: dict, console=None, top: int = 12) -> None:
    from rich.console import Console
    from rich.table import Table

    console = console or Console()
    games = ", ".join(summary["game"])
    players = "/".join(str(p) for p in summary["players"])
    head = f"[bold]{summary['games']} games[/] of {games}, {players} players"
    if summary.get("file"):
        head += f" — {summary['file']}"
    console.print(head)
    if len(summary["configs"]) > 1:
        console.print(f"[yellow]note: the file mixes {len(summary['configs'])} configurations[/]")
    if summary.get("skipped_lines"):
        console.print(f"[yellow]note: skipped {summary['skipped_lines']} unreadable (cut-off) line(s)[/]")

    def stats_table(title: str, first: str, groups: dict) -> Table:
        table = Table(title=title, title_justify="left")
        table.add_column(first)
        for col in ("n", "mean score ± 95% CI", "win rate ± 95% CI", "wins", "mean place"):
            table.add_column(col, justify="right")
        for name, st in groups.items():
            win = st["win_rate"]
            win_text = f"{100 * win:.1f}%" if st["win_half_width"] is None else (
                f"{100 * win:.1f}% ± {100 * st['win_half_width']:.1f}"
            )
            table.add_row(str(name), str(st["n"]), _pm(st["mean_score"], st["score_half_width"]),
                          win_text, f"{st['wins']:g}", _fmt(st["mean_place"], 2))
        return table

    console.print(stats_table("Per agent", "agent", summary["agents"]))
    console.print(stats_table("Per seat", "seat", summary["seats"]))
    if len(summary["agents"]) > 1:
        table = Table(title="Mean score by agent and seat", title_justify="left")
        table.add_column("agent")
        for s in summary["seats"]:
            table.add_column(f"seat {s}", justify="right")
        for a, by_seat in summary["agent_seat"].items():
            cells = []
            for s in summary["seats"]:
                st = by_seat.get(s)
                cells.append("—" if st is None else f"{_fmt(st['mean_score'])} ({100 * st['win_rate']:.0f}%)")
            table.add_row(a, *cells)
        console.print(table)
    length = summary["length"]
    console.print(
        f"game length: {_pm(length['mean'], length['half_width'])} actions; "
        f"{_fmt(summary['seconds_per_game'], 3)} s per game"
    )
    if summary["metrics"]:
        table = Table(title="Per-seat metrics (mean per agent)", title_justify="left")
        table.add_column("metric")
        for a in summary["agents"]:
            table.add_column(a, justify="right")
        for key, by_agent in summary["metrics"].items():
            table.add_row(key, *(_fmt(by_agent.get(a), 2) for a in summary["agents"]))
        console.print(table)
    for key, rows in summary["balance"].items():
        rated = [r for r in rows if r["win_effect"] is not None]
        if not rated:
            continue
        table = Table(title=f"Balance: {key} (effect = with − without, within agent; top and bottom {top})",
                      title_justify="left")
        for col, just in (("name", "left"), ("n with", "right"), ("win with", "right"),
                          ("win without", "right"), ("win effect", "right"), ("score effect", "right")):
            table.add_column(col, justify=just)
        shown = rated if len(rated) <= 2 * top else rated[:top] + [None] + rated[-top:]
        for r in shown:
            if r is None:
                table.add_row("…", "", "", "", "", "")
                continue
            table.add_row(
                r["name"], str(r["n_with"]), f"{100 * r['win_with']:.1f}%",
                "—" if r["win_without"] is None else f"{100 * r['win_without']:.1f}%",
                f"{100 * r['win_effect']:+.1f} pp", f"{r['score_effect']:+.1f}",
            )
        console.print(table)
    for plot in summary.get("plots", []):
        console.print(f"wrote {plot}")


# --------------------------------------------------------------------------- plots
def write_plots(summary: dict, obs: list[dict], plots_dir: Path) -> list[str]:
    """PNG files (matplotlib's Agg renderer, no pyplot, no display needed); returns their paths."""
    try:
        from matplotlib.figure import Figure
    except ImportError:
        raise ArenaError("plots need matplotlib; install it with: pip install matplotlib") from None

    plots_dir.mkdir(parents=True, exist_ok=True)
    written = []

    # Score distribution per agent.
    fig = Figure(figsize=(8, 4.5), dpi=110, layout="constrained")
    ax = fig.add_subplot()
    all_scores = [o["score"] for o in obs]
    lo, hi = min(all_scores), max(all_scores)
    width = max(1, (hi - lo) // 40 + 1)
    if isinstance(lo, int) and isinstance(hi, int):
        bins = [b - 0.5 * width for b in range(lo, hi + width + 1, width)]  # centred on whole scores
    else:
        bins = 30
    for agent, st in summary["agents"].items():
        scores = [o["score"] for o in obs if o["agent"] == agent]
        _, _, patches = ax.hist(scores, bins=bins, histtype="step", linewidth=1.6, density=True,
                                label=f"{agent} (mean {st['mean_score']:.1f}, n={st['n']})")
        ax.axvline(st["mean_score"], linestyle="--", linewidth=1, color=patches[0].get_edgecolor())
    ax.set_xlabel("final score")
    ax.set_ylabel("share of seats")
    ax.set_title(f"Score distribution per agent ({summary['games']} games)")
    ax.legend(fontsize=8)
    path = plots_dir / "scores.png"
    fig.savefig(path)
    written.append(str(path))

    # Balance view per item metric.
    for key, rows in summary["balance"].items():
        rated = [r for r in rows if r["win_effect"] is not None]
        if not rated:
            continue
        rated = list(reversed(rated))  # strongest at the top of a horizontal bar chart
        labels = [f"{r['name']} (n={r['n_with']})" for r in rated]
        fig = Figure(figsize=(11, 1.4 + 0.22 * len(rated)), dpi=110, layout="constrained")
        ax_win, ax_score = fig.subplots(1, 2, sharey=True)
        ys = range(len(rated))
        wins = [100 * r["win_effect"] for r in rated]
        scores = [r["score_effect"] for r in rated]
        ax_win.barh(ys, wins, color=["tab:green" if w >= 0 else "tab:red" for w in wins])
        ax_score.barh(ys, scores, color=["tab:green" if s >= 0 else "tab:red" for s in scores])
        ax_win.set_yticks(list(ys), labels, fontsize=7)
        for ax in (ax_win, ax_score):
            ax.axvline(0, color="black", linewidth=0.8)
            ax.grid(axis="x", alpha=0.3)
        ax_win.set_xlabel("win rate with − without (percentage points)")
        ax_score.set_xlabel("mean score with − without")
        fig.suptitle(f"Which {key} are too strong? Players who had each vs not ({summary['games']} games; "
                     "within-agent differences)", fontsize=10)
        path = plots_dir / f"{key}_balance.png"
        fig.savefig(path)
        written.append(str(path))
    return written
