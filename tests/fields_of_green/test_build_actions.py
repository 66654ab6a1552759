"""Actions A–E (FG-BLD, FG-WT, FG-SILO, FG-MKT, FG-RST); FG-EX-1, FG-EX-4 and edge cases
FG-EDGE-7, 10, 11, 20."""

from __future__ import annotations

import pytest

from acreage.games.fields_of_green import rulings as R
from acreage.games.fields_of_green import scenario as sc
from acreage.games.fields_of_green.content import CARDS, find_equipment
from acreage.games.fields_of_green.queries import food_cap, towers_in_range

from .helpers import assert_illegal, game, immediate_and_harvest, legal


def at_action(card: str, players: int = 3, **stock):
    s = game(players)
    sc.clear_farm(s, 0)
    if stock:
        sc.set_stock(s, 0, **stock)
    sc.goto_action(s, 0, card)
    return s


def test_build_needs_orthogonal_adjacency_and_an_empty_cell():
    """FG-BLD-1..3: only empty cells sharing a side with a farm card; never on a card."""
    s = at_action("Potato Field")
    builds = {a for a in legal(s) if a.startswith("build")}
    assert builds == {"build 0,1", "build 1,1", "build -1,0", "build 2,0", "build 0,-1", "build 1,-1"}
    assert_illegal(s, "build 2,1")  # corner only
    assert_illegal(s, "build 1,0")  # occupied


def test_build_pays_everything_and_runs_the_immediate_ability():
    """FG-BLD-4, FG-BLD-6, FG-BLD-8: coins + Food from the pool; Immediate resolves at once."""
    s = game(3)
    sc.clear_farm(s, 0, food=2)
    sc.add_card(s, 0, "Wheat Field", (0, 1))
    sc.add_card(s, 0, "Barley Field", (2, 1))
    sc.goto_action(s, 0, "Scarecrow")
    s.apply("build 1,1")
    assert s.coins[0] == 15 - 2 and s.food[0] == 2 + 2  # two neighbouring Plantations
    s2 = game(3)
    sc.clear_farm(s2, 0, food=1)
    sc.goto_action(s2, 0, "Farmhouse")
    s2.apply("build 2,0")
    assert s2.coins[0] == 9 and s2.food[0] == 0


def test_a_card_that_cannot_be_paid_is_used_for_another_action():
    """FG-BLD-7, FG-ACT-8: no build when the cost cannot be paid; Market is still there."""
    s = at_action("Corn Field", coins=4)
    assert not any(a.startswith("build") for a in legal(s))
    assert_illegal(s, "build 2,0")
    assert "market 0" in legal(s)


def test_ex4_farm_a_water_in_and_out_of_range():
    """FG-EX-4 (farm A), FG-WT-3..5, FG-BLD-5: range 2 along cards from the target cell."""
    s = game(3)
    sc.clear_farm(s, 0)
    sc.goto_action(s, 0, "Wheat Field")
    assert {"build 2,0", "build 0,1", "build 1,1"} <= legal(s)
    s.apply("build 2,0")
    assert sc.water_at(s, 0, (0, 0)) == 2 and s.coins[0] == 13
    sc.goto_action(s, 0, "Wheat Field")
    assert "build 3,0" not in legal(s)
    assert_illegal(s, "build 3,0")
    sc.goto_action(s, 0, "Potato Field")
    assert "build 3,0" in legal(s)


def _farm_b(s):
    sc.clear_farm(s, 0)
    for at in ((2, 0), (2, 1), (2, 2), (1, 2)):
        sc.add_card(s, 0, "Potato Field", at)


def test_ex4_farm_b_path_not_manhattan():
    """FG-EX-4 (farm B), FG-EDGE-7: N=(0,2) is 6 steps along cards from T, so out of range;
    a card at (0,1), even a Wasteland, brings it into range."""
    s = game(3)
    _farm_b(s)
    sc.goto_action(s, 0, "Wheat Field")
    assert "build 0,2" not in legal(s) and "build 0,1" in legal(s)
    assert towers_in_range(s, 0, sc.cell_of(0, 2)) == []
    sc.add_card(s, 0, "Potato Field", (0, 1), down=True)
    sc.goto_action(s, 0, "Wheat Field")
    assert "build 0,2" in legal(s)


def test_ex4_combining_two_towers_and_a_third_out_of_range():
    """FG-EX-4, FG-BLD-5, FG-WT-5: two in-range Towers with 1 Water each pay 2 together; the
    player picks which Tower pays when there is a choice."""
    s = game(3)
    sc.clear_farm(s, 0, water=1)
    sc.add_card(s, 0, "Water Tower", (2, 0), water=1)
    sc.add_card(s, 0, "Water Tower", (5, 0), water=3)
    sc.add_card(s, 0, "Potato Field", (3, 0))
    sc.add_card(s, 0, "Potato Field", (4, 0))
    assert sorted(towers_in_range(s, 0, sc.cell_of(1, 1))) == [0, 2]
    sc.goto_action(s, 0, "Corn Field")
    s.apply("build 1,1")  # needs 1 Water: both in range hold 1, so a choice
    assert s.frames[-1].kind == "pay" and legal(s) == {"pay 0,0", "pay 2,0"}
    s.apply("pay 2,0")
    assert sc.water_at(s, 0, (2, 0)) == 0 and sc.water_at(s, 0, (0, 0)) == 1
    assert sc.water_at(s, 0, (5, 0)) == 3


def test_water_tower_action():
    """FG-WT-1, FG-WT-2, FG-EDGE-10: 2 coins, adjacent, arrives with 3 Water; illegal without
    coins or supply."""
    s = at_action("Geese")
    s.apply("tower 0,1")
    assert sc.water_at(s, 0, (0, 1)) == 3 and s.coins[0] == 13 and s.towers_left == 20 - 3 - 1
    s = at_action("Geese", coins=1)
    assert not any(a.startswith("tower") for a in legal(s))
    s = game(3)
    s.towers_left = 0
    sc.goto_action(s, 0, "Geese")
    assert_illegal(s, "tower 0,1")


def test_silo_action():
    """FG-SILO-1..3, FG-EDGE-10: free, arrives empty, +4 cap; illegal with an empty supply."""
    s = at_action("Geese", coins=0, food=1)
    s.apply("silo 2,0")
    assert s.food[0] == 1 and food_cap(s, 0) == 8 and s.coins[0] == 0 and s.silos_left == 14 - 3 - 1
    s = game(3)
    s.silos_left = 0
    sc.goto_action(s, 0, "Geese")
    assert not any(a.startswith("silo") for a in legal(s))


@pytest.mark.parametrize("food, sold, coins, after", [
    (0, 0, 2, 0), (1, 0, 2, 1), (1, 1, 4, 0), (1, 2, None, None), (3, 2, 6, 1), (3, 3, None, None),
])
def test_ex1_market_rewards(food, sold, coins, after):
    """FG-EX-1, FG-MKT-1, FG-MKT-2, FG-EDGE-11: +2 coins, sell 0-2 owned Food at 2 each."""
    s = at_action("Geese", coins=0, food=food)
    if coins is None:
        assert_illegal(s, f"market {sold}")
        return
    s.apply(f"market {sold}")
    assert s.coins[0] == coins and s.food[0] == after


def test_market_is_always_legal_and_food_is_sold_only_there():
    """FG-MKT-2, FG-MKT-3, FG-ACT-8: Market with 0 coins and 0 Food; no other sale action."""
    s = at_action("Corn Field", coins=0, food=0)
    assert "market 0" in legal(s)
    assert not any(a.startswith("sell") for a in legal(s))


def test_restore_a_wasteland():
    """FG-RST-1..4, FG-EDGE-3 (cost and Immediate not repeated): 1 coin; card face up again,
    no Equipment back."""
    s = game(3)
    sc.clear_farm(s, 0)
    sc.add_card(s, 0, "Dairy Cows", (0, 1), down=True)
    sc.goto_action(s, 0, "Geese")
    assert "restore 0,1" in legal(s)
    s.apply("restore 0,1")
    p = sc.piece_at(s, 0, (0, 1))
    assert s.coins[0] == 14 and not s.pdown[0][p] and s.peq[0][p] == ()
    s = at_action("Geese", coins=0)
    assert not any(a.startswith("restore") for a in legal(s))  # FG-RST-2: no Wasteland / no coin


def test_edge3_restore_does_not_rerun_an_immediate_ability(monkeypatch):
    """FG-EDGE-3, FG-RST-3, FG-RST-4, FG-EFX-2, FG-HRV-13: a made-up card with an Immediate
    (+2 coins) and a Harvest ability (1 Food: +3 coins). Built, it pays 2 and gains 2; its
    Pickup Truck is lost when it turns Wasteland; restored for 1 coin it gains nothing, costs
    nothing more, gets no Equipment back, and harvests again that same year."""
    immediate_and_harvest(monkeypatch)
    s = game(3)
    sc.clear_farm(s, 0, food=0)
    sc.goto_action(s, 0, "Fences", year=2)
    s.apply("build 2,0")
    assert s.coins[0] == 15 - 2 + 2
    sc.set_stack(s, ["Pickup Truck"])
    sc.gain_equipment(s, 0)
    s.apply("equip Pickup Truck 2,0")
    card = sc.piece_at(s, 0, (2, 0))
    assert s.coins[0] == 18 and s.peq[0][card] == (find_equipment("Pickup Truck").id,)
    sc.goto_harvest(s, 0, year=2)  # no Food: it can only be abandoned
    assert s.pdown[0][card] and s.peq[0][card] == () and s.stored[0] == []
    assert find_equipment("Pickup Truck").id not in s.eq_stack
    sc.goto_action(s, 0, "Geese", year=3)
    s.apply("restore 2,0")
    assert s.coins[0] == 18 - 1 and not s.pdown[0][card] and s.peq[0][card] == ()
    assert s.current_player is None  # nothing else happened (no Immediate, no payment)
    sc.set_stock(s, 0, food=1)
    sc.goto_harvest(s, 0, year=3)
    assert legal(s) == {"harvest 2,0", "abandon 2,0"}
    s.apply("harvest 2,0")
    assert s.coins[0] == 17 + 3 and s.food[0] == 0


def test_wt3_manhattan_switch_measures_straight_distance(monkeypatch):
    """FG-WT-3, FG-EDGE-7 switch (rulings.WATER_DISTANCE_ALONG_CARDS = False): with plain
    Manhattan distance the FG-EX-4 farm B target (0,2) is 2 from the Tower, so a Wheat Field may
    be built there and paid from it; with the default path rule it may not."""
    s = game(3)
    _farm_b(s)
    sc.goto_action(s, 0, "Wheat Field")
    assert "build 0,2" not in legal(s)
    monkeypatch.setattr(R, "WATER_DISTANCE_ALONG_CARDS", False)
    sc.goto_action(s, 0, "Wheat Field")
    assert "build 0,2" in legal(s) and "build 3,1" not in legal(s)  # (3,1) is 4 away
    s.apply("build 0,2")
    assert sc.water_at(s, 0, (0, 0)) == 2


def test_ex4_farm_b_harvest_is_measured_from_the_paying_card():
    """FG-EX-4 (farm B), FG-HRV-5, FG-WT-4: a Wheat Field at C (2,1) is 3 steps from T, so it
    cannot pay and is abandoned; with Extended Pipes on T (range 3) it pays."""
    for pipes, abandoned in (((), True), (("Extended Pipes",), False)):
        s = game(3)
        sc.clear_farm(s, 0, food=0)
        s.peq[0][0] = tuple(find_equipment(e).id for e in pipes)
        for at in ((2, 0), (2, 2), (1, 2)):
            sc.add_card(s, 0, "Potato Field", at, down=True)
        wheat = sc.add_card(s, 0, "Wheat Field", (2, 1))
        sc.goto_harvest(s, 0)
        if not abandoned:
            assert legal(s) == {"harvest 2,1", "abandon 2,1"}
            s.apply("harvest 2,1")
        assert s.pdown[0][wheat] is abandoned
        assert s.food[0] == (0 if abandoned else 2)


def test_edge20_effects_with_no_target_do_nothing():
    """FG-EDGE-20, FG-EFX-11: a Well with no Tower in range and a Tool Shed with an empty stack."""
    s = game(3)
    _farm_b(s)
    sc.set_stack(s, [])
    sc.goto_action(s, 0, "Tool Shed")
    s.apply("build 0,2")
    assert s.stored[0] == [] and s.coins[0] == 12
    s = game(3)
    sc.clear_farm(s, 0, water=3)
    for at in ((2, 0), (3, 0)):
        sc.add_card(s, 0, "Potato Field", at)
    sc.goto_action(s, 0, "Well")
    s.apply("build 4,0")
    assert s.coins[0] == 12 and s.current_player is None


def test_well_refills_a_tower_within_two_steps():
    """FG-EFX-10 (Well): the player chooses a Tower with room within 2 steps of the Well."""
    s = game(3)
    sc.clear_farm(s, 0, water=0)
    sc.add_card(s, 0, "Water Tower", (0, 1), water=1)
    sc.goto_action(s, 0, "Well")
    s.apply("build -1,0")
    assert legal(s) == {"fill 0,0", "fill 0,1"}
    s.apply("fill 0,0")
    assert sc.water_at(s, 0, (0, 0)) == 3 and sc.water_at(s, 0, (0, 1)) == 1


def test_roadside_stand_sells_up_to_two_food_at_three():
    """FG-MKT-3: a card that says so may sell Food (Roadside Stand)."""
    s = at_action("Roadside Stand", food=3)
    s.apply("build 2,0")
    assert legal(s) == {"sell 0", "sell 1", "sell 2"}
    s.apply("sell 2")
    assert s.food[0] == 1 and s.coins[0] == 15 - 2 + 6


def test_fences_counts_adjacent_livestock():
    """FG-EFX-5, FG-EFX-6: adjacency is orthogonal and face up; a Silo is no Livestock."""
    s = game(3)
    sc.clear_farm(s, 0)
    sc.add_card(s, 0, "Goats", (0, 1))
    sc.add_card(s, 0, "Pigs", (2, 1), down=True)
    sc.add_card(s, 0, "Sheep", (2, 2))  # diagonal to (1,1)
    sc.goto_action(s, 0, "Fences")
    s.apply("build 1,1")
    assert s.coins[0] == 15 - 2 + 2
    assert CARDS[s.pcard[0][-1]].name == "Fences"
