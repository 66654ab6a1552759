"""Foxglove Farm, exactly: end-game effects that look at the town's shape (Guildhall's ring of
8 cells, Community Centre's trail paths), the grid's coordinate bounds and cell notation,
and the goods helpers used by messages.

Coordinates: the Forest is at (0,0) and the Mine at (1,0); x grows east and y grows north.
"""

from __future__ import annotations

import pytest

from acreage.games.foxglove import scenario as sc
from acreage.games.foxglove.geometry import cell_of, in_bounds, parse_cell
from acreage.games.foxglove.goods import format_goods, goods_index
from acreage.games.foxglove.queries import end_points_by_building
from acreage.games.foxglove.rulings import COORD_LIMIT
from acreage.games.foxglove.scoring import gain

from .helpers import empty_town, game


def test_guildhall_counts_exactly_the_processing_tiles_in_its_ring_FF_EFX_34():
    """FF-EFX-34: Guildhall at (10,10) with processing tiles on the 3 cells south of it, on the
    east cell and on the north cell: 5 × 3 = 15. Processing tiles two cells away (N, E, S, W)
    do not count, and the result is the same when asked again."""
    state = game()
    empty_town(state, 0)
    b = sc.add_building(state, 0, "Guildhall", (10, 10))
    for at in ((9, 9), (10, 9), (11, 9), (11, 10), (10, 11)):
        sc.add_building(state, 0, "Bakery", at)
    for at in ((10, 12), (12, 10), (10, 8), (8, 10), (12, 12), (8, 8)):
        sc.add_building(state, 0, "Foundry", at)
    assert end_points_by_building(state, 0)[b] == 15
    assert end_points_by_building(state, 0)[b] == 15
    assert state.end_game_points(0) == 15


def test_guildhall_ring_on_the_west_east_diagonals_FF_EFX_34():
    """FF-EFX-34: the west cell, the two western diagonals and the north cell hold processing
    tiles: 4 × 3 = 12 (the east side is empty, the far west column does not count)."""
    state = game()
    empty_town(state, 0)
    b = sc.add_building(state, 0, "Guildhall", (10, 10))
    for at in ((9, 9), (9, 10), (9, 11)):
        sc.add_building(state, 0, "Cafe", at)
    for at in ((8, 9), (8, 10), (8, 11)):
        sc.add_building(state, 0, "Grocer", at)
    sc.add_building(state, 0, "Baths", (10, 11))
    assert end_points_by_building(state, 0)[b] == 12


def test_guildhall_at_the_edge_of_the_grid_does_not_wrap_FF_EFX_34_FF_SET_6():
    """FF-SET-6 / FF-EFX-34: on the grid's east edge (x = COORD_LIMIT) the Guildhall still sees
    its west and north-west neighbours, and a tile on the far west edge one row up is not its
    neighbour: 6. On the north edge (seat 1), the cell south of it still counts: 3."""
    state = game()
    empty_town(state, 0)
    b = sc.add_building(state, 0, "Guildhall", (COORD_LIMIT, 0))
    sc.add_building(state, 0, "Bakery", (COORD_LIMIT - 1, 0))
    sc.add_building(state, 0, "Cafe", (COORD_LIMIT - 1, 1))
    sc.add_building(state, 0, "Butcher", (-COORD_LIMIT, 1))
    assert end_points_by_building(state, 0)[b] == 6
    empty_town(state, 1)
    b = sc.add_building(state, 1, "Guildhall", (0, COORD_LIMIT))
    sc.add_building(state, 1, "Bakery", (0, COORD_LIMIT - 1))
    assert end_points_by_building(state, 1)[b] == 3


def test_community_centre_counts_neither_itself_nor_an_adjacent_wagon_shed_FF_EFX_35():
    """FF-EFX-35 (edge case 14): a Community Centre at (5,5) whose trail loop (5,6) ES,
    (6,6) SW, (6,5) NW comes back into its own east side does not count itself; a Wagon Shed
    next to it (joined for transport, FF-EFX-25) is only adjacent and does not count; a Bakery
    at the end of the NS trail at (5,4) counts: 3 points."""
    state = game()
    empty_town(state, 0)
    b = sc.add_building(state, 0, "Community Centre", (5, 5))
    sc.add_trail(state, 0, (5, 6), "ES")
    sc.add_trail(state, 0, (6, 6), "SW")
    sc.add_trail(state, 0, (6, 5), "NW")
    sc.add_building(state, 0, "Wagon Shed", (4, 5))
    sc.add_trail(state, 0, (5, 4), "NS")
    sc.add_building(state, 0, "Bakery", (5, 3))
    assert end_points_by_building(state, 0)[b] == 3


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


def test_goods_helpers_FF_SET_3():
    """FF-SET-3: the five goods, in their fixed order, as messages write them."""
    assert format_goods((2, 1, 0, 0, 3)) == "2 wood + 1 stone + 3 sheep"
    assert format_goods((0, 0, 0, 0, 0)) == "nothing"
    assert goods_index(" Coal ") == 3
    message = "unknown goods type 'gold'; goods are wood, stone, wheat, coal, sheep"
    with pytest.raises(ValueError, match=message):
        goods_index("gold")


def test_the_floor_is_news_only_when_it_saves_points_FF_END_8():
    """FF-END-8: a score never goes below zero. Losing exactly what a seat has leaves it at 0
    with nothing saved (no "floor" event); losing more keeps it at 0 and says how many points
    the floor absorbed."""
    state = game()
    state.record_events()
    state.points[0] = 3
    start = state.event_count
    gain(state, 0, -3)
    assert state.points[0] == 0
    assert [e for e in state.events_for(None, start) if e["kind"] == "floor"] == []
    gain(state, 0, -2)
    assert state.points[0] == 0
    floors = [e for e in state.events_for(None, start) if e["kind"] == "floor"]
    assert [(e["seat"], e["points"]) for e in floors] == [(0, 2)]


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
