"""Final ranking keys pulling in different directions (FF-END-3, FF-END-4, FF-END-5, FF-END-6).

Each case makes an earlier key and a later key favour different seats, so a ranking that used
the keys in another order, or one of them with the wrong sign, gives a different result.
"""

from __future__ import annotations

from acreage.games.foxglove import scenario as sc

from .helpers import FOREST, MINE, empty_towns_game, finish_in_round_4


def test_more_points_beat_fewer_cubes_and_more_tiles_FF_END_3():
    """FF-END-3: 31 points with 8 cubes and fewer tiles beat 30 points with no cube and a trail."""
    state = empty_towns_game()
    sc.add_building(state, 0, "Ranch", (3, 3), sheep=8)  # 30 points, 8 cubes
    state.points[0] += 1
    state.points[1] = 30
    sc.add_trail(state, 1, (5, 5), "NS")
    sc.add_trail(state, 1, (5, 6), "NS")
    finish_in_round_4(state)
    assert state.scores() == [31, 30]
    assert state.cubes_in_town(0) == 8 and state.cubes_in_town(1) == 0
    assert state.tiles_in_town(1) > state.tiles_in_town(0)
    assert state.ranking() == [1, 2]
    assert state.winners() == [0]


def test_fewer_cubes_beat_more_tiles_FF_END_4_FF_END_5():
    """FF-END-4 before FF-END-5: at 30 each, the seat with 1 cube and fewer tiles ranks above the
    seat with 8 cubes and two more tiles (Ranch + trail against no building at all)."""
    state = empty_towns_game()
    sc.add_building(state, 0, "Ranch", (3, 3), sheep=8)
    sc.add_trail(state, 0, (5, 5), "NS")
    state.points[1] = 30
    sc.set_cubes(state, 1, FOREST, wood=1)
    finish_in_round_4(state)
    assert state.scores() == [30, 30]
    assert state.cubes_in_town(0) == 8 and state.cubes_in_town(1) == 1
    assert state.tiles_in_town(0) == state.tiles_in_town(1) + 2
    assert state.ranking() == [2, 1]
    assert state.winners() == [1]


def test_keys_in_order_for_every_place_FF_END_6():
    """FF-END-6: the same three keys order the lower places. Four seats: A 20 points; B and C 12
    points, B with 2 cubes, C with 1 cube but B has a trail more; D 12 points, 1 cube, tied with C
    on tiles too. Places: A 1st, C and D share 2nd, B 4th."""
    state = empty_towns_game(4)
    state.points[:] = [20, 12, 12, 12]
    sc.set_cubes(state, 1, FOREST, wood=1)
    sc.set_cubes(state, 1, MINE, stone=1)
    sc.add_trail(state, 1, (5, 5), "NS")
    sc.set_cubes(state, 2, FOREST, wood=1)
    sc.set_cubes(state, 3, MINE, stone=1)
    finish_in_round_4(state)
    assert state.scores() == [20, 12, 12, 12]
    assert [state.cubes_in_town(s) for s in range(4)] == [0, 2, 1, 1]
    assert state.tiles_in_town(1) == state.tiles_in_town(2) + 1 == state.tiles_in_town(3) + 1
    assert state.ranking() == [1, 4, 2, 2]
    assert state.winners() == [0]
