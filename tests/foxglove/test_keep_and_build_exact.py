"""Foxglove Farm, exactly: choosing what to keep at production, paying for a build (with a
Mason's Lodge), a build's immediate effect, construction helpers (Lean-to, Mason's Lodge),
trails and upgrades, each with the exact event log it produces.

Written against the survivors of a mutation run: each test pins values (cubes, legal actions,
event fields) that a plausible slip in the rules code would change. Coordinates: the Forest is
at (0,0) and the Mine at (1,0); x grows east and y grows north.
"""

from __future__ import annotations

import pytest

from acreage.games.foxglove import scenario as sc
from acreage.games.foxglove.actions import BUILD, TRAIL
from acreage.games.foxglove.queries import end_points_by_building
from acreage.games.foxglove.rulings import MAX_BUILDINGS, MAX_TRAILS

from .helpers import empty_town, game, hold


def new_events(state, since: int) -> list[dict]:
    """The events after ``since``, without the bookkeeping fields ``i`` and ``step``."""
    return [{k: v for k, v in e.items() if k not in ("i", "step")} for e in state.events_for(None, since)]


def legal(state) -> list[str]:
    return sorted(str(a) for a in state.legal_actions())


# ----------------------------------------------------------------------------- production keeps
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
    assert legal(state) == ["keep coal", "keep stone"]
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
    assert legal(state) == ["keep coal", "keep stone"]
    assert new_events(state, mark) == [{"kind": "keep", "seat": 0, "tile": "Volcano", "good": "coal"}]
    mark = state.event_count
    state.apply("keep coal")
    assert sc.cubes_at(state, 0, (3, 3)) == {"stone": 1, "coal": 2}
    got = [e for e in new_events(state, mark) if e["seat"] == 0]
    assert got[:2] == [
        {"kind": "keep", "seat": 0, "tile": "Volcano", "good": "coal"},
        {"kind": "discard", "seat": 0, "tile": "Volcano", "goods": {"stone": 1}},
    ]


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


# ----------------------------------------------------------------------------- paying, Mason's Lodge
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
    assert legal(state) == ["pay stone 1,0", "pay wood 0,0"]
    state.apply("pay wood 0,0")
    assert legal(state) == ["pay stone 1,0", "pay wood 0,0"]
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


# ----------------------------------------------------------------------------- builds
def test_build_with_immediate_goods_logs_the_effect_FF_CON_11_FF_CON_12_FF_EFX_7():
    """FF-CON-11/12, FF-EFX-7: a Grazing Land (3 slots) gains 1 wheat + 2 sheep when placed;
    all fit. Events in order: the two payments, the build, the effect (exact fields), then the
    display refill."""
    state = game()
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


# ----------------------------------------------------------------------------- trails
def test_lean_to_free_trail_then_paid_trail_and_upgrade_are_logged_FF_EFX_19_FF_TRL_2_FF_TRL_4():
    """FF-EFX-19: the Lean-to built this turn makes one straight or curve free in this phase
    (FF-EFX-18: it works from the moment it stands). Then, in one trail action (FF-TRL-6):
    a free NS at (0,1), a paid NS at (0,2) (1 wood, FF-TRL-2) and an upgrade of (0,1) to NES
    (1 wood, FF-TRL-4). Each is one event with exact fields; the Toll House counts the 2 new
    trails (FF-EFX-36)."""
    state = game()
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
    state = game()
    empty_town(state, 0, wood=1)
    sc.add_building(state, 0, "Lean-to", (2, 0))
    hold(state, 1)
    sc.goto_construction(state, 0, round=1)
    sc.play(state, "trails", "trail NS 0,1", "trail NS 0,2")
    assert sc.cubes_at(state, 0, (0, 0)) == {}
    assert state.current_player == 1
    assert state.free_trails[0] == 0


@pytest.mark.parametrize(("trails", "offered"), [(MAX_TRAILS - 1, True), (MAX_TRAILS, False)])
def test_a_town_at_the_trail_limit_is_offered_no_new_trail(trails, offered):
    """The action-id layout has room for MAX_TRAILS trails per town (rulings.py: the game's
    economy cannot pay for half of them); a town holding that many is offered no new trail,
    one short of it still is. The limit only binds in a hand-made position."""
    state = game()
    empty_town(state, 0, wood=3, stone=3)
    for k in range(trails):  # one long east-west line from the Mine
        sc.add_trail(state, 0, (2 + k, 0), "EW")
    sc.goto_construction(state, 0, round=1)
    sc.play(state, "trails")
    assert any(a.kind == TRAIL for a in state.legal_actions()) is offered


def test_a_pending_upgrade_payment_is_encoded_as_one_FF_TRL_4():
    """FF-TRL-4: an upgrade costs one wood or stone; with both on hand the seat chooses, and the
    observation tensor marks the payment as an upgrade's (not a build's or a new trail's)."""
    from acreage.games.foxglove import encoding

    state = game()
    empty_town(state, 0, wood=1, stone=1)
    sc.add_trail(state, 0, (0, 1), "NS")
    hold(state, 1)
    sc.goto_construction(state, 0, round=2)
    sc.play(state, "trails", "upgrade NES 0,1")
    assert sorted(str(a) for a in state.legal_actions()) == ["pay stone 1,0", "pay wood 0,0"]
    purpose = encoding._offsets(2)["details"] + 7
    assert state.observation_tensor(0)[purpose:purpose + 3] == [0.0, 0.0, 1.0]  # build, trail, upgrade


@pytest.mark.parametrize(("buildings", "offered"), [(MAX_BUILDINGS - 1, True), (MAX_BUILDINGS, False)])
def test_a_town_at_the_building_limit_is_offered_no_build(buildings, offered):
    """The action-id layout has room for MAX_BUILDINGS buildings per town (rulings.py); a town
    holding that many is offered no build, one short of it still is (a hand-made position)."""
    state = game()
    empty_town(state, 0, wood=3, stone=3)
    for k in range(buildings - 2):  # the Forest and the Mine are two of them
        sc.add_building(state, 0, "Windmill", (2 * (k % 12) + 3, 2 * (k // 12) + 3))
    sc.goto_construction(state, 0, round=1)
    assert len(state.kinds[0]) == buildings
    assert any(a.kind == BUILD for a in state.legal_actions()) is offered
