"""Production (``production.py``): each producer filling its own tile once a round, output that
does not fit being lost or, for a mix, kept by the owner's choice one cube at a time, the tiles
that score for what they hold, Charred Grounds' loss and the score floor applied to the phase's
sum, a tile built this round producing from the next, and the production effect of every tile
(FF-PRD, FF-EFX-11 to FF-EFX-17, with FF-EX-2 and FF-EX-3)."""

from __future__ import annotations

import pytest

from acreage.games.foxglove import scenario as sc
from acreage.games.foxglove.content import find_tile

from .helpers import (
    FOREST,
    MINE,
    assert_illegal,
    build,
    construction_turn,
    empty_town,
    game,
    hold,
    legal,
    new_events,
    produced,
    sorted_legal,
    total_cubes,
)


def volcano_production(stone: int = 1):
    """Round-2 production of a Volcano (3 slots; 1 stone + 2 coal) holding ``stone`` stone, in
    an otherwise empty town whose Forest and Mine are full (so they produce nothing)."""
    state = game()
    empty_town(state, 0, wood=5, stone=3)
    sc.add_building(state, 0, "Volcano", (3, 3), stone=stone)
    hold(state, 1)
    state.record_events()
    start = state.event_count
    sc.start_round(state, 2)
    return state, start


def test_fresh_town_round_1_production_FF_EX_3a_FF_PRD_1_FF_PRD_5():
    # Checks FF-PRD-1, FF-PRD-5.
    """FF-EX-3 (a): a fresh town's round-1 production gives Forest[5 wood] and Mine[3 stone]."""
    state = game()
    for seat in (0, 1):
        assert sc.cubes_at(state, seat, FOREST) == {"wood": 5}
        assert sc.cubes_at(state, seat, MINE) == {"stone": 3}
    assert state.observation(0)["phase"] == "construction"


def test_leftover_cubes_reduce_the_harvest_FF_EX_3b_FF_PRD_5_FF_PRD_3():
    # Checks FF-PRD-5, FF-PRD-3.
    """FF-EX-3 (b): Forest[2 wood] and Mine[1 stone] are only topped up to 5 and 3."""
    state = game()
    empty_town(state, 0, wood=2, stone=1)
    sc.start_round(state, 2)
    assert sc.cubes_at(state, 0, FOREST) == {"wood": 5}
    assert sc.cubes_at(state, 0, MINE) == {"stone": 3}
    assert total_cubes(state, 0) == 8


def test_each_producer_resolves_exactly_once_FF_PRD_1_FF_EFX_11():
    """Checks FF-PRD-1 and FF-EFX-11: every producer fires once per production phase, no more."""
    state = game()
    empty_town(state, 0)
    sc.add_building(state, 0, "Lambing Shed", (3, 3))
    sc.add_building(state, 0, "Hot Spring", (4, 3))
    sc.add_building(state, 0, "Fertile Plot", (5, 3))
    sc.add_building(state, 0, "Granary", (6, 3))
    sc.start_round(state, 2)
    assert sc.cubes_at(state, 0, FOREST) == {"wood": 5}
    assert sc.cubes_at(state, 0, MINE) == {"stone": 3}
    assert sc.cubes_at(state, 0, (3, 3)) == {"sheep": 1}
    assert sc.cubes_at(state, 0, (4, 3)) == {"coal": 1}
    assert sc.cubes_at(state, 0, (5, 3)) == {"sheep": 1}
    assert sc.cubes_at(state, 0, (6, 3)) == {"wheat": 2}


def test_produced_goods_stay_on_the_producer_FF_PRD_2_FF_EFX_3():
    """Checks FF-PRD-2 and FF-EFX-3: output goes only onto the producing tile, even when a
    connected tile accepting that type has room; the excess is discarded, not moved."""
    state = game()
    empty_town(state, 0, wood=4, stone=3)
    sc.add_trail(state, 0, (0, 1), "NS")
    sc.add_building(state, 0, "Charcoal Kiln", (0, 2), tier="A")  # accepts wood, empty
    sc.add_building(state, 0, "Granary", (-1, 2), wheat=2)
    sc.add_building(state, 0, "Brewery", (-1, 3))  # accepts wheat, empty
    sc.start_round(state, 2)
    assert sc.cubes_at(state, 0, FOREST) == {"wood": 5}
    assert sc.cubes_at(state, 0, (0, 2)) == {}
    assert sc.cubes_at(state, 0, (-1, 2)) == {"wheat": 3}
    assert sc.cubes_at(state, 0, (-1, 3)) == {}


def test_industrial_farm_with_two_free_slots_FF_EX_2a_FF_PRD_3():
    # Checks FF-PRD-3.
    """FF-EX-2 (a): Industrial Farm (3 slots) holding 1 wheat gains 2 and discards the third."""
    state = produced("Industrial Farm", wheat=1)
    assert find_tile("Industrial Farm").slots == 3
    assert sc.cubes_at(state, 0, (3, 3)) == {"wheat": 3}


def test_full_allotment_gets_nothing_FF_EX_2c_FF_PRD_3():
    # Checks FF-PRD-3.
    """FF-EX-2 (c): a full Allotment (1 slot, 1 wheat) is unchanged by production."""
    state = produced("Allotment", wheat=1)
    assert sc.cubes_at(state, 0, (3, 3)) == {"wheat": 1}
    assert state.observation(0)["phase"] == "construction"


def test_production_event_counts_what_breeding_and_later_gains_lose_FF_EFX_16_FF_PRD_3():
    """FF-EFX-16: Barn[5 sheep] (6 slots) has 2 pairs, so it should gain 4 sheep, but only 1
    slot is free: +1, and 3 are lost. FF-PRD-3 with a tile whose production effect is not its
    first effect: Granary (immediate 1 wheat, then production 2 wheat; 3 slots) holding 2 wheat
    gains 1 and loses 1."""
    state = game()
    empty_town(state, 0, wood=5, stone=3)
    sc.add_building(state, 0, "Barn", (3, 3), sheep=5)
    sc.add_building(state, 0, "Granary", (5, 5), wheat=2)
    hold(state, 1)
    state.record_events()
    start = state.event_count
    sc.start_round(state, 2)
    prod = {e["tile"]: e for e in new_events(state, start) if e["kind"] == "produce" and e["seat"] == 0}
    assert prod["Barn"] == {"kind": "produce", "seat": 0, "tile": "Barn", "cell": "3,3",
                            "gained": {"sheep": 1}, "lost": {"sheep": 3}, "to_choose": {},
                            "points": 0, "source": "Barn (production)"}
    assert prod["Granary"] == {"kind": "produce", "seat": 0, "tile": "Granary", "cell": "5,5",
                               "gained": {"wheat": 1}, "lost": {"wheat": 1}, "to_choose": {},
                               "points": 0, "source": "Granary (production)"}
    assert sc.cubes_at(state, 0, (3, 3)) == {"sheep": 6}
    assert sc.cubes_at(state, 0, (5, 5)) == {"wheat": 3}


def test_scrapyard_keep_choice_FF_EX_2b_FF_PRD_4():
    # Checks FF-PRD-4.
    """FF-EX-2 (b): Scrapyard[1 wood] (2 slots) is offered exactly 'keep wood' / 'keep stone'."""
    state = produced("Scrapyard", wood=1)
    assert find_tile("Scrapyard").slots == 2
    assert state.current_player == 0
    assert legal(state) == {"keep wood", "keep stone"}
    assert_illegal(state, "keep coal")
    choice = state.clone()
    state.apply("keep stone")
    assert sc.cubes_at(state, 0, (3, 3)) == {"wood": 1, "stone": 1}
    assert state.observation(0)["phase"] == "construction"
    choice.apply("keep wood")
    assert sc.cubes_at(choice, 0, (3, 3)) == {"wood": 2}
    assert choice.observation(0)["phase"] == "construction"


def test_output_that_fits_is_taken_without_a_choice_FF_PRD_4():
    """Checks FF-PRD-4: an empty Scrapyard takes both cubes; nobody is asked anything."""
    state = produced("Scrapyard")
    assert sc.cubes_at(state, 0, (3, 3)) == {"wood": 1, "stone": 1}
    assert not any(a.startswith("keep") for a in legal(state))
    assert state.observation(0)["phase"] == "construction"


def test_mixed_output_keep_choice_repeats_per_free_slot_FF_PRD_4():
    """Checks FF-PRD-4: Volcano[1 coal] (3 slots, makes 1 stone + 2 coal) chooses 2 of 3 cubes."""
    state = produced("Volcano", coal=1)
    assert legal(state) == {"keep stone", "keep coal"}
    other = state.clone()
    state.apply("keep coal")
    assert legal(state) == {"keep stone", "keep coal"}
    state.apply("keep coal")
    assert sc.cubes_at(state, 0, (3, 3)) == {"coal": 3}
    # Keeping the stone first leaves only coal on offer, which is then placed without asking.
    other.apply("keep stone")
    assert sc.cubes_at(other, 0, (3, 3)) == {"stone": 1, "coal": 2}
    assert other.observation(0)["phase"] == "construction"


def test_keep_choices_come_tile_by_tile_FF_PRD_4():
    """Checks FF-PRD-4: two tiles with mixed output and 1 free slot each ask one after the other."""
    state = game()
    empty_town(state, 0, wood=5, stone=3)
    sc.add_building(state, 0, "Scrapyard", (3, 3), wood=1)
    sc.add_building(state, 0, "Alpine Meadow", (4, 4), stone=1)
    sc.start_round(state, 2)
    assert state.current_player == 0
    assert legal(state) == {"keep wood", "keep stone"}
    state.apply("keep stone")
    assert legal(state) == {"keep stone", "keep wheat"}
    state.apply("keep wheat")
    assert sc.cubes_at(state, 0, (3, 3)) == {"wood": 1, "stone": 1}
    assert sc.cubes_at(state, 0, (4, 4)) == {"stone": 1, "wheat": 1}
    assert state.observation(0)["phase"] == "construction"


def test_volcano_mix_that_does_not_fit_is_offered_and_logged_FF_PRD_3_FF_PRD_4():
    """FF-PRD-3/4: Volcano[1 stone] has 2 free slots for 1 stone + 2 coal, a mix, so nothing is
    placed and the owner chooses. The produce event says nothing was gained or lost yet and
    the whole output (1 stone, 2 coal) is still to choose. A keep is a production step, not a
    turn: ``in_subdecision`` is False (it is True only for a construction turn's steps)."""
    state, start = volcano_production()
    vol = [e for e in new_events(state, start) if e["kind"] == "produce" and e["tile"] == "Volcano"]
    assert vol == [{"kind": "produce", "seat": 0, "tile": "Volcano", "cell": "3,3", "gained": {},
                    "lost": {}, "to_choose": {"stone": 1, "coal": 2}, "points": 0,
                    "source": "Volcano (production)"}]
    assert state.current_player == 0
    assert sorted_legal(state) == ["keep coal", "keep stone"]
    assert state.in_subdecision() is False


def test_keeping_stone_places_one_coal_and_discards_the_other_FF_PRD_3_FF_PRD_4():
    """FF-PRD-3/4: keep stone first; 1 slot is left for the 2 coal, one type only, so one coal
    goes on without asking and the other coal is discarded. Events: the keep, then the
    discard of exactly 1 coal (the placed coal is not a discard)."""
    state, start = volcano_production()
    mark = state.event_count
    state.apply("keep stone")
    assert sc.cubes_at(state, 0, (3, 3)) == {"stone": 2, "coal": 1}
    got = [e for e in new_events(state, mark) if e["seat"] == 0]
    assert got[:2] == [
        {"kind": "keep", "seat": 0, "tile": "Volcano", "good": "stone"},
        {"kind": "discard", "seat": 0, "tile": "Volcano", "goods": {"coal": 1}},
    ]
    assert not [e for e in got[2:] if e["kind"] in ("keep", "discard")]


def test_keeping_coal_leaves_a_second_choice_then_discards_the_rest_FF_PRD_4():
    """FF-PRD-4: keep coal first; 1 slot is left for 1 stone + 1 coal, still a mix, so the
    owner is asked again (no discard yet). Keeping coal again fills the Volcano and the
    stone is discarded."""
    state, start = volcano_production()
    mark = state.event_count
    state.apply("keep coal")
    assert sc.cubes_at(state, 0, (3, 3)) == {"stone": 1, "coal": 1}
    assert state.current_player == 0
    assert sorted_legal(state) == ["keep coal", "keep stone"]
    assert new_events(state, mark) == [{"kind": "keep", "seat": 0, "tile": "Volcano", "good": "coal"}]
    mark = state.event_count
    state.apply("keep coal")
    assert sc.cubes_at(state, 0, (3, 3)) == {"stone": 1, "coal": 2}
    got = [e for e in new_events(state, mark) if e["seat"] == 0]
    assert got[:2] == [
        {"kind": "keep", "seat": 0, "tile": "Volcano", "good": "coal"},
        {"kind": "discard", "seat": 0, "tile": "Volcano", "goods": {"stone": 1}},
    ]


def test_woolmill_scores_held_sheep_FF_EX_2d_FF_PRD_6_FF_EFX_14():
    # Checks FF-PRD-6, FF-EFX-14.
    """FF-EX-2 (d): Woolmill[3 sheep] gives +6 and still holds its 3 sheep."""
    state = produced("Woolmill", sheep=3)
    assert state.scores()[0] == 6
    assert sc.cubes_at(state, 0, (3, 3)) == {"sheep": 3}


def test_coal_shed_scores_held_coal_FF_PRD_6_FF_EFX_14():
    """Checks FF-EFX-14 and FF-PRD-6 (edge case 12): Coal Shed[3 coal] gives +6, keeps its coal."""
    state = produced("Coal Shed", coal=3)
    assert state.scores()[0] == 6
    assert sc.cubes_at(state, 0, (3, 3)) == {"coal": 3}


def test_charred_grounds_loses_per_coal_and_keeps_it_FF_PRD_6_FF_EFX_15():
    """Checks FF-EFX-15 and FF-PRD-6: Charred Grounds[3 coal] costs 3 points, the coal stays."""
    state = produced("Charred Grounds", points=10, coal=3)
    assert state.scores()[0] == 7
    assert sc.cubes_at(state, 0, (3, 3)) == {"coal": 3}


def test_production_needs_no_decision_and_has_a_fixed_result_FF_PRD_7():
    """Checks FF-PRD-7: a town of many producers resolves at once (no choice is asked) and the
    result does not depend on the order the tiles were built in."""
    tiles = [
        ("Woolmill", {"sheep": 2}), ("Barn", {"sheep": 3}), ("Fountain", {}),
        ("Charred Grounds", {"coal": 2}), ("Granary", {}), ("Coal Shed", {"coal": 1}),
    ]
    results = []
    for order in (tiles, tiles[::-1]):
        state = game()
        empty_town(state, 0, wood=3, stone=0)
        for name, cubes in order:
            sc.add_building(state, 0, name, (5 + [t[0] for t in tiles].index(name), 5), **cubes)
        sc.start_round(state, 3)
        assert state.observation(0)["phase"] == "construction"
        assert "pass" in legal(state)
        town = {sc.tile_at(state, 0, (5 + i, 5)): sc.cubes_at(state, 0, (5 + i, 5)) for i in range(6)}
        results.append((state.scores()[0], town, sc.cubes_at(state, 0, FOREST), sc.cubes_at(state, 0, MINE)))
    assert results[0] == results[1]
    points, town, forest, mine = results[0]
    assert points == 4 + 3 - 2 + 2  # Woolmill, Fountain, Charred Grounds, Coal Shed
    assert town["Barn"] == {"sheep": 5}
    assert town["Granary"] == {"wheat": 2}
    assert forest == {"wood": 5} and mine == {"stone": 3}


@pytest.mark.parametrize("grounds_first", [True, False])
def test_fountain_and_charred_grounds_sum_then_floor_FF_PRD_8_FF_END_8(grounds_first):
    """Edge case 12 (FF-PRD-8, FF-EFX-15, FF-END-8): Charred Grounds[4 coal] and a Fountain at
    score 0 end at 0, whichever tile is resolved first (never -1, never 3)."""
    state = game()
    empty_town(state, 0, wood=5, stone=3)
    order = [("Charred Grounds", {"coal": 4}), ("Fountain", {})]
    if not grounds_first:
        order.reverse()
    for i, (name, cubes) in enumerate(order):
        sc.add_building(state, 0, name, (3 + i, 3), **cubes)
    sc.start_round(state, 3)
    assert state.scores()[0] == 0
    assert sc.cubes_at(state, 0, (3 if grounds_first else 4, 3)) == {"coal": 4}


def test_production_points_are_summed_before_the_floor_FF_PRD_8():
    """Checks FF-PRD-8: Charred Grounds[4 coal] (-4), then Woolmill[1 sheep] (+2) and a Fountain
    (+3) at score 0 give 1 (the sum), not 5 (flooring after the loss)."""
    state = game()
    empty_town(state, 0, wood=5, stone=3)
    sc.add_building(state, 0, "Charred Grounds", (3, 3), coal=4)
    sc.add_building(state, 0, "Woolmill", (4, 3), sheep=1)
    sc.add_building(state, 0, "Fountain", (5, 3))
    sc.start_round(state, 3)
    assert state.scores()[0] == 1


def test_tile_built_this_round_first_produces_next_round_FF_PRD_9():
    """Checks FF-PRD-9: an Industrial Farm built in round 1 is empty until round 2's production,
    which then fills it once."""
    state = construction_turn(1)
    build(state, "Industrial Farm", (0, 1))
    assert sc.cubes_at(state, 0, (0, 1)) == {}
    assert state.current_player == 1
    state.apply("pass")  # seat 1
    state.apply("pass")  # seat 0: transport and processing have nothing to do, round 2 starts
    assert state.round == 2
    assert state.observation(0)["phase"] == "construction"
    assert sc.cubes_at(state, 0, (0, 1)) == {"wheat": 3}


def test_tile_built_in_round_4_never_produces_FF_PRD_9():
    """Edge case 17 (FF-PRD-9): a Fountain built in round 4 gives its 6 but never its 3."""
    state = construction_turn(4)
    build(state, "Fountain", (0, 1))
    assert state.scores()[0] == 6
    state.apply("pass")
    state.apply("pass")
    assert state.is_terminal
    assert state.scores()[0] == 6


def test_immediate_goods_built_in_round_4_feed_the_final_stage_FF_FIN_4_FF_PRD_9():
    # Checks FF-PRD-9.
    """Edge case 17 (FF-FIN-4): Grazing Land built in round 4 (1 wheat + 2 sheep) can send its
    goods to a Grocer in the same round's combined stage."""
    state = construction_turn(4)
    sc.add_trail(state, 0, (0, 2), "EW")
    sc.add_building(state, 0, "Grocer", (-1, 2))
    sc.goto_construction(state, 0, round=4)
    build(state, "Grazing Land", (1, 2))
    assert sc.cubes_at(state, 0, (1, 2)) == {"wheat": 1, "sheep": 2}
    state.apply("pass")
    state.apply("pass")
    assert state.observation(0)["phase"] == "final stage"
    assert state.current_player == 0
    sc.play(state, "move wheat 1,2>-1,2", "move sheep 1,2>-1,2")
    state.apply("done")
    assert sc.cubes_at(state, 0, (-1, 2)) == {}
    assert sc.cubes_at(state, 0, (1, 2)) == {"sheep": 1}
    assert state.is_terminal
    assert state.scores()[0] == 7


PRODUCTION = [
    # FF-EFX-12 (rulebook)
    ("Allotment", {"wheat": 1}),
    ("Alpine Meadow", {"stone": 1, "wheat": 1}),
    ("Coal Mine", {"coal": 2}),
    ("Fertile Plot", {"sheep": 1}),
    ("Granary", {"wheat": 2}),
    ("Hot Spring", {"coal": 1}),
    ("Industrial Farm", {"wheat": 3}),
    ("Lambing Shed", {"sheep": 1}),
    ("Scrapyard", {"wood": 1, "stone": 1}),
    # FF-EFX-17 (proposed)
    ("Meadow", {"sheep": 2}),
    ("Ore Mine", {"stone": 1, "coal": 1}),
    ("Paddock", {"sheep": 1}),
    ("Peat Bog", {"coal": 1}),
    ("Quarry", {"stone": 2}),
    ("Smallholding", {"wheat": 1, "sheep": 1}),
    ("Timberland", {"wood": 2}),
    ("Volcano", {"stone": 1, "coal": 2}),
]


@pytest.mark.parametrize("name, output", PRODUCTION, ids=[p[0] for p in PRODUCTION])
def test_fixed_production_FF_EFX_12_FF_EFX_17(name, output):
    """Checks FF-EFX-12 and FF-EFX-17: an empty producer makes exactly its listed goods."""
    state = produced(name)
    assert sc.cubes_at(state, 0, (3, 3)) == output
    assert state.scores()[0] == 0


def test_fountain_gains_3_each_production_FF_EFX_13():
    """Checks FF-EFX-13: a Fountain adds 3 points in every production phase."""
    state = produced("Fountain", points=4)
    assert state.scores()[0] == 7
    sc.start_round(state, 3)
    assert state.scores()[0] == 10


def test_moving_coal_off_charred_grounds_avoids_the_loss_FF_EFX_15():
    """Edge case 12 (FF-EFX-15): coal moved off Charred Grounds before production is not lost."""
    results = {}
    for move in (False, True):
        state = game()
        empty_town(state, 0, wood=5, stone=3)
        state.points[0] = 5
        sc.add_building(state, 0, "Charred Grounds", (0, 2), coal=4)
        sc.add_trail(state, 0, (0, 3), "NS")
        sc.add_building(state, 0, "Charcoal Kiln", (0, 4), tier="B")
        hold(state, 1)
        sc.goto_transport(state, 0, round=2)
        if move:
            sc.play(state, *["move coal 0,2>0,4"] * 3)
        state.apply("done")
        assert state.scores()[0] == 5
        sc.start_round(state, 3)
        results[move] = (state.scores()[0], sc.cubes_at(state, 0, (0, 2)))
    assert results[False] == (1, {"coal": 4})
    assert results[True] == (4, {"coal": 1})


@pytest.mark.parametrize(
    "held, after",
    [(3, 5), (5, 6), (1, 1), (0, 0), (4, 6), (2, 4)],
)
def test_barn_counts_pairs_before_adding_FF_EFX_16(held, after):
    """Edge case 11 (FF-EFX-16): Barn[3]→5, Barn[5] (6 slots)→6, Barn[1] stays 1."""
    state = produced("Barn", sheep=held)
    assert find_tile("Barn").slots == 6
    assert sc.cubes_at(state, 0, (3, 3)) == ({"sheep": after} if after else {})
