"""Actions and their ids (actions.py): every legal action maps to an id and back, and an action
given as a plain tuple of its numbers does what the action does (HV-ACT-1, HV-RES-6)."""

from __future__ import annotations

from .helpers import action_turn, start


def test_action_ids_round_trip_for_tuples_too_HV_RES_6():
    """Every legal action has an id that maps back to it, given as an Action or as a plain tuple."""
    s = action_turn()
    s.coins[0] = 5
    for action in s.legal_actions():
        aid = s.action_id(action)
        assert s.action_id(tuple(action)) == aid
        assert s.action_from_id(aid) == action


def test_an_action_given_as_a_plain_tuple_is_applied_HV_ACT_1():
    """An action may be given as a tuple of its three numbers; it does the same as the action."""
    s = start()
    t = start()
    a = next(x for x in s.legal_actions() if str(x) == "place GS-inf")
    s.apply(tuple(a))
    t.apply(a)
    assert s.to_json() == t.to_json() and s.frames[-1].kind == "visit"
