"""Exact outcomes of the action dispatcher (``HarvestState._do``): which piece a placement uses,
what an Action building grants to a wheelbarrow, Finn or Maisie, how Plant and Tend continue
cell by cell, the Workshop's "≠" bookkeeping, and the exact coins, water, fertilizer and points
each action pays or gains (rule IDs from shared/rules/harvest.md).

Each position is built with the shared helpers of ``helpers.py`` (seat 0 to place, every space
open, an empty farm) and set so that the value checked differs from every near miss: a resource
already held before a gain, a cost different from the neighbouring costs, a cell other than 1,1.
"""

from __future__ import annotations

from acreage.games.harvest import scenario as sc
from acreage.games.harvest.constants import BLDG, CROP0, EMPTY, SEED0, WHEAT
from acreage.games.harvest.content import BUILDING_BY_NAME as BB
from acreage.games.harvest.content import BUILDINGS, FARMHOUSE_BY_NAME

from .helpers import give_building, legal, next_seat_to_place, space_id, start


def top_build_names(s) -> list[str]:
    return [BUILDINGS[b].name for b in s.ws if b >= 0]


# ----------------------------------------------------------------- Action buildings (HV-WS-10)
def test_homestead_trading_post_with_a_wheelbarrow_HV_WS_10_HV_TP_1_HV_TP_2_HV_NOV_9():
    """HV-WS-10: the Homestead Trading Post is a Trading Post visit: a payment first (HV-TP-1),
    Harvest Hay Ride usable there (HV-NOV-9, HV-NOV-6), and the action's own coin cost is paid
    by a wheelbarrow (only Finn waives coins, HV-FNM-2)."""
    s = start()
    give_building(s, 0, "Homestead Trading Post")
    sc.give_cards(s, 0, "Harvest Hay Ride")
    s.coins[0], s.fert[0], s.water[0], s.cap[0], s.seeds[0] = 10, 2, 3, 3, [1, 1, 0, 0]
    s.apply("place Homestead Trading Post")
    assert s.wb[0] == 2
    assert legal(s) == {"pay wheat", "pay strawberry", "pay fertilizer", "pay water",
                        "use Harvest Hay Ride", "done"}
    s.apply("pay wheat")
    s.apply("buy 2 pumpkin")
    assert s.coins[0] == 10 - 4 and s.seeds[0] == [0, 1, 0, 2]
    assert legal(s) == {"use Harvest Hay Ride", "done"}  # one action: only the novelty is left
    s.apply("done")
    assert next_seat_to_place(s)


def test_homestead_trading_post_with_finn_pays_no_coins_HV_WS_10_HV_FNM_2_HV_FNM_1():
    """HV-FNM-2: Finn on the Homestead Trading Post still pays the Trading Post cost (a seed)
    but no coins for the action; HV-FNM-1: the piece used is Finn, not a wheelbarrow."""
    s = start("Finn & Maisie:Bakehouse")
    give_building(s, 0, "Homestead Trading Post")
    s.coins[0], s.seeds[0] = 10, [1, 1, 0, 0]
    s.apply("place Homestead Trading Post finn")
    assert (s.wb[0], s.mice[0]) == (0, 2)
    s.apply("pay wheat")
    s.apply("buy 2 pumpkin")
    assert s.coins[0] == 10 and s.seeds[0] == [0, 1, 0, 2]
    assert next_seat_to_place(s)


def test_homestead_trading_post_with_maisie_HV_WS_10_HV_FNM_3_HV_FNM_5_HV_TP_3():
    """HV-FNM-3: Maisie gets 1 + 1 actions on the Homestead Trading Post and may repeat a Workshop
    action there (HV-TP-3's ≠ does not bind her); HV-FNM-5: each action needs its own payment;
    she pays coins (1 per upgrade)."""
    s = start("Finn & Maisie:Bakehouse")
    give_building(s, 0, "Homestead Trading Post")
    s.coins[0], s.cap[0], s.seeds[0] = 10, 3, [1, 1, 0, 0]
    s.apply("place Homestead Trading Post maisie")
    assert (s.wb[0], s.mice[0]) == (0, 1)
    s.apply("pay wheat")
    s.apply("upgrade")
    s.apply("pay strawberry")
    s.apply("upgrade")
    assert (s.cap[0], s.coins[0], s.seeds[0]) == (5, 8, [0, 0, 0, 0])
    assert next_seat_to_place(s)


def test_seed_shed_with_funnel_cake_and_finn_HV_WS_10_HV_NOV_10_HV_FNM_2():
    """HV-WS-10: the Seed Shed is a General Store visit, so Funnel Cake (HV-NOV-10: +1 wheat,
    +1 blueberry seed) is usable there; Finn buys its seeds for no coins (HV-FNM-2)."""
    s = start("Finn & Maisie:Bakehouse")
    give_building(s, 0, "Seed Shed")
    sc.give_cards(s, 0, "Funnel Cake")
    s.coins[0], s.seeds[0] = 10, [0, 0, 0, 0]
    s.apply("place Seed Shed finn")
    assert "use Funnel Cake" in legal(s)
    s.apply("use Funnel Cake")
    s.apply("buy 3 pumpkin")
    s.apply("buy 1 blueberry")
    assert s.coins[0] == 10 and s.seeds[0] == [1, 0, 2, 3]
    assert next_seat_to_place(s)


def test_seed_shed_with_maisie_three_paid_actions_HV_WS_10_HV_FNM_3():
    """HV-FNM-3: Maisie on the Seed Shed (2 actions) gets 3 General Store actions and pays for
    each (3 wheat seeds, 1 coin each); then the visit ends."""
    s = start("Finn & Maisie:Bakehouse")
    give_building(s, 0, "Seed Shed")
    s.coins[0], s.seeds[0] = 10, [0, 0, 0, 0]
    s.apply("place Seed Shed maisie")
    for _ in range(3):
        s.apply("buy 1 wheat")
    assert s.coins[0] == 7 and s.seeds[0] == [3, 0, 0, 0]
    assert next_seat_to_place(s)


def test_finn_on_a_town_space_uses_finn_HV_FNM_1_HV_FNM_2():
    """HV-FNM-1: placing Finn on GS-2 uses Finn (Maisie stays); he buys with no coins."""
    s = start("Finn & Maisie:Bakehouse")
    s.coins[0], s.seeds[0] = 4, [0, 0, 0, 0]
    s.apply("place GS-2 finn")
    assert (s.wb[0], s.mice[0]) == (0, 2)
    s.apply("buy 4 pumpkin")
    assert s.coins[0] == 4 and s.seeds[0] == [0, 0, 0, 4]


# ----------------------------------------------------------------- closed spaces (HV-CHR-4)
def test_an_open_space_does_not_spend_the_market_regular_ability_HV_CHR_4():
    """HV-CHR-4: the Market Regular's once-a-round use of an occupied Market space is spent only
    by placing on an occupied one; a piece on an empty F-3 leaves it available."""
    s = start("Market Regular:Bakehouse")
    s.apply("place F-3")
    s.apply("done")
    assert s.used[0] == 0
    sc.at_turn(s, 0)
    s.occ[space_id("FM-A")] = [1]
    assert "place FM-A" in legal(s)
    s.apply("place FM-A")
    assert s.used[0] == 2 and s.occ[space_id("FM-A")] == [1, 0]


# ----------------------------------------------------------------- payments and gains
def test_ff3_coin_adds_one_to_the_coins_held_HV_FFB_5():
    """HV-FFB-5: the FF-3 coin is +1 on top of the 7 coins held."""
    s = start()
    s.coins[0] = 7
    s.apply("place FF-3")
    s.apply("coin")
    assert s.coins[0] == 8


def test_trading_post_fertilizer_payment_takes_two_HV_TP_1():
    """HV-TP-1: paying with fertilizer takes exactly 2 of the 5 held."""
    s = start()
    s.fert[0] = 5
    s.apply("place TP-inf")
    s.apply("pay fertilizer")
    assert s.fert[0] == 3


def test_a_purchase_after_harvest_still_allows_the_garland_HV_FFC_2_HV_NOV_8():
    """HV-FFC-2 / HV-NOV-8: after a Harvest the player may buy one card and still use a Harvest
    Garland (+2 water up to the bucket, +4 points); once a card is bought no second is offered."""
    s = start()
    sc.give_cards(s, 0, "Harvest Garland")
    sc.set_market(s, "Apple Pie", "Funnel Cake", "Pecan Pie")
    sc.set_farm(s, 0, {"1,1": "strawberry crop"})
    s.coins[0], s.water[0], s.cap[0], s.score[0] = 5, 0, 3, 0
    s.apply("place F-1")
    s.apply("harvest")
    assert legal(s) == {"card P1", "card P2", "card P3", "use Harvest Garland", "done"}
    s.apply("card P1")
    assert legal(s) == {"use Harvest Garland", "done"}
    s.apply("use Harvest Garland")
    assert (s.coins[0], s.water[0], s.score[0]) == (5, 2, 5)
    assert next_seat_to_place(s)


def test_ff1_purchase_is_not_after_a_harvest_HV_FFB_3_HV_NOV_8():
    """HV-FFB-3: FF-1 pays 2 coins and offers one card; it is not a Harvest, so the Harvest
    Garland (HV-NOV-8) is not offered there."""
    s = start()
    sc.give_cards(s, 0, "Harvest Garland")
    sc.set_market(s, "Apple Pie", "Funnel Cake", "Pecan Pie")
    s.coins[0] = 1
    s.apply("place FF-1")
    assert s.coins[0] == 3
    assert legal(s) == {"card P1", "card P2", "card P3", "done"}


# ----------------------------------------------------------------- Plant (HV-FLD-3)
def test_plant_continues_one_cell_at_a_time_until_done_HV_FLD_3():
    """HV-FLD-3: one Plant action puts seeds of one crop on any number of cells; "done" ends
    it (with wheat seeds left) and with it F-1's single action."""
    s = start()
    s.seeds[0] = [3, 0, 0, 0]
    s.apply("place F-1")
    s.apply("plant wheat 1,1")
    s.apply("plant wheat 2,3")
    assert legal(s) == {"plant wheat " + c for c in ("1,2", "1,3", "1,4", "1,5", "2,1", "2,2", "2,4",
                                                      "2,5", "3,1", "3,2", "3,3", "3,4", "3,5", "4,1",
                                                      "4,2", "4,3", "4,4", "4,5")} | {"done"}
    s.apply("done")
    assert s.seeds[0] == [1, 0, 0, 0]
    assert s.farm[0][0] == SEED0 + WHEAT and s.farm[0][7] == SEED0 + WHEAT
    assert next_seat_to_place(s)


def test_market_pumpkin_tile_plants_one_pumpkin_only_HV_FM_5_HV_FLD_3():
    """Market tile #3 (HV-FM-5): pay 2 coins, gain a pumpkin seed and plant one pumpkin (1
    fertilizer). Only pumpkins are offered, though strawberry and blueberry seeds are held, and
    after one pumpkin the tile is spent, though another pumpkin seed is held."""
    s = start()
    s.mstacks[0][-1] = 2
    s.coins[0], s.fert[0], s.seeds[0] = 5, 3, [0, 2, 1, 1]
    s.apply("place FM-A")
    s.apply("market")
    cells = [f"{r},{c}" for r in range(1, 5) for c in range(1, 6)]
    assert legal(s) == {f"plant pumpkin {c}" for c in cells} | {"done"}
    s.apply("plant pumpkin 2,3")
    assert (s.coins[0], s.fert[0], s.seeds[0]) == (3, 2, [0, 2, 1, 1])
    assert s.farm[0][7] == SEED0 + 3
    assert next_seat_to_place(s)


# ----------------------------------------------------------------- Tend (HV-FLD-4)
def test_tend_wheat_cell_by_cell_each_costs_one_water_HV_FLD_4():
    """HV-FLD-4: a Tend of wheat turns one seed-side tile per step, 1 water each, the last one
    with exactly the 1 water left; at 0 water the Tend (and F-1's action) ends."""
    s = start()
    sc.set_farm(s, 0, {"1,1": "wheat seed", "1,2": "wheat seed", "2,3": "wheat seed",
                       "3,4": "wheat seed", "2,2": "pumpkin seed"})
    s.water[0], s.cap[0] = 3, 3
    s.apply("place F-1")
    s.apply("tend wheat 1,1")
    assert s.water[0] == 2
    assert legal(s) == {"tend wheat 1,2", "tend wheat 2,3", "tend wheat 3,4", "done"}
    s.apply("tend wheat 1,2")
    s.apply("tend wheat 2,3")
    assert s.water[0] == 0
    assert [s.farm[0][i] for i in (0, 1, 7, 13, 6)] == [CROP0, CROP0, CROP0, SEED0, SEED0 + 3]
    assert next_seat_to_place(s)


def test_done_ends_the_tend_and_the_visit_HV_FLD_4():
    """HV-FLD-4: "done" after two tended tiles ends the Tend although water and seed-side wheat
    remain; F-1 had one action, so the turn is over."""
    s = start()
    sc.set_farm(s, 0, {"1,1": "wheat seed", "1,2": "wheat seed", "1,3": "wheat seed"})
    s.water[0], s.cap[0] = 3, 3
    s.apply("place F-1")
    s.apply("tend wheat 1,1")
    s.apply("tend wheat 1,2")
    s.apply("done")
    assert s.water[0] == 1 and s.farm[0][:3] == [CROP0, CROP0, SEED0]
    assert next_seat_to_place(s)


def test_a_second_pumpkin_needs_two_more_water_HV_FLD_4():
    """HV-FLD-4: pumpkins cost 2 water each; after one (3 → 1 water) the second is not offered
    and the Tend ends."""
    s = start()
    sc.set_farm(s, 0, {"1,1": "pumpkin seed", "1,2": "pumpkin seed", "2,1": "wheat seed"})
    s.water[0], s.cap[0] = 3, 3
    s.apply("place F-1")
    s.apply("tend pumpkin 1,1")
    assert s.water[0] == 1
    assert next_seat_to_place(s)


def test_strawberries_tend_for_no_water_HV_FLD_4():
    """HV-FLD-4: strawberries cost no water, so both tend at 0 water; only strawberry cells are
    offered (not the wheat seed, not the building's cells)."""
    s = start()
    give_building(s, 0, "Gazebo", "3,3")
    sc.set_farm(s, 0, {"1,2": "strawberry seed", "2,4": "strawberry seed", "1,1": "wheat seed"})
    s.water[0] = 0
    s.apply("place F-1")
    s.apply("tend strawberry 1,2")
    assert legal(s) == {"tend strawberry 2,4", "done"}
    s.apply("tend strawberry 2,4")
    assert s.water[0] == 0 and s.farm[0][1] == CROP0 + 1 and s.farm[0][8] == CROP0 + 1
    assert next_seat_to_place(s)


def test_irrigation_ditch_discounts_the_first_tile_only_HV_WS_10_HV_FLD_4():
    """HV-WS-10 Irrigation Ditch: a Tend costs 1 water less in total (off its first tile): two
    pumpkins cost 1 + 2 = 3 water."""
    s = start()
    give_building(s, 0, "Irrigation Ditch")
    sc.set_farm(s, 0, {"1,1": "pumpkin seed", "1,2": "pumpkin seed"})
    s.water[0], s.cap[0] = 3, 3
    s.apply("place F-1")
    s.apply("tend pumpkin 1,1")
    assert s.water[0] == 2
    assert legal(s) == {"tend pumpkin 1,2", "done"}
    s.apply("tend pumpkin 1,2")
    assert s.water[0] == 0 and s.farm[0][:2] == [CROP0 + 3, CROP0 + 3]


# ----------------------------------------------------------------- Workshop (HV-WS)
def workshop(first: str = "Architect:Bakehouse"):
    s = start(first)
    s.coins[0], s.cap[0], s.fert[0] = 30, 3, 0
    sc.set_farm(s, 0, {"1,5": "forest", "2,5": "forest"})
    s.apply("place W-3")
    return s


def builds(s) -> set[str]:
    return {a for a in legal(s) if a.startswith("build ")}


def test_workshop_ne_clear_then_build_HV_WS_2():
    """HV-WS-2: at W-3 a clear leaves upgrade and build open (not a second clear); a build then
    leaves only the upgrade."""
    s = workshop()
    s.apply("clear 1,5")
    assert builds(s) and legal(s) - builds(s) == {"upgrade", "done"}
    s.apply(sorted(builds(s))[0])
    assert legal(s) == {"upgrade", "done"}


def test_workshop_ne_upgrade_then_clear_HV_WS_2():
    """HV-WS-2: after an upgrade and a clear, only a build is left."""
    s = workshop()
    s.apply("upgrade")
    s.apply("clear 1,5")
    assert builds(s) and legal(s) - builds(s) == {"done"}


def test_workshop_ne_build_then_upgrade_HV_WS_2():
    """HV-WS-2: after a build and an upgrade, only a clear is left."""
    s = workshop()
    s.apply(sorted(builds(s))[0])
    s.apply("upgrade")
    assert legal(s) == {"clear 1,5", "clear 2,5", "done"}


def test_tool_shed_upgrades_are_free_HV_WS_10_HV_WS_3():
    """HV-WS-10 Tool Shed: bucket upgrades cost nothing (3 coins stay 3); capacity +1."""
    s = start()
    give_building(s, 0, "Tool Shed")
    s.coins[0], s.cap[0] = 3, 3
    s.apply("place W-1")
    s.apply("upgrade")
    assert (s.coins[0], s.cap[0]) == (3, 4)


def test_lumber_lodge_clear_adds_a_point_to_the_score_HV_CHR_7_HV_WS_4():
    """HV-CHR-7: Lumber Lodge pays 1 point per forest cleared, added to the 10 points held,
    besides the forest die (HV-WS-4: face 6 is 3 points)."""
    s = start()
    s.house[0] = FARMHOUSE_BY_NAME["lumber lodge"].id
    s.coins[0], s.score[0] = 5, 10
    sc.set_farm(s, 0, {"1,5": "forest"})
    face = 1 + s.rng.clone().below(6)
    s.apply("place W-1")
    s.apply("clear 1,5")
    assert s.score[0] == 10 + 1 + (3 if face == 6 else 0)
    assert s.coins[0] == 5 - 2 + {1: 2, 5: 1}.get(face, 0)


def test_a_plain_clear_keeps_the_score_HV_WS_4():
    """HV-WS-4: a farmhouse without forest points adds nothing to the 10 points held but the die."""
    s = start()
    s.coins[0], s.score[0] = 5, 10
    sc.set_farm(s, 0, {"1,5": "forest"})
    face = 1 + s.rng.clone().below(6)
    s.apply("place W-1")
    s.apply("clear 1,5")
    assert s.score[0] == 10 + (3 if face == 6 else 0)


def test_a_building_covers_exactly_its_two_by_two_block_HV_WS_5_HV_WS_6():
    """HV-WS-5 / HV-WS-6: a building with its top-left cell at 2,2 covers 2,2, 2,3, 3,2 and 3,3
    (the crops there are lost); every other cell is as it was."""
    s = start()
    sc.set_farm(s, 0, {"2,2": "wheat crop", "3,3": "blueberry seed", "2,1": "wheat seed",
                       "2,4": "wheat seed", "1,2": "wheat seed", "4,3": "wheat seed"})
    s.coins[0] = 20
    before = list(s.farm[0])
    name = top_build_names(s)[0]
    s.apply("place W-1")
    s.apply(f"build {name} 2,2")
    want = list(before)
    for i in (6, 7, 11, 12):
        want[i] = BLDG
    assert s.farm[0] == want
    assert [BB[name.lower()].id, 6] in s.blds[0]


def test_soil_mix_pays_the_rest_in_fertilizer_HV_NOV_11_HV_WS_5():
    """HV-NOV-11: a Trader (no discount) builds in the top row (6 coins) with 2 coins: the other
    4 are paid as ⌈4/3⌉ = 2 fertilizer, no change."""
    s = start("Trader:Bakehouse")
    sc.give_cards(s, 0, "Grandpaw's Soil Mix")
    s.coins[0], s.fert[0] = 2, 5
    name = BUILDINGS[s.ws[0]].name
    s.apply("place W-1")
    s.apply("use Grandpaw's Soil Mix")
    s.apply(f"build {name} 1,1")
    assert (s.coins[0], s.fert[0]) == (0, 3)


def test_soil_mix_lets_fertilizer_pay_a_clear_HV_NOV_11_HV_WS_4():
    """HV-NOV-11: with 0 coins and 1 fertilizer (worth 3 coins) the 2-coin clear is offered
    once the Soil Mix is used, and takes the fertilizer."""
    s = start("Trader:Bakehouse")
    sc.give_cards(s, 0, "Grandpaw's Soil Mix")
    sc.set_farm(s, 0, {"1,5": "forest"})
    s.coins[0], s.fert[0] = 0, 1
    s.apply("place W-1")
    assert "clear 1,5" not in legal(s)
    s.apply("use Grandpaw's Soil Mix")
    assert "clear 1,5" in legal(s)
    face = 1 + s.rng.clone().below(6)
    s.apply("clear 1,5")
    assert s.coins[0] == {1: 2, 5: 1}.get(face, 0)  # the forest die's gain only
    assert s.fert[0] == {2: 2}.get(face, 0) and s.farm[0][4] == EMPTY


# ----------------------------------------------------------------- Market tiles (HV-FM-1)
def test_fields_tile_is_one_action_then_the_turn_ends_HV_FM_1_HV_FM_5():
    """Tile #6 (HV-FM-5): exactly one Fields action; after the Harvest the turn is over."""
    s = start(ff=False)
    s.mstacks[0][-1] = 5
    sc.set_farm(s, 0, {"1,1": "wheat crop"})
    s.score[0] = 0
    s.apply("place FM-A")
    s.apply("market")
    s.apply("harvest")
    assert s.score[0] == 1
    assert next_seat_to_place(s)


def test_finn_builds_free_from_the_workshop_tile_with_soil_mix_HV_FM_1_HV_FNM_2_HV_NOV_6():
    """Tile #7 gives one Workshop action; Finn placed on the Market space pays no coins for it
    (HV-FNM-2), and it is a Workshop visit, so Soil Mix is offered (HV-NOV-6)."""
    s = start("Finn & Maisie:Bakehouse")
    s.mstacks[0][-1] = 6
    sc.give_cards(s, 0, "Grandpaw's Soil Mix")
    s.coins[0], s.fert[0] = 1, 0
    name = BUILDINGS[s.ws[0]].name
    s.apply("place FM-A finn")
    s.apply("market")
    assert "use Grandpaw's Soil Mix" in legal(s)
    s.apply(f"build {name} 1,1")
    assert s.coins[0] == 1
    assert s.ws[0] == -1


def test_finn_builds_free_from_the_discount_tile_HV_FM_1_HV_FNM_2():
    """Tile #14: one build 2 cheaper; Finn pays no coins at all for it."""
    s = start("Finn & Maisie:Bakehouse")
    s.mstacks[0][-1] = 13
    s.coins[0] = 1
    name = BUILDINGS[s.ws[0]].name
    s.apply("place FM-A finn")
    s.apply("market")
    s.apply(f"build {name} 1,1")
    assert s.coins[0] == 1


def test_harvest_tile_harvests_HV_FM_1_HV_FLD_6():
    """Tile #16: a Harvest (pumpkin 6 + wheat 1 points, 2 type coins, 1 fertilizer)."""
    s = start(ff=False)
    s.mstacks[0][-1] = 15
    sc.set_farm(s, 0, {"1,1": "pumpkin crop", "2,2": "wheat crop", "3,3": "wheat seed"})
    s.coins[0], s.score[0], s.fert[0] = 4, 3, 1
    s.apply("place FM-A")
    s.apply("market")
    assert (s.score[0], s.coins[0], s.fert[0]) == (10, 6, 2)
    assert s.farm[0][0] == EMPTY and s.farm[0][6] == EMPTY and s.farm[0][12] == SEED0


def test_early_riser_coin_adds_to_the_coins_held_HV_CHR_5():
    """HV-CHR-5: the Early Riser's swap pays 1 coin on top of the 3 held at the start."""
    s = sc.fresh(3, assign="Early Riser:Bakehouse;Trader:Bakehouse;Architect:Bakehouse")
    assert s.current_player == 0 and s.coins[0] == 3
    s.apply(s.legal_actions()[0])
    assert s.coins[0] == 4


def test_p3_is_offered_while_p1_is_empty_HV_FFC_1():
    """HV-FFC-1: a card is offered from P3 whenever the deck holds one, though P1 is empty."""
    s = start()
    sc.set_market(s, "Apple Pie", "Funnel Cake", None)
    s.coins[0] = 5
    s.apply("place FF-3")
    assert legal(s) == {"card P3", "card P2", "coin"}
