"""One game from a job: the row's fields, replaying a row, and the metrics hooks."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

import acreage
from acreage.arena import (
    ArenaError,
    Config,
    GameFailed,
    job_from_row,
    metrics,
    record_of_row,
    replay_row,
    run_batch,
    run_game,
)

from .conftest import FAST


def _config(**over):
    args = {**FAST, **over}
    return Config.build(args["game"], args["players"], args["agents"], args["options"], root_seed=3)


def test_a_row_holds_everything_the_issue_asks_for():
    job = _config().job(1)
    row = run_game(job)
    assert json.loads(json.dumps(row)) == row  # plain JSON
    for key in ("id", "seed", "game", "players", "options", "agents", "scores", "ranking", "length",
                "seconds", "metrics", "root_seed", "lineup", "rotation", "config"):
        assert key in row
    assert row["id"] == 1 and row["seed"] == job.seed and row["game"] == "foxglove"
    assert row["agents"] == ["random:seed=5", "random"]  # game 1 is rotated by one seat
    assert len(row["scores"]) == len(row["ranking"]) == 2
    assert row["length"] > 0 and row["seconds"] >= 0
    assert "actions" not in row


def test_a_row_replays_to_the_same_scores_by_rerunning_its_job():
    cfg = _config()
    rows = run_batch(cfg.jobs(range(4)))
    for row in rows:
        again = replay_row(row)
        assert again["scores"] == row["scores"] and again["ranking"] == row["ranking"]
        assert again["length"] == row["length"] and again["metrics"] == row["metrics"]
        assert job_from_row(row) == cfg.job(row["id"])


def test_a_recorded_row_replays_with_acreage_replay():
    row = run_game(_config().job(2, record=True))
    assert len(row["actions"]) == row["length"]
    state = acreage.replay(record_of_row(row))
    assert state.is_terminal
    assert state.scores() == row["scores"] and state.ranking() == row["ranking"]
    with pytest.raises(ArenaError, match="holds no actions"):
        record_of_row(run_game(_config().job(2)))


def test_foxglove_metrics_per_seat():
    row = run_game(Config.build("foxglove", 3, ["random"], {"move_cap": 5}, root_seed=1).job(0))
    m = row["metrics"]
    assert set(m) == {"tiles", "trails", "cubes_left"}
    assert len(m["tiles"]) == len(m["trails"]) == len(m["cubes_left"]) == 3
    assert all(isinstance(name, str) for names in m["tiles"] for name in names)
    assert not {"Forest", "Mine"} & {name for names in m["tiles"] for name in names}
    state = acreage.replay(record_of_row(run_game(job_from_row(row, record=True))))
    assert m["trails"] == [state.trails_laid[s] for s in range(3)]
    assert m["cubes_left"] == [state.cubes_in_town(s) for s in range(3)]
    assert [len(t) for t in m["tiles"]] == [len(state.building_tiles[s]) - 2 for s in range(3)]


def test_foxglove_solo_metrics_hold_the_solo_result():
    row = run_game(Config.build("foxglove", 1, ["random"], {"move_cap": 5}).job(0))
    solo = row["metrics"]["solo"]
    assert solo["score"] == row["scores"][0] and solo["setup"] == 1


def test_metrics_hooks_register_by_game_name():
    original = metrics.hook_for("foxglove")
    try:
        metrics.register("foxglove", lambda state: {"history": len(state.history)})
        row = run_game(_config().job(0))
        assert row["metrics"] == {"history": row["length"]}
        metrics.unregister("foxglove")
        assert run_game(_config().job(0))["metrics"] == {}
    finally:
        metrics.register("foxglove", original)


def test_a_failing_game_names_its_id_and_seed():
    original = metrics.hook_for("foxglove")
    try:
        metrics.register("foxglove", lambda state: 1 / 0)
        job = _config().job(5)
        with pytest.raises(GameFailed, match=f"game 5 \\(seed {job.seed}"):
            run_game(job)
    finally:
        metrics.register("foxglove", original)


def test_importing_the_arena_imports_no_game_and_no_optional_library():
    code = (
        "import sys, acreage.arena\n"
        "bad = [m for m in sys.modules if m.startswith(('acreage.games', 'rich', 'matplotlib', 'ray'))]\n"
        "assert not bad, bad\n"
    )
    subprocess.run([sys.executable, "-c", code], check=True)
