"""Foxglove Farm: production, transport, processing, the final round, end of game and effects.

Every test names the checklist rules it checks (``shared/rules/foxglove.md``): FF-PRD, FF-TRN,
FF-PRC, FF-FIN, FF-END and FF-EFX, plus the worked examples FF-EX-1, 2, 3, 5, 7, 8, 9, 10, 14
and 15 and the edge cases 5, 6, 10, 11, 12, 13, 14, 15, 16, 17 and 20 of the checklist's list.

Coordinates: the Forest is at (0,0) and the Mine at (1,0); x grows east and y grows north.
Positions are built with :mod:`acreage.games.foxglove.scenario`; a second seat is usually given
a pending transport move (:func:`hold`) so that the engine stops at that seat's stage and the
first seat's results can be read before the round ends and the next production runs.
"""

from __future__ import annotations

import itertools
from functools import cache

import pytest

from acreage import IllegalAction
from acreage.games.foxglove import effects as fx
from acreage.games.foxglove import scenario as sc
from acreage.games.foxglove.content import TILES, TIMINGS, Effect, TileKind, find_tile
from acreage.games.foxglove.queries import totals
from acreage.games.foxglove.rulings import lap_marker

from .helpers import (
    FOREST,
    MINE,
    build,
    construction_turn,
    empty_town,
    empty_towns_game,
    finish_game,
    finish_in_round_4,
    game,
    hold,
    kuly,
    legal,
    moves,
    pay_all,
)

ALL_GOODS = ("wood", "stone", "wheat", "coal", "sheep")


# ----------------------------------------------------------------------------- helpers
def hauls(state) -> set[str]:
    return {a for a in legal(state) if a.startswith("haul ")}


def assert_illegal(state, text: str) -> None:
    """``text`` is refused (as notation and as a structural action) and nothing changes."""
    before = state.to_json()
    with pytest.raises(IllegalAction):
        state.apply(text)
    assert state.to_json() == before
    action = state._parse_structural(text)
    with pytest.raises(IllegalAction):
        state.apply(action)
    assert state.to_json() == before


def total_cubes(state, seat: int) -> int:
    return state.cubes_in_town(seat)


def processed(name: str, tier: str | None = None, **cubes: int) -> tuple[int, dict[str, int]]:
    """Run one round-1 processing phase on a lone, unconnected ``name``: (points, cubes after)."""
    state = game()
    empty_town(state, 0)
    hold(state, 1)
    sc.add_building(state, 0, name, (3, 3), tier=tier, **cubes)
    sc.goto_transport(state, 0, round=1)
    assert legal(state) == {"done"}
    before = state.scores()[0]
    state.apply("done")
    assert state.current_player == 1  # seat 0's processing ran without asking anything
    return state.scores()[0] - before, sc.cubes_at(state, 0, (3, 3))


def produced(name: str, tier: str | None = None, points: int = 0, **cubes: int):
    """Run round-2 production on a lone ``name`` (Forest and Mine already full)."""
    state = game()
    empty_town(state, 0, wood=5, stone=3)
    state.points[0] = points
    sc.add_building(state, 0, name, (3, 3), tier=tier, **cubes)
    sc.start_round(state, 2)
    return state


# ============================================================================= production
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


def test_full_allotment_gets_nothing_FF_EX_2c_FF_PRD_3():
    # Checks FF-PRD-3.
    """FF-EX-2 (c): a full Allotment (1 slot, 1 wheat) is unchanged by production."""
    state = produced("Allotment", wheat=1)
    assert sc.cubes_at(state, 0, (3, 3)) == {"wheat": 1}
    assert state.observation(0)["phase"] == "construction"


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


@pytest.mark.parametrize(
    "held, after",
    [(3, 5), (5, 6), (1, 1), (0, 0), (4, 6), (2, 4)],
)
def test_barn_counts_pairs_before_adding_FF_EFX_16(held, after):
    """Edge case 11 (FF-EFX-16): Barn[3]→5, Barn[5] (6 slots)→6, Barn[1] stays 1."""
    state = produced("Barn", sheep=held)
    assert find_tile("Barn").slots == 6
    assert sc.cubes_at(state, 0, (3, 3)) == ({"sheep": after} if after else {})


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


def test_b_tiles_appear_only_from_round_3_edge_17():
    """Edge case 17 (FF-RND-12, FF-PRD-9): in rounds 1–2 the A/B area shows only A tiles, and
    from round 3 only B tiles; the C area keeps C tiles."""
    state = game()
    seen_rounds = set()
    while state.round < 3:
        seen_rounds.add(state.round)
        display = state.to_json()["state"]["display"]
        assert all(ref.startswith("A:") for sp in display[: state.n_ab] for ref in sp)
        assert all(ref.startswith("C:") for sp in display[state.n_ab:] for ref in sp)
        state.apply("pass")
    assert seen_rounds == {1, 2}
    display = state.to_json()["state"]["display"]
    assert all(sp for sp in display[: state.n_ab])
    assert all(ref.startswith("B:") for sp in display[: state.n_ab] for ref in sp)
    assert all(ref.startswith("C:") for sp in display[state.n_ab:] for ref in sp)


# ============================================================================= transport
def test_any_number_of_moves_then_done_FF_TRN_1():
    """Checks FF-TRN-1: finishing with no move is fine, and each move carries exactly one cube
    from one building to another."""
    state = game()
    empty_town(state, 0, wood=3)
    sc.add_trail(state, 0, (0, 1), "NS")
    sc.add_building(state, 0, "Sawmill", (0, 2))
    hold(state, 1)
    sc.goto_transport(state, 0, round=1)
    assert "done" in legal(state)
    idle = state.clone()
    idle.apply("done")
    assert sc.cubes_at(idle, 0, FOREST) == {"wood": 3}
    assert sc.cubes_at(idle, 0, (0, 2)) == {}
    assert idle.current_player == 1
    state.apply("move wood 0,0>0,2")
    assert sc.cubes_at(state, 0, FOREST) == {"wood": 2}
    assert sc.cubes_at(state, 0, (0, 2)) == {"wood": 1}
    state.apply("done")
    assert state.current_player == 1


def test_wood_moves_along_a_trail_once_per_free_slot_FF_EX_5_FF_TRN_2_FF_TRN_4():
    # Checks FF-TRN-2, FF-TRN-4.
    """FF-EX-5: Forest[3 wood], NS trail, empty Kiln (3 slots): the move is legal once per free
    Kiln slot and all 3 wood arrive (then processing turns them into coal)."""
    state = game()
    empty_town(state, 0, wood=3)
    sc.add_trail(state, 0, (0, 1), "NS")
    sc.add_building(state, 0, "Charcoal Kiln", (0, 2), tier="A")
    hold(state, 1)
    sc.goto_transport(state, 0, round=1)
    assert find_tile("Charcoal Kiln", "A").slots == 3
    for n in (1, 2):
        assert "move wood 0,0>0,2" in legal(state)
        state.apply("move wood 0,0>0,2")
        assert sc.cubes_at(state, 0, (0, 2)) == {"wood": n}
    assert "move wood 0,0>0,2" in legal(state)
    state.apply("move wood 0,0>0,2")
    assert sc.cubes_at(state, 0, FOREST) == {}
    assert sc.cubes_at(state, 0, (0, 2)) == {"wood": 3}
    assert moves(state) == {"move wood 0,2>0,0"}  # only back onto the Forest (FF-EFX-5)
    state.apply("done")
    assert sc.cubes_at(state, 0, (0, 2)) == {"coal": 3}  # processing ran (FF-EFX-29)


def test_moves_limited_by_free_slots_FF_EX_5_FF_TRN_4():
    """FF-EX-5 / FF-TRN-4: with Forest[5 wood] only 3 wood fit on the Kiln; the 4th is refused."""
    state = game()
    empty_town(state, 0, wood=5)
    sc.add_trail(state, 0, (0, 1), "NS")
    sc.add_building(state, 0, "Charcoal Kiln", (0, 2), tier="A", wood=2)
    sc.add_building(state, 0, "Sawmill", (-1, 1), wood=4)  # full, joined only to keep moves alive
    sc.add_trail(state, 0, (-1, 0), "NE")
    hold(state, 1)
    sc.goto_transport(state, 0, round=1)
    state.apply("move wood 0,0>0,2")
    assert sc.cubes_at(state, 0, (0, 2)) == {"wood": 3}
    assert "move wood 0,0>0,2" not in legal(state)
    assert_illegal(state, "move wood 0,0>0,2")


def test_long_trail_paths_FF_TRN_2():
    """Checks FF-TRN-2: a path may be any length, round corners and through T-junctions."""
    state = game()
    empty_town(state, 0, wood=2)
    path = [((0, 1), "ES"), ((1, 1), "EW"), ((2, 1), "NSW"), ((2, 2), "NS"), ((2, 3), "NS"),
            ((2, 4), "NS"), ((2, 5), "SW"), ((1, 5), "EW")]
    for at, shape in path:
        sc.add_trail(state, 0, at, shape)
    sc.add_building(state, 0, "Sawmill", (0, 5))
    sc.add_building(state, 0, "Charcoal Kiln", (2, 0), tier="A")  # below the T at (2,1)
    hold(state, 1)
    sc.goto_transport(state, 0, round=1)
    assert moves(state) == {"move wood 0,0>0,5", "move wood 0,0>2,0"}
    state.apply("move wood 0,0>0,5")
    assert sc.cubes_at(state, 0, (0, 5)) == {"wood": 1}


def test_adjacent_buildings_without_trails_are_not_connected_FF_TRN_3():
    """Checks FF-TRN-3 (edge case 8, FF-EX-6 step 1): the Forest and Mine, and any two merely
    adjacent buildings, cannot exchange cubes; stone cannot leave the Mine through the Forest."""
    state = game(expert={1})
    for seat in (0, 1):
        empty_town(state, seat, wood=2, stone=3)
        sc.add_trail(state, seat, (0, 1), "NS")
        sc.add_building(state, seat, "Foundry", (0, 2))
        sc.add_building(state, seat, "Charcoal Kiln", (-1, 0), tier="A")  # touches the Forest
        sc.add_building(state, seat, "Stonecutter's Yard", (2, 0))  # touches the Mine
    sc.goto_transport(state, 0, round=1)
    assert moves(state) == set()
    assert legal(state) == {"done"}
    assert_illegal(state, "move stone 1,0>0,2")
    assert_illegal(state, "move wood 0,0>-1,0")
    assert_illegal(state, "move stone 1,0>2,0")
    # Trails round the starting tile join the Mine to the Forest's network (FF-EX-6 step 3) ...
    for seat in (0, 1):
        sc.add_trail(state, seat, (0, -1), "NE")
        sc.add_trail(state, seat, (1, -1), "NW")
    sc.goto_transport(state, 0, round=1)
    assert moves(state) == {"move stone 1,0>0,2"}
    # ... but an expert seat still cannot carry stone across the Forest (FF-EX-6 step 4).
    sc.goto_transport(state, 1, round=1)
    assert moves(state) == set()


def test_destination_must_accept_and_have_room_FF_TRN_4():
    """Checks FF-TRN-4: a full destination, or one that does not take the type, is refused."""
    state = game()
    empty_town(state, 0, wood=5)  # full, so nothing can come back onto it
    sc.add_trail(state, 0, (0, 1), "NSW")
    sc.add_building(state, 0, "Brewery", (0, 2))  # wheat only
    sc.add_building(state, 0, "Granary", (-1, 1), wheat=3)
    sc.add_trail(state, 0, (0, 3), "NS")
    sc.add_building(state, 0, "Sawmill", (0, 4), wood=4)  # full
    hold(state, 1)
    sc.goto_transport(state, 0, round=1)
    assert moves(state) == {"move wheat -1,1>0,2"}
    assert_illegal(state, "move wood 0,0>0,2")
    assert_illegal(state, "move wood 0,0>0,4")
    assert_illegal(state, "move wheat -1,1>0,4")


@pytest.mark.parametrize(
    "dest, accepted",
    [
        ("Brewery", {"wheat"}),
        ("Foundry", {"stone", "coal"}),
        ("Marketplace", set(ALL_GOODS)),
    ],
)
def test_which_goods_a_destination_accepts_FF_EX_7_FF_EFX_4(dest, accepted):
    """FF-EX-7 (FF-EFX-4, FF-TRN-4): Brewery takes only wheat, Foundry stone and coal, and the
    Marketplace all five types."""
    state = game()
    empty_town(state, 0)
    sc.add_building(state, 0, "Museum", (0, 2), wood=1, stone=1, wheat=1, coal=1, sheep=1)
    sc.add_trail(state, 0, (0, 3), "NS")
    sc.add_building(state, 0, dest, (0, 4))
    hold(state, 1)
    sc.goto_transport(state, 0, round=1)
    assert moves(state) == {f"move {g} 0,2>0,4" for g in accepted}
    for g in set(ALL_GOODS) - accepted:
        assert_illegal(state, f"move {g} 0,2>0,4")


def _shown_goods(kind) -> int:
    """Goods types a tile shows anywhere in its effects (FF-EFX-4), as a bit mask."""
    mask = 0
    for eff in kind.effects:
        if eff.kind in ("convert_distinct", "distinct_types_held", "haul", "gain_one_type"):
            return 0b11111  # "different types" and "any type" tiles
        if eff.kind in ("score_held", "breed"):
            mask |= 0b11111 if eff.held < 0 else 1 << eff.held
        for g in range(5):
            if eff.goods[g] or eff.inputs[g]:
                mask |= 1 << g
    return mask


@pytest.mark.parametrize("kind", TILES, ids=[f"{t.tier}:{t.name}" for t in TILES])
def test_every_tile_accepts_exactly_the_goods_it_shows_FF_EFX_4(kind):
    """Checks FF-EFX-4 for every tile: a tile with slots accepts each type shown in its effects
    (input, output or counted; all five for 'any'/'different types'); a 0-slot tile nothing."""
    expected = _shown_goods(kind) if kind.slots else 0
    assert kind.accepts == expected


def test_every_effect_has_exactly_one_timing_FF_EFX_1():
    """Checks FF-EFX-1: each effect of every tile has one timing out of the six."""
    assert set(TIMINGS) == {"immediate", "production", "construction", "transport", "processing", "end"}
    for kind in TILES:
        assert kind.effects
        for eff in kind.effects:
            assert eff.when in TIMINGS


def test_tiles_with_no_slots_accept_nothing_FF_EFX_4():
    """Checks FF-EFX-4: a 0-slot tile (Fountain) is never a destination, though it can be crossed."""
    state = game()
    empty_town(state, 0, wood=2)
    sc.add_trail(state, 0, (0, 1), "NS")
    sc.add_building(state, 0, "Fountain", (0, 2))
    sc.add_trail(state, 0, (0, 3), "NS")
    sc.add_building(state, 0, "Sawmill", (0, 4))
    hold(state, 1)
    sc.goto_transport(state, 0, round=1)
    assert moves(state) == {"move wood 0,0>0,4"}
    assert_illegal(state, "move wood 0,0>0,2")


def test_producers_accept_their_own_output_FF_EFX_5():
    """Checks FF-EFX-5: wood may be moved onto the Forest and stone onto the Mine; the Forest
    still refuses coal."""
    state = game()
    empty_town(state, 0, wood=3, stone=1)
    sc.add_trail(state, 0, (0, 1), "NS")
    sc.add_building(state, 0, "Charcoal Kiln", (0, 2), tier="A", wood=1, coal=1)
    sc.add_trail(state, 0, (1, 1), "NS")
    sc.add_building(state, 0, "Quarry", (1, 2), stone=2)
    hold(state, 1)
    sc.goto_transport(state, 0, round=1)
    assert "move wood 0,2>0,0" in legal(state)
    assert "move stone 1,2>1,0" in legal(state)
    assert_illegal(state, "move coal 0,2>0,0")
    sc.play(state, "move wood 0,2>0,0", "move stone 1,2>1,0")
    assert sc.cubes_at(state, 0, FOREST) == {"wood": 4}
    assert sc.cubes_at(state, 0, MINE) == {"stone": 2}


def _crossing_town(state, seat: int, middle: str, **cubes: int) -> None:
    """Forest[5 wood, full] – NS – ``middle`` – NS – empty Kiln."""
    empty_town(state, seat, wood=5)
    sc.add_trail(state, seat, (0, 1), "NS")
    sc.add_building(state, seat, middle, (0, 2), **cubes)
    sc.add_trail(state, seat, (0, 3), "NS")
    sc.add_building(state, seat, "Charcoal Kiln", (0, 4), tier="A")


@pytest.mark.parametrize(
    "middle, cubes, expert_ok",
    [("Sawmill", {"wood": 4}, True), ("Brewery", {"wheat": 4}, False)],
)
def test_full_buildings_can_be_crossed_FF_TRN_5_FF_TRN_6_FF_TRN_7(middle, cubes, expert_ok):
    # Checks FF-TRN-5, FF-TRN-6, FF-TRN-7.
    """Edge case 5: wood from a full Forest crosses a full building to reach a Kiln. Standard
    seats cross any building; an expert seat (same game) only one that shows wood, full or not."""
    state = game(expert={1})
    for seat in (0, 1):
        _crossing_town(state, seat, middle, **cubes)
    assert find_tile(middle).slots == 4
    sc.goto_transport(state, 0, round=1)
    assert "move wood 0,0>0,4" in legal(state)
    sc.goto_transport(state, 1, round=1)
    assert ("move wood 0,0>0,4" in legal(state)) is expert_ok
    if not expert_ok:
        assert_illegal(state, "move wood 0,0>0,4")


def _ex10_town(state, seat: int) -> None:
    empty_town(state, seat)
    sc.add_trail(state, seat, (-1, 0), "EW")
    sc.add_building(state, seat, "Allotment", (-2, 0), wheat=1)
    sc.add_trail(state, seat, (0, 1), "NS")
    sc.add_building(state, seat, "Bakery", (0, 2))


@pytest.mark.parametrize("round_", [2, 4])
def test_expert_wheat_cannot_cross_the_forest_FF_EX_10_FF_TRN_6_FF_TRN_7(round_):
    """FF-EX-10 (FF-TRN-5, FF-TRN-6, FF-TRN-7, FF-FIN-4): wheat may cross the Forest for the
    standard seat 0 but not for the expert seat 1 of the same game, in transport and in round 4's
    stage alike."""
    state = game(expert={1})
    _ex10_town(state, 0)
    _ex10_town(state, 1)
    sc.goto_transport(state, 0, round=round_)
    assert moves(state) == {"move wheat -2,0>0,2"}
    sc.goto_transport(state, 1, round=round_)
    assert moves(state) == set()
    assert_illegal(state, "move wheat -2,0>0,2")


def test_two_full_tiles_swap_through_a_third_FF_TRN_8():
    """Edge case 20 (FF-TRN-8): X[3 wood] and Y[3 coal] are full Kilns joined to Z[2 coal]; the
    moves wood X→Z, coal Y→X, wood Z→Y are each legal, so a cube moves twice."""
    state = game()
    empty_town(state, 0)
    x, y, z = (-1, 2), (0, 1), (1, 2)
    sc.add_trail(state, 0, (0, 2), "ESW")
    sc.add_building(state, 0, "Charcoal Kiln", x, tier="A", wood=3)
    sc.add_building(state, 0, "Charcoal Kiln", y, tier="B", coal=3)
    sc.add_building(state, 0, "Swidden", z, coal=3)  # 4 slots: one free; takes wood and coal
    hold(state, 1)
    sc.goto_transport(state, 0, round=1)
    assert "move coal 0,1>-1,2" not in legal(state)  # X is full
    state.apply("move wood -1,2>1,2")
    assert "move coal 0,1>-1,2" in legal(state)
    state.apply("move coal 0,1>-1,2")
    assert "move wood 1,2>0,1" in legal(state)
    state.apply("move wood 1,2>0,1")
    assert sc.cubes_at(state, 0, x) == {"wood": 2, "coal": 1}
    assert sc.cubes_at(state, 0, y) == {"wood": 1, "coal": 2}
    assert sc.cubes_at(state, 0, z) == {"coal": 3}
    assert total_cubes(state, 0) == 9


def test_moves_conserve_cubes_and_only_reach_buildings_FF_TRN_9():
    """Checks FF-TRN-9: every offered move ends on a building (never a trail), and moving never
    creates or destroys a cube; trails hold none."""
    state = game()
    kuly(state, 0, forest=3, kiln={"coal": 2}, butcher={"sheep": 2}, lamb={"sheep": 1})
    hold(state, 1)
    sc.goto_transport(state, 0, round=1)
    start = total_cubes(state, 0)
    for _ in range(6):
        offered = moves(state)
        assert offered
        for m in offered:
            dst = m.split(">")[1]
            x, y = (int(v) for v in dst.split(","))
            assert sc.tile_at(state, 0, (x, y)) not in (None, "trail")
        state.apply(sorted(offered)[0])
        assert total_cubes(state, 0) == start
    for trail in state.observation(0)["towns"][0]["trails"]:
        assert set(trail) == {"cell", "shape"}


def test_kulys_transport_and_processing_FF_EX_8():
    """FF-EX-8 (FF-TRN-1, FF-TRN-2, FF-TRN-4, FF-TRN-8, FF-PRC-1, FF-PRC-2, FF-PRC-3, FF-PRC-4,
    FF-EFX-27, FF-EFX-29, FF-EFX-33): the Kuly layout gains exactly 14 and ends Forest[0],
    Kiln[3 coal], Butcher[0], Lambing Shed[0], Ranch[1 sheep]."""
    state = game()
    kuly(state, 0, forest=3, kiln={"coal": 2}, butcher={"sheep": 2}, lamb={"sheep": 1})
    hold(state, 1)
    state.points[0] = 20
    sc.goto_transport(state, 0, round=2)
    assert find_tile("Butcher").slots == 4 and find_tile("Ranch").slots == 8
    # Extra: the two trail networks are not joined, so no sheep reach the Butcher.
    assert "move sheep 1,2>0,4" not in legal(state)
    assert_illegal(state, "move sheep 1,2>0,4")
    # Extra: B before A fits only 1 wood on the Kiln (3 slots, 2 coal).
    b_first = state.clone()
    b_first.apply("move wood 0,0>0,2")
    assert "move wood 0,0>0,2" not in legal(b_first)
    assert sc.cubes_at(b_first, 0, FOREST) == {"wood": 2}
    # A. 2 coal Kiln → Butcher: the Butcher is full at 4/4.
    sc.play(state, "move coal 0,2>0,4", "move coal 0,2>0,4")
    assert sc.cubes_at(state, 0, (0, 4)) == {"coal": 2, "sheep": 2}
    # B. 3 wood Forest → Kiln (slots freed by A are refilled, FF-TRN-8).
    sc.play(state, *["move wood 0,0>0,2"] * 3)
    assert sc.cubes_at(state, 0, (0, 2)) == {"wood": 3}
    # C. 1 sheep Lambing Shed → Ranch.
    state.apply("move sheep 1,2>1,4")
    assert "done" in legal(state)
    state.apply("done")
    assert state.current_player == 1
    assert state.scores()[0] == 20 + 14
    assert sc.cubes_at(state, 0, FOREST) == {}
    assert sc.cubes_at(state, 0, (0, 2)) == {"coal": 3}
    assert sc.cubes_at(state, 0, (0, 4)) == {}
    assert sc.cubes_at(state, 0, (1, 2)) == {}
    assert sc.cubes_at(state, 0, (1, 4)) == {"sheep": 1}


def test_hauler_hut_comes_before_any_move_FF_TRN_10_FF_EFX_21_FF_EFX_22():
    """Checks FF-TRN-10, FF-EFX-21 and FF-EFX-22: the Hut's pull is offered first (no move yet),
    takes up to 4 cubes of any type from any building (trails and the accept rule ignored), and
    is not offered again that phase; next round it is offered again."""
    state = game()
    empty_town(state, 0, wood=5, stone=3)
    sc.add_building(state, 0, "Allotment", (5, 5), wheat=1)
    sc.add_building(state, 0, "Hauler's Hut", (3, 3))
    sc.add_trail(state, 0, (0, 1), "NS")
    sc.add_building(state, 0, "Charcoal Kiln", (0, 2), tier="A")
    hold(state, 1)
    sc.goto_transport(state, 0, round=1)
    assert legal(state) == {"haul wood 0,0", "haul stone 1,0", "haul wheat 5,5", "done"}
    sc.play(state, "haul wheat 5,5", "haul stone 1,0", "haul wood 0,0", "haul wood 0,0")
    assert sc.cubes_at(state, 0, (3, 3)) == {"wood": 2, "stone": 1, "wheat": 1}
    assert sc.cubes_at(state, 0, FOREST) == {"wood": 3}
    assert sc.cubes_at(state, 0, MINE) == {"stone": 2}
    assert sc.cubes_at(state, 0, (5, 5)) == {}
    # The Hut is full: the effect is over and normal transport follows.
    assert hauls(state) == set()
    assert "move wood 0,0>0,2" in legal(state)
    state.apply("move wood 0,0>0,2")
    assert hauls(state) == set()
    state.apply("done")
    sc.set_cubes(state, 0, (3, 3), wheat=1)  # make room on the Hut again
    sc.goto_transport(state, 0, round=2)
    assert hauls(state) == {"haul wood 0,0", "haul stone 1,0", "haul coal 0,2"}


def test_hauler_hut_offered_when_transport_starts_in_play_FF_TRN_10_FF_EFX_21():
    """Checks FF-TRN-10 and FF-EFX-21 through normal play: once construction ends, seat 0's
    transportation opens with the Hut's pull (no move is offered before it)."""
    state = game()
    sc.add_building(state, 0, "Hauler's Hut", (3, 3))
    sc.goto_construction(state, 0, round=1)
    sc.play(state, "pass", "pass")
    assert state.observation(0)["phase"] == "transportation"
    assert state.current_player == 0
    assert legal(state) == {"haul wood 0,0", "haul stone 1,0", "done"}


def test_hauler_hut_is_optional_and_partial_FF_EFX_23():
    """Checks FF-EFX-23: hauling may stop after 1 cube, never exceeds the Hut's free slots, and
    the Hut takes any type as a normal transport destination."""
    state = game()
    empty_town(state, 0, wood=5, stone=3)
    sc.add_trail(state, 0, (0, 1), "NSW")
    sc.add_building(state, 0, "Hauler's Hut", (0, 2), sheep=2)
    sc.add_building(state, 0, "Allotment", (-1, 1), wheat=1)
    hold(state, 1)
    sc.goto_transport(state, 0, round=1)
    declined = state.clone()
    declined.apply("done")
    assert hauls(declined) == set()
    assert sc.cubes_at(declined, 0, (0, 2)) == {"sheep": 2}
    state.apply("haul wood 0,0")
    assert "haul stone 1,0" in legal(state)
    state.apply("done")
    assert hauls(state) == set()
    assert sc.cubes_at(state, 0, (0, 2)) == {"sheep": 2, "wood": 1}
    # The hauled wood may leave by normal transport; the Hut takes wheat like any type.
    assert moves(state) == {"move wood 0,0>0,2", "move wheat -1,1>0,2", "move wood 0,2>0,0"}
    state.apply("move wheat -1,1>0,2")
    assert sc.cubes_at(state, 0, (0, 2)) == {"sheep": 2, "wood": 1, "wheat": 1}
    # A Hut with only 1 free slot takes 1 cube and the effect ends by itself.
    full = game()
    empty_town(full, 0, wood=5)
    sc.add_building(full, 0, "Hauler's Hut", (3, 3), coal=3)
    hold(full, 1)
    sc.goto_transport(full, 0, round=1)
    full.apply("haul wood 0,0")
    assert sc.cubes_at(full, 0, (3, 3)) == {"wood": 1, "coal": 3}
    assert hauls(full) == set()


def test_porters_lodge_moves_three_cubes_ignoring_trails_FF_EFX_24():
    """Checks FF-EFX-24: the Lodge moves up to 3 cubes between unconnected buildings, only to
    ones that accept the type and have room."""
    state = game()
    empty_town(state, 0, wood=5, stone=3)
    sc.add_building(state, 0, "Porter's Lodge", (3, 3))
    sc.add_building(state, 0, "Charcoal Kiln", (5, 5), tier="A")
    sc.add_building(state, 0, "Foundry", (6, 6))
    sc.add_building(state, 0, "Brewery", (-3, 3))
    hold(state, 1)
    sc.goto_transport(state, 0, round=1)
    assert legal(state) == {"move wood 0,0>5,5", "move stone 1,0>6,6", "done"}
    assert_illegal(state, "move wood 0,0>-3,3")
    sc.play(state, "move wood 0,0>5,5", "move stone 1,0>6,6")
    assert "move wood 0,0>5,5" in legal(state)
    state.apply("move wood 0,0>5,5")
    # Three moves used: no trail joins anything, so the phase ends and processing runs.
    assert state.current_player == 1
    assert sc.cubes_at(state, 0, FOREST) == {"wood": 3}
    assert sc.cubes_at(state, 0, MINE) == {"stone": 2}
    assert sc.cubes_at(state, 0, (5, 5)) == {"coal": 2}
    assert sc.cubes_at(state, 0, (6, 6)) == {"stone": 1}


@pytest.mark.parametrize("first", ["hut", "lodge"])
def test_several_transport_start_tiles_one_at_a_time_FF_EFX_26(first):
    """Checks FF-EFX-26: with a Hut and a Porter's Lodge the player picks which resolves first;
    while one is in use the other is not offered, and it comes after 'done'."""
    state = game()
    empty_town(state, 0, wood=5)
    sc.add_building(state, 0, "Hauler's Hut", (3, 3))
    sc.add_building(state, 0, "Porter's Lodge", (4, 4))
    sc.add_building(state, 0, "Sawmill", (5, 5))
    hold(state, 1)
    sc.goto_transport(state, 0, round=1)
    assert legal(state) == {"haul wood 0,0", "move wood 0,0>5,5", "move wood 0,0>3,3", "done"}
    if first == "hut":
        state.apply("haul wood 0,0")
        assert legal(state) == {"haul wood 0,0", "done"}
        state.apply("done")
        assert "move wood 0,0>5,5" in legal(state)
        assert hauls(state) == set()
    else:
        state.apply("move wood 0,0>5,5")
        assert legal(state) == {
            "move wood 0,0>5,5", "move wood 0,0>3,3", "move wood 5,5>3,3", "move wood 5,5>0,0", "done"
        }
        state.apply("done")
        assert legal(state) == {"haul wood 0,0", "haul wood 5,5", "done"}


def _wagon_town(state, seat: int) -> None:
    empty_town(state, seat, wood=2)
    sc.add_building(state, seat, "Wagon Shed", (0, 1))
    sc.add_building(state, seat, "Allotment", (-1, 1), wheat=1)
    sc.add_building(state, seat, "Bakery", (1, 1))
    sc.add_trail(state, seat, (0, 2), "NS")
    sc.add_building(state, seat, "Charcoal Kiln", (0, 3), tier="A")


def test_wagon_shed_joins_adjacent_buildings_FF_EFX_25():
    """Checks FF-EFX-25: the Wagon Shed joins every orthogonal neighbour and trails opening on
    it, holds no cubes, and lets every type through for an expert seat too."""
    state = game(expert={1})
    _wagon_town(state, 0)
    _wagon_town(state, 1)
    expected = {"move wheat -1,1>1,1", "move wood 0,0>0,3"}
    sc.goto_transport(state, 0, round=1)
    assert moves(state) == expected
    assert not any(m.endswith(">0,1") for m in legal(state))
    sc.goto_transport(state, 1, round=1)
    assert moves(state) == expected


# ============================================================================= transport cap
def _shuttle(state, seat: int) -> None:
    empty_town(state, seat, wood=4)
    sc.add_trail(state, seat, (0, 1), "NS")
    sc.add_building(state, seat, "Charcoal Kiln", (0, 2), tier="A")


def test_default_move_cap_is_200_and_ends_the_phase_FF_TRN_11():
    """Checks FF-TRN-11: shuttling a cube back and forth is legal, 'done' is always offered, and
    after the default 200 moves the phase ends by itself."""
    state = game()
    _shuttle(state, 0)
    hold(state, 1)
    sc.goto_transport(state, 0, round=1)
    assert state.observation(0)["moves_left"] == 200
    for i in range(200):
        assert state.current_player == 0
        assert "done" in legal(state)
        state.apply("move wood 0,0>0,2" if i % 2 == 0 else "move wood 0,2>0,0")
    assert state.current_player == 1
    assert sc.cubes_at(state, 0, FOREST) == {"wood": 4}


def test_move_cap_option_FF_TRN_11():
    """Checks FF-TRN-11: option move_cap=3 stops seat 0 after 3 moves, though moves remain."""
    state = game(move_cap=3)
    _shuttle(state, 0)
    hold(state, 1)
    sc.goto_transport(state, 0, round=1)
    assert state.observation(0)["moves_left"] == 3
    sc.play(state, "move wood 0,0>0,2", "move wood 0,0>0,2")
    assert state.observation(0)["moves_left"] == 1
    state.apply("move wood 0,0>0,2")
    assert state.current_player == 1
    assert sc.cubes_at(state, 0, (0, 2)) == {"coal": 3}
    assert sc.cubes_at(state, 0, FOREST) == {"wood": 1}


# ============================================================================= processing
def test_bakery_converts_FF_EX_1_FF_PRC_1_FF_EFX_27_FF_EFX_2():
    # Checks FF-PRC-1, FF-EFX-27, FF-EFX-2.
    """FF-EX-1: a Bakery[1 wheat + 1 coal] processes for +6 and ends empty."""
    points, cubes = processed("Bakery", wheat=1, coal=1)
    assert points == 6
    assert cubes == {}


def test_processing_repeats_while_inputs_last_FF_PRC_1():
    """Checks FF-PRC-1: Baths[5 coal] converts twice (+10) and keeps the odd coal."""
    assert processed("Baths", coal=5) == (10, {"coal": 1})


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


def test_conversion_output_beyond_slots_is_lost_FF_PRC_3_FF_EFX_3():
    """Edge case 6 (FF-PRC-3, FF-EFX-3, FF-CON-12): a test-only 2-slot tile turning 1 wood into
    2 coal, holding 2 wood, ends with exactly 2 coal; an oversized gain keeps only what fits."""
    forge = TileKind(
        id=10_000, name="Test Forge", tier="A", advanced=False, copies=1, cost=(0, 0, 0, 0, 0),
        slots=2, accepts=0b01001,
        effects=(Effect(when="processing", kind="convert", inputs=(1, 0, 0, 0, 0), goods=(0, 0, 0, 2, 0)),),
        help="test only",
    )
    cubes = [9, 9, 9, 9, 9, 2, 0, 0, 0, 0]  # building 0 is a bystander, the forge is building 1
    points = fx.process(forge, cubes, 5)
    assert points == 0
    assert cubes == [9, 9, 9, 9, 9, 0, 0, 0, 2, 0]
    assert fx.can_process(forge, cubes, 5) is False
    # An immediate or produced gain larger than the free slots keeps only what fits.
    gained = [0, 0, 0, 1, 0]
    assert fx.place_goods(gained, 0, 2, (0, 0, 0, 3, 0)) is None
    assert gained == [0, 0, 0, 2, 0]


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


# ============================================================================= final round
def test_round_4_has_production_and_construction_FF_FIN_1():
    """Checks FF-FIN-1: round 4 starts with production and then a construction phase."""
    state = game()
    empty_town(state, 0, wood=1)
    sc.add_building(state, 0, "Granary", (3, 3))
    sc.start_round(state, 4)
    assert state.round == 4
    assert state.observation(0)["phase"] == "construction"
    assert sc.cubes_at(state, 0, FOREST) == {"wood": 5}
    assert sc.cubes_at(state, 0, (3, 3)) == {"wheat": 2}


def test_round_4_chain_FF_EX_15_FF_FIN_2_FF_FIN_3_FF_FIN_4_FF_FIN_6():
    """FF-EX-15: Kuly layout in round 4 with Kiln[3 wood] and Butcher[2 sheep]: process, move 2
    coal to the Butcher, declare done: +14 and the Kiln keeps 1 coal. Checks FF-FIN-2 (moves and
    processing steps in any order), FF-FIN-3, FF-FIN-4, FF-FIN-6 and FF-FIN-7."""
    state = game()
    kuly(state, 0, kiln={"wood": 3}, butcher={"sheep": 2})
    hold(state, 1)
    sc.goto_transport(state, 0, round=4)
    assert state.observation(0)["phase"] == "final stage"
    assert "process" in legal(state)
    state.apply("process")
    assert sc.cubes_at(state, 0, (0, 2)) == {"coal": 3}
    assert state.scores()[0] == 0
    assert "process" not in legal(state)  # FF-FIN-7: nothing can convert now
    sc.play(state, "move coal 0,2>0,4", "move coal 0,2>0,4")
    assert "process" in legal(state)
    state.apply("done")
    assert state.current_player == 1
    assert state.scores()[0] == 14
    assert sc.cubes_at(state, 0, (0, 2)) == {"coal": 1}
    assert sc.cubes_at(state, 0, (0, 4)) == {}


def test_processing_step_runs_every_tile_FF_FIN_3():
    """Checks FF-FIN-3: one processing step converts on every tile that can."""
    state = game()
    empty_town(state, 0)
    sc.add_building(state, 0, "Charcoal Kiln", (3, 3), tier="A", wood=2)
    sc.add_building(state, 0, "Brewery", (5, 5), wheat=4)
    sc.add_building(state, 0, "Sawmill", (7, 7), wood=1)
    sc.add_trail(state, 0, (0, 1), "NS")  # keep a move open so the stage waits
    sc.add_building(state, 0, "Timberland", (0, 2), wood=1)
    sc.set_cubes(state, 0, FOREST, wood=1)
    hold(state, 1)
    sc.goto_transport(state, 0, round=4)
    state.apply("process")
    assert state.current_player == 0
    assert state.scores()[0] == 10
    assert sc.cubes_at(state, 0, (3, 3)) == {"coal": 2}
    assert sc.cubes_at(state, 0, (5, 5)) == {}
    assert sc.cubes_at(state, 0, (7, 7)) == {"wood": 1}


def test_transport_start_effect_fires_once_in_round_4_FF_FIN_5():
    """Edge case 10 (FF-FIN-5, FF-FIN-6, FF-EFX-21): the Hut's pull is offered only when the
    combined stage opens (before any move or processing step), never after a processing step,
    and declaring done runs the final processing."""
    state = game()
    empty_town(state, 0, wood=2)
    sc.add_trail(state, 0, (0, 1), "NS")
    sc.add_building(state, 0, "Charcoal Kiln", (0, 2), tier="A", wood=1)
    sc.add_building(state, 0, "Hauler's Hut", (3, 3))
    hold(state, 1)
    sc.goto_transport(state, 0, round=4)
    assert legal(state) == {"haul wood 0,0", "haul wood 0,2", "done"}
    state.apply("haul wood 0,0")
    state.apply("done")
    assert hauls(state) == set()
    assert {"process", "move wood 0,0>0,2", "done"} <= legal(state)
    state.apply("process")
    assert sc.cubes_at(state, 0, (0, 2)) == {"coal": 1}
    assert hauls(state) == set()
    state.apply("move wood 0,0>0,2")
    assert hauls(state) == set()
    state.apply("done")
    assert state.current_player == 1
    assert sc.cubes_at(state, 0, (0, 2)) == {"coal": 2}
    assert sc.cubes_at(state, 0, (3, 3)) == {"wood": 1}
    assert sc.cubes_at(state, 0, FOREST) == {}


def test_done_runs_a_final_processing_FF_FIN_6():
    """Checks FF-FIN-6: declaring done with a conversion still possible runs it automatically."""
    state = game()
    empty_town(state, 0)
    sc.add_building(state, 0, "Brewery", (3, 3), wheat=3)
    hold(state, 1)
    sc.goto_transport(state, 0, round=4)
    assert legal(state) == {"process", "done"}
    state.apply("done")
    assert state.scores()[0] == 5
    assert sc.cubes_at(state, 0, (3, 3)) == {"wheat": 1}


def test_process_offered_only_when_possible_and_cap_covers_stage_FF_FIN_7():
    """Checks FF-FIN-7 (with FF-TRN-11): 'process' appears only when a conversion can run, and
    processing steps do not reset the move cap of the whole combined stage."""
    state = game(move_cap=2)
    _shuttle(state, 0)
    hold(state, 1)
    sc.goto_transport(state, 0, round=4)
    assert "process" not in legal(state)
    state.apply("move wood 0,0>0,2")
    assert "process" in legal(state)
    state.apply("process")
    assert sc.cubes_at(state, 0, (0, 2)) == {"coal": 1}
    assert "process" not in legal(state)
    state.apply("move wood 0,0>0,2")
    assert legal(state) == {"process", "done"}
    state.apply("process")
    assert state.current_player == 1  # nothing left to do: the stage ended by itself
    assert sc.cubes_at(state, 0, (0, 2)) == {"coal": 2}


def test_game_ends_when_every_seat_is_done_FF_FIN_8():
    """Checks FF-FIN-8: seat 0 declaring done does not end round 4 or touch seat 1's town; the
    game ends once seat 1 is done too."""
    state = game()
    _shuttle(state, 0)
    hold(state, 1)
    sc.goto_transport(state, 0, round=4)
    town1 = state.to_json()["state"]["towns"][1]
    sc.play(state, "move wood 0,0>0,2", "process")
    state.apply("done")
    assert not state.is_terminal
    assert state.current_player == 1
    assert state.observation(1)["phase"] == "final stage"
    assert state.to_json()["state"]["towns"][1] == town1
    state.apply("done")
    assert state.is_terminal
    assert state.observation(0)["phase"] == "game over"
    assert state.legal_actions() == []


# ============================================================================= end of game
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


def test_highest_score_wins_FF_END_3():
    """Checks FF-END-3: the higher final score wins even with more cubes left."""
    state = empty_towns_game()
    sc.add_building(state, 0, "Ranch", (3, 3), sheep=8)  # 30 points, 8 cubes
    state.points[1] = 29
    finish_in_round_4(state)
    assert state.scores() == [30, 29]
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


# ============================================================================= end-game effects
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


# ============================================================================= immediate effects
IMMEDIATE = [
    # FF-EFX-7 (rulebook)
    ("Fertile Plot", 1, {"wheat": 1, "coal": 1}),
    ("Granary", 1, {"wheat": 1}),
    ("Hot Spring", 1, {"sheep": 2}),
    ("Lambing Shed", 1, {"sheep": 2}),
    ("Sheepfold", 1, {"sheep": 2}),
    ("Bakehouse", 3, {"wheat": 1, "coal": 2}),
    ("Charred Grounds", 3, {"coal": 4}),
    ("Discount Store", 3, {"stone": 1, "wheat": 1, "coal": 1}),
    ("Forager's Camp", 3, {"wheat": 1, "coal": 1, "sheep": 1}),
    ("General Goods Store", 3, {"wood": 1, "wheat": 1, "sheep": 1}),
    ("Grazing Land", 3, {"wheat": 1, "sheep": 2}),
    # FF-EFX-10 (proposed)
    ("Paddock", 1, {"sheep": 1}),
    ("Peat Bog", 1, {"coal": 1}),
    ("Hardware Store", 3, {"wood": 1, "stone": 1, "coal": 1}),
    ("Pedlar's Cart", 3, {"stone": 1, "coal": 1, "sheep": 1}),
]


@pytest.mark.parametrize("name, round_, gained", IMMEDIATE, ids=[i[0] for i in IMMEDIATE])
def test_immediate_goods_FF_EFX_7_FF_EFX_10_FF_EFX_3(name, round_, gained):
    """Checks FF-EFX-7, FF-EFX-10 and FF-EFX-3: building the tile puts exactly its immediate goods
    on the new tile itself (not the Forest or Mine), and scores nothing."""
    state = construction_turn(round_)
    cost = find_tile(name).cost
    build(state, name, (0, 1))
    assert sc.tile_at(state, 0, (0, 1)) == name
    assert sc.cubes_at(state, 0, (0, 1)) == gained
    assert sc.cubes_at(state, 0, FOREST) == ({"wood": 5 - cost[0]} if cost[0] < 5 else {})
    assert sc.cubes_at(state, 0, MINE) == ({"stone": 3 - cost[1]} if cost[1] < 3 else {})
    assert state.scores()[0] == 0
    assert state.current_player == 1


def test_fountain_and_monument_points_on_placing_FF_EFX_8_FF_EFX_10():
    """Checks FF-EFX-8 (Fountain +6 when placed) and FF-EFX-10 (Monument +10); the Fountain also
    adds 3 in the next production (FF-EFX-1, FF-EFX-13)."""
    state = construction_turn(3)
    build(state, "Fountain", (0, 1))
    assert state.scores()[0] == 6
    sc.start_round(state, 4)
    assert state.scores()[0] == 9
    state = construction_turn(3)
    build(state, "Monument", (0, 1))
    assert state.scores()[0] == 10


def test_emporium_chooses_one_type_FF_EFX_9():
    """Checks FF-EFX-9: after placing the Emporium the player names a type and gets 5 of it."""
    state = construction_turn(3)
    build(state, "Emporium", (0, 1))
    assert state.current_player == 0
    assert legal(state) == {f"choose {g}" for g in ALL_GOODS}
    assert_illegal(state, "pass")
    state.apply("choose sheep")
    assert sc.cubes_at(state, 0, (0, 1)) == {"sheep": 5}
    assert state.current_player == 1


def test_two_effects_resolve_at_their_own_times_FF_EFX_1_FF_EFX_6():
    """Checks FF-EFX-1 and FF-EFX-6: Fertile Plot's immediate coal + wheat comes once on placing,
    its sheep at each production; a Granary's immediate wheat is never repeated."""
    state = construction_turn(1)
    build(state, "Fertile Plot", (0, 1))
    assert sc.cubes_at(state, 0, (0, 1)) == {"wheat": 1, "coal": 1}
    sc.start_round(state, 2)
    assert sc.cubes_at(state, 0, (0, 1)) == {"wheat": 1, "coal": 1, "sheep": 1}
    state = construction_turn(1)
    build(state, "Granary", (0, 1))
    assert sc.cubes_at(state, 0, (0, 1)) == {"wheat": 1}
    sc.set_cubes(state, 0, (0, 1))
    sc.start_round(state, 2)
    assert sc.cubes_at(state, 0, (0, 1)) == {"wheat": 2}
    sc.set_cubes(state, 0, (0, 1))
    sc.start_round(state, 3)
    assert sc.cubes_at(state, 0, (0, 1)) == {"wheat": 2}


def test_effect_kinds_gain_and_convert_FF_EFX_2():
    """Checks FF-EFX-2: a gain adds goods or points without spending; a convert spends its inputs
    from its own tile to make the output."""
    state = produced("Granary", wheat=1)
    assert sc.cubes_at(state, 0, (3, 3)) == {"wheat": 3}
    assert processed("Swidden", wood=2, sheep=0) == (0, {"wheat": 1, "coal": 1})
    assert processed("Brewery", wheat=2) == (5, {})


# ============================================================================= construction effects
def test_lean_to_gives_one_free_trail_per_phase_FF_EFX_18_FF_EFX_19():
    """Checks FF-EFX-18 and FF-EFX-19: with a Lean-to, the first straight or curved trail of the
    phase is free and the next costs a cube; T-junctions are never free; only the owner gains
    this, and it comes back in the next construction phase."""
    state = game()
    empty_town(state, 0, wood=1)
    sc.add_building(state, 0, "Lean-to", (3, 3))
    sc.goto_construction(state, 0, round=1)
    sc.play(state, "trails")
    offered = legal(state)
    assert "trail NS 0,1" in offered
    assert not any(a.startswith("trail ") and len(a.split()[1]) == 3 for a in offered)
    state.apply("trail NS 0,1")
    assert sc.tile_at(state, 0, (0, 1)) == "trail"
    assert sc.cubes_at(state, 0, FOREST) == {"wood": 1}  # free
    state.apply("trail NS 0,2")  # the only payment (1 wood) is taken automatically
    assert sc.tile_at(state, 0, (0, 2)) == "trail"
    assert sc.cubes_at(state, 0, FOREST) == {}
    assert state.current_player == 1  # nothing left to pay with: the trail action ended
    # Next construction phase: free again, even with no cubes at all.
    sc.goto_construction(state, 0, round=2)
    assert "trails" in legal(state)
    state.apply("trails")
    state.apply("trail NS 0,3")
    assert sc.tile_at(state, 0, (0, 3)) == "trail"
    # A seat without a Lean-to and without cubes has no trail action.
    other = game()
    empty_town(other, 1)
    sc.goto_construction(other, 1, round=1)
    assert "trails" not in legal(other)


def test_lean_to_tee_still_costs_two_FF_EFX_19():
    """Checks FF-EFX-19: with 2 wood and a Lean-to a T-junction is offered but costs both."""
    state = game()
    empty_town(state, 0, wood=2)
    sc.add_building(state, 0, "Lean-to", (3, 3))
    sc.goto_construction(state, 0, round=1)
    sc.play(state, "trails", "trail NES 0,1")
    assert sc.cubes_at(state, 0, FOREST) == {}
    # The free straight is still available after the paid T.
    assert "trail NS 0,2" in legal(state)


def test_masons_lodge_wood_for_stone_FF_EFX_20():
    """Checks FF-EFX-20: with a Mason's Lodge, wood replaces up to 2 stone in total per
    construction phase; a seat without one cannot build stone costs from wood."""
    state = game()
    empty_town(state, 0, wood=5)
    sc.add_building(state, 0, "Mason's Lodge", (3, 3))
    sc.add_building(state, 0, "Timberland", (4, 3), wood=2)
    sc.goto_construction(state, 0, round=1)
    sc.set_display(state, ab=["Industrial Farm", "Coal Mine", "Allotment"], c=["Wheat Market"])
    offered = legal(state)
    assert {"build Industrial Farm", "build Coal Mine", "build Allotment"} <= offered
    assert "build Wheat Market" not in offered  # 3 stone is more than 2 substitutes
    sc.play(state, "build Industrial Farm", "place 0,1")
    pay_all(state)
    assert sc.tile_at(state, 0, (0, 1)) == "Industrial Farm"
    assert totals(state, 0)[0] == 3 and totals(state, 0)[1] == 0
    state.apply("pass")  # seat 1
    assert state.current_player == 0
    offered = legal(state)
    assert "build Allotment" in offered
    assert "build Coal Mine" not in offered  # both substitutes are used this phase
    # The next construction phase allows 2 substitutes again.
    sc.goto_construction(state, 0, round=2)
    sc.set_display(state, ab=["Coal Mine"])
    assert "build Coal Mine" in legal(state)
    # Without a Lodge, wood never pays stone.
    other = game()
    empty_town(other, 0, wood=5)
    sc.goto_construction(other, 0, round=1)
    sc.set_display(other, ab=["Industrial Farm", "Allotment"])
    assert "build Industrial Farm" not in legal(other)
    assert "build Allotment" in legal(other)
