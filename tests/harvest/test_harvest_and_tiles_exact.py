"""Exact gains of a Harvest with every bonus that touches it (HV-FLD-5 to HV-FLD-8, HV-CHR-2),
building costs with the Architect (HV-WS-5), and the Market tiles whose effect is an action
(HV-FM-1, HV-FM-5).

Crop values (HV-FLD-6): wheat 1 point + 1 fertilizer, strawberry 1 point, pumpkin 6 points, bush 4
points, plus 1 coin per different crop type harvested. Bonuses, as the content data gives them:
Pumpkin Patcher and Scarecrow +1 point per pumpkin each; Granary +1 coin per wheat; Beehive +2
points once for a harvest holding strawberries or bushes; Berry Keeper +1 coin per bush.
"""

from __future__ import annotations

import pytest

from acreage.games.harvest import scenario as sc
from acreage.games.harvest.constants import BLUE, EMPTY, SEED0, STRAW
from acreage.games.harvest.content import BUILDING_BY_NAME as BB
from acreage.games.harvest.content import BUILDINGS
from acreage.games.harvest.fields import harvest
from acreage.games.harvest.queries import build_cost

from .helpers import action_turn, legal

CELLS = {"1,1": "pumpkin crop", "1,2": "pumpkin crop", "1,3": "wheat crop", "1,4": "wheat crop",
         "1,5": "blueberry crop", "2,1": "blueberry crop", "2,2": "strawberry seed"}


def harvested(character: str = "Architect", buildings: tuple[str, ...] = (), cells=None):
    s = action_turn(f"{character}:Bakehouse", ff=False)
    sc.set_farm(s, 0, cells or CELLS, clear=True)
    for name in buildings:  # owned; where it stands does not matter to a harvest
        s.blds[0].append([BB[name.lower()].id, 10])
    s.coins[0], s.score[0], s.fert[0] = 0, 0, 0
    harvest(s, 0)
    return s


def test_plain_harvest_HV_FLD_5_HV_FLD_6_HV_FLD_7_HV_FLD_8():
    """2 pumpkins 12 + 2 wheat 2 + 2 bushes 8 = 22 points, 2 fertilizer, 3 coins (three crop
    types); pumpkins and wheat leave, bushes turn to their seed side, the strawberry seed stays."""
    s = harvested()
    assert (s.score[0], s.fert[0], s.coins[0]) == (22, 2, 3)
    assert [s.farm[0][i] for i in range(5)] == [EMPTY, EMPTY, EMPTY, EMPTY, SEED0 + BLUE]
    assert s.farm[0][5] == SEED0 + BLUE and s.farm[0][6] == SEED0 + STRAW


def test_pumpkin_bonuses_add_per_pumpkin_HV_CHR_2():
    """Pumpkin Patcher +1 and Scarecrow +1 per pumpkin: 22 + 2 = 24 with one, 26 with both."""
    assert harvested("Pumpkin Patcher").score[0] == 24
    assert harvested(buildings=("Scarecrow",)).score[0] == 24
    assert harvested("Pumpkin Patcher", buildings=("Scarecrow",)).score[0] == 26


def test_granary_and_berry_keeper_coins_HV_CHR_2():
    """Granary +1 coin per wheat (2), Berry Keeper +1 coin per bush (2), on top of 3 type coins."""
    assert harvested(buildings=("Granary",)).coins[0] == 3 + 2
    assert harvested("Berry Keeper").coins[0] == 3 + 2
    assert harvested("Berry Keeper", buildings=("Granary",)).coins[0] == 3 + 4


def test_beehive_once_per_harvest_with_berries_HV_CHR_2():
    """Beehive: +2 points once (not per bush); nothing for a harvest without berries."""
    assert harvested(buildings=("Beehive",)).score[0] == 22 + 2
    s = harvested(buildings=("Beehive",), cells={"1,1": "wheat crop", "2,2": "strawberry seed"})
    assert (s.score[0], s.coins[0]) == (1, 1)


def test_empty_harvest_gains_nothing_HV_FLD_9():
    s = harvested(cells={"2,2": "strawberry seed"}, buildings=("Beehive", "Granary"))
    assert (s.score[0], s.fert[0], s.coins[0]) == (0, 0, 0)


@pytest.mark.parametrize(
    "character,costs", [("Architect", [4, 4, 2, 2, 0, 0]), ("Trader", [6, 6, 4, 4, 2, 2])]
)
def test_row_costs_and_architect_never_below_zero_HV_WS_5(character, costs):
    """HV-WS-5: rows cost 6, 4, 2 (top to bottom); the Architect pays 2 less, never below 0; a
    discount of 2 (Market tile #14) comes off as well."""
    s = action_turn(f"{character}:Bakehouse")
    assert [build_cost(s, 0, slot, 0) for slot in range(6)] == costs
    assert [build_cost(s, 0, slot, 2) for slot in range(6)] == [max(0, c - 2) for c in costs]


def market_tile(tile: int, cells=None):
    s = action_turn()
    s.mstacks[0][-1] = tile
    s.coins[0], s.fert[0], s.water[0], s.score[0] = 10, 2, 0, 0
    sc.set_farm(s, 0, cells or {"1,5": "forest", "2,2": "wheat crop"}, clear=True)
    s.apply("place FM-A")
    s.apply("market")
    return s


def test_clear_free_tile_offers_only_a_free_clear_HV_FM_1():
    """Tile #13: one clear, free of coins; nothing else is offered."""
    s = market_tile(12)
    assert legal(s) == {"clear 1,5", "done"}
    face = 1 + s.rng.clone().below(6)
    s.apply("clear 1,5")
    assert s.coins[0] == 10 + {1: 2, 5: 1}.get(face, 0)


def test_build_discount_tile_offers_only_a_build_two_cheaper_HV_FM_1():
    """Tile #14: one build, 2 coins cheaper (the Architect's 2 as well: top row 6 - 2 - 2); no
    upgrade or clear."""
    s = market_tile(13)
    assert all(a.startswith("build ") or a == "done" for a in legal(s))
    top = BUILDINGS[s.ws[0]].name
    s.apply(f"build {top} 3,1")
    assert s.coins[0] == 10 - (6 - 2 - 2)


def test_workshop_tile_gives_one_action_at_full_cost_HV_FM_1():
    """Tile #7: one Workshop action at its normal cost (the Architect's top row: 6 - 2), then the
    visit is over."""
    s = market_tile(6)
    top = BUILDINGS[s.ws[0]].name
    s.apply(f"build {top} 3,1")
    assert s.coins[0] == 10 - (6 - 2)
    assert not any(a.startswith(("build ", "upgrade", "clear ")) for a in legal(s))


def test_fields_tile_gives_one_fields_action_HV_FM_1():
    """Tile #6: one Fields action (here a Harvest of one wheat: 1 point, 1 fertilizer, 1 coin)."""
    s = market_tile(5)
    s.apply("harvest")
    assert (s.score[0], s.fert[0], s.coins[0]) == (1, 3, 11)
    assert not any(a == "harvest" or a.startswith(("plant ", "tend ")) for a in legal(s))


def test_upgrade_fill_tile_HV_FM_1():
    """Tile #12: the bucket goes up by one and is filled."""
    s = market_tile(11)
    assert (s.cap[0], s.water[0]) == (4, 4)


def test_coin_per_crop_tile_counts_crop_types_HV_FM_1():
    """Tile #15: 1 coin per different crop type on its crop side (wheat, pumpkin: 2; seed sides
    do not count)."""
    s = market_tile(14, cells={"2,2": "wheat crop", "2,3": "wheat crop", "2,4": "pumpkin crop",
                               "3,3": "blueberry seed"})
    assert s.coins[0] == 12
