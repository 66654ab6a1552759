"""Foxglove Farm, exactly: the start of transportation (Hauler's Hut, Porter's Lodge), the
order of the seats' stages, why a stage ends without a choice (move cap or nothing to move),
and what the observation and the planner macro show there.

Coordinates: the Forest is at (0,0) and the Mine at (1,0); x grows east and y grows north.
"""

from __future__ import annotations

import pytest

from acreage.games.foxglove import scenario as sc
from acreage.games.foxglove.actions import Action

from .helpers import empty_town, game, hold, moves


def new_events(state, since: int) -> list[dict]:
    """The events after ``since``, without the bookkeeping fields ``i`` and ``step``."""
    return [{k: v for k, v in e.items() if k not in ("i", "step")} for e in state.events_for(None, since)]


def legal(state) -> list[str]:
    return sorted(str(a) for a in state.legal_actions())


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


def test_hauls_and_porter_moves_are_logged_with_the_tile_that_made_them_FF_EFX_22_FF_EFX_24_FF_EFX_26():
    """FF-EFX-22/23: the Hut pulls 1 wood and 1 stone (ignoring trails), then the owner stops
    it early. FF-EFX-26: the Porter's Lodge then resolves (FF-EFX-24): 1 wood from the Forest
    to the Hut, no trail needed. Each event names the tile that moved the cube ("by"). With
    no trail anywhere no normal move exists, so the stage then ends by itself: "stuck"."""
    state = hut_and_porter()
    state.record_events()
    start = state.event_count
    assert legal(state) == ["done", "haul stone 1,0", "haul wood 0,0",
                            "move stone 1,0>3,3", "move wood 0,0>3,3"]
    sc.play(state, "haul wood 0,0", "haul stone 1,0")
    assert legal(state) == ["done", "haul stone 1,0", "haul wood 0,0"]  # the Hut goes on first
    sc.play(state, "done")
    assert legal(state) == ["done", "move stone 1,0>3,3", "move stone 3,3>1,0",
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


def test_stages_run_clockwise_from_the_start_player_FF_RND_2_FF_SET_11():
    """FF-RND-2 with FF-SET-11: 3 players, start player 1; after everyone passes, the stages
    run 1, 2, 0. Seats 1 and 2 have nothing to move, so their stages end by themselves
    (reason "stuck"); seat 0 holds a move and is asked."""
    state = game(players=3)
    empty_town(state, 1)
    empty_town(state, 2)
    hold(state, 0)
    sc.goto_construction(state, 1, round=1)
    state.record_events()
    start = state.event_count
    sc.play(state, "pass", "pass")  # seats 1 and 0; seat 2 can only pass
    flow = [e for e in new_events(state, start) if e["kind"] in ("phase", "stage", "stage_end")]
    assert flow == [
        {"kind": "phase", "seat": None, "phase": "transportation"},
        {"kind": "stage", "seat": 1, "phase": "transportation"},
        {"kind": "stage_end", "seat": 1, "reason": "stuck"},
        {"kind": "stage", "seat": 2, "phase": "transportation"},
        {"kind": "stage_end", "seat": 2, "reason": "stuck"},
        {"kind": "stage", "seat": 0, "phase": "transportation"},
    ]
    assert state.current_player == 0


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
    assert legal(state) == ["done", "process"]
    sc.play(state, "process")
    got = new_events(state, start)
    ends = [e for e in got if e["kind"] == "stage_end"]
    assert ends == [{"kind": "stage_end", "seat": 0, "reason": "stuck"}]
    assert state.is_terminal
    assert got[-1] == {"kind": "game_over", "seat": None, "scores": [0], "ranking": [1]}
    assert state.moves_left == 0


def _one_move_under_a_cap_of_one():
    """Move cap 1; the Forest's 2 wood can go to a Kiln along an NS trail; one has moved, with
    the log kept from just before the move (its index returned)."""
    state = game(move_cap=1)
    empty_town(state, 0, wood=2)
    sc.add_trail(state, 0, (0, 1), "NS")
    sc.add_building(state, 0, "Charcoal Kiln", (0, 2), tier="A")
    hold(state, 1)
    sc.goto_transport(state, 0, round=1)
    state.record_events()
    start = state.event_count
    sc.play(state, "move wood 0,0>0,2")
    return state, start


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


def test_observation_lists_the_expert_seats_FF_TRN_7():
    """FF-TRN-7: the expert variant is chosen per seat and is public; the observation lists
    exactly the expert seats, and none when the option is absent."""
    assert game(expert={1}).observation(0)["expert"] == [1]
    assert game(players=3, expert={2, 0}).observation(None)["expert"] == [0, 2]
    assert game().observation(None)["expert"] == []


def test_state_describes_its_events_with_seat_labels_FF_TRN_11():
    """The state's own event helpers: a forced stage end for the cap (FF-TRN-11) is news, a
    "done" is not; the description names the seat by its label when labels are given."""
    state, start = _one_move_under_a_cap_of_one()
    cap = next(e for e in state.events_for(None, start) if e["kind"] == "stage_end")
    assert state.event_is_news(cap) is True
    assert state.event_is_news({"kind": "stage_end", "seat": 0, "reason": "done"}) is False
    plain = state.describe_event(cap)
    named = state.describe_event(cap, ["Ann", "Bob"])
    assert "seat 0" in plain and "Ann" not in plain
    assert "Ann" in named and "seat 0" not in named


def test_a_hut_used_up_hands_over_to_the_porters_lodge_FF_EFX_22_FF_EFX_26():
    """FF-EFX-22: the Hut pulls until its uses are spent; FF-EFX-26: the next start-of-transport
    effect (the Porter's Lodge) then resolves at once, without a "done" in between."""
    state = hut_and_porter()
    sc.play(state, "haul wood 0,0", "haul stone 1,0", "haul wood 0,0", "haul stone 1,0")  # 4 uses
    assert sc.cubes_at(state, 0, (3, 3)) == {"wood": 2, "stone": 2}  # the Hut is full
    # The Lodge's moves at once: only out of the full Hut, to the Forest and Mine with room.
    assert legal(state) == ["done", "move stone 3,3>1,0", "move wood 3,3>0,0"]
    assert state.frames[-1].active == -1  # no effect is half-used: the Lodge has not begun


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


@pytest.mark.parametrize(("case", "pieces", "joined"), [
    # A trail south of the Forest (met from the trail's side: its cell comes first in the
    # town's order) leads east to a Kiln; only with an opening north does it reach the Forest.
    ("trail side, no opening", [("trail", (0, -1), "EW"), ("Charcoal Kiln", (1, -1))], False),
    ("trail side, opening", [("trail", (0, -1), "NE"), ("Charcoal Kiln", (1, -1))], True),
    # The same north of the Forest (met from the building's side).
    ("building side, no opening", [("trail", (0, 1), "EW"), ("Charcoal Kiln", (1, 1))], False),
    ("building side, opening", [("trail", (0, 1), "SE"), ("Charcoal Kiln", (1, 1))], True),
    # Two trails side by side: the second must open back toward the first (both ways, as
    # the first trail's group is searched before the second's).
    ("trail to trail, one way", [("trail", (0, -1), "NE"), ("trail", (1, -1), "ES"),
                                 ("Charcoal Kiln", (2, -1))], False),
    ("trail to trail, one way back", [("trail", (0, -1), "NE"), ("trail", (1, -1), "NS"),
                                      ("Charcoal Kiln", (1, -2))], False),
    ("trail to trail, both ways", [("trail", (0, -1), "NE"), ("trail", (1, -1), "EW"),
                                   ("Charcoal Kiln", (2, -1))], True),
    # FF-EFX-25: a Wagon Shed joins the buildings next to it, the Forest included.
    ("wagon shed", [("Wagon Shed", (-1, 0)), ("Charcoal Kiln", (-2, 0))], True),
])
def test_what_joins_the_forest_to_a_kiln_FF_TRL_13_FF_EFX_25(case, pieces, joined):
    """FF-TRL-13: a trail joins a neighbour only through an opening that faces it, and two
    trails only where both open toward each other; FF-EFX-25: a Wagon Shed joins the buildings
    around it. The Forest's wood can reach the Kiln exactly when the pieces join them."""
    state = game()
    empty_town(state, 0, wood=2)
    kiln = None
    for piece in pieces:
        if piece[0] == "trail":
            sc.add_trail(state, 0, piece[1], piece[2])
        else:
            sc.add_building(state, 0, piece[0], piece[1], tier="A" if piece[0] == "Charcoal Kiln" else None)
            kiln = piece[1]
    hold(state, 1)
    sc.goto_transport(state, 0, round=1)
    state._advance()
    move = f"move wood 0,0>{kiln[0]},{kiln[1]}"
    assert (state.current_player == 0 and move in legal(state)) is joined, case


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
