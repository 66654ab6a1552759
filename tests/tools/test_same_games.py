"""tools/same_games.py: the baseline of seeded games that proves a restructuring changes no game."""

import importlib.util
import json
from pathlib import Path

_TOOL = Path(__file__).resolve().parents[2] / "tools" / "same_games.py"
_spec = importlib.util.spec_from_file_location("same_games", _TOOL)
same_games = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(same_games)


def test_a_baseline_checks_clean_and_names_the_first_move_that_differs(tmp_path, capsys):
    baseline = tmp_path / "before.json"
    argv = ["--game", "fields_of_green", "--bot", "random", "--seeds", "1"]
    assert same_games.main(["--write", str(baseline), *argv]) == 0
    assert same_games.main(["--check", str(baseline), *argv]) == 0
    assert "are the same" in capsys.readouterr().out

    games = json.loads(baseline.read_text())
    name = "fields_of_green/2/random/7000"
    assert games[name]["moves"], "a game has moves"
    games[name]["moves"][3] = "a move never played"
    baseline.write_text(json.dumps(games))
    assert same_games.main(["--check", str(baseline), *argv]) == 1
    out = capsys.readouterr().out
    assert f"{name}: move 4: 'a move never played' before" in out


def test_scores_alone_differing_are_reported():
    game = {"moves": ["a", "b"], "scores": [3, 4]}
    assert same_games.first_difference(game, {"moves": ["a", "b"], "scores": [3, 5]}) == \
        "scores [3, 4] before, [3, 5] now"
    assert same_games.first_difference(game, {"moves": ["a"], "scores": [3, 4]}) == "2 moves before, 1 now"
