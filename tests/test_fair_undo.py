"""Undo as Board Game Arena has it, in every game (DESIGN §2 "Undo"): a seat takes back only
its own steps of the turn it is still playing; never after the turn passed to another seat,
never across the end of a phase, round or year, a reveal or randomness. The one exception is
a face-down simultaneous choice, which its seat may take back until the reveal."""

from __future__ import annotations

import random

import pytest

from acreage.core.registry import new_game
from acreage.games.foxglove.constants import CONSTRUCTION

CASES = [("foxglove", 1), ("foxglove", 2), ("foxglove", 4), ("fields_of_green", 2),
         ("fields_of_green", 3), ("harvest", 1), ("harvest", 2), ("harvest", 4)]


def _era(state) -> tuple:
    """The round (or year) and phase a state is in."""
    return getattr(state, "round", getattr(state, "year", None)), state.phase


def _replayed(game: str, players: int, seed: int, actions) -> object:
    state = new_game(game, players=players, seed=seed)
    for action in actions:
        state.apply(action)
    return state


@pytest.mark.parametrize("game,players", CASES)
def test_undo_stays_inside_the_turn_being_played(game, players):
    """In random games, whatever a seat may take back leads to the same phase and round with the
    same seat to act, and is offered only to the seat to act (or for a face-down choice)."""
    offered = 0
    for seed in range(2):
        state = new_game(game, players=players, seed=seed)
        rng = random.Random(seed)
        while not state.is_terminal and len(state.history) < 250:
            for seat in range(players):
                k = state.undoable(seat)
                if not k:
                    continue
                offered += 1
                last = state.history[-k:]
                assert all(s == seat for s in state.history_seats[-k:])
                if state.current_player != seat:
                    assert all(state._secret_choice(a) for a in last), (seat, last)
                before = _replayed(game, players, seed, state.history[:-k])
                assert _era(before) == _era(state), (seat, last)
                assert before.current_player == seat
            state.apply(rng.choice(state.legal_actions()))
    assert offered > 10  # the test saw undo offered, not only refused


def test_foxglove_no_undo_once_the_turn_passed():
    """Seat 0 passes in construction: the turn is seat 1's, seat 0 may take nothing back."""
    state = new_game("foxglove", players=2, seed=3)
    while not (state.phase == CONSTRUCTION and state.current_player == 0 and not state.frames
               and not state.passed[1]):
        state.apply(state.legal_actions()[0])
    state.apply("pass")
    assert state.current_player == 1
    assert state.undoable(0) == 0
    assert state.undoable(1) == 0


def test_foxglove_solo_no_undo_across_the_round_end():
    """Solo: after the step that ends a round's last stage, the new round cannot be undone."""
    state = new_game("foxglove", players=1, seed=5)
    start_round = state.round
    while state.round == start_round:
        state.apply(state.legal_actions()[0])
    assert state.round == start_round + 1
    assert state.undoable(0) == 0


def test_fields_of_green_face_down_pick_taken_back_before_the_reveal():
    """FG-ACT-2: a 3-player pick is face down; its seat may take it back while others choose,
    and not once every pick is revealed."""
    state = new_game("fields_of_green", players=3, seed=1)
    while not (state.legal_actions() and str(state.legal_actions()[0]).startswith("pick")):
        state.apply(state.legal_actions()[0])
    first = state.current_player
    state.apply(state.legal_actions()[0])
    assert state.current_player != first
    assert state.undoable(first) == 1
    while state.legal_actions() and str(state.legal_actions()[0]).startswith("pick"):
        state.apply(state.legal_actions()[0])
    assert state.undoable(first) == 0  # revealed


def test_harvest_no_undo_after_the_turn_ends():
    """HV: once a seat's turn ends (the next seat, or Mayor Gairy, acts), it is closed."""
    state = new_game("harvest", players=2, seed=2)
    rng = random.Random(2)
    seen = 0
    while not state.is_terminal and len(state.history) < 300:
        seat = state.current_player
        turn = state.turn_number
        state.apply(rng.choice(state.legal_actions()))
        if state.turn_number != turn:
            seen += 1
            assert state.undoable(seat) == 0
    assert seen > 5
