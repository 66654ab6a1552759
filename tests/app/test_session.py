"""The generic play loop driven directly with a scripted input function and a recording console."""

from __future__ import annotations

import json
import time

import acreage
from acreage.app.players import make_players
from acreage.app.saved_games import load_game
from acreage.app.session import BaseView, Session, match_action

from .helpers import Script, make_console, output_of


def _session(players=2, humans=1, bots=("random",), seed=3, script=None, **options):
    state = acreage.new_game("foxglove", players=players, seed=seed, **options)
    people = make_players(players, humans=humans, bots=bots if players > humans else None, seed=seed)
    console = make_console()
    return Session(state, people, console, script or Script()), console


def test_whole_game_human_vs_bot_with_numbers_only():
    started = time.perf_counter()
    script = Script(cycle=["2", "1", "1"])  # a number that is not on the list is asked again
    session, console = _session(seed=11, script=script, move_cap=5)
    assert session.run() == "finished"
    assert session.state.is_terminal
    out = output_of(console)
    assert "Final scores" in out
    assert len(script.prompts) > 10
    human = [str(a) for a, seat in zip(session.state.history, session.actors, strict=True) if seat == 0]
    assert "trails" in human and any(a.startswith("trail ") for a in human)
    assert time.perf_counter() - started < 15


def test_solo_game_reports_the_threshold():
    session, console = _session(players=1, seed=2, script=Script(then="1"), move_cap=3, solo_setup=4)
    assert session.run() == "finished"
    out = output_of(console)
    assert "Solo setup 4 (Taste of Home)" in out
    assert "threshold" in out


def test_illegal_typed_action_reprompts_and_leaves_the_state_alone():
    script = Script(["place 5,5", "frobnicate", "999", "build Nonesuch", "quit"])
    session, console = _session(script=script, start_player=0)
    before = session.state.to_json()
    assert session.run() == "quit"
    out = output_of(console)
    assert "Not possible: 'place 5,5' is not legal now" in out
    assert "cannot read 'frobnicate'" in out
    assert "There is no action 999" in out
    assert "there is no tile called 'nonesuch'" in out
    assert len(script.prompts) == 5  # asked again after every bad line
    assert session.state.to_json() == before


def test_typed_notation_is_case_insensitive_and_prefixes_complete():
    script = Script(["TRAILS", "quit"])
    session, _ = _session(script=script, start_player=0)
    session.run()
    assert [str(a) for a in session.state.history] == ["trails"]

    script = Script(["tra", "quit"])  # unique prefix of "trails"
    session, console = _session(script=script, start_player=0)
    session.run()
    assert [str(a) for a in session.state.history] == ["trails"]
    assert "→ trails" in output_of(console)


def test_ambiguous_prefix_lists_the_matches():
    script = Script(["build", "quit"])
    session, console = _session(script=script, start_player=0)
    builds = [str(a) for a in session.state.legal_actions() if str(a).startswith("build")]
    session.run()
    out = output_of(console)
    assert f"'build' fits {len(builds)} actions" in out
    for text in builds:
        assert text in out
    assert session.state.history == []


def test_match_action_exact_prefix_wordwise_and_suffix():
    actions = ["pass", "trails", "build Sheepfold", "build Sawmill", "place 0,1", "place 0,-1",
               "trail NS 1,1", "trail NSW 1,1"]
    assert match_action("PASS", actions) == ("pass", [])
    assert match_action("b shee", actions) == ("build Sheepfold", [])
    assert match_action("build s", actions) == (None, ["build Sheepfold", "build Sawmill"])
    assert match_action("0,1", actions) == ("place 0,1", [])
    assert match_action("trail ns 1,1", actions) == ("trail NS 1,1", [])
    assert match_action("xyz", actions) == (None, [])


def test_help_commands_and_tile_help():
    script = Script(["help", "help Sheepfold", "help charcoal kiln", "help zzz", "quit"])
    session, console = _session(script=script)
    session.run()
    out = output_of(console)
    assert "help <name>" in out and "explain a tile, e.g. 'help Sheepfold'" in out
    assert "save FILE" in out and "undo" in out and "score" in out
    assert "Sheepfold" in out
    assert "Cost: 1 wood and 1 stone" in out
    assert "When built: receive 2 sheep" in out
    assert "tier A" in out and "tier B" in out  # both Charcoal Kilns
    assert "No help on 'zzz': give the name of a tile, e.g. 'help Sheepfold'" in out


def test_list_and_hint():
    script = Script(["hint", "trails", "list", "quit"])
    session, console = _session(script=script, start_player=0)
    session.MENU_LINES = 3  # fold the trail choices however wide the screen is
    session.run()
    out = output_of(console)
    assert "'list' to see them all" in out  # the trail choices were folded
    legal = [str(a) for a in session.state.legal_actions()]
    assert "trail at 0,1" in out and "NS │" in out
    assert len(legal) > 20
    assert "The hint bot would play: " in out


def test_hint_asks_the_beam_bot_alone_and_the_strongest_level_with_opponents():
    """In solo Foxglove the beam bot (measured stronger there) answers ``hint``; with
    opponents, or in a game without a horizon for it, the game's strongest level does."""
    from acreage.app.players import hint_bot

    assert hint_bot(acreage.new_game("foxglove", players=1, seed=1, solo_setup=2)).startswith("beam:")
    assert hint_bot(acreage.new_game("foxglove", players=2, seed=1)) == "hard"
    assert hint_bot(acreage.new_game("harvest", players=1, seed=1)) == "hard"


def test_undo_takes_back_own_actions_and_refuses_after_another_seat_moved():
    script = Script(["trails", "undo", "undo", "pass", "undo", "quit"])
    session, console = _session(script=script, start_player=0, seed=4)
    fresh = acreage.new_game("foxglove", players=2, seed=4, start_player=0)
    session.run()
    out = output_of(console)
    assert "Took back: trails" in out
    assert "Nothing to undo" in out
    assert "Cannot undo: random (seat 1) has played since your last action" in out
    assert str(session.state.history[0]) == "pass"
    assert session.state.history[1:] and session.actors[1] == 1
    assert fresh.record()["seed"] == session.state.record()["seed"]


def test_undo_all_takes_back_a_whole_multi_step_turn():
    lines = ["trails", "1", "undo all", "quit"]
    session, console = _session(script=Script(lines), start_player=0, seed=4)
    session.run()
    out = output_of(console)
    assert "Took back:" in out
    assert session.state.history == []
    fresh = acreage.new_game("foxglove", players=2, seed=4, start_player=0)
    assert session.state.to_json() == fresh.to_json()


def test_undo_is_refused_once_a_new_tile_was_drawn():
    holder = {}

    def script(prompt):
        state = holder["session"].state
        if not state.history:
            return "3"  # the first build on the display
        if state.in_subdecision():
            return "1"
        if "asked" not in holder:
            holder["asked"] = True
            return "undo"
        return "quit"

    state = acreage.new_game("foxglove", players=1, seed=6)
    console = make_console()
    session = Session(state, make_players(1), console, script)
    holder["session"] = session
    assert str(state.legal_actions()[2]).startswith("build")
    session.run()
    out = output_of(console)
    assert "Cannot undo: a new tile has been drawn" in out
    assert str(session.state.history[0]).startswith("build")


def test_save_and_load_commands_round_trip(tmp_path):
    path = tmp_path / "g.json"
    session, _ = _session(script=Script(["trails", "1", f"save {path}", "quit"]), start_player=0, seed=9)
    session.run()
    record = json.loads(path.read_text())
    assert record == session.state.record()

    other, console = _session(script=Script([f"load {path}", "undo", "quit"]), seed=1)
    other.run()
    out = output_of(console)
    assert "Loaded" in out
    # The loaded game knows who played what, so the human may undo their own last action.
    assert "Took back" in out
    assert len(other.state.history) == len(record["actions"]) - 1

    state, actors = load_game(path)
    assert state.record() == record and actors == [0] * len(record["actions"])


def test_load_reports_a_bad_file_and_keeps_playing(tmp_path):
    bad = tmp_path / "bad.json"
    bad.write_text("not json")
    session, console = _session(script=Script([f"load {bad}", "quit"]))
    session.run()
    assert "Could not load" in output_of(console)
    assert session.state.history == [] or session.state.current_player == 0


def test_hot_seat_announces_each_player():
    script = Script(then="1")
    session, console = _session(players=2, humans=2, seed=5, script=script, move_cap=2)
    assert session.run() == "finished"
    out = output_of(console)
    assert "Player 1 (seat 0), your turn" in out
    assert "Player 2 (seat 1), your turn" in out
    prompts = set(script.prompts)
    assert prompts == {"Player 1 (seat 0) › ", "Player 2 (seat 1) › "}


def test_end_of_input_leaves_the_game_cleanly():
    session, console = _session(script=Script([]))
    assert session.run() == "quit"
    assert "Input closed" in output_of(console)


def test_plain_view_fallback_dumps_the_observation():
    state = acreage.new_game("foxglove", players=2, seed=1)
    console = make_console()
    session = Session(state, make_players(2), console, Script(["quit"]), view=BaseView())
    session.run()
    out = output_of(console)
    assert "'stack_sizes'" in out and "'towns'" in out


def test_full_screen_mode_keeps_the_log_and_notices_after_a_redraw():
    state = acreage.new_game("foxglove", players=2, seed=4, start_player=0)
    console = make_console()
    session = Session(state, make_players(2, bots=["random"]), console, Script(["trails", "undo", "quit"]),
                      clear_screen=True)
    session.run()
    out = output_of(console)
    # The notice is printed after the board that follows the undo, not before it.
    assert out.rindex("Took back: trails") > out.rindex("Foxglove Farm  ·  game ")


def test_plan_command_shows_and_plays_the_transport_plan():
    """The 'plan' command shows the game's macro action (Foxglove: the exact transport plan,
    FF-TRN-1) and 'plan apply' plays all of it in one step."""
    from acreage.games.foxglove import scenario as sc

    state = acreage.new_game("foxglove", players=1, seed=2)
    sc.clear_town(state, 0)
    sc.set_cubes(state, 0, (0, 0), wood=3)
    sc.add_trail(state, 0, (0, 1), "NS")
    sc.add_building(state, 0, "Charcoal Kiln", (0, 2), tier="A")
    sc.goto_transport(state, 0, round=1)
    people = make_players(1, humans=1, seed=1)
    console = make_console()
    script = Script(["pass", "plan", "plan apply", "quit"])
    session = Session(state, people, console, script)
    session.state = state
    session._plan(0, apply=False)
    out = output_of(console)
    assert "Best plan" in out and "move wood 0,0>0,2" in out
    assert session._plan(0, apply=True) == "played"
    assert session.state.round == 2  # the stage ended and processing ran: 3 wood became 3 coal
    assert sc.cubes_at(session.state, 0, (0, 2)) == {"coal": 3}
