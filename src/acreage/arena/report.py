"""Summaries of a results file: tables (rich), PNG plots (matplotlib) and a plain dict.

Definitions (also in ``docs/arena.md``):

- One *observation* is one seat of one game. Per agent and per seat, the mean score comes with a
  95 % Student-t interval over observations (:func:`acreage.arena.stats.mean_ci`).
- Win share: the seats sharing first place split one win (two tied winners get 0.5 each), so the
  win rates of a game's seats add up to 1. The win rate is the mean win share, with a 95 %
  Wilson score interval (:func:`acreage.arena.stats.wilson`), which never shrinks to nothing
  at 0 % or 100 %.
- Balance view, for a metric holding one list of names per seat (Foxglove: ``tiles``): for each
  name, the win rate and mean score of observations that have it vs those that do not. The
  *effect* is the difference (with − without) computed within each agent and averaged with
  weights ``n_with·n_without / (n_with + n_without)``, so a strong agent that builds a tile more
  often does not make the tile look strong. Its 95 % interval combines the intervals of the
  means in it (MOVER: Wilson for win shares, Student-t for scores). Names with fewer than
  :data:`MIN_SEATS` seats with or without them are flagged ``few`` and shown greyed out. It is
  an association, not a causal effect: a tile that is built late by players who are already
  ahead looks strong too.
"""

from __future__ import annotations

import math
from collections import defaultdict
from pathlib import Path
from typing import Any

from .jobs import ArenaError
from .results import read_rows
from .stats import mean_ci, t_quantile, wilson


def win_shares(ranking: list[int]) -> list[float]:
    """Fractional wins by seat: seats placed 1st split one win."""
    firsts = sum(1 for place in ranking if place == 1)
    return [1.0 / firsts if place == 1 else 0.0 for place in ranking]


def _group_stats(obs: list[dict]) -> dict:
    score = mean_ci([o["score"] for o in obs])
    wins = math.fsum(o["win"] for o in obs)
    win = wilson(wins, len(obs))
    return {
        "n": score["n"],
        "mean_score": score["mean"],
        "score_sd": score["sd"],
        "score_half_width": score["half_width"],
        "score_ci": [score["low"], score["high"]],
        "win_rate": win["rate"],
        "win_ci": [win["low"], win["high"]],
        "wins": wins,
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


#: The balance view rates a name only with at least this many seats that had it and as many
#: that did not; below it the effect is shown greyed out (and flagged ``few``).
MIN_SEATS = 30


def _side(values: list[float], pooled_sd: float | None, pooled_df: int) -> tuple[float, float]:
    """(mean, 95 % t half width) of one side of a comparison; a side of one value borrows the
    spread of both sides together (``pooled_sd`` with ``pooled_df`` degrees of freedom)."""
    st = mean_ci(values)
    if st["half_width"] is not None:
        return st["mean"], st["half_width"]
    if pooled_sd is None or pooled_df < 1:
        return st["mean"], math.inf
    return st["mean"], t_quantile(0.975, pooled_df) * pooled_sd


def _effect(groups: list[tuple[list[dict], list[dict]]]) -> dict:
    """The within-agent effect of having a name, with 95 % intervals.

    Each agent's (with, without) pair gives a difference of means, weighted by
    ``n_with·n_without / (n_with + n_without)``. Its interval is the MOVER combination (Zou and
    Donner 2008) of the intervals of the means in it — Wilson for the win shares, Student-t for
    the scores: with weights ``c`` the interval of ``Σ c·(m₁ − m₀)`` reaches
    ``√Σ c²((m₁ − l₁)² + (u₀ − m₀)²)`` below it and ``√Σ c²((u₁ − m₁)² + (m₀ − l₀)²)`` above."""
    parts = []
    for w1, w0 in groups:
        n1, n0 = len(w1), len(w0)
        weight = n1 * n0 / (n1 + n0)
        win1, win0 = (wilson(math.fsum(o["win"] for o in side), len(side)) for side in (w1, w0))
        everyone = mean_ci([o["score"] for o in w1 + w0])
        s1 = _side([o["score"] for o in w1], everyone["sd"], n1 + n0 - 1)
        s0 = _side([o["score"] for o in w0], everyone["sd"], n1 + n0 - 1)
        parts.append((weight, win1, win0, s1, s0))
    total = sum(p[0] for p in parts)
    if not total:
        return {"win_effect": None, "win_effect_ci": None, "score_effect": None, "score_effect_ci": None}
    win = sum(w * (a["rate"] - b["rate"]) for w, a, b, _, _ in parts) / total
    below = math.sqrt(sum((w / total) ** 2 * ((a["rate"] - a["low"]) ** 2 + (b["high"] - b["rate"]) ** 2)
                          for w, a, b, _, _ in parts))
    above = math.sqrt(sum((w / total) ** 2 * ((a["high"] - a["rate"]) ** 2 + (b["rate"] - b["low"]) ** 2)
                          for w, a, b, _, _ in parts))
    score = sum(w * (s1[0] - s0[0]) for w, _, _, s1, s0 in parts) / total
    half = math.sqrt(sum((w / total) ** 2 * (s1[1] ** 2 + s0[1] ** 2) for w, _, _, s1, s0 in parts))
    return {"win_effect": win, "win_effect_ci": [win - below, win + above],
            "score_effect": score, "score_effect_ci": [score - half, score + half]}


def _balance(obs: list[dict], key: str, min_seats: int = MIN_SEATS) -> list[dict]:
    names = sorted({name for o in obs for name in o["items"].get(key, ())})
    by_agent: dict[str, list[dict]] = defaultdict(list)
    for o in obs:
        by_agent[o["agent"]].append(o)
    out = []
    for name in names:
        with_ = [o for o in obs if name in o["items"].get(key, ())]
        without = [o for o in obs if name not in o["items"].get(key, ())]
        groups = []
        for group in by_agent.values():
            w1 = [o for o in group if name in o["items"].get(key, ())]
            w0 = [o for o in group if name not in o["items"].get(key, ())]
            if w1 and w0:
                groups.append((w1, w0))
        win_with = wilson(math.fsum(o["win"] for o in with_), len(with_))
        out.append({
            "name": name,
            "n_with": len(with_),
            "n_without": len(without),
            "win_with": win_with["rate"],
            "win_with_ci": [win_with["low"], win_with["high"]],
            "win_without": _mean(o["win"] for o in without) if without else None,
            "score_with": _mean(o["score"] for o in with_),
            "score_without": _mean(o["score"] for o in without) if without else None,
            **_effect(groups),
            "few": min(len(with_), len(without)) < min_seats,
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
    if half == 0:  # every value the same: a t interval of no width says nothing
        return f"{mean:.{digits}f} (all equal)"
    return _fmt(mean, digits) if half is None else f"{mean:.{digits}f} ± {half:.{digits}f}"


def _rate(rate: float | None, ci: list | None) -> str:
    """``62.5% [21.9–90.8]``: a rate with its (Wilson) interval, never a ``± 0.0``."""
    if rate is None:
        return "—"
    if not ci or ci[0] is None:
        return f"{100 * rate:.1f}%"
    return f"{100 * rate:.1f}% [{100 * ci[0]:.1f}–{100 * ci[1]:.1f}]"


def _signed(value: float | None, ci: list | None, digits: int = 1) -> str:
    """``+3.0 [−1.2, +7.1]``."""
    if value is None:
        return "—"
    if not ci or not all(math.isfinite(x) for x in ci):
        return f"{value:+.{digits}f}"
    return f"{value:+.{digits}f} [{ci[0]:+.{digits}f}, {ci[1]:+.{digits}f}]"


def print_summary(summary: dict, console=None, top: int = 12) -> None:
    """The summary tables of an arena run, for the terminal.

    One function: it is a straight run of tables in the order a reader wants them (results,
    ratings, tiles, timings), each a few lines of rich calls; split, it would only pass the
    console and the summary around."""
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
        for col in ("n", "mean score ± 95% CI", "win rate [95% CI]", "wins", "mean place"):
            table.add_column(col, justify="right")
        for name, st in groups.items():
            table.add_row(str(name), str(st["n"]), _pm(st["mean_score"], st["score_half_width"]),
                          _rate(st["win_rate"], st["win_ci"]), f"{st['wins']:g}", _fmt(st["mean_place"], 2))
        return table

    console.print(stats_table("Per agent", "agent", summary["agents"]))
    console.print(stats_table("Per seat", "seat", summary["seats"]))
    if len(summary["agents"]) > 1:
        table = Table(title="Mean score by agent and seat (win rate, n seats)", title_justify="left")
        table.add_column("agent")
        for s in summary["seats"]:
            table.add_column(f"seat {s}", justify="right")
        for a, by_seat in summary["agent_seat"].items():
            cells = []
            for s in summary["seats"]:
                st = by_seat.get(s)
                cells.append("—" if st is None else
                             f"{_fmt(st['mean_score'])} ({100 * st['win_rate']:.0f}% won, n={st['n']})")
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
        table = Table(
            title=f"Balance: {key} (effect = with − without, within agent, 95% CI; top and bottom {top})",
            caption=f"dim rows: fewer than {MIN_SEATS} seats with or without it, too few to rate",
            title_justify="left", caption_justify="left",
        )
        for col, just in (("name", "left"), ("n with", "right"), ("n without", "right"),
                          ("win rate with", "right"), ("win effect (pp)", "right"),
                          ("score effect", "right")):
            table.add_column(col, justify=just)
        shown = rated if len(rated) <= 2 * top else rated[:top] + [None] + rated[-top:]
        for r in shown:
            if r is None:
                table.add_row("…", "", "", "", "", "")
                continue
            table.add_row(
                r["name"], str(r["n_with"]), str(r["n_without"]), _rate(r["win_with"], r["win_with_ci"]),
                _signed(100 * r["win_effect"], [100 * x for x in r["win_effect_ci"]]),
                _signed(r["score_effect"], r["score_effect_ci"]),
                style="dim" if r["few"] else None,
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

    # Score distribution per agent: how many games ended with each final score.
    fig = Figure(figsize=(8, 4.5), dpi=110, layout="constrained")
    ax = fig.add_subplot()
    all_scores = [o["score"] for o in obs]
    lo, hi = min(all_scores), max(all_scores)
    width = max(1, (hi - lo) // 40 + 1)
    if isinstance(lo, int) and isinstance(hi, int):
        bins = [b - 0.5 * width for b in range(lo, hi + width + 1, width)]  # centred on whole scores
    else:
        bins = 30
    per_game = all(st["n"] == summary["games"] for st in summary["agents"].values())
    for agent, st in summary["agents"].items():
        scores = [o["score"] for o in obs if o["agent"] == agent]
        half = st["score_half_width"]
        mean = f"mean {st['mean_score']:.1f}" + ("" if half is None else f" ± {half:.1f}")
        _, _, patches = ax.hist(scores, bins=bins, histtype="step", linewidth=1.6,
                                label=f"{agent}: {mean}, n={st['n']}")
        ax.axvline(st["mean_score"], linestyle="--", linewidth=1, color=patches[0].get_edgecolor())
    ax.set_xlabel("final score" + (f" (bins of {width} points)" if width > 1 else ""))
    ax.set_ylabel("games" if per_game else "seats played (games × seats per agent)")
    ax.set_title(f"Score distribution per agent ({summary['games']} games; dashed: mean)")
    ax.legend(fontsize=8, title="agent: mean ± 95% CI, n", title_fontsize=8)
    ax.grid(axis="y", alpha=0.3)
    path = plots_dir / "scores.png"
    fig.savefig(path)
    written.append(str(path))

    # Balance view per item metric.
    for key, rows in summary["balance"].items():
        rated = [r for r in rows if r["win_effect"] is not None]
        if not rated:
            continue
        written.append(_balance_plot(summary, key, rated, plots_dir, Figure))
    return written


def _balance_plot(summary: dict, key: str, rated: list[dict], plots_dir: Path, Figure) -> str:
    """Win-rate and score effects per name with 95 % error bars; names with too few seats are
    drawn in grey (the threshold is stated in the legend)."""
    from matplotlib.patches import Patch

    rated = list(reversed(rated))  # strongest at the top of a horizontal bar chart
    labels = [f"{r['name']} (n={r['n_with']}/{r['n_without']})" for r in rated]
    fig = Figure(figsize=(11, 2.0 + 0.2 * len(rated)), dpi=110, layout="constrained")
    ax_win, ax_score = fig.subplots(1, 2, sharey=True)
    ys = list(range(len(rated)))

    def colours(values):
        return ["#bbbbbb" if r["few"] else ("tab:green" if v >= 0 else "tab:red")
                for r, v in zip(rated, values, strict=True)]

    def errors(values, cis):
        below = [v - lo if math.isfinite(lo) else 0.0 for v, (lo, _) in zip(values, cis, strict=True)]
        above = [hi - v if math.isfinite(hi) else 0.0 for v, (_, hi) in zip(values, cis, strict=True)]
        return [below, above]

    wins = [100 * r["win_effect"] for r in rated]
    win_cis = [(100 * r["win_effect_ci"][0], 100 * r["win_effect_ci"][1]) for r in rated]
    scores = [r["score_effect"] for r in rated]
    score_cis = [tuple(r["score_effect_ci"]) for r in rated]
    for ax, values, cis in ((ax_win, wins, win_cis), (ax_score, scores, score_cis)):
        ax.barh(ys, values, color=colours(values), xerr=errors(values, cis),
                error_kw={"elinewidth": 0.9, "capsize": 2, "ecolor": "#333333"})
        ax.axvline(0, color="black", linewidth=0.8)
        ax.grid(axis="x", alpha=0.3)
    ax_win.set_yticks(ys, labels, fontsize=7)
    for label, r in zip(ax_win.get_yticklabels(), rated, strict=True):
        if r["few"]:
            label.set_color("#888888")
    ax_win.set_ylabel(f"{key} (n = seats with / without it)")
    ax_win.set_xlabel("win rate with − without (percentage points)")
    ax_score.set_xlabel("mean final score with − without (points)")
    handles = [
        Patch(color="tab:green", label="more with it"),
        Patch(color="tab:red", label="less with it"),
        Patch(color="#bbbbbb", label=f"fewer than {MIN_SEATS} seats with or without it: too few to rate"),
    ]
    ax_win.set_ylim(-0.7, len(rated) - 0.3)
    fig.legend(handles=handles, fontsize=7, loc="outside lower center", ncols=3,
               title="bars: within-agent effect of having it; whiskers: 95% confidence interval",
               title_fontsize=7)
    fig.suptitle(f"Which {key} are too strong? Seats that had each vs seats that did not "
                 f"({summary['games']} games)", fontsize=10)
    path = plots_dir / f"{key}_balance.png"
    fig.savefig(path)
    return str(path)
