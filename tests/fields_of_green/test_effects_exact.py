"""Card and Equipment effects, harvest costs and end scoring with exact amounts (FG-BLD-8,
FG-EFX, FG-EQ, FG-HRV-3/4, FG-END)."""

from __future__ import annotations

from acreage.games.fields_of_green import rulings as R
from acreage.games.fields_of_green import scenario as sc
from acreage.games.fields_of_green.queries import end_game_vp, farm_size, harvest_cost

from .helpers import game, legal


def test_immediate_ability_resolves_when_built_FG_BLD_8_FG_EFX_6():
    """FG-BLD-8, FG-EFX-6: Fences (2 coins; Immediate: 2 coins per adjacent Livestock) built
    with action A beside Dairy Cows and Goats pays 2 and gains 4: 15 -> 17 coins."""
    s = game(3)
    sc.clear_farm(s, 0)
    sc.add_card(s, 0, "Dairy Cows", (0, 1))
    sc.add_card(s, 0, "Goats", (1, 2))
    sc.goto_action(s, 0, "Fences")
    s.apply("build 1,1")
    assert s.coins[0] == 17 and s.current_player is None


def test_turkeys_bonus_only_with_no_livestock_beside_FG_EFX_6_FG_EFX_7():
    """FG-EFX-6 (Turkeys, 1 Food: 3 coins, and 2 more if no Livestock is adjacent): alone they
    give 5 coins. With Wasteland Goats on one side (not counted, FG-EFX-7) and face-up Goats on
    the other they give 3."""
    for goats, coins in ((False, 5), (True, 3)):
        s = game(3)
        sc.clear_farm(s, 0, food=1)
        sc.add_card(s, 0, "Turkeys", (0, 1))
        if goats:
            sc.add_card(s, 0, "Goats", (0, 2), down=True)
            sc.add_card(s, 0, "Goats", (-1, 1))
        sc.goto_harvest(s, 0)
        s.apply("harvest 0,1")  # the Goats then lack Food and are abandoned by themselves
        assert s.coins[0] == 15 + coins and s.food[0] == 0, goats


def test_vp_token_gains_add_to_the_tokens_held_FG_EFX_6_FG_EQ_7_FG_END_3():
    """FG-EFX-6, FG-END-3: a Winery (2 coins: 1 VP token, +1 per adjacent Fruit) beside a
    Vineyard takes a player from 2 to 4 tokens. FG-EQ-7: Heated Coop on Ducks adds 1 token
    (2 -> 3). Tokens count in the score as they are."""
    s = game(3)
    sc.clear_farm(s, 0, water=0)
    sc.add_card(s, 0, "Winery", (0, 1))
    sc.add_card(s, 0, "Vineyard", (0, 2), down=True)
    sc.add_card(s, 0, "Vineyard", (-1, 1))
    sc.set_stock(s, 0, coins=5, vp=2)
    sc.goto_harvest(s, 0)
    s.apply("harvest 0,1")
    assert s.vp[0] == 4 and s.coins[0] == 3 and s.score_parts(0)["tokens"] == 4
    s = game(3)
    sc.clear_farm(s, 0, water=1)
    sc.add_card(s, 0, "Ducks", (0, 1), equipment=("Heated Coop",))
    sc.set_stock(s, 0, vp=2)
    sc.goto_harvest(s, 0)
    s.apply("harvest 0,1")
    assert s.vp[0] == 3 and s.coins[0] == 18 and sc.water_at(s, 0, (0, 0)) == 0


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
