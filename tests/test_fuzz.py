"""The fuzzer: a tiny run passes, runs are reproducible, and a broken invariant is caught and
written as a record that replays."""

from __future__ import annotations

import json

import pytest
from typer.testing import CliRunner

import acreage
from acreage.app.cli import app
from acreage.arena import fuzz
from acreage.games.fields_of_green.state import FieldsState
from acreage.games.foxglove.state import FoxgloveState
from acreage.games.harvest.state import HarvestState


def test_tiny_run_over_every_configuration_passes(tmp_path):
    n = sum(len(fuzz.configs(g)) for g in ("foxglove", "fields_of_green", "harvest"))
    summary = fuzz.run_fuzz("all", n, root_seed=1, workers=1, out=tmp_path)
    assert summary.failures == 0, summary.failure_files
    assert summary.games == n and summary.steps > 10 * n
    assert len(summary.by_label) == n  # one game of each configuration
    assert not list(tmp_path.iterdir())


def test_specs_are_reproducible_and_cover_the_configurations():
    a = fuzz.make_specs("all", 60, root_seed="x")
    assert a == fuzz.make_specs("all", 60, root_seed="x")
    assert a != fuzz.make_specs("all", 60, root_seed="y")
    assert {s.game for s in a} == {"foxglove", "fields_of_green", "harvest"}
    assert {s.players for s in a if s.game == "foxglove"} == {1, 2, 3, 4}
    solo = {s.options.get("solo_setup") for s in a if s.game == "foxglove" and s.players == 1}
    assert solo >= set(range(1, 7))
    assert {(s.players, s.options["fall_festival"]) for s in a if s.game == "harvest"} == {
        (n, ff) for n in (1, 2, 3, 4) for ff in (True, False)}
    assert [s.game for s in fuzz.make_specs("harvest", 5)] == ["harvest"] * 5
    spec = a[3]
    assert fuzz.play_plain(spec) == fuzz.play_plain(spec)


def _only_failure(tmp_path, summary) -> tuple[dict, dict]:
    assert summary.failures >= 1
    files = sorted(tmp_path.iterdir())
    assert len(files) == summary.failures
    doc = json.loads(files[0].read_text())
    return doc, doc["fuzz"]


def test_a_clone_sharing_a_list_is_caught_and_written_as_a_replayable_record(tmp_path, monkeypatch):
    good_clone = HarvestState.clone

    def leaky_clone(self):
        twin = good_clone(self)
        twin.coins = self.coins  # the bug: both states share one list
        return twin

    monkeypatch.setattr(HarvestState, "clone", leaky_clone)
    summary = fuzz.run_fuzz("harvest", 3, root_seed=2, workers=1, out=tmp_path)
    assert summary.failures == 3  # every game fails, and the run still plays all of them
    doc, info = _only_failure(tmp_path, summary)
    assert info["check"] == "clone" and "coins" in info["error"]
    # The file is a record: it replays to the position where the check failed ...
    state = acreage.replay(doc)
    assert len(state.history) == info["step"]
    # ... and checking it again reproduces the failure while the bug is there, not after.
    files = sorted(tmp_path.iterdir())[0]
    again = fuzz.recheck(files)
    assert again["failure"] is not None and again["failure"]["check"] == "clone"
    monkeypatch.setattr(HarvestState, "clone", good_clone)
    assert fuzz.recheck(files)["failure"] is None


def test_a_snapshot_dropping_a_field_is_caught(tmp_path, monkeypatch):
    good = FoxgloveState._state_to_json

    def lossy(self):
        data = good(self)
        data.pop("removed", None)
        return data

    monkeypatch.setattr(FoxgloveState, "_state_to_json", lossy)
    summary = fuzz.run_fuzz("foxglove", 2, root_seed=3, workers=1, out=tmp_path)
    doc, info = _only_failure(tmp_path, summary)
    assert info["check"] == "snapshot" and "removed" in info["error"]
    assert info["step"] == 0 and doc["game"] == "foxglove"


def test_a_broken_legal_action_and_lost_components_are_caught(tmp_path, monkeypatch):
    good = FieldsState.legal_actions
    first: list = []

    def with_bogus(self):
        out = good(self)
        if not first:
            first.extend(out)
        stale = [x for x in first if x not in out]
        return out + stale[:1]  # an action of the opening, listed as legal where it is not

    monkeypatch.setattr(FieldsState, "legal_actions", with_bogus)
    summary = fuzz.run_fuzz("fields_of_green", 1, root_seed=4, workers=1, out=tmp_path / "a")
    _, info = _only_failure(tmp_path / "a", summary)
    assert info["check"] in ("legal_apply", "apply") and info["action"] in map(str, first)
    assert "IllegalAction" in info["error"]
    monkeypatch.setattr(FieldsState, "legal_actions", good)

    def loses_a_tile(state):
        return ["a sunrise tile is lost"] if state.round >= 2 else []

    monkeypatch.setitem(fuzz._HOOKS, "harvest", loses_a_tile)
    summary = fuzz.run_fuzz("harvest", 1, root_seed=5, workers=1, out=tmp_path / "b")
    doc, info = _only_failure(tmp_path / "b", summary)
    assert info["check"] == "conservation" and info["error"] == "a sunrise tile is lost"
    assert acreage.replay(doc).round == 2


def test_every_game_has_a_conservation_hook():
    for name in ("foxglove", "fields_of_green", "harvest"):
        hook = fuzz.conservation_hook(name)
        assert hook is not None
        assert hook(acreage.new_game(name, players=2, seed=1)) == []


@pytest.mark.parametrize("broken", [False, True])
def test_cli_prints_a_summary_and_exits_nonzero_on_failure(tmp_path, monkeypatch, broken):
    if broken:
        monkeypatch.setitem(fuzz._HOOKS, "harvest", lambda state: ["broken"])
    result = CliRunner().invoke(app, ["fuzz", "harvest", "--games", "2", "--workers", "1",
                                      "--out", str(tmp_path), "--summary", str(tmp_path / "s.json")])
    assert "games 2" in result.output and "games/s" in result.output
    summary = json.loads((tmp_path / "s.json").read_text())
    assert summary["games"] == 2 and summary["failures"] == (2 if broken else 0)
    assert result.exit_code == (1 if broken else 0)
    if broken:
        record = sorted(tmp_path.glob("harvest-*.json"))[0]
        again = CliRunner().invoke(app, ["fuzz", "--replay", str(record)])
        assert again.exit_code == 1 and "conservation" in again.output


def test_cli_summary_goes_into_a_new_folder_and_a_folder_is_refused_before_the_run(tmp_path):
    target = tmp_path / "new" / "deeper" / "s.json"
    result = CliRunner().invoke(app, ["fuzz", "harvest", "--games", "1", "--workers", "1",
                                      "--out", str(tmp_path / "fails"), "--summary", str(target)])
    assert result.exit_code == 0, result.output
    assert json.loads(target.read_text())["games"] == 1
    refused = CliRunner().invoke(app, ["fuzz", "harvest", "--games", "1", "--summary", str(tmp_path)])
    assert refused.exit_code == 2 and "is a folder" in refused.output and "games 1" not in refused.output
