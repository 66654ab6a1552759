"""Equipment (equipment.py): drawing three tiles and keeping one, the limits on a card, what an
installed tile changes, stored tiles installed at the start of an action or a harvest, and several
gains in a row (FG-EQ, FG-HID-6)."""

from __future__ import annotations

from acreage.games.fields_of_green import scenario as sc
from acreage.games.fields_of_green.constants import RESOLVE
from acreage.games.fields_of_green.frames import Act, Hold
from acreage.games.fields_of_green.queries import food_cap, tower_capacity, tower_range

from .helpers import _name, assert_illegal, eq, game, legal


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
    assert s.equipment_stack == [eq("Pickup Truck"), eq("Drip Irrigation"), eq("Weathervane")]
    assert s.equipment_known[:2] == [1, 1] and s.equipment_known[2] == 0


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


def test_eq6_with_two_players_stored_tiles_go_in_before_taking_a_card():
    """FG-EQ-6, FG-2P-5: with 2 players a stored tile may be installed before the seat takes a
    card from the display, not after (the 3-4 player moment is when the pick resolves)."""
    s = game(2, introductory=True, first_player=0)
    sc.clear_farm(s, 0)
    sc.add_card(s, 0, "Wheat Field", (0, 1))
    sc.set_stock(s, 0, stored=("Tractor",))
    assert s.frames[-1].kind == "take" and "install Tractor 0,1" in legal(s)
    s.apply(f"pick {_name(s.display[0])}")
    assert s.frames[-1].kind == "act"
    assert not any(a.startswith("install") for a in legal(s))
    assert_illegal(s, "install Tractor 0,1")
    s3 = game(3)
    sc.clear_farm(s3, 0)
    sc.add_card(s3, 0, "Wheat Field", (0, 1))
    sc.set_stock(s3, 0, stored=("Tractor",))
    sc.goto_action(s3, 0, "Geese")
    assert "install Tractor 0,1" in legal(s3)


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
