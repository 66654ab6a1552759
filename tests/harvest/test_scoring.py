"""Scoring (scoring.py): the score track during play, final scoring term by term (coins, End
buildings, farmhouses, pie sets and novelties) and the lines of the breakdown, the ranking with its
sunrise-tile tie-break, and the solo tiers (HV-END, HV-PIE, HV-FFE, HV-CHR-7, HV-GAI-11,
HV-GAI-12)."""

from __future__ import annotations

import pytest

from acreage.games.harvest import scenario as sc
from acreage.games.harvest.content import BUILDING_BY_NAME as BB
from acreage.games.harvest.content import FARMHOUSES, FESTIVAL, FESTIVAL_BY_NAME
from acreage.games.harvest.scoring import building_end_points, pie_points

from .helpers import end_farm, festival_id, keep_phase, over

KEYS = {"track", "coins", "buildings", "farmhouse", "pies", "novelties"}


def end_buildings() -> int:
    barn, shed, mill = BB["barn"], BB["orchard shed"], BB["windmill"]
    # HV-END-2: Barn (flat + per fertilizer, 3), Orchard Shed (per bush, 2), Windmill (per building, 3)
    return (barn.end_points + barn.end_per_fertilizer * 3) + shed.end_per_bush * 2 + mill.end_per_building * 3


def solo(total: int, ff: bool):
    s = sc.fresh(1, seed=2, fall_festival=ff)
    over(s)
    s.points[0] = 0
    s.points[0] = total - sum(s.score_parts(0).values())
    assert s.total(0) == total
    return s


def finished(players: int, totals: list[int], tiles: list[int]):
    """A game over, with exactly these final totals and round-4 sunrise tiles."""
    s = sc.fresh(players, seed=4)
    s.phase = "over"
    s.frames = []
    for seat, want in enumerate(totals):
        s.points[seat] = 0
        rest = sum(v for k, v in s.score_parts(seat).items() if k != "track")
        s.points[seat] = want - rest
    s.sunrise_tile = list(tiles)
    assert s.scores() == totals
    return s


def test_before_the_end_the_score_is_the_track_only_HV_RND_3_HV_END_1():
    """HV-RND-3, HV-END-1: during the game a seat's score is its track; coins and End buildings
    are only added by final scoring."""
    s = end_farm("Windmill Farm")
    s.phase = "action"
    assert s.total(0) == 9
    assert s.scores()[0] == 9


def test_final_scoring_and_tiebreak_HV_EX_10_HV_END_1_to_5():
    # Checks HV-EX-10, HV-END-1, HV-END-2, HV-END-3, HV-END-4, HV-END-5.
    s = sc.fresh(2, assign="Architect:Windmill Farm;Trader:Bakehouse")
    from acreage.games.harvest.content import BUILDING_BY_NAME as BB
    s.points[0], s.coins[0], s.fertilizer[0] = 41, 7, 4
    s.buildings[0] = [(BB["gazebo"].id, 0), (BB["compost bin"].id, 10)]
    names = ("apple pie", "pecan pie", "funnel cake", "harvest garland")
    s.cards[0] = [FESTIVAL_BY_NAME[n].id for n in names]
    s.phase = "over"
    s.frames = []
    assert s.total(0) == 41 + 7 + 8 + 6 + 5 + 2
    s.points[1] = s.total(0) - sum(v for k, v in s.score_parts(1).items() if k != "track")
    s.sunrise_tile = [8, 3]
    assert s.total(1) == s.total(0) and s.ranking() == [2, 1]


def test_final_scoring_parts_HV_END_2_HV_END_3_HV_END_4_HV_END_5_HV_END_6_HV_FFE_1_HV_FFE_2():
    # Checks HV-END-2, HV-END-3, HV-END-4, HV-END-5, HV-END-6, HV-FFE-1, HV-FFE-2.
    s = sc.fresh(2, assign="Architect:Bakehouse;Trader:Bakehouse")
    s.points[0], s.coins[0], s.fertilizer[0], s.water[0], s.seeds[0] = 150, 0, 5, 3, [4, 4, 4, 4]
    s.buildings[0] = [(BB["barn"].id, 0)]
    sc.set_farm(s, 0, {"3,1": "pumpkin crop"})
    s.cards[0] = [festival_id("Apple Pie"), festival_id("Pecan Pie"), festival_id("Funnel Cake")]
    s.festival_discards.append(festival_id("Harvest Garland"))  # a spent novelty scores nothing
    s.phase, s.frames = "over", []
    b = s.score_parts(0)
    assert b["buildings"] == 2 + 5 and b["pies"] == 5 and b["novelties"] == 1
    assert s.total(0) == 150 + 7 + 5 + 1  # water, seeds and crops score nothing; no cap
    s.points[1] = s.total(0) - sum(v for k, v in s.score_parts(1).items() if k != "track")
    s.sunrise_tile = [4, 6]
    assert s.ranking() == [1, 2]


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


def test_the_final_breakdown_has_one_line_per_end_building_HV_END_2():
    """Barn 2 + 3 fertilizer = 5, Orchard Shed 3 × 2 bushes = 6, Windmill 2 × 3 buildings = 6,
    Gazebo 8 (four buildings, so Windmill 8): each a line of its own, and the lines add up to
    the score."""
    s = end_farm("Bakehouse")
    s.buildings[0].append((BB["gazebo"].id, 5))
    parts = s.score_breakdown(0)
    assert {k: v for k, v in parts.items() if k.endswith(", end of game") and "Bakehouse" not in k} == {
        "Barn, end of game": 5, "Orchard Shed, end of game": 6, "Windmill, end of game": 8,
        "Gazebo, end of game": 8,
    }
    assert building_end_points(s, 0) == {BB["barn"].id: 5, BB["orchard shed"].id: 6, BB["windmill"].id: 8,
                                        BB["gazebo"].id: 8}
    assert s.score_parts(0)["buildings"] == 27
    assert sum(parts.values()) == s.scores()[0]


def test_the_final_breakdown_labels_pies_and_novelties_HV_END_3_HV_PIE_2():
    """Two different pies make a set (its points from the set table), a novelty scores 1: the
    breakdown says so in the score sheet's words."""
    s = end_farm("Bakehouse")
    pies = [c.id for c in FESTIVAL if c.kind == "pie"][:2]
    novelty = next(c.id for c in FESTIVAL if c.kind == "novelty")
    s.cards[0] = [*pies, novelty]
    parts = s.score_breakdown(0)
    assert parts["pie sets"] == pie_points(s, 0) > 0
    assert parts["novelties (1 point each)"] == 1
    assert parts["coins (1 point each)"] == 4
    assert sum(parts.values()) == s.scores()[0]


def test_higher_total_beats_lower_tile_HV_END_5():
    """HV-END-5: 41 with tile #9 beats 40 with tile #1; the tile only matters on equal totals."""
    s = finished(2, [41, 40], [9, 1])
    assert s.ranking() == [1, 2]
    assert s.winners() == [0]


def test_equal_totals_lower_tile_wins_HV_END_5_HV_RND_2():
    """HV-END-5, HV-RND-2: at 40 each, tile #2 beats tile #7, whichever seat holds it; tiles are
    unique, so the ranking is strict."""
    assert finished(2, [40, 40], [7, 2]).ranking() == [2, 1]
    assert finished(2, [40, 40], [2, 7]).ranking() == [1, 2]


def test_every_place_uses_total_then_tile_HV_END_5():
    """HV-END-5 for the lower places: four seats with totals 50, 38, 38, 45 and tiles 10, 3, 4, 1.
    Seat 0 (50) first although its tile is the highest, seat 3 (45) second, then the two 38s in
    tile order: seat 1 (#3) third, seat 2 (#4) fourth."""
    s = finished(4, [50, 38, 38, 45], [10, 3, 4, 1])
    assert s.ranking() == [1, 3, 4, 2]
    assert s.winners() == [0]


def test_no_farmhouse_scores_before_one_is_kept_HV_CHR_1_HV_END_2():
    """HV-END-2: a score breakdown during setup holds only the 3 starting coins."""
    s = keep_phase(2)
    assert s.score_parts(0) == {"track": 0, "coins": 3, "buildings": 0, "farmhouse": 0,
                                    "pies": 0, "novelties": 0}


def test_orchard_manor_counts_blueberry_bushes_either_side_HV_CHR_7():
    """HV-CHR-7: H8 Orchard Manor scores 2 points per blueberry bush, seed side or crop side."""
    s = end_farm("Orchard Manor")
    assert FARMHOUSES[s.farmhouse[0]].name == "Orchard Manor"
    b = s.score_parts(0)
    assert set(b) == KEYS
    assert b["farmhouse"] == 2 * 2 and b["buildings"] == 17
    assert s.total(0) == 9 + 4 + 17 + 4


def test_a_farmhouse_without_end_scoring_gives_nothing_HV_CHR_7():
    """HV-CHR-7: the sunrise farmhouses (here Bakehouse) add nothing at the end."""
    s = end_farm("Bakehouse")
    assert s.score_parts(0)["farmhouse"] == 0
    assert s.total(0) == 9 + 4 + 17


def test_gairy_has_no_place_in_a_two_player_ranking_HV_GAI_11():
    """HV-GAI-11: in a 2-player game only the two humans are ranked, by HV-END-5."""
    s = finished(2, [33, 33], [5, 4])
    assert s.ranking() == [2, 1]
    assert len(s.rank_keys()) == 2


def test_solo_result_HV_GAI_12():
    # Checks HV-GAI-12.
    s = sc.fresh(1, assign="Architect:Bakehouse")
    s.phase, s.frames, s.points[0], s.coins[0] = "over", [], 81, 0
    r = s.solo_result()
    assert r["tier"] == "Silver" and r["tiers"]["Bronze"] == 65


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


def test_pie_sets_HV_EX_1_HV_PIE_2_HV_PIE_3():
    # Checks HV-EX-1, HV-PIE-2, HV-PIE-3.
    s = sc.fresh(3)
    for names, want in ((["Apple Pie"] * 2 + ["Strawberry Pie", "Blueberry Pie"], 10),
                        (["Apple Pie"] * 2 + ["Strawberry Pie"] * 2 + ["Blueberry Pie"], 13),
                        (["Apple Pie", "Strawberry Pie", "Blueberry Pie", "Pecan Pie", "Pumpkin Pie",
                          "Apple Pie"],
                         18)):
        s.cards[0] = [FESTIVAL_BY_NAME[n.lower()].id for n in names]
        assert pie_points(s, 0) == want
