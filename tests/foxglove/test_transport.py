"""Transportation and round 4's combined stage (``transport.py``): moves along trails to buildings
that accept the goods and have room, crossing full buildings, what an expert seat may not cross, a
cube moved twice, the start-of-transport tiles (Hauler's Hut, Porter's Lodge), the Wagon Shed, the
move cap and the reasons a stage ends by itself, and the final stage's processing steps until every
seat is done (FF-TRN, FF-FIN, FF-EFX-21 to FF-EFX-26, with FF-EX-5, FF-EX-8, FF-EX-10 and
FF-EX-15)."""

from __future__ import annotations

import pytest

from acreage.games.foxglove import scenario as sc
from acreage.games.foxglove.actions import Action
from acreage.games.foxglove.content import find_tile

from .helpers import (
    FOREST,
    MINE,
    _one_move_under_a_cap_of_one,
    assert_illegal,
    empty_town,
    game,
    hold,
    kuly,
    legal,
    moves,
    new_events,
    sorted_legal,
    total_cubes,
)


def hauls(state) -> set[str]:
    return {a for a in legal(state) if a.startswith("haul ")}


def hut_and_porter():
    """Round 3, seat 0's transportation: Forest[3 wood], Mine[2 stone], a Hauler's Hut at (3,3)
    and a Porter's Lodge at (5,5), nothing joined by trails. Seat 1 holds a move."""
    state = game()
    empty_town(state, 0, wood=3, stone=2)
    sc.add_building(state, 0, "Hauler's Hut", (3, 3))
    sc.add_building(state, 0, "Porter's Lodge", (5, 5))
    hold(state, 1)
    sc.goto_transport(state, 0, round=3)
    return state


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


def _coal_town(state, seat: int) -> None:
    """A Brewery holding 1 coal at (0,2) (placed by hand: no tile of the game makes a type it
    does not take, but a designer's tile may), an NS trail to a Foundry at (0,4); from the
    Brewery's east side an EW trail, an Allotment at (2,2) (wheat only), an EW trail and a
    Butcher at (4,2) (coal and sheep); west of the Brewery a Wagon Shed, then a Bakery (wheat
    and coal)."""
    empty_town(state, seat)
    sc.add_building(state, seat, "Brewery", (0, 2), coal=1)
    sc.add_trail(state, seat, (0, 3), "NS")
    sc.add_building(state, seat, "Foundry", (0, 4))
    sc.add_trail(state, seat, (1, 2), "EW")
    sc.add_building(state, seat, "Allotment", (2, 2))
    sc.add_trail(state, seat, (3, 2), "EW")
    sc.add_building(state, seat, "Butcher", (4, 2))
    sc.add_building(state, seat, "Wagon Shed", (-1, 2))  # joined to both its neighbours (FF-EFX-25)
    sc.add_building(state, seat, "Bakery", (-2, 2))


def test_an_expert_seat_moves_goods_out_of_a_tile_that_does_not_show_them_FF_TRN_6():
    """FF-TRN-6: only the buildings between source and destination must show the type, not
    the source: an expert seat moves the Brewery's coal to the Foundry along a trail and to the
    Bakery through the Wagon Shed (every type passes it, FF-EFX-25), but not to the Butcher
    through the Allotment, which does not show coal; a standard seat of the same game may
    cross the Allotment."""
    state = game(expert={1})
    _coal_town(state, 0)
    _coal_town(state, 1)
    sc.goto_transport(state, 0, round=1)
    assert moves(state) == {"move coal 0,2>0,4", "move coal 0,2>4,2", "move coal 0,2>-2,2"}
    sc.goto_transport(state, 1, round=1)
    assert moves(state) == {"move coal 0,2>0,4", "move coal 0,2>-2,2"}
    state.apply("move coal 0,2>0,4")
    assert sc.cubes_at(state, 1, (0, 4)) == {"coal": 1}


def _stone_only_across_the_forest(state, seat: int) -> None:
    """Stone on the Mine can reach the Foundry only through the Forest (FF-EX-6 step 3)."""
    empty_town(state, seat, stone=3)
    sc.add_trail(state, seat, (0, 1), "NS")
    sc.add_building(state, seat, "Foundry", (0, 2))
    sc.add_trail(state, seat, (0, -1), "NE")
    sc.add_trail(state, seat, (1, -1), "NW")


def test_an_expert_seat_with_no_move_of_its_own_is_not_asked_FF_TRN_6_FF_TRN_11():
    """FF-TRN-6: an expert seat cannot carry stone across the Forest, so it has no move; its
    stage then ends by itself ("stuck", FF-TRN-11) instead of asking it to say "done". The same
    town without the variant has the move and is asked."""
    for expert, asked in (({1}, False), (set(), True)):
        state = game(expert=expert)
        _stone_only_across_the_forest(state, 1)
        hold(state, 0)
        state.record_events()
        start = state.event_count
        sc.goto_transport(state, 1, round=1)
        state._advance()
        assert (state.current_player == 1) is asked
        ends = [e for e in new_events(state, start) if e["kind"] == "stage_end" and e["seat"] == 1]
        assert ends == ([] if asked else [{"kind": "stage_end", "seat": 1, "reason": "stuck"}])


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


def test_planner_macro_is_offered_at_the_start_of_transport_FF_TRN_10():
    """FF-TRN-10: the transport-start choice is the first decision of the stage, and the
    planner's macro (one plan for the whole stage) is offered there, labelled "plan", made of
    actions of this game. It is not a construction sub-step."""
    state = hut_and_porter()
    state.legal_actions()
    macros = state.macro_actions()
    assert [label for label, _ in macros] == ["plan"]
    plan = macros[0][1]
    assert plan and all(isinstance(a, Action) for a in plan)
    assert plan[0] in state.legal_actions()
    assert state.in_subdecision() is False


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


def test_hauls_and_porter_moves_are_logged_with_the_tile_that_made_them_FF_EFX_22_FF_EFX_24_FF_EFX_26():
    """FF-EFX-22/23: the Hut pulls 1 wood and 1 stone (ignoring trails), then the owner stops
    it early. FF-EFX-26: the Porter's Lodge then resolves (FF-EFX-24): 1 wood from the Forest
    to the Hut, no trail needed. Each event names the tile that moved the cube ("by"). With
    no trail anywhere no normal move exists, so the stage then ends by itself: "stuck"."""
    state = hut_and_porter()
    state.record_events()
    start = state.event_count
    assert sorted_legal(state) == ["done", "haul stone 1,0", "haul wood 0,0",
                            "move stone 1,0>3,3", "move wood 0,0>3,3"]
    sc.play(state, "haul wood 0,0", "haul stone 1,0")
    assert sorted_legal(state) == ["done", "haul stone 1,0", "haul wood 0,0"]  # the Hut goes on first
    sc.play(state, "done")
    assert sorted_legal(state) == ["done", "move stone 1,0>3,3", "move stone 3,3>1,0",
                            "move wood 0,0>3,3", "move wood 3,3>0,0"]
    sc.play(state, "move wood 0,0>3,3")
    assert sc.cubes_at(state, 0, (3, 3)) == {"wood": 2, "stone": 1}
    assert sc.cubes_at(state, 0, (0, 0)) == {"wood": 1}
    assert sc.cubes_at(state, 0, (1, 0)) == {"stone": 1}
    got = new_events(state, start)
    assert got[:3] == [
        {"kind": "haul", "seat": 0, "good": "wood", "from": "0,0", "to": "3,3", "by": "Hauler's Hut"},
        {"kind": "haul", "seat": 0, "good": "stone", "from": "1,0", "to": "3,3", "by": "Hauler's Hut"},
        {"kind": "move", "seat": 0, "good": "wood", "from": "0,0", "to": "3,3", "by": "Porter's Lodge"},
    ]
    # The Porter's Lodge had 2 uses left; declining them ends the transport start.
    mark = state.event_count
    sc.play(state, "done")
    assert new_events(state, mark)[0] == {"kind": "stage_end", "seat": 0, "reason": "stuck"}
    assert state.current_player == 1


def test_a_hut_used_up_hands_over_to_the_porters_lodge_FF_EFX_22_FF_EFX_26():
    """FF-EFX-22: the Hut pulls until its uses are spent; FF-EFX-26: the next start-of-transport
    effect (the Porter's Lodge) then resolves at once, without a "done" in between."""
    state = hut_and_porter()
    sc.play(state, "haul wood 0,0", "haul stone 1,0", "haul wood 0,0", "haul stone 1,0")  # 4 uses
    assert sc.cubes_at(state, 0, (3, 3)) == {"wood": 2, "stone": 2}  # the Hut is full
    # The Lodge's moves at once: only out of the full Hut, to the Forest and Mine with room.
    assert sorted_legal(state) == ["done", "move stone 3,3>1,0", "move wood 3,3>0,0"]
    assert state.frames[-1].active == -1  # no effect is half-used: the Lodge has not begun


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


def test_reaching_the_move_cap_mid_stage_ends_it_with_reason_cap_FF_TRN_11():
    """FF-TRN-11: with move cap 1, after one move (1 wood Forest → Kiln along the NS trail)
    the second wood could still move, so the stage ends for the cap. Then the Kiln processes
    its wood (FF-PRC-1)."""
    state, start = _one_move_under_a_cap_of_one()
    got = new_events(state, start)
    assert got[:3] == [
        {"kind": "move", "seat": 0, "good": "wood", "from": "0,0", "to": "0,2"},
        {"kind": "stage_end", "seat": 0, "reason": "cap"},
        {"kind": "process", "seat": 0, "tile": "Charcoal Kiln", "times": 1, "used": {"wood": 1},
         "made": {"coal": 1}, "points": 0, "source": "Charcoal Kiln (processing)"},
    ]
    assert state.current_player == 1


def test_spent_cap_with_nothing_left_to_move_ends_as_stuck_FF_TRN_11_FF_FIN_7():
    """FF-TRN-11 / FF-FIN-7 in round 4 (solo, move cap 1): the only wood goes Forest → Kiln
    (the cap is now spent), a processing step turns it into coal, and the coal can go nowhere
    (the Forest takes only wood). The stage ends with reason "stuck", not "cap": no move is
    possible even without the cap. The game then ends; the move count is left at 0."""
    state = game(players=1, move_cap=1)
    empty_town(state, 0, wood=1)
    sc.add_trail(state, 0, (0, 1), "NS")
    sc.add_building(state, 0, "Charcoal Kiln", (0, 2), tier="A")
    sc.goto_transport(state, 0, round=4)
    state.record_events()
    start = state.event_count
    sc.play(state, "move wood 0,0>0,2")
    assert sorted_legal(state) == ["done", "process"]
    sc.play(state, "process")
    got = new_events(state, start)
    ends = [e for e in got if e["kind"] == "stage_end"]
    assert ends == [{"kind": "stage_end", "seat": 0, "reason": "stuck"}]
    assert state.is_terminal
    assert got[-1] == {"kind": "game_over", "seat": None, "scores": [0], "ranking": [1]}
    assert state.moves_left == 0


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


def test_processing_is_offered_only_when_a_different_types_converter_can_run_FF_FIN_7():
    """FF-FIN-7 with a "different types" converter: a Market needs 3 types; holding wood and
    stone only, no processing step can run, so none is offered and, with no move either, the
    final stage ends by itself. With wheat too, "process" is offered."""
    for held, offered in (({"wood": 1, "stone": 1}, False), ({"wood": 1, "stone": 1, "wheat": 1}, True)):
        state = game()
        empty_town(state, 0)
        sc.add_building(state, 0, "Market", (3, 3))
        sc.set_cubes(state, 0, (3, 3), **held)
        hold(state, 1)
        sc.goto_transport(state, 0, round=4)
        state._advance()
        if offered:
            assert state.current_player == 0 and "process" in legal(state)
        else:
            assert state.current_player != 0 or "process" not in legal(state)


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


def _moves_from_scratch(state, seat: int, expert: bool, room: bool = True) -> list[Action]:
    """Every cube move worked out from the rules' own questions on a topology built afresh:
    each cube, each other building it can reach (FF-TRN-1..3, FF-TRN-6), showing its type
    (FF-TRN-4) and with room (FF-TRN-4), in building, type and destination order."""
    from acreage.games.foxglove.actions import MOVE
    from acreage.games.foxglove.content import TILES
    from acreage.games.foxglove.topology import Topology

    kinds, cubes, cells = state.building_tiles[seat], state.cubes[seat], state.building_cells[seat]
    topo = Topology(state.cells[seat], kinds)
    free = [TILES[t].slots - sum(cubes[5 * b:5 * b + 5]) for b, t in enumerate(kinds)]
    out = []
    for b in range(len(kinds)):
        for g in range(5):
            if not cubes[5 * b + g]:
                continue
            for d in sorted(topo.reachable(cells[b], g, expert)):
                if d != b and TILES[kinds[d]].accepts >> g & 1 and (free[d] > 0 or not room):
                    out.append(Action(MOVE, g, cells[b], cells[d]))
    return out


@pytest.mark.parametrize("players", [1, 2, 4])
def test_move_lists_from_layout_rows_equal_moves_from_scratch_FF_TRN_1_FF_TRN_4_FF_TRN_6(players):
    """The move rows are kept with a layout and shared by every position that has it, clones
    of other positions included: after every move of random games (expert seats too), the
    list equals one worked out afresh, full buildings left out included."""
    import random

    from acreage.games.foxglove.actions import MOVE
    from acreage.games.foxglove.constants import FINAL, TRANSPORT

    checked = full = 0
    for seed in range(40):
        if checked >= 150 and full >= 10:
            break
        expert = {0} if seed % 2 else set()
        state = game(players, seed=seed, expert=expert)
        rng = random.Random(seed)
        while not state.is_terminal:
            acts = state.legal_actions()
            if not state.frames and state.phase in (TRANSPORT, FINAL):
                seat = state.current_player
                got = [a for a in acts if a.kind == MOVE]
                assert got == _moves_from_scratch(state, seat, seat in expert)
                checked += 1
                full += got != _moves_from_scratch(state, seat, seat in expert, room=False)
            # Mostly moves while there are any, so buildings fill up and rooms run out.
            busy = [a for a in acts if str(a) not in ("pass", "done")]
            state.apply(rng.choice(busy if busy and rng.random() < 0.97 else acts))
    assert checked >= 150
    assert full >= 10  # positions where a full building was left out


@pytest.mark.parametrize("players", [1, 2, 4])
def test_processing_readiness_from_layout_rows_equals_each_building_asked_FF_FIN_3_FF_FIN_7(players):
    """Whether a town can process now is read from conversion rows kept with its layout
    (``queries.can_process``). Over the towns of random games, each also given random cubes
    (goods rarely wait in a converter in play: each stage ends by processing), it equals
    asking each building's effects afresh (``effects.can_process``), both answers met often."""
    import random

    from acreage.games.foxglove import effects as fx
    from acreage.games.foxglove.content import TILES
    from acreage.games.foxglove.goods import NUM_GOODS
    from acreage.games.foxglove.queries import can_process

    def fresh(state, seat: int) -> bool:
        cubes = state.cubes[seat]
        return any(fx.can_process(TILES[tid], cubes, b * NUM_GOODS)
                   for b, tid in enumerate(state.building_tiles[seat]))

    seen = {True: 0, False: 0}
    for seed in range(30):
        state = game(players, seed=seed)
        rng = random.Random(seed)
        while not state.is_terminal:
            for seat in range(players):
                assert can_process(state, seat) is fresh(state, seat)
                shaken = state.clone()
                shaken.cubes[seat] = [rng.choice((0, 0, 1, 2)) for _ in shaken.cubes[seat]]
                answer = fresh(shaken, seat)
                assert can_process(shaken, seat) is answer
                seen[answer] += 1
            state.apply(rng.choice(state.legal_actions()))
    assert min(seen.values()) >= 200
