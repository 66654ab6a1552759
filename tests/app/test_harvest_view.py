"""The Harvest terminal view: whole games through the session, help, rules and the menu."""

from __future__ import annotations

import time

from typer.testing import CliRunner

import acreage
from acreage.app.cli import app
from acreage.app.harvest_view import HarvestView, farm_lines
from acreage.app.players import make_players
from acreage.app.session import Session
from acreage.app.views import view_for
from acreage.games.harvest.present import RULES

from .helpers import Script, make_console, output_of

LABELS2 = ["You (seat 0)", "greedy (seat 1)"]


def _screen(state, seat, labels=LABELS2) -> str:
    console = make_console()
    console.print(HarvestView().render(state, seat, labels, width=120))
    return output_of(console)


def test_the_session_finds_the_view_by_game_name():
    assert isinstance(view_for("harvest"), HarvestView)


def test_setup_screen_shows_only_the_own_dealt_cards():
    state = acreage.new_game("harvest", players=2, seed=1)
    obs = state.observation(1)
    mine = state.observation(0)["seats"][0]["dealt_characters"]
    theirs = [c for c in (obs["seats"][1]["dealt_characters"] or []) if c not in mine]
    screen = _screen(state, 0)
    assert "Your dealt characters" in screen and all(name in screen for name in mine)
    assert theirs and not [name for name in theirs if name in screen]
    for words in ("round 1 of 4", "General Store", "Fields", "Workshop", "Trading Post", "Farmer's Market",
                  "Festival", "Mayor Gairy", "Turn order"):
        assert words in screen
    assert "Your dealt" not in _screen(state, None)


def test_farm_grid_draws_buildings_over_two_by_two():
    info = {"farm": {"1,4": "forest", "2,1": "wheat seed", "2,2": "pumpkin crop", "3,1": "building",
                     "3,2": "building", "4,1": "building", "4,2": "building"},
            "buildings": [["Gazebo", "3,1"]]}
    lines = [line.plain for line in farm_lines(info)]
    assert lines[0].split() == ["1", "2", "3", "4", "5"]
    assert "forest" in lines[1] and "Wh seed" in lines[2] and "Pu ripe" in lines[2]
    assert "Gazebo" in lines[3] and "(end)" in lines[4]


def test_full_two_player_game_typing_numbers_finishes_quickly():
    state = acreage.new_game("harvest", players=2, seed=4)
    console = make_console()
    script = Script(cycle=["1"])
    session = Session(state, make_players(2, humans=1, seed=4), console, script)
    start = time.perf_counter()
    assert session.run() == "finished"
    assert time.perf_counter() - start < 20
    assert len(script.prompts) > 20
    out = output_of(console)
    assert "round 4 of 4" in out and "Mayor Gairy" in out and "Festival" in out
    final = out[out.rindex("Final scores"):]
    for head in ("Track", "Coins", "Buildings", "Pies", "Novelties"):
        assert head in final
    assert "Winner" in final or "Shared win" in final


def test_solo_game_ends_with_the_tier():
    state = acreage.new_game("harvest", players=1, seed=2, fall_festival=False)
    console = make_console()
    session = Session(state, make_players(1, seed=2), console, Script(cycle=["1"]))
    assert session.run() == "finished"
    out = output_of(console)
    assert "Solo against Mayor Gairy" in out and "Blue Ribbon" in out
    assert "Festival P3" not in out  # the expansion is off


def test_help_for_a_crop_a_festival_card_and_more():
    state = acreage.new_game("harvest", players=2, seed=1)
    console = make_console()
    script = Script(["help pumpkin", "help funnel cake", "help apple pie", "help gazebo", "help trader",
                     "help #7", "help market 4", "help pie", "help nothing-like-this", "help", "quit"])
    Session(state, make_players(2, seed=1), console, script).run()
    out = output_of(console)
    assert "Pumpkin (crop)" in out and "scores 6 points" in out
    assert "Funnel Cake (festival novelty)" in out and "wheat seed and a blueberry seed" in out
    assert "sets of different pies" in out
    assert "Gazebo (building, end)" in out and "Trader (character)" in out
    assert "Sunrise tile #7" in out and "Market tile #4" in out
    assert "Several things match 'pie'" in out and "No help on 'nothing-like-this'" in out
    assert "row,column" in out


def test_rules_summary_from_the_command_line():
    result = CliRunner(env={"COLUMNS": "120"}).invoke(app, ["rules", "harvest"])
    assert result.exit_code == 0, result.output
    for words in ("Harvest in brief", "Sunrise", "Action", "Sunset", "Mayor Gairy", "Fall Festival",
                  "Ties go to the lower sunrise tile."):
        assert words in result.output
    assert max(len(line) for line in RULES.splitlines()) <= 80


def test_menu_asks_about_the_fall_festival():
    assert HarvestView.setup_questions(2)[0][0] == "fall_festival"
