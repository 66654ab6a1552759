"""Gains and payments (supply.py): resources stay within their bounds, and the Soil Mix lets
fertilizer pay what the coins do not (HV-RES, HV-NOV-11)."""

from __future__ import annotations

from acreage.games.harvest import scenario as sc
from acreage.games.harvest.constants import EMPTY
from acreage.games.harvest.content import BUILDINGS

from .helpers import _bottom, action_turn, legal, start


def test_resources_bounds_no_trade_HV_RES_1_HV_RES_2_HV_RES_7():
    # Checks HV-RES-1, HV-RES-2, HV-RES-7.
    s = action_turn()
    s.coins[0], s.water[0], s.bucket_capacity[0] = 500, 2, 3
    s.apply("place GS-3")
    s.apply("fertilizer")
    s.apply("fill")
    assert s.water[0] == 3 and s.coins[0] == 499  # no coin cap
    others = [(s.coins[x], s.water[x], s.fertilizer[x], list(s.seeds[x]), s.points[x]) for x in (1, 2)]
    s.apply("done")
    assert others == [(s.coins[x], s.water[x], s.fertilizer[x], list(s.seeds[x]), s.points[x])
                      for x in (1, 2)]
    assert all(v >= 0 for v in (s.coins[0], s.water[0], s.fertilizer[0], *s.seeds[0]))


def test_soil_mix_pays_the_rest_in_fertilizer_HV_NOV_11_HV_WS_5():
    """HV-NOV-11: a Trader (no discount) builds in the top row (6 coins) with 2 coins: the other
    4 are paid as ⌈4/3⌉ = 2 fertilizer, no change."""
    s = start("Trader:Bakehouse")
    sc.give_cards(s, 0, "Grandpaw's Soil Mix")
    s.coins[0], s.fertilizer[0] = 2, 5
    name = BUILDINGS[s.workshop_slots[0]].name
    s.apply("place W-1")
    s.apply("use Grandpaw's Soil Mix")
    s.apply(f"build {name} 1,1")
    assert (s.coins[0], s.fertilizer[0]) == (0, 3)


def test_soil_mix_lets_fertilizer_pay_a_clear_HV_NOV_11_HV_WS_4():
    """HV-NOV-11: with 0 coins and 1 fertilizer (worth 3 coins) the 2-coin clear is offered
    once the Soil Mix is used, and takes the fertilizer."""
    s = start("Trader:Bakehouse")
    sc.give_cards(s, 0, "Grandpaw's Soil Mix")
    sc.set_farm(s, 0, {"1,5": "forest"})
    s.coins[0], s.fertilizer[0] = 0, 1
    s.apply("place W-1")
    assert "clear 1,5" not in legal(s)
    s.apply("use Grandpaw's Soil Mix")
    assert "clear 1,5" in legal(s)
    face = 1 + s.rng.clone().below(6)
    s.apply("clear 1,5")
    assert s.coins[0] == {1: 2, 5: 1}.get(face, 0)  # the forest die's gain only
    assert s.fertilizer[0] == {2: 2}.get(face, 0) and s.farm[0][4] == EMPTY


def test_soil_mix_pays_workshop_with_fertilizer_HV_NOV_11():
    # Checks HV-NOV-11.
    """Soil Mix: coins first, then each fertilizer counts as 3 coins; no change."""
    s = action_turn("Pumpkin Patcher:Bakehouse")
    s.coins[0], s.fertilizer[0], s.bucket_capacity[0] = 1, 3, 3
    _bottom(s, "gazebo")
    sc.give_cards(s, 0, "Grandpaw's Soil Mix")
    s.apply("place W-3")
    assert not any(a.startswith("build Gazebo") for a in legal(s))
    s.apply("use Grandpaw's Soil Mix")
    assert "build Gazebo 1,1" in legal(s)
    s.apply("build Gazebo 1,1")
    assert s.coins[0] == 0 and s.fertilizer[0] == 2  # 1 coin + 1 fertilizer (3), no change
    s.apply("upgrade")
    assert s.fertilizer[0] == 1 and s.bucket_capacity[0] == 4
    assert "use Grandpaw's Soil Mix" not in legal(s)
