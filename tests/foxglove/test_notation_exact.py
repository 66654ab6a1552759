"""Foxglove Farm's notation reader, exactly: each action written in notation reads back as the
structural action it names (verb, goods, cells and shape), independent of the position.
Written for codec mutants that tests/foxglove/test_codec_exact.py left alive.
"""

from __future__ import annotations

from acreage.games.foxglove.actions import A_DONE, A_PASS, A_PROCESS, A_TRAILS, MOVE, TRAIL, UPGRADE, Action
from acreage.games.foxglove.geometry import cell_of as cell
from acreage.games.foxglove.geometry import parse_shape

from .test_rules_phases_effects import game


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
