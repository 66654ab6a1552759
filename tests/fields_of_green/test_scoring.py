"""End of game and scoring (FG-END); FG-EX-2, FG-EX-3, FG-EX-11, FG-EDGE-5, FG-EDGE-12."""

from __future__ import annotations

from acreage.games.fields_of_green import scenario as sc
from acreage.games.fields_of_green.queries import end_game_vp, farm_size

from .helpers import game, random_game


def test_ex2_end_scoring_rules_only():
    """FG-EX-2, FG-END-3, FG-END-5..7, FG-END-9: 3 + 2 + 2 + 4 + 1 = 12; coins kept."""
    s = game(3)
    sc.clear_farm(s, 0, water=0)
    sc.add_card(s, 0, "Silo", (2, 0))
    sc.add_card(s, 0, "Water Tower", (0, 1), water=0)
    sc.add_card(s, 0, "Water Tower", (0, 2), water=2)
    sc.set_stock(s, 0, coins=10, food=5, vp=4, stored=("Tractor",))
    assert s.score(0) == 12 and s.coins[0] == 10
    for coins, vp in ((11, 3), (12, 4)):
        sc.set_stock(s, 0, coins=coins)
        assert s.score_parts(0)["coins"] == vp
    sc.set_stock(s, 0, food=1)
    assert s.score_parts(0)["food"] == 0
    sc.set_water(s, 0, (0, 1), 1)
    assert s.score_parts(0)["empty_towers"] == 1


def test_ex3_end_scoring_with_cards():
    """FG-EX-3, FG-END-2, FG-END-4, FG-END-8, FG-EDGE-5: Flour Mill 4, Weathervane 2, Wasteland
    Geese 0 printed VP; 8 cards for the tie-break."""
    s = game(3)
    sc.clear_farm(s, 0, water=3)
    sc.add_card(s, 0, "Corn Field", (2, 0), down=True)
    sc.add_card(s, 0, "Wheat Field", (1, 1))
    mill = sc.add_card(s, 0, "Flour Mill", (2, 1), equipment=("Weathervane",))
    sc.add_card(s, 0, "Barley Field", (3, 1))
    sc.add_card(s, 0, "Silo", (2, 2))
    sc.add_card(s, 0, "Geese", (0, 1), down=True)
    assert end_game_vp(s, 0, mill) == 4
    b = s.score_parts(0)
    assert b["equipment"] == 2 and b["printed"] == 0 and b["end_game"] == 4
    assert farm_size(s, 0) == 8
    sc.add_card(s, 1, "Geese", (0, 1))
    assert s.score_parts(1)["printed"] == 1


def test_ex11_tie_breaks():
    """FG-EX-11, FG-END-10: equal scores -> more farm cards (Wasteland counts) -> more coins -> shared."""
    s = game(2)
    for seat, n in ((0, 13), (1, 12)):
        sc.clear_farm(s, seat, water=3, food=0)
        for i in range(n):
            sc.add_card(s, seat, "Potato Field", (i + 2, 0), down=(seat == 0 and i == 0))
        sc.set_stock(s, seat, coins=8)
    assert s.scores()[0] == s.scores()[1]
    assert s.ranking() == [1, 2]
    sc.add_card(s, 1, "Potato Field", (0, 1))
    sc.set_stock(s, 1, coins=6)
    assert s.scores()[0] == s.scores()[1] and s.ranking() == [1, 2]
    sc.set_stock(s, 1, coins=8)
    assert s.ranking() == [1, 1]


def test_edge12_scoring_details():
    """FG-EDGE-12, FG-END-6, FG-END-7: floor division; an upgraded empty Tower scores; 1 Water does not."""
    s = game(3)
    sc.clear_farm(s, 0, water=0)
    sc.add_card(s, 0, "Water Tower", (0, 1), water=0, equipment=("Water Tank Extension",))
    sc.add_card(s, 0, "Water Tower", (0, 2), water=1)
    sc.set_stock(s, 0, coins=17, food=3)
    b = s.score_parts(0)
    assert b["empty_towers"] == 2 and b["coins"] == 5 and b["food"] == 1


def test_end_game_abilities():
    """FG-END-8, FG-EFX-4..8: Farmhouse kinds, Guest House subtypes, Egg Packing, Cannery,
    Granary, Watchdogs; Wasteland counts for nothing."""
    s = game(3)
    sc.clear_farm(s, 0)
    house = sc.add_card(s, 0, "Farmhouse", (0, 1))
    sc.add_card(s, 0, "Wheat Field", (-1, 1))
    sc.add_card(s, 0, "Chickens", (0, 2))
    sc.add_card(s, 0, "Goats", (1, 1), down=True)
    assert end_game_vp(s, 0, house) == 3  # Water Tower, Plantation, Livestock (not the Wasteland)
    guest = sc.add_card(s, 0, "Guest House", (-2, 1))
    eggs = sc.add_card(s, 0, "Egg Packing Station", (-1, 2))
    assert end_game_vp(s, 0, guest) == 2 and end_game_vp(s, 0, eggs) == 1
    granary = sc.add_card(s, 0, "Granary", (2, 0))
    assert end_game_vp(s, 0, granary) == 2
    dogs = sc.add_card(s, 0, "Watchdogs", (1, 2))
    assert end_game_vp(s, 0, dogs) == 1
    s.pdown[0][dogs] = True
    assert end_game_vp(s, 0, dogs) == 0


def test_final_scoring_once_at_the_end():
    """FG-END-1, FG-YR-6: the game ends after year 4; scores are the breakdown totals."""
    s = random_game(3, seed=4)
    assert s.is_terminal and s.year == 4
    assert s.scores() == [sum(s.score_parts(x).values()) for x in range(3)]
    assert sorted(s.ranking())[0] == 1
