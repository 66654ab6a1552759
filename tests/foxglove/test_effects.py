"""The effect kinds themselves (``effects.py``, over the tiles of ``content.py``): each effect's
one timing, two effects of a tile resolving at their own times, gains and conversions, output
beyond a tile's slots, and which goods each tile accepts (FF-EFX-1 to FF-EFX-6, with FF-EX-7). An
effect that belongs to one phase is checked in that phase's file."""

from __future__ import annotations

import pytest

from acreage.games.foxglove import effects as fx
from acreage.games.foxglove import scenario as sc
from acreage.games.foxglove.content import TILES, TIMINGS, Effect, TileKind

from .helpers import (
    ALL_GOODS,
    FOREST,
    MINE,
    assert_illegal,
    build,
    construction_turn,
    empty_town,
    game,
    hold,
    legal,
    moves,
    processed,
    produced,
)


def test_every_effect_has_exactly_one_timing_FF_EFX_1():
    """Checks FF-EFX-1: each effect of every tile has one timing out of the six."""
    assert set(TIMINGS) == {"immediate", "production", "construction", "transport", "processing", "end"}
    for kind in TILES:
        assert kind.effects
        for eff in kind.effects:
            assert eff.when in TIMINGS


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
