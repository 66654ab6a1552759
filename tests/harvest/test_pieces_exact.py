"""Pieces at the start of each Action phase, exactly (HV-ACT-8, HV-FNM-1, HV-GAI-1)."""

from __future__ import annotations

import pytest

from acreage.games.harvest import scenario as sc
from acreage.games.harvest.queries import pieces_left


def action_start(players: int, ff: bool, assign: str):
    s = sc.fresh(players, seed=6, assign=assign, fall_festival=ff)
    while s.phase != "action":
        s.apply(s.legal_actions()[0])
    return s


@pytest.mark.parametrize("ff", [True, False])
def test_pieces_per_player_HV_ACT_8_HV_FNM_1(ff):
    """HV-ACT-8: 3 wheelbarrows, plus the basket with the expansion; HV-FNM-1: Finn & Maisie have
    2 pieces instead of the 3 wheelbarrows (the expansion is needed for them)."""
    s = action_start(3, ff, "Trader:Bakehouse;Architect:Well House;Lumberjack:Seed Loft")
    assert [pieces_left(s, x) for x in range(3)] == [3 + ff] * 3
    if ff:
        s = action_start(3, True, "Finn & Maisie:Bakehouse;Architect:Well House;Lumberjack:Seed Loft")
        assert [pieces_left(s, x) for x in range(3)] == [2 + 1, 4, 4]


@pytest.mark.parametrize("players,ff,wheelbarrows,baskets", [
    (1, True, 6, 2), (1, False, 6, 0), (2, True, 3, 1), (2, False, 3, 0),
])
def test_gairy_pieces_HV_GAI_1(players, ff, wheelbarrows, baskets):
    """HV-GAI-1: 3 wheelbarrows with 2 players, 6 solo; 1 basket (2 players) or 2 (solo), only
    with the expansion."""
    assign = ";".join(["Trader:Bakehouse", "Architect:Well House"][:players])
    s = action_start(players, ff, assign)
    assert (s.g_wb, s.g_bk) == (wheelbarrows, baskets)
