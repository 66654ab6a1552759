"""Final scoring worked out term by term (HV-END-1, HV-END-2, HV-END-3, HV-CHR-7, HV-RND-3) and
the solo result at the exact tier thresholds (HV-GAI-12).

The expected values come from the rules: 1 point per coin; each End building counted once on the
final farm (its flat points, plus its per-fertilizer, per-blueberry-bush and per-building
points, with the numbers the content data gives); H7 Windmill Farm 3 points per building and H8
Orchard Manor 2 points per blueberry bush; nothing else left over scores.
"""

from __future__ import annotations

import pytest

from acreage.games.harvest import scenario as sc
from acreage.games.harvest.content import BUILDING_BY_NAME as BB
from acreage.games.harvest.content import FARMHOUSES

from .helpers import end_farm, over

KEYS = {"track", "coins", "buildings", "farmhouse", "pies", "novelties"}


def end_buildings() -> int:
    barn, shed, mill = BB["barn"], BB["orchard shed"], BB["windmill"]
    # HV-END-2: Barn (flat + per fertilizer, 3), Orchard Shed (per bush, 2), Windmill (per building, 3)
    return (barn.end_points + barn.end_per_fertilizer * 3) + shed.end_per_bush * 2 + mill.end_per_building * 3


def test_end_buildings_and_windmill_farm_HV_END_2_HV_CHR_7():
    """HV-END-1, HV-END-2, HV-END-3, HV-CHR-7: every term exact; H7 Windmill Farm scores 3 per
    building (3 buildings), and water, seeds and the wheat crop score nothing."""
    s = end_farm("Windmill Farm")
    assert (BB["barn"].end_points, BB["barn"].end_per_fertilizer) == (2, 1)
    assert BB["orchard shed"].end_per_bush == 3 and BB["windmill"].end_per_building == 2
    assert end_buildings() == 5 + 6 + 6
    b = s.score_parts(0)
    assert b == {"track": 9, "coins": 4, "buildings": 17, "farmhouse": 9, "pies": 0, "novelties": 0}
    assert s.total(0) == 9 + 4 + 17 + 9


def test_orchard_manor_counts_blueberry_bushes_either_side_HV_CHR_7():
    """HV-CHR-7: H8 Orchard Manor scores 2 points per blueberry bush, seed side or crop side."""
    s = end_farm("Orchard Manor")
    assert FARMHOUSES[s.house[0]].name == "Orchard Manor"
    b = s.score_parts(0)
    assert set(b) == KEYS
    assert b["farmhouse"] == 2 * 2 and b["buildings"] == 17
    assert s.total(0) == 9 + 4 + 17 + 4


def test_a_farmhouse_without_end_scoring_gives_nothing_HV_CHR_7():
    """HV-CHR-7: the sunrise farmhouses (here Bakehouse) add nothing at the end."""
    s = end_farm("Bakehouse")
    assert s.score_parts(0)["farmhouse"] == 0
    assert s.total(0) == 9 + 4 + 17


def test_before_the_end_the_score_is_the_track_only_HV_RND_3_HV_END_1():
    """HV-RND-3, HV-END-1: during the game a seat's score is its track; coins and End buildings
    are only added by final scoring."""
    s = end_farm("Windmill Farm")
    s.phase = "action"
    assert s.total(0) == 9
    assert s.scores()[0] == 9


def solo(total: int, ff: bool):
    s = sc.fresh(1, seed=2, fall_festival=ff)
    over(s)
    s.score[0] = 0
    s.score[0] = total - sum(s.score_parts(0).values())
    assert s.total(0) == total
    return s


@pytest.mark.parametrize(
    "ff,total,tier",
    [
        (False, 49, None), (False, 50, "Bronze"), (False, 64, "Bronze"), (False, 65, "Silver"),
        (False, 80, "Gold"), (False, 95, "Blue Ribbon"), (False, 200, "Blue Ribbon"),
        (True, 64, None), (True, 65, "Bronze"), (True, 79, "Bronze"), (True, 80, "Silver"),
        (True, 110, "Blue Ribbon"), (True, 109, "Gold"),
    ],
)
def test_solo_tier_thresholds_exact_HV_GAI_12(ff, total, tier):
    """HV-GAI-12: Bronze 50, Silver 65, Gold 80, Blue Ribbon 95, each 15 higher with the
    expansion; a score exactly on a threshold reaches it; below Bronze there is no tier."""
    r = solo(total, ff).solo_result()
    assert r["score"] == total
    assert r["tier"] is tier if tier is None else r["tier"] == tier
    bonus = 15 if ff else 0
    assert r["tiers"] == {"Bronze": 50 + bonus, "Silver": 65 + bonus, "Gold": 80 + bonus,
                          "Blue Ribbon": 95 + bonus}


def test_solo_result_only_for_a_finished_solo_game_HV_GAI_12():
    """HV-GAI-12: no solo result while the game runs, nor for a game with two players."""
    s = sc.fresh(1, seed=2, fall_festival=False)
    assert s.solo_result() is None
    two = sc.fresh(2, seed=2)
    over(two)
    assert two.solo_result() is None
