"""Snapshots (snapshot.py): positions before the Action phase, during the keep choices and at the
first Sunrise of an assigned game, save and load back unchanged (HV-RES-6, HV-SET-9)."""

from __future__ import annotations

from acreage.games.harvest import scenario as sc

from .helpers import keep_phase, round_trip


def test_snapshots_load_back_before_the_action_phase_HV_RES_6_HV_SET_9():
    """A position during the keep choices, and one at the first Sunrise of an assigned game
    (HV-SET-9), save and load back unchanged."""
    round_trip(keep_phase(3))
    s = keep_phase(2)
    s.apply(s.legal_actions()[0])
    round_trip(s)
    round_trip(sc.fresh(3))
