"""End of game and scoring (scoring.py): printed VP, VP tokens, end-game abilities, coins, Food and
empty Towers at the end, and the ranking with its tie-breaks, each key pulling against the next
(FG-END, FG-EX-2, FG-EX-3, FG-EX-11)."""

from __future__ import annotations

from acreage.games.fields_of_green import rulings as R
from acreage.games.fields_of_green import scenario as sc
from acreage.games.fields_of_green.queries import end_game_vp, farm_size

from .helpers import game, random_game


def farm(s, seat: int, fields: int, coins: int, wasteland: int = 0) -> None:
    """A cleared farm plus ``fields`` Potato Fields (the first ``wasteland`` face down)."""
    sc.clear_farm(s, seat, water=3, food=0)
    for i in range(fields):
        sc.add_card(s, seat, "Potato Field", (i + 2, 0), down=i < wasteland)
    sc.set_stock(s, seat, coins=coins)


def test_final_scoring_once_at_the_end():
    """FG-END-1, FG-YR-6: the game ends after year 4; scores are the breakdown totals."""
    s = random_game(3, seed=4)
    assert s.is_terminal and s.year == 4
    assert s.scores() == [sum(s.score_parts(x).values()) for x in range(3)]
    assert sorted(s.ranking())[0] == 1


def test_printed_vp_of_every_face_up_card_counts_FG_END_2():
    """FG-END-2: Vineyard, Geese and Farmhouse print 1 VP each: 3; a Wasteland Geese adds none."""
    s = game(3)
    sc.clear_farm(s, 0)
    sc.add_card(s, 0, "Vineyard", (0, 1))
    sc.add_card(s, 0, "Geese", (0, 2))
    sc.add_card(s, 0, "Farmhouse", (-1, 0))
    sc.add_card(s, 0, "Geese", (0, -1), down=True)
    sc.add_card(s, 0, "Potato Field", (1, 1))
    assert s.score_parts(0)["printed"] == 3


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


def test_edge12_scoring_details():
    """FG-EDGE-12, FG-END-6, FG-END-7: floor division; an upgraded empty Tower scores; 1 Water does not."""
    s = game(3)
    sc.clear_farm(s, 0, water=0)
    sc.add_card(s, 0, "Water Tower", (0, 1), water=0, equipment=("Water Tank Extension",))
    sc.add_card(s, 0, "Water Tower", (0, 2), water=1)
    sc.set_stock(s, 0, coins=17, food=3)
    b = s.score_parts(0)
    assert b["empty_towers"] == 2 and b["coins"] == 5 and b["food"] == 1


def test_end_game_abilities_add_up_in_whole_vp_FG_END_8_FG_EFX_6():
    """FG-END-8: Cannery scores both its lines (1 per Vegetable in the farm: 2; 1 per adjacent
    Silo: 1) = 3; Farmhouse 1 per distinct adjacent type (Plantation, Livestock, Silo) = 3;
    Guest House 1 per Plantation/Livestock subtype in the farm (vegetable, dairy) = 2. All
    are whole numbers."""
    s = game(3)
    sc.clear_farm(s, 0)
    cannery = sc.add_card(s, 0, "Cannery", (1, 1))
    sc.add_card(s, 0, "Potato Field", (2, 1))
    sc.add_card(s, 0, "Pepper Field", (5, 5))
    farmhouse = sc.add_card(s, 0, "Farmhouse", (2, 2))
    sc.add_card(s, 0, "Goats", (3, 2))
    sc.add_card(s, 0, "Silo", (2, 3))
    guest = sc.add_card(s, 0, "Guest House", (9, 9))
    vps = [end_game_vp(s, 0, p) for p in (cannery, farmhouse, guest)]
    assert vps == [3, 3, 2] and all(type(v) is int for v in vps)
    assert s.score_parts(0)["end_game"] == 8


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
    s.piece_face_down[0][dogs] = True
    assert end_game_vp(s, 0, dogs) == 0


def test_tie_break_switch_counts_only_face_up_cards_FG_END_10(monkeypatch):
    """FG-END-10 switch (rulings.TIEBREAK_COUNTS_WASTELAND = False): the farm size for the
    tie-break counts face-up cards only: 5 cards, 2 of them Wasteland, count 3."""
    s = game(3)
    sc.clear_farm(s, 0)
    sc.add_card(s, 0, "Potato Field", (0, 1), down=True)
    sc.add_card(s, 0, "Potato Field", (0, 2), down=True)
    sc.add_card(s, 0, "Potato Field", (0, 3))
    assert farm_size(s, 0) == 5
    monkeypatch.setattr(R, "TIEBREAK_COUNTS_WASTELAND", False)
    assert farm_size(s, 0) == 3
    assert s.rank_keys()[0] == (s.score(0), 3, 15)


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


def test_more_cards_beat_more_coins_FG_END_10_FG_EX_11():
    """FG-END-10: equal totals; seat 0 has one card more (a Wasteland) but 6 coins against 8, and
    still ranks first: the card count is compared before the coins."""
    s = game(2)
    farm(s, 0, 13, coins=6, wasteland=1)
    farm(s, 1, 12, coins=8)
    assert farm_size(s, 0) == farm_size(s, 1) + 1
    assert s.scores()[0] == s.scores()[1]
    assert s.ranking() == [1, 2]
    assert s.winners() == [0]


def test_higher_total_beats_more_cards_and_coins_FG_END_10():
    """FG-END-10: 12 Fields and 9 coins (3 VP) beat 13 cards, one of them Wasteland, and 8 coins
    (2 VP): one VP more wins although the farm is smaller."""
    s = game(2)
    farm(s, 0, 12, coins=9)
    farm(s, 1, 13, coins=8, wasteland=1)
    assert farm_size(s, 1) == farm_size(s, 0) + 1
    assert s.scores()[0] == s.scores()[1] + 1
    assert s.ranking() == [1, 2]


def test_coins_break_the_last_tie_then_places_are_shared_FG_END_10_FG_END_9():
    """FG-END-10, FG-END-9 for every place: three seats with equal totals and farms; 8, 7 and 7
    coins (all 2 VP). Seat 0 first, seats 1 and 2 share second."""
    s = game(3)
    for seat, coins in enumerate((8, 7, 7)):
        farm(s, seat, 12, coins=coins)
    assert len(set(s.scores())) == 1
    assert s.ranking() == [1, 2, 2]
    assert s.winners() == [0]


def test_fewer_cards_lose_even_with_more_coins_in_lower_places_FG_END_10():
    """FG-END-10 below first place: seat 0 leads by a VP; seats 1 and 2 tie on total, seat 2 with
    one card more (Wasteland) and fewer coins (6 against 8) takes second."""
    s = game(3)
    farm(s, 0, 12, coins=9)
    farm(s, 1, 12, coins=8)
    farm(s, 2, 13, coins=6, wasteland=1)
    assert s.scores()[0] == s.scores()[1] + 1 == s.scores()[2] + 1
    assert s.ranking() == [1, 3, 2]
