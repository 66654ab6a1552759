"""``tools/solo_ab.py``: paired solo games of two bots, resumable from its ``--out`` file
(bench tooling; FF-SOLO-10: the solo score it compares)."""

from __future__ import annotations

import importlib.util
import json
from pathlib import Path

import pytest

_TOOLS = Path(__file__).resolve().parents[2] / "tools"
_spec = importlib.util.spec_from_file_location("solo_ab", _TOOLS / "solo_ab.py")
solo_ab = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(solo_ab)


def _run(monkeypatch, capsys, *argv) -> str:
    monkeypatch.setattr("sys.argv", ["solo_ab.py", *argv])
    solo_ab.main()
    return capsys.readouterr().out


def test_games_in_the_out_file_are_not_played_again_FF_SOLO_10(tmp_path, monkeypatch, capsys):
    out = tmp_path / "ab.jsonl"
    first = _run(monkeypatch, capsys, "random", "random:seed=9", "--setups", "5",
                 "--seeds", "1-2", "--workers", "1", "--out", str(out), "--control")
    rows = [json.loads(line) for line in out.read_text().splitlines()]
    assert sorted((r["arm"], r["seed"]) for r in rows) == [
        ("a", 1), ("a", 2), ("a'", 1), ("a'", 2), ("b", 1), ("b", 2)]
    assert all(isinstance(r["score"], int) and r["decisions"] > 10 for r in rows)
    assert "b - a : " in first and "over 2 paired games" in first

    played = []
    real_play = solo_ab.play
    monkeypatch.setattr(solo_ab, "play", lambda job: played.append(job[:4]) or real_play(job))
    again = _run(monkeypatch, capsys, "random", "random:seed=9", "--setups", "5",
                 "--seeds", "1-3", "--workers", "1", "--out", str(out), "--control")
    assert "6 of 9 games from" in again and "3 to play" in again
    assert sorted(job[0] for job in played) == ["a", "a'", "b"]  # only seed 3 was played
    assert {job[3] for job in played} == {3}
    # The printed means use the file's rows for seeds 1-2 and the new games for seed 3.
    assert "over 3 paired games" in again
    assert len(out.read_text().splitlines()) == 9


def test_a_value_model_travels_as_text_and_is_named_by_its_content(tmp_path, monkeypatch, capsys):
    shipped = Path(solo_ab.__file__).resolve().parents[1] / "src/acreage/games/foxglove/data/value_model.json"
    model = tmp_path / "model.json"
    model.write_text(shipped.read_text())
    out = tmp_path / "ab.jsonl"
    _run(monkeypatch, capsys, "greedy:learned=1", "greedy:learned=1", "--setups", "5",
         "--seeds", "1", "--workers", "1", "--out", str(out), "--value-b", str(model))
    rows = {r["arm"]: r for r in map(json.loads, out.read_text().splitlines())}
    assert rows["a"]["model"] is None and rows["b"]["model"].startswith("model.json@")
    assert rows["a"]["score"] == rows["b"]["score"]  # the same model, the same game
    model.write_text(model.read_text().replace('"provenance"', '"provenance_"', 1))
    again = _run(monkeypatch, capsys, "greedy:learned=1", "greedy:learned=1", "--setups", "5",
                 "--seeds", "1", "--workers", "1", "--out", str(out), "--value-b", str(model))
    assert "1 of 2 games" in again  # another file content is another arm b: played again


def test_a_file_of_other_rows_is_refused_by_name(tmp_path, monkeypatch, capsys):
    out = tmp_path / "other.jsonl"
    out.write_text('{"format": "acreage-result"}\n')
    with pytest.raises(SystemExit):
        _run(monkeypatch, capsys, "random", "random", "--setups", "5", "--seeds", "1",
             "--workers", "1", "--out", str(out))
    assert "other.jsonl:1 is not a solo_ab row" in capsys.readouterr().err
