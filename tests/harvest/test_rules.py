"""Rules by area, with the checklist's worked examples (HV-EX-n) as their own tests."""

from __future__ import annotations

import pytest

from acreage import OptionError, new_game
from acreage.games.harvest import scenario as sc
from acreage.games.harvest.constants import EMPTY, FF1
from acreage.games.harvest.content import CHARACTERS, FESTIVAL_BY_NAME
from acreage.games.harvest.frames import Income, SunriseSwap
from acreage.games.harvest.gairy import gairy_place
from acreage.games.harvest.queries import turn_order
from acreage.games.harvest.scoring import pie_points

from .helpers import action_phase_start, legal


# ------------------------------------------------------------------ setup
def test_player_counts_HV_SET_1():
    """HV-SET-1: 1–4 players; other counts are refused."""
    for n in (1, 2, 3, 4):
        assert new_game("harvest", players=n, seed=1).num_players == n
    for bad in (0, 5):
        with pytest.raises(OptionError):
            new_game("harvest", players=bad)


def test_starting_supply_and_board_HV_SET_6_HV_SET_7_HV_SET_11_HV_SET_12():
    # Checks HV-SET-6, HV-SET-7, HV-SET-11, HV-SET-12.
    s = sc.fresh(3, assign="Trader:Bakehouse;Architect:Well House;Lumberjack:Seed Loft")
    assert s.coins[0] == 3 and s.cap[0] == 3 and s.water[0] == 3 and s.fert[0] == 1
    assert s.seeds[0] == [2, 2, 0, 0]
    assert sum(1 for v in s.farm[0] if v == 1) == 8  # forests in columns 4-5
    assert len([b for b in s.ws if b >= 0]) == 6
    assert [len(st) for st in s.mstacks] == [4, 4, 4]


def test_deal_two_keep_one_secret_HV_SET_8():
    """HV-SET-8: two dealt, one kept; the choice is hidden until everybody has chosen."""
    s = new_game("harvest", players=2, seed=4)
    assert s.current_player == 0 and len(s.legal_actions()) == 2
    s.apply(s.legal_actions()[0])
    assert s.observation(1)["seats"][0]["character"] is None
    assert s.observation(0)["seats"][0]["character"] is not None
    while s.phase == "setup":
        s.apply(s.legal_actions()[0])
    assert s.observation(1)["seats"][0]["character"] is not None


def test_option_off_HV_FFO_1():
    """Edge 16 / HV-FFO-1: no basket, no #11, no expansion characters, no purchase on Harvest."""
    for seed in range(20):
        s = new_game("harvest", players=4, seed=seed, fall_festival=False)
        assert 11 not in s.tile + s.sun_stack
        assert not any(CHARACTERS[c].expansion for d in s.dealt_c for c in d)
        assert not s.fdeck and s.p1 < 0 and s.p2 < 0 and s.fdiscard == []
    s = action_phase_start(3, fall_festival=False)
    assert not any(a.startswith("place FF") for a in legal(s))


# ------------------------------------------------------------------ sunrise
def test_sunrise_swap_order_HV_EX_7_HV_SUN_1_to_6():
    # Checks HV-SUN-1, HV-SUN-2, HV-SUN-3, HV-SUN-4, HV-SUN-5, HV-SUN-6.
    """HV-EX-7: A #2, B #5, C #9; display #1, #7, #10."""
    s = sc.fresh(3, assign="Trader:Seed Loft;Architect:Seed Loft;Lumberjack:Seed Loft")
    s.tile = [2, 5, 9]
    s.display = [1, 7, 10]
    s.frames = [Income(), SunriseSwap(2), SunriseSwap(1), SunriseSwap(0)]
    s.coins = [0, 0, 0]
    s.fert = [0, 0, 0]
    s.water = [0, 0, 0]
    s.seeds = [[0] * 4 for _ in range(3)]
    sc.touch(s)
    s.apply("sunrise 10")
    s.apply("sunrise 1")
    s.apply("sunrise 2")
    assert sorted(s.display) == [5, 7, 9]
    assert s.coins == [5, 1, 0] and s.fert[2] == 1 and s.water[0] == 3
    assert turn_order(s) == [1, 2, 0] and s.current_player == 1


# ------------------------------------------------------------------ fields
def test_harvest_three_types_HV_EX_2_HV_FLD_5_to_8_HV_RES_4():
    # Checks HV-EX-2, HV-FLD-5, HV-RES-4, HV-FLD-6, HV-FLD-7, HV-FLD-8.
    s = action_phase_start(3)
    sc.at_turn(s, 0)
    sc.set_farm(s, 0, {"1,1": "wheat crop", "1,2": "wheat crop", "2,1": "pumpkin crop",
                       "3,1": "blueberry crop",
                       "3,2": "blueberry crop", "2,2": "strawberry seed"}, clear=True)
    s.score[0], s.coins[0], s.fert[0] = 10, 1, 8
    s.occ = [[] for _ in s.occ]
    s.apply("place F-1")
    s.apply("harvest")
    assert s.score[0] == 26 and s.coins[0] == 4 and s.fert[0] == 9
    f = s.farm[0]
    assert f[0] == f[1] == f[5] == 0
    assert f[10] == f[11] == 3 + 2  # bushes back to seed side
    assert f[6] == 3 + 1  # strawberry seed untouched
    assert any(a.startswith("card") for a in legal(s))  # HV-FFC-2


def test_empty_harvest_still_buys_HV_FLD_9_HV_FFC_2():
    # Checks HV-FLD-9, HV-FFC-2.
    s = action_phase_start(3)
    sc.at_turn(s, 0)
    s.occ = [[] for _ in s.occ]
    s.coins[0] = 5
    s.apply("place F-1")
    s.apply("harvest")
    assert "card P3" in legal(s)


def test_plant_tend_costs_HV_FLD_3_HV_FLD_4():
    # Checks HV-FLD-3, HV-FLD-4.
    s = action_phase_start(3)
    sc.at_turn(s, 0)
    s.occ = [[] for _ in s.occ]
    s.seeds[0] = [1, 0, 0, 2]
    s.fert[0] = 2
    s.water[0] = 3
    s.apply("place F-3")
    s.apply("plant pumpkin 1,1")
    assert s.fert[0] == 1
    assert "plant wheat 1,2" not in legal(s)  # one crop type per Plant
    s.apply("done")
    s.apply("tend pumpkin 1,1")
    assert s.water[0] == 1


# ------------------------------------------------------------------ workshop
def test_build_over_crops_HV_EX_8_HV_WS_5_HV_WS_6():
    # Checks HV-EX-8, HV-WS-5, HV-WS-6.
    s = action_phase_start(3)
    sc.at_turn(s, 0)
    s.occ = [[] for _ in s.occ]
    sc.set_farm(s, 0, {"1,4": "empty", "1,1": "blueberry crop", "2,2": "wheat seed"})
    s.coins[0] = 2
    bottom = s.ws[4]
    from acreage.games.harvest.content import BUILDINGS
    name = BUILDINGS[bottom].name
    s.apply("place W-1")
    opts = legal(s)
    assert f"build {name} 1,1" in opts
    assert f"build {name} 1,3" not in opts and f"build {name} 3,4" not in opts
    s.apply(f"build {name} 1,1")
    assert s.coins[0] == 0 and s.farm[0][0] == 2 and s.farm[0][6] == 2 and s.score[0] == 0


def test_workshop_not_equal_HV_WS_2():
    # Checks HV-WS-2.
    """Edge 5: W-3 offers each action once."""
    s = action_phase_start(3)
    sc.at_turn(s, 0)
    s.occ = [[] for _ in s.occ]
    s.coins[0] = 10
    s.apply("place W-3")
    s.apply("upgrade")
    assert "upgrade" not in legal(s)


def test_maisie_and_finn_HV_EX_4_HV_FNM_2_HV_FNM_3():
    # Checks HV-EX-4, HV-FNM-2, HV-FNM-3.
    s = action_phase_start(3, assign="Finn & Maisie:Bakehouse;Architect:Well House;Lumberjack:Seed Loft")
    sc.at_turn(s, 0)
    s.occ = [[] for _ in s.occ]
    s.coins[0], s.cap[0], s.water[0] = 6, 3, 0
    sc.set_farm(s, 0, {"1,5": "forest"}, clear=True)
    s.apply("place W-2 maisie")
    s.apply("upgrade")
    s.apply("upgrade")
    face = 1 + s.rng.clone().below(6)  # the forest die this clear rolls (HV-SET-13)
    s.apply("clear 1,5")
    # HV-EX-4: 6 - 1 - 1 - 2 = 2 coins, plus the die's coins (HV-WS-4: face 1 gives 2, face 5 gives 1)
    assert s.coins[0] == 2 + {1: 2, 5: 1}.get(face, 0) and s.cap[0] == 5
    assert s.farm[0][4] == EMPTY
    sc.at_turn(s, 0)
    before = s.coins[0]
    s.apply("place GS-2 finn")
    s.apply("buy 3 pumpkin")
    s.apply("fill")
    assert s.coins[0] == before and s.water[0] == 5


# ------------------------------------------------------------------ trading post
def test_trading_post_payments_HV_EX_9_HV_TP_1():
    # Checks HV-EX-9, HV-TP-1.
    s = action_phase_start(3, assign="Architect:Bakehouse;Architect:Well House;Lumberjack:Seed Loft")
    sc.at_turn(s, 0)
    s.occ = [[] for _ in s.occ]
    s.seeds[0] = [0, 1, 0, 0]
    s.fert[0], s.water[0], s.cap[0] = 2, 3, 3
    sc.set_farm(s, 0, {"1,1": "pumpkin seed"}, clear=True)
    s.apply("place TP-2")
    s.apply("pay strawberry")
    s.apply("tend pumpkin 1,1")
    assert s.water[0] == 1
    assert "pay water" not in legal(s) and "pay fertilizer" in legal(s)


# ------------------------------------------------------------------ festival
def test_pie_sets_HV_EX_1_HV_PIE_2_HV_PIE_3():
    # Checks HV-EX-1, HV-PIE-2, HV-PIE-3.
    s = sc.fresh(3)
    for names, want in ((["Apple Pie"] * 2 + ["Strawberry Pie", "Blueberry Pie"], 10),
                        (["Apple Pie"] * 2 + ["Strawberry Pie"] * 2 + ["Blueberry Pie"], 13),
                        (["Apple Pie", "Strawberry Pie", "Blueberry Pie", "Pecan Pie", "Pumpkin Pie",
                          "Apple Pie"],
                         18)):
        s.cards[0] = [FESTIVAL_BY_NAME[n.lower()].id for n in names]
        assert pie_points(s, 0) == want


def test_francie_free_and_ff1_HV_EX_3_HV_FRA_1_HV_FFB_3_HV_FFC_4():
    # Checks HV-EX-3, HV-FRA-1, HV-FFB-3, HV-FFC-4.
    s = action_phase_start(3, assign="Francie:Bakehouse;Architect:Well House;Lumberjack:Seed Loft")
    sc.at_turn(s, 0)
    s.occ = [[] for _ in s.occ]
    s.coins[0] = 0
    sc.set_market(s, "Apple Pie", "Funnel Cake", "Pecan Pie")
    s.apply("place FF-1")
    s.apply("card P3")
    assert s.coins[0] == 2 and FESTIVAL_BY_NAME["apple pie"].id in s.cards[0]
    assert s.p2 == FESTIVAL_BY_NAME["funnel cake"].id


def test_gap_until_end_of_turn_HV_EX_6_HV_FFC_4_HV_FFC_6():
    # Checks HV-EX-6, HV-FFC-4, HV-FFC-6.
    s = action_phase_start(3)
    sc.at_turn(s, 0)
    s.occ = [[] for _ in s.occ]
    s.coins[0], s.seeds[0] = 5, [2, 0, 0, 0]
    sc.set_market(s, "Apple Pie", "Funnel Cake", "Pecan Pie")
    s.apply("place TP-2")
    s.apply("pay wheat")
    s.apply("harvest")
    s.apply("card P2")
    s.apply("pay wheat")
    s.apply("harvest")
    assert "card P2" not in legal(s) and {"card P1", "card P3"} <= legal(s)
    s.apply("done")
    # HV-FFC-6: at the end of the turn Pecan Pie stays in P1 and the deck top (Apple Pie, shown in
    # P3) moves down to fill P2; the deck's next card shows in P3.
    assert s.p2 == FESTIVAL_BY_NAME["apple pie"].id
    assert s.p1 == FESTIVAL_BY_NAME["pecan pie"].id


def test_novelty_not_same_turn_HV_NOV_3_HV_EX_12():
    # Checks HV-NOV-3, HV-EX-12.
    s = action_phase_start(3)
    sc.at_turn(s, 0)
    s.occ = [[] for _ in s.occ]
    s.seeds[0], s.fert[0] = [2, 0, 0, 0], 1
    sc.set_farm(s, 0, {}, clear=True)
    sc.give_cards(s, 0, "Overflowing Cornucopia")
    s.apply("place F-1")
    s.apply("plant wheat 1,1")
    s.apply("plant wheat 1,2")
    s.apply("use Overflowing Cornucopia pumpkin")
    s.apply("plant pumpkin 2,1")
    assert s.fert[0] == 0 and s.farm[0][5] == 3 + 3
    s2 = action_phase_start(3)
    sc.at_turn(s2, 0)
    s2.occ = [[] for _ in s2.occ]
    s2.seeds[0] = [2, 0, 0, 0]
    sc.set_farm(s2, 0, {}, clear=True)
    sc.give_cards(s2, 0, "Overflowing Cornucopia", fresh_=True)
    s2.apply("place F-1")
    s2.apply("plant wheat 1,1")
    assert not any(a.startswith("use") for a in legal(s2))


def test_gairy_festival_discard_HV_EX_5_HV_GAI_6():
    # Checks HV-EX-5, HV-GAI-6.
    s = action_phase_start(2, assign="Architect:Bakehouse;Trader:Well House")
    sc.set_market(s, "Strawberry Pie", "Harvest Hay Ride", "Pumpkin Pie")
    s.occ = [[] for _ in s.occ]
    s.g_bk = 1
    assert gairy_place(s, "festival")
    assert s.occ[FF1] == [-1]
    assert s.p1 == FESTIVAL_BY_NAME["harvest hay ride"].id and s.p2 == FESTIVAL_BY_NAME["strawberry pie"].id
    assert FESTIVAL_BY_NAME["pumpkin pie"].id in s.fdiscard
    assert not gairy_place(s, "festival")  # no basket left: replacement (HV-GAI-7)


def test_gairy_solo_places_highest_HV_EX_11_HV_GAI_5_HV_GAI_7():
    # Checks HV-EX-11, HV-GAI-5, HV-GAI-7.
    s = action_phase_start(1, assign="Architect:Bakehouse", fall_festival=False)
    s.occ = [[] for _ in s.occ]
    from acreage.games.harvest.content import SPACE_BY_NAME as SB
    s.occ[SB["f-3"].id] = [0]
    s.g_wb = 6
    assert gairy_place(s, "fields") and s.occ[SB["f-2"].id] == [-1]
    assert gairy_place(s, "tp") and s.occ[SB["tp-2"].id] == [-1]
    assert not gairy_place(s, "tp")  # TP-inf is never used
    assert gairy_place(s, "fields") and not gairy_place(s, "fields")


def test_final_scoring_and_tiebreak_HV_EX_10_HV_END_1_to_5():
    # Checks HV-EX-10, HV-END-1, HV-END-2, HV-END-3, HV-END-4, HV-END-5.
    s = sc.fresh(2, assign="Architect:Windmill Farm;Trader:Bakehouse")
    from acreage.games.harvest.content import BUILDING_BY_NAME as BB
    s.score[0], s.coins[0], s.fert[0] = 41, 7, 4
    s.blds[0] = [[BB["gazebo"].id, 0], [BB["compost bin"].id, 10]]
    names = ("apple pie", "pecan pie", "funnel cake", "harvest garland")
    s.cards[0] = [FESTIVAL_BY_NAME[n].id for n in names]
    s.phase = "over"
    s.frames = []
    assert s.total(0) == 41 + 7 + 8 + 6 + 5 + 2
    s.score[1] = s.total(0) - sum(v for k, v in s.score_parts(1).items() if k != "track")
    s.tile = [8, 3]
    assert s.total(1) == s.total(0) and s.ranking() == [2, 1]


def test_solo_result_HV_GAI_12():
    # Checks HV-GAI-12.
    s = sc.fresh(1, assign="Architect:Bakehouse")
    s.phase, s.frames, s.score[0], s.coins[0] = "over", [], 81, 0
    r = s.solo_result()
    assert r["tier"] == "Silver" and r["tiers"]["Bronze"] == 65
