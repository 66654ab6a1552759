"""simulate(): the local process pool, resuming, and refusing another configuration."""

from __future__ import annotations

import io

import pytest
from rich.console import Console

from acreage.arena import ArenaError, Config, load_rows, read_rows, run_batch, simulate

from .conftest import FAST


def _sim(out, games, **over):
    args = {**FAST, **over}
    return simulate(args["game"], args["players"], args["agents"], games, out, root_seed=11,
                    options=args["options"], workers=over.get("workers", 1), progress=False)


def _by_id(rows):
    return {row["id"]: row for row in rows}


def test_local_pool_plays_every_game_once_and_matches_a_sequential_run(tmp_path):
    out = tmp_path / "pool.jsonl"
    result = simulate("foxglove", 2, ["random", "random:seed=5"], 6, out, root_seed=11,
                      options={"move_cap": 5}, workers=2, batch_size=2, progress=False)
    assert result["backend"] == "pool" and result["played"] == 6 and result["skipped"] == 0
    assert result["games_per_second"] > 0
    rows = load_rows(out)
    assert sorted(r["id"] for r in rows) == list(range(6))
    cfg = Config.build("foxglove", 2, ["random", "random:seed=5"], {"move_cap": 5}, root_seed=11)
    expected = _by_id(run_batch(cfg.jobs(range(6))))
    for row in rows:
        assert row["scores"] == expected[row["id"]]["scores"]
        assert row["agents"] == expected[row["id"]]["agents"]
        assert row["config"] == cfg.key


def test_resume_skips_the_games_already_written(tmp_path):
    out = tmp_path / "r.jsonl"
    first = _sim(out, 3)
    assert (first["played"], first["skipped"]) == (3, 0)
    before = out.read_text()
    second = _sim(out, 6)
    assert (second["played"], second["skipped"]) == (3, 3)
    assert out.read_text().startswith(before)  # append-only
    rows = load_rows(out)
    assert sorted(r["id"] for r in rows) == list(range(6))
    third = _sim(out, 6)
    assert (third["played"], third["skipped"]) == (0, 6)
    assert len(load_rows(out)) == 6


def test_resume_refuses_another_configuration(tmp_path):
    out = tmp_path / "r.jsonl"
    _sim(out, 2)
    with pytest.raises(ArenaError, match=r"another configuration \(players: 2 in the file, 3 now"):
        _sim(out, 4, players=3)
    with pytest.raises(ArenaError, match="lineup"):
        _sim(out, 4, agents=["greedy", "random"])
    with pytest.raises(ArenaError, match="options"):
        _sim(out, 4, options={"move_cap": 6})
    with pytest.raises(ArenaError, match="root_seed"):
        simulate("foxglove", 2, FAST["agents"], 4, out, root_seed=12, options={"move_cap": 5},
                 workers=1, progress=False)
    assert len(load_rows(out)) == 2  # nothing was written


def test_a_cut_off_last_line_is_skipped_and_its_game_played_again(tmp_path):
    out = tmp_path / "r.jsonl"
    _sim(out, 3)
    lines = out.read_text().splitlines(keepends=True)
    out.write_text("".join(lines[:2]) + lines[2][:40])  # killed while writing the third row
    rows, bad = read_rows(out)
    assert len(rows) == 2 and bad == 1
    result = _sim(out, 3)
    assert result["played"] == 1
    rows, bad = read_rows(out)
    assert sorted(r["id"] for r in rows) == [0, 1, 2] and bad == 1


def test_progress_bar_shows_games_per_second(tmp_path):
    buf = io.StringIO()
    simulate("foxglove", 2, ["random"], 4, tmp_path / "r.jsonl", options={"move_cap": 5}, workers=1,
             console=Console(file=buf, width=120, force_terminal=False))
    text = buf.getvalue()
    assert "4/4" in text and "games/s" in text


def test_bad_arguments_are_refused(tmp_path):
    with pytest.raises(ArenaError, match="workers"):
        simulate("foxglove", 2, ["random"], 4, tmp_path / "r.jsonl", workers=0, progress=False)
    with pytest.raises(ArenaError, match="number of games"):
        simulate("foxglove", 2, ["random"], -1, tmp_path / "r.jsonl", progress=False)
