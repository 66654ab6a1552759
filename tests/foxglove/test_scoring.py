"""Processing and the end of the game (``scoring.py``, with the end-of-game sums of
``queries.py``): converters running as often as their own cubes allow, "different types" converters
taking the most sets, every processing recipe; the end-of-game effects (Ranch, Guildhall, Community
Centre, Museum, Storehouse, Toll House, Town Hall), the ranking and its tie-breaks taken in order,
the score laps, the floor at zero, and the solo result (FF-PRC, FF-END, FF-EFX-27 to FF-EFX-36,
FF-SOLO-1, FF-SOLO-10, with FF-EX-1, FF-EX-9 and FF-EX-14)."""

from __future__ import annotations

import itertools
from functools import cache

import pytest

from acreage.games.foxglove import effects as fx
from acreage.games.foxglove import scenario as sc
from acreage.games.foxglove.content import find_tile
from acreage.games.foxglove.queries import end_points_by_building
from acreage.games.foxglove.rulings import COORD_LIMIT, lap_marker
from acreage.games.foxglove.scoring import gain

from .helpers import (
    ALL_GOODS,
    FOREST,
    MINE,
    empty_town,
    empty_towns_game,
    finish_game,
    finish_in_round_4,
    game,
    hold,
    legal,
    pass_and_finish_round,
    processed,
    produced,
)


def test_bakery_converts_FF_EX_1_FF_PRC_1_FF_EFX_27_FF_EFX_2():
    # Checks FF-PRC-1, FF-EFX-27, FF-EFX-2.
    """FF-EX-1: a Bakery[1 wheat + 1 coal] processes for +6 and ends empty."""
    points, cubes = processed("Bakery", wheat=1, coal=1)
    assert points == 6
    assert cubes == {}


def test_processing_repeats_while_inputs_last_FF_PRC_1():
    """Checks FF-PRC-1: Baths[5 coal] converts twice (+10) and keeps the odd coal."""
    assert processed("Baths", coal=5) == (10, {"coal": 1})


def test_processing_adds_every_converters_points_with_or_without_a_log_FF_PRC_1():
    """FF-PRC-1: at the end of a transport stage every converter processes; the seat gains the
    sum (Sawmill 2 wood -> 3, Stonecutter's Yard 2 stone -> 4: 7 points), whether or not the game
    keeps an event log (the logged path counts separately)."""
    for logged in (False, True):
        state = game()
        empty_town(state, 0)
        sc.add_building(state, 0, "Sawmill", (3, 3))
        sc.add_building(state, 0, "Stonecutter's Yard", (5, 5))
        sc.set_cubes(state, 0, (3, 3), wood=2)
        sc.set_cubes(state, 0, (5, 5), stone=2)
        hold(state, 1)
        sc.goto_transport(state, 0, round=1)
        if logged:
            state.record_events()
        before = state.points[0]
        sc.play(state, "done")
        assert state.points[0] - before == 7
        assert sc.cubes_at(state, 0, (3, 3)) == {} and sc.cubes_at(state, 0, (5, 5)) == {}


def test_conversions_spend_only_their_own_tile_FF_PRC_2_FF_PRC_5():
    """Checks FF-PRC-2 and FF-PRC-5: a Bakery[1 coal] joined to a Granary[3 wheat] converts
    nothing (cubes are not pulled from elsewhere) and processing asks nothing."""
    state = game()
    empty_town(state, 0)
    sc.add_building(state, 0, "Bakery", (0, 2), coal=1)
    sc.add_trail(state, 0, (0, 3), "NS")
    sc.add_building(state, 0, "Granary", (0, 4), wheat=3)
    hold(state, 1)
    sc.goto_transport(state, 0, round=1)
    assert "move wheat 0,4>0,2" in legal(state)
    state.apply("done")
    assert state.current_player == 1
    assert state.scores()[0] == 0
    assert sc.cubes_at(state, 0, (0, 2)) == {"coal": 1}
    assert sc.cubes_at(state, 0, (0, 4)) == {"wheat": 3}


def test_points_from_conversions_count_at_once_FF_PRC_4():
    """Checks FF-PRC-4: in round 4 a processing step adds its points to the score immediately."""
    state = game()
    empty_town(state, 0)
    sc.add_building(state, 0, "Grocer", (3, 3), wheat=1, sheep=1)
    hold(state, 1)
    sc.goto_transport(state, 0, round=4)
    assert state.scores()[0] == 0
    state.apply("process")
    assert state.scores()[0] == 7
    assert sc.cubes_at(state, 0, (3, 3)) == {}


def test_processing_result_does_not_depend_on_tile_order_FF_PRC_5():
    """Checks FF-PRC-5: a Kiln and a Butcher give the same result in either building order."""
    results = []
    for order in (("Charcoal Kiln", "Butcher"), ("Butcher", "Charcoal Kiln")):
        state = game()
        empty_town(state, 0)
        hold(state, 1)
        cubes = {"Charcoal Kiln": {"wood": 2}, "Butcher": {"coal": 1, "sheep": 2}}
        cells = {"Charcoal Kiln": (3, 3), "Butcher": (5, 5)}
        for name in order:
            sc.add_building(state, 0, name, cells[name], **cubes[name])
        sc.goto_transport(state, 0, round=1)
        state.apply("done")
        assert state.current_player == 1
        results.append((state.scores()[0], sc.cubes_at(state, 0, (3, 3)), sc.cubes_at(state, 0, (5, 5))))
    assert results[0] == results[1] == (7, {"coal": 2}, {"sheep": 1})


MARKET_CASES = [
    # edge case 13: the most sets, not a naive first pick
    ("Market", {"wood": 2, "stone": 2, "wheat": 1, "coal": 1}, 18, {}),
    ("Market", {"wood": 3, "stone": 1, "wheat": 1, "coal": 1}, 9, {"wood": 2, "coal": 1}),
    ("Market", {"wood": 2, "stone": 2}, 0, {"wood": 2, "stone": 2}),
    ("Marketplace", {"wood": 2, "stone": 2, "wheat": 2, "coal": 1, "sheep": 1}, 28, {}),
    ("Marketplace", {"wood": 3, "stone": 1, "wheat": 1, "coal": 1}, 14, {"wood": 2}),
    ("Trading Company", {g: 1 for g in ALL_GOODS}, 20, {}),
    ("Trading Company", {"wood": 2, "stone": 1, "wheat": 1, "coal": 1}, 0,
     {"wood": 2, "stone": 1, "wheat": 1, "coal": 1}),
    ("Inn", {"wood": 2, "stone": 1, "sheep": 1}, 8, {}),
    ("Inn", {"wood": 3, "coal": 1}, 4, {"wood": 2}),
]


@pytest.mark.parametrize("name, cubes, points, left", MARKET_CASES)
def test_different_types_sets_FF_PRC_6_FF_EFX_30(name, cubes, points, left):
    """Edge case 13 (FF-PRC-6, FF-EFX-30, FF-EFX-31 Inn): 'different types' converters take the
    largest number of sets; Market[2,2,1,1] gives 18 and ends empty, Market[3,1,1,1] 9 and keeps
    2 wood + 1 coal."""
    assert processed(name, **cubes) == (points, left)


@pytest.mark.parametrize("name", ["Inn", "Market", "Marketplace", "Trading Company"])
def test_different_types_greedy_always_reaches_the_most_sets_FF_PRC_6(name):
    """Checks FF-PRC-6 exhaustively: for every load that fits the tile, the engine's choice of
    sets converts as many sets as a brute-force search finds."""
    kind = find_tile(name)
    (eff,) = kind.effects_at("processing")
    size = eff.count

    @cache
    def best(vec: tuple[int, ...]) -> int:
        present = [g for g in range(5) if vec[g]]
        top = 0
        for combo in itertools.combinations(present, size):
            nxt = list(vec)
            for g in combo:
                nxt[g] -= 1
            top = max(top, 1 + best(tuple(nxt)))
        return top

    for vec in itertools.product(range(kind.slots + 1), repeat=5):
        if sum(vec) > kind.slots:
            continue
        cubes = list(vec)
        points = fx.process(kind, cubes, 0)
        sets = best(vec)
        assert points == eff.points * sets, vec
        assert sum(cubes) == sum(vec) - size * sets, vec
        assert all(0 <= c <= v for c, v in zip(cubes, vec, strict=True)), vec


CONVERSIONS = [
    # FF-EFX-27 (rulebook), inputs given twice so the repetition shows
    ("Baths", {"coal": 4}, 10, {}),
    ("Brewery", {"wheat": 4}, 10, {}),
    ("Bakery", {"wheat": 2, "coal": 2}, 12, {}),
    ("Butcher", {"coal": 2, "sheep": 2}, 14, {}),
    ("Cafe", {"stone": 2, "wheat": 2}, 12, {}),
    ("Foundry", {"stone": 2, "coal": 2}, 12, {}),
    ("Furniture Store", {"wood": 2, "sheep": 2}, 12, {}),
    ("Grocer", {"wheat": 2, "sheep": 2}, 14, {}),
    # FF-EFX-28 (advanced)
    ("Distillery", {"wheat": 4, "stone": 2}, 20, {}),
    ("Factory", {"wood": 2, "stone": 2, "coal": 2}, 20, {}),
    ("Farmyard", {"wood": 2, "wheat": 2, "sheep": 2}, 22, {}),
    ("Restaurant", {"wheat": 2, "coal": 2, "sheep": 2}, 24, {}),
    ("Smokehouse", {"coal": 4, "sheep": 2}, 22, {}),
    ("Stonemason", {"stone": 2, "wheat": 2, "coal": 2}, 22, {}),
    ("Tavern", {"wheat": 4, "sheep": 2}, 22, {}),
    ("Wheat Market", {"wheat": 5}, 16, {}),
    # FF-EFX-31 (proposed)
    ("Windmill", {"wheat": 3}, 6, {}),
    ("Sawmill", {"wood": 4}, 6, {}),
    ("Stonecutter's Yard", {"stone": 4}, 8, {}),
    ("Weaving Shed", {"sheep": 4}, 10, {}),
    # leftovers that make no complete set stay
    ("Bakery", {"wheat": 2, "coal": 1}, 6, {"wheat": 1}),
    ("Distillery", {"wheat": 3, "stone": 2}, 10, {"wheat": 1, "stone": 1}),
]


@pytest.mark.parametrize(
    "name, cubes, points, left", CONVERSIONS, ids=[f"{c[0]}-{c[2]}" for c in CONVERSIONS]
)
def test_point_conversions_FF_EFX_27_FF_EFX_28_FF_EFX_31(name, cubes, points, left):
    """Checks FF-EFX-27, FF-EFX-28 and FF-EFX-31 (with FF-PRC-1 and FF-PRC-2): each recipe repeats while
    its inputs last and scores its listed points."""
    assert processed(name, **cubes) == (points, left)


@pytest.mark.parametrize("tier", ["A", "B"])
def test_charcoal_kiln_turns_wood_into_coal_FF_EFX_29(tier):
    """Checks FF-EFX-29: both Kilns turn every wood into coal that stays; no points."""
    assert processed("Charcoal Kiln", tier=tier, wood=2, coal=1) == (0, {"coal": 3})


def test_swidden_goods_conversion_FF_EFX_31_FF_PRC_3():
    # Checks FF-PRC-3.
    """Checks FF-EFX-31 (Swidden 2 wood → 1 wheat + 1 coal), repeated, outputs kept on the tile."""
    assert processed("Swidden", wood=4) == (0, {"wheat": 2, "coal": 2})
    assert processed("Swidden", wood=3) == (0, {"wood": 1, "wheat": 1, "coal": 1})


def test_end_game_effects_resolve_once_on_the_final_town_FF_END_1_FF_END_2_FF_EFX_32():
    """Checks FF-END-1, FF-END-2 and FF-EFX-32: end effects score nothing before the end, then
    once on the town as it is after the final stage (a sheep moved in makes the Ranch full)."""
    state = game()
    empty_town(state, 0)
    sc.add_building(state, 0, "Lambing Shed", (0, 2), sheep=1)
    sc.add_trail(state, 0, (0, 3), "NS")
    sc.add_building(state, 0, "Ranch", (0, 4), sheep=7)
    sc.add_building(state, 0, "Storehouse", (3, 3), wood=2, coal=1)
    hold(state, 1)
    sc.goto_transport(state, 0, round=4)
    assert state.end_game_points(0) == 21 + 3
    state.apply("move sheep 0,2>0,4")
    assert state.scores()[0] == 0
    finish_game(state)
    assert state.scores()[0] == 30 + 3
    assert sc.cubes_at(state, 0, (0, 4)) == {"sheep": 8}
    assert sc.cubes_at(state, 0, (3, 3)) == {"wood": 2, "coal": 1}


def test_ranch_scoring_FF_EX_9_FF_EFX_33():
    """FF-EX-9 (FF-EFX-33, FF-END-2): Ranch[8 sheep] scores 30, [7] 21, [0] 0; sheep stay."""
    state = game()
    empty_town(state, 0)
    sc.add_building(state, 0, "Ranch", (3, 3), sheep=8)
    assert state.end_game_points(0) == 30
    sc.set_cubes(state, 0, (3, 3), sheep=7)
    assert state.end_game_points(0) == 21
    sc.set_cubes(state, 0, (3, 3))
    assert state.end_game_points(0) == 0
    sc.set_cubes(state, 0, (3, 3), sheep=8)
    hold(state, 1)
    sc.goto_transport(state, 0, round=4)
    finish_game(state)
    assert state.scores()[0] == 30
    assert sc.cubes_at(state, 0, (3, 3)) == {"sheep": 8}
    assert state.cubes_in_town(0) == 8


def test_highest_score_wins_FF_END_3():
    """Checks FF-END-3: the higher final score wins even with more cubes left."""
    state = empty_towns_game()
    sc.add_building(state, 0, "Ranch", (3, 3), sheep=8)  # 30 points, 8 cubes
    state.points[1] = 29
    finish_in_round_4(state)
    assert state.scores() == [30, 29]
    assert state.ranking() == [1, 2]
    assert state.winners() == [0]


def test_more_points_beat_fewer_cubes_and_more_tiles_FF_END_3():
    """FF-END-3: 31 points with 8 cubes and fewer tiles beat 30 points with no cube and a trail."""
    state = empty_towns_game()
    sc.add_building(state, 0, "Ranch", (3, 3), sheep=8)  # 30 points, 8 cubes
    state.points[0] += 1
    state.points[1] = 30
    sc.add_trail(state, 1, (5, 5), "NS")
    sc.add_trail(state, 1, (5, 6), "NS")
    finish_in_round_4(state)
    assert state.scores() == [31, 30]
    assert state.cubes_in_town(0) == 8 and state.cubes_in_town(1) == 0
    assert state.tiles_in_town(1) > state.tiles_in_town(0)
    assert state.ranking() == [1, 2]
    assert state.winners() == [0]


def test_tie_break_counts_cubes_that_scored_FF_END_4():
    """Edge case 16 (FF-END-4, FF-END-2): at 30 each, Ranch[8 sheep] leaves 8 cubes, more than
    the other seat's 1 wood, so the other seat ranks first."""
    state = empty_towns_game()
    sc.add_building(state, 0, "Ranch", (3, 3), sheep=8)
    state.points[1] = 30
    sc.set_cubes(state, 1, FOREST, wood=1)
    finish_in_round_4(state)
    assert state.scores() == [30, 30]
    assert state.cubes_in_town(0) == 8 and state.cubes_in_town(1) == 1
    assert state.ranking() == [2, 1]


def test_fewer_cubes_beat_more_tiles_FF_END_4_FF_END_5():
    """FF-END-4 before FF-END-5: at 30 each, the seat with 1 cube and fewer tiles ranks above the
    seat with 8 cubes and two more tiles (Ranch + trail against no building at all)."""
    state = empty_towns_game()
    sc.add_building(state, 0, "Ranch", (3, 3), sheep=8)
    sc.add_trail(state, 0, (5, 5), "NS")
    state.points[1] = 30
    sc.set_cubes(state, 1, FOREST, wood=1)
    finish_in_round_4(state)
    assert state.scores() == [30, 30]
    assert state.cubes_in_town(0) == 8 and state.cubes_in_town(1) == 1
    assert state.tiles_in_town(0) == state.tiles_in_town(1) + 2
    assert state.ranking() == [2, 1]
    assert state.winners() == [1]


def test_tie_break_then_tiles_trails_included_FF_END_5():
    """Edge case 16 (FF-END-5): equal score and cubes: the town with more tiles (one more trail)
    ranks higher."""
    state = empty_towns_game()
    for seat in (0, 1):
        sc.add_building(state, seat, "Ranch", (3, 3), sheep=8)
    sc.add_trail(state, 1, (5, 5), "NS")
    finish_in_round_4(state)
    assert state.scores() == [30, 30]
    assert state.tiles_in_town(1) == state.tiles_in_town(0) + 1
    assert state.ranking() == [2, 1]


def test_full_ties_share_a_place_and_keys_apply_to_every_place_FF_END_6():
    """Checks FF-END-6: seats tied on score, cubes and tiles share a place, and the tie-breaks
    also order the lower places."""
    state = empty_towns_game(3)
    state.points[:] = [10, 5, 5]
    finish_in_round_4(state)
    assert state.ranking() == [1, 2, 2]
    state = empty_towns_game(3)
    state.points[:] = [10, 5, 5]
    sc.set_cubes(state, 2, FOREST, wood=1)
    finish_in_round_4(state)
    assert state.ranking() == [1, 2, 3]
    state = empty_towns_game(3)
    state.points[:] = [10, 10, 5]
    finish_in_round_4(state)
    assert state.ranking() == [1, 1, 3]


def test_keys_in_order_for_every_place_FF_END_6():
    """FF-END-6: the same three keys order the lower places. Four seats: A 20 points; B and C 12
    points, B with 2 cubes, C with 1 cube but B has a trail more; D 12 points, 1 cube, tied with C
    on tiles too. Places: A 1st, C and D share 2nd, B 4th."""
    state = empty_towns_game(4)
    state.points[:] = [20, 12, 12, 12]
    sc.set_cubes(state, 1, FOREST, wood=1)
    sc.set_cubes(state, 1, MINE, stone=1)
    sc.add_trail(state, 1, (5, 5), "NS")
    sc.set_cubes(state, 2, FOREST, wood=1)
    sc.set_cubes(state, 3, MINE, stone=1)
    finish_in_round_4(state)
    assert state.scores() == [20, 12, 12, 12]
    assert [state.cubes_in_town(s) for s in range(4)] == [0, 2, 1, 1]
    assert state.tiles_in_town(1) == state.tiles_in_town(2) + 1 == state.tiles_in_town(3) + 1
    assert state.ranking() == [1, 4, 2, 2]
    assert state.winners() == [0]


@pytest.mark.parametrize(
    "start, tile, cubes, expected, marker",
    [
        (48, "Baths", {"coal": 2}, 53, "50+"),
        (97, "Butcher", {"coal": 1, "sheep": 1}, 104, "100+"),
        (149, "Windmill", {"wheat": 1}, 151, "150+"),
    ],
)
def test_score_laps_FF_EX_14_FF_END_7(start, tile, cubes, expected, marker):
    """FF-EX-14 (FF-END-7, FF-RND-4): the stored score is a plain integer; lap markers only
    mirror the track (50+, 100+, 150+)."""
    state = game()
    empty_town(state, 0)
    state.points[0] = start
    sc.add_building(state, 0, tile, (3, 3), **cubes)
    hold(state, 1)
    sc.goto_transport(state, 0, round=1)
    state.apply("done")
    score = state.scores()[0]
    assert score == expected and type(score) is int
    assert state.observation(0)["scores"][0] == expected
    assert lap_marker(score) == marker


def test_lap_marker_values_FF_EX_14_FF_END_7():
    # Checks FF-END-7.
    """FF-EX-14: 48+5 → 53 (50+), 97+7 → 104 (100+), 149+3 → 152 (150+); no upper limit."""
    assert lap_marker(48 + 5) == "50+"
    assert lap_marker(97 + 7) == "100+"
    assert lap_marker(149 + 3) == "150+"
    assert [lap_marker(s) for s in (0, 49, 50, 99, 100, 149, 150, 400)] == [
        "", "", "50+", "50+", "100+", "100+", "150+", "150+"
    ]


def test_fountain_lap_149_plus_3_FF_EX_14():
    """FF-EX-14: 149 + 3 (a Fountain's production) gives the plain integer 152, marker 150+."""
    state = produced("Fountain", points=149)
    assert state.scores()[0] == 152
    assert lap_marker(state.scores()[0]) == "150+"


def test_score_never_drops_below_zero_FF_END_8():
    """Checks FF-END-8: Charred Grounds[4 coal] at score 2 leaves 0, not -2."""
    state = produced("Charred Grounds", points=2, coal=4)
    assert state.scores()[0] == 0
    sc.start_round(state, 3)
    assert state.scores()[0] == 0


def test_the_floor_is_news_only_when_it_saves_points_FF_END_8():
    """FF-END-8: a score never goes below zero. Losing exactly what a seat has leaves it at 0
    with nothing saved (no "floor" event); losing more keeps it at 0 and says how many points
    the floor absorbed."""
    state = game()
    state.record_events()
    state.points[0] = 3
    start = state.event_count
    gain(state, 0, -3)
    assert state.points[0] == 0
    assert [e for e in state.events_for(None, start) if e["kind"] == "floor"] == []
    gain(state, 0, -2)
    assert state.points[0] == 0
    floors = [e for e in state.events_for(None, start) if e["kind"] == "floor"]
    assert [(e["seat"], e["points"]) for e in floors] == [(0, 2)]


def test_guildhall_counts_processing_neighbours_FF_EFX_34():
    """Edge case 15 (FF-EFX-34): processing tiles in the 8 cells around count 3 each (diagonals
    included); the Forest, Mine, trails and a production tile add nothing."""
    state = game()
    empty_town(state, 0)
    sc.add_building(state, 0, "Guildhall", (0, 1))
    sc.add_trail(state, 0, (-1, 1), "NS")
    sc.add_trail(state, 0, (1, 1), "NS")
    sc.add_building(state, 0, "Charcoal Kiln", (-1, 2), tier="A")
    sc.add_building(state, 0, "Charcoal Kiln", (1, 2), tier="B")
    sc.add_building(state, 0, "Brewery", (0, 2))
    sc.add_building(state, 0, "Allotment", (-1, 0))
    sc.add_building(state, 0, "Bakery", (2, 2))  # outside the ring
    assert state.end_game_points(0) == 9


def test_guildhall_diagonals_and_cap_FF_EFX_34():
    """Edge case 15 (FF-EFX-34): Kilns on all 4 diagonals give 12; 8 processing neighbours give
    24 and never more."""
    state = game()
    empty_town(state, 0)
    sc.add_building(state, 0, "Guildhall", (5, 5))
    for dx, dy in ((-1, -1), (1, -1), (-1, 1), (1, 1)):
        sc.add_building(state, 0, "Charcoal Kiln", (5 + dx, 5 + dy), tier="A")
    assert state.end_game_points(0) == 12
    for at, name in (((4, 5), "Bakery"), ((6, 5), "Baths"), ((5, 4), "Brewery"), ((5, 6), "Butcher")):
        sc.add_building(state, 0, name, at)
    assert state.end_game_points(0) == 24
    sc.add_building(state, 0, "Grocer", (7, 5))
    sc.add_building(state, 0, "Cafe", (5, 7))
    assert state.end_game_points(0) == 24


def test_guildhall_counts_exactly_the_processing_tiles_in_its_ring_FF_EFX_34():
    """FF-EFX-34: Guildhall at (10,10) with processing tiles on the 3 cells south of it, on the
    east cell and on the north cell: 5 × 3 = 15. Processing tiles two cells away (N, E, S, W)
    do not count, and the result is the same when asked again."""
    state = game()
    empty_town(state, 0)
    b = sc.add_building(state, 0, "Guildhall", (10, 10))
    for at in ((9, 9), (10, 9), (11, 9), (11, 10), (10, 11)):
        sc.add_building(state, 0, "Bakery", at)
    for at in ((10, 12), (12, 10), (10, 8), (8, 10), (12, 12), (8, 8)):
        sc.add_building(state, 0, "Foundry", at)
    assert end_points_by_building(state, 0)[b] == 15
    assert end_points_by_building(state, 0)[b] == 15
    assert state.end_game_points(0) == 15


def test_guildhall_ring_on_the_west_east_diagonals_FF_EFX_34():
    """FF-EFX-34: the west cell, the two western diagonals and the north cell hold processing
    tiles: 4 × 3 = 12 (the east side is empty, the far west column does not count)."""
    state = game()
    empty_town(state, 0)
    b = sc.add_building(state, 0, "Guildhall", (10, 10))
    for at in ((9, 9), (9, 10), (9, 11)):
        sc.add_building(state, 0, "Cafe", at)
    for at in ((8, 9), (8, 10), (8, 11)):
        sc.add_building(state, 0, "Grocer", at)
    sc.add_building(state, 0, "Baths", (10, 11))
    assert end_points_by_building(state, 0)[b] == 12


def test_guildhall_at_the_edge_of_the_grid_does_not_wrap_FF_EFX_34_FF_SET_6():
    """FF-SET-6 / FF-EFX-34: on the grid's east edge (x = COORD_LIMIT) the Guildhall still sees
    its west and north-west neighbours, and a tile on the far west edge one row up is not its
    neighbour: 6. On the north edge (seat 1), the cell south of it still counts: 3."""
    state = game()
    empty_town(state, 0)
    b = sc.add_building(state, 0, "Guildhall", (COORD_LIMIT, 0))
    sc.add_building(state, 0, "Bakery", (COORD_LIMIT - 1, 0))
    sc.add_building(state, 0, "Cafe", (COORD_LIMIT - 1, 1))
    sc.add_building(state, 0, "Butcher", (-COORD_LIMIT, 1))
    assert end_points_by_building(state, 0)[b] == 6
    empty_town(state, 1)
    b = sc.add_building(state, 1, "Guildhall", (0, COORD_LIMIT))
    sc.add_building(state, 1, "Bakery", (0, COORD_LIMIT - 1))
    assert end_points_by_building(state, 1)[b] == 3


def test_community_centre_counts_trail_reached_buildings_FF_EFX_35():
    """Edge case 14 (FF-EFX-35): counted are a Kiln at the end of a long trail and the Forest and
    Mine separately (9); not counted are an adjacent Brewery, a Bakery reached only through the
    Kiln, and the Community Centre itself (a trail loop returns to it)."""
    state = game()
    empty_town(state, 0)
    sc.add_building(state, 0, "Community Centre", (0, 3))
    for at, shape in [((0, 1), "NES"), ((1, 1), "SW"), ((0, 2), "NES"), ((1, 2), "NW"), ((1, 3), "ESW"),
                      ((2, 3), "EW"), ((3, 3), "EW"), ((4, 3), "EW"), ((6, 3), "EW")]:
        sc.add_trail(state, 0, at, shape)
    sc.add_building(state, 0, "Charcoal Kiln", (5, 3), tier="A")
    sc.add_building(state, 0, "Bakery", (7, 3))
    sc.add_building(state, 0, "Brewery", (-1, 3))
    assert state.end_game_points(0) == 9


def test_community_centre_ignores_plain_adjacency_FF_EFX_35():
    """Checks FF-EFX-35: buildings merely adjacent to the Community Centre score nothing."""
    state = game()
    empty_town(state, 0)
    sc.add_building(state, 0, "Community Centre", (0, 1))  # touches the Forest
    sc.add_building(state, 0, "Brewery", (0, 2))
    sc.add_building(state, 0, "Bakery", (-1, 1))
    assert state.end_game_points(0) == 0
    sc.add_trail(state, 0, (1, 1), "SW")  # joins the Centre (west) and the Mine (south)
    assert state.end_game_points(0) == 3


def test_community_centre_counts_neither_itself_nor_an_adjacent_wagon_shed_FF_EFX_35():
    """FF-EFX-35 (edge case 14): a Community Centre at (5,5) whose trail loop (5,6) ES,
    (6,6) SW, (6,5) NW comes back into its own east side does not count itself; a Wagon Shed
    next to it (joined for transport, FF-EFX-25) is only adjacent and does not count; a Bakery
    at the end of the NS trail at (5,4) counts: 3 points."""
    state = game()
    empty_town(state, 0)
    b = sc.add_building(state, 0, "Community Centre", (5, 5))
    sc.add_trail(state, 0, (5, 6), "ES")
    sc.add_trail(state, 0, (6, 6), "SW")
    sc.add_trail(state, 0, (6, 5), "NW")
    sc.add_building(state, 0, "Wagon Shed", (4, 5))
    sc.add_trail(state, 0, (5, 4), "NS")
    sc.add_building(state, 0, "Bakery", (5, 3))
    assert end_points_by_building(state, 0)[b] == 3


@pytest.mark.parametrize(
    "cubes, points",
    [({"wood": 2, "stone": 1, "sheep": 1}, 9), ({g: 1 for g in ALL_GOODS}, 15), ({}, 0)],
)
def test_museum_scores_different_types_FF_EFX_36(cubes, points):
    """Checks FF-EFX-36 (Museum): 3 points per different type on it."""
    state = game()
    empty_town(state, 0, wood=5)
    sc.add_building(state, 0, "Museum", (3, 3), **cubes)
    assert state.end_game_points(0) == points


def test_storehouse_toll_house_town_hall_FF_EFX_36():
    """Checks FF-EFX-36: Storehouse 1 per cube on it, Toll House 1 per trail, Town Hall 1 per
    building (itself included, Forest and Mine as two)."""
    state = game()
    empty_town(state, 0, wood=5)
    sc.add_building(state, 0, "Storehouse", (3, 3), wood=2, coal=3, sheep=1)
    assert state.end_game_points(0) == 6
    state = game()
    empty_town(state, 0)
    sc.add_building(state, 0, "Toll House", (3, 3))
    for x in range(3):
        sc.add_trail(state, 0, (x, 1), "EW")
    assert state.end_game_points(0) == 3
    state = game()
    empty_town(state, 0)
    sc.add_building(state, 0, "Town Hall", (3, 3))
    sc.add_building(state, 0, "Charcoal Kiln", (0, 2), tier="A")
    sc.add_trail(state, 0, (0, 1), "NS")
    assert state.end_game_points(0) == 4


def test_solo_start_player_and_thresholds_FF_SOLO_10_FF_SOLO_1():
    """Checks FF-SOLO-10 (and FF-SOLO-1): solo play runs all four rounds with seat 0 always the
    start player; the result reports the score and the highest threshold of 60/80/100/120."""
    state = game(1, seed=0)
    starts = set()
    while not state.is_terminal:
        starts.add(state.observation(0)["start_player"])
        acts = legal(state)
        state.apply("pass" if "pass" in acts else "done")
    assert starts == {0}
    assert state.round == 4
    result = state.solo_result()
    assert result["thresholds"] == [60, 80, 100, 120]
    assert result["threshold"] is None and result["score"] == 0
    assert state.ranking() == [1]
    for score, threshold in ((59, None), (60, 60), (79, 60), (80, 80), (99, 80), (100, 100),
                             (119, 100), (120, 120), (175, 120)):
        for setup in (1, 4):
            state = game(1, seed=0, solo_setup=setup)
            sc.goto_construction(state, 0, round=4)
            state.points[0] = score  # no scenario helper sets a score; this is the stored integer
            pass_and_finish_round(state)
            assert state.is_terminal
            result = state.solo_result()
            assert result["score"] == score
            assert result["threshold"] == threshold
            assert result["thresholds"] == [60, 80, 100, 120]


def finish_solo(state, points: int) -> None:
    """Round 4 construction with an empty town: pass, and the game ends at once."""
    empty_town(state, 0)
    state.points[0] = points
    sc.goto_construction(state, 0, round=4)
    sc.play(state, "pass")
    assert state.is_terminal


def test_solo_result_reports_setup_score_and_threshold_FF_SOLO_10():
    """FF-SOLO-10: setup 3 (Food Festival, FF-SOLO-3) finishing on 85 reached the 80
    threshold; the thresholds are 60, 80, 100, 120 for every setup."""
    state = game(players=1, solo_setup=3)
    finish_solo(state, 85)
    assert state.solo_result() == {"setup": 3, "setup_name": "Food Festival", "score": 85,
                                   "threshold": 80, "thresholds": [60, 80, 100, 120]}


def test_solo_result_default_setup_and_no_threshold_FF_SOLO_10_FF_SOLO_3():
    """FF-SOLO-3/10: without the option the setup is 1 (Random); 59 reaches no threshold."""
    state = game(players=1)
    finish_solo(state, 59)
    assert state.solo_result() == {"setup": 1, "setup_name": "Random", "score": 59,
                                   "threshold": None, "thresholds": [60, 80, 100, 120]}
