"""The Fields (fields.py): the Fields menu at each water level, planting, tending cell by cell with
its water costs, and harvesting with every bonus that adds to it (HV-FLD, HV-CHR-2, HV-RES-4)."""

from __future__ import annotations

import pytest

from acreage.games.harvest import scenario as sc
from acreage.games.harvest.constants import BLUE, CROP0, EMPTY, SEED0, STRAW, WHEAT
from acreage.games.harvest.content import BUILDING_BY_NAME as BB
from acreage.games.harvest.fields import harvest

from .helpers import (
    _finish_sub,
    action_phase_start,
    action_turn,
    farm,
    give_building,
    legal,
    next_seat_to_place,
    start,
)

CELLS = {"1,1": "pumpkin crop", "1,2": "pumpkin crop", "1,3": "wheat crop", "1,4": "wheat crop",
         "1,5": "blueberry crop", "2,1": "blueberry crop", "2,2": "strawberry seed"}


def harvested(character: str = "Architect", buildings: tuple[str, ...] = (), cells=None):
    s = action_turn(f"{character}:Bakehouse", ff=False)
    sc.set_farm(s, 0, cells or CELLS, clear=True)
    for name in buildings:  # owned; where it stands does not matter to a harvest
        s.buildings[0].append((BB[name.lower()].id, 10))
    s.coins[0], s.points[0], s.fertilizer[0] = 0, 0, 0
    harvest(s, 0)
    return s


FIELD = {"1,1": "wheat seed", "1,2": "strawberry seed", "1,3": "pumpkin seed",
         "1,4": "blueberry seed", "2,2": "empty", "2,3": "empty"}


PLANTS = {f"plant {c} {cell}" for c in ("wheat", "blueberry", "pumpkin") for cell in ("2,2", "2,3")}


@pytest.mark.parametrize("ditch,water,tends", [
    (False, 0, {"strawberry 1,2"}),
    (False, 1, {"strawberry 1,2", "wheat 1,1", "blueberry 1,4"}),
    (False, 2, {"strawberry 1,2", "wheat 1,1", "blueberry 1,4", "pumpkin 1,3"}),
    (True, 0, {"strawberry 1,2", "wheat 1,1", "blueberry 1,4"}),
    (True, 1, {"strawberry 1,2", "wheat 1,1", "blueberry 1,4", "pumpkin 1,3"}),
])
def test_fields_menu_by_water_HV_FLD_1_HV_FLD_3_HV_FLD_4_HV_WS_10(ditch, water, tends):
    """HV-FLD-4: a Tend is offered when the water covers its first tile: strawberry 0, wheat and
    blueberry 1, pumpkin 2; the Irrigation Ditch takes 1 off (never below 0). HV-FLD-3: a Plant
    goes on each empty cell (wheat free, pumpkin and blueberry 1 fertilizer, held: 1); Harvest
    is always offered (HV-FLD-9)."""
    s = start()
    farm(s, FIELD, ditch)
    s.seeds[0], s.fertilizer[0], s.water[0], s.bucket_capacity[0] = [1, 0, 1, 1], 1, water, 3
    s.apply("place F-1")
    assert legal(s) == PLANTS | {f"tend {t}" for t in tends} | {"harvest", "done"}


def test_crop_cycle_HV_FLD_1_HV_FLD_2_HV_FLD_6_HV_FLD_7_HV_FLD_8_HV_RND_3():
    # Checks HV-FLD-1, HV-FLD-2, HV-FLD-6, HV-FLD-7, HV-FLD-8.
    """Plant → Tend → Harvest; a bush stays seed side up and needs tending again (edge 3)."""
    s = action_turn()
    s.seeds[0], s.fertilizer[0], s.water[0] = [1, 0, 1, 0], 1, 3
    s.bucket_capacity[0], s.coins[0], s.points[0] = 3, 0, 0
    s.apply("place F-3")
    assert {a.split()[0] for a in legal(s)} == {"plant", "harvest", "done"}
    s.apply("plant blueberry 1,1")
    _finish_sub(s)
    assert s.farm[0][0] == SEED0 + 2 and s.fertilizer[0] == 0
    s.apply("tend blueberry 1,1")
    _finish_sub(s)
    assert s.farm[0][0] == CROP0 + 2 and s.water[0] == 2
    s.apply("harvest")
    assert s.points[0] == 4 and s.coins[0] == 1  # scored at once (HV-RND-3)
    assert s.farm[0][0] == SEED0 + 2  # the bush stays, seed side up
    s.apply("done")
    sc.at_turn(s, 0)
    s.apply("place F-1")
    s.apply("harvest")
    assert s.points[0] == 4 and s.coins[0] == 1  # untended bush scores nothing
    s.apply("done")
    sc.at_turn(s, 0)
    sc.set_farm(s, 0, {"2,1": "wheat crop", "2,2": "strawberry crop"})
    s.apply("place F-2")
    s.apply("harvest")
    assert s.points[0] == 6 and s.coins[0] == 3 and s.fertilizer[0] == 1
    assert s.farm[0][5] == s.farm[0][6] == EMPTY


def test_plant_continues_one_cell_at_a_time_until_done_HV_FLD_3():
    """HV-FLD-3: one Plant action puts seeds of one crop on any number of cells; "done" ends
    it (with wheat seeds left) and with it F-1's single action."""
    s = start()
    s.seeds[0] = [3, 0, 0, 0]
    s.apply("place F-1")
    s.apply("plant wheat 1,1")
    s.apply("plant wheat 2,3")
    assert legal(s) == {"plant wheat " + c for c in ("1,2", "1,3", "1,4", "1,5", "2,1", "2,2", "2,4",
                                                      "2,5", "3,1", "3,2", "3,3", "3,4", "3,5", "4,1",
                                                      "4,2", "4,3", "4,4", "4,5")} | {"done"}
    s.apply("done")
    assert s.seeds[0] == [1, 0, 0, 0]
    assert s.farm[0][0] == SEED0 + WHEAT and s.farm[0][7] == SEED0 + WHEAT
    assert next_seat_to_place(s)


def test_plant_tend_costs_HV_FLD_3_HV_FLD_4():
    # Checks HV-FLD-3, HV-FLD-4.
    s = action_phase_start(3)
    sc.at_turn(s, 0)
    s.occupants = [() for _ in s.occupants]
    s.seeds[0] = [1, 0, 0, 2]
    s.fertilizer[0] = 2
    s.water[0] = 3
    s.apply("place F-3")
    s.apply("plant pumpkin 1,1")
    assert s.fertilizer[0] == 1
    assert "plant wheat 1,2" not in legal(s)  # one crop type per Plant
    s.apply("done")
    s.apply("tend pumpkin 1,1")
    assert s.water[0] == 1


def test_tend_wheat_cell_by_cell_each_costs_one_water_HV_FLD_4():
    """HV-FLD-4: a Tend of wheat turns one seed-side tile per step, 1 water each, the last one
    with exactly the 1 water left; at 0 water the Tend (and F-1's action) ends."""
    s = start()
    sc.set_farm(s, 0, {"1,1": "wheat seed", "1,2": "wheat seed", "2,3": "wheat seed",
                       "3,4": "wheat seed", "2,2": "pumpkin seed"})
    s.water[0], s.bucket_capacity[0] = 3, 3
    s.apply("place F-1")
    s.apply("tend wheat 1,1")
    assert s.water[0] == 2
    assert legal(s) == {"tend wheat 1,2", "tend wheat 2,3", "tend wheat 3,4", "done"}
    s.apply("tend wheat 1,2")
    s.apply("tend wheat 2,3")
    assert s.water[0] == 0
    assert [s.farm[0][i] for i in (0, 1, 7, 13, 6)] == [CROP0, CROP0, CROP0, SEED0, SEED0 + 3]
    assert next_seat_to_place(s)


def test_done_ends_the_tend_and_the_visit_HV_FLD_4():
    """HV-FLD-4: "done" after two tended tiles ends the Tend although water and seed-side wheat
    remain; F-1 had one action, so the turn is over."""
    s = start()
    sc.set_farm(s, 0, {"1,1": "wheat seed", "1,2": "wheat seed", "1,3": "wheat seed"})
    s.water[0], s.bucket_capacity[0] = 3, 3
    s.apply("place F-1")
    s.apply("tend wheat 1,1")
    s.apply("tend wheat 1,2")
    s.apply("done")
    assert s.water[0] == 1 and s.farm[0][:3] == [CROP0, CROP0, SEED0]
    assert next_seat_to_place(s)


def test_a_second_pumpkin_needs_two_more_water_HV_FLD_4():
    """HV-FLD-4: pumpkins cost 2 water each; after one (3 → 1 water) the second is not offered
    and the Tend ends."""
    s = start()
    sc.set_farm(s, 0, {"1,1": "pumpkin seed", "1,2": "pumpkin seed", "2,1": "wheat seed"})
    s.water[0], s.bucket_capacity[0] = 3, 3
    s.apply("place F-1")
    s.apply("tend pumpkin 1,1")
    assert s.water[0] == 1
    assert next_seat_to_place(s)


def test_strawberries_tend_for_no_water_HV_FLD_4():
    """HV-FLD-4: strawberries cost no water, so both tend at 0 water; only strawberry cells are
    offered (not the wheat seed, not the building's cells)."""
    s = start()
    give_building(s, 0, "Gazebo", "3,3")
    sc.set_farm(s, 0, {"1,2": "strawberry seed", "2,4": "strawberry seed", "1,1": "wheat seed"})
    s.water[0] = 0
    s.apply("place F-1")
    s.apply("tend strawberry 1,2")
    assert legal(s) == {"tend strawberry 2,4", "done"}
    s.apply("tend strawberry 2,4")
    assert s.water[0] == 0 and s.farm[0][1] == CROP0 + 1 and s.farm[0][8] == CROP0 + 1
    assert next_seat_to_place(s)


def test_plain_harvest_HV_FLD_5_HV_FLD_6_HV_FLD_7_HV_FLD_8():
    """2 pumpkins 12 + 2 wheat 2 + 2 bushes 8 = 22 points, 2 fertilizer, 3 coins (three crop
    types); pumpkins and wheat leave, bushes turn to their seed side, the strawberry seed stays."""
    s = harvested()
    assert (s.points[0], s.fertilizer[0], s.coins[0]) == (22, 2, 3)
    assert [s.farm[0][i] for i in range(5)] == [EMPTY, EMPTY, EMPTY, EMPTY, SEED0 + BLUE]
    assert s.farm[0][5] == SEED0 + BLUE and s.farm[0][6] == SEED0 + STRAW


def test_harvest_three_types_HV_EX_2_HV_FLD_5_to_8_HV_RES_4():
    # Checks HV-EX-2, HV-FLD-5, HV-RES-4, HV-FLD-6, HV-FLD-7, HV-FLD-8.
    s = action_phase_start(3)
    sc.at_turn(s, 0)
    sc.set_farm(s, 0, {"1,1": "wheat crop", "1,2": "wheat crop", "2,1": "pumpkin crop",
                       "3,1": "blueberry crop",
                       "3,2": "blueberry crop", "2,2": "strawberry seed"}, clear=True)
    s.points[0], s.coins[0], s.fertilizer[0] = 10, 1, 8
    s.occupants = [() for _ in s.occupants]
    s.apply("place F-1")
    s.apply("harvest")
    assert s.points[0] == 26 and s.coins[0] == 4 and s.fertilizer[0] == 9
    f = s.farm[0]
    assert f[0] == f[1] == f[5] == 0
    assert f[10] == f[11] == 3 + 2  # bushes back to seed side
    assert f[6] == 3 + 1  # strawberry seed untouched
    assert any(a.startswith("card") for a in legal(s))  # HV-FFC-2


def test_empty_harvest_gains_nothing_HV_FLD_9():
    s = harvested(cells={"2,2": "strawberry seed"}, buildings=("Beehive", "Granary"))
    assert (s.points[0], s.fertilizer[0], s.coins[0]) == (0, 0, 0)


def test_empty_harvest_still_buys_HV_FLD_9_HV_FFC_2():
    # Checks HV-FLD-9, HV-FFC-2.
    s = action_phase_start(3)
    sc.at_turn(s, 0)
    s.occupants = [() for _ in s.occupants]
    s.coins[0] = 5
    s.apply("place F-1")
    s.apply("harvest")
    assert "card P3" in legal(s)


def test_irrigation_ditch_discounts_the_first_tile_only_HV_WS_10_HV_FLD_4():
    """HV-WS-10 Irrigation Ditch: a Tend costs 1 water less in total (off its first tile): two
    pumpkins cost 1 + 2 = 3 water."""
    s = start()
    give_building(s, 0, "Irrigation Ditch")
    sc.set_farm(s, 0, {"1,1": "pumpkin seed", "1,2": "pumpkin seed"})
    s.water[0], s.bucket_capacity[0] = 3, 3
    s.apply("place F-1")
    s.apply("tend pumpkin 1,1")
    assert s.water[0] == 2
    assert legal(s) == {"tend pumpkin 1,2", "done"}
    s.apply("tend pumpkin 1,2")
    assert s.water[0] == 0 and s.farm[0][:2] == [CROP0 + 3, CROP0 + 3]


def test_pumpkin_bonuses_add_per_pumpkin_HV_CHR_2():
    """Pumpkin Patcher +1 and Scarecrow +1 per pumpkin: 22 + 2 = 24 with one, 26 with both."""
    assert harvested("Pumpkin Patcher").points[0] == 24
    assert harvested(buildings=("Scarecrow",)).points[0] == 24
    assert harvested("Pumpkin Patcher", buildings=("Scarecrow",)).points[0] == 26


def test_granary_and_berry_keeper_coins_HV_CHR_2():
    """Granary +1 coin per wheat (2), Berry Keeper +1 coin per bush (2), on top of 3 type coins."""
    assert harvested(buildings=("Granary",)).coins[0] == 3 + 2
    assert harvested("Berry Keeper").coins[0] == 3 + 2
    assert harvested("Berry Keeper", buildings=("Granary",)).coins[0] == 3 + 4


def test_beehive_once_per_harvest_with_berries_HV_CHR_2():
    """Beehive: +2 points once (not per bush); nothing for a harvest without berries."""
    assert harvested(buildings=("Beehive",)).points[0] == 22 + 2
    s = harvested(buildings=("Beehive",), cells={"1,1": "wheat crop", "2,2": "strawberry seed"})
    assert (s.points[0], s.coins[0]) == (1, 1)
