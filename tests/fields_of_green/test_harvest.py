"""A seat's harvest (harvest.py): what each card costs, the order the player chooses, cards paid or
abandoned and turned to Wasteland, free harvests, and only harvest cards taking part (FG-HRV,
FG-EFX-3, FG-EQ-6, FG-EQ-7)."""

from __future__ import annotations

from acreage.games.fields_of_green import rulings as R
from acreage.games.fields_of_green import scenario as sc
from acreage.games.fields_of_green.queries import end_game_vp, harvest_cost

from .helpers import assert_illegal, eq, ex5_farm, game, legal


def _ex6_farm(second_silo=False):
    s = game(3)
    sc.clear_farm(s, 0, water=3, food=4)
    sc.add_card(s, 0, "Wheat Field", (0, 1))
    sc.add_card(s, 0, "Dairy Cows", (-1, 0))
    sc.add_card(s, 0, "Goats", (0, -1))
    if second_silo:
        sc.add_card(s, 0, "Silo", (2, 0))
    sc.goto_harvest(s, 0, year=2)
    return s


def test_edge4_a_card_built_in_year_4_harvests_once():
    """FG-EDGE-4, FG-HRV-2, FG-RST-4: built on turn 6 of year 4, it harvests that year."""
    s = game(3)
    sc.clear_farm(s, 0, food=0)
    sc.goto_action(s, 0, "Wheat Field", year=4)
    s.apply("build 2,0")
    sc.release(s)
    assert s.current_player == 0 and legal(s) == {"harvest 2,0", "abandon 2,0"}
    s.apply("harvest 2,0")
    assert s.food[0] == 2 and s.is_terminal


def test_a_coin_harvest_cost_can_be_paid_with_exactly_that_many_coins_FG_HRV_3():
    """FG-HRV-3/4: Potato Field costs 1 coin to harvest; a player with exactly 1 coin may pay
    it (and ends with 0)."""
    s = game(3)
    sc.clear_farm(s, 0, food=0)
    sc.add_card(s, 0, "Potato Field", (0, 1))
    sc.set_stock(s, 0, coins=1)
    sc.goto_harvest(s, 0)
    assert legal(s) == {"harvest 0,1", "abandon 0,1"}
    s.apply("harvest 0,1")
    assert s.coins[0] == 0 and s.food[0] == 1


def test_ex5_with_one_water_the_right_order_saves_both():
    """FG-EX-5, FG-HRV-3, FG-HRV-5: Wheat first (Food 0->2), then Cows (2->1, +4 +2 coins)."""
    s = ex5_farm(water=1)
    sc.goto_harvest(s, 0, year=2)
    assert legal(s) == {"harvest 1,1", "abandon 1,1", "abandon 0,1"}
    s.apply("harvest 1,1")
    assert s.food[0] == 2 and sc.water_at(s, 0, (0, 0)) == 0
    s.apply("harvest 0,1")
    assert s.food[0] == 1 and s.coins[0] == 11
    assert not any(s.piece_face_down[0])


def test_cards_that_can_no_longer_be_paid_are_abandoned_together_FG_HRV_4_FG_HRV_8():
    """FG-HRV-4, FG-HRV-8, FG-EQ-6: once the Potato Field is paid, the Wheat and Pepper Fields
    (no Water anywhere) can only be abandoned. That happens without a question, the stored
    Tractor is not offered again (installs only at the start), and both turn to Wasteland."""
    s = game(3)
    sc.clear_farm(s, 0, water=0)
    potato = sc.add_card(s, 0, "Potato Field", (2, 0))
    wheat = sc.add_card(s, 0, "Wheat Field", (0, 1))
    pepper = sc.add_card(s, 0, "Pepper Field", (0, -1))
    sc.set_stock(s, 0, coins=5, food=0, stored=("Tractor",))
    sc.goto_harvest(s, 0)
    assert legal(s) == {"install Tractor 2,0", "install Tractor 0,1", "install Tractor 0,-1",
                        "harvest 2,0", "abandon 2,0", "abandon 0,1", "abandon 0,-1"}
    s.apply("harvest 2,0")
    assert s.current_player is None
    assert [s.piece_face_down[0][p] for p in (potato, wheat, pepper)] == [False, True, True]
    assert s.coins[0] == 4 and s.food[0] == 1 and len(s.stored[0]) == 1


def test_ex5_a_harvest_that_cannot_be_paid():
    """FG-EX-5, FG-HRV-4, FG-HRV-8, FG-HRV-12, FG-HRV-13, FG-RST-1..4: both cards turn to Wasteland,
    the Milking Machine leaves the game, coins stay; restored Cows come back bare and harvest."""
    s = ex5_farm()
    machines = s.equipment_stack.count(eq("Milking Machine"))
    sc.goto_harvest(s, 0, year=2)
    cows, wheat = sc.piece_at(s, 0, (0, 1)), sc.piece_at(s, 0, (1, 1))
    assert s.piece_face_down[0][cows] and s.piece_face_down[0][wheat]
    assert s.piece_equipment[0][cows] == () and s.stored[0] == []
    assert s.equipment_stack.count(eq("Milking Machine")) == machines
    assert s.coins[0] == 5
    assert end_game_vp(s, 0, sc.piece_at(s, 0, (0, 2))) == 0
    sc.goto_action(s, 0, "Geese", year=3)
    s.apply("restore 0,1")
    assert s.coins[0] == 4 and not s.piece_face_down[0][cows] and s.piece_equipment[0][cows] == ()
    sc.set_stock(s, 0, food=1)
    sc.goto_harvest(s, 0, year=3)
    assert "harvest 0,1" in legal(s)
    s.apply("harvest 0,1")
    assert s.coins[0] == 8 and s.food[0] == 0


def test_ex6_edge9_harvest_order_and_food_overflow():
    """FG-EX-6, FG-EDGE-9, FG-HRV-6, FG-HRV-10: W,C,G ends at 2 Food; C,G,W at 4; +5 coins, 1 VP."""
    for order, food in ((("0,1", "-1,0", "0,-1"), 2), (("-1,0", "0,-1", "0,1"), 4)):
        s = _ex6_farm()
        for cell in order:
            s.apply(f"harvest {cell}")
        assert s.food[0] == food and s.coins[0] == 20 and s.point_tokens[0] == 1
    s = _ex6_farm(second_silo=True)
    for cell in ("0,1", "-1,0", "0,-1"):
        s.apply(f"harvest {cell}")
    assert s.food[0] == 4


def test_edge18_free_harvests_cannot_be_abandoned():
    """FG-EDGE-18, FG-HRV-7: Windpump (no cost) and Wheat with Drip Irrigation (cost cut to 0)."""
    s = game(3)
    sc.clear_farm(s, 0, water=0)
    sc.add_card(s, 0, "Wheat Field", (0, 1), equipment=("Drip Irrigation",))
    sc.add_card(s, 0, "Windpump", (0, -1))
    sc.add_card(s, 0, "Water Tower", (0, -2), water=0)
    sc.goto_harvest(s, 0)
    assert legal(s) == {"harvest 0,1", "harvest 0,-1"}
    assert_illegal(s, "abandon 0,1")
    s.apply("harvest 0,-1")
    assert legal(s) == {"fill 0,0", "fill 0,-2"}
    s.apply("fill 0,-2")
    assert sc.water_at(s, 0, (0, -2)) == 1
    assert s.food[0] == 1 + 2  # the Wheat harvested by itself (the only thing left)


def test_last_card_abandoned_with_a_stored_tile_still_turns_to_wasteland_FG_HRV_8_FG_EQ_6():
    """FG-HRV-8, FG-HRV-12: a Wheat Field with no Water in range is abandoned; a stored Tractor
    that could still go on it does not keep the harvest open: when the harvest ends the field
    is Wasteland and the Tractor is still stored."""
    s = game(3)
    sc.clear_farm(s, 0, water=0)
    wheat = sc.add_card(s, 0, "Wheat Field", (0, 1))
    sc.set_stock(s, 0, stored=("Tractor",))
    sc.goto_harvest(s, 0)
    assert legal(s) == {"install Tractor 0,1", "abandon 0,1"}
    s.apply("abandon 0,1")
    assert s.current_player is None
    assert s.piece_face_down[0][wheat] is True and len(s.stored[0]) == 1


def test_two_cards_abandoned_by_choice_both_turn_to_wasteland_FG_HRV_8():
    """FG-HRV-8: a player may abandon a card it could pay. Abandoning the Potato Field and then
    the Wheat Field (each payable) leaves both Wasteland, nothing paid."""
    s = game(3)
    sc.clear_farm(s, 0, water=3)
    potato = sc.add_card(s, 0, "Potato Field", (2, 0))
    wheat = sc.add_card(s, 0, "Wheat Field", (0, 1))
    sc.goto_harvest(s, 0)
    s.apply("abandon 2,0")
    assert legal(s) == {"harvest 0,1", "abandon 0,1"}
    s.apply("abandon 0,1")
    assert s.current_player is None
    assert [s.piece_face_down[0][p] for p in (potato, wheat)] == [True, True]
    assert s.coins[0] == 15 and sc.water_at(s, 0, (0, 0)) == 3


def test_edge8_abandoned_cards_count_until_the_harvest_ends_and_rabbits():
    """FG-EDGE-8, FG-HRV-8, FG-HRV-9, FG-EFX-3, FG-EFX-7: a Pepper Field abandoned first still
    feeds the Pigs' bonus; two Rabbits cost 2 Food each, so with 3 Food one is abandoned."""
    s = game(3)
    sc.clear_farm(s, 0, water=0, food=1)
    sc.add_card(s, 0, "Pigs", (0, 1))
    sc.add_card(s, 0, "Pepper Field", (0, 2))
    sc.goto_harvest(s, 0)
    s.apply("abandon 0,2")
    s.apply("harvest 0,1")
    assert s.coins[0] == 15 + 3 + 1
    assert s.piece_face_down[0][sc.piece_at(s, 0, (0, 2))]
    r = game(3)
    sc.clear_farm(r, 0, food=3)
    sc.add_card(r, 0, "Rabbits", (0, 1))
    sc.add_card(r, 0, "Rabbits", (1, 1))
    sc.goto_harvest(r, 0)
    assert harvest_cost(r, 0, sc.piece_at(r, 0, (0, 1))) == (0, 0, 2)
    r.apply("harvest 0,1")
    assert r.food[0] == 1 and r.coins[0] == 19
    assert r.piece_face_down[0][sc.piece_at(r, 0, (1, 1))]  # the other could not be paid: abandoned


def test_hrv8_wasteland_timing_switch(monkeypatch):
    """FG-HRV-8, FG-EDGE-8 (rulings.WASTELAND_AT_END_OF_OWN_HARVEST): by default an abandoned
    Pepper Field still counts for the Pigs until the harvest ends; switched off it turns at once."""
    for switch, bonus in ((True, 1), (False, 0)):
        monkeypatch.setattr(R, "WASTELAND_AT_END_OF_OWN_HARVEST", switch)
        s = game(3)
        sc.clear_farm(s, 0, water=0, food=1)
        sc.add_card(s, 0, "Pigs", (0, 1))
        pepper = sc.add_card(s, 0, "Pepper Field", (0, 2))
        sc.goto_harvest(s, 0)
        s.apply("abandon 0,2")
        assert s.piece_face_down[0][pepper] is not switch
        s.apply("harvest 0,1")
        assert s.coins[0] == 15 + 3 + bonus and s.piece_face_down[0][pepper]


def test_tile_gained_mid_harvest_helps_cards_not_yet_resolved():
    """FG-HRV-11, FG-EQ-8 (one gain at a time): a Co-op's Tractor installed on the Wheat before
    the Wheat resolves."""
    s = game(3)
    sc.clear_farm(s, 0, food=0)
    sc.add_card(s, 0, "Agricultural Co-op", (0, -1))
    sc.add_card(s, 0, "Wheat Field", (0, 1))
    sc.set_stack(s, ["Tractor"])
    sc.goto_harvest(s, 0)
    s.apply("harvest 0,-1")
    s.apply("equip Tractor 0,1")
    s.apply("harvest 0,1")
    assert s.food[0] == 3


def test_only_harvest_cards_are_in_the_harvest():
    """FG-HRV-14: Towers, Silos and Immediate/End-game cards do nothing in Harvest."""
    s = game(3)
    sc.clear_farm(s, 0)
    sc.add_card(s, 0, "Flour Mill", (0, 1))
    sc.add_card(s, 0, "Scarecrow", (0, -1))
    sc.goto_harvest(s, 0)
    assert s.current_player is None and not any(s.piece_face_down[0])


def test_harvest_costs_rabbits_and_feeder_FG_EFX_3_FG_EQ_7_FG_HRV_7():
    """FG-EFX-3: each Rabbits costs 1 Food per face-up Rabbits (2 here, whatever else is in the
    farm). FG-EQ-7: an Automatic Feeder cuts Dairy Cows' 1 Food to 0, so the Cows harvest free
    and cannot be abandoned (FG-HRV-7)."""
    s = game(3)
    sc.clear_farm(s, 0, food=4)
    r = sc.add_card(s, 0, "Rabbits", (0, 1))
    sc.add_card(s, 0, "Rabbits", (0, 2))
    sc.add_card(s, 0, "Potato Field", (0, -1))
    sc.add_card(s, 0, "Rabbits", (2, 0), down=True)
    assert harvest_cost(s, 0, r) == (0, 0, 2)
    cows = sc.add_card(s, 0, "Dairy Cows", (-1, 0), equipment=("Automatic Feeder",))
    assert harvest_cost(s, 0, cows) == (0, 0, 0)
