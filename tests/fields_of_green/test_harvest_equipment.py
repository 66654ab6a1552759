"""Harvest (FG-HRV), Equipment (FG-EQ) and card effects (FG-EFX); FG-EX-5, FG-EX-6 (harvest
order) and edge cases FG-EDGE-4, 5, 8, 9, 13, 18, 19."""

from __future__ import annotations

from acreage.games.fields_of_green import rulings as R
from acreage.games.fields_of_green import scenario as sc
from acreage.games.fields_of_green.constants import RESOLVE
from acreage.games.fields_of_green.content import find_equipment
from acreage.games.fields_of_green.frames import Act, Hold
from acreage.games.fields_of_green.queries import (
    end_game_vp,
    first_player,
    food_cap,
    harvest_cost,
    tower_capacity,
    tower_range,
)

from .helpers import assert_illegal, ex5_farm, game, legal


def eq(name):
    return find_equipment(name).id


def test_ex5_a_harvest_that_cannot_be_paid():
    """FG-EX-5, FG-HRV-4, FG-HRV-8, FG-HRV-12, FG-HRV-13, FG-RST-1..4: both cards turn to Wasteland,
    the Milking Machine leaves the game, coins stay; restored Cows come back bare and harvest."""
    s = ex5_farm()
    machines = s.eq_stack.count(eq("Milking Machine"))
    sc.goto_harvest(s, 0, year=2)
    cows, wheat = sc.piece_at(s, 0, (0, 1)), sc.piece_at(s, 0, (1, 1))
    assert s.pdown[0][cows] and s.pdown[0][wheat]
    assert s.peq[0][cows] == () and s.eq_stack.count(eq("Milking Machine")) == machines and s.stored[0] == []
    assert s.coins[0] == 5
    assert end_game_vp(s, 0, sc.piece_at(s, 0, (0, 2))) == 0
    sc.goto_action(s, 0, "Geese", year=3)
    s.apply("restore 0,1")
    assert s.coins[0] == 4 and not s.pdown[0][cows] and s.peq[0][cows] == ()
    sc.set_stock(s, 0, food=1)
    sc.goto_harvest(s, 0, year=3)
    assert "harvest 0,1" in legal(s)
    s.apply("harvest 0,1")
    assert s.coins[0] == 8 and s.food[0] == 0


def test_ex5_with_one_water_the_right_order_saves_both():
    """FG-EX-5, FG-HRV-3, FG-HRV-5: Wheat first (Food 0->2), then Cows (2->1, +4 +2 coins)."""
    s = ex5_farm(water=1)
    sc.goto_harvest(s, 0, year=2)
    assert legal(s) == {"harvest 1,1", "abandon 1,1", "abandon 0,1"}
    s.apply("harvest 1,1")
    assert s.food[0] == 2 and sc.water_at(s, 0, (0, 0)) == 0
    s.apply("harvest 0,1")
    assert s.food[0] == 1 and s.coins[0] == 11
    assert not any(s.pdown[0])


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


def test_ex6_edge9_harvest_order_and_food_overflow():
    """FG-EX-6, FG-EDGE-9, FG-HRV-6, FG-HRV-10: W,C,G ends at 2 Food; C,G,W at 4; +5 coins, 1 VP."""
    for order, food in ((("0,1", "-1,0", "0,-1"), 2), (("-1,0", "0,-1", "0,1"), 4)):
        s = _ex6_farm()
        for cell in order:
            s.apply(f"harvest {cell}")
        assert s.food[0] == food and s.coins[0] == 20 and s.vp[0] == 1
    s = _ex6_farm(second_silo=True)
    for cell in ("0,1", "-1,0", "0,-1"):
        s.apply(f"harvest {cell}")
    assert s.food[0] == 4


def test_harvest_order_first_player_clockwise_and_token_passes():
    """FG-HRV-1, FG-HRV-15, FG-YR-5: harvests go from the First Player clockwise, then the token moves."""
    s = game(3, first_player=1, introductory=True)
    for seat in range(3):
        sc.clear_farm(s, seat, food=1)
        sc.add_card(s, seat, "Goats", (0, 1))
    s.frames = []
    s.phase, s.stage, s.turn = 1, RESOLVE, 6
    s._legal = None
    s._advance()
    seen = []
    while s.year == 1:
        seen.append(s.current_player)
        s.apply("harvest 0,1")
    assert seen == [1, 2, 0] and first_player(s) == 2


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
    assert s.pdown[0][sc.piece_at(s, 0, (0, 2))]
    r = game(3)
    sc.clear_farm(r, 0, food=3)
    sc.add_card(r, 0, "Rabbits", (0, 1))
    sc.add_card(r, 0, "Rabbits", (1, 1))
    sc.goto_harvest(r, 0)
    assert harvest_cost(r, 0, sc.piece_at(r, 0, (0, 1))) == (0, 0, 2)
    r.apply("harvest 0,1")
    assert r.food[0] == 1 and r.coins[0] == 19
    assert r.pdown[0][sc.piece_at(r, 0, (1, 1))]  # the other could not be paid: abandoned


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


def test_only_harvest_cards_are_in_the_harvest():
    """FG-HRV-14: Towers, Silos and Immediate/End-game cards do nothing in Harvest."""
    s = game(3)
    sc.clear_farm(s, 0)
    sc.add_card(s, 0, "Flour Mill", (0, 1))
    sc.add_card(s, 0, "Scarecrow", (0, -1))
    sc.goto_harvest(s, 0)
    assert s.current_player is None and not any(s.pdown[0])


def test_equipment_draw_three_keep_one_rest_to_the_bottom():
    """FG-EQ-1, FG-EQ-2, FG-HID-6: draw 3, keep 1, the rest under the stack in drawn order."""
    s = game(3)
    sc.clear_farm(s, 0)
    sc.add_card(s, 0, "Wheat Field", (0, 1))
    sc.set_stack(s, ["Tractor", "Drip Irrigation", "Pickup Truck", "Weathervane"])
    sc.gain_equipment(s, 0)
    assert s.observation(0)["equipment_offer"] == ["Tractor", "Drip Irrigation", "Pickup Truck"]
    assert s.observation(1)["equipment_offer"] is None
    assert "equip Tractor 0,1" in legal(s) and "equip Pickup Truck store" in legal(s)
    assert "equip Pickup Truck 0,1" not in legal(s)  # FG-EQ-3: a Structure tile
    s.apply("equip Tractor 0,1")
    assert s.eq_stack == [eq("Pickup Truck"), eq("Drip Irrigation"), eq("Weathervane")]
    assert s.eq_known[:2] == [1, 1] and s.eq_known[2] == 0


def test_small_and_empty_stacks():
    """FG-EQ-1, FG-EDGE-13: a stack of 2 offers those two; an empty stack gives nothing."""
    s = game(3)
    sc.set_stack(s, ["Tractor", "Weathervane"])
    sc.gain_equipment(s, 0)
    stores = {a.split(" store")[0] for a in legal(s) if a.endswith("store")}
    assert stores == {"equip Tractor", "equip Weathervane"}
    s = game(3)
    sc.set_stack(s, [])
    sc.gain_equipment(s, 0)
    assert s.current_player is None and s.stored[0] == []


def test_equipment_limits_two_different_per_card_and_wasteland_fits_nothing():
    """FG-EQ-3, FG-EQ-4, FG-EDGE-13."""
    s = game(3)
    sc.clear_farm(s, 0)
    sc.add_card(s, 0, "Wheat Field", (0, 1), equipment=("Tractor",))
    sc.add_card(s, 0, "Barley Field", (0, 2), equipment=("Tractor", "Drip Irrigation"))
    sc.add_card(s, 0, "Corn Field", (0, 3), down=True)
    sc.set_stack(s, ["Tractor", "Combine Harvester"])
    sc.gain_equipment(s, 0)
    offered = legal(s)
    assert "equip Tractor 0,1" not in offered  # same kind twice
    assert "equip Combine Harvester 0,2" not in offered  # third tile
    assert "equip Combine Harvester 0,3" not in offered  # Wasteland
    assert "equip Combine Harvester 0,1" in offered


def test_install_effects_capacity_range_and_one_off_gains():
    """FG-EQ-5, FG-EQ-7, FG-EQ-9, FG-EFX-12, FG-EDGE-12: Pickup +3 coins; Silo Extension cap 6
    and +1 Food; Tank Extension cap 5 and +1 Water; Extended Pipes range 3."""
    s = game(3)
    sc.clear_farm(s, 0, water=3, food=4)
    sc.add_card(s, 0, "Fences", (0, 1))
    for tile, where in (("Pickup Truck", "0,1"), ("Silo Extension", "1,0"), ("Water Tank Extension", "0,0"),
                        ("Extended Pipes", "0,0")):
        sc.set_stack(s, [tile])
        sc.gain_equipment(s, 0)
        s.apply(f"equip {tile} {where}")
    assert s.coins[0] == 18 and food_cap(s, 0) == 6 and s.food[0] == 5
    assert tower_capacity(s, 0, 0) == 5 and sc.water_at(s, 0, (0, 0)) == 4 and tower_range(s, 0, 0) == 3


def test_stored_tiles_install_at_the_start_of_an_own_action_or_harvest():
    """FG-EQ-6: a stored tile is installed at the start of the seat's action or harvest."""
    s = game(3)
    sc.clear_farm(s, 0)
    sc.add_card(s, 0, "Wheat Field", (0, 1))
    sc.add_card(s, 0, "Dairy Cows", (1, 1))
    sc.set_stock(s, 0, stored=("Tractor",), food=1)
    sc.goto_action(s, 0, "Geese")
    assert "install Tractor 0,1" in legal(s)
    s.apply("install Tractor 0,1")
    assert s.stored[0] == [] and s.frames[-1].kind == "act"
    sc.set_stock(s, 0, stored=("Automatic Feeder",))
    sc.goto_harvest(s, 0)
    assert "install Automatic Feeder 1,1" in legal(s)
    s.apply("harvest 0,1")
    assert s.food[0] == 1 + 3  # Tractor: +1 Food
    assert not any(a.startswith("install") for a in legal(s))  # only at the start


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


def test_machinery_barn_gains_two_tiles_one_after_the_other():
    """FG-EQ-8: the second draw happens after the first tile is kept."""
    s = game(3)
    sc.clear_farm(s, 0)
    sc.set_stack(s, ["Tractor", "Weathervane", "Heated Coop", "Pickup Truck"])
    sc.goto_action(s, 0, "Machinery Barn")
    s.apply("build 2,0")
    assert s.observation(0)["equipment_offer"] == ["Tractor", "Weathervane", "Heated Coop"]
    s.apply("equip Tractor store")
    assert s.observation(0)["equipment_offer"] == ["Pickup Truck", "Weathervane", "Heated Coop"]
    s.apply("equip Pickup Truck 2,0")
    assert s.coins[0] == 15 - 5 + 3 and s.stored[0] == [eq("Tractor")]


def test_edge19_equipment_gains_follow_resolution_order():
    """FG-EDGE-19, FG-ACT-5: two Tool Sheds in one turn: the First Player draws first."""
    s = game(3, first_player=1)
    sc.set_stack(s, ["Tractor", "Weathervane", "Heated Coop",
                     "Pickup Truck", "Silo Extension", "Drip Irrigation"])
    s.phase, s.stage, s.turn = 1, RESOLVE, 6
    from acreage.games.fields_of_green.content import find_card
    shed = find_card("Tool Shed").id
    s.frames = [Hold(), Act(0, shed), Act(1, shed)]
    s._legal = None
    s._advance()
    assert s.current_player == 1
    s.apply("build 2,0")
    assert s.observation(1)["equipment_offer"] == ["Tractor", "Weathervane", "Heated Coop"]
    s.apply("equip Tractor store")
    s.apply("build 2,0")
    assert s.observation(0)["equipment_offer"] == ["Pickup Truck", "Silo Extension", "Drip Irrigation"]


def test_effects_touch_only_the_owner_and_vp_tokens_are_kept():
    """FG-EFX-9, FG-EFX-13: a VP token stays after its card becomes Wasteland; nobody else changes."""
    s = game(3)
    sc.clear_farm(s, 0, food=1)
    sc.add_card(s, 0, "Goats", (0, 1))
    others = [(s.coins[x], s.food[x], s.vp[x]) for x in (1, 2)]
    sc.goto_harvest(s, 0)
    s.apply("harvest 0,1")
    assert s.vp[0] == 1
    sc.goto_harvest(s, 0)
    assert s.pdown[0][sc.piece_at(s, 0, (0, 1))] and s.vp[0] == 1
    assert [(s.coins[x], s.food[x], s.vp[x]) for x in (1, 2)] == others


def test_turkeys_and_caps_on_counts():
    """FG-EFX-5, FG-EFX-8: Turkeys' bonus only with no adjacent Livestock; Pumpkin's +2 cap."""
    s = game(3)
    sc.clear_farm(s, 0, food=2)
    sc.add_card(s, 0, "Turkeys", (0, 1))
    sc.add_card(s, 0, "Pumpkin Patch", (-1, 0))
    for at in ((-2, 0), (-1, 1), (-1, -1)):
        sc.add_card(s, 0, "Potato Field", at)
    sc.goto_harvest(s, 0)
    s.apply("harvest 0,1")
    assert s.coins[0] == 20
    s.apply("harvest -1,0")
    assert s.food[0] == 1 + 1 + 2


def test_eq6_stored_tiles_can_go_in_at_a_harvest_with_nothing_to_harvest():
    """FG-EQ-6, FG-END-4, FG-END-5: a seat with no harvest card still has a harvest, and may
    install stored tiles at its start (here the last chance: year 4). ``done`` ends it without
    installing; once nothing is left to install the harvest ends by itself."""
    for finish, eq_vp, stored_vp in (("install Weathervane 0,1", 2, 0), ("done", 0, 1)):
        s = game(3)
        sc.clear_farm(s, 0)
        sc.add_card(s, 0, "Farmhouse", (0, 1))
        sc.set_stock(s, 0, stored=("Weathervane",))
        sc.goto_harvest(s, 0, year=4)
        assert s.current_player == 0 and legal(s) == {"install Weathervane 0,1", "done"}
        s.apply(finish)
        assert s.current_player is None
        b = s.score_parts(0)
        assert b["equipment"] == eq_vp and b["stored"] == stored_vp
    s = game(3)
    sc.clear_farm(s, 0)
    sc.set_stock(s, 0, stored=("Weathervane",))  # fits nothing: no question at all
    sc.goto_harvest(s, 0, year=4)
    assert s.current_player is None
    s = game(3)
    sc.clear_farm(s, 0, food=1)
    sc.add_card(s, 0, "Goats", (0, 1))
    sc.goto_harvest(s, 0)
    assert_illegal(s, "done")  # a card is still waiting


def test_hid6_an_offer_of_one_kind_is_still_asked_for():
    """FG-HID-6, FG-EQ-1: two Tractors that fit nowhere leave one legal choice, but the seat is
    asked anyway: storing one by itself would tell the others that the tile put under the stack
    is a Tractor too. The others' view is the same as for an offer of two different tiles."""
    views = []
    for stack in (["Tractor", "Tractor"], ["Tractor", "Combine Harvester"]):
        s = game(3)
        sc.clear_farm(s, 0)
        sc.set_stack(s, stack)
        sc.gain_equipment(s, 0)
        assert s.current_player == 0 and s.frames[-1].kind == "equip"
        views.append([s.observation(v) for v in (1, 2)])
        if stack[1] == "Tractor":
            assert legal(s) == {"equip Tractor store"}
    assert views[0] == views[1]
    s = game(3)
    sc.clear_farm(s, 0)
    sc.set_stack(s, ["Tractor"])  # a one-tile offer (public: the stack size) is stored at once
    sc.gain_equipment(s, 0)
    assert s.current_player is None and s.stored[0] == [eq("Tractor")]


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
        assert s.pdown[0][pepper] is not switch
        s.apply("harvest 0,1")
        assert s.coins[0] == 15 + 3 + bonus and s.pdown[0][pepper]
