"""Novelties (novelties.py): when a festival card may be discarded for its effect, and the effects
of the Overflowing Cornucopia, the Harvest Garland, the Hay Ride, the Funnel Cake and the Hand-Woven
Basket (HV-NOV)."""

from __future__ import annotations

from acreage.games.harvest import scenario as sc
from acreage.games.harvest.constants import FF1, FF2, SEED0
from acreage.games.harvest.queries import novelty_usable

from .helpers import (
    _finish_sub,
    action_phase_start,
    action_turn,
    conserved_market,
    farm,
    festival_id,
    legal,
    next_seat_to_place,
    round_trip,
    start,
)


def test_novelty_not_same_turn_HV_NOV_3_HV_EX_12():
    # Checks HV-NOV-3, HV-EX-12.
    s = action_phase_start(3)
    sc.at_turn(s, 0)
    s.occupants = [() for _ in s.occupants]
    s.seeds[0], s.fertilizer[0] = [2, 0, 0, 0], 1
    sc.set_farm(s, 0, {}, clear=True)
    sc.give_cards(s, 0, "Overflowing Cornucopia")
    s.apply("place F-1")
    s.apply("plant wheat 1,1")
    s.apply("plant wheat 1,2")
    s.apply("use Overflowing Cornucopia pumpkin")
    s.apply("plant pumpkin 2,1")
    assert s.fertilizer[0] == 0 and s.farm[0][5] == 3 + 3
    s2 = action_phase_start(3)
    sc.at_turn(s2, 0)
    s2.occupants = [() for _ in s2.occupants]
    s2.seeds[0] = [2, 0, 0, 0]
    sc.set_farm(s2, 0, {}, clear=True)
    sc.give_cards(s2, 0, "Overflowing Cornucopia", fresh_=True)
    s2.apply("place F-1")
    s2.apply("plant wheat 1,1")
    assert not any(a.startswith("use") for a in legal(s2))


def test_cornucopia_seed_is_planted_beside_the_action_crop_HV_NOV_7_HV_NOV_4():
    """HV-NOV-7: during a Plant of strawberries the Cornucopia's seed (wheat, then pumpkin) may
    be planted at once, alongside more strawberries; while that extra seed waits, the second
    Cornucopia held is not offered (the engine takes one at a time, R.CORNUCOPIA_DURING_PLANT);
    once it is planted the second copy may be used (HV-NOV-4)."""
    s = start()
    farm(s, {"1,1": "empty", "1,2": "empty", "1,3": "empty", "2,1": "empty"})
    s.seeds[0], s.fertilizer[0] = [0, 2, 0, 0], 1
    sc.give_cards(s, 0, "Overflowing Cornucopia", "Overflowing Cornucopia")
    s.apply("place F-1")
    s.apply("plant strawberry 1,1")
    use = {f"use Overflowing Cornucopia {c}" for c in ("wheat", "strawberry", "blueberry", "pumpkin")}
    assert legal(s) == {"plant strawberry 1,2", "plant strawberry 1,3", "plant strawberry 2,1",
                        "done"} | use
    s.apply("use Overflowing Cornucopia wheat")
    assert legal(s) == {f"plant {c} {cell}" for c in ("wheat", "strawberry")
                        for cell in ("1,2", "1,3", "2,1")} | {"done"}
    s.apply("plant wheat 1,2")
    assert legal(s) == {"plant strawberry 1,3", "plant strawberry 2,1", "done"} | use
    s.apply("use Overflowing Cornucopia pumpkin")
    assert legal(s) == {f"plant {c} {cell}" for c in ("strawberry", "pumpkin")
                        for cell in ("1,3", "2,1")} | {"done"}


def test_cornucopia_adds_one_seed_to_those_held_HV_NOV_7():
    """HV-NOV-7: the Cornucopia gains one seed: 2 blueberry seeds become 3."""
    s = action_turn("Pumpkin Patcher:Bakehouse")
    s.market_stacks[0][-1] = 5  # tile #6: one Fields action
    s.seeds[0], s.fertilizer[0] = [0, 1, 2, 0], 0
    sc.give_cards(s, 0, "Overflowing Cornucopia")
    s.apply("place FM-A")
    s.apply("market")
    s.apply("plant strawberry 1,1")
    assert s.seeds[0] == [0, 0, 2, 0]
    s.apply("use Overflowing Cornucopia blueberry")
    assert s.seeds[0] == [0, 0, 3, 0]


def test_cornucopia_any_type_planted_at_once_HV_NOV_7_HV_NOV_5():
    # Checks HV-NOV-7, HV-NOV-5.
    """Cornucopia during a Plant from a Market tile: a blueberry seed, planted for 1 fertilizer."""
    s = action_turn("Pumpkin Patcher:Bakehouse")
    s.market_stacks[0][-1] = 5  # tile #6: one Fields action
    s.seeds[0], s.fertilizer[0] = [0, 1, 0, 0], 1
    sc.give_cards(s, 0, "Overflowing Cornucopia")
    s.apply("place FM-A")
    s.apply("market")
    s.apply("plant strawberry 1,1")
    assert "use Overflowing Cornucopia blueberry" in legal(s)
    s.apply("use Overflowing Cornucopia blueberry")
    assert s.seeds[0] == [0, 0, 1, 0]
    s.apply("plant blueberry 1,2")
    assert s.farm[0][1] == SEED0 + 2 and s.fertilizer[0] == 0 and s.seeds[0] == [0, 0, 0, 0]
    assert festival_id("Overflowing Cornucopia") in s.festival_discards


def test_garland_after_harvest_copies_HV_NOV_8_HV_NOV_4_HV_NOV_5_HV_RES_2():
    # Checks HV-NOV-8, HV-NOV-4, HV-NOV-5, HV-RES-2.
    """Two Garlands after one Harvest (from FF-2): each +2 water (capped) and +4 points."""
    s = action_turn()
    sc.set_farm(s, 0, {"1,1": "strawberry crop"})
    s.water[0], s.bucket_capacity[0], s.points[0] = 0, 3, 0
    sc.give_cards(s, 0, "Harvest Garland", "Harvest Garland")
    s.apply("place FF-2")
    assert s.points[0] == 1
    s.apply("use Harvest Garland")
    assert s.water[0] == 2 and s.points[0] == 5
    s.apply("use Harvest Garland")
    assert s.water[0] == 3 and s.points[0] == 9  # 4 of 3: one water lost
    assert festival_id("Harvest Garland") not in s.cards[0]


def test_hay_ride_pays_trading_post_HV_NOV_9_HV_EX_9_HV_NOV_2_HV_NOV_6_HV_RES_8():
    # Checks HV-NOV-9, HV-NOV-2, HV-NOV-6, HV-RES-8.
    """HV-EX-9: Hay Ride between the two TP actions gives 2 fertilizer and a full bucket."""
    s = action_turn()
    s.seeds[0], s.fertilizer[0], s.water[0], s.bucket_capacity[0] = [0, 1, 0, 0], 2, 3, 3
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
    assert s.fertilizer[0] == 4 and s.water[0] == 3
    ride = festival_id("Harvest Hay Ride")
    assert ride not in s.cards[0] and ride in s.festival_discards
    assert {"pay water", "pay fertilizer"} <= legal(s)
    s.apply("pay water")
    s.apply("harvest")
    assert s.water[0] == 0 and s.points[0] == 6


def test_funnel_cake_at_general_store_only_HV_NOV_10_HV_NOV_6():
    # Checks HV-NOV-10, HV-NOV-6.
    s = action_turn()
    s.seeds[0], s.coins[0] = [0, 0, 0, 0], 0
    sc.give_cards(s, 0, "Funnel Cake")
    s.apply("place F-1")
    assert "use Funnel Cake" not in legal(s)
    sc.at_turn(s, 0)
    s.occupants = [() for _ in s.occupants]
    s.apply("place GS-2")
    s.apply("use Funnel Cake")
    assert s.seeds[0] == [1, 0, 1, 0]  # 1 wheat + 1 blueberry bush seed
    assert "use Funnel Cake" not in legal(s)


def test_hand_woven_basket_returns_HV_EX_13_HV_NOV_12():
    # Checks HV-EX-13, HV-NOV-12.
    s = action_phase_start(3)
    sc.at_turn(s, 0)
    s.occupants = [() for _ in s.occupants]
    sc.give_cards(s, 0, "Hand-Woven Basket")
    s.apply("place FF-2")
    s.apply("use Hand-Woven Basket")
    while s.current_player == 0 and s.frames[-1].kind != "turn":
        s.apply("done")
    assert s.basket[0] == 1 and 0 not in s.occupants[FF2]


def test_hand_woven_basket_returns_at_the_end_of_the_turn_HV_NOV_12_HV_FFB_3():
    """HV-NOV-12: the basket placed on FF-1 with a Hand-Woven Basket discarded resolves FF-1
    (+2 coins, a purchase), and at the end of the turn comes back, leaving FF-1 open; the card
    bought on that turn is no longer new (HV-NOV-3). Each step saves and loads (HV-RES-6)."""
    s = start()
    conserved_market(s, "Strawberry Pie", "Pecan Pie", "Funnel Cake", "Hand-Woven Basket")
    s.coins[0] = 4
    s.apply("place FF-1")
    assert legal(s) == {"use Hand-Woven Basket", "done"}
    round_trip(s)
    s.apply("use Hand-Woven Basket")
    assert s.coins[0] == 6 and s.basket_back[0] == 1
    round_trip(s)
    s.apply("card P1")
    assert next_seat_to_place(s)
    assert (s.basket[0], s.basket_back[0], s.occupants[FF1]) == (1, 0, ())
    assert s.cards[0] == [festival_id("Funnel Cake")] and s.fresh[0] == []  # the Basket is spent
    assert novelty_usable(s, 0, "gs")
    round_trip(s)
