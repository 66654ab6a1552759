"""Exact outcomes for Gairy's placements (HV-GAI-5, HV-GAI-6, HV-GAI-7, HV-FFC-6) and for Market
tile costs (HV-FM-1, HV-FM-3, HV-FM-5), where a rule test could otherwise pass with the wrong
card discarded, the wrong piece count or the wrong resource paid.

Market tiles are data (HV-FM-5); each case names the tile by its index and states the cost and
effect it carries in the content: #1 1 coin, 1 fertilizer and a full bucket; #2 2 coins, plant a
pumpkin; #3 1 fertilizer, 3 coins; #4 2 water, 3 points; #9 3 coins, 5 points; #10 1 seed of
any kind, 2 coins and 1 fertilizer. Market Stall makes every tile 1 coin cheaper, never below 0.
"""

from __future__ import annotations

import pytest

from acreage.games.harvest import scenario as sc
from acreage.games.harvest.constants import FF1, FF2, PUMPKIN, STRAW
from acreage.games.harvest.content import FESTIVAL, MARKET
from acreage.games.harvest.gairy import gairy_place

from .helpers import action_turn, festival_id, give_building, space_id


def gairy_game():
    """Two players, action phase, every space open."""
    s = action_turn(players=2)
    return s


# ----------------------------------------------------------------------------- Gairy (HV-GAI)
def test_festival_tile_discards_p2_when_p1_is_empty_HV_GAI_6_HV_FFC_6():
    """HV-GAI-6: P1 empty, so the lowest-cost occupied position is P2: its card is discarded;
    then (HV-FFC-6) P1 and P2 are filled from the deck top, P1 first."""
    s = gairy_game()
    sc.set_market(s, "Strawberry Pie", "Harvest Hay Ride", None)
    under = s.fdeck[-2]
    gone = len(s.fdiscard)
    s.g_bk = 2
    assert gairy_place(s, "festival")
    assert s.fdiscard[gone:] == [festival_id("Harvest Hay Ride")]
    assert (s.p1, s.p2) == (festival_id("Strawberry Pie"), under)
    assert s.occ[FF1] == [-1] and s.g_bk == 1


def test_festival_tile_discards_the_deck_top_when_p1_and_p2_are_empty_HV_GAI_6():
    """HV-GAI-6: with P1 and P2 empty, the P3 card (the deck top) is the one discarded; the next
    two deck cards then fill P1 and P2."""
    s = gairy_game()
    sc.set_market(s, "Strawberry Pie", None, None)
    nxt, after = s.fdeck[-2], s.fdeck[-3]
    gone = len(s.fdiscard)
    s.g_bk = 1
    assert gairy_place(s, "festival")
    assert s.fdiscard[gone:] == [festival_id("Strawberry Pie")]
    assert (s.p1, s.p2) == (nxt, after)
    assert s.g_bk == 0


def test_the_first_festival_card_can_be_discarded_from_p1_and_p2_HV_GAI_6():
    """HV-GAI-6: the card with the first index (here in P1, then in P2) is a card like any other."""
    first = FESTIVAL[0].id
    assert first == 0
    s = gairy_game()
    sc.set_market(s, "Strawberry Pie", "Harvest Hay Ride", None)
    s.p1 = first
    gone = len(s.fdiscard)
    s.g_bk = 1
    assert gairy_place(s, "festival")
    assert s.fdiscard[gone:] == [first]
    assert (s.p1, s.p2) == (festival_id("Harvest Hay Ride"), festival_id("Strawberry Pie"))
    s = gairy_game()
    sc.set_market(s, "Strawberry Pie", None, None)
    s.p2 = first
    s.g_bk = 1
    assert gairy_place(s, "festival")
    assert s.fdiscard[-1] == first and s.p1 == festival_id("Strawberry Pie")


def test_each_basket_goes_to_the_next_open_festival_space_HV_GAI_6():
    """HV-GAI-6: FF-1, then FF-2; one basket used per tile; with none left the tile is replaced
    (HV-GAI-7) and nothing changes."""
    s = gairy_game()
    sc.set_market(s, "Strawberry Pie", "Harvest Hay Ride", "Pumpkin Pie")
    s.g_bk = 2
    assert gairy_place(s, "festival") and gairy_place(s, "festival")
    assert s.occ[FF1] == [-1] and s.occ[FF2] == [-1] and s.g_bk == 0
    before = s.to_json()
    assert not gairy_place(s, "festival")
    assert s.to_json() == before


def test_the_last_wheelbarrow_is_placed_then_tiles_are_replaced_HV_GAI_5_HV_GAI_7():
    """HV-GAI-5, HV-GAI-7: with one wheelbarrow left Gairy still places it (highest open Fields
    space, F-3); with none left a Town tile places nothing."""
    s = gairy_game()
    s.g_wb = 1
    assert gairy_place(s, "fields")
    assert s.occ[space_id("F-3")] == [-1] and s.g_wb == 0
    before = s.to_json()
    assert not gairy_place(s, "workshop")
    assert s.to_json() == before


def test_market_tile_takes_the_first_open_market_space_HV_GAI_5():
    """HV-GAI-5: the Market has no action numbers; Gairy takes FM-A, then FM-B, then FM-C."""
    s = gairy_game()
    s.g_wb = 3
    for name in ("FM-A", "FM-B", "FM-C"):
        assert gairy_place(s, "market")
        assert s.occ[space_id(name)] == [-1]
    assert s.g_wb == 0


# ----------------------------------------------------------------------------- Market (HV-FM)
def market(tile: int, *, building: str | None = None):
    s = action_turn()
    s.mstacks[0][-1] = tile
    s.coins[0], s.fert[0], s.water[0], s.score[0] = 5, 2, 3, 0
    s.seeds[0] = [1, 1, 1, 1]
    if building:
        give_building(s, 0, building)
    sc.touch(s)
    s.apply("place FM-A")
    return s


def stock(s):
    return s.coins[0], s.fert[0], s.water[0], list(s.seeds[0]), s.score[0]


def test_fertilizer_cost_HV_FM_1():
    """HV-FM-1: tile #3 costs 1 fertilizer and gives 3 coins."""
    assert (MARKET[3].cost_fertilizer, MARKET[3].gain.coins) == (1, 3)
    s = market(3)
    s.apply("market")
    assert stock(s) == (8, 1, 3, [1, 1, 1, 1], 0)
    assert s.mstacks[0][-1] == 3  # HV-FM-3: the tile stays


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


def legal_market(s) -> set[str]:
    return {str(a) for a in s.legal_actions() if str(a).startswith("market")}


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
    assert s.coins[0] == 5 and s.fert[0] == 3
    s = market(3, building="Market Stall")
    s.apply("market")
    assert stock(s) == (8, 1, 3, [1, 1, 1, 1], 0)
    s = market(1)
    s.apply("market")
    assert s.coins[0] == 4 and s.fert[0] == 3
