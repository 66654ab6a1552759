"""Foxglove Farm's notation reader, exactly: each action written in notation reads back as the
structural action it names (verb, goods, cells and shape), independent of the position.
Written for codec mutants that tests/foxglove/test_codec_exact.py left alive.
"""

from __future__ import annotations

import random

import pytest

import acreage
from acreage.core.errors import IllegalAction
from acreage.games.foxglove.actions import (
    A_DONE,
    A_PASS,
    A_PROCESS,
    A_TRAILS,
    BUILD,
    CHOOSE,
    HAUL,
    KEEP,
    MOVE,
    PAY,
    PLACE,
    TRAIL,
    UPGRADE,
    Action,
)
from acreage.games.foxglove.content import TILES
from acreage.games.foxglove.geometry import cell_of as cell
from acreage.games.foxglove.geometry import parse_shape

from .helpers import game


def test_simple_verbs_read_as_their_actions_FF_CON_1_FF_FIN_2():
    """FF-CON-1 (pass, trails), FF-TRN-1 (done) and FF-FIN-2 (process: a round-4 processing
    step) are single words."""
    state = game()
    assert state._parse_structural("pass") == A_PASS
    assert state._parse_structural("trails") == A_TRAILS
    assert state._parse_structural("done") == A_DONE
    assert state._parse_structural("process") == A_PROCESS


def test_trail_upgrade_and_move_read_their_cells_and_shape_FF_TRL_7_FF_TRL_4_FF_TRN_1():
    """FF-TRL-7 (a new trail: shape and cell), FF-TRL-4 (an upgrade to a T), FF-TRN-1 (a move:
    goods, source cell, destination cell)."""
    state = game()
    assert state._parse_structural("trail NS 0,1") == Action(TRAIL, cell(0, 1), parse_shape("NS"))
    assert state._parse_structural("upgrade NEW -2,3") == Action(UPGRADE, cell(-2, 3), parse_shape("NEW"))
    assert state._parse_structural("move coal 0,2>-1,4") == Action(MOVE, 3, cell(0, 2), cell(-1, 4))


def test_every_legal_action_reads_back_from_its_notation_FF_CON_1_FF_TRN_1():
    """Every verb (build, place, trail, upgrade, pay, haul, keep, choose, move and the simple
    ones) reads back, through the structural reader itself, as exactly the action it names: over
    every legal action of random 1-4 player games, expert seats included."""
    seen: set[int] = set()
    tables = ({"players": 1}, {"players": 2}, {"players": 3, "expert": [1]}, {"players": 4})
    for seed, kw in enumerate(tables):
        state = acreage.new_game("foxglove", seed=seed, **kw)
        rng = random.Random(seed)
        while not state.is_terminal:
            for action in state.legal_actions():
                read = state._parse_structural(str(action))
                if action.kind == BUILD:  # the A and B Charcoal Kilns share a name (never both
                    # on display, FF-DSP-6): the reader names the tile, the legal action picks it
                    assert TILES[read.a].name == TILES[action.a].name
                    assert read.kind == BUILD and state.parse_action(str(action)) == action
                else:
                    assert read == action, str(action)
                seen.add(action.kind)
            state.apply(rng.choice(state.legal_actions()))
    assert {BUILD, PLACE, PAY, KEEP, TRAIL, MOVE} <= seen  # the verbs this test is for
    # Hauls and choices need rarer tiles: their spellings are checked on their own.
    state = game()
    assert state._parse_structural("haul coal 1,0") == Action(HAUL, 3, cell(1, 0))
    assert state._parse_structural("pay stone 0,0") == Action(PAY, 1, cell(0, 0))
    assert state._parse_structural("choose sheep") == Action(CHOOSE, 4)
    assert state._parse_structural("keep wheat") == Action(KEEP, 2)


def _refusal(state, text: str) -> str:
    with pytest.raises(IllegalAction) as info:
        state._parse_structural(text)
    return str(info.value)


def test_malformed_notation_is_refused_with_what_is_wrong():
    """Each way a text can fail to be an action is a named refusal saying what is wrong: nothing
    typed, a verb without its arguments, an unknown tile, an upgrade that is not a T-junction, a
    bad cell, an unknown verb (even one shaped like a move)."""
    state = game()
    assert _refusal(state, "").startswith("empty action; type a move such as 'pass'")
    assert _refusal(state, "place").startswith("cannot read 'place'; actions look like: pass | trails")
    assert _refusal(state, "build Nonesuch") == "there is no tile called 'Nonesuch'"
    assert _refusal(state, "upgrade NS 0,1").startswith("an upgrade makes a T-junction: give three openings")
    assert "zz" in _refusal(state, "place zz")
    assert _refusal(state, "eat wheat").startswith("cannot read 'eat wheat'")
    assert _refusal(state, "carry coal 0,2>1,1").startswith("cannot read 'carry coal 0,2>1,1'")
    assert "move wood x,y>x,y" in _refusal(state, "carry coal 0,2>1,1")


def test_trail_shapes_that_are_not_shapes_are_refused_with_the_reason_FF_TRL_7():
    """FF-TRL-7: a trail opens on two or three sides, named by the letters N, E, S, W."""
    with pytest.raises(ValueError, match="is not a trail shape \\(use letters N, E, S, W"):
        parse_shape("NX")
    with pytest.raises(ValueError, match="is not a trail shape: a trail opens on 2 or 3 sides"):
        parse_shape("N")
    assert parse_shape("WN") == parse_shape("NW")
