"""The declared flow (flow.py, frames.py): the keep choices, sunrise tiles and placements are whole
decisions and only the steps inside a visit are sub-decisions; a clone of a position edited by hand
plays on like the original (HV-SET-8, HV-SUN-2, HV-RES-6)."""

from __future__ import annotations

from acreage.games.harvest import scenario as sc

from .helpers import action_turn, keep_phase, legal, start


def test_in_subdecision_only_inside_a_visit():
    """The placement turn, sunrise and setup choices are whole decisions; inside a visit (after a
    placement) the player is in the middle of one."""
    s = action_turn()
    assert s.frames[-1].kind == "turn" and not s.in_subdecision()
    s.coins[0] = 5
    s.apply("place GS-3")
    assert s.frames[-1].kind != "turn" and s.in_subdecision()
    assert "done" in legal(s)


def test_only_visits_and_their_steps_are_sub_decisions_HV_SET_8_HV_SUN_2():
    """Keeping a character or a farmhouse, taking a sunrise tile and placing a piece are whole
    decisions; the steps of a visit are a sub-decision (solo game, a single seat)."""
    s = keep_phase(1)
    seen = []
    while s.phase != "action":
        seen.append((s.frames[-1].kind, s.in_subdecision()))
        s.apply(s.legal_actions()[0])
    assert seen == [("keepc", False), ("keeph", False), ("sunrise", False)]
    assert s.frames[-1].kind == "turn" and not s.in_subdecision()
    s.apply("place GS-inf")
    assert s.in_subdecision()


def test_a_clone_of_a_staged_position_plays_the_same_HV_RES_6():
    """A clone taken before the legal actions were listed plays exactly like the original."""
    s = start()
    sc.touch(s)
    c = s.clone()
    assert c.to_json() == s.to_json()
    assert legal(c) == legal(s)
    c.apply("place GS-inf")
    s.apply("place GS-inf")
    assert c.to_json() == s.to_json()


def test_undo_closes_wherever_a_phase_round_or_turn_ends_HV_SET_13():
    """HV-SET-13: the rules count what undo cannot take back (``undo_mark``) where it happens;
    over random games (1, 2 and 4 seats, the expansion on and off), every move that ends a phase,
    a round or a turn, or passes the decision to another seat outside a face-down choice,
    raises the undo floor to itself, and a move that does none of these and reveals nothing
    (no card, tile or die drawn, so the hidden parts are unchanged) leaves the floor alone."""
    import random

    import acreage

    closed = kept = 0
    for seed in range(6):
        players = (1, 2, 4)[seed % 3]
        state = acreage.new_game("harvest", players=players, seed=seed, fall_festival=seed < 3)
        rng = random.Random(seed)
        while not state.is_terminal:
            action = rng.choice(state.legal_actions())
            era = (state.phase, state.round, state.turn_number)
            seat, floor, mark = state.current_player, state.undo_floor, state.undo_mark
            hidden = state.observation(None)
            secret = state.is_secret_choice(action)
            state.apply(action)
            ended = (state.phase, state.round, state.turn_number) != era
            if ended or (state.current_player != seat and not secret):
                assert state.undo_floor == len(state.history), (str(action), era)
                closed += 1
            elif state.undo_mark == mark:
                assert state.undo_floor == floor, str(action)
                kept += 1
            else:  # something came into view: the public view changed with it
                assert state.observation(None) != hidden, str(action)
    assert closed >= 100 and kept >= 100, (closed, kept)
