"""Water on the Towers (water.py): placing the year's income Water, Tower range along the cards and
its Manhattan switch, paying a build's or a harvest's Water from Towers in range, and the Windpump's
fill, with exact legal sets and exact Water left (FG-WT, FG-MNT-2, FG-MNT-3, FG-BLD-5, FG-HRV-5,
FG-EFX-10)."""

from __future__ import annotations

from acreage.games.fields_of_green import rulings as R
from acreage.games.fields_of_green import scenario as sc
from acreage.games.fields_of_green.actions import cell_name
from acreage.games.fields_of_green.content import find_equipment
from acreage.games.fields_of_green.frames import SplitChoice
from acreage.games.fields_of_green.queries import frontier, towers_in_range

from .helpers import _farm_b, assert_illegal, cell, game, legal, next_year


def _tower_cells(s, seat, towers):
    return [cell_name(s.piece_cells[seat][p]) for p in towers]


def _farm_m(wa=0, wb=1, wc=0):
    """Tower A (0,0), Silo (1,0), Potato (2,0), Windpump (2,-1), Tower B (3,-1), Potato (1,-1),
    Tower C (1,-2). The Potato Fields are Wasteland, so the Windpump is the only harvest."""
    s = game(3)
    sc.clear_farm(s, 0, water=wa)
    sc.add_card(s, 0, "Potato Field", (2, 0), down=True)
    sc.add_card(s, 0, "Windpump", (2, -1))
    sc.add_card(s, 0, "Water Tower", (3, -1), water=wb)
    sc.add_card(s, 0, "Potato Field", (1, -1), down=True)
    sc.add_card(s, 0, "Water Tower", (1, -2), water=wc)
    return s


def _windpump_farm():
    """Tower A (0,0) full, Silo (1,0), Windpump (0,1), Tower B (0,2) empty, Wasteland (2,0),
    Tower C (2,1) empty: C is 2 from the Windpump as the crow flies but 4 along the cards."""
    s = game(3)
    sc.clear_farm(s, 0, water=3)
    sc.add_card(s, 0, "Windpump", (0, 1))
    sc.add_card(s, 0, "Water Tower", (0, 2), water=0)
    sc.add_card(s, 0, "Potato Field", (2, 0), down=True)
    sc.add_card(s, 0, "Water Tower", (2, 1), water=0)
    return s


def _corn(wa, wb, wd, wc):
    """Corn Field (harvest: 2 Water -> 4 Food) at (0,1); Towers A (0,0), B (0,2) and D (-1,1)
    are 1 step away, C (4,0) is 5 steps away along Wasteland (2,0), (3,0)."""
    s = game(3)
    sc.clear_farm(s, 0, water=wa, food=0)
    sc.add_card(s, 0, "Corn Field", (0, 1))
    sc.add_card(s, 0, "Water Tower", (0, 2), water=wb)
    sc.add_card(s, 0, "Water Tower", (-1, 1), water=wd)
    sc.add_card(s, 0, "Potato Field", (2, 0), down=True)
    sc.add_card(s, 0, "Potato Field", (3, 0), down=True)
    sc.add_card(s, 0, "Water Tower", (4, 0), water=wc)
    sc.goto_harvest(s, 0)
    return s


def test_income_water_placement_FG_MNT_1_FG_MNT_2_FG_MNT_3():
    """FG-MNT-1..3 in year 2 (First Player seat 1, then 2, then 0). Seat 1: A full, B 1/3,
    C 2/3 (room 3 for 2 Water): asked twice, and only B and C are offered. Seat 2: two Towers
    at 2/3 (room exactly 2): filled without a question. Seat 0: its only Tower is full: the
    Water is lost."""
    s = game(3)
    sc.clear_farm(s, 1, water=3)
    sc.add_card(s, 1, "Water Tower", (0, 1), water=1)
    sc.add_card(s, 1, "Water Tower", (0, 2), water=2)
    sc.clear_farm(s, 2, water=2)
    sc.add_card(s, 2, "Water Tower", (0, 1), water=2)
    sc.clear_farm(s, 0, water=3)
    next_year(s)
    assert s.year == 2 and s.current_player == 1
    assert legal(s) == {"water 0,1", "water 0,2"}
    s.apply("water 0,1")
    assert s.current_player == 1 and legal(s) == {"water 0,1", "water 0,2"}
    s.apply("water 0,2")
    assert [sc.water_at(s, 1, at) for at in ((0, 0), (0, 1), (0, 2))] == [3, 2, 3]
    assert [sc.water_at(s, 2, at) for at in ((0, 0), (0, 1))] == [3, 3]
    assert sc.water_at(s, 0, (0, 0)) == 3
    assert s.frames[-1] == SplitChoice(1)


def test_income_water_is_placed_by_the_owner_when_it_can_go_two_ways():
    """FG-MNT-3, FG-EDGE-10: the owner spreads Water over Towers with room; none can stay empty
    by throwing Water away."""
    s = game(3, introductory=True)
    sc.add_card(s, 0, "Water Tower", (0, 1), water=0)
    sc.set_water(s, 0, (0, 0), 1)
    next_year(s)
    # Seats 1 and 2 (full Towers) had no choice: their Water was placed (and lost) automatically.
    assert s.current_player == 0 and s.frames[-1].kind == "water"
    assert legal(s) == {"water 0,0", "water 0,1"}
    s.apply("water 0,1")
    s.apply("water 0,1")
    assert sc.water_at(s, 0, (0, 1)) == 2 and sc.water_at(s, 0, (0, 0)) == 1


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


def test_build_water_from_a_later_tower_with_exactly_enough_FG_BLD_5_FG_BLD_7_FG_WT_3():
    """FG-BLD-5, FG-BLD-7, FG-WT-3: the starting Tower is empty; Tower B (3,0) holds exactly
    the 1 Water a Wheat Field needs. The field may go on exactly the frontier cells whose
    path to B is at most 2 (beside B or beside the card at (2,0)), and B pays."""
    s = game(3)
    sc.clear_farm(s, 0, water=0)
    sc.add_card(s, 0, "Potato Field", (2, 0), down=True)
    sc.add_card(s, 0, "Water Tower", (3, 0), water=1)
    sc.goto_action(s, 0, "Wheat Field")
    assert {a for a in legal(s) if a.startswith("build")} == {
        "build 2,-1", "build 2,1", "build 3,-1", "build 3,1", "build 4,0"}
    s.apply("build 2,1")
    assert sc.water_at(s, 0, (3, 0)) == 0 and s.coins[0] == 13 and s.current_player is None


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


def test_manhattan_switch_towers_in_range_FG_WT_3_FG_WT_4(monkeypatch):
    """FG-WT-3/4 with rulings.WATER_DISTANCE_ALONG_CARDS = False: a Tower reaches every cell
    at |dx| + |dy| <= 2 from it, empty cells included (measured as if a card were there).
    Towers away from (0,0) in both coordinates, so a sign slip in dx or dy shows."""
    monkeypatch.setattr(R, "WATER_DISTANCE_ALONG_CARDS", False)
    s = _farm_m()
    expected = {
        (3, 0): ["3,-1"],                 # empty: A 3, B 1, C 4
        (0, 1): ["0,0"],                  # empty: A 1, B 5, C 4
        (1, -1): ["0,0", "3,-1", "1,-2"],  # a card: A 2, B 2, C 1
        (2, -1): ["3,-1", "1,-2"],         # a card: A 3, B 1, C 2
        (4, -1): ["3,-1"],                # empty: A 5, B 1, C 4
        (2, 1): [],                       # empty: A 3, B 3, C 4
    }
    for at, towers in expected.items():
        assert _tower_cells(s, 0, towers_in_range(s, 0, cell(*at))) == towers, at


def test_manhattan_switch_build_cells_FG_WT_3_FG_BLD_5(monkeypatch):
    """FG-BLD-5, FG-WT-3 switch: a Wheat Field (1 Water) may go on exactly the frontier cells
    within Manhattan distance 2 of a Tower holding Water: A (0,0) and B (3,-1) hold 1 each,
    C holds none. (2,1) and (1,-3) are 3 and 4 away from every Tower with Water."""
    monkeypatch.setattr(R, "WATER_DISTANCE_ALONG_CARDS", False)
    s = _farm_m(wa=1, wb=1, wc=0)
    sc.goto_action(s, 0, "Wheat Field")
    assert len(frontier(s, 0)) == 11
    assert {a for a in legal(s) if a.startswith("build")} == {
        "build -1,0", "build 0,-1", "build 0,-2", "build 0,1", "build 1,1",    # from A
        "build 2,-2", "build 3,-2", "build 3,0", "build 4,-1",                  # from B
    }
    s.apply("build 4,-1")  # only B is in range: it pays
    assert sc.water_at(s, 0, (3, -1)) == 0 and sc.water_at(s, 0, (0, 0)) == 1


def test_ex4_farm_b_harvest_is_measured_from_the_paying_card():
    """FG-EX-4 (farm B), FG-HRV-5, FG-WT-4: a Wheat Field at C (2,1) is 3 steps from T, so it
    cannot pay and is abandoned; with Extended Pipes on T (range 3) it pays."""
    for pipes, abandoned in (((), True), (("Extended Pipes",), False)):
        s = game(3)
        sc.clear_farm(s, 0, food=0)
        s.piece_equipment[0][0] = tuple(find_equipment(e).id for e in pipes)
        for at in ((2, 0), (2, 2), (1, 2)):
            sc.add_card(s, 0, "Potato Field", at, down=True)
        wheat = sc.add_card(s, 0, "Wheat Field", (2, 1))
        sc.goto_harvest(s, 0)
        if not abandoned:
            assert legal(s) == {"harvest 2,1", "abandon 2,1"}
            s.apply("harvest 2,1")
        assert s.piece_face_down[0][wheat] is abandoned
        assert s.food[0] == (0 if abandoned else 2)


def test_harvest_water_that_fits_one_way_is_paid_without_a_question_FG_HRV_5_FG_WT_5():
    """FG-HRV-5, FG-WT-5: A and B hold 1 Water each, D none, C (3) is out of range: the
    Corn Field's 2 Water can only come from A and B, so both are emptied at once."""
    s = _corn(1, 1, 0, 3)
    assert legal(s) == {"harvest 0,1", "abandon 0,1"}
    s.apply("harvest 0,1")
    assert s.current_player is None
    assert [sc.water_at(s, 0, at) for at in ((0, 0), (0, 2), (-1, 1), (4, 0))] == [0, 0, 0, 3]
    assert s.food[0] == 4


def test_harvest_water_with_a_choice_is_asked_once_per_water_FG_HRV_5_FG_BLD_5():
    """FG-HRV-5, FG-BLD-5: A and B hold 3 each, D is empty and C is out of range. The player
    is asked twice (once per Water), each time choosing between A and B only; exactly 2 Water
    leave the Towers."""
    s = _corn(3, 3, 0, 3)
    s.apply("harvest 0,1")
    assert s.in_subdecision() and legal(s) == {"pay 0,0", "pay 0,2"}
    s.apply("pay 0,0")
    assert s.in_subdecision() and legal(s) == {"pay 0,0", "pay 0,2"}
    assert [sc.water_at(s, 0, at) for at in ((0, 0), (0, 2))] == [2, 3]
    s.apply("pay 0,2")
    assert s.current_player is None
    assert [sc.water_at(s, 0, at) for at in ((0, 0), (0, 2), (-1, 1), (4, 0))] == [2, 2, 0, 3]
    assert s.food[0] == 4


def test_manhattan_switch_windpump_targets_FG_EFX_10(monkeypatch):
    """FG-EFX-10 with the Manhattan switch: the Windpump at (2,-1) may fill Towers with room
    within distance 2: B (3,-1) at 1 and C (1,-2) at 2, not A (0,0) at 3."""
    monkeypatch.setattr(R, "WATER_DISTANCE_ALONG_CARDS", False)
    s = _farm_m(wa=0, wb=1, wc=0)
    sc.goto_harvest(s, 0)  # the free Windpump harvest is the only choice, so it runs by itself
    assert legal(s) == {"fill 3,-1", "fill 1,-2"}
    s.apply("fill 1,-2")
    assert [sc.water_at(s, 0, at) for at in ((0, 0), (3, -1), (1, -2))] == [0, 1, 1]


def test_windpump_fills_only_towers_with_room_along_the_cards_FG_EFX_10_FG_WT_3():
    """FG-EFX-10, FG-WT-3, FG-MNT-2: the Windpump adds 1 Water to a Tower with room within 2
    steps along the cards. A (1 step) is full, C (4 steps; the short way crosses the empty
    cell (1,1)) is too far, so B (1 step) is the only target and gets the Water without a
    question (the harvest itself, free and alone, runs by itself too)."""
    s = _windpump_farm()
    sc.goto_harvest(s, 0)  # the free Windpump harvest and its one target: nothing to ask
    assert s.current_player is None
    assert [sc.water_at(s, 0, at) for at in ((0, 0), (0, 2), (2, 1))] == [3, 1, 0]


def test_windpump_skips_a_full_first_tower_and_still_offers_the_rest_FG_EFX_10():
    """FG-EFX-10: with A (the farm's first card) full, the Towers with room behind it are
    still offered: B at 1 step and C once the cell (1,1) holds a card (path 2)."""
    s = _windpump_farm()
    sc.add_card(s, 0, "Potato Field", (1, 1), down=True)
    sc.goto_harvest(s, 0)
    assert legal(s) == {"fill 0,2", "fill 2,1"}
    s.apply("fill 2,1")
    assert [sc.water_at(s, 0, at) for at in ((0, 0), (0, 2), (2, 1))] == [3, 0, 1]
