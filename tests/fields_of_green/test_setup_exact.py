"""Setup (FG-SET): the exact starting position, as the snapshot and each seat see it."""

from __future__ import annotations

import random

from .helpers import game


def test_fresh_game_counters_and_farms_FG_SET_4_FG_SET_5_FG_SET_7():
    """FG-SET-4/5/7: before the first decision no turn, pick or harvest has happened; every
    farm is a Tower with 3 Water at (0,0) and an empty Silo at (1,0); nobody knows any of the
    30 Equipment tiles' places in the stack."""
    for players in (2, 3, 4):
        s = game(players)
        snap = s.to_json()["state"]
        assert (snap["turn"], snap["picks_made"], snap["harvests_started"]) == (0, 0, 0)
        assert len(snap["equipment_stack"]) == 30
        assert all(t["known_to"] == [] for t in snap["equipment_stack"])
        for seat in snap["seats"]:
            assert seat["coins"] == 15 and seat["food"] == 1 and seat["vp_tokens"] == 0
            assert seat["farm"] == [
                {"card": "Water Tower", "cell": [0, 0], "wasteland": False, "water": 3, "equipment": []},
                {"card": "Silo", "cell": [1, 0], "wasteland": False, "equipment": []},
            ]
        assert s.observation(0)["turn"] == (0 if players > 2 else 1)


def test_determinize_reshuffles_the_whole_equipment_stack_at_the_start_FG_SET_7_FG_HID_4_FG_HID_11():
    """FG-SET-7, FG-HID-4, FG-HID-11: at the start no seat knows the order of the stack, so
    ``determinize`` for any seat may put any tile anywhere: the re-dealt stack holds the same
    tiles in another order (checked with seeded re-deals, for every seat)."""
    s = game(3, seed=2)
    for seat in range(3):
        d = s.determinize(seat, random.Random(seat))
        assert sorted(d.eq_stack) == sorted(s.eq_stack)
        assert d.eq_stack != s.eq_stack
