"""The ``acreage`` command, driven through typer's CliRunner with scripted input."""

from __future__ import annotations

import json

import pytest
from typer.testing import CliRunner

import acreage
from acreage.app.cli import app

runner = CliRunner(env={"COLUMNS": "120"})


def test_full_game_human_vs_bot_typing_numbers_to_the_end():
    result = runner.invoke(
        app, ["play", "foxglove", "--seed", "3", "--bots", "random", "--option", "move_cap=5"],
        input="1\n" * 400,
    )
    assert result.exit_code == 0, result.output
    out = result.output
    assert "You (seat 0)" in out and "random (seat 1)" in out
    assert "Final scores" in out
    assert "Winner" in out or "Shared win" in out
    assert "round 4 of 4" in out
    assert "Where the points come from:" in out
    assert "The game is saved in " in out


def test_menu_defaults_with_empty_input_give_foxglove_two_players_against_the_medium_level():
    # Seed 4 lets seat 0 start, so the human is asked before the bot has to think.
    result = runner.invoke(app, ["play", "--seed", "4"], input="\n\n\nquit\n")
    assert result.exit_code == 0, result.output
    out = result.output
    assert "Acreage — new game" in out
    assert "1  Foxglove Farm (1–4 players)" in out
    assert "Opponents" in out
    assert "Foxglove Farm  ·  seed 4" in out
    assert "You (seat 0)" in out and "medium (seat 1)" in out
    assert "seat 2" not in out
    assert "You left the game" in out
    # The opponents are the game's named levels, each with what to expect of it.
    assert "easy bot: " in out and "hard bot: " in out and "beam" not in out


def test_menu_for_one_player_asks_for_the_solo_setup():
    result = runner.invoke(app, ["play", "--seed", "4"], input="\n1\n3\nquit\n")
    assert result.exit_code == 0, result.output
    assert "Solo setup" in result.output
    assert "Food Festival" in result.output
    # The Food Festival display shows its named tiles (FF-SOLO-3).
    assert "Marketplace" in result.output and "Smokehouse" in result.output


def test_bad_player_count_exits_2_with_the_library_message():
    result = runner.invoke(app, ["play", "foxglove", "--players", "7"])
    assert result.exit_code == 2
    assert "Foxglove Farm takes 1–4 players, not 7" in result.output
    assert "Traceback" not in result.output


def test_bad_options_and_names_exit_2_without_traceback():
    cases = [
        (["play", "nosuchgame"], "no game called 'nosuchgame'"),
        (["play", "foxglove", "--option", "nope=1"], "foxglove has no option 'nope'"),
        (["play", "foxglove", "--option", "move_cap=0"], "move cap must be at least 1"),
        (["play", "foxglove", "--option", "solo_setup=3"], "applies only to 1-player games"),
        (["play", "foxglove", "--option", "oops"], "should look like key=value"),
        (["play", "foxglove", "--bots", "genius"], "no bot called 'genius'"),
        (["play", "foxglove", "--bots", "mcts:ms=abc"], "bot option ms=abc for mcts: give a number > 0"),
        (["play", "foxglove", "--players", "2", "--bots", "greedy,random"], "make 3 seats"),
        (["play", "foxglove", "--players", "2", "--humans", "3"], "--humans must be 0–2"),
        (["rules", "nosuchgame"], "no game called"),
    ]
    for args, message in cases:
        result = runner.invoke(app, args)
        assert result.exit_code == 2, (args, result.output)
        assert message in result.output, (args, result.output)
        assert "Traceback" not in result.output


def test_games_lists_each_game_bot_levels():
    result = runner.invoke(app, ["games"])
    assert result.exit_code == 0
    assert "Bot levels: easy, " in result.output and "hard, searches ahead" in result.output


def test_games_lists_foxglove_with_players_and_options():
    result = runner.invoke(app, ["games"])
    assert result.exit_code == 0
    out = result.output
    assert "Foxglove Farm" in out and "(foxglove)" in out
    assert "players 1–4" in out
    for option in acreage.game_info("foxglove").options:
        assert option in out
    assert "most cube moves per player" in out


def test_rules_summary():
    result = runner.invoke(app, ["rules", "foxglove"])
    assert result.exit_code == 0
    assert "Production" in result.output and "Transportation" in result.output


def test_bots_only_game_runs_to_the_end_without_input():
    result = runner.invoke(
        app, ["play", "foxglove", "--humans", "0", "--bots", "random,random:seed=9", "--seed", "5",
              "--option", "move_cap=5"],
    )
    assert result.exit_code == 0, result.output
    assert "random (seat 0)" in result.output and "random (seat 1)" in result.output
    assert "Final scores" in result.output


def test_save_then_load_round_trip_through_the_cli(tmp_path):
    path = tmp_path / "saved.json"
    result = runner.invoke(
        app, ["play", "foxglove", "--seed", "8", "--bots", "random", "--option", "start_player=0"],
        input=f"2\n1\n1\nsave {path}\nquit\n",
    )
    assert result.exit_code == 0, result.output
    assert "Saved the game record to" in result.output
    record = json.loads(path.read_text())
    assert record["format"] == "acreage-record" and record["seed"] == 8
    assert record["actions"][:1] == ["trails"]
    original = acreage.replay(record)

    again_path = tmp_path / "again.json"
    result = runner.invoke(app, ["play", "--load", str(path)], input=f"save {again_path}\nquit\n")
    assert result.exit_code == 0, result.output
    again = json.loads(again_path.read_text())
    assert again == record
    assert acreage.replay(again).to_json() == original.to_json()


def test_load_of_a_broken_file_exits_2(tmp_path):
    bad = tmp_path / "bad.json"
    bad.write_text('{"format": "acreage-record", "version": 1}')
    result = runner.invoke(app, ["play", "--load", str(bad)])
    assert result.exit_code == 2
    assert "field 'game' is missing" in result.output
    result = runner.invoke(app, ["replay", str(tmp_path / "missing.json")])
    assert result.exit_code == 2
    assert "no such file" in result.output


def test_replay_without_a_terminal_prints_each_action_and_the_final_position(tmp_path):
    state = acreage.new_game("foxglove", players=2, seed=2, move_cap=3)
    import random

    rng = random.Random(1)
    while not state.is_terminal:
        state.apply(rng.choice(state.legal_actions()))
    path = tmp_path / "done.json"
    path.write_text(json.dumps(state.record()))
    result = runner.invoke(app, ["replay", str(path)])
    assert result.exit_code == 0, result.output
    out = result.output
    for i, text in enumerate(state.record()["actions"], 1):
        assert f"{i:4d}. seat " in out and text in out
    assert "Final scores" in out
    assert "game over" in out


def test_replay_step_mode_goes_forward_back_and_quits(tmp_path):
    state = acreage.new_game("foxglove", players=2, seed=2, start_player=0)
    state.apply("pass")
    state.apply(state.legal_actions()[0])
    path = tmp_path / "short.json"
    path.write_text(json.dumps(state.record()))
    result = runner.invoke(app, ["replay", str(path), "--step"], input="\n\nb\nq\n")
    assert result.exit_code == 0, result.output
    out = result.output
    steps = [line.split("·")[0].strip() for line in out.splitlines() if line.startswith("Step ")]
    assert steps == ["Step 0 of 2", "Step 1 of 2", "Step 2 of 2", "Step 1 of 2"]
    assert "last: seat 0 played pass" in out


def test_seat_option_puts_the_human_elsewhere_and_snapshots_replay(tmp_path):
    result = runner.invoke(app, ["play", "foxglove", "--seat", "1", "--bots", "random", "--seed", "2"],
                           input="quit\n")
    assert result.exit_code == 0, result.output
    assert "random (seat 0)" in result.output and "You (seat 1) ›" in result.output

    state = acreage.new_game("foxglove", players=2, seed=3, start_player=0)
    state.apply("trails")
    snap = tmp_path / "snap.json"
    snap.write_text(json.dumps(state.to_json()))
    result = runner.invoke(app, ["replay", str(snap)])
    assert result.exit_code == 0, result.output
    assert "   1. seat 0: trails" in result.output


def test_version_and_short_help():
    result = runner.invoke(app, ["--version"])
    assert result.exit_code == 0 and result.output.strip() == f"acreage {acreage.__version__}"
    result = runner.invoke(app, ["-h"])
    assert result.exit_code == 0 and "play" in result.output and "simulate" in result.output
    result = runner.invoke(app, ["play", "-h"])
    assert result.exit_code == 0 and "--players" in result.output


def test_menu_leaves_with_exit_0_on_quit_at_any_question_and_at_end_of_input():
    # q/quit at the first, second and third question, and input that simply ends.
    for script in ("quit\n", "q\n", "1\nq\n", "1\n2\nquit\n", "", "2\n"):
        result = runner.invoke(app, ["play"], input=script)
        assert result.exit_code == 0, (script, result.output)
        assert "No game chosen." in result.output
        assert "Traceback" not in result.output
    result = runner.invoke(app, ["play"], input="7\nq\n")
    assert "Please type a number from 1 to 3, press Enter, or q to leave." in result.output


def test_the_console_script_names_the_missing_extra(monkeypatch, capsys):
    import builtins

    from acreage.app import entry

    real_import = builtins.__import__

    def no_typer(name, *args, **kwargs):
        if name == "typer" or name.startswith("typer."):
            raise ModuleNotFoundError(f"No module named {name!r}", name=name)
        return real_import(name, *args, **kwargs)

    monkeypatch.setattr(builtins, "__import__", no_typer)
    monkeypatch.delitem(__import__("sys").modules, "acreage.app.cli")
    with pytest.raises(SystemExit) as exit_info:
        entry.main()
    assert exit_info.value.code == 2
    assert "pip install 'acreage[app]'" in capsys.readouterr().err


def test_files_that_are_not_records_exit_2_without_traceback(tmp_path):
    bad_bytes = tmp_path / "bytes.json"
    bad_bytes.write_bytes(b"\xff\xfe\x00not text")
    nested = tmp_path / "nested.json"
    nested.write_text("[" * 100_000 + "]" * 100_000)
    good = acreage.new_game("foxglove", players=2, seed=3)
    float_seed = tmp_path / "float_seed.json"
    float_seed.write_text(json.dumps({**good.record(), "seed": 3.5}))
    dict_seed = tmp_path / "dict_seed.json"
    dict_seed.write_text(json.dumps({**good.record(), "seed": {"a": 1}}))
    snap = good.to_json()
    snap["state"]["options"] = None
    null_options = tmp_path / "null_options.json"
    null_options.write_text(json.dumps(snap))
    cases = [(bad_bytes, "not UTF-8"), (nested, "nested more than"), (float_seed, "seed 3.5 is a float"),
             (dict_seed, "is a dict"), (null_options, "options")]
    for path, words in cases:
        for args in (["replay", str(path)], ["play", "--load", str(path)]):
            result = runner.invoke(app, args, input="")
            assert result.exit_code == 2, (args, result.output)
            assert words in result.output and "Traceback" not in result.output, (args, result.output)


def test_play_and_simulate_share_their_flags():
    play_help = runner.invoke(app, ["play", "-h"]).output
    simulate_help = runner.invoke(app, ["simulate", "-h"]).output
    for flag in ("--bots", "-b", "--agents", "-a", "--players", "-p", "--seed", "-s", "--option", "-o"):
        assert flag in play_help and flag in simulate_help, flag


def test_bots_are_chosen_by_level_name_and_a_missing_level_is_refused(tmp_path):
    result = runner.invoke(app, ["play", "harvest", "--players", "2", "--bots", "hard", "--seed", "3",
                                 "--save-dir", str(tmp_path)], input="quit\n")
    assert result.exit_code == 0, result.output
    assert "hard (seat 1)" in result.output
    refused = runner.invoke(app, ["play", "foxglove", "--bots", "expert", "--save-dir", str(tmp_path)],
                            input="quit\n")
    assert refused.exit_code == 2
    assert "Foxglove Farm has no level 'expert'; its levels are: easy, medium, hard" in refused.output
    assert "Traceback" not in refused.output


def test_trace_turns_a_finished_record_into_an_openspiel_trajectory_and_back(tmp_path):
    import random

    from acreage import core

    state = core.new_game("foxglove", players=2, seed=3)
    chooser = random.Random(1)
    while not state.is_terminal:
        state.apply(chooser.choice(state.legal_actions()))
    record = tmp_path / "game.json"
    record.write_text(json.dumps(state.record()))
    trace = tmp_path / "trace.json"
    result = runner.invoke(app, ["trace", str(record), "--out", str(trace), "--names", "Ada,Grace"])
    assert result.exit_code == 0, result.output
    doc = json.loads(trace.read_text())
    assert doc["header"]["terminal"] is True and len(doc["transitions"]) == len(state.history)
    back = runner.invoke(app, ["trace", str(trace)])
    assert back.exit_code == 0 and json.loads(back.output)["actions"] == [str(a) for a in state.history]
    bad = tmp_path / "bad.json"
    bad.write_text('{"header": {"game_string": "chess()"}, "transitions": []}')
    refused = runner.invoke(app, ["trace", str(bad)])
    assert refused.exit_code == 2 and "error" in refused.output
