"""Changes to a farm (farm.py): Food is one pool capped by the Silos, and the caps apply to every
gain, those from card abilities included (FG-MNT-4, FG-MNT-5, FG-SILO-3)."""

from __future__ import annotations

from acreage.games.fields_of_green import scenario as sc
from acreage.games.fields_of_green.frames import Hold
from acreage.games.fields_of_green.queries import food_cap, tower_capacity

from .helpers import game, next_year


def test_food_is_one_pool_capped_by_the_silos():
    """FG-MNT-4, FG-SILO-3: cap 4 per Silo; a second Silo gives 8."""
    s = game(3, introductory=True)
    assert food_cap(s, 0) == 4
    sc.add_card(s, 0, "Silo", (2, 0))
    assert food_cap(s, 0) == 8
    sc.set_stock(s, 0, food=8)
    next_year(s)
    assert s.food[0] == 8


def test_mnt5_caps_apply_to_gains_from_card_abilities():
    """Checks FG-MNT-5: Food from an Immediate ability, Food from a Harvest ability and Water
    from a Harvest ability are all capped at the moment of the gain, not only income."""
    # Immediate: Scarecrow beside two Plantations would give 2 Food; 3 + 2 is capped at 4.
    s = game(3)
    sc.clear_farm(s, 0, food=3)
    sc.add_card(s, 0, "Wheat Field", (0, 1))
    sc.add_card(s, 0, "Barley Field", (2, 1))
    assert food_cap(s, 0) == 4
    sc.goto_action(s, 0, "Scarecrow")
    s.apply("build 1,1")
    assert s.food[0] == 4
    # Harvest: Wheat Field makes 2 Food; with the pool full it stays at the cap.
    s = game(3)
    sc.clear_farm(s, 0, food=4)
    sc.add_card(s, 0, "Wheat Field", (0, 1))
    sc.goto_harvest(s, 0, year=2)
    s.apply("harvest 0,1")
    assert s.food[0] == 4 and sc.water_at(s, 0, (0, 0)) == 2
    # Harvest Water: Windpump adds 1 Water to a Tower in range, but a full Tower takes none.
    for water, after in ((2, 3), (3, 3)):
        s = game(3)
        sc.clear_farm(s, 0, water=water)
        sc.add_card(s, 0, "Windpump", (0, 1))
        sc.goto_harvest(s, 0, year=2)  # free and with one target: it resolves by itself
        assert s.frames == [Hold()]
        assert sc.water_at(s, 0, (0, 0)) == after <= tower_capacity(s, 0, 0)
