"""The Fall Festival on a turn (festival.py): the basket and the Festival spaces FF-1 to FF-3 with
their rewards, buying one festival card after a Harvest, and Francie's free cards (HV-FFB, HV-FFC-2,
HV-FRA)."""

from __future__ import annotations

import json

from acreage.games.harvest import scenario as sc
from acreage.games.harvest.constants import FF3
from acreage.games.harvest.content import FESTIVAL_BY_NAME

from .helpers import action_phase_start, action_turn, legal, next_seat_to_place, space_id, start


def test_basket_must_be_placed_HV_FFB_2_HV_ACT_2():
    # Checks HV-FFB-2, HV-ACT-2.
    """Edge 11: only the basket left → FF-3 is always offered and there is no pass."""
    s = action_phase_start(3)
    sc.at_turn(s, 0)
    s.wheelbarrows[0] = 0
    s.occupants[0] = ()
    opts = legal(s)
    assert "place FF-3" in opts and all(o.startswith("place FF") for o in opts)


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


def test_festival_board_HV_FFB_4_HV_FFB_6_HV_FFB_7_HV_FFC_1_HV_FFC_3():
    # Checks HV-FFB-4, HV-FFB-6, HV-FFB-7, HV-FFC-1, HV-FFC-3.
    s = action_turn("Finn & Maisie:Bakehouse")
    fest = {o for o in legal(s) if "FF" in o}
    assert fest == {"place FF-1", "place FF-2", "place FF-3"}  # no mouse there
    assert "reminder" not in json.dumps(s.to_json()).lower()
    sc.set_farm(s, 0, {"1,1": "pumpkin crop"})
    sc.set_market(s, "Apple Pie", "Funnel Cake", "Pecan Pie")
    s.coins[0], s.points[0] = 6, 0
    s.apply("place FF-2")
    assert s.points[0] == 6 and s.coins[0] == 7
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


def test_ff3_coin_adds_one_to_the_coins_held_HV_FFB_5():
    """HV-FFB-5: the FF-3 coin is +1 on top of the 7 coins held."""
    s = start()
    s.coins[0] = 7
    s.apply("place FF-3")
    s.apply("coin")
    assert s.coins[0] == 8


def test_ff3_coin_or_card_HV_FFB_5():
    # Checks HV-FFB-5.
    s = action_phase_start(3)
    sc.at_turn(s, 0)
    s.coins[0] = 0
    s.apply("place FF-3")
    assert legal(s) >= {"coin", "card P1"} - {"card P1"}
    s.apply("coin")
    assert s.coins[0] == 1 and 0 in s.occupants[FF3]


def test_a_purchase_after_harvest_still_allows_the_garland_HV_FFC_2_HV_NOV_8():
    """HV-FFC-2 / HV-NOV-8: after a Harvest the player may buy one card and still use a Harvest
    Garland (+2 water up to the bucket, +4 points); once a card is bought no second is offered."""
    s = start()
    sc.give_cards(s, 0, "Harvest Garland")
    sc.set_market(s, "Apple Pie", "Funnel Cake", "Pecan Pie")
    sc.set_farm(s, 0, {"1,1": "strawberry crop"})
    s.coins[0], s.water[0], s.bucket_capacity[0], s.points[0] = 5, 0, 3, 0
    s.apply("place F-1")
    s.apply("harvest")
    assert legal(s) == {"card P1", "card P2", "card P3", "use Harvest Garland", "done"}
    s.apply("card P1")
    assert legal(s) == {"use Harvest Garland", "done"}
    s.apply("use Harvest Garland")
    assert (s.coins[0], s.water[0], s.points[0]) == (5, 2, 5)
    assert next_seat_to_place(s)


def test_francie_free_and_ff1_HV_EX_3_HV_FRA_1_HV_FFB_3_HV_FFC_4():
    # Checks HV-EX-3, HV-FRA-1, HV-FFB-3, HV-FFC-4.
    s = action_phase_start(3, assign="Francie:Bakehouse;Architect:Well House;Lumberjack:Seed Loft")
    sc.at_turn(s, 0)
    s.occupants = [() for _ in s.occupants]
    s.coins[0] = 0
    sc.set_market(s, "Apple Pie", "Funnel Cake", "Pecan Pie")
    s.apply("place FF-1")
    s.apply("card P3")
    assert s.coins[0] == 2 and FESTIVAL_BY_NAME["apple pie"].id in s.cards[0]
    assert s.festival_p2 == FESTIVAL_BY_NAME["funnel cake"].id


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
    s.basket[0], s.occupants[space_id("FF-1")] = 1, ()
    s.apply("place FF-1")
    s.apply("card P3")
    assert not any(a.startswith("card") for a in legal(s))  # one card per purchase chance
