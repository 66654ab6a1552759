"""Report numbers on a tiny hand-made results file, and the plots."""

from __future__ import annotations

import io
import json
import math

import pytest
from rich.console import Console

from acreage.arena import ArenaError, report, win_shares

#: (agents by seat, scores, ranking, length, tiles by seat, trails by seat)
GAMES = [
    (["A", "B"], [10, 5], [1, 2], 50, [["X"], []], [1, 2]),
    (["B", "A"], [8, 8], [1, 1], 60, [["X"], ["X"]], [3, 4]),
    (["A", "B"], [6, 9], [2, 1], 70, [[], ["Y"]], [5, 6]),
    (["B", "A"], [4, 12], [2, 1], 80, [["Y"], ["X"]], [7, 8]),
]
T3 = 3.182446305284263  # Student t, 0.975 quantile, 3 degrees of freedom
T39 = 2.0226909200367595  # … 39 degrees of freedom


def _write(path, games=GAMES, extra_lines=()):
    with path.open("w") as fh:
        for i, (agents, scores, ranking, length, tiles, trails) in enumerate(games):
            row = {
                "format": "acreage-arena", "version": 1, "id": i, "config": "c0ffee", "game": "toy",
                "rules_version": "1", "players": 2, "options": {}, "root_seed": 0, "seed": i,
                "lineup": ["A", "B"], "rotation": i % 2, "agents": agents, "scores": scores,
                "ranking": ranking, "length": length, "seconds": 0.5,
                "metrics": {"tiles": tiles, "trails": trails, "note": "ignored"},
            }
            fh.write(json.dumps(row) + "\n")
        for line in extra_lines:
            fh.write(line)
    return path


def test_win_shares_split_first_place():
    assert win_shares([1, 2]) == [1.0, 0.0]
    assert win_shares([1, 1, 3]) == [0.5, 0.5, 0.0]
    assert win_shares([2, 1, 1, 1]) == [0.0, 1 / 3, 1 / 3, 1 / 3]


def test_report_numbers_on_a_hand_made_file(tmp_path):
    s = report(_write(tmp_path / "r.jsonl"), show=False)
    assert s["games"] == 4 and s["players"] == [2] and s["game"] == ["toy"]
    a, b = s["agents"]["A"], s["agents"]["B"]
    # A scored 10, 8, 6, 12: mean 9, sd √(20/3), t interval with 3 df.
    assert a["n"] == 4 and a["mean_score"] == pytest.approx(9.0)
    half = T3 * math.sqrt(20 / 3) / 2
    assert a["score_half_width"] == pytest.approx(half)
    assert a["score_ci"] == pytest.approx([9 - half, 9 + half])
    # Wins 1, ½ (shared first place), 0, 1.
    assert a["wins"] == pytest.approx(2.5) and a["win_rate"] == pytest.approx(0.625)
    assert b["mean_score"] == pytest.approx(6.5) and b["win_rate"] == pytest.approx(0.375)
    assert a["mean_place"] == pytest.approx(1.25)
    seat0, seat1 = s["seats"][0], s["seats"][1]
    assert seat0["mean_score"] == pytest.approx(7.0) and seat0["win_rate"] == pytest.approx(0.375)
    assert seat1["mean_score"] == pytest.approx(8.5) and seat1["win_rate"] == pytest.approx(0.625)
    assert s["agent_seat"]["A"][0]["mean_score"] == pytest.approx(8.0)  # games 0 and 2
    assert s["agent_seat"]["A"][1]["mean_score"] == pytest.approx(10.0)  # games 1 and 3
    # Lengths 50..80: mean 65, sd √(500/3).
    assert s["length"]["mean"] == pytest.approx(65.0)
    assert s["length"]["half_width"] == pytest.approx(T3 * math.sqrt(500 / 3) / 2)
    assert s["seconds_per_game"] == pytest.approx(0.5)
    # Per-seat numbers are averaged per agent: A had trails 1, 4, 5, 8; B 2, 3, 6, 7.
    assert s["metrics"] == {"trails": {"A": pytest.approx(4.5), "B": pytest.approx(4.5)}}


def test_balance_view_within_agent_effects(tmp_path):
    s = report(_write(tmp_path / "r.jsonl"), show=False)
    x, y = s["balance"]["tiles"]  # sorted by win effect, strongest first
    assert x["name"] == "X" and y["name"] == "Y"
    assert (x["n_with"], x["n_without"]) == (4, 4)
    assert x["win_with"] == pytest.approx(0.75) and x["win_without"] == pytest.approx(0.25)
    assert x["score_with"] == pytest.approx(9.5) and x["score_without"] == pytest.approx(6.0)
    # Within A: with X wins 5/6 vs 0 (weight ¾); within B: ½ vs ⅓ (weight ¾).
    assert x["win_effect"] == pytest.approx(0.5)
    assert x["score_effect"] == pytest.approx(3.0)
    # Only B ever had Y: its effect is B's alone.
    assert y["win_effect"] == pytest.approx(0.25) and y["score_effect"] == pytest.approx(0.0)


def test_report_prints_tables_and_writes_plots(tmp_path):
    out = io.StringIO()
    path = _write(tmp_path / "r.jsonl", extra_lines=['{"format": "acreage-arena", "id": 9, "cut'])
    s = report(path, plots_dir=tmp_path / "plots", console=Console(file=out, width=120))
    text = out.getvalue()
    assert "Per agent" in text and "Per seat" in text and "62.5%" in text and "9.0 ± 4.1" in text
    assert "Balance: tiles" in text and "skipped 1 unreadable" in text
    assert s["skipped_lines"] == 1 and s["games"] == 4
    names = sorted(p.rsplit("/", 1)[-1] for p in s["plots"])
    assert names == ["scores.png", "tiles_balance.png"]
    for p in s["plots"]:
        with open(p, "rb") as fh:
            assert fh.read(8) == b"\x89PNG\r\n\x1a\n"


def test_report_refuses_missing_or_empty_files(tmp_path):
    with pytest.raises(ArenaError, match="no results file"):
        report(tmp_path / "none.jsonl", show=False)
    (tmp_path / "empty.jsonl").write_text("")
    with pytest.raises(ArenaError, match="no finished games"):
        report(tmp_path / "empty.jsonl", show=False)


def test_wilson_interval_matches_the_formula_and_never_collapses():
    from acreage.arena.stats import wilson

    w = wilson(8, 10)
    z = 1.959963984540054
    centre = (0.8 + z * z / 20) / (1 + z * z / 10)
    half = z * math.sqrt(0.016 + z * z / 400) / (1 + z * z / 10)
    assert (w["rate"], w["low"], w["high"]) == (0.8, pytest.approx(centre - half),
                                                pytest.approx(centre + half))
    assert wilson(10, 10)["high"] == 1.0 and wilson(10, 10)["low"] == pytest.approx(0.7225, abs=1e-4)
    assert wilson(0, 10)["low"] == 0.0 and wilson(0, 10)["high"] == pytest.approx(0.2775, abs=1e-4)
    assert wilson(0, 0)["rate"] is None


def test_win_rates_carry_wilson_intervals_never_a_zero_width_one(tmp_path):
    games = [(["A", "B"], [10, 5], [1, 2], 50, [["X"], []], [1, 2])] * 3
    out = io.StringIO()
    s = report(_write(tmp_path / "r.jsonl", games=games), console=Console(file=out, width=140))
    a = s["agents"]["A"]
    assert a["win_rate"] == 1.0 and a["win_ci"][1] == 1.0 and 0.3 < a["win_ci"][0] < 0.5
    text = out.getvalue()
    assert "100.0% [43.9–100.0]" in text and "± 0.0" not in text
    assert "10.0 (all equal)" in text  # a mean without spread has no interval to show
    assert "(100% won, n=3)" in text  # n beside each figure of the agent × seat table


def test_balance_effects_carry_intervals_and_few_seats_are_flagged(tmp_path):
    s = report(_write(tmp_path / "r.jsonl"), show=False)
    for r in s["balance"]["tiles"]:
        lo, hi = r["win_effect_ci"]
        assert lo < r["win_effect"] < hi and -1 <= lo and hi <= 1
        lo, hi = r["score_effect_ci"]
        assert lo < r["score_effect"] < hi or lo == r["score_effect"] == hi
        assert r["few"]  # 4 games: far below the threshold
        assert r["win_with_ci"][0] <= r["win_with"] <= r["win_with_ci"][1]
    from acreage.arena.report import _balance

    obs = [{"agent": "A", "win": i % 2, "score": i, "items": {"t": {"X"} if i < 40 else set()}}
           for i in range(80)]
    (x,) = _balance(obs, "t")
    assert not x["few"] and (x["n_with"], x["n_without"]) == (40, 40)
    # One agent: the effect is the plain difference, and its score interval the Welch-style sum.
    assert x["score_effect"] == pytest.approx(19.5 - 59.5)
    half = math.hypot(*(T39 * math.sqrt(sum((v - m) ** 2 for v in vals) / 39) / math.sqrt(40)
                        for vals, m in ((range(40), 19.5), (range(40, 80), 59.5))))
    assert x["score_effect_ci"] == pytest.approx([-40 - half, -40 + half])


def test_plots_label_their_axes_and_grey_out_names_with_few_seats(tmp_path, monkeypatch):
    from matplotlib.figure import Figure

    figures = {}
    real_savefig = Figure.savefig

    def keep(fig, path, *args, **kwargs):
        figures[str(path).rsplit("/", 1)[-1]] = fig
        return real_savefig(fig, path, *args, **kwargs)

    monkeypatch.setattr(Figure, "savefig", keep)
    report(_write(tmp_path / "r.jsonl"), plots_dir=tmp_path / "plots", show=False)
    (ax,) = figures["scores.png"].axes
    assert (ax.get_xlabel(), ax.get_ylabel()) == ("final score", "games")
    assert [t.get_text() for t in ax.get_legend().get_texts()] == [
        "A: mean 9.0 ± 4.1, n=4", "B: mean 6.5 ± 3.8, n=4"]
    fig = figures["tiles_balance.png"]
    win_ax, score_ax = fig.axes[:2]
    assert "percentage points" in win_ax.get_xlabel() and "score" in score_ax.get_xlabel()
    assert [t.get_text() for t in win_ax.get_yticklabels()] == ["Y (n=2/6)", "X (n=4/4)"]
    assert any(c.__class__.__name__ == "ErrorbarContainer" for c in win_ax.containers)
    legend = " ".join(t.get_text() for t in fig.legends[0].get_texts())
    assert "fewer than 30 seats" in legend
    bars = [p for p in win_ax.patches if p.get_height() > 0]
    assert all(p.get_facecolor()[:3] == pytest.approx((0xbb / 255,) * 3) for p in bars)  # all grey here
