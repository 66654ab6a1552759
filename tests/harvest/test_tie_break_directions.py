"""Final ranking with the score and the sunrise tile pulling in different directions (HV-END-5,
HV-RND-2, HV-GAI-11).

HV-END-5: the highest total wins; among tied totals the lower-numbered sunrise tile ranks
higher. Each case gives the better tile to the seat with the lower (or equal) total, so a
ranking that compared tiles first, or used the tile with the wrong sign, gives another result.
"""

from __future__ import annotations

from acreage.games.harvest import scenario as sc


def finished(players: int, totals: list[int], tiles: list[int]):
    """A game over, with exactly these final totals and round-4 sunrise tiles."""
    s = sc.fresh(players, seed=4)
    s.phase = "over"
    s.frames = []
    for seat, want in enumerate(totals):
        s.score[seat] = 0
        rest = sum(v for k, v in s.score_parts(seat).items() if k != "track")
        s.score[seat] = want - rest
    s.tile = list(tiles)
    assert s.scores() == totals
    return s


def test_higher_total_beats_lower_tile_HV_END_5():
    """HV-END-5: 41 with tile #9 beats 40 with tile #1; the tile only matters on equal totals."""
    s = finished(2, [41, 40], [9, 1])
    assert s.ranking() == [1, 2]
    assert s.winners() == [0]


def test_equal_totals_lower_tile_wins_HV_END_5_HV_RND_2():
    """HV-END-5, HV-RND-2: at 40 each, tile #2 beats tile #7, whichever seat holds it; tiles are
    unique, so the ranking is strict."""
    assert finished(2, [40, 40], [7, 2]).ranking() == [2, 1]
    assert finished(2, [40, 40], [2, 7]).ranking() == [1, 2]


def test_every_place_uses_total_then_tile_HV_END_5():
    """HV-END-5 for the lower places: four seats with totals 50, 38, 38, 45 and tiles 10, 3, 4, 1.
    Seat 0 (50) first although its tile is the highest, seat 3 (45) second, then the two 38s in
    tile order: seat 1 (#3) third, seat 2 (#4) fourth."""
    s = finished(4, [50, 38, 38, 45], [10, 3, 4, 1])
    assert s.ranking() == [1, 3, 4, 2]
    assert s.winners() == [0]


def test_gairy_has_no_place_in_a_two_player_ranking_HV_GAI_11():
    """HV-GAI-11: in a 2-player game only the two humans are ranked, by HV-END-5."""
    s = finished(2, [33, 33], [5, 4])
    assert s.ranking() == [2, 1]
    assert len(s.rank_keys()) == 2
