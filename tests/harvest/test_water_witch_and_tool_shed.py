"""The Water Witch's free fill and the Tool Shed's free upgrades, exactly (HV-CHR-2, HV-CHR-3,
HV-GS-1, HV-GS-2, HV-WS-1, HV-WS-3).

Water Witch: "the first bucket fill each round costs nothing": a second fill in the same round
costs the usual 1 coin, and the free fill is offered even with no coin. Tool Shed: "bucket
upgrades are free".
"""

from __future__ import annotations

from acreage.games.harvest import scenario as sc

from .helpers import action_turn, give_building, legal


def test_water_witch_first_fill_free_second_paid_HV_CHR_2_HV_GS_2():
    s = action_turn("Water Witch:Bakehouse")
    s.coins[0], s.water[0] = 0, 1
    sc.touch(s)
    s.apply("place GS-3")
    assert "fill" in legal(s)  # free, so offered with no coin
    s.apply("fill")
    assert (s.coins[0], s.water[0]) == (0, s.cap[0])
    s.water[0] = 0
    sc.touch(s)
    assert "fill" not in legal(s)  # the second fill of the round costs 1 coin, and there is none
    s.coins[0] = 3
    sc.touch(s)
    s.apply("fill")
    assert (s.coins[0], s.water[0]) == (2, s.cap[0])


def test_other_characters_pay_for_every_fill_HV_GS_1():
    s = action_turn("Trader:Bakehouse")
    s.coins[0], s.water[0] = 0, 1
    sc.touch(s)
    s.apply("place GS-3")
    assert "fill" not in legal(s)
    s.coins[0] = 2
    sc.touch(s)
    s.apply("fill")
    assert (s.coins[0], s.water[0]) == (1, s.cap[0])


def test_tool_shed_upgrades_are_free_HV_WS_3():
    s = action_turn("Trader:Bakehouse")
    give_building(s, 0, "Tool Shed")
    s.coins[0], s.cap[0] = 0, 3
    sc.touch(s)
    s.apply("place W-3")
    assert "upgrade" in legal(s)
    s.apply("upgrade")
    assert (s.coins[0], s.cap[0]) == (0, 4)


def test_without_tool_shed_an_upgrade_costs_one_coin_HV_WS_1():
    s = action_turn("Trader:Bakehouse")
    s.coins[0], s.cap[0] = 2, 3
    sc.touch(s)
    s.apply("place W-3")
    s.apply("upgrade")
    assert (s.coins[0], s.cap[0]) == (1, 4)
