"""Paying for a building or a trail (``payment.py``): the exact cost in type and number, cube by
cube, from any buildings at all, stone never standing in for wood, and the Mason's Lodge, whose
wood replaces up to two stone a construction phase from the turn it is built (FF-CON-6, FF-CON-7,
FF-TRL-5, FF-EFX-18, FF-EFX-20)."""

from __future__ import annotations

from acreage.games.foxglove import scenario as sc
from acreage.games.foxglove.queries import affordable, totals

from .helpers import (
    FOUR_C,
    SIX_A,
    assert_illegal,
    empty_town,
    game,
    hold,
    legal,
    new_events,
    pay_all,
    sorted_legal,
    stock,
    trail_at,
)


def test_payment_is_exact_from_any_buildings_FF_CON_6_FF_TRL_5():
    """Checks FF-CON-6 and FF-TRL-5 (edge case 18): the cost is paid exactly, in type and
    number, from any buildings at all (unconnected ones, several at once); the cubes leave."""
    state = game(2, seed=0)
    sc.set_display(state, ab=SIX_A, c=FOUR_C)
    sc.set_cubes(state, 0, (0, 0), wood=1)
    sc.set_cubes(state, 0, (1, 0), stone=3)
    sc.add_building(state, 0, "Charcoal Kiln", (-1, 0), tier="A", wood=1, coal=1)
    sc.add_building(state, 0, "Charcoal Kiln", (2, 0), tier="A", wood=1)
    sc.add_building(state, 0, "Allotment", (0, 1), wheat=1)
    total = state.cubes_in_town(0)
    sc.play(state, "build Quarry", "place 0,-1")  # Quarry: 3 wood
    assert legal(state) == {"pay wood 0,0", "pay wood -1,0", "pay wood 2,0"}
    sc.play(state, "pay wood -1,0")
    assert sc.cubes_at(state, 0, (-1, 0)) == {"coal": 1}
    assert legal(state) == {"pay wood 0,0", "pay wood 2,0"}
    sc.play(state, "pay wood 2,0")  # the last wood (Forest) is paid automatically
    assert sc.cubes_at(state, 0, (0, 0)) == {}
    assert sc.cubes_at(state, 0, (2, 0)) == {}
    assert sc.cubes_at(state, 0, (1, 0)) == {"stone": 3}
    assert sc.cubes_at(state, 0, (0, 1)) == {"wheat": 1}
    assert sc.tile_at(state, 0, (0, -1)) == "Quarry"
    assert state.cubes_in_town(0) == total - 3
    assert state.current_player == 1
    # Trails are paid the same way: from an unconnected Kiln, the only wood in the town.
    state = game(2, seed=0)
    sc.set_cubes(state, 0, (0, 0))
    sc.set_cubes(state, 0, (1, 0))
    sc.add_building(state, 0, "Charcoal Kiln", (-1, 0), tier="A", wood=1)
    sc.play(state, "trails", "trail NS 1,1")
    assert trail_at(state, 0, (1, 1)) == "NS"
    assert sc.cubes_at(state, 0, (-1, 0)) == {}


def test_stone_never_pays_for_wood_in_a_building_FF_CON_6_FF_CON_7():
    """Checks FF-CON-6 and FF-CON-7: building costs are paid in type; stone cannot stand in for
    wood, so a Quarry (3 wood) is illegal with 2 wood and 3 stone."""
    state = game(2, seed=0)
    sc.set_display(state, ab=SIX_A, c=FOUR_C)
    stock(state, 0, wood=2, stone=3)
    assert "build Quarry" not in legal(state)
    assert_illegal(state, "build Quarry")
    assert "build Allotment" in legal(state)


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


def mason_town():
    """Round 3, seat 0 to build: Forest[5 wood], Mine[1 stone], a Mason's Lodge (wood may
    replace up to 2 stone per construction phase, FF-EFX-20). Seat 1 holds a transport move."""
    state = game()
    empty_town(state, 0, wood=5, stone=1)
    sc.add_building(state, 0, "Mason's Lodge", (2, 0))
    hold(state, 1)
    sc.goto_construction(state, 0, round=3)
    return state


def test_mason_lodge_replaces_at_most_two_stone_FF_EFX_20_FF_CON_6():
    """FF-EFX-20 with FF-CON-6: a Fountain costs 1 wood + 3 stone. The wood is owed first and
    comes from the Forest only, so it is paid by itself. For each stone the player may pay a
    wood or the Mine's stone; after two wood-for-stone payments the allowance is spent and the
    last stone must be the Mine's, paid by itself. The Fountain then scores +6 (FF-EFX-8)."""
    state = mason_town()
    sc.set_display(state, ab=["Fountain"])
    state.record_events()
    start = state.event_count
    sc.play(state, "build Fountain", "place 0,1")
    assert sorted_legal(state) == ["pay stone 1,0", "pay wood 0,0"]
    state.apply("pay wood 0,0")
    assert sorted_legal(state) == ["pay stone 1,0", "pay wood 0,0"]
    state.apply("pay wood 0,0")
    assert sc.tile_at(state, 0, (0, 1)) == "Fountain"
    assert sc.cubes_at(state, 0, (0, 0)) == {"wood": 2}
    assert sc.cubes_at(state, 0, (1, 0)) == {}
    assert state.current_player == 1
    got = new_events(state, start)
    pays = [e for e in got if e["kind"] == "pay"]
    assert pays == [
        {"kind": "pay", "seat": 0, "good": "wood", "cell": "0,0", "tile": "Forest", "auto": True},
        {"kind": "pay", "seat": 0, "good": "wood", "cell": "0,0", "tile": "Forest"},
        {"kind": "pay", "seat": 0, "good": "wood", "cell": "0,0", "tile": "Forest"},
        {"kind": "pay", "seat": 0, "good": "stone", "cell": "1,0", "tile": "Mine", "auto": True},
    ]
    effects = [e for e in got if e["kind"] == "effect"]
    assert effects == [{"kind": "effect", "seat": 0, "tile": "Fountain", "gained": {}, "points": 6,
                        "source": "Fountain (built)"}]
    assert state.scores()[0] == 6


def test_mason_lodge_works_from_the_turn_it_is_built_and_keeps_its_allowance_FF_EFX_18_FF_EFX_20():
    """FF-EFX-18/20: a Mason's Lodge built this phase lets wood replace stone on its owner's
    next build, and building another tile without using the allowance does not use it up.
    Seat 0 (Forest[6 wood], Mine[1 stone]) builds the Lodge (2 wood), then a Porter's Lodge
    (1 wood + 1 stone: the Mine's last stone), and can still build Baths (1 wood + 2 stone)
    with 3 wood."""
    state = game()
    empty_town(state, 0, wood=6, stone=1)
    hold(state, 1)
    sc.goto_construction(state, 0, round=3)
    sc.set_display(state, ab=["Mason's Lodge", "Porter's Lodge", "Baths"])
    sc.play(state, "build Mason's Lodge", "place 2,0")
    sc.play(state, "pass")  # seat 1
    sc.play(state, "build Porter's Lodge", "place 0,1", "pay stone 1,0")
    assert sc.cubes_at(state, 0, (0, 0)) == {"wood": 3}
    assert sc.cubes_at(state, 0, (1, 0)) == {}
    # Baths cost 1 wood + 2 stone: payable only with the Lodge's two wood-for-stone.
    assert "build Baths" in legal(state)
    sc.play(state, "build Baths", "place 0,2")
    assert sc.tile_at(state, 0, (0, 2)) == "Baths"
    assert sc.cubes_at(state, 0, (0, 0)) == {}


# owed: wood, stone, wheat, coal, sheep, then cubes of wood or stone (trails), then stone that
# wood may pay (Mason's Lodge); goods: the town's cubes by type.
AFFORDABLE_CASES = [
    # (owed, goods, affordable)
    ((0, 0, 1, 0, 0, 0, 0), [5, 5, 0, 5, 5], False),  # wheat short, the rest plenty
    ((0, 0, 0, 1, 0, 0, 0), [5, 5, 5, 0, 5], False),  # coal short
    ((0, 0, 0, 0, 1, 0, 0), [5, 5, 5, 5, 0], False),  # sheep short
    ((0, 0, 1, 1, 1, 0, 0), [0, 0, 1, 1, 1], True),   # exactly enough
    ((0, 2, 0, 0, 0, 0, 1), [1, 1, 0, 0, 0], True),   # one stone short, the Lodge lets wood pay it
    ((0, 2, 0, 0, 0, 0, 0), [1, 1, 0, 0, 0], False),  # ... and without the Lodge, not
    ((0, 3, 0, 0, 0, 0, 1), [5, 1, 0, 0, 0], False),  # two stone short, the Lodge covers one
    ((1, 1, 0, 0, 0, 0, 1), [1, 0, 0, 0, 0], False),  # the wood is owed itself: none left for stone
    ((0, 1, 0, 0, 0, 1, 0), [0, 1, 0, 0, 0], False),  # the only stone pays the stone, none for the trail
    ((0, 1, 0, 0, 0, 1, 0), [0, 2, 0, 0, 0], True),   # two stone: one each
    ((0, 1, 0, 0, 0, 1, 0), [1, 1, 0, 0, 0], True),   # wood for the trail
    ((0, 0, 0, 0, 0, 2, 0), [1, 0, 0, 0, 0], False),  # a T-junction needs two cubes
]


def test_affordable_covers_each_type_the_lodge_and_trail_cubes_FF_CON_7_FF_TRL_2_FF_EFX_20():
    """Checks FF-CON-7, FF-TRL-2..5 and FF-EFX-20 on the question every payment list asks: can the
    town's cubes still cover what is owed (each type exactly; wood for stone only through the
    Mason's Lodge; a trail's cubes from whatever wood and stone are left)?"""
    for owed, goods, expected in AFFORDABLE_CASES:
        assert affordable(owed, goods) is expected, (owed, goods)


def test_a_payment_with_no_choice_left_is_settled_at_once_as_cube_by_cube_FF_CON_6_FF_CON_7():
    """FF-CON-6, FF-CON-7: where each type still owed is held by one building only, paying
    offers one cube at each step, so the engine takes them all at once (``settle_payment``); the
    town, the display and the turn end up exactly as when the same payment is made cube by
    cube (the logged path, where each cube is an event). Where a type is held by two
    buildings, the payment waits for that choice either way."""
    from acreage.core.events import recording
    from acreage.games.foxglove.frames import Pay

    def town(logged: bool, kiln: bool):
        with recording() if logged else _no_log():
            state = game(2, seed=0)
        sc.set_display(state, ab=SIX_A, c=FOUR_C)
        sc.set_cubes(state, 0, (0, 0), wood=3)
        sc.set_cubes(state, 0, (1, 0), stone=3)
        if kiln:
            sc.add_building(state, 0, "Charcoal Kiln", (-1, 0), tier="A", wood=1)
        sc.play(state, "build Quarry", "place 0,-1")  # Quarry: 3 wood
        return state

    quick, slow = town(False, kiln=False), town(True, kiln=False)
    assert quick._events is None and slow._events is not None
    assert sc.tile_at(quick, 0, (0, -1)) == "Quarry" and quick.current_player == 1
    assert quick.to_json()["state"] == slow.to_json()["state"]
    quick, slow = town(False, kiln=True), town(True, kiln=True)
    assert type(quick.frames[-1]) is Pay
    assert legal(quick) == legal(slow) == {"pay wood 0,0", "pay wood -1,0"}
    assert quick.to_json()["state"] == slow.to_json()["state"]


def test_the_types_a_payment_leaves_no_choice_about_are_paid_before_the_first_choice_FF_CON_6():
    """FF-CON-6: types are paid in goods order; where the first type owed is held by one
    building only, its cubes are taken with no question asked, and the payment waits at the
    first type held by two buildings, owing only what is left. The town and the question are
    exactly those of the logged path, where each cube is paid (and logged) one at a time."""
    from acreage.core.events import recording
    from acreage.games.foxglove.frames import Pay

    def town(logged: bool):
        with recording() if logged else _no_log():
            state = game(2, seed=0)
        sc.set_display(state, ab=SIX_A, c=FOUR_C)
        sc.set_cubes(state, 0, (0, 0), wood=2)
        sc.set_cubes(state, 0, (1, 0), stone=1)
        sc.add_building(state, 0, "Charcoal Kiln", (-1, 0), tier="A", stone=1)
        sc.play(state, "build Coal Mine", "place 0,-1")  # Coal Mine: 1 wood, 2 stone
        return state

    quick, slow = town(False), town(True)
    assert type(quick.frames[-1]) is Pay and quick.frames[-1].owed[:2] == (0, 2)
    assert legal(quick) == legal(slow) == {"pay stone 1,0", "pay stone -1,0"}
    assert quick.to_json()["state"] == slow.to_json()["state"]
    assert sc.cubes_at(quick, 0, (0, 0)) == {"wood": 1}
    sc.play(quick, "pay stone 1,0")  # one stone left, on the Kiln: taken at once
    assert sc.tile_at(quick, 0, (0, -1)) == "Coal Mine" and quick.current_player == 1


class _no_log:
    def __enter__(self):
        return None

    def __exit__(self, *exc):
        return False
