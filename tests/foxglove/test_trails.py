"""Trails (``trails.py``, over the trail networks of ``topology.py``): the shapes and their costs,
upgrades to a T-junction, several trails in one action, where a new trail may go and which openings
it and an upgrade must keep, which pieces a trail joins (a Wagon Shed too), trails holding no
cubes, the town's trail limit, and the Lean-to's free trail each construction phase (FF-TRL,
FF-EFX-18, FF-EFX-19, FF-EFX-25, with FF-EX-6)."""

from __future__ import annotations

import pytest

from acreage import IllegalAction
from acreage.games.foxglove import scenario as sc
from acreage.games.foxglove.actions import TRAIL
from acreage.games.foxglove.queries import end_points_by_building
from acreage.games.foxglove.rulings import MAX_TRAILS

from .helpers import (
    FOREST,
    FOUR_C,
    NEXT_TO_START,
    SIX_A,
    assert_illegal,
    empty_town,
    hold,
    legal,
    new_events,
    stock,
    trail_at,
)
from .helpers import game_seed_0 as game

ALL_SHAPES = {"NS", "EW", "NE", "ES", "SW", "NW", "NES", "NEW", "NSW", "ESW"}
TEES = {"NES", "NEW", "NSW", "ESW"}


def _trail_options(state, at: str) -> set[str]:
    return {a.split()[1] for a in legal(state) if a.startswith("trail ") and a.split()[2] == at}


def test_trail_shapes_FF_TRL_1():
    """Checks FF-TRL-1: straights (2), curves (4) and T-junctions (4); nothing opens on all
    four edges."""
    state = game(2)
    sc.play(state, "trails")
    for cell in NEXT_TO_START:
        assert _trail_options(state, f"{cell[0]},{cell[1]}") == ALL_SHAPES
    straights = {s for s in ALL_SHAPES if s in ("NS", "EW")}
    curves = {s for s in ALL_SHAPES if len(s) == 2} - straights
    assert len(straights) == 2 and len(curves) == 4 and len(ALL_SHAPES - straights - curves) == 4
    for bad in ("trail NESW 0,1", "trail N 0,1", "trail NSEW 0,1"):
        with pytest.raises(IllegalAction):
            state.parse_action(bad)


def test_trail_costs_FF_TRL_2_FF_TRL_3():
    """Checks FF-TRL-2 and FF-TRL-3: straights and curves cost 1 wood or stone; a T-junction
    costs 2 (wood, stone or one of each); other goods never pay for trails."""
    # One cube of wood: no T-junction on offer.
    state = game(2)
    stock(state, 0, wood=1, stone=0)
    sc.play(state, "trails")
    assert _trail_options(state, "0,1") == ALL_SHAPES - TEES
    sc.play(state, "trail ES 0,1")  # paid automatically with the only cube
    assert trail_at(state, 0, (0, 1)) == "ES"
    assert state.cubes_in_town(0) == 0
    # One stone pays a straight.
    state = game(2)
    stock(state, 0, wood=0, stone=1)
    sc.play(state, "trails", "trail NS 0,1")
    assert sc.cubes_at(state, 0, (1, 0)) == {}
    # One wood + one stone pay a T-junction together.
    state = game(2)
    stock(state, 0, wood=1, stone=1)
    sc.add_building(state, 0, "Allotment", (-1, 0), wheat=1)
    sc.play(state, "trails")
    assert _trail_options(state, "0,1") == ALL_SHAPES
    sc.play(state, "trail NEW 0,1")
    assert legal(state) == {"pay wood 0,0", "pay stone 1,0"}
    sc.play(state, "pay stone 1,0")
    assert trail_at(state, 0, (0, 1)) == "NEW"
    assert sc.cubes_at(state, 0, (0, 0)) == {} and sc.cubes_at(state, 0, (1, 0)) == {}
    assert sc.cubes_at(state, 0, (-1, 0)) == {"wheat": 1}
    # Two stone pay a T-junction.
    state = game(2)
    stock(state, 0, wood=0, stone=2)
    sc.play(state, "trails", "trail ESW 0,1")
    assert trail_at(state, 0, (0, 1)) == "ESW"
    assert state.cubes_in_town(0) == 0
    # Wheat alone pays for nothing: no trail action is offered.
    state = game(2)
    stock(state, 0, wood=0, stone=0)
    sc.add_building(state, 0, "Allotment", (-1, 0), wheat=1)
    sc.set_display(state, ab=SIX_A, c=FOUR_C)
    sc.goto_construction(state, 0)
    assert "trails" not in legal(state)
    assert_illegal(state, "trails")


def _upgrade_options(state, at: str) -> set[str]:
    return {a.split()[1] for a in legal(state) if a.startswith("upgrade ") and a.split()[2] == at}


def test_upgrade_FF_TRL_4():
    """Checks FF-TRL-4: an upgrade turns a straight or curve into a T-junction for 1 wood or
    stone; a T-junction cannot be upgraded."""
    state = game(2)
    stock(state, 0, wood=0, stone=1)
    sc.add_trail(state, 0, (0, 1), "NS")
    sc.add_building(state, 0, "Allotment", (0, 2))
    sc.play(state, "trails")
    assert _upgrade_options(state, "0,1") == {"NES", "NSW"}
    sc.play(state, "upgrade NSW 0,1")  # the one stone pays automatically
    assert trail_at(state, 0, (0, 1)) == "NSW"
    assert state.cubes_in_town(0) == 0
    assert state.current_player == 1  # nothing more affordable: the action ended
    # A T-junction offers no upgrade.
    state = game(2)
    sc.add_trail(state, 0, (0, 1), "NES")
    sc.play(state, "trails")
    assert _upgrade_options(state, "0,1") == set()
    assert_illegal(state, "upgrade NSW 0,1")
    assert_illegal(state, "upgrade NES 0,1")


def test_a_pending_upgrade_payment_is_encoded_as_one_FF_TRL_4():
    """FF-TRL-4: an upgrade costs one wood or stone; with both on hand the seat chooses, and the
    observation tensor marks the payment as an upgrade's (not a build's or a new trail's)."""
    from acreage.games.foxglove import encoding

    state = game(seed=3)
    empty_town(state, 0, wood=1, stone=1)
    sc.add_trail(state, 0, (0, 1), "NS")
    hold(state, 1)
    sc.goto_construction(state, 0, round=2)
    sc.play(state, "trails", "upgrade NES 0,1")
    assert sorted(str(a) for a in state.legal_actions()) == ["pay stone 1,0", "pay wood 0,0"]
    purpose = encoding._offsets(2)["details"] + 7
    assert state.observation_tensor(0)[purpose:purpose + 3] == [0.0, 0.0, 1.0]  # build, trail, upgrade


def test_several_trails_in_one_action_FF_TRL_6():
    """Checks FF-TRL-6: one trail action holds several builds and upgrades, each paid when made;
    a later trail may rely on an earlier one for adjacency and may be upgraded at once."""
    state = game(2)
    stock(state, 0, wood=3, stone=0)
    sc.play(state, "trails")
    assert _trail_options(state, "0,2") == set()  # (0,2) is not next to the town yet
    sc.play(state, "trail NS 0,1")
    assert sc.cubes_at(state, 0, (0, 0)) == {"wood": 2}
    assert state.current_player == 0
    assert _trail_options(state, "0,2") == {"NS", "ES", "SW", "NES", "NSW", "ESW"}
    sc.play(state, "trail NS 0,2")
    assert sc.cubes_at(state, 0, (0, 0)) == {"wood": 1}
    assert _upgrade_options(state, "0,2") == {"NES", "NSW", "ESW"}
    sc.play(state, "upgrade ESW 0,2")  # the dead north end is dropped
    assert sc.cubes_at(state, 0, (0, 0)) == {}
    assert trail_at(state, 0, (0, 1)) == "NS"
    assert trail_at(state, 0, (0, 2)) == "ESW"
    assert state.current_player == 1


def test_trail_placement_FF_TRL_7():
    """Checks FF-TRL-7: a new trail goes on an empty cell sharing an edge with the town, facing
    any direction; corner cells and occupied cells are refused."""
    state = game(2)
    sc.play(state, "trails")
    cells = {tuple(int(v) for v in a.split()[2].split(",")) for a in legal(state) if a.startswith("trail ")}
    assert cells == NEXT_TO_START
    assert_illegal(state, "trail NS 2,1")
    assert_illegal(state, "trail NS -1,-1")
    assert_illegal(state, "trail NS 1,0")


def test_trail_must_not_cut_off_a_connection_FF_TRL_8_FF_TRL_10():
    """Checks FF-TRL-8 and FF-TRL-10: every neighbouring trail that opens onto the shared edge
    must be met by an opening; T-junctions obey the same rule. Two open ends force both."""
    state = game(2)
    sc.add_trail(state, 0, (0, 1), "NE")  # opens north to (0,2) and east to (1,1)
    sc.add_trail(state, 0, (2, 1), "SW")  # opens west to (1,1)
    sc.play(state, "trails")
    assert _trail_options(state, "0,2") == {"NS", "ES", "SW", "NES", "NSW", "ESW"}
    assert _trail_options(state, "1,1") == {"EW", "NEW", "ESW"}
    for shape in ("NS", "NE", "NW", "NES", "NSW"):
        assert_illegal(state, f"trail {shape} 1,1")
    sc.play(state, "trail EW 1,1", "pay wood 0,0")
    assert trail_at(state, 0, (1, 1)) == "EW"


def test_free_edges_of_a_new_trail_FF_TRL_9():
    """Checks FF-TRL-9: edges facing a building, an empty cell or a closed trail side are free,
    and a new trail need not connect to anything."""
    state = game(2)
    sc.add_trail(state, 0, (0, 1), "EW")  # closed toward (0,2) and toward the Forest
    sc.add_building(state, 0, "Allotment", (1, 1))
    sc.play(state, "trails")
    assert _trail_options(state, "0,2") == ALL_SHAPES
    assert _trail_options(state, "1,2") == ALL_SHAPES  # faces the Allotment
    assert _trail_options(state, "2,0") == ALL_SHAPES  # faces the Mine
    sc.play(state, "trail NE 1,2", "pay wood 0,0")  # opens toward nothing at all
    assert trail_at(state, 0, (1, 2)) == "NE"


def test_upgrade_keeps_every_live_opening_FF_TRL_11():
    """Checks FF-TRL-11 (edge case 19): the T-junction keeps each opening that joins a building
    or a facing trail opening, may drop dead openings, and may face any such direction."""
    state = game(2)
    sc.add_trail(state, 0, (0, 1), "NE")  # N: Allotment (live); E: empty (dead)
    sc.add_building(state, 0, "Allotment", (0, 2))
    sc.add_trail(state, 0, (-1, 1), "ES")  # E faces (0,1)'s closed W side, S a closed N side
    sc.add_trail(state, 0, (-1, 0), "EW")  # E: the Forest (live); W: meets (-2,0) (live)
    sc.add_trail(state, 0, (-2, 0), "NE")  # E: meets (-1,0)'s W opening (live); N: empty (dead)
    sc.play(state, "trails")
    assert _upgrade_options(state, "0,1") == {"NES", "NEW", "NSW"}  # must keep N
    assert _upgrade_options(state, "-1,0") == {"NEW", "ESW"}  # must keep E and W
    assert _upgrade_options(state, "-2,0") == {"NES", "NEW", "ESW"}  # must keep E (trail)
    assert _upgrade_options(state, "-1,1") == TEES  # nothing live: any orientation
    assert_illegal(state, "upgrade ESW 0,1")
    assert_illegal(state, "upgrade NES -1,0")
    assert_illegal(state, "upgrade NSW -2,0")
    sc.play(state, "upgrade NSW 0,1", "pay wood 0,0")  # E dropped, W and S added
    assert trail_at(state, 0, (0, 1)) == "NSW"


def test_every_straight_and_curve_can_be_upgraded_FF_TRL_12():
    """Checks FF-TRL-12: with every opening live, each straight and curve still has a T-junction
    upgrade: exactly the T-junctions that contain it."""
    for shape in ALL_SHAPES - TEES:
        state = game(2)
        sc.add_trail(state, 0, (0, 1), shape)
        for at in ((-1, 1), (1, 1), (0, 2)):
            sc.add_building(state, 0, "Allotment", at)
        sc.play(state, "trails")
        expected = {t for t in TEES if set(shape) <= set(t)}
        assert len(expected) == 2
        assert _upgrade_options(state, "0,1") == expected, shape


def test_connections_FF_TRL_13_FF_TRN_3():
    # Checks FF-TRN-3.
    """Checks FF-TRL-13 (edge case 8): trails join when both open onto the shared edge, a trail
    joins a building it opens toward, and two buildings (the Forest and Mine too) never join
    directly."""
    def transport_moves(layout):
        state = game(2)
        sc.set_cubes(state, 0, (0, 0), wood=2)
        sc.set_cubes(state, 0, (1, 0), stone=1)
        layout(state)
        sc.goto_transport(state, 0)
        return {a for a in legal(state) if a.startswith("move ")}

    # A Kiln right next to the Forest, no trail: not joined.
    assert transport_moves(lambda s: sc.add_building(s, 0, "Charcoal Kiln", (0, 1), tier="A")) == set()

    # A trail whose closed sides face the Forest and the Kiln joins neither.
    def closed(s):
        sc.add_trail(s, 0, (0, 1), "EW")
        sc.add_building(s, 0, "Charcoal Kiln", (0, 2), tier="A")

    assert transport_moves(closed) == set()

    # A trail opening toward both joins them.
    def open_(s):
        sc.add_trail(s, 0, (0, 1), "NS")
        sc.add_building(s, 0, "Charcoal Kiln", (0, 2), tier="A")

    assert transport_moves(open_) == {"move wood 0,0>0,2"}

    # Kiln joined to the Mine only: the Forest's wood cannot get there...
    def mine_side(s):
        sc.add_trail(s, 0, (1, 1), "NS")
        sc.add_building(s, 0, "Charcoal Kiln", (1, 2), tier="A")

    assert transport_moves(mine_side) == set()

    # ...until trails go round the starting tile.
    def round_the_tile(s):
        mine_side(s)
        sc.add_trail(s, 0, (0, -1), "NE")
        sc.add_trail(s, 0, (1, -1), "NW")

    assert transport_moves(round_the_tile) == {"move wood 0,0>1,2"}

    # Two trails side by side join only when both open onto the shared edge.
    def half_open(s):
        sc.add_trail(s, 0, (0, 1), "NE")
        sc.add_trail(s, 0, (1, 1), "NS")  # closed on its W side
        sc.add_building(s, 0, "Charcoal Kiln", (1, 2), tier="A")

    assert transport_moves(half_open) == set()

    def both_open(s):
        sc.add_trail(s, 0, (0, 1), "ES")
        sc.add_trail(s, 0, (1, 1), "NW")
        sc.add_building(s, 0, "Charcoal Kiln", (1, 2), tier="A")

    assert transport_moves(both_open) == {"move wood 0,0>1,2"}


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
    state = game(seed=3)
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


def test_forest_and_mine_not_joined_FF_EX_6():
    """Checks FF-EX-6 (FF-TRN-3, FF-TRL-8, FF-TRL-13, FF-TRN-5, FF-TRN-6): stone cannot reach
    the Foundry until NE at (0,-1) and NW at (1,-1) go round the tile; then a standard seat may
    move it and an expert seat may not; an NS straight at (1,-1) would cut the NE curve off."""
    state = game(2, expert=[1])
    for seat in (0, 1):
        stock(state, seat, wood=2, stone=3)
        sc.add_trail(state, seat, (0, 1), "NS")
        sc.add_building(state, seat, "Foundry", (0, 2))
    # 1. Before the curves: no stone move for either seat.
    check = state.clone()
    sc.goto_transport(check, 0)
    assert "move stone 1,0>0,2" not in legal(check)
    assert_illegal(check, "move stone 1,0>0,2")
    # 2. Seat 0's trail action, paying 1 wood each.
    sc.goto_construction(state, 0)
    sc.play(state, "trails", "trail NE 0,-1")
    assert legal(state) == {"pay wood 0,0", "pay stone 1,0"}
    sc.play(state, "pay wood 0,0")
    assert "trail NS 1,-1" not in legal(state)
    assert_illegal(state, "trail NS 1,-1")
    sc.play(state, "trail NW 1,-1", "pay wood 0,0", "done")
    assert sc.cubes_at(state, 0, (0, 0)) == {}
    assert sc.cubes_at(state, 0, (1, 0)) == {"stone": 3}
    # Seat 1 (expert) builds the same curves.
    assert state.current_player == 1
    sc.play(state, "trails", "trail NE 0,-1", "pay wood 0,0", "trail NW 1,-1", "pay wood 0,0", "done")
    # 3. Standard seat: the stone can travel (1,0)>(1,-1)>(0,-1)>(0,0)>(0,1)>(0,2).
    sc.goto_transport(state, 0)
    assert "move stone 1,0>0,2" in legal(state)
    # 4. Expert seat: the Forest does not show stone, so it cannot be crossed.
    sc.goto_transport(state, 1)
    assert state.current_player == 1
    assert "move stone 1,0>0,2" not in legal(state)
    assert_illegal(state, "move stone 1,0>0,2")
    sc.goto_transport(state, 0)
    sc.play(state, "move stone 1,0>0,2")
    assert sc.cubes_at(state, 0, (0, 2)) == {"stone": 1}


def test_trails_hold_no_cubes_FF_TRL_14():
    """Checks FF-TRL-14: trails hold no cubes and accept no goods; they are never a payment
    source or a transport destination."""
    state = game(2)
    sc.add_trail(state, 0, (0, 1), "NS")
    sc.add_building(state, 0, "Museum", (0, 2))  # accepts any goods
    sc.goto_transport(state, 0)
    moves = {a for a in legal(state) if a.startswith("move ")}
    assert moves == {"move wood 0,0>0,2"}
    assert_illegal(state, "move wood 0,0>0,1")
    trails = state.observation(0)["towns"][0]["trails"]
    assert trails == [{"cell": [0, 1], "shape": "NS"}]
    state = game(2)
    sc.add_trail(state, 0, (0, 1), "NS")
    sc.set_display(state, ab=SIX_A, c=FOUR_C)
    sc.play(state, "build Barn", "place 0,2")
    assert all(not a.endswith(" 0,1") for a in legal(state))
    assert_illegal(state, "pay wood 0,1")


@pytest.mark.parametrize(("trails", "offered"), [(MAX_TRAILS - 1, True), (MAX_TRAILS, False)])
def test_a_town_at_the_trail_limit_is_offered_no_new_trail(trails, offered):
    """The action-id layout has room for MAX_TRAILS trails per town (rulings.py: the game's
    economy cannot pay for half of them); a town holding that many is offered no new trail,
    one short of it still is. The limit only binds in a hand-made position."""
    state = game(seed=3)
    empty_town(state, 0, wood=3, stone=3)
    for k in range(trails):  # one long east-west line from the Mine
        sc.add_trail(state, 0, (2 + k, 0), "EW")
    sc.goto_construction(state, 0, round=1)
    sc.play(state, "trails")
    assert any(a.kind == TRAIL for a in state.legal_actions()) is offered


def test_lean_to_gives_one_free_trail_per_phase_FF_EFX_18_FF_EFX_19():
    """Checks FF-EFX-18 and FF-EFX-19: with a Lean-to, the first straight or curved trail of the
    phase is free and the next costs a cube; T-junctions are never free; only the owner gains
    this, and it comes back in the next construction phase."""
    state = game(seed=3)
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
    other = game(seed=3)
    empty_town(other, 1)
    sc.goto_construction(other, 1, round=1)
    assert "trails" not in legal(other)


def test_lean_to_tee_still_costs_two_FF_EFX_19():
    """Checks FF-EFX-19: with 2 wood and a Lean-to a T-junction is offered but costs both."""
    state = game(seed=3)
    empty_town(state, 0, wood=2)
    sc.add_building(state, 0, "Lean-to", (3, 3))
    sc.goto_construction(state, 0, round=1)
    sc.play(state, "trails", "trail NES 0,1")
    assert sc.cubes_at(state, 0, FOREST) == {}
    # The free straight is still available after the paid T.
    assert "trail NS 0,2" in legal(state)


def test_lean_to_free_trail_then_paid_trail_and_upgrade_are_logged_FF_EFX_19_FF_TRL_2_FF_TRL_4():
    """FF-EFX-19: the Lean-to built this turn makes one straight or curve free in this phase
    (FF-EFX-18: it works from the moment it stands). Then, in one trail action (FF-TRL-6):
    a free NS at (0,1), a paid NS at (0,2) (1 wood, FF-TRL-2) and an upgrade of (0,1) to NES
    (1 wood, FF-TRL-4). Each is one event with exact fields; the Toll House counts the 2 new
    trails (FF-EFX-36)."""
    state = game(seed=3)
    empty_town(state, 0, wood=4, stone=2)
    sc.add_building(state, 0, "Toll House", (5, 5), tier="B")
    hold(state, 1)
    sc.goto_construction(state, 0, round=2)
    sc.set_display(state, ab=["Lean-to", "Sheepfold"])
    sc.play(state, "build Lean-to", "place 2,0")
    sc.play(state, "pass")  # seat 1
    sc.play(state, "build Sheepfold", "place -1,0")  # another build keeps the free trail
    assert sc.cubes_at(state, 0, (0, 0)) == {"wood": 2}
    state.record_events()
    start = state.event_count
    sc.play(state, "trails", "trail NS 0,1")
    assert sc.cubes_at(state, 0, (0, 0)) == {"wood": 2}  # free
    sc.play(state, "trail NS 0,2")
    assert sc.cubes_at(state, 0, (0, 0)) == {"wood": 1}
    sc.play(state, "upgrade NES 0,1")
    assert sc.cubes_at(state, 0, (0, 0)) == {}
    got = [e for e in new_events(state, start) if e["kind"] in ("trail", "upgrade", "pay")]
    assert got == [
        {"kind": "trail", "seat": 0, "cell": "0,1", "shape": "NS", "free": True},
        {"kind": "pay", "seat": 0, "good": "wood", "cell": "0,0", "tile": "Forest", "auto": True},
        {"kind": "trail", "seat": 0, "cell": "0,2", "shape": "NS", "free": False},
        {"kind": "pay", "seat": 0, "good": "wood", "cell": "0,0", "tile": "Forest", "auto": True},
        {"kind": "upgrade", "seat": 0, "cell": "0,1", "shape": "NES"},
    ]
    assert sc.tile_at(state, 0, (0, 1)) == "trail" and sc.tile_at(state, 0, (0, 2)) == "trail"
    assert end_points_by_building(state, 0)[2] == 2


def test_lean_to_gives_one_free_trail_per_phase_only_FF_EFX_19():
    """FF-EFX-19: once per construction phase. After the free trail, a second trail costs a
    cube; with no wood or stone left nothing more is offered, so the trail action ends by
    itself, and the count of free trails left is 0 (never negative)."""
    state = game(seed=3)
    empty_town(state, 0, wood=1)
    sc.add_building(state, 0, "Lean-to", (2, 0))
    hold(state, 1)
    sc.goto_construction(state, 0, round=1)
    sc.play(state, "trails", "trail NS 0,1", "trail NS 0,2")
    assert sc.cubes_at(state, 0, (0, 0)) == {}
    assert state.current_player == 1
    assert state.free_trails[0] == 0


def test_trail_place_pay_move_and_build_actions_are_made_once_and_shared():
    """A search asks for the same actions again and again: the trail, upgrade, place, pay, move
    and build actions are made once, so two games played alike list the very same objects."""
    import random

    import acreage
    from acreage.games.foxglove.actions import BUILD, MOVE, PAY, PLACE, UPGRADE

    state = acreage.new_game("foxglove", players=2, seed=5)
    twin = acreage.new_game("foxglove", players=2, seed=5)
    rng = random.Random(5)
    seen = {TRAIL: 0, UPGRADE: 0, PLACE: 0, PAY: 0, MOVE: 0, BUILD: 0}
    for _ in range(2000):
        if state.is_terminal:
            break
        legal = state.legal_actions()
        again = twin.legal_actions()
        assert again == legal and again is not legal
        for mine, theirs in zip(legal, again, strict=True):
            if mine.kind in seen:
                assert mine is theirs
                seen[mine.kind] += 1
        action = rng.choice(legal)
        state.apply(action)
        twin.apply(action)
    assert all(n > 0 for n in seen.values()), seen


def test_refusals_name_the_openings_a_trail_or_upgrade_must_keep_FF_TRL_8_FF_TRL_11():
    """Checks FF-TRL-8 and FF-TRL-11 through the words of the refusals: a new trail beside an
    open trail end is told which opening it needs; an upgrade is told which live openings it
    must keep."""
    state = game(2)
    stock(state, 0)
    sc.add_trail(state, 0, (0, 1), "NS")  # S meets the start building at 0,0; N is open
    sc.play(state, "trails")
    with pytest.raises(IllegalAction, match="a trail at 0,2 must open S so it does not cut off"):
        state.apply("trail EW 0,2")
    with pytest.raises(IllegalAction, match="must keep the live openings S$"):
        state.apply("upgrade NEW 0,1")
    assert "upgrade NES 0,1" in legal(state)


@pytest.mark.parametrize(("shape", "wood", "offered"), [
    ("EW", 1, True),     # a straight to upgrade and one cube to pay: upgrades only
    ("EW", 0, False),    # nothing to pay with
    ("NEW", 3, False),   # every trail is a T-junction already: nothing to upgrade
])
def test_a_town_at_the_trail_limit_is_offered_the_trail_action_only_for_an_upgrade_FF_CON_4(
        shape, wood, offered):
    """Checks FF-CON-4 at the trail limit: the trail action is offered only while it can hold
    something, and with no new trail allowed that is an upgrade the town can pay for."""
    state = game(seed=3)
    empty_town(state, 0, wood=wood, stone=0)
    for k in range(MAX_TRAILS):
        sc.add_trail(state, 0, (2 + k, 0), shape)
    sc.goto_construction(state, 0, round=1)
    assert ("trails" in legal(state)) is offered
    if offered:
        sc.play(state, "trails")
        assert {a.split()[0] for a in legal(state)} == {"upgrade"}


@pytest.mark.parametrize("players", [1, 2, 4])
def test_a_trail_action_answers_whether_it_offers_an_action_as_its_list_does_FF_TRL_2_FF_TRL_8(players):
    """FF-TRL-2..11: ``apply`` asks a trail action whether it offers a move from the tables its
    list is made of (``trails.trails_offer``), not by scanning a list of over a hundred. At the
    trail actions of random games (a Lean-to's free trails and a town out of cubes included),
    the answer equals the list's for every new trail in every shape on every frontier, town
    and nearby cell, every T-junction on every cell, and stopping; an action refused so is
    refused by ``apply``, which leaves the position as it was."""
    import random

    from acreage import IllegalAction
    from acreage.core.state import _LONG_LIST
    from acreage.games.foxglove.actions import DONE, UPGRADE, Action
    from acreage.games.foxglove.flow import offers
    from acreage.games.foxglove.frames import Trails
    from acreage.games.foxglove.geometry import SHAPES, TEES, neighbours

    from .helpers import game as new_game

    asked = offered = refused_by_apply = long_lists = 0
    for seed in range(8):
        state = new_game(players, seed=seed)
        rng = random.Random(seed)
        while not state.is_terminal:
            acts = state.legal_actions()
            if state.frames and type(state.frames[-1]) is Trails:
                seat = state.current_player
                town = set(state.cells[seat])
                near = {nb for cell in town for _, nb in neighbours(cell)}
                cells = sorted(town | near | {nb for cell in near for _, nb in neighbours(cell)})
                candidates = [Action(DONE)]
                candidates += [Action(TRAIL, cell, shape) for cell in cells for shape in SHAPES]
                candidates += [Action(UPGRADE, cell, tee) for cell in cells for tee in TEES]
                legal = set(acts)
                for action in candidates:
                    assert offers(state, action) is (action in legal), (str(action), seed)
                    asked += 1
                    offered += action in legal
                long_lists += len(acts) >= _LONG_LIST  # apply asks offers, not the list
                wrong = rng.choice([a for a in candidates if a not in legal])
                before = state.to_json()
                with pytest.raises(IllegalAction):
                    state.apply(wrong)
                assert state.to_json() == before
                refused_by_apply += 1
            busy = [a for a in acts if str(a) not in ("pass", "done")]
            state.apply(rng.choice(busy if busy and rng.random() < 0.9 else acts))
    assert refused_by_apply >= 20 and offered >= 1000 and asked - offered >= 10000, (asked, offered)
    assert long_lists >= 10, long_lists
