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
