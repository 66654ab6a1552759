"""Harvest's event log and score breakdown on the rulebook's worked examples.

Positions are built by hand (``scenario``); their log starts when asked for (``record_events``),
so only what happens afterwards is told, field by field as the rulebook describes it.
"""

from __future__ import annotations

import random

import acreage
from acreage.core.events import EARLIER, recording
from acreage.games.harvest import scenario as sc
from acreage.games.harvest.content import BUILDING_BY_NAME
from acreage.games.harvest.events import describe
from acreage.games.harvest.gairy import gairy_turn

from .helpers import action_phase_start


def told(state, since: int, seat: int | None = None) -> list[dict]:
    return [{k: v for k, v in e.items() if k not in ("i", "step")} for e in state.events_for(seat, since)]


def harvest_at_f1(s) -> list[dict]:
    """Seat 0 (to place, every space open) places on F-1 and harvests, with the log kept from
    just before: what it was told."""
    s.occ = [[] for _ in s.occ]
    s.record_events()
    start = s.event_count
    s.apply("place F-1")
    s.apply("harvest")
    return told(s, start)


def test_harvest_with_three_crop_types_tells_points_by_crop_HV_EX_2_HV_FLD_5_to_8_HV_RES_4():
    """HV-EX-2: +2 wheat, +6 pumpkin, +8 bushes (=+16), +3 coins for three types, and 2 more
    fertilizer of which one is lost to the cap of 9."""
    s = action_phase_start(3)
    sc.at_turn(s, 0)
    sc.set_farm(s, 0, {"1,1": "wheat crop", "1,2": "wheat crop", "2,1": "pumpkin crop",
                       "3,1": "blueberry crop", "3,2": "blueberry crop", "2,2": "strawberry seed"},
                clear=True)
    s.score[0], s.coins[0], s.fert[0] = 10, 1, 8
    got = harvest_at_f1(s)
    assert got[0] == {"kind": "place", "seat": 0, "where": "F-1", "piece": "wheelbarrow"}
    harvest = next(e for e in got if e["kind"] == "harvest")
    assert harvest == {"kind": "harvest", "seat": 0, "crops": {"wheat": 2, "blueberry": 2, "pumpkin": 1},
                       "points": 16, "coins": 3}
    points = {e["source"]: e["points"] for e in got if e["kind"] == "points"}
    assert points == {"wheat harvested": 2, "blueberry harvested": 8, "pumpkin harvested": 6}
    fert = sum(e["fertilizer"] for e in got if e["kind"] == "gain")
    assert fert == 1  # 8 + 2 capped at 9 (HV-RES-4)
    assert s.score[0] == 26
    breakdown = s.score_breakdown(0)
    assert breakdown == {"wheat harvested": 2, "blueberry harvested": 8, "pumpkin harvested": 6,
                         f"score track {EARLIER}": 10}
    assert describe(harvest) == "seat 0 harvests 2 wheat, 2 blueberry, 1 pumpkin: +16 points, +3 coins"


def test_gairy_tells_where_he_went_and_what_he_discarded_HV_EX_5_HV_GAI_6():
    """HV-EX-5: Gairy's Festival tile puts his basket on FF-1 and discards the Pumpkin Pie."""
    s = action_phase_start(2, assign="Architect:Bakehouse;Trader:Well House")
    sc.set_market(s, "Strawberry Pie", "Harvest Hay Ride", "Pumpkin Pie")
    s.occ = [[] for _ in s.occ]
    s.g_bk = 1
    s.g_deck = ["festival"]
    s.g_drawn = []
    s.record_events()
    start = s.event_count
    gairy_turn(s)
    got = [e for e in told(s, start) if e["kind"] == "gairy"]
    assert got[0] == {"kind": "gairy", "seat": None, "area": "festival", "where": "FF-1",
                      "discarded": "Pumpkin Pie"}


def test_a_whole_game_explains_every_point_HV_END_1_to_3():
    """A complete 2-player game with the log on: at the end the breakdown of each seat sums to
    its final score, with the end-scoring items named, and nothing is left unexplained."""
    with recording():
        s = acreage.new_game("harvest", players=2, seed=3)
    rng = random.Random(3)
    while not s.is_terminal:
        s.apply(rng.choice(s.legal_actions()))
    for seat in range(2):
        breakdown = s.score_breakdown(seat)
        assert sum(breakdown.values()) == s.scores()[seat]
        assert not any(EARLIER in k for k in breakdown)
        if s.coins[seat]:
            assert breakdown["coins (1 point each)"] == s.coins[seat]


def test_kept_characters_stay_face_down_until_all_have_chosen_HV_SET_8():
    """HV-SET-8: a seat's dealt and kept character and farmhouse are told to it alone; the
    others see only that a choice was made, until the reveal tells everyone."""
    with recording():
        s = acreage.new_game("harvest", players=2, seed=5)
    deal0 = [e for e in s.events_for(0) if e["kind"] == "deal"]
    assert deal0[0]["seat"] == 0 and len(deal0[0]["characters"]) == 2
    assert deal0[1] == {"i": deal0[1]["i"], "step": 0, "kind": "deal", "seat": 1}
    while s.phase == "setup":
        s.apply(s.legal_actions()[0])
    keeps1 = [e for e in s.events_for(1) if e["kind"] == "keep" and e["seat"] == 0]
    assert keeps1 and all("name" not in e for e in keeps1)
    reveal = [e for e in s.events_for(1) if e["kind"] == "reveal"]
    assert len(reveal) == 1 and len(reveal[0]["characters"]) == 2


def test_a_harvest_tells_the_pumpkin_and_berry_bonuses_HV_FLD_5_HV_CHR_2():
    """The Pumpkin Patcher's extra point and a Scarecrow's raise each harvested pumpkin's points
    (HV-CHR-2: character texts are data; the Scarecrow's effect is inferred data), and a
    Beehive adds 2 for a harvest with berries; each is told, and the told points add up to the
    harvest's."""
    s = action_phase_start(3, assign="Pumpkin Patcher:Bakehouse;Trader:Well House;Architect:Seed Loft")
    sc.at_turn(s, 0)
    sc.set_farm(s, 0, {"2,1": "pumpkin crop", "3,1": "blueberry crop"}, clear=True)
    s.blds[0] = [[BUILDING_BY_NAME["scarecrow"].id, -1], [BUILDING_BY_NAME["beehive"].id, -1]]
    s.score[0] = 0
    got = harvest_at_f1(s)
    harvest = next(e for e in got if e["kind"] == "harvest")
    points = {e["source"]: e["points"] for e in got if e["kind"] == "points" and e["seat"] == 0}
    assert points == {"blueberry harvested": 4, "pumpkin harvested": 8, "berry bonus buildings": 2}
    assert harvest["points"] == sum(points.values()) == s.score[0]
    assert s.score_breakdown(0)["berry bonus buildings"] == 2
    # Without berries in the harvest, the Beehive gives nothing and nothing is told of it.
    s = action_phase_start(3, assign="Pumpkin Patcher:Bakehouse;Trader:Well House;Architect:Seed Loft")
    sc.at_turn(s, 0)
    sc.set_farm(s, 0, {"2,1": "pumpkin crop"}, clear=True)
    s.blds[0] = [[BUILDING_BY_NAME["beehive"].id, -1]]
    assert [e["source"] for e in harvest_at_f1(s) if e["kind"] == "points"] == ["pumpkin harvested"]
