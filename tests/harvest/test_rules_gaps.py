"""Rules the first test pass left uncovered (IDs from shared/rules/harvest.md).

Buildings (HV-WS-10, HV-WS-11), closed-space characters (HV-CHR-4), novelties (HV-NOV-*),
Lumberjack's die, Gairy running out of placements (HV-GAI-8), and one focused test for every
checklist ID no other test names.
"""

from __future__ import annotations

import json
from collections import Counter

from acreage.games.harvest import scenario as sc
from acreage.games.harvest.cards import shift
from acreage.games.harvest.constants import CROP0, EMPTY, SEED0
from acreage.games.harvest.content import BUILDING_BY_NAME as BB
from acreage.games.harvest.content import CHARACTERS, CROP_NAMES, FESTIVAL_BY_NAME, MARKET, SPACE_BY_NAME
from acreage.games.harvest.content import DIE as DIE_FACES
from acreage.games.harvest.frames import Income, SunriseSwap
from acreage.games.harvest.gairy import gairy_turn
from acreage.games.harvest.queries import deck_top, turn_order

from .helpers import action_turn, assert_illegal, festival_id, give_building, legal, space_id


def _bottom(s, name: str) -> None:
    """Put building ``name`` in the first bottom-row Workshop slot (cost 2), only there."""
    b = BB[name.lower()].id
    s.ws = [-1 if x == b else x for x in s.ws]
    s.ws[4] = b
    sc.touch(s)


def _finish_sub(s) -> None:
    """Close an open Plant / Tend sub-decision (one crop, one cell at a time)."""
    if s.frames and s.frames[-1].kind in ("plant", "tend"):
        s.apply("done")


def _in_visit(s, seat: int = 0) -> bool:
    return bool(s.frames) and s.frames[-1].kind == "visit" and s.frames[-1].seat == seat


# ====================================================================== reported gaps
def test_printing_press_reactivates_maisie_HV_WS_11_HV_EX_4_HV_FNM_4_HV_WS_2():
    # Checks HV-WS-11, HV-FNM-4, HV-WS-2.
    """HV-EX-4 (second half) / edge 7: re-activating Maisie's W-2 gives its printed 2 actions, the ≠
    applies again, all costs are paid again (Finn on the Press waives nothing), the mouse stays."""
    s = action_turn("Finn & Maisie:Bakehouse")
    give_building(s, 0, "Printing Press")
    sc.set_farm(s, 0, {"1,5": "forest", "2,5": "forest"})
    s.coins[0], s.cap[0], s.water[0] = 20, 3, 0
    _bottom(s, "gazebo")
    s.apply("place W-2 maisie")
    s.apply("upgrade")
    s.apply("upgrade")  # Maisie ignores the ≠
    assert s.cap[0] == 5 and s.coins[0] == 18
    s.apply("done")
    sc.at_turn(s, 0)
    assert "place Printing Press finn" in legal(s)
    s.apply("place Printing Press finn")
    assert legal(s) == {"reactivate W-2", "done"}  # only own Town pieces of this round
    s.apply("reactivate W-2")
    assert s.occ[space_id("W-2")] == [0]  # the piece stays where it is
    s.apply("upgrade")
    assert s.coins[0] == 17 and s.cap[0] == 6  # full cost again: Finn's waiver does not follow
    opts = legal(s)
    assert "upgrade" not in opts  # the ≠ applies again
    assert "build Gazebo 1,1" in opts
    s.apply("build Gazebo 1,1")
    assert s.coins[0] == 15 and [BB["gazebo"].id, 0] in s.blds[0]
    assert not _in_visit(s)  # the printed 2 actions, no Maisie bonus
    sc.at_turn(s, 0)
    assert not any(a.startswith("place Printing Press") for a in legal(s))  # once a round


def test_printing_press_repays_trading_post_HV_WS_11_HV_TP_1():
    # Checks HV-TP-1.
    """HV-WS-11: a re-activated TP-2 asks for the Trading Post payment again."""
    s = action_turn()
    give_building(s, 0, "Printing Press")
    s.seeds[0], s.fert[0], s.water[0] = [2, 0, 0, 0], 0, 0
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


def test_homestead_trading_post_HV_WS_10_HV_ACT_7_HV_TP_1_HV_TP_2():
    # Checks HV-TP-1.
    """HV-WS-10: one Trading Post action at the usual payment, on a private space (HV-ACT-7)."""
    s = action_turn()
    give_building(s, 0, "Homestead Trading Post")
    s.seeds[0], s.fert[0], s.water[0], s.cap[0] = [1, 0, 0, 0], 2, 3, 3
    assert "place Homestead Trading Post" in legal(s)
    s.apply("place Homestead Trading Post")
    assert legal(s) == {"pay wheat", "pay fertilizer", "pay water", "done"}
    s.apply("pay wheat")
    assert {"fertilizer", "harvest"} <= legal(s)  # HV-TP-2: any GS / Fields / Workshop action
    s.apply("fertilizer")
    assert s.seeds[0][0] == 0 and s.fert[0] == 3 and not _in_visit(s)
    assert s.occ[space_id("TP-2")] == [] and s.occ[space_id("TP-inf")] == []
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
    s.water[0], s.coins[0], s.fert[0], s.score[0] = 3, 5, 0, 0
    sc.set_market(s, "Apple Pie", "Funnel Cake", "Pecan Pie")
    s.apply("place Greenhouse")
    s.apply("tend wheat 1,1")
    _finish_sub(s)
    assert s.water[0] == 2 and s.farm[0][0] == CROP0 + 0
    s.apply("harvest")
    assert s.score[0] == 7 and s.coins[0] == 7 and s.fert[0] == 1
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


def test_trader_uses_taken_tp2_once_HV_CHR_4_HV_CHR_6():
    """HV-CHR-4: Trader may use TP-2 while taken, once a round; HV-CHR-6: pays 1 seed/1 fert/2 water."""
    s = action_turn("Trader:Bakehouse")
    s.occ[space_id("TP-2")] = [1]
    s.seeds[0], s.fert[0], s.water[0], s.cap[0] = [0, 0, 0, 0], 1, 2, 3
    sc.touch(s)
    assert "place TP-2" in legal(s)
    s.apply("place TP-2")
    assert legal(s) == {"pay fertilizer", "pay water", "done"}
    s.apply("pay water")
    assert s.water[0] == 0
    s.apply("fertilizer")
    s.apply("pay fertilizer")
    assert s.fert[0] == 1
    s.apply("fertilizer")
    assert s.occ[space_id("TP-2")] == [1, 0] and s.fert[0] == 2
    sc.at_turn(s, 0)
    s.occ[space_id("TP-2")] = [1]
    assert "place TP-2" not in legal(s)  # once a round
    sc.at_turn(s, 1)
    assert "place TP-2" not in legal(s)  # closed for everyone else


def test_trader_on_gairy_tp2_HV_CHR_4_HV_GAI_10():
    # Checks HV-CHR-4, HV-GAI-10.
    s = action_turn("Trader:Bakehouse", players=2)
    s.occ[space_id("TP-2")] = [-1]
    sc.touch(s)
    assert "place TP-2" in legal(s)
    sc.at_turn(s, 1)
    assert "place TP-2" not in legal(s)  # Gairy's piece blocks like a player's


def test_market_regular_uses_taken_market_HV_CHR_4_HV_FM_1():
    # Checks HV-CHR-4, HV-FM-1.
    """Market Regular: a taken Market space once a round, the tile costing 1 coin less."""
    s = action_turn("Market Regular:Bakehouse")
    s.mstacks[0][-1] = 9  # tile #10: 3 coins → 5 points
    s.occ[space_id("FM-A")] = [1]
    s.occ[space_id("FM-B")] = [2]
    s.coins[0], s.score[0] = 5, 0
    sc.touch(s)
    opts = legal(s)
    assert {"place FM-A", "place FM-B", "place FM-C"} <= opts
    s.apply("place FM-A")
    assert legal(s) == {"market", "done"}
    s.apply("market")
    assert s.coins[0] == 3 and s.score[0] == 5 and s.mstacks[0][-1] == 9  # HV-FM-3: tile stays
    sc.at_turn(s, 0)
    opts = legal(s)
    assert "place FM-B" not in opts and "place FM-A" not in opts and "place FM-C" in opts


def test_hay_ride_pays_trading_post_HV_NOV_9_HV_EX_9_HV_NOV_2_HV_NOV_6_HV_RES_8():
    # Checks HV-NOV-9, HV-NOV-2, HV-NOV-6, HV-RES-8.
    """HV-EX-9: Hay Ride between the two TP actions gives 2 fertilizer and a full bucket."""
    s = action_turn()
    s.seeds[0], s.fert[0], s.water[0], s.cap[0] = [0, 1, 0, 0], 2, 3, 3
    sc.set_farm(s, 0, {"1,1": "pumpkin seed"})
    sc.give_cards(s, 0, "Harvest Hay Ride")
    s.apply("place TP-2")
    s.apply("pay strawberry")
    s.apply("tend pumpkin 1,1")
    _finish_sub(s)
    assert s.water[0] == 1
    opts = legal(s)
    assert "pay water" not in opts and "pay fertilizer" in opts and "use Harvest Hay Ride" in opts
    s.apply("use Harvest Hay Ride")
    assert s.fert[0] == 4 and s.water[0] == 3
    assert festival_id("Harvest Hay Ride") not in s.cards[0] and festival_id("Harvest Hay Ride") in s.fdiscard
    assert {"pay water", "pay fertilizer"} <= legal(s)
    s.apply("pay water")
    s.apply("harvest")
    assert s.water[0] == 0 and s.score[0] == 6


def test_funnel_cake_at_general_store_only_HV_NOV_10_HV_NOV_6():
    # Checks HV-NOV-10, HV-NOV-6.
    s = action_turn()
    s.seeds[0], s.coins[0] = [0, 0, 0, 0], 0
    sc.give_cards(s, 0, "Funnel Cake")
    s.apply("place F-1")
    assert "use Funnel Cake" not in legal(s)
    sc.at_turn(s, 0)
    s.occ = [[] for _ in s.occ]
    s.apply("place GS-2")
    s.apply("use Funnel Cake")
    assert s.seeds[0] == [1, 0, 1, 0]  # 1 wheat + 1 blueberry bush seed
    assert "use Funnel Cake" not in legal(s)


def test_garland_after_harvest_copies_HV_NOV_8_HV_NOV_4_HV_NOV_5_HV_RES_2():
    # Checks HV-NOV-8, HV-NOV-4, HV-NOV-5, HV-RES-2.
    """Two Garlands after one Harvest (from FF-2): each +2 water (capped) and +4 points."""
    s = action_turn()
    sc.set_farm(s, 0, {"1,1": "strawberry crop"})
    s.water[0], s.cap[0], s.score[0] = 0, 3, 0
    sc.give_cards(s, 0, "Harvest Garland", "Harvest Garland")
    s.apply("place FF-2")
    assert s.score[0] == 1
    s.apply("use Harvest Garland")
    assert s.water[0] == 2 and s.score[0] == 5
    s.apply("use Harvest Garland")
    assert s.water[0] == 3 and s.score[0] == 9  # 4 of 3: one water lost
    assert festival_id("Harvest Garland") not in s.cards[0]


def test_soil_mix_pays_workshop_with_fertilizer_HV_NOV_11():
    # Checks HV-NOV-11.
    """Soil Mix: coins first, then each fertilizer counts as 3 coins; no change."""
    s = action_turn("Pumpkin Patcher:Bakehouse")
    s.coins[0], s.fert[0], s.cap[0] = 1, 3, 3
    _bottom(s, "gazebo")
    sc.give_cards(s, 0, "Grandpaw's Soil Mix")
    s.apply("place W-3")
    assert not any(a.startswith("build Gazebo") for a in legal(s))
    s.apply("use Grandpaw's Soil Mix")
    assert "build Gazebo 1,1" in legal(s)
    s.apply("build Gazebo 1,1")
    assert s.coins[0] == 0 and s.fert[0] == 2  # 1 coin + 1 fertilizer (3), no change
    s.apply("upgrade")
    assert s.fert[0] == 1 and s.cap[0] == 4
    assert "use Grandpaw's Soil Mix" not in legal(s)


def test_lumberjack_keeps_one_of_two_rolls_HV_WS_4_HV_CHR_2():
    # Checks HV-WS-4, HV-CHR-2.
    """Lumberjack clears for free and chooses between two rolled die faces."""
    seen = 0
    for seed in range(12):
        s = sc.fresh(3, seed=seed, assign="Lumberjack:Bakehouse;Architect:Bakehouse;Trader:Bakehouse")
        while s.phase != "action":
            s.apply(s.legal_actions()[0])
        sc.at_turn(s, 0)
        s.occ = [[] for _ in s.occ]
        s.coins[0], s.fert[0], s.score[0], s.seeds[0] = 0, 0, 0, [0, 0, 0, 0]
        s.water[0] = s.cap[0]
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
        assert (s.coins[0], s.fert[0], s.score[0]) == (g.coins, g.fertilizer, g.points)
        assert s.seeds[0] == list(g.seeds)
    assert seen >= 3  # the choice itself was met, not only equal faces


def test_gairy_with_no_placement_ends_turn_HV_GAI_8_HV_GAI_7():
    # Checks HV-GAI-8, HV-GAI-7.
    """Edge 12: every Fields space full, only Fields tiles: Gairy places nothing and play goes on."""
    s = action_turn(players=2, ff=False)
    for n in ("F-3", "F-2", "F-1"):
        s.occ[space_id(n)] = [1]
    s.g_deck, s.g_drawn, s.g_wb = ["fields", "fields"], [], 3
    gairy_turn(s)
    assert s.g_wb == 3 and s.occ[space_id("F-2")] == [1]
    sc.touch(s)
    assert legal(s)  # the game goes on


def test_gairy_tries_every_tile_of_the_reshuffle_HV_GAI_8_HV_GAI_3():
    # Checks HV-GAI-3.
    """HV-GAI-8: the turn only ends once every tile of the deck and of its reshuffle was tried."""
    for seed in range(20):
        s = sc.fresh(2, seed=seed, assign="Architect:Bakehouse;Trader:Bakehouse", fall_festival=False)
        while s.phase != "action":
            s.apply(s.legal_actions()[0])
        s.occ = [[] for _ in s.occ]
        for sp in SPACE_BY_NAME.values():
            if sp.area != "festival" and not sp.infinite and sp.name != "FM-C":
                s.occ[sp.id] = [0]
        s.g_deck = ["fields", "fields"]
        s.g_drawn = ["gs", "gs", "workshop", "workshop", "tp", "market"]
        s.g_wb = 3
        gairy_turn(s)
        assert s.occ[space_id("FM-C")] == [-1] and s.g_wb == 2, seed


# ====================================================================== coverage of the rest
def test_expansion_setup_HV_FFO_2_HV_FFO_3_HV_SET_9_HV_SET_10_HV_GAI_1_HV_GAI_3_HV_FNM_1():
    # Checks HV-FFO-2, HV-FFO-3, HV-SET-9, HV-GAI-1, HV-GAI-3, HV-FNM-1.
    s = sc.fresh(2, seed=3, assign="Trader:Bakehouse;Finn & Maisie:Well House")
    assert CHARACTERS[s.char[0]].name == "Trader" and CHARACTERS[s.char[1]].name == "Finn & Maisie"
    tiles = s.tile + s.display + s.sun_stack
    assert sorted(tiles) == list(range(1, 12)) and len(set(s.tile)) == 2  # HV-SET-10 (+#11)
    # HV-FFO-2: the 30 festival cards are all in play: one dealt to P1, one to P2, 28 in the deck
    full = {c.id: c.copies for c in FESTIVAL_BY_NAME.values()}
    assert s.p1 >= 0 and s.p2 >= 0 and len(s.fdeck) == 30 - 2
    assert dict(Counter([*s.fdeck, s.p1, s.p2])) == full and sum(full.values()) == 30
    assert s.record()["options"]["fall_festival"] is True
    while s.phase != "action":
        s.apply(s.legal_actions()[0])
    assert s.basket == [1, 1] and s.wb == [3, 0] and s.mice[1] == 3  # two mice + basket
    assert (s.g_wb, s.g_bk) == (3, 1) and len(s.g_deck) == 10 and s.g_drawn == []
    solo = sc.fresh(1, assign="Architect:Bakehouse")
    while solo.phase != "action":
        solo.apply(solo.legal_actions()[0])
    assert (solo.g_wb, solo.g_bk) == (6, 2)


def test_resources_and_rounds_HV_SET_4_HV_SET_5_HV_RND_2_HV_RND_5_HV_RES_5():
    # Checks HV-SET-4, HV-SET-5, HV-RND-2, HV-RND-5, HV-RES-5.
    s = action_turn()
    assert CROP_NAMES == ("wheat", "strawberry", "blueberry", "pumpkin")
    assert len(set(s.tile)) == 3
    obs = s.observation(1)
    assert obs["round"] == 1 and obs["phase"] == "action"
    s.coins[0], s.seeds[0] = 100, [50, 0, 0, 0]
    s.apply("place GS-3")
    for _ in range(3):
        s.apply("buy 8 wheat")
    assert s.seeds[0][0] == 74 and s.coins[0] == 76  # seeds never run out


def test_sunrise_swap_income_order_HV_SUN_2_HV_SUN_3_HV_SUN_4_HV_SUN_6_HV_CHR_5():
    # Checks HV-SUN-2, HV-SUN-3, HV-SUN-4, HV-SUN-6, HV-CHR-5.
    s = sc.fresh(3, assign="Early Riser:Compost Cabin;Architect:Bakehouse;Trader:Bakehouse")
    assert s.phase == "sunrise" and s.round == 1 and len(s.display) == 3  # swap in round 1 too
    s.tile = [9, 2, 5]
    s.display = [1, 7, 10]
    s.frames = [Income(), SunriseSwap(2), SunriseSwap(1), SunriseSwap(0)]  # Early Riser first
    s.coins, s.fert = [0, 0, 0], [0, 0, 0]
    give_building(s, 0, "Compost Bin")
    sc.touch(s)
    s.apply("sunrise 1")
    assert s.coins[0] == 1  # Early Riser's coin
    s.apply("sunrise 9")  # takes the tile seat 0 just gave up
    s.apply("sunrise 7")
    assert s.tile == [1, 9, 7]
    # income: tile #1 (1 coin) + Compost Cabin (2 fert) + Compost Bin (1 fert)
    assert s.coins[0] == 2 and s.fert[0] == 3 and s.coins[1] == 3 + 2 and s.coins[2] == 4 + 2
    assert turn_order(s) == [0, 2, 1] and s.current_player == 0


def test_placement_spaces_HV_ACT_3_HV_ACT_4_HV_ACT_8_HV_FFB_1():
    # Checks HV-ACT-3, HV-ACT-4, HV-ACT-8, HV-FFB-1.
    s = action_turn()
    town = {"GS-3", "GS-2", "GS-inf", "F-3", "F-2", "F-1", "W-3", "W-2", "W-1", "TP-2", "TP-inf",
            "FM-A", "FM-B", "FM-C"}
    assert legal(s) == {f"place {n}" for n in town} | {"place FF-1", "place FF-2", "place FF-3"}
    assert s.wb[0] == 3 and s.basket[0] == 1
    s.occ[space_id("GS-3")] = [1]
    s.occ[space_id("GS-inf")] = [1, 2]
    s.occ[space_id("FF-1")] = [1]
    s.basket[0] = 0
    sc.touch(s)
    opts = legal(s)
    assert "place GS-3" not in opts and "place GS-inf" in opts
    assert not any(o.startswith("place FF") for o in opts)  # wheelbarrows never go there
    assert_illegal(s, "place GS-3")


def test_general_store_menu_HV_GS_1_HV_GS_2_HV_GS_4_HV_GS_5_HV_ACT_5_HV_ACT_6():
    # Checks HV-GS-1, HV-GS-2, HV-GS-4, HV-GS-5.
    s = action_turn()
    s.coins[0], s.water[0], s.cap[0], s.fert[0], s.seeds[0] = 3, 1, 4, 9, [0, 0, 0, 0]
    s.apply("place GS-3")
    words = {a.split()[0] for a in legal(s)}
    assert words == {"fertilizer", "fill", "buy", "done"}
    s.apply("fertilizer")  # offered at 9, gain lost
    assert s.fert[0] == 9
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


def test_crop_cycle_HV_FLD_1_HV_FLD_2_HV_FLD_6_HV_FLD_7_HV_FLD_8_HV_RND_3():
    # Checks HV-FLD-1, HV-FLD-2, HV-FLD-6, HV-FLD-7, HV-FLD-8.
    """Plant → Tend → Harvest; a bush stays seed side up and needs tending again (edge 3)."""
    s = action_turn()
    s.seeds[0], s.fert[0], s.water[0], s.cap[0], s.coins[0], s.score[0] = [1, 0, 1, 0], 1, 3, 3, 0, 0
    s.apply("place F-3")
    assert {a.split()[0] for a in legal(s)} == {"plant", "harvest", "done"}
    s.apply("plant blueberry 1,1")
    _finish_sub(s)
    assert s.farm[0][0] == SEED0 + 2 and s.fert[0] == 0
    s.apply("tend blueberry 1,1")
    _finish_sub(s)
    assert s.farm[0][0] == CROP0 + 2 and s.water[0] == 2
    s.apply("harvest")
    assert s.score[0] == 4 and s.coins[0] == 1  # scored at once (HV-RND-3)
    assert s.farm[0][0] == SEED0 + 2  # the bush stays, seed side up
    s.apply("done")
    sc.at_turn(s, 0)
    s.apply("place F-1")
    s.apply("harvest")
    assert s.score[0] == 4 and s.coins[0] == 1  # untended bush scores nothing
    s.apply("done")
    sc.at_turn(s, 0)
    sc.set_farm(s, 0, {"2,1": "wheat crop", "2,2": "strawberry crop"})
    s.apply("place F-2")
    s.apply("harvest")
    assert s.score[0] == 6 and s.coins[0] == 3 and s.fert[0] == 1
    assert s.farm[0][5] == s.farm[0][6] == EMPTY


def test_workshop_menu_HV_WS_1_HV_WS_3_HV_WS_8_HV_WS_9_HV_RES_3():
    # Checks HV-WS-1, HV-WS-3, HV-WS-8, HV-WS-9, HV-RES-3.
    s = action_turn()
    sc.set_farm(s, 0, {"1,5": "forest"})
    s.coins[0], s.cap[0], s.water[0] = 0, 5, 2
    _bottom(s, "gazebo")
    s.apply("place W-3")
    words = {a.split()[0] for a in legal(s)}
    assert words == {"build", "done"}  # Architect: the 2-coin row is free (never below 0)
    s.apply("build Gazebo 1,1")
    assert s.ws[4] == -1 and s.coins[0] == 0 and not _in_visit(s)
    sc.at_turn(s, 0)
    s.coins[0] = 5
    s.apply("place W-2")
    s.apply("upgrade")
    assert s.cap[0] == 6 and s.water[0] == 2  # water unchanged
    s.apply("clear 1,5")
    assert s.farm[0][4] == EMPTY
    sc.at_turn(s, 0)
    s.apply("place W-1")
    assert "upgrade" not in legal(s)  # capacity 6
    assert not any(a.startswith("clear") for a in legal(s))  # no forest left
    assert s.ws[4] == -1


def test_built_action_building_works_this_round_HV_WS_7():
    # Checks HV-WS-7.
    s = action_turn()
    s.coins[0] = 10
    _bottom(s, "seed shed")
    s.apply("place W-1")
    s.apply("build Seed Shed 1,1")
    sc.at_turn(s, 0)
    assert "place Seed Shed" in legal(s)


def test_trading_post_rules_HV_TP_2_HV_TP_3_HV_TP_4():
    # Checks HV-TP-2, HV-TP-3, HV-TP-4.
    s = action_turn()
    s.seeds[0], s.fert[0], s.water[0], s.coins[0], s.cap[0] = [1, 0, 0, 0], 0, 0, 5, 3
    s.apply("place TP-2")
    s.apply("pay wheat")
    assert {"fertilizer", "harvest", "upgrade", "buy 1 wheat"} <= legal(s)
    s.apply("buy 1 pumpkin")
    assert "pay pumpkin" in legal(s)  # bought this visit, pays the next action
    s.apply("pay pumpkin")
    s.apply("upgrade")
    assert s.cap[0] == 4 and not _in_visit(s)
    s2 = action_turn()
    s2.seeds[0], s2.coins[0] = [2, 0, 0, 0], 5
    s2.apply("place TP-2")
    s2.apply("pay wheat")
    s2.apply("upgrade")
    s2.apply("pay wheat")
    assert "upgrade" not in legal(s2)  # two Workshop actions must differ


def test_resources_bounds_no_trade_HV_RES_1_HV_RES_2_HV_RES_7():
    # Checks HV-RES-1, HV-RES-2, HV-RES-7.
    s = action_turn()
    s.coins[0], s.water[0], s.cap[0] = 500, 2, 3
    s.apply("place GS-3")
    s.apply("fertilizer")
    s.apply("fill")
    assert s.water[0] == 3 and s.coins[0] == 499  # no coin cap
    others = [(s.coins[x], s.water[x], s.fert[x], list(s.seeds[x]), s.score[x]) for x in (1, 2)]
    s.apply("done")
    assert others == [(s.coins[x], s.water[x], s.fert[x], list(s.seeds[x]), s.score[x]) for x in (1, 2)]
    assert all(v >= 0 for v in (s.coins[0], s.water[0], s.fert[0], *s.seeds[0]))


def test_sunset_and_carry_over_HV_SS_1_HV_SS_2_HV_SS_3_HV_SS_4_HV_FFS_1_HV_FFS_2_HV_RND_4():
    # Checks HV-SS-1, HV-SS-2, HV-SS-3, HV-SS-4, HV-FFS-1, HV-FFS-2, HV-RND-4.
    s = action_turn()
    sc.set_farm(s, 0, {"1,1": "wheat crop", "1,2": "pumpkin seed"})
    sc.give_cards(s, 0, "Apple Pie")
    s.seeds[0] = [3, 1, 0, 0]
    s.occ[space_id("F-1")] = [0]
    ws, tops = list(s.ws), [st[-1] for st in s.mstacks]
    p1, p2, p3 = s.p1, s.p2, deck_top(s)
    for x in range(3):
        s.wb[x] = s.mice[x] = s.basket[x] = 0
    s.frames, s.queue, s.cycle_placed = [], [], False
    s._advance()
    assert s.round == 2 and s.phase == "sunrise"
    assert all(not o for o in s.occ)
    assert s.ws[2:] == ws[:4] and s.ws[:2] != ws[:2]
    assert all(t in s.mgone for t in tops) and all(len(st) == 3 for st in s.mstacks)
    assert p1 in s.fdiscard and s.p1 == p2 and s.p2 == p3
    assert s.farm[0][0] == CROP0 and s.farm[0][1] == SEED0 + 3 and s.seeds[0] == [3, 1, 0, 0]
    assert festival_id("Apple Pie") in s.cards[0]
    while s.phase != "action":
        s.apply(s.legal_actions()[0])
    assert s.wb == [3, 3, 3] and s.basket == [1, 1, 1]


def test_market_rules_HV_FM_1_HV_FM_3_HV_FM_4_HV_FM_5():
    # Checks HV-FM-1, HV-FM-3, HV-FM-4, HV-FM-5.
    assert len(MARKET) == 16 and all(m.effect for m in MARKET)
    s = action_turn("Finn & Maisie:Bakehouse")
    s.mstacks[0][-1] = 9
    s.coins[0], s.score[0] = 5, 0
    s.apply("place FM-A maisie")
    assert legal(s) == {"market", "done"}
    s.apply("market")
    assert s.coins[0] == 2 and s.score[0] == 5 and s.mstacks[0][-1] == 9
    assert s.frames[-1].kind != "market"  # once, no extra action for Maisie


def test_festival_board_HV_FFB_4_HV_FFB_6_HV_FFB_7_HV_FFC_1_HV_FFC_3():
    # Checks HV-FFB-4, HV-FFB-6, HV-FFB-7, HV-FFC-1, HV-FFC-3.
    s = action_turn("Finn & Maisie:Bakehouse")
    fest = {o for o in legal(s) if "FF" in o}
    assert fest == {"place FF-1", "place FF-2", "place FF-3"}  # no mouse there
    assert "reminder" not in json.dumps(s.to_json()).lower()
    sc.set_farm(s, 0, {"1,1": "pumpkin crop"})
    sc.set_market(s, "Apple Pie", "Funnel Cake", "Pecan Pie")
    s.coins[0], s.score[0] = 6, 0
    s.apply("place FF-2")
    assert s.score[0] == 6 and s.coins[0] == 7
    s.apply("card P3")
    assert s.coins[0] == 4
    assert "Apple Pie" in s.observation(1)["seats"][0]["festival_cards"]
    for pos, price in ((2, 2), (1, 1)):
        t = action_turn()
        sc.set_market(t, "Apple Pie", "Funnel Cake", "Pecan Pie")
        t.coins[0] = 5
        t.apply("place FF-1")
        t.apply(f"card P{pos}")
        assert t.coins[0] == 7 - price


def test_deck_exhaustion_HV_FFC_7():
    # Checks HV-FFC-7.
    s = action_turn()
    s.fdeck, s.fdiscard = [], []
    s.p2, s.p1 = festival_id("Apple Pie"), -1
    shift(s)
    assert s.p1 == festival_id("Apple Pie") and s.p2 == -1 and deck_top(s) == -1
    s.fdiscard = [festival_id("Pecan Pie"), festival_id("Funnel Cake")]
    shift(s)
    # the two discards became the new deck: one fills P2, the other shows in P3 (deck of 1)
    assert s.p1 == festival_id("Apple Pie")
    assert {s.p2, deck_top(s)} == {festival_id("Pecan Pie"), festival_id("Funnel Cake")}
    assert len(s.fdeck) == 1 and s.fdiscard == []


def test_francie_one_card_and_coin_HV_FRA_2():
    # Checks HV-FRA-2.
    s = action_turn("Francie:Bakehouse")
    sc.set_market(s, "Apple Pie", "Funnel Cake", "Pecan Pie")
    s.coins[0] = 0
    s.apply("place FF-3")
    assert {"card P1", "card P2", "card P3", "coin"} <= legal(s)
    s.apply("coin")
    assert s.coins[0] == 1 and s.cards[0] == []
    sc.at_turn(s, 0)
    s.basket[0], s.occ[space_id("FF-1")] = 1, []
    s.apply("place FF-1")
    s.apply("card P3")
    assert not any(a.startswith("card") for a in legal(s))  # one card per purchase chance


def test_maisie_trading_post_pays_each_HV_FNM_5_HV_FNM_3():
    # Checks HV-FNM-5, HV-FNM-3.
    s = action_turn("Finn & Maisie:Bakehouse")
    s.seeds[0], s.fert[0], s.water[0] = [3, 0, 0, 0], 0, 0
    s.apply("place TP-2 maisie")
    for _ in range(3):
        s.apply("pay wheat")
        s.apply("fertilizer")
    assert s.seeds[0][0] == 0 and s.fert[0] == 3 and not _in_visit(s)


def test_gairy_turn_after_each_cycle_HV_GAI_4_HV_GAI_11():
    # Checks HV-GAI-4, HV-GAI-11.
    s = sc.fresh(2, assign="Architect:Bakehouse;Trader:Bakehouse", fall_festival=False)
    while s.phase != "action":
        s.apply(s.legal_actions()[0])
    placed = sum(1 for o in s.occ for x in o if x == -1)
    assert placed == 0
    for _ in range(2):
        p = s.current_player
        s.apply("place GS-inf" if "place GS-inf" in legal(s) else sorted(legal(s))[0])
        while s.current_player == p and s.in_subdecision():
            s.apply("done")
    assert sum(1 for o in s.occ for x in o if x == -1) == 1 and s.g_wb == 2
    s.phase, s.frames = "over", []
    assert len(s.ranking()) == 2


def test_characters_and_farmhouses_HV_CHR_1_HV_CHR_2_HV_CHR_3_HV_CHR_6_HV_CHR_7():
    # Checks HV-CHR-1, HV-CHR-2, HV-CHR-3, HV-CHR-6, HV-CHR-7.
    names = {c.name for c in CHARACTERS}
    assert {"Pumpkin Patcher", "Berry Keeper", "Water Witch", "Lumberjack", "Architect", "Trader",
            "Market Regular", "Early Riser", "Francie", "Finn & Maisie"} == names
    s = sc.fresh(3, assign="Water Witch:Bakehouse;Berry Keeper:Bakehouse;Pumpkin Patcher:Bakehouse")
    assert (s.cap[0], s.water[0]) == (5, 5) and s.seeds[1] == [2, 2, 1, 0]
    assert all(isinstance(c, int) and c >= 0 for c in s.char + s.house)
    t = action_turn("Pumpkin Patcher:Bakehouse")
    t.coins[0] = 2
    t.apply("place GS-2")
    assert "buy 2 pumpkin" in legal(t) and "buy 3 pumpkin" not in legal(t)  # 1 coin each
    e = sc.fresh(2, assign="Architect:Windmill Farm;Trader:Orchard Manor")
    e.blds[0] = [[BB["compost bin"].id, 0], [BB["well"].id, 10]]
    sc.set_farm(e, 1, {"1,1": "blueberry seed", "1,2": "blueberry crop"})
    e.phase, e.frames = "over", []
    assert e.score_parts(0)["farmhouse"] == 6 and e.score_parts(1)["farmhouse"] == 4


def test_final_scoring_parts_HV_END_2_HV_END_3_HV_END_4_HV_END_5_HV_END_6_HV_FFE_1_HV_FFE_2():
    # Checks HV-END-2, HV-END-3, HV-END-4, HV-END-5, HV-END-6, HV-FFE-1, HV-FFE-2.
    s = sc.fresh(2, assign="Architect:Bakehouse;Trader:Bakehouse")
    s.score[0], s.coins[0], s.fert[0], s.water[0], s.seeds[0] = 150, 0, 5, 3, [4, 4, 4, 4]
    s.blds[0] = [[BB["barn"].id, 0]]
    sc.set_farm(s, 0, {"3,1": "pumpkin crop"})
    s.cards[0] = [festival_id("Apple Pie"), festival_id("Pecan Pie"), festival_id("Funnel Cake")]
    s.fdiscard.append(festival_id("Harvest Garland"))  # a spent novelty scores nothing
    s.phase, s.frames = "over", []
    b = s.score_parts(0)
    assert b["buildings"] == 2 + 5 and b["pies"] == 5 and b["novelties"] == 1
    assert s.total(0) == 150 + 7 + 5 + 1  # water, seeds and crops score nothing; no cap
    s.score[1] = s.total(0) - sum(v for k, v in s.score_parts(1).items() if k != "track")
    s.tile = [4, 6]
    assert s.ranking() == [1, 2]


def test_cornucopia_any_type_planted_at_once_HV_NOV_7_HV_NOV_5():
    # Checks HV-NOV-7, HV-NOV-5.
    """Cornucopia during a Plant from a Market tile: a blueberry seed, planted for 1 fertilizer."""
    s = action_turn("Pumpkin Patcher:Bakehouse")
    s.mstacks[0][-1] = 5  # tile #6: one Fields action
    s.seeds[0], s.fert[0] = [0, 1, 0, 0], 1
    sc.give_cards(s, 0, "Overflowing Cornucopia")
    s.apply("place FM-A")
    s.apply("market")
    s.apply("plant strawberry 1,1")
    assert "use Overflowing Cornucopia blueberry" in legal(s)
    s.apply("use Overflowing Cornucopia blueberry")
    assert s.seeds[0] == [0, 0, 1, 0]
    s.apply("plant blueberry 1,2")
    assert s.farm[0][1] == SEED0 + 2 and s.fert[0] == 0 and s.seeds[0] == [0, 0, 0, 0]
    assert festival_id("Overflowing Cornucopia") in s.fdiscard


def test_setup_choices_are_masked_in_shared_notation_HV_SET_8():
    """HV-SET-8: the kept character and farmhouse stay secret until all have chosen, so the
    notation shown to the table (public_notation) hides which one was kept."""
    import acreage

    state = acreage.new_game("harvest", players=2, seed=3)
    action = state.legal_actions()[0]
    text = state.public_notation(action)
    assert text.endswith("(face down)")
    assert str(action) != text and str(action).split()[-1] not in text
