"""The Town Board in the Action phase (town.py): placing a piece, the General Store, the Workshop
(clearing forests and the die, building, upgrades and the Action buildings), the Farmer's Market
tiles and their costs, the Trading Post, the closed-space characters and Finn & Maisie's bonuses
(HV-ACT, HV-GS, HV-WS, HV-FM, HV-TP, HV-CHR, HV-FNM)."""

from __future__ import annotations

import pytest

from acreage.games.harvest import scenario as sc
from acreage.games.harvest.constants import BLDG, CROP0, EMPTY, PUMPKIN, SEED0, STRAW
from acreage.games.harvest.content import BUILDING_BY_NAME as BB
from acreage.games.harvest.content import BUILDINGS, FARMHOUSE_BY_NAME, MARKET
from acreage.games.harvest.content import DIE as DIE_FACES
from acreage.games.harvest.queries import build_cost

from .helpers import (
    _bottom,
    _finish_sub,
    action_phase_start,
    action_turn,
    assert_illegal,
    festival_id,
    give_building,
    legal,
    next_seat_to_place,
    space_id,
    start,
)


def top_build_names(s) -> list[str]:
    return [BUILDINGS[b].name for b in s.workshop_slots if b >= 0]


def workshop(first: str = "Architect:Bakehouse"):
    s = start(first)
    s.coins[0], s.bucket_capacity[0], s.fertilizer[0] = 30, 3, 0
    sc.set_farm(s, 0, {"1,5": "forest", "2,5": "forest"})
    s.apply("place W-3")
    return s


def builds(s) -> set[str]:
    return {a for a in legal(s) if a.startswith("build ")}


def market(tile: int, *, building: str | None = None):
    s = action_turn()
    s.market_stacks[0][-1] = tile
    s.coins[0], s.fertilizer[0], s.water[0], s.points[0] = 5, 2, 3, 0
    s.seeds[0] = [1, 1, 1, 1]
    if building:
        give_building(s, 0, building)
    sc.touch(s)
    s.apply("place FM-A")
    return s


def stock(s):
    return s.coins[0], s.fertilizer[0], s.water[0], list(s.seeds[0]), s.points[0]


def legal_market(s) -> set[str]:
    return {str(a) for a in s.legal_actions() if str(a).startswith("market")}


def market_tile(tile: int, cells=None):
    s = action_turn()
    s.market_stacks[0][-1] = tile
    s.coins[0], s.fertilizer[0], s.water[0], s.points[0] = 10, 2, 0, 0
    sc.set_farm(s, 0, cells or {"1,5": "forest", "2,2": "wheat crop"}, clear=True)
    s.apply("place FM-A")
    s.apply("market")
    return s


def _in_visit(s, seat: int = 0) -> bool:
    return bool(s.frames) and s.frames[-1].kind == "visit" and s.frames[-1].seat == seat


def test_placement_spaces_HV_ACT_3_HV_ACT_4_HV_ACT_8_HV_FFB_1():
    # Checks HV-ACT-3, HV-ACT-4, HV-ACT-8, HV-FFB-1.
    s = action_turn()
    town = {"GS-3", "GS-2", "GS-inf", "F-3", "F-2", "F-1", "W-3", "W-2", "W-1", "TP-2", "TP-inf",
            "FM-A", "FM-B", "FM-C"}
    assert legal(s) == {f"place {n}" for n in town} | {"place FF-1", "place FF-2", "place FF-3"}
    assert s.wheelbarrows[0] == 3 and s.basket[0] == 1
    s.occupants[space_id("GS-3")] = (1,)
    s.occupants[space_id("GS-inf")] = [1, 2]
    s.occupants[space_id("FF-1")] = (1,)
    s.basket[0] = 0
    sc.touch(s)
    opts = legal(s)
    assert "place GS-3" not in opts and "place GS-inf" in opts
    assert not any(o.startswith("place FF") for o in opts)  # wheelbarrows never go there
    assert_illegal(s, "place GS-3")


def test_general_store_menu_HV_GS_1_HV_GS_2_HV_GS_4_HV_GS_5_HV_ACT_5_HV_ACT_6():
    # Checks HV-GS-1, HV-GS-2, HV-GS-4, HV-GS-5.
    s = action_turn()
    s.coins[0], s.water[0], s.bucket_capacity[0], s.fertilizer[0], s.seeds[0] = 3, 1, 4, 9, [0, 0, 0, 0]
    s.apply("place GS-3")
    words = {a.split()[0] for a in legal(s)}
    assert words == {"fertilizer", "fill", "buy", "done"}
    s.apply("fertilizer")  # offered at 9, gain lost
    assert s.fertilizer[0] == 9
    s.apply("fill")
    assert s.water[0] == 4 and s.coins[0] == 2 and "fill" not in legal(s)
    assert "buy 1 blueberry" not in legal(s)  # 3 coins needed, 2 held (HV-ACT-6)
    s.apply("fertilizer")  # the same action again (HV-ACT-5)
    assert not _in_visit(s)
    s2 = action_turn()
    s2.coins[0], s2.seeds[0] = 3, [0, 0, 0, 0]
    s2.apply("place GS-inf")
    s2.apply("buy 1 blueberry")
    assert s2.seeds[0][2] == 1 and s2.coins[0] == 0
    if _in_visit(s2):
        s2.apply("done")
    sc.at_turn(s2, 0)
    s2.apply("place F-1")
    s2.apply("plant blueberry 1,1")
    assert s2.farm[0][0] == SEED0 + 2


def test_other_characters_pay_for_every_fill_HV_GS_1():
    s = action_turn("Trader:Bakehouse")
    s.coins[0], s.water[0] = 0, 1
    sc.touch(s)
    s.apply("place GS-3")
    assert "fill" not in legal(s)
    s.coins[0] = 2
    sc.touch(s)
    s.apply("fill")
    assert (s.coins[0], s.water[0]) == (1, s.bucket_capacity[0])


def test_workshop_menu_HV_WS_1_HV_WS_3_HV_WS_8_HV_WS_9_HV_RES_3():
    # Checks HV-WS-1, HV-WS-3, HV-WS-8, HV-WS-9, HV-RES-3.
    s = action_turn()
    sc.set_farm(s, 0, {"1,5": "forest"})
    s.coins[0], s.bucket_capacity[0], s.water[0] = 0, 5, 2
    _bottom(s, "gazebo")
    s.apply("place W-3")
    words = {a.split()[0] for a in legal(s)}
    assert words == {"build", "done"}  # Architect: the 2-coin row is free (never below 0)
    s.apply("build Gazebo 1,1")
    assert s.workshop_slots[4] == -1 and s.coins[0] == 0 and not _in_visit(s)
    sc.at_turn(s, 0)
    s.coins[0] = 5
    s.apply("place W-2")
    s.apply("upgrade")
    assert s.bucket_capacity[0] == 6 and s.water[0] == 2  # water unchanged
    s.apply("clear 1,5")
    assert s.farm[0][4] == EMPTY
    sc.at_turn(s, 0)
    s.apply("place W-1")
    assert "upgrade" not in legal(s)  # capacity 6
    assert not any(a.startswith("clear") for a in legal(s))  # no forest left
    assert s.workshop_slots[4] == -1


def test_without_tool_shed_an_upgrade_costs_one_coin_HV_WS_1():
    s = action_turn("Trader:Bakehouse")
    s.coins[0], s.bucket_capacity[0] = 2, 3
    sc.touch(s)
    s.apply("place W-3")
    s.apply("upgrade")
    assert (s.coins[0], s.bucket_capacity[0]) == (1, 4)


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


def test_workshop_not_equal_HV_WS_2():
    # Checks HV-WS-2.
    """Edge 5: W-3 offers each action once."""
    s = action_phase_start(3)
    sc.at_turn(s, 0)
    s.occupants = [() for _ in s.occupants]
    s.coins[0] = 10
    s.apply("place W-3")
    s.apply("upgrade")
    assert "upgrade" not in legal(s)


def test_tool_shed_upgrades_are_free_HV_WS_3():
    s = action_turn("Trader:Bakehouse")
    give_building(s, 0, "Tool Shed")
    s.coins[0], s.bucket_capacity[0] = 0, 3
    sc.touch(s)
    s.apply("place W-3")
    assert "upgrade" in legal(s)
    s.apply("upgrade")
    assert (s.coins[0], s.bucket_capacity[0]) == (0, 4)


def test_a_plain_clear_keeps_the_score_HV_WS_4():
    """HV-WS-4: a farmhouse without forest points adds nothing to the 10 points held but the die."""
    s = start()
    s.coins[0], s.points[0] = 5, 10
    sc.set_farm(s, 0, {"1,5": "forest"})
    face = 1 + s.rng.clone().below(6)
    s.apply("place W-1")
    s.apply("clear 1,5")
    assert s.points[0] == 10 + (3 if face == 6 else 0)


def test_the_forest_die_roll_is_an_undo_floor_HV_WS_4_HV_SET_13():
    """HV-WS-4, HV-SET-13: clearing a forest rolls the die; the roll cannot be undone."""
    s = action_turn()
    s.coins[0] = 5
    sc.set_farm(s, 0, {"1,5": "forest"})
    s.apply("place W-1")
    s.apply("clear 1,5")
    assert s.undo_floor == len(s.history)


def test_lumberjack_keeps_one_of_two_rolls_HV_WS_4_HV_CHR_2():
    # Checks HV-WS-4, HV-CHR-2.
    """Lumberjack clears for free and chooses between two rolled die faces."""
    seen = 0
    for seed in range(12):
        s = sc.fresh(3, seed=seed, assign="Lumberjack:Bakehouse;Architect:Bakehouse;Trader:Bakehouse")
        while s.phase != "action":
            s.apply(s.legal_actions()[0])
        sc.at_turn(s, 0)
        s.occupants = [() for _ in s.occupants]
        s.coins[0], s.fertilizer[0], s.points[0], s.seeds[0] = 0, 0, 0, [0, 0, 0, 0]
        s.water[0] = s.bucket_capacity[0]
        s.apply("place W-1")
        roll = s.rng.clone()  # the two faces this clear rolls (HV-SET-13)
        d1, d2 = 1 + roll.below(6), 1 + roll.below(6)
        s.apply("clear 1,4")
        assert s.farm[0][3] == EMPTY
        # a choice only when the faces differ; equal faces are simply gained
        assert (bool(s.frames) and s.frames[-1].kind == "die") == (d1 != d2), seed
        face = max(d1, d2)
        if d1 != d2:
            seen += 1
            assert legal(s) == {f"die {d1}", f"die {d2}"}
            s.apply(f"die {face}")
        g = DIE_FACES[face - 1]
        assert (s.coins[0], s.fertilizer[0], s.points[0]) == (g.coins, g.fertilizer, g.points)
        assert s.seeds[0] == list(g.seeds)
    assert seen >= 3  # the choice itself was met, not only equal faces


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
    assert (BB[name.lower()].id, 6) in s.buildings[0]


@pytest.mark.parametrize(
    "character,costs", [("Architect", [4, 4, 2, 2, 0, 0]), ("Trader", [6, 6, 4, 4, 2, 2])]
)
def test_row_costs_and_architect_never_below_zero_HV_WS_5(character, costs):
    """HV-WS-5: rows cost 6, 4, 2 (top to bottom); the Architect pays 2 less, never below 0; a
    discount of 2 (Market tile #14) comes off as well."""
    s = action_turn(f"{character}:Bakehouse")
    assert [build_cost(s, 0, slot, 0) for slot in range(6)] == costs
    assert [build_cost(s, 0, slot, 2) for slot in range(6)] == [max(0, c - 2) for c in costs]


def test_every_clear_two_by_two_block_takes_a_building_HV_WS_5():
    """HV-WS-5: on a farm empty but for a forest at 1,2, a building may go on every 2×2 block
    of the grid (top-left cell in rows 1-3, columns 1-4) that avoids 1,2: 10 of the 12. The
    building with the first index (Printing Press) is one like any other. With 0 coins only the
    bottom row's building is affordable (the Architect's 2 - 2 = 0)."""
    s = start()
    sc.set_farm(s, 0, {"1,2": "forest"}, clear=True)
    s.workshop_slots = [-1, -1, -1, -1, BB["printing press"].id, -1]
    s.coins[0] = 0
    s.apply("place W-1")
    cells = {f"{r},{c}" for r in (1, 2, 3) for c in (1, 2, 3, 4)} - {"1,1", "1,2"}
    assert legal(s) == {f"build Printing Press {c}" for c in cells} | {"done"}


def test_build_over_crops_HV_EX_8_HV_WS_5_HV_WS_6():
    # Checks HV-EX-8, HV-WS-5, HV-WS-6.
    s = action_phase_start(3)
    sc.at_turn(s, 0)
    s.occupants = [() for _ in s.occupants]
    sc.set_farm(s, 0, {"1,4": "empty", "1,1": "blueberry crop", "2,2": "wheat seed"})
    s.coins[0] = 2
    bottom = s.workshop_slots[4]
    from acreage.games.harvest.content import BUILDINGS
    name = BUILDINGS[bottom].name
    s.apply("place W-1")
    opts = legal(s)
    assert f"build {name} 1,1" in opts
    assert f"build {name} 1,3" not in opts and f"build {name} 3,4" not in opts
    s.apply(f"build {name} 1,1")
    assert s.coins[0] == 0 and s.farm[0][0] == 2 and s.farm[0][6] == 2 and s.points[0] == 0


def test_built_action_building_works_this_round_HV_WS_7():
    # Checks HV-WS-7.
    s = action_turn()
    s.coins[0] = 10
    _bottom(s, "seed shed")
    s.apply("place W-1")
    s.apply("build Seed Shed 1,1")
    sc.at_turn(s, 0)
    assert "place Seed Shed" in legal(s)


def test_homestead_trading_post_with_a_wheelbarrow_HV_WS_10_HV_TP_1_HV_TP_2_HV_NOV_9():
    """HV-WS-10: the Homestead Trading Post is a Trading Post visit: a payment first (HV-TP-1),
    Harvest Hay Ride usable there (HV-NOV-9, HV-NOV-6), and the action's own coin cost is paid
    by a wheelbarrow (only Finn waives coins, HV-FNM-2)."""
    s = start()
    give_building(s, 0, "Homestead Trading Post")
    sc.give_cards(s, 0, "Harvest Hay Ride")
    s.coins[0], s.fertilizer[0], s.water[0], s.bucket_capacity[0], s.seeds[0] = 10, 2, 3, 3, [1, 1, 0, 0]
    s.apply("place Homestead Trading Post")
    assert s.wheelbarrows[0] == 2
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
    assert (s.wheelbarrows[0], s.mice[0]) == (0, 2)
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
    s.coins[0], s.bucket_capacity[0], s.seeds[0] = 10, 3, [1, 1, 0, 0]
    s.apply("place Homestead Trading Post maisie")
    assert (s.wheelbarrows[0], s.mice[0]) == (0, 1)
    s.apply("pay wheat")
    s.apply("upgrade")
    s.apply("pay strawberry")
    s.apply("upgrade")
    assert (s.bucket_capacity[0], s.coins[0], s.seeds[0]) == (5, 8, [0, 0, 0, 0])
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


def test_tool_shed_upgrades_are_free_HV_WS_10_HV_WS_3():
    """HV-WS-10 Tool Shed: bucket upgrades cost nothing (3 coins stay 3); capacity +1."""
    s = start()
    give_building(s, 0, "Tool Shed")
    s.coins[0], s.bucket_capacity[0] = 3, 3
    s.apply("place W-1")
    s.apply("upgrade")
    assert (s.coins[0], s.bucket_capacity[0]) == (3, 4)


def test_homestead_trading_post_HV_WS_10_HV_ACT_7_HV_TP_1_HV_TP_2():
    # Checks HV-TP-1.
    """HV-WS-10: one Trading Post action at the usual payment, on a private space (HV-ACT-7)."""
    s = action_turn()
    give_building(s, 0, "Homestead Trading Post")
    s.seeds[0], s.fertilizer[0], s.water[0], s.bucket_capacity[0] = [1, 0, 0, 0], 2, 3, 3
    assert "place Homestead Trading Post" in legal(s)
    s.apply("place Homestead Trading Post")
    assert legal(s) == {"pay wheat", "pay fertilizer", "pay water", "done"}
    s.apply("pay wheat")
    assert {"fertilizer", "harvest"} <= legal(s)  # HV-TP-2: any GS / Fields / Workshop action
    s.apply("fertilizer")
    assert s.seeds[0][0] == 0 and s.fertilizer[0] == 3 and not _in_visit(s)
    assert s.occupants[space_id("TP-2")] == () and s.occupants[space_id("TP-inf")] == ()
    sc.at_turn(s, 0)
    assert "place Homestead Trading Post" not in legal(s)  # one piece per building per round
    sc.at_turn(s, 1)
    assert not any("Homestead" in a for a in legal(s))  # only its owner


def test_greenhouse_two_fields_actions_HV_WS_10_HV_FLD_10_HV_FFC_2():
    # Checks HV-FFC-2.
    """HV-WS-10: Greenhouse = two Fields actions; its Harvest is a full one (HV-FLD-10: purchase)."""
    s = action_turn()
    give_building(s, 0, "Greenhouse")
    sc.set_farm(s, 0, {"1,1": "wheat seed", "1,2": "pumpkin crop"})
    s.water[0], s.coins[0], s.fertilizer[0], s.points[0] = 3, 5, 0, 0
    sc.set_market(s, "Apple Pie", "Funnel Cake", "Pecan Pie")
    s.apply("place Greenhouse")
    s.apply("tend wheat 1,1")
    _finish_sub(s)
    assert s.water[0] == 2 and s.farm[0][0] == CROP0 + 0
    s.apply("harvest")
    assert s.points[0] == 7 and s.coins[0] == 7 and s.fertilizer[0] == 1
    assert {"card P1", "card P2", "card P3"} <= legal(s)
    s.apply("card P1")
    assert s.coins[0] == 6 and festival_id("Pecan Pie") in s.cards[0]
    assert not _in_visit(s)


def test_seed_shed_two_general_store_actions_HV_WS_10_HV_GS_3():
    # Checks HV-WS-10, HV-GS-3.
    s = action_turn()
    give_building(s, 0, "Seed Shed")
    s.coins[0], s.seeds[0] = 10, [0, 0, 0, 0]
    s.apply("place Seed Shed")
    s.apply("buy 3 strawberry")  # ⌈3/2⌉ = 2 coins
    s.apply("buy 2 pumpkin")  # 4 coins
    assert s.coins[0] == 4 and s.seeds[0] == [0, 3, 0, 2] and not _in_visit(s)


def test_printing_press_reactivates_maisie_HV_WS_11_HV_EX_4_HV_FNM_4_HV_WS_2():
    # Checks HV-WS-11, HV-FNM-4, HV-WS-2.
    """HV-EX-4 (second half) / edge 7: re-activating Maisie's W-2 gives its printed 2 actions, the ≠
    applies again, all costs are paid again (Finn on the Press waives nothing), the mouse stays."""
    s = action_turn("Finn & Maisie:Bakehouse")
    give_building(s, 0, "Printing Press")
    sc.set_farm(s, 0, {"1,5": "forest", "2,5": "forest"})
    s.coins[0], s.bucket_capacity[0], s.water[0] = 20, 3, 0
    _bottom(s, "gazebo")
    s.apply("place W-2 maisie")
    s.apply("upgrade")
    s.apply("upgrade")  # Maisie ignores the ≠
    assert s.bucket_capacity[0] == 5 and s.coins[0] == 18
    s.apply("done")
    sc.at_turn(s, 0)
    assert "place Printing Press finn" in legal(s)
    s.apply("place Printing Press finn")
    assert legal(s) == {"reactivate W-2", "done"}  # only own Town pieces of this round
    s.apply("reactivate W-2")
    assert s.occupants[space_id("W-2")] == (0,)  # the piece stays where it is
    s.apply("upgrade")
    assert s.coins[0] == 17 and s.bucket_capacity[0] == 6  # full cost again: Finn's waiver does not follow
    opts = legal(s)
    assert "upgrade" not in opts  # the ≠ applies again
    assert "build Gazebo 1,1" in opts
    s.apply("build Gazebo 1,1")
    assert s.coins[0] == 15 and (BB["gazebo"].id, 0) in s.buildings[0]
    assert not _in_visit(s)  # the printed 2 actions, no Maisie bonus
    sc.at_turn(s, 0)
    assert not any(a.startswith("place Printing Press") for a in legal(s))  # once a round


def test_printing_press_repays_trading_post_HV_WS_11_HV_TP_1():
    # Checks HV-TP-1.
    """HV-WS-11: a re-activated TP-2 asks for the Trading Post payment again."""
    s = action_turn()
    give_building(s, 0, "Printing Press")
    s.seeds[0], s.fertilizer[0], s.water[0] = [2, 0, 0, 0], 0, 0
    s.apply("place TP-2")
    s.apply("pay wheat")
    s.apply("fertilizer")
    s.apply("done")
    sc.at_turn(s, 0)
    s.apply("place Printing Press")
    s.apply("reactivate TP-2")
    assert "pay wheat" in legal(s) and "fertilizer" not in legal(s)
    s.apply("pay wheat")
    assert s.seeds[0][0] == 0


def test_fields_tile_is_one_action_then_the_turn_ends_HV_FM_1_HV_FM_5():
    """Tile #6 (HV-FM-5): exactly one Fields action; after the Harvest the turn is over."""
    s = start(ff=False)
    s.market_stacks[0][-1] = 5
    sc.set_farm(s, 0, {"1,1": "wheat crop"})
    s.points[0] = 0
    s.apply("place FM-A")
    s.apply("market")
    s.apply("harvest")
    assert s.points[0] == 1
    assert next_seat_to_place(s)


def test_finn_builds_free_from_the_workshop_tile_with_soil_mix_HV_FM_1_HV_FNM_2_HV_NOV_6():
    """Tile #7 gives one Workshop action; Finn placed on the Market space pays no coins for it
    (HV-FNM-2), and it is a Workshop visit, so Soil Mix is offered (HV-NOV-6)."""
    s = start("Finn & Maisie:Bakehouse")
    s.market_stacks[0][-1] = 6
    sc.give_cards(s, 0, "Grandpaw's Soil Mix")
    s.coins[0], s.fertilizer[0] = 1, 0
    name = BUILDINGS[s.workshop_slots[0]].name
    s.apply("place FM-A finn")
    s.apply("market")
    assert "use Grandpaw's Soil Mix" in legal(s)
    s.apply(f"build {name} 1,1")
    assert s.coins[0] == 1
    assert s.workshop_slots[0] == -1


def test_finn_builds_free_from_the_discount_tile_HV_FM_1_HV_FNM_2():
    """Tile #14: one build 2 cheaper; Finn pays no coins at all for it."""
    s = start("Finn & Maisie:Bakehouse")
    s.market_stacks[0][-1] = 13
    s.coins[0] = 1
    name = BUILDINGS[s.workshop_slots[0]].name
    s.apply("place FM-A finn")
    s.apply("market")
    s.apply(f"build {name} 1,1")
    assert s.coins[0] == 1


def test_harvest_tile_harvests_HV_FM_1_HV_FLD_6():
    """Tile #16: a Harvest (pumpkin 6 + wheat 1 points, 2 type coins, 1 fertilizer)."""
    s = start(ff=False)
    s.market_stacks[0][-1] = 15
    sc.set_farm(s, 0, {"1,1": "pumpkin crop", "2,2": "wheat crop", "3,3": "wheat seed"})
    s.coins[0], s.points[0], s.fertilizer[0] = 4, 3, 1
    s.apply("place FM-A")
    s.apply("market")
    assert (s.points[0], s.coins[0], s.fertilizer[0]) == (10, 6, 2)
    assert s.farm[0][0] == EMPTY and s.farm[0][6] == EMPTY and s.farm[0][12] == SEED0


def test_fertilizer_cost_HV_FM_1():
    """HV-FM-1: tile #3 costs 1 fertilizer and gives 3 coins."""
    assert (MARKET[3].cost_fertilizer, MARKET[3].gain.coins) == (1, 3)
    s = market(3)
    s.apply("market")
    assert stock(s) == (8, 1, 3, [1, 1, 1, 1], 0)
    assert s.market_stacks[0][-1] == 3  # HV-FM-3: the tile stays


def test_water_cost_HV_FM_1():
    """HV-FM-1: tile #4 costs 2 water and gives 3 points."""
    assert (MARKET[4].cost_water, MARKET[4].gain.points) == (2, 3)
    s = market(4)
    s.apply("market")
    assert stock(s) == (5, 2, 1, [1, 1, 1, 1], 3)


@pytest.mark.parametrize("crop", ["wheat", "strawberry", "blueberry", "pumpkin"])
def test_seed_cost_is_paid_with_the_chosen_seed_HV_FM_1(crop):
    """HV-FM-1: tile #10 costs 1 seed of the player's choice and gives 2 coins and 1 fertilizer;
    exactly the chosen seed is paid."""
    s = market(10)
    assert legal_market(s) == {f"market pay {c}" for c in ("wheat", "strawberry", "blueberry", "pumpkin")}
    s.apply(f"market pay {crop}")
    seeds = [1, 1, 1, 1]
    seeds[("wheat", "strawberry", "blueberry", "pumpkin").index(crop)] = 0
    assert stock(s) == (7, 3, 3, seeds, 0)


def test_plant_pumpkin_tile_gives_one_pumpkin_seed_to_plant_HV_FM_1():
    """HV-FM-1: tile #2 costs 2 coins, gives 1 pumpkin seed and opens a planting choice."""
    assert (MARKET[2].cost_coins, MARKET[2].effect) == (2, "plant_pumpkin")
    s = market(2)
    s.apply("market")
    assert stock(s)[:4] == (3, 2, 3, [1, 1, 1, 2])
    assert s.frames[-1].kind == "plant" and s.frames[-1].bonus_crop == PUMPKIN
    assert s.seeds[0][STRAW] == 1


def test_market_stall_discount_HV_FM_1():
    """Market Stall: tile #9 (3 coins, 5 points) costs 2; tile #1 (1 coin) costs nothing; a tile
    that costs no coin stays free (never a refund)."""
    s = market(9, building="Market Stall")
    s.apply("market")
    assert stock(s) == (3, 2, 3, [1, 1, 1, 1], 5)
    s = market(1, building="Market Stall")
    s.apply("market")
    assert s.coins[0] == 5 and s.fertilizer[0] == 3
    s = market(3, building="Market Stall")
    s.apply("market")
    assert stock(s) == (8, 1, 3, [1, 1, 1, 1], 0)
    s = market(1)
    s.apply("market")
    assert s.coins[0] == 4 and s.fertilizer[0] == 3


def test_clear_free_tile_offers_only_a_free_clear_HV_FM_1():
    """Tile #13: one clear, free of coins; nothing else is offered."""
    s = market_tile(12)
    assert legal(s) == {"clear 1,5", "done"}
    face = 1 + s.rng.clone().below(6)
    s.apply("clear 1,5")
    assert s.coins[0] == 10 + {1: 2, 5: 1}.get(face, 0)


def test_build_discount_tile_offers_only_a_build_two_cheaper_HV_FM_1():
    """Tile #14: one build, 2 coins cheaper (the Architect's 2 as well: top row 6 - 2 - 2); no
    upgrade or clear."""
    s = market_tile(13)
    assert all(a.startswith("build ") or a == "done" for a in legal(s))
    top = BUILDINGS[s.workshop_slots[0]].name
    s.apply(f"build {top} 3,1")
    assert s.coins[0] == 10 - (6 - 2 - 2)


def test_workshop_tile_gives_one_action_at_full_cost_HV_FM_1():
    """Tile #7: one Workshop action at its normal cost (the Architect's top row: 6 - 2), then the
    visit is over."""
    s = market_tile(6)
    top = BUILDINGS[s.workshop_slots[0]].name
    s.apply(f"build {top} 3,1")
    assert s.coins[0] == 10 - (6 - 2)
    assert not any(a.startswith(("build ", "upgrade", "clear ")) for a in legal(s))


def test_fields_tile_gives_one_fields_action_HV_FM_1():
    """Tile #6: one Fields action (here a Harvest of one wheat: 1 point, 1 fertilizer, 1 coin)."""
    s = market_tile(5)
    s.apply("harvest")
    assert (s.points[0], s.fertilizer[0], s.coins[0]) == (1, 3, 11)
    assert not any(a == "harvest" or a.startswith(("plant ", "tend ")) for a in legal(s))


def test_upgrade_fill_tile_HV_FM_1():
    """Tile #12: the bucket goes up by one and is filled."""
    s = market_tile(11)
    assert (s.bucket_capacity[0], s.water[0]) == (4, 4)


def test_coin_per_crop_tile_counts_crop_types_HV_FM_1():
    """Tile #15: 1 coin per different crop type on its crop side (wheat, pumpkin: 2; seed sides
    do not count)."""
    s = market_tile(14, cells={"2,2": "wheat crop", "2,3": "wheat crop", "2,4": "pumpkin crop",
                               "3,3": "blueberry seed"})
    assert s.coins[0] == 12


@pytest.mark.parametrize("first,building,piece,coins,tile,payable", [
    ("Finn & Maisie:Bakehouse", None, " finn", 0, 10, True),   # HV-FNM-2: no coin cost
    ("Architect:Bakehouse", None, "", 0, 1, True),              # a tile without a coin cost
    ("Architect:Bakehouse", None, "", 3, 10, True),             # exactly the 3 coins
    ("Architect:Bakehouse", None, "", 2, 10, False),
    ("Architect:Bakehouse", "Market Stall", "", 2, 10, True),   # 3 - 1
    ("Architect:Bakehouse", "Market Stall", "", 1, 10, False),
    ("Market Regular:Bakehouse", None, "", 2, 10, True),        # 3 - 1
    ("Market Regular:Bakehouse", None, "", 1, 10, False),
])
def test_market_tile_is_offered_when_its_cost_is_covered_HV_FM_1_HV_FM_2(first, building, piece,
                                                                          coins, tile, payable):
    """HV-FM-1: the tile's effect is offered when its cost can be paid: tile #10 costs 3 coins,
    1 less for the Market Regular (HV-CHR-2) and with a Market Stall (HV-WS-10), nothing for Finn
    (HV-FNM-2); tile #1 costs no coin. HV-FM-2: otherwise the space is only blocked and the
    turn ends."""
    s = start(first)
    if building:
        s.buildings[0].append((BB[building.lower()].id, 15))
    s.market_stacks[0][-1] = tile - 1
    s.coins[0], s.fertilizer[0], s.water[0] = coins, 0, 0
    sc.touch(s)
    s.apply("place FM-A" + piece)
    if payable:
        assert legal(s) == {"market", "done"}
    else:
        assert next_seat_to_place(s)


def test_discount_tile_makes_the_bottom_row_free_HV_FM_1_HV_WS_9():
    """Tile #14: one build 2 coins cheaper. A Trader with 0 coins can build either bottom-row
    building (2 - 2 = 0), not a middle-row one (4 - 2)."""
    s = start("Trader:Bakehouse")
    sc.set_farm(s, 0, {c: "forest" for c in ("1,3", "1,4", "1,5", "2,3", "2,4", "2,5", "3,3",
                                             "3,4", "3,5", "4,3", "4,4", "4,5")}, clear=True)
    s.market_stacks[0][-1] = 13
    s.coins[0] = 0
    bottom = [BUILDINGS[b].name for b in s.workshop_slots[4:]]
    s.apply("place FM-A")
    s.apply("market")
    assert legal(s) == {f"build {n} {c}" for n in bottom for c in ("1,1", "2,1", "3,1")} | {"done"}


def test_market_rules_HV_FM_1_HV_FM_3_HV_FM_4_HV_FM_5():
    # Checks HV-FM-1, HV-FM-3, HV-FM-4, HV-FM-5.
    assert len(MARKET) == 16 and all(m.effect for m in MARKET)
    s = action_turn("Finn & Maisie:Bakehouse")
    s.market_stacks[0][-1] = 9
    s.coins[0], s.points[0] = 5, 0
    s.apply("place FM-A maisie")
    assert legal(s) == {"market", "done"}
    s.apply("market")
    assert s.coins[0] == 2 and s.points[0] == 5 and s.market_stacks[0][-1] == 9
    assert s.frames[-1].kind != "market"  # once, no extra action for Maisie


def test_market_block_without_paying_HV_FM_2():
    # Checks HV-FM-2.
    s = action_phase_start(3)
    sc.at_turn(s, 0)
    s.occupants = [() for _ in s.occupants]
    s.coins[0] = s.fertilizer[0] = s.water[0] = 0
    s.seeds[0] = [0, 0, 0, 0]
    score = s.points[0]
    s.apply("place FM-A")
    # HV-FM-2: the space is taken (blocked) and nothing is paid or gained; no Market choice is open
    assert s.occupants[11] == (0,)
    assert not s.frames or s.frames[-1].kind != "market"
    assert (s.coins[0], s.fertilizer[0], s.water[0], s.seeds[0]) == (0, 0, 0, [0, 0, 0, 0])
    assert s.points[0] == score


def test_market_pumpkin_tile_plants_one_pumpkin_only_HV_FM_5_HV_FLD_3():
    """Market tile #3 (HV-FM-5): pay 2 coins, gain a pumpkin seed and plant one pumpkin (1
    fertilizer). Only pumpkins are offered, though strawberry and blueberry seeds are held, and
    after one pumpkin the tile is spent, though another pumpkin seed is held."""
    s = start()
    s.market_stacks[0][-1] = 2
    s.coins[0], s.fertilizer[0], s.seeds[0] = 5, 3, [0, 2, 1, 1]
    s.apply("place FM-A")
    s.apply("market")
    cells = [f"{r},{c}" for r in range(1, 5) for c in range(1, 6)]
    assert legal(s) == {f"plant pumpkin {c}" for c in cells} | {"done"}
    s.apply("plant pumpkin 2,3")
    assert (s.coins[0], s.fertilizer[0], s.seeds[0]) == (3, 2, [0, 2, 1, 1])
    assert s.farm[0][7] == SEED0 + 3
    assert next_seat_to_place(s)


def test_trading_post_fertilizer_payment_takes_two_HV_TP_1():
    """HV-TP-1: paying with fertilizer takes exactly 2 of the 5 held."""
    s = start()
    s.fertilizer[0] = 5
    s.apply("place TP-inf")
    s.apply("pay fertilizer")
    assert s.fertilizer[0] == 3


def test_trading_post_payments_HV_EX_9_HV_TP_1():
    # Checks HV-EX-9, HV-TP-1.
    s = action_phase_start(3, assign="Architect:Bakehouse;Architect:Well House;Lumberjack:Seed Loft")
    sc.at_turn(s, 0)
    s.occupants = [() for _ in s.occupants]
    s.seeds[0] = [0, 1, 0, 0]
    s.fertilizer[0], s.water[0], s.bucket_capacity[0] = 2, 3, 3
    sc.set_farm(s, 0, {"1,1": "pumpkin seed"}, clear=True)
    s.apply("place TP-2")
    s.apply("pay strawberry")
    s.apply("tend pumpkin 1,1")
    assert s.water[0] == 1
    assert "pay water" not in legal(s) and "pay fertilizer" in legal(s)


def test_trading_post_rules_HV_TP_2_HV_TP_3_HV_TP_4():
    # Checks HV-TP-2, HV-TP-3, HV-TP-4.
    s = action_turn()
    s.seeds[0], s.fertilizer[0], s.water[0], s.coins[0], s.bucket_capacity[0] = [1, 0, 0, 0], 0, 0, 5, 3
    s.apply("place TP-2")
    s.apply("pay wheat")
    assert {"fertilizer", "harvest", "upgrade", "buy 1 wheat"} <= legal(s)
    s.apply("buy 1 pumpkin")
    assert "pay pumpkin" in legal(s)  # bought this visit, pays the next action
    s.apply("pay pumpkin")
    s.apply("upgrade")
    assert s.bucket_capacity[0] == 4 and not _in_visit(s)
    s2 = action_turn()
    s2.seeds[0], s2.coins[0] = [2, 0, 0, 0], 5
    s2.apply("place TP-2")
    s2.apply("pay wheat")
    s2.apply("upgrade")
    s2.apply("pay wheat")
    assert "upgrade" not in legal(s2)  # two Workshop actions must differ


def test_water_witch_first_fill_free_second_paid_HV_CHR_2_HV_GS_2():
    s = action_turn("Water Witch:Bakehouse")
    s.coins[0], s.water[0] = 0, 1
    sc.touch(s)
    s.apply("place GS-3")
    assert "fill" in legal(s)  # free, so offered with no coin
    s.apply("fill")
    assert (s.coins[0], s.water[0]) == (0, s.bucket_capacity[0])
    s.water[0] = 0
    sc.touch(s)
    assert "fill" not in legal(s)  # the second fill of the round costs 1 coin, and there is none
    s.coins[0] = 3
    sc.touch(s)
    s.apply("fill")
    assert (s.coins[0], s.water[0]) == (2, s.bucket_capacity[0])


def test_an_open_space_does_not_spend_the_market_regular_ability_HV_CHR_4():
    """HV-CHR-4: the Market Regular's once-a-round use of an occupied Market space is spent only
    by placing on an occupied one; a piece on an empty F-3 leaves it available."""
    s = start("Market Regular:Bakehouse")
    s.apply("place F-3")
    s.apply("done")
    assert s.once_used[0] == 0
    sc.at_turn(s, 0)
    s.occupants[space_id("FM-A")] = (1,)
    assert "place FM-A" in legal(s)
    s.apply("place FM-A")
    assert s.once_used[0] == 2 and s.occupants[space_id("FM-A")] == (1, 0)


def test_trader_uses_taken_tp2_once_HV_CHR_4_HV_CHR_6():
    """HV-CHR-4: Trader may use TP-2 while taken, once a round; HV-CHR-6: pays 1 seed/1 fert/2 water."""
    s = action_turn("Trader:Bakehouse")
    s.occupants[space_id("TP-2")] = (1,)
    s.seeds[0], s.fertilizer[0], s.water[0], s.bucket_capacity[0] = [0, 0, 0, 0], 1, 2, 3
    sc.touch(s)
    assert "place TP-2" in legal(s)
    s.apply("place TP-2")
    assert legal(s) == {"pay fertilizer", "pay water", "done"}
    s.apply("pay water")
    assert s.water[0] == 0
    s.apply("fertilizer")
    s.apply("pay fertilizer")
    assert s.fertilizer[0] == 1
    s.apply("fertilizer")
    assert s.occupants[space_id("TP-2")] == (1, 0) and s.fertilizer[0] == 2
    sc.at_turn(s, 0)
    s.occupants[space_id("TP-2")] = (1,)
    assert "place TP-2" not in legal(s)  # once a round
    sc.at_turn(s, 1)
    assert "place TP-2" not in legal(s)  # closed for everyone else


def test_trader_on_gairy_tp2_HV_CHR_4_HV_GAI_10():
    # Checks HV-CHR-4, HV-GAI-10.
    s = action_turn("Trader:Bakehouse", players=2)
    s.occupants[space_id("TP-2")] = (-1,)
    sc.touch(s)
    assert "place TP-2" in legal(s)
    sc.at_turn(s, 1)
    assert "place TP-2" not in legal(s)  # Gairy's piece blocks like a player's


def test_market_regular_uses_taken_market_HV_CHR_4_HV_FM_1():
    # Checks HV-CHR-4, HV-FM-1.
    """Market Regular: a taken Market space once a round, the tile costing 1 coin less."""
    s = action_turn("Market Regular:Bakehouse")
    s.market_stacks[0][-1] = 9  # tile #10: 3 coins → 5 points
    s.occupants[space_id("FM-A")] = (1,)
    s.occupants[space_id("FM-B")] = (2,)
    s.coins[0], s.points[0] = 5, 0
    sc.touch(s)
    opts = legal(s)
    assert {"place FM-A", "place FM-B", "place FM-C"} <= opts
    s.apply("place FM-A")
    assert legal(s) == {"market", "done"}
    s.apply("market")
    assert s.coins[0] == 3 and s.points[0] == 5 and s.market_stacks[0][-1] == 9  # HV-FM-3: tile stays
    sc.at_turn(s, 0)
    opts = legal(s)
    assert "place FM-B" not in opts and "place FM-A" not in opts and "place FM-C" in opts


def test_lumber_lodge_clear_adds_a_point_to_the_score_HV_CHR_7_HV_WS_4():
    """HV-CHR-7: Lumber Lodge pays 1 point per forest cleared, added to the 10 points held,
    besides the forest die (HV-WS-4: face 6 is 3 points)."""
    s = start()
    s.farmhouse[0] = FARMHOUSE_BY_NAME["lumber lodge"].id
    s.coins[0], s.points[0] = 5, 10
    sc.set_farm(s, 0, {"1,5": "forest"})
    face = 1 + s.rng.clone().below(6)
    s.apply("place W-1")
    s.apply("clear 1,5")
    assert s.points[0] == 10 + 1 + (3 if face == 6 else 0)
    assert s.coins[0] == 5 - 2 + {1: 2, 5: 1}.get(face, 0)


def test_finn_on_a_town_space_uses_finn_HV_FNM_1_HV_FNM_2():
    """HV-FNM-1: placing Finn on GS-2 uses Finn (Maisie stays); he buys with no coins."""
    s = start("Finn & Maisie:Bakehouse")
    s.coins[0], s.seeds[0] = 4, [0, 0, 0, 0]
    s.apply("place GS-2 finn")
    assert (s.wheelbarrows[0], s.mice[0]) == (0, 2)
    s.apply("buy 4 pumpkin")
    assert s.coins[0] == 4 and s.seeds[0] == [0, 0, 0, 4]


def test_maisie_and_finn_HV_EX_4_HV_FNM_2_HV_FNM_3():
    # Checks HV-EX-4, HV-FNM-2, HV-FNM-3.
    s = action_phase_start(3, assign="Finn & Maisie:Bakehouse;Architect:Well House;Lumberjack:Seed Loft")
    sc.at_turn(s, 0)
    s.occupants = [() for _ in s.occupants]
    s.coins[0], s.bucket_capacity[0], s.water[0] = 6, 3, 0
    sc.set_farm(s, 0, {"1,5": "forest"}, clear=True)
    s.apply("place W-2 maisie")
    s.apply("upgrade")
    s.apply("upgrade")
    face = 1 + s.rng.clone().below(6)  # the forest die this clear rolls (HV-SET-13)
    s.apply("clear 1,5")
    # HV-EX-4: 6 - 1 - 1 - 2 = 2 coins, plus the die's coins (HV-WS-4: face 1 gives 2, face 5 gives 1)
    assert s.coins[0] == 2 + {1: 2, 5: 1}.get(face, 0) and s.bucket_capacity[0] == 5
    assert s.farm[0][4] == EMPTY
    sc.at_turn(s, 0)
    before = s.coins[0]
    s.apply("place GS-2 finn")
    s.apply("buy 3 pumpkin")
    s.apply("fill")
    assert s.coins[0] == before and s.water[0] == 5


def test_maisie_trading_post_pays_each_HV_FNM_5_HV_FNM_3():
    # Checks HV-FNM-5, HV-FNM-3.
    s = action_turn("Finn & Maisie:Bakehouse")
    s.seeds[0], s.fertilizer[0], s.water[0] = [3, 0, 0, 0], 0, 0
    s.apply("place TP-2 maisie")
    for _ in range(3):
        s.apply("pay wheat")
        s.apply("fertilizer")
    assert s.seeds[0][0] == 0 and s.fertilizer[0] == 3 and not _in_visit(s)


@pytest.mark.parametrize("coins", range(0, 8))
def test_priced_menu_actions_are_offered_with_exactly_their_coins_HV_ACT_6_HV_GS_2_HV_GS_3_HV_WS_1(coins):
    # Checks HV-ACT-6, HV-GS-2, HV-GS-3, HV-WS-1, HV-WS-4.
    """Each priced action of the General Store and the Workshop is offered when the seat's coins
    cover its price, the price itself included, and never with a coin fewer (a character with
    no discount: the Trader)."""
    from acreage.games.harvest import rulings as R
    from acreage.games.harvest.content import CROPS

    s = action_turn("Trader:Bakehouse")
    s.coins[0], s.water[0], s.bucket_capacity[0] = coins, 0, 3
    sc.touch(s)
    s.apply("place GS-inf")
    offered = legal(s)
    assert ("fill" in offered) == (coins >= R.FILL_COST)
    for crop in CROPS:
        for k in range(1, R.MAX_BUY + 1):
            assert (f"buy {k} {crop.name}" in offered) == (coins >= crop.price(k)), (crop.name, k)

    s = action_turn("Trader:Bakehouse")
    s.coins[0], s.bucket_capacity[0] = coins, 3
    sc.set_farm(s, 0, {"1,5": "forest"})
    s.apply("place W-3")
    offered = legal(s)
    assert ("upgrade" in offered) == (coins >= R.UPGRADE_COST)
    assert ("clear 1,5" in offered) == (coins >= R.CLEAR_COST)
    for slot, b in enumerate(s.workshop_slots):
        if b >= 0:
            cost = R.ROW_COSTS[slot // R.SLOTS_PER_ROW]
            assert (f"build {BUILDINGS[b].name} 3,1" in offered) == (coins >= cost), (slot, cost)
