"""tools/hint_match.py: following every hint against the hint bot playing by itself, paired."""

import importlib.util
from pathlib import Path

_TOOL = Path(__file__).resolve().parents[2] / "tools" / "hint_match.py"
_spec = importlib.util.spec_from_file_location("hint_match", _TOOL)
hint_match = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(hint_match)


def test_hints_from_an_iteration_budget_play_the_bots_own_game(capsys):
    assert hint_match.main(["harvest", "--players", "2", "--deals", "1", "--spec", "mcts:iterations=6"]) == 0
    out = capsys.readouterr().out
    assert "hints minus bot +0.0 points; the same game move for move in 1" in out

