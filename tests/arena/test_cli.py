"""The plain-argument CLI functions and their parsers."""

from __future__ import annotations

import io
import json

import pytest
from rich.console import Console

from acreage.arena import ArenaError, cli_report, cli_simulate, parse_agents, parse_options, read_rows


@pytest.mark.parametrize(
    ("text", "specs"),
    [
        ("greedy,random", ["greedy", "random"]),
        ("mcts:ms=200,greedy", ["mcts:ms=200", "greedy"]),
        ("mcts:ms=200,iterations=50,greedy", ["mcts:ms=200,iterations=50", "greedy"]),
        ("mcts:ms=200,iterations=50;random:seed=3", ["mcts:ms=200,iterations=50", "random:seed=3"]),
        (" greedy , random:seed=2 ,seed2=x ", ["greedy", "random:seed=2,seed2=x"]),
        (["mcts:ms=200,iterations=50", "greedy"], ["mcts:ms=200,iterations=50", "greedy"]),
        (["greedy,random", "mcts"], ["greedy", "random", "mcts"]),
    ],
)
def test_agent_lists_split_between_agents_not_inside_their_options(text, specs):
    assert parse_agents(text) == specs


def test_agent_list_errors():
    with pytest.raises(ArenaError, match="starts with an option"):
        parse_agents("ms=200,greedy")
    with pytest.raises(ArenaError, match="at least one agent"):
        parse_agents(" , ")


def test_options_parse_as_json_where_they_can():
    assert parse_options(["move_cap=5", "expert=0,2", "advanced_tiles=false", "start_player=null"]) == {
        "move_cap": 5, "expert": "0,2", "advanced_tiles": False, "start_player": None,
    }
    assert parse_options(None) == {}
    with pytest.raises(ArenaError, match="key=value"):
        parse_options(["move_cap"])


def test_cli_simulate_then_report(tmp_path):
    buf = io.StringIO()
    console = Console(file=buf, width=120)
    out = tmp_path / "results.jsonl"
    result = cli_simulate("foxglove", players=2, agents="random,random:seed=9", games=4, out=str(out),
                          seed="7", option=["move_cap=5"], workers=1, console=console)
    assert result["played"] == 4
    assert "4 games played" in buf.getvalue()
    again = cli_simulate("foxglove", players=2, agents="random,random:seed=9", games=4, out=str(out),
                         seed=7, option=["move_cap=5"], workers=1, progress=False)
    assert again["skipped"] == 4  # "7" and 7 are the same root seed
    summary = cli_report(str(out), plots=str(tmp_path / "plots"), console=console)
    assert summary["games"] == 4 and set(summary["agents"]) == {"random", "random:seed=9"}
    assert (tmp_path / "plots" / "scores.png").exists()
    assert (tmp_path / "plots" / "tiles_balance.png").exists()


def _acreage(*args):
    """Run the ``acreage`` command line in this process; (exit code, one-line message)."""
    from typer.testing import CliRunner

    from acreage.app.cli import app

    result = CliRunner(env={"COLUMNS": "400"}).invoke(app, list(args))
    text = result.output  # stdout and stderr together
    assert "Traceback" not in text, text
    return result.exit_code, " ".join(text.split())


def _sim_args(out):
    return ["simulate", "foxglove", "--agents", "random", "--games", "2", "--option", "move_cap=3",
            "--workers", "1", "--out", str(out)]


def test_simulate_refuses_an_out_path_it_cannot_write(tmp_path):
    (tmp_path / "notes.txt").write_text("hello\n")
    for out, message in [
        (tmp_path, f"acreage: {tmp_path} is a folder, not a results file"),
        (tmp_path / "notes.txt" / "r.jsonl", f"{tmp_path / 'notes.txt'} is a file, not a folder"),
        ("/proc/acreage-none/r.jsonl", "acreage: cannot write the results file /proc/acreage-none/r.jsonl"),
    ]:
        code, text = _acreage(*_sim_args(out))
        assert code == 2 and message in text, text
    assert sorted(p.name for p in tmp_path.iterdir()) == ["notes.txt"]


@pytest.mark.parametrize("content", [b"hello world\nsecond line\n", b'{"a": 1}\n', b"[1, 2]\n",
                                     b"\xff\xfe\x00bin"])
def test_simulate_leaves_a_file_that_is_not_a_results_file_as_it_is(tmp_path, content):
    out = tmp_path / "notes.txt"
    out.write_bytes(content)
    before = out.read_bytes()
    code, text = _acreage(*_sim_args(out))
    assert code == 2 and f"acreage: {out} is not an arena results file, so it was left as it is" in text
    assert out.read_bytes() == before


def test_report_names_the_line_and_field_of_a_row_of_wrong_types(tmp_path):
    out = tmp_path / "r.jsonl"
    cli_simulate("foxglove", players=2, agents="random", games=3, out=str(out), option=["move_cap=3"],
                 workers=1, progress=False)
    lines = out.read_text().splitlines()
    row = json.loads(lines[1])
    for field, value, message in [
        ("scores", ["a", 3], "field 'scores' should be a list of 2 numbers (one per seat), not ['a', 3]"),
        ("scores", [1], "field 'scores' should be a list of 2 numbers"),
        ("ranking", [1, 5], "field 'ranking' should be a list of 2 places from 1 to 2"),
        ("players", "2", "field 'players' should be a whole number ≥ 1, not '2'"),
        ("length", None, "field 'length' should be a number ≥ 0, not None"),
        ("agents", "random", "field 'agents' should be a list of 2 agent specs"),
        ("metrics", [], "field 'metrics' should be an object of metrics"),
    ]:
        out.write_text("\n".join([lines[0], json.dumps({**row, field: value}), lines[2]]) + "\n")
        code, text = _acreage("report", str(out))
        assert code == 2 and f"acreage: {out}, line 2: {message}" in text, text
    del row["scores"]
    out.write_text("\n".join([lines[0], json.dumps(row)]) + "\n")
    assert _acreage("report", str(out))[1].endswith("line 2: field 'scores' is missing")


def test_a_cut_off_row_is_still_told_apart_from_foreign_text(tmp_path):
    out = tmp_path / "r.jsonl"
    cli_simulate("foxglove", players=2, agents="random", games=2, out=str(out), option=["move_cap=3"],
                 workers=1, progress=False)
    full = out.read_text()
    for cut in ('{"fo', full[:30], '{"format": "acreage-arena", "id": 9, "cut'):
        out.write_text(full + cut)
        assert len(read_rows(out)[0]) == 2 and read_rows(out)[1] == 1
    out.write_text(full + "# a comment\n")
    with pytest.raises(ArenaError, match="line 3 is not an acreage-arena row"):
        read_rows(out)


@pytest.mark.parametrize(("agents", "message"), [
    ("mcts:iterations=-1", "agent 'mcts:iterations=-1': bot option iterations=-1 for mcts: give a whole"),
    ("mcts:ms=0,greedy", "bot option ms=0 for mcts: give a number > 0"),
    ("greedy;mcts:ms=abc", "bot option ms=abc for mcts: give a number > 0"),
    ("mcts:iteratons=50", "unknown option 'iteratons' for bot mcts (did you mean 'iterations'?)"),
])
def test_simulate_refuses_bad_bot_options_in_one_line(tmp_path, agents, message):
    out = tmp_path / "r.jsonl"
    args = _sim_args(out)
    args[args.index("--agents") + 1] = agents
    code, text = _acreage(*args)
    assert code == 2 and text.startswith("acreage: ") and message in text, text
    assert not out.exists()
