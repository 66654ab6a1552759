"""The construction phase (``construction.py``): one action a turn, the turn order and the pass
that is final, a trail action that must build something, building from the top of any display
space, where a new building may go, the order pay, place, effect, refill, the town's building
limit, and the buildings' immediate effects: goods on the new tile, points when placed and the
Emporium's choice (FF-CON, FF-EFX-7 to FF-EFX-10, with FF-EX-4 and FF-EX-16). Paying is checked in
``test_payment.py`` and trails in ``test_trails.py``."""

from __future__ import annotations

import dataclasses

import pytest

from acreage import IllegalAction
from acreage.games.foxglove import scenario as sc
from acreage.games.foxglove import state as fstate
from acreage.games.foxglove.actions import BUILD
from acreage.games.foxglove.content import find_tile
from acreage.games.foxglove.goods import GOODS
from acreage.games.foxglove.rulings import MAX_BUILDINGS

from .helpers import (
    ALL_GOODS,
    FOREST,
    FOUR_C,
    MINE,
    NEXT_TO_START,
    SIX_A,
    assert_illegal,
    build,
    construction_turn,
    empty_town,
    hold,
    legal,
    names,
    new_events,
    pass_and_finish_round,
    pay_all,
    phase,
    place_cells,
    stack_refs,
    stock,
    town,
    trail_at,
)
from .helpers import game_seed_0 as game


def frontier(occupied: set[tuple[int, int]]) -> set[tuple[int, int]]:
    cells = set()
    for x, y in occupied:
        for dx, dy in ((0, 1), (1, 0), (0, -1), (-1, 0)):
            cells.add((x + dx, y + dy))
    return cells - occupied


def test_one_action_per_turn_FF_CON_1():
    """Checks FF-CON-1: a turn offers pass, a trail action or one build; after a build or a
    finished trail action the turn passes on."""
    state = game(2)
    stock(state, 0)
    stock(state, 1)
    sc.set_display(state, ab=SIX_A, c=FOUR_C)
    acts = legal(state)
    assert "pass" in acts and "trails" in acts
    assert all(a in ("pass", "trails") or a.startswith("build ") for a in acts)
    sc.play(state, "build Allotment", "place 0,1")
    assert state.current_player == 1
    sc.play(state, "trails", "trail NS 0,1", "pay wood 0,0")
    assert state.current_player == 1  # still inside the trail action
    sc.play(state, "done")
    assert state.current_player == 0


def test_construction_turn_order_FF_EX_16_FF_CON_2_FF_CON_3_FF_RND_8():
    # Checks FF-CON-2, FF-CON-3.
    """Checks FF-EX-16 (FF-CON-1 to 3, FF-RND-8): 3 players from seat 1; passed seats are
    skipped; the phase ends when all have passed; seat 2 starts the next round."""
    state = game(3, start_player=1)
    for seat in range(3):
        stock(state, seat)
    sc.set_display(state, ab=[*SIX_A, "Granary"], c=FOUR_C)
    assert state.current_player == 1
    sc.play(state, "build Allotment", "place 0,1")  # 1. seat 1 builds
    assert sc.tile_at(state, 1, (0, 1)) == "Allotment"
    assert state.current_player == 2
    sc.play(state, "pass")  # 2. seat 2 passes
    assert state.current_player == 0
    sc.play(state, "trails", "trail NS 0,1", "pay wood 0,0", "done")  # 3. seat 0 trail action
    assert trail_at(state, 0, (0, 1)) == "NS"
    assert state.current_player == 1
    sc.play(state, "pass")  # 4. seat 1 passes
    assert state.current_player == 0
    sc.play(state, "build Meadow", "place 0,-1")  # 5. seat 0 builds (seat 2 skipped)
    pay_all(state)
    assert sc.tile_at(state, 0, (0, -1)) == "Meadow"
    assert state.current_player == 0 and phase(state) == "construction"
    sc.play(state, "pass")  # 6. seat 0 passes: the phase ends
    assert not (state.round == 1 and phase(state) == "construction")
    while state.round == 1:
        state.apply("done")
    assert phase(state) == "construction"
    assert state.start_player == 2
    assert state.current_player == 2


def test_pass_is_final_FF_CON_3():
    """Checks FF-CON-3 (edge case 1): a seat that passed (with builds open) gets no more turns
    while the other plays on for many turns, and acts again next round."""
    state = game(2)
    stock(state, 0)
    stock(state, 1, wood=5, stone=3)
    sc.set_display(state, ab=SIX_A, c=FOUR_C)
    assert "build Allotment" in legal(state)
    sc.play(state, "pass")
    assert state.observation(0)["passed"] == [True, False]
    for i, y in enumerate((1, 2, 3, 4)):
        assert state.current_player == 1, i
        sc.play(state, "trails", f"trail NS 0,{y}", "pay wood 0,0", "done")
    assert state.current_player == 1
    sc.play(state, "build Allotment", "place 1,1")
    assert state.current_player == 1
    sc.play(state, "pass")
    assert not (state.round == 1 and phase(state) == "construction")
    while state.round == 1:
        state.apply("done")
    assert phase(state) == "construction"
    assert state.observation(0)["passed"] == [False, False]
    assert state.current_player == 1  # the start player moved to seat 1
    sc.play(state, "pass")
    assert state.current_player == 0
    assert {"trails", "build Meadow"} <= legal(state)


def test_empty_trail_action_not_offered_FF_CON_4():
    """Checks FF-CON-4 (edge case 2): a trail action must build or upgrade something; 'done'
    appears only after one trail, and a turn offers no 'done' at all."""
    state = game(2)
    assert "done" not in legal(state)
    assert_illegal(state, "done")
    sc.play(state, "trails")
    assert "done" not in legal(state)
    before = state.to_json()
    with pytest.raises(IllegalAction):
        state.apply("done")
    assert state.to_json() == before
    sc.play(state, "trail NS 0,1", "pay wood 0,0")
    assert "done" in legal(state)
    sc.play(state, "done")
    assert state.current_player == 1


def test_build_from_top_of_any_display_space_FF_CON_5():
    """Checks FF-CON-5: any occupied space in either area can be built from (a stack offers
    its top tile once); a tile still in a face-down stack cannot be chosen."""
    state = game(2)
    stock(state, 0)
    sc.set_display(state, ab=[("Allotment", "Allotment"), *SIX_A[1:]], c=FOUR_C)
    sc.set_stack(state, "A", ["Granary", "Paddock"])
    acts = [str(a) for a in state.legal_actions()]
    assert acts.count("build Allotment") == 1
    assert {"build Bakery", "build Cafe", "build Foundry"} <= set(acts)
    assert "build Granary" not in acts
    assert_illegal(state, "build Granary")
    sc.play(state, "build Cafe", "place 0,1")
    pay_all(state)
    assert sc.tile_at(state, 0, (0, 1)) == "Cafe"


def _sheepfold_position():
    """FF-EX-4: 2 players, round 1 construction, seat 0 to act, Forest[5 wood], Mine[3 stone],
    a single Sheepfold on the display."""
    state = game(2)
    sc.goto_construction(state, 0)
    stock(state, 0)
    stock(state, 1)
    sc.set_display(state, ab=["Sheepfold"] + SIX_A[1:], c=FOUR_C)
    sc.set_stack(state, "A", ["Granary", "Paddock"])
    return state


def test_building_the_sheepfold_FF_EX_4_FF_CON_5_FF_CON_6_FF_CON_11_FF_CON_12_FF_DSP_2():
    # Checks FF-CON-6, FF-CON-11, FF-CON-12.
    """Checks FF-EX-4 with FF-CON-5, 6, 8, 11, 12 and FF-DSP-2: pay 1 wood from the Forest and 1
    stone from the Mine, place at (0,1), gain 2 sheep; the space refills from the A stack."""
    state = _sheepfold_position()
    assert "build Sheepfold" in legal(state)
    sc.play(state, "build Sheepfold")
    assert place_cells(state) == NEXT_TO_START
    sc.play(state, "place 0,1")
    # The wood can only come from the Forest and the stone only from the Mine, so the
    # payment has no choice in it and is made automatically.
    assert sc.cubes_at(state, 0, (0, 0)) == {"wood": 4}
    assert sc.cubes_at(state, 0, (1, 0)) == {"stone": 2}
    assert sc.tile_at(state, 0, (0, 1)) == "Sheepfold"
    assert sc.cubes_at(state, 0, (0, 1)) == {"sheep": 2}
    assert state.scores() == [0, 0]
    assert names(state)[0] == ["Granary"]
    assert stack_refs(state, "A")[-1] == "A:Paddock"
    assert state.current_player == 1


def test_sheepfold_illegal_alternatives_FF_EX_4_FF_CON_7_FF_CON_9_FF_SET_6():
    """Checks FF-EX-4's illegal alternatives (FF-CON-7, FF-CON-9, FF-SET-6): (2,1) and (-1,-1)
    touch only at a corner, (1,0) is occupied, and nothing costing stone is buildable
    without stone."""
    state = _sheepfold_position()
    sc.play(state, "build Sheepfold")
    for cell in ("2,1", "-1,-1", "1,0"):
        assert f"place {cell}" not in legal(state)
        assert_illegal(state, f"place {cell}")
    state = _sheepfold_position()
    sc.set_cubes(state, 0, (1, 0))
    assert "build Sheepfold" not in legal(state)
    assert_illegal(state, "build Sheepfold")
    buildable = [a[len("build "):] for a in legal(state) if a.startswith("build ")]
    assert buildable  # the Allotment (1 wood) is still possible
    assert all(find_tile(n).cost[1] == 0 for n in buildable)


def test_placement_needs_a_shared_edge_FF_CON_8():
    """Checks FF-CON-8: the new building goes on an empty cell sharing an edge with a building,
    a starting-tile cell or a trail."""
    state = game(2)
    stock(state, 0)
    sc.set_display(state, ab=SIX_A, c=FOUR_C)
    sc.add_trail(state, 0, (0, 1), "EW")
    sc.add_building(state, 0, "Barn", (3, 0))  # joined to the town by nothing but an edge
    sc.add_trail(state, 0, (2, 0), "NS")
    occupied = {(0, 0), (1, 0), (0, 1), (2, 0), (3, 0)}
    sc.play(state, "build Allotment")
    cells = place_cells(state)
    assert cells == frontier(occupied)
    assert {(0, 2), (-1, 1), (4, 0), (3, 1), (3, -1), (2, 1), (2, -1)} <= cells


def test_corner_only_cell_is_illegal_FF_CON_9():
    """Checks FF-CON-9 (edge case 9): a cell touching the town only at corners is not a legal
    place, even when it touches several tiles at their corners."""
    state = game(2)
    stock(state, 0)
    sc.set_display(state, ab=SIX_A, c=FOUR_C)
    sc.add_building(state, 0, "Sheepfold", (0, 1))
    sc.add_trail(state, 0, (2, 0), "EW")
    sc.add_building(state, 0, "Barn", (2, 1))
    sc.play(state, "build Allotment")
    cells = place_cells(state)
    assert (1, 2) not in cells  # corners of the Sheepfold (0,1) and the Barn (2,1)
    assert (-1, -1) not in cells and (3, -1) not in cells and (3, 2) not in cells
    assert {(1, 1), (3, 0), (3, 1), (2, 2), (0, 2)} <= cells
    assert_illegal(state, "place 1,2")
    assert_illegal(state, "place -1,-1")


def test_building_at_an_open_trail_end_FF_CON_10_FF_TRL_8():
    """Checks FF-CON-10 and FF-TRL-8 (edge case 7): a new trail next to an open trail end must
    open toward it, but a building may go on the same cell without any trail connection."""
    state = game(2)
    stock(state, 0)
    sc.set_display(state, ab=SIX_A, c=FOUR_C)
    sc.add_trail(state, 0, (0, 1), "NS")
    sc.play(state, "trails")
    at_02 = {a.split()[1] for a in legal(state) if a.startswith("trail ") and a.endswith(" 0,2")}
    assert at_02 == {"NS", "ES", "SW", "NES", "NSW", "ESW"}
    assert_illegal(state, "trail EW 0,2")
    assert_illegal(state, "trail NEW 0,2")
    # Back to a fresh turn: a building on (0,2) is fine, and (2,2)-style gaps need no trail.
    state = game(2)
    stock(state, 0)
    sc.set_display(state, ab=SIX_A, c=FOUR_C)
    sc.add_trail(state, 0, (0, 1), "NS")
    sc.play(state, "build Allotment")
    assert (0, 2) in place_cells(state)
    sc.play(state, "place 0,2")
    assert sc.tile_at(state, 0, (0, 2)) == "Allotment"
    assert trail_at(state, 0, (0, 1)) == "NS"
    # A building needs no trail at all: (2,0) sits next to the Mine with no trail around.
    assert state.current_player == 1
    stock(state, 1)
    sc.play(state, "build Meadow", "place 2,0")
    pay_all(state)
    assert sc.tile_at(state, 1, (2, 0)) == "Meadow"


def test_build_order_pay_place_effect_refill_FF_CON_11():
    """Checks FF-CON-11: pay, place, resolve the immediate effect, then refill. At the
    Emporium's choice the cubes are paid and the tile is placed, but its space is still empty;
    the refill follows the effect."""
    state = game(2)
    sc.goto_construction(state, 0, round=3)
    sc.set_display(state, ab=["Emporium", "Baths", "Brewery", "Sawmill", "Inn", "Fountain"], c=FOUR_C)
    sc.set_stack(state, "B", ["Monument", "Storehouse"])
    stock(state, 0)
    sc.play(state, "build Emporium", "place 0,1")  # Emporium: 2 wood + 2 stone
    pay_all(state)
    assert "choose the goods type" in state.describe_decision()
    assert state.current_player == 0
    assert state.in_subdecision()  # the build is not finished until its effect is resolved
    assert sc.cubes_at(state, 0, (0, 0)) == {"wood": 3}
    assert sc.cubes_at(state, 0, (1, 0)) == {"stone": 1}
    assert sc.tile_at(state, 0, (0, 1)) == "Emporium"
    assert names(state)[0] == []
    assert legal(state) == {f"choose {g}" for g in GOODS}
    sc.play(state, "choose stone")
    assert sc.cubes_at(state, 0, (0, 1)) == {"stone": 5}
    assert names(state)[0] == ["Monument"]
    assert state.current_player == 1
    assert not state.in_subdecision()


def test_gained_cubes_cannot_pay_for_the_same_tile_FF_CON_11():
    """Checks FF-CON-11: the Hardware Store (1 wood + 1 stone) would give a stone when placed,
    but that stone cannot pay for it: with only 1 wood in town it is not buildable."""
    state = game(2)
    sc.goto_construction(state, 0, round=3)
    sc.set_display(state, ab=["Hardware Store", "Baths", "Brewery", "Sawmill", "Inn", "Fountain"],
                   c=FOUR_C)
    stock(state, 0, wood=1, stone=0)
    assert "build Hardware Store" not in legal(state)
    assert_illegal(state, "build Hardware Store")
    stock(state, 0, wood=1, stone=1)
    sc.play(state, "build Hardware Store", "place 0,1")  # the payment is forced
    assert sc.cubes_at(state, 0, (0, 0)) == {}
    assert sc.cubes_at(state, 0, (1, 0)) == {}
    assert sc.cubes_at(state, 0, (0, 1)) == {"wood": 1, "stone": 1, "coal": 1}


def test_build_with_immediate_goods_logs_the_effect_FF_CON_11_FF_CON_12_FF_EFX_7():
    """FF-CON-11/12, FF-EFX-7: a Grazing Land (3 slots) gains 1 wheat + 2 sheep when placed;
    all fit. Events in order: the two payments, the build, the effect (exact fields), then the
    display refill."""
    state = game(seed=3)
    empty_town(state, 0, wood=5, stone=3)
    hold(state, 1)
    sc.goto_construction(state, 0, round=3)
    sc.set_display(state, ab=["Grazing Land"])
    sc.set_stack(state, "B", ["Baths"])
    state.record_events()
    start = state.event_count
    sc.play(state, "build Grazing Land", "place 0,1")
    assert sc.cubes_at(state, 0, (0, 1)) == {"wheat": 1, "sheep": 2}
    got = new_events(state, start)
    assert [e["kind"] for e in got] == ["pay", "pay", "build", "effect", "display"]
    assert got[2] == {"kind": "build", "seat": 0, "tile": "Grazing Land", "cell": "0,1"}
    assert got[3] == {"kind": "effect", "seat": 0, "tile": "Grazing Land",
                      "gained": {"wheat": 1, "sheep": 2}, "points": 0,
                      "source": "Grazing Land (built)"}
    assert got[4] == {"kind": "display", "seat": None, "revealed": ["Baths"]}


def test_immediate_goods_go_on_the_new_tile_FF_CON_12(monkeypatch):
    """Checks FF-CON-12: immediate goods go onto the new tile's own slots, and whatever does
    not fit is discarded (a Sheepfold given only 1 slot keeps 1 of its 2 sheep)."""
    state = _sheepfold_position()
    sc.play(state, "build Sheepfold", "place 0,1")  # the payment is forced
    assert sc.cubes_at(state, 0, (0, 1)) == {"sheep": 2}
    assert sc.cubes_at(state, 0, (0, 0)) == {"wood": 4}
    assert sc.cubes_at(state, 0, (1, 0)) == {"stone": 2}
    kind = find_tile("Sheepfold")
    patched = list(fstate.TILES)
    patched[kind.id] = dataclasses.replace(kind, slots=1)
    from acreage.games.foxglove import construction  # where a build's immediate effect is resolved

    monkeypatch.setattr(construction, "TILES", tuple(patched))
    state = _sheepfold_position()
    sc.play(state, "build Sheepfold", "place 0,1")
    assert sc.cubes_at(state, 0, (0, 1)) == {"sheep": 1}
    assert state.cubes_in_town(0) == 4 + 2 + 1
    assert state.current_player == 1


def test_placed_tiles_never_move_FF_CON_13():
    """Checks FF-CON-13: placed tiles keep their cells through builds, trails and rounds; only
    an upgrade may turn a trail (here NE becomes NSW, dropping the dead east opening)."""
    state = game(2)
    stock(state, 0)
    stock(state, 1)
    sc.set_display(state, ab=SIX_A, c=FOUR_C)
    sc.play(state, "build Allotment", "place 0,-1")
    sc.play(state, "pass")
    sc.play(state, "trails", "trail NE 0,1", "pay wood 0,0", "upgrade NSW 0,1", "pay wood 0,0", "done")
    assert trail_at(state, 0, (0, 1)) == "NSW"
    layout = [(b["tile"], b["cell"]) for b in town(state, 0)["buildings"]]
    assert layout == [("start:Forest", [0, 0]), ("start:Mine", [1, 0]), ("A:Allotment", [0, -1])]
    pass_and_finish_round(state)
    pass_and_finish_round(state)
    assert state.round == 3
    assert [(b["tile"], b["cell"]) for b in town(state, 0)["buildings"]] == layout
    assert trail_at(state, 0, (0, 1)) == "NSW"


@pytest.mark.parametrize(("buildings", "offered"), [(MAX_BUILDINGS - 1, True), (MAX_BUILDINGS, False)])
def test_a_town_at_the_building_limit_is_offered_no_build(buildings, offered):
    """The action-id layout has room for MAX_BUILDINGS buildings per town (rulings.py); a town
    holding that many is offered no build, one short of it still is (a hand-made position)."""
    state = game(seed=3)
    empty_town(state, 0, wood=3, stone=3)
    for k in range(buildings - 2):  # the Forest and the Mine are two of them
        sc.add_building(state, 0, "Windmill", (2 * (k % 12) + 3, 2 * (k // 12) + 3))
    sc.goto_construction(state, 0, round=1)
    assert len(state.building_tiles[0]) == buildings
    assert any(a.kind == BUILD for a in state.legal_actions()) is offered


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


def test_a_build_nobody_can_afford_is_explained_by_its_cost_FF_CON_5_FF_CON_6():
    """Checks FF-CON-5/6 as a player reads a refusal: with no cube in the town no tile is
    affordable, so no build is offered at all; asking for one says what the tile costs and
    what the town holds (not that building is impossible now)."""
    state = _sheepfold_position()
    sc.set_cubes(state, 0, (0, 0))
    sc.set_cubes(state, 0, (1, 0))
    assert not any(a.kind == BUILD for a in state.legal_actions())
    why = state.explain_illegal(state._parse_structural("build Sheepfold"))
    assert why.startswith("Sheepfold costs") and "your town holds" in why, why
    assert "not possible now" in state.explain_illegal(state._parse_structural("move wood 0,0>1,0"))


@pytest.mark.parametrize("players", [1, 2, 4])
def test_the_tiles_a_town_can_pay_for_are_those_the_general_rule_finds_FF_CON_6_FF_CON_7_FF_EFX_20(
        players, monkeypatch):
    """FF-CON-6/7, FF-EFX-20: with every cost in wood and stone, a construction turn reads the
    tiles a town can pay for from a table by its wood, stone and Mason's Lodge substitutes
    (``construction._CAN_PAY``); at every construction turn of random games, Mason's Lodges
    and towns short of stone included, the list equals the one the general rule gives, cost
    by cost over all five goods (the path content with other costs takes)."""
    import random

    from acreage.games.foxglove import construction
    from acreage.games.foxglove.constants import CONSTRUCTION

    assert construction.COSTS_IN_WOOD_AND_STONE  # this content's costs
    compared = with_substitutes = 0
    for seed in range(10):
        state = game(players, seed=seed)
        rng = random.Random(seed)
        while not state.is_terminal:
            if not state.frames and state.phase == CONSTRUCTION:
                seat = state.turn
                # The position as played, and the same town given other goods and substitutes.
                shaken = state.clone()
                shaken.cubes[seat] = [rng.choice((0, 0, 1, 2, 3)) for _ in shaken.cubes[seat]]
                shaken.wood_for_stone_left[seat] = rng.randrange(5)
                for position in (state, shaken):
                    quick = construction.turn_actions(position, seat)
                    monkeypatch.setattr(construction, "COSTS_IN_WOOD_AND_STONE", False)
                    general = construction.turn_actions(position, seat)
                    monkeypatch.setattr(construction, "COSTS_IN_WOOD_AND_STONE", True)
                    assert quick == general, (seed, [str(a) for a in quick], [str(a) for a in general])
                    compared += 1
                    with_substitutes += position.wood_for_stone_left[seat] > 0
            acts = state.legal_actions()
            busy = [a for a in acts if str(a) not in ("pass", "done")]
            state.apply(rng.choice(busy if busy and rng.random() < 0.9 else acts))
    assert compared >= 200 and with_substitutes >= 60, (compared, with_substitutes)
