"""Card effects (effects.py): Immediate gains, gains counted on the farm (adjacent Livestock, the
Turkeys' bonus), VP tokens, selling Food, the Well's fill, and effects with nothing to act on
(FG-EFX, FG-MKT-3)."""

from __future__ import annotations

from acreage.games.fields_of_green import scenario as sc
from acreage.games.fields_of_green.content import CARDS

from .helpers import _farm_b, at_action, game, legal


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
    assert CARDS[s.piece_cards[0][-1]].name == "Fences"


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
    assert s.point_tokens[0] == 4 and s.coins[0] == 3 and s.score_parts(0)["tokens"] == 4
    s = game(3)
    sc.clear_farm(s, 0, water=1)
    sc.add_card(s, 0, "Ducks", (0, 1), equipment=("Heated Coop",))
    sc.set_stock(s, 0, vp=2)
    sc.goto_harvest(s, 0)
    s.apply("harvest 0,1")
    assert s.point_tokens[0] == 3 and s.coins[0] == 18 and sc.water_at(s, 0, (0, 0)) == 0


def test_effects_touch_only_the_owner_and_vp_tokens_are_kept():
    """FG-EFX-9, FG-EFX-13: a VP token stays after its card becomes Wasteland; nobody else changes."""
    s = game(3)
    sc.clear_farm(s, 0, food=1)
    sc.add_card(s, 0, "Goats", (0, 1))
    others = [(s.coins[x], s.food[x], s.point_tokens[x]) for x in (1, 2)]
    sc.goto_harvest(s, 0)
    s.apply("harvest 0,1")
    assert s.point_tokens[0] == 1
    sc.goto_harvest(s, 0)
    assert s.piece_face_down[0][sc.piece_at(s, 0, (0, 1))] and s.point_tokens[0] == 1
    assert [(s.coins[x], s.food[x], s.point_tokens[x]) for x in (1, 2)] == others


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
