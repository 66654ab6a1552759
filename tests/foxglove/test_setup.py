"""Setting up a game (the new game of ``state.py`` over ``content.py``, ``goods.py`` and
``geometry.py``): one to four players, the tiles and the five goods in the box, a supply of trails
and cubes that never runs out, what every tile shows, the town grid with its cells and their
neighbours, the starting towns and scores, who sits to the left and who starts (FF-SET-1 to
FF-SET-7, FF-SET-10 to FF-SET-12). The stacks and the display laid out at setup are checked in
``test_display.py``."""

from __future__ import annotations

from collections import Counter

import pytest

import acreage
from acreage import IllegalAction
from acreage.games.foxglove import constants as fconst
from acreage.games.foxglove import scenario as sc
from acreage.games.foxglove import state as fstate
from acreage.games.foxglove.content import TILES, find_tile, tier_counts
from acreage.games.foxglove.geometry import cell_of, in_bounds, parse_cell
from acreage.games.foxglove.goods import GOODS, NUM_GOODS, format_goods, goods_index
from acreage.games.foxglove.rulings import COORD_LIMIT

from .helpers import (
    SIX_A,
    assert_illegal,
    display_refs,
    legal,
    names,
    pass_and_finish_round,
    pay_all,
    place_cells,
    stack_refs,
    stock,
    town,
    trail_at,
)
from .helpers import game_seed_0 as game


def test_player_counts_FF_SET_1():
    """Checks FF-SET-1: 1 to 4 players; with one player the solo display (FF-SOLO-2) applies."""
    for players in (1, 2, 3, 4):
        state = acreage.new_game("foxglove", players=players, seed=1)
        assert state.num_players == players
        assert len(state.scores()) == players
    for players in (0, 5):
        with pytest.raises(acreage.OptionError):
            acreage.new_game("foxglove", players=players, seed=1)
    solo = acreage.new_game("foxglove", players=1, seed=1)
    areas = Counter(sp["area"] for sp in solo.observation(0)["display"])
    assert areas == {"AB": 6, "C": 4}


def test_content_totals_FF_SET_2():
    """Checks FF-SET-2: 4 starting tiles and 90 building tiles, 31 A / 35 B / 24 C, ten C '!'."""
    counts = tier_counts(TILES)
    assert counts["A"] == 31
    assert counts["B"] == 35
    assert counts["C"] == 24
    assert counts["A"] + counts["B"] + counts["C"] == 90
    assert sum(t.copies for t in TILES if t.advanced) == 10
    assert all(t.tier == "C" for t in TILES if t.advanced)
    # The starting tile is a Forest/Mine domino, one per player: 4 of each half.
    start = {t.name: t.copies for t in TILES if t.tier == "start"}
    assert start == {"Forest": 4, "Mine": 4}
    # A new game really holds all of them, in its stacks and on its display.
    state = game(2)
    held = Counter(ref.split(":")[0] for sp in display_refs(state) for ref in sp)
    for tier in "ABC":
        held[tier] += len(stack_refs(state, tier))
    assert held == {"A": 31, "B": 35, "C": 24}


def test_five_goods_types_FF_SET_3():
    """Checks FF-SET-3: the goods are wood, stone, wheat, coal and sheep, and nothing else."""
    assert tuple(GOODS) == ("wood", "stone", "wheat", "coal", "sheep")
    state = game(2)
    with pytest.raises(IllegalAction):
        state.parse_action("pay gold 0,0")


def test_goods_helpers_FF_SET_3():
    """FF-SET-3: the five goods, in their fixed order, as messages write them."""
    assert format_goods((2, 1, 0, 0, 3)) == "2 wood + 1 stone + 3 sheep"
    assert format_goods((0, 0, 0, 0, 0)) == "nothing"
    assert goods_index(" Coal ") == 3
    message = "unknown goods type 'gold'; goods are wood, stone, wheat, coal, sheep"
    with pytest.raises(ValueError, match=message):
        goods_index("gold")


def test_supply_never_runs_out_FF_SET_4():
    """Checks FF-SET-4: more than 44 trails and more than 135 cubes are fine; tiles are limited."""
    state = game(2)
    # 50 trails already in the town (two rows of 25 east-west straights).
    for y in (-1, -2):
        for x in range(-12, 13):
            sc.add_trail(state, 0, (x, y), "EW")
    # 30 full Ranches: 240 sheep in one town, far beyond the 135 printed cubes.
    cells = [(x, y) for y in (2, 3, 4) for x in range(-5, 5)]
    for at in cells:
        sc.add_building(state, 0, "Ranch", at, sheep=8)
    sc.set_cubes(state, 0, (0, 0))
    sc.set_cubes(state, 0, (1, 0))
    sc.start_round(state, 2)
    assert sc.cubes_at(state, 0, (0, 0)) == {"wood": 5}
    assert sc.cubes_at(state, 0, (1, 0)) == {"stone": 3}
    assert state.cubes_in_town(0) == 240 + 8
    # A 51st trail can still be built (both shapes always available).
    assert state.round == 2 and state.current_player == 0
    sc.play(state, "trails")
    assert {"trail NS 0,1", "trail NE 0,1"} <= legal(state)
    sc.play(state, "trail NS 0,1", "pay wood 0,0")
    assert len(town(state, 0)["trails"]) == 51
    # Building tiles are limited: a build takes one A tile out of the display and stacks.
    state = game(2)
    stock(state, 0)
    sc.set_display(state, ab=SIX_A)
    before = sum(len(sp) for sp in names(state)[:6]) + len(stack_refs(state, "A"))
    sc.play(state, "build Allotment", "place 0,1")
    after = sum(len(sp) for sp in names(state)[:6]) + len(stack_refs(state, "A"))
    assert after == before - 1


def test_tile_facts_FF_SET_5():
    """Checks FF-SET-5: every building tile has a cost, name, slots, tier and effects; the
    rulebook's fixed numbers (Sheepfold cost, Butcher/Ranch/Hut/Kiln slots) hold."""
    for t in TILES:
        if t.tier == "start":
            continue
        assert t.name.strip()
        assert t.tier in ("A", "B", "C")
        assert any(t.cost), t.name
        assert t.slots >= 0
        assert t.effects, t.name
    sheepfold = find_tile("Sheepfold")
    assert sheepfold.cost == (1, 1, 0, 0, 0)
    assert find_tile("Butcher").slots == 4
    assert find_tile("Ranch").slots == 8
    assert find_tile("Hauler's Hut").slots >= 4
    assert find_tile("Charcoal Kiln", "A").slots >= 3
    assert find_tile("Charcoal Kiln", "B").slots >= 3


def test_towns_are_separate_and_one_tile_per_cell_FF_SET_6():
    """Checks FF-SET-6: a build in one town leaves the other town alone; one tile per cell."""
    state = game(2)
    stock(state, 0)
    stock(state, 1)
    sc.set_display(state, ab=SIX_A)
    other = town(state, 1)
    sc.play(state, "build Allotment")
    assert (1, 0) not in place_cells(state) and (0, 0) not in place_cells(state)
    assert_illegal(state, "place 0,0")
    sc.play(state, "place 0,1")
    assert sc.tile_at(state, 0, (0, 1)) == "Allotment"
    assert town(state, 1) == other
    assert sc.tile_at(state, 1, (0, 1)) is None
    # Seat 1 may use the same cell in its own town.
    assert state.current_player == 1
    sc.play(state, "build Meadow")
    assert (0, 1) in place_cells(state)
    sc.play(state, "place 0,1")
    pay_all(state)
    assert sc.tile_at(state, 1, (0, 1)) == "Meadow"
    assert sc.tile_at(state, 0, (0, 1)) == "Allotment"


def test_town_grid_is_unbounded_FF_SET_6_FF_TRL_7_FF_CON_8():
    """Checks FF-SET-6 (with FF-TRL-7 and FF-CON-8): the town is an unbounded grid, so a trail
    line built in rounds 1-2 can always be extended and built against."""
    state = game(2)
    sc.play(state, "trails")
    x = 2
    while state.current_player == 0 and "trail action" in state.describe_decision():
        sc.play(state, f"trail EW {x},0")
        pay_all(state)
        x += 1
    assert x == 10  # round 1: 8 cubes, 8 trails (2,0) .. (9,0)
    pass_and_finish_round(state)
    sc.play(state, "pass")  # seat 1 starts round 2
    sc.play(state, "trails")
    for x in (10, 11, 12):
        sc.play(state, f"trail EW {x},0")
        pay_all(state)
    assert trail_at(state, 0, (12, 0)) == "EW"
    assert "trail EW 13,0" in legal(state)
    sc.play(state, "trail EW 13,0")


def test_cells_parse_inside_the_bounds_only_FF_SET_6():
    """FF-SET-6: the engine's grid runs -COORD_LIMIT..COORD_LIMIT on both axes (a bound no
    game reaches); both ends are inside, one step further is refused with a message."""
    lim = COORD_LIMIT
    assert parse_cell("(1,2)") == cell_of(1, 2)
    assert parse_cell(f" {-lim},{lim} ") == cell_of(-lim, lim)
    assert parse_cell(f"{lim},{-lim}") == cell_of(lim, -lim)
    for x, y in ((lim + 1, 0), (-lim - 1, 0), (0, lim + 1), (0, -lim - 1)):
        assert not in_bounds(x, y)
        with pytest.raises(ValueError, match="too far out"):
            parse_cell(f"{x},{y}")
    assert in_bounds(lim, -lim) and in_bounds(-lim, lim)
    for text in ("X1,2", "1;2", "1,2,3"):
        with pytest.raises(ValueError, match="is not a cell"):
            parse_cell(text)


def test_a_cells_neighbours_are_the_four_orthogonal_cells_on_the_grid_FF_SET_6():
    """FF-SET-6: a cell's neighbours are exactly its orthogonal cells that lie on the grid,
    each with the direction it lies in (N is +y, E is +x), so a town at the grid's edge or
    corner has no neighbour off it. Checked along both borders, the lines beside them and the
    centre lines (the grid has 2,001 cells a side)."""
    from acreage.games.foxglove.geometry import E, N, S, W, neighbours

    step = {N: (0, 1), E: (1, 0), S: (0, -1), W: (-1, 0)}
    lim = COORD_LIMIT
    lines = (-lim, -lim + 1, -1, 0, 1, lim - 1, lim)
    span = range(-lim, lim + 1)
    cells = {(a, b) for a in lines for b in span} | {(b, a) for a in lines for b in span}
    for x, y in cells:
        want = tuple((d, cell_of(x + dx, y + dy)) for d, (dx, dy) in step.items()
                     if in_bounds(x + dx, y + dy))
        assert neighbours(cell_of(x, y)) == want, (x, y)
    assert neighbours(cell_of(-lim, -lim)) == ((N, cell_of(-lim, -lim + 1)), (E, cell_of(-lim + 1, -lim)))


def test_starting_town_and_scores_FF_SET_7_FF_SET_10(monkeypatch):
    """Checks FF-SET-7 and FF-SET-10: before round 1 production each town is an empty Forest at
    (0,0) and an empty Mine at (1,0), scores are 0 and the round is 1."""
    seen = []
    original = fstate.begin_round

    def spy(state):
        seen.append((state.round, state.points[:], [c[:] for c in state.cubes],
                     [dict(c) for c in state.cells]))
        return original(state)

    monkeypatch.setattr(fstate, "begin_round", spy)
    state = acreage.new_game("foxglove", players=3, seed=4)
    round_, points, cubes, cells = seen[0]
    assert round_ == 1
    assert points == [0, 0, 0]
    for seat in range(3):
        assert sum(cubes[seat]) == 0
        assert len(cells[seat]) == 2
    # After round 1 production: two separate buildings, nothing else in the town.
    for seat in range(3):
        buildings = state.observation(seat)["towns"][seat]["buildings"]
        assert [(b["tile"], b["cell"]) for b in buildings] == [("Forest", [0, 0]), ("Mine", [1, 0])]
        assert state.observation(seat)["towns"][seat]["trails"] == []
        assert sc.cubes_at(state, seat, (0, 0)) == {"wood": 5}
        assert sc.cubes_at(state, seat, (1, 0)) == {"stone": 3}
    assert state.scores() == [0, 0, 0]
    assert state.round == 1
    assert state.observation(0)["round"] == 1


@pytest.mark.parametrize("players", [1, 2, 3, 4])
def test_each_town_starts_with_the_forest_and_the_mine_and_their_cubes_only_FF_SET_7(players):
    """FF-SET-7: each town starts as the two halves of the starting tile; the cube vector holds
    one entry per goods type per building, nothing more."""
    state = acreage.new_game("foxglove", players=players, seed=2)
    for seat in range(players):
        assert [TILES[t].name for t in state.building_tiles[seat]] == ["Forest", "Mine"]
        assert len(state.cubes[seat]) == NUM_GOODS * len(state.building_tiles[seat])
    assert state.undo_floor == 0 and state.history == []


def test_left_is_the_next_seat_FF_SET_11():
    """Checks FF-SET-11: the player to the left of seat s is (s+1) mod n."""
    state = game(4, start_player=2)
    seen = []
    while state.phase == fconst.CONSTRUCTION and state.round == 1:
        seen.append(state.current_player)
        sc.play(state, "pass")
    assert seen == [2, 3, 0, 1]


def test_start_player_option_and_seeded_draw_FF_SET_12():
    """Checks FF-SET-12: the option names the start player; without it a seeded draw picks one."""
    for seat in range(4):
        state = acreage.new_game("foxglove", players=4, seed=5, start_player=seat)
        assert state.start_player == seat
        assert state.current_player == seat
        assert state.observation(0)["start_player"] == seat
    drawn = [acreage.new_game("foxglove", players=4, seed=s).start_player for s in range(20)]
    assert set(drawn) == {0, 1, 2, 3}  # every seat can be drawn
    assert drawn == [acreage.new_game("foxglove", players=4, seed=s).start_player for s in range(20)]
