"""The plain-argument CLI functions and their parsers."""

from __future__ import annotations

import io

import pytest
from rich.console import Console

from acreage.arena import ArenaError, cli_report, cli_simulate, parse_agents, parse_options


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
