"""Match traces (OpenSpiel trajectories): round trips, the documented fields, refused traces
with the field named, and, where pyspiel is installed, OpenSpiel replaying our traces and us
reading OpenSpiel's."""

from __future__ import annotations

import json
import random
import subprocess
import sys
from functools import cache

import pytest

import acreage
from acreage.core import AcreageError, RecordError
from acreage.interop import match_trace as mt
from acreage.interop.match_trace import MatchTraceError, from_match_trace, to_match_trace

#: The three games, kept short (Foxglove's transport capped at 5 moves).
CASES = {"foxglove": {"move_cap": 5}, "fields_of_green": {}, "harvest": {}}
HEADER = {"game_string", "terminal", "returns", "meta_data"}
META = {"format", "version", "game", "rules_version", "seed", "player_names", "actions", "scores"}


def _play(state, seed: int, steps: int | None = None):
    """Random legal moves (all of them, or ``steps``) from a seeded generator."""
    rng = random.Random(seed)
    while not state.is_terminal and steps != 0:
        state.apply(rng.choice(state.legal_actions()))
        steps = None if steps is None else steps - 1
    return state


@cache
def _record(game: str) -> dict:
    return _play(acreage.new_game(game, players=2, seed=41, **CASES[game]), 7).record()


def _trace(game: str = "foxglove", **kwargs) -> dict:
    return to_match_trace(_record(game), ["ann", "bo"], **kwargs)


def _meta(trace: dict) -> dict:
    return json.loads(trace["header"]["meta_data"])


@pytest.mark.parametrize("game", CASES)
def test_round_trip_gives_the_same_game(game, tmp_path):
    record = _record(game)
    original = acreage.replay(record)
    text = json.dumps(_trace(game))
    back = from_match_trace(text)
    assert back.to_json() == original.to_json()
    assert back.scores() == original.scores()
    assert back.record()["actions"] == record["actions"]
    assert back.record()["seats"] == record["seats"]
    mt.write(record, tmp_path / "t.json", ["ann", "bo"])
    assert mt.read(tmp_path / "t.json").to_json() == original.to_json()
    assert mt.player_names(json.loads(text)) == ["ann", "bo"]


def test_the_documented_fields():
    record = _record("foxglove")
    trace = json.loads(json.dumps(_trace()))  # valid JSON, nothing but JSON types
    assert set(trace) == {"header", "transitions"}
    header = trace["header"]
    assert set(header) == HEADER
    assert header["game_string"].startswith(
        "acreage_foxglove(advanced_tiles=True,expert=,move_cap=5,players=2,")
    assert header["terminal"] is True
    assert sorted(header["returns"]) == [-1.0, 1.0]
    meta = _meta(trace)
    assert set(meta) == META
    assert (meta["format"], meta["version"], meta["game"]) == ("acreage-match-trace", 1, "foxglove")
    assert meta["seed"] == 41 and meta["player_names"] == ["ann", "bo"]
    assert meta["actions"] == record["actions"]
    assert meta["scores"] == acreage.replay(record).scores()
    assert [t["player"] for t in trace["transitions"]] == record["seats"]
    assert all(set(t) == {"player", "action"} and type(t["action"]) is int for t in trace["transitions"])


def test_seat_options_are_written_so_they_read_back():
    state = acreage.new_game("foxglove", players=3, seed=2, start_player=1, expert={0, 2}, move_cap=5)
    _play(state, 1)
    trace = to_match_trace(state)
    assert "expert=0 2," in trace["header"]["game_string"]
    assert "start_player= 1)" in trace["header"]["game_string"]  # " 1": OpenSpiel would read 1 as an int
    assert from_match_trace(trace).to_json() == state.to_json()
    state = _play(acreage.new_game("fields_of_green", players=2, seed=2, first_player=0), 1)
    assert from_match_trace(to_match_trace(state)).to_json() == state.to_json()


def test_an_option_a_game_string_cannot_hold_is_refused():
    state = acreage.new_game("harvest", players=2, seed=1, assign=[[3, 1], [0, 2]])
    with pytest.raises(MatchTraceError, match="option assign=.* cannot be written"):
        to_match_trace(state, allow_unfinished=True)


def test_a_running_game_is_exported_only_when_asked():
    state = _play(acreage.new_game("harvest", players=2, seed=3), 5, steps=10)
    with pytest.raises(MatchTraceError, match="not over"):
        to_match_trace(state)
    trace = to_match_trace(state, allow_unfinished=True)
    assert trace["header"]["terminal"] is False and trace["header"]["returns"] == [0.0, 0.0]
    assert from_match_trace(trace).to_json() == state.to_json()


def test_the_adapter_seed_is_checked_and_gives_the_deal():
    with pytest.raises(MatchTraceError, match="spiel_seed=3 deals game seed"):
        _trace(spiel_seed=3)
    state = _play(acreage.new_game("fields_of_green", players=2, seed=mt.deal_seed_of(3)), 4)
    trace = to_match_trace(state, spiel_seed=3)
    assert ",seed=3)" in trace["header"]["game_string"]
    meta = _meta(trace)
    del meta["seed"]  # the deal then comes from seed=3, as in OpenSpiel
    trace["header"]["meta_data"] = json.dumps(meta)
    assert from_match_trace(trace).to_json() == state.to_json()


def _broken(change) -> dict:
    trace = _trace()
    change(trace)
    return trace


def _set_meta(**fields):
    def change(trace):
        meta = _meta(trace)
        meta.update(fields)
        trace["header"]["meta_data"] = json.dumps(meta)
    return change


def _illegal_id(trace):
    state = acreage.replay(_record("foxglove"), upto=3)
    legal = set(state.legal_action_ids())
    trace["transitions"][3]["action"] = next(i for i in range(state.num_distinct_actions) if i not in legal)


def _step(index: int, **fields):
    return lambda t: t["transitions"][index].update(**fields)


def _header(**fields):
    return lambda t: t["header"].update(**fields)


def _other_player(t):
    t["transitions"][0]["player"] = 1 - t["transitions"][0]["player"]


BROKEN = {
    "not a game of ours": (_header(game_string="tic_tac_toe"), "names 'tic_tac_toe', not an acreage game"),
    "unknown parameter": (_header(game_string="acreage_foxglove(colour=red)"), "no parameter 'colour'"),
    "parameter type": (_header(game_string="acreage_foxglove(players=two)"), "players='two' should be int"),
    "illegal action id": (_illegal_id, r"transitions\[3\]: action \d+ is not legal"),
    "action id out of range": (_step(0, action=10**9), r"transitions\[0\]: action 1000000000 is not legal"),
    "wrong player": (_other_player, r"transitions\[0\]: player \d acts, but seat \d is to act"),
    "action as text": (_step(2, action="5"), r"transitions\[2\]\.action should be int"),
    "player as bool": (_step(2, player=True), r"transitions\[2\]\.player should be int"),
    "header not an object": (lambda t: t.update(header=["x"]), "trace.header should be dict"),
    "transitions not a list": (lambda t: t.update(transitions={}), "trace.transitions should be list"),
    "meta_data not text": (_header(meta_data={"seed": 1}), "header.meta_data should be str"),
    "terminal as text": (_header(terminal="yes"), "header.terminal should be bool"),
    "cut short": (lambda t: t.update(transitions=t["transitions"][:-1]), "meta_data.actions should be"),
    "wrong returns": (_header(returns=[0.5, 0.5]), "header.returns is"),
    "wrong notation": (_set_meta(actions=["pass"] * len(_record("foxglove")["actions"])),
                       r"meta_data.actions\[0\] says 'pass'"),
    "wrong scores": (_set_meta(scores=[999, 0]), "meta_data.scores is"),
    "bad seed": (_set_meta(seed=1.5), "meta_data.seed"),
    "newer version": (_set_meta(version=99), "version 99 is newer"),
}


@pytest.mark.parametrize("case", BROKEN)
def test_a_malformed_trace_is_refused_naming_the_field(case):
    change, message = BROKEN[case]
    with pytest.raises(MatchTraceError, match=message) as caught:
        from_match_trace(_broken(change))
    assert isinstance(caught.value, AcreageError) and isinstance(caught.value, RecordError)


def test_bad_json_text_and_files_are_refused(tmp_path):
    with pytest.raises(MatchTraceError, match="not valid JSON"):
        from_match_trace('{"header": ')
    with pytest.raises(MatchTraceError, match="no such file"):
        mt.read(tmp_path / "missing.json")
    trace = _trace()
    trace["header"]["terminal"] = False
    with pytest.raises(MatchTraceError, match="header.terminal is False but .* the game is over"):
        from_match_trace(trace)


def test_command_line_exports_and_reads_back(tmp_path, capsys):
    source = tmp_path / "game.json"
    source.write_text(json.dumps(_record("harvest")))
    assert mt.main([str(source), "-o", str(tmp_path / "trace.json"), "--names", "ann,bo"]) == 0
    assert mt.main([str(tmp_path / "trace.json")]) == 0
    assert json.loads(capsys.readouterr().out)["actions"] == _record("harvest")["actions"]
    assert mt.main([str(tmp_path / "nothing.json")]) == 2
    assert "no such file" in capsys.readouterr().err


def test_the_module_needs_no_rl_library():
    code = (
        "import sys, json, acreage\n"
        "from acreage.interop.match_trace import to_match_trace, from_match_trace\n"
        "s = acreage.new_game('harvest', players=2, seed=1)\n"
        "from_match_trace(json.dumps(to_match_trace(s, allow_unfinished=True)))\n"
        "heavy = [m for m in ('numpy', 'pyspiel', 'open_spiel') if m in sys.modules]\n"
        "assert not heavy, heavy\n"
    )
    subprocess.run([sys.executable, "-c", code], check=True)


# ---------------------------------------------------------------- with OpenSpiel


def _spiel_game(game: str, seed: int):
    pyspiel = pytest.importorskip("pyspiel")
    import acreage.interop.openspiel  # noqa: F401  (registers the games)

    spiel = pyspiel.load_game(f"acreage_{game}", {"players": 2, "seed": seed, **CASES[game]})
    state = spiel.new_initial_state()
    rng = random.Random(seed)
    while not state.is_terminal():
        state.apply_action(rng.choice(state.legal_actions()))
    return pyspiel, spiel, state


@pytest.mark.parametrize("game", CASES)
def test_openspiel_replays_our_trace(game):
    pyspiel, spiel, state = _spiel_game(game, 5)
    trace = to_match_trace(state.acreage_state, spiel_seed=5)
    assert trace["header"]["game_string"] == spiel.to_string()
    assert pyspiel.load_game(trace["header"]["game_string"]).to_string() == spiel.to_string()
    trajectory = pyspiel.Trajectory(json.dumps(trace))
    final = trajectory.reconstruct_final_state()
    assert final.is_terminal()
    assert final.returns() == state.returns() == trace["header"]["returns"]
    assert final.acreage_state.to_json() == state.acreage_state.to_json()
    assert json.loads(trajectory.to_string()) == trace  # OpenSpiel keeps every field
    own = json.loads(pyspiel.Trajectory(state).to_string())
    assert own["transitions"] == trace["transitions"]
    assert {k: own["header"][k] for k in ("game_string", "terminal", "returns")} == {
        k: trace["header"][k] for k in ("game_string", "terminal", "returns")}


@pytest.mark.parametrize("game", CASES)
def test_we_read_the_trajectory_openspiel_writes(game):
    pyspiel, _spiel, state = _spiel_game(game, 9)
    back = from_match_trace(pyspiel.Trajectory(state).to_string())
    assert back.to_json() == state.acreage_state.to_json()


def test_openspiel_loads_seat_options_from_our_game_string():
    pyspiel = pytest.importorskip("pyspiel")
    import acreage.interop.openspiel  # noqa: F401  (registers the games)

    state = acreage.new_game("foxglove", players=3, seed=1, start_player=2, expert={1}, move_cap=5)
    text = mt.game_string(state)
    spiel = pyspiel.load_game(text)
    assert spiel.to_string() == text
    assert spiel.new_initial_state().acreage_state.options == state.options
