"""Exact legal-action sets: the Fields menu at each water level, with and without the Irrigation
Ditch (HV-FLD-1, HV-FLD-3, HV-FLD-4, HV-WS-10); a Plant with an Overflowing Cornucopia's extra
seed (HV-NOV-7); whether a Market tile can be paid (HV-FM-1, HV-FM-2, HV-CHR-4's Market Regular,
Market Stall, HV-FNM-2); and where a building may go (HV-WS-5), the discount tile included.

Every farm here is forest except the cells named, so each set can be written out in full.
"""

from __future__ import annotations

import pytest

from acreage.games.harvest import scenario as sc
from acreage.games.harvest.constants import BLDG, FOREST
from acreage.games.harvest.content import BUILDING_BY_NAME as BB
from acreage.games.harvest.content import BUILDINGS

from .helpers import legal, next_seat_to_place, start


def farm(s, cells: dict[str, str], ditch: bool = False) -> None:
    """Seat 0's farm: forest everywhere but ``cells``; if asked, an Irrigation Ditch on the
    block 3,4 / 3,5 / 4,4 / 4,5."""
    sc.set_farm(s, 0, {}, clear=True)
    s.farm[0] = [FOREST] * 20
    sc.set_farm(s, 0, cells)
    if ditch:
        s.blds[0].append([BB["irrigation ditch"].id, 13])
        for j in (13, 14, 18, 19):
            s.farm[0][j] = BLDG
    sc.touch(s)


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
    s.seeds[0], s.fert[0], s.water[0], s.cap[0] = [1, 0, 1, 1], 1, water, 3
    s.apply("place F-1")
    assert legal(s) == PLANTS | {f"tend {t}" for t in tends} | {"harvest", "done"}


def test_cornucopia_seed_is_planted_beside_the_action_crop_HV_NOV_7_HV_NOV_4():
    """HV-NOV-7: during a Plant of strawberries the Cornucopia's seed (wheat, then pumpkin) may
    be planted at once, alongside more strawberries; while that extra seed waits, the second
    Cornucopia held is not offered (the engine takes one at a time, R.CORNUCOPIA_DURING_PLANT);
    once it is planted the second copy may be used (HV-NOV-4)."""
    s = start()
    farm(s, {"1,1": "empty", "1,2": "empty", "1,3": "empty", "2,1": "empty"})
    s.seeds[0], s.fert[0] = [0, 2, 0, 0], 1
    sc.give_cards(s, 0, "Overflowing Cornucopia", "Overflowing Cornucopia")
    s.apply("place F-1")
    s.apply("plant strawberry 1,1")
    use = {f"use Overflowing Cornucopia {c}" for c in ("wheat", "strawberry", "blueberry", "pumpkin")}
    assert legal(s) == {"plant strawberry 1,2", "plant strawberry 1,3", "plant strawberry 2,1",
                        "done"} | use
    s.apply("use Overflowing Cornucopia wheat")
    assert legal(s) == {f"plant {c} {cell}" for c in ("wheat", "strawberry")
                        for cell in ("1,2", "1,3", "2,1")} | {"done"}
    s.apply("plant wheat 1,2")
    assert legal(s) == {"plant strawberry 1,3", "plant strawberry 2,1", "done"} | use
    s.apply("use Overflowing Cornucopia pumpkin")
    assert legal(s) == {f"plant {c} {cell}" for c in ("strawberry", "pumpkin")
                        for cell in ("1,3", "2,1")} | {"done"}


@pytest.mark.parametrize("first,building,piece,coins,tile,payable", [
    ("Finn & Maisie:Bakehouse", None, " finn", 0, 10, True),   # HV-FNM-2: no coin cost
    ("Architect:Bakehouse", None, "", 0, 1, True),              # a tile without a coin cost
    ("Architect:Bakehouse", None, "", 3, 10, True),             # exactly the 3 coins
    ("Architect:Bakehouse", None, "", 2, 10, False),
    ("Architect:Bakehouse", "Market Stall", "", 2, 10, True),   # 3 - 1
    ("Architect:Bakehouse", "Market Stall", "", 1, 10, False),
    ("Market Regular:Bakehouse", None, "", 2, 10, True),        # 3 - 1
    ("Market Regular:Bakehouse", None, "", 1, 10, False),
])
def test_market_tile_is_offered_when_its_cost_is_covered_HV_FM_1_HV_FM_2(first, building, piece,
                                                                          coins, tile, payable):
    """HV-FM-1: the tile's effect is offered when its cost can be paid: tile #10 costs 3 coins,
    1 less for the Market Regular (HV-CHR-2) and with a Market Stall (HV-WS-10), nothing for Finn
    (HV-FNM-2); tile #1 costs no coin. HV-FM-2: otherwise the space is only blocked and the
    turn ends."""
    s = start(first)
    if building:
        s.blds[0].append([BB[building.lower()].id, 15])
    s.mstacks[0][-1] = tile - 1
    s.coins[0], s.fert[0], s.water[0] = coins, 0, 0
    sc.touch(s)
    s.apply("place FM-A" + piece)
    if payable:
        assert legal(s) == {"market", "done"}
    else:
        assert next_seat_to_place(s)


def test_every_clear_two_by_two_block_takes_a_building_HV_WS_5():
    """HV-WS-5: on a farm empty but for a forest at 1,2, a building may go on every 2×2 block
    of the grid (top-left cell in rows 1-3, columns 1-4) that avoids 1,2: 10 of the 12. The
    building with the first index (Printing Press) is one like any other. With 0 coins only the
    bottom row's building is affordable (the Architect's 2 - 2 = 0)."""
    s = start()
    sc.set_farm(s, 0, {"1,2": "forest"}, clear=True)
    s.ws = [-1, -1, -1, -1, BB["printing press"].id, -1]
    s.coins[0] = 0
    s.apply("place W-1")
    cells = {f"{r},{c}" for r in (1, 2, 3) for c in (1, 2, 3, 4)} - {"1,1", "1,2"}
    assert legal(s) == {f"build Printing Press {c}" for c in cells} | {"done"}


def test_discount_tile_makes_the_bottom_row_free_HV_FM_1_HV_WS_9():
    """Tile #14: one build 2 coins cheaper. A Trader with 0 coins can build either bottom-row
    building (2 - 2 = 0), not a middle-row one (4 - 2)."""
    s = start("Trader:Bakehouse")
    sc.set_farm(s, 0, {c: "forest" for c in ("1,3", "1,4", "1,5", "2,3", "2,4", "2,5", "3,3",
                                             "3,4", "3,5", "4,3", "4,4", "4,5")}, clear=True)
    s.mstacks[0][-1] = 13
    s.coins[0] = 0
    bottom = [BUILDINGS[b].name for b in s.ws[4:]]
    s.apply("place FM-A")
    s.apply("market")
    assert legal(s) == {f"build {n} {c}" for n in bottom for c in ("1,1", "2,1", "3,1")} | {"done"}
