"""The terminal game tells its story: news lines from the event log, 'score' and 'log', the
confirmation before a multi-step decision becomes final, and the automatic save at the end and
when a player leaves."""

from __future__ import annotations

import json

import acreage
from acreage.app.players import make_players
from acreage.app.saved_games import load_game
from acreage.app.session import Session

from .helpers import Script, make_console, output_of


def _session(game="foxglove", players=2, seed=3, script=None, bots=("greedy",), **kwargs):
    options = kwargs.pop("options", {})
    state = acreage.new_game(game, players=players, seed=seed, **options)
    people = make_players(players, humans=1, bots=bots if players > 1 else None, seed=seed)
    console = make_console()
    return Session(state, people, console, script or Script(), **kwargs), console


def test_bot_turns_and_production_are_told_in_plain_words():
    """After the bots' construction turns and the next production, the log says what was
    produced and built, as the event log tells it."""
    script = Script(cycle=["pass"])
    session, console = _session(script=script, options={"start_player": 0, "move_cap": 5})
    session.run()
    out = output_of(console)
    assert "Round 2 begins" in out
    assert "Forest (0,0) produced" in out
    assert "Game over" in out or "Final scores" in out


def test_score_and_log_commands_explain_the_points():
    script = Script(["score", "log", "quit"])
    session, console = _session(script=script, options={"start_player": 1})
    session.run()
    out = output_of(console)
    assert "greedy (seat 1): " in out and " points" in out
    # the whole story: the setup events, then the bot's actions numbered with their events
    assert "Setup: greedy (seat 1) starts" in out  # every event names seats by their labels
    assert "    1. greedy (seat 1): " in out


def test_every_game_shows_its_score_breakdown_at_the_end(tmp_path):
    for game, players, options in (("foxglove", 1, {"move_cap": 3, "solo_setup": 2}),
                                   ("fields_of_green", 2, {"introductory": True}),
                                   ("harvest", 2, {})):
        session, console = _session(game, players=players, seed=5, script=Script(then="1"),
                                    bots=("random",), options=options, autosave_dir=tmp_path)
        assert session.run() == "finished", game
        out = output_of(console)
        assert "Where the points come from:" in out, game
        state = session.state
        for seat in range(players):
            assert sum(state.score_breakdown(seat).values()) == state.scores()[seat]
        assert session.saved_to is not None and session.saved_to.exists()


def test_leaving_saves_the_game_and_the_file_loads_back(tmp_path):
    script = Script(["trails", "quit"])
    session, console = _session(script=script, options={"start_player": 0}, autosave_dir=tmp_path)
    assert session.run() == "quit"
    saved = list(tmp_path.glob("foxglove-*.json"))
    assert len(saved) == 1 and session.saved_to == saved[0]
    assert f"acreage play --load {saved[0]}" in output_of(console).replace("\n", "")
    state, _ = load_game(saved[0])
    assert [str(a) for a in state.history] == ["trails"]
    assert json.loads(saved[0].read_text())["format"] == "acreage-record"


def test_end_of_input_and_ctrl_c_save_too(tmp_path):
    session, _ = _session(script=Script(["trails"]), options={"start_player": 0}, autosave_dir=tmp_path / "a")
    assert session.run() == "quit"  # the script ends: EOFError
    assert session.saved_to is not None

    def interrupt(prompt):
        if session2.state.history:
            raise KeyboardInterrupt
        return "trails"

    session2, _ = _session(script=interrupt, options={"start_player": 0}, autosave_dir=tmp_path / "b")
    assert session2.run() == "quit"
    assert session2.saved_to is not None and session2.saved_to.parent == tmp_path / "b"


def test_nothing_is_saved_before_the_first_action(tmp_path):
    session, _ = _session(script=Script(["quit"]), options={"start_player": 0}, autosave_dir=tmp_path)
    session.run()
    assert not list(tmp_path.iterdir())


def test_end_screen_offers_the_replay_of_the_saved_game(tmp_path):
    prompts = []

    def script(prompt):
        prompts.append(prompt)
        if "replay" in prompt:
            return "replay"
        if "Enter: next" in prompt:
            return "q"
        return "1"

    session, console = _session(players=1, seed=2, script=script, options={"move_cap": 3, "solo_setup": 4},
                                autosave_dir=tmp_path)
    assert session.run() == "finished"
    assert any("replay" in p for p in prompts)
    assert any("Enter: next" in p for p in prompts)  # the step-by-step replay ran
    assert "Step 0 of" in output_of(console)


def test_a_placement_can_be_taken_back_before_the_build_is_final_FF_CON_11():
    """The build is final once it is paid and the display refilled (a new tile is seen). Placing
    it pays at once (one way to pay), so the session asks first; 'undo' takes the build back
    and the bot has not moved."""
    state = acreage.new_game("foxglove", players=2, seed=6, start_player=0)
    build = next(str(a) for a in state.legal_actions() if str(a).startswith("build"))
    clone = state.clone()
    clone.apply(build)
    place = str(clone.legal_actions()[0])
    clone.apply(place)
    assert clone.current_player == 1  # the placement ended the turn: payment ran by itself
    script = Script([build, place, "undo", "quit"])
    session, console = _session(seed=6, script=script, confirm=True, options={"start_player": 0})
    session.run()
    assert any("ends your turn" in p for p in script.prompts)
    assert session.state.history == []
    assert "Took back: " + build in output_of(console)


def test_a_confirmed_placement_is_played_and_the_bot_answers():
    state = acreage.new_game("foxglove", players=2, seed=6, start_player=0)
    build = next(str(a) for a in state.legal_actions() if str(a).startswith("build"))
    clone = state.clone()
    clone.apply(build)
    place = str(clone.legal_actions()[0])
    script = Script([build, place, "", "quit"])
    session, _ = _session(seed=6, script=script, confirm=True, options={"start_player": 0})
    session.run()
    assert [str(a) for a in session.state.history[:2]] == [build, place]
    assert 1 in session.state.history_seats  # the bot played after the confirmation


def test_a_single_step_decision_is_not_asked_again():
    script = Script(["pass", "quit"])
    session, _ = _session(seed=6, script=script, confirm=True, options={"start_player": 0})
    session.run()
    assert not any("confirm" in p for p in script.prompts)
    assert str(session.state.history[0]) == "pass"


def test_help_examples_belong_to_the_game_being_played():
    """Help never points at another game's tile: each game's view gives its own examples."""
    for game, topic in (("fields_of_green", "Wheat Field"), ("harvest", "Lumberjack")):
        session, console = _session(game, seed=1, script=Script(["help", "help zzz", "quit"]))
        session.run()
        out = output_of(console)
        assert f"'help {topic}'" in out and "Sheepfold" not in out, game


def test_harvest_menu_labels_are_accepted_as_typed_and_spaces_say_actions_left():
    """The menu groups seed purchases as 'buy pumpkin' + '1 ($2)': 'buy pumpkin 1' is accepted
    like 'buy 1 pumpkin'; a visit's prompt says how many actions are left."""
    state = acreage.new_game("harvest", players=2, seed=1)
    while state.phase != "action":
        state.apply(state.legal_actions()[0])
    gs = next(a for a in state.legal_actions() if str(a).startswith("place GS-"))
    state.apply(gs)
    assert "actions left" in state.describe_decision() or "action left" in state.describe_decision()
    buy = next(a for a in state.legal_actions() if str(a).startswith("buy "))
    _, n, crop = str(buy).split()
    assert state.parse_action(f"buy {crop} {n}") == buy
