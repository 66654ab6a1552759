"""``tools/solo_oracle.py``: the perfect-information beam that measures a solo setup's headroom
(FF-SOLO-3, FF-SOLO-10: the solo setups and their thresholds; bench tooling, not a bot)."""

from __future__ import annotations

import importlib.util
from pathlib import Path

import pytest

from acreage.games.foxglove.rulings import SOLO_SETUPS

_PATH = Path(__file__).resolve().parents[2] / "tools" / "solo_oracle.py"
_spec = importlib.util.spec_from_file_location("solo_oracle", _PATH)
solo_oracle = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(solo_oracle)


@pytest.fixture(scope="module")
def narrow_line():
    """The line of the narrowest beam in one setup-5 game (a few seconds of CPU)."""
    return solo_oracle.oracle(5, 4212, width=1)


def test_the_best_line_replays_to_its_score_by_legal_moves_FF_SOLO_10(narrow_line):
    score, line = narrow_line
    replayed, builds = solo_oracle.replay(5, 4212, line)
    assert replayed == score
    # setup 5's own tiles open the game: the first build comes from its display (FF-SOLO-3)
    _name, ab_row, c_row = SOLO_SETUPS[5]
    assert builds[0] and builds[0][0] in {*ab_row, *c_row}
    assert score > 0


def test_a_line_cut_short_is_refused(narrow_line):
    _score, line = narrow_line
    with pytest.raises(ValueError, match="ends before the game"):
        solo_oracle.replay(5, 4212, line[:-3])


def test_a_beam_that_keeps_nothing_is_refused():
    with pytest.raises(ValueError, match="at least 1 position"):
        solo_oracle.oracle(5, 4212, width=0)


def test_command_line_ranges_are_checked():
    import argparse

    assert solo_oracle.seed_range("7-9") == [7, 8, 9]
    assert solo_oracle.seed_range("7") == [7]
    with pytest.raises(argparse.ArgumentTypeError, match="from 1 to 6"):
        solo_oracle._setups("5,7")


@pytest.fixture(scope="module")
def greedy_game_round_starts():
    """A setup-5 game of the greedy bot with a copy of each later round's first construction
    decision, taken by ``round_starts`` through ``solo_ab.solo_game``'s watch."""
    snapshots, watch = solo_oracle.round_starts([2, 3, 4])
    score, *_timing = solo_oracle.solo_game("greedy", 5, 4212, 4212, watch=watch)
    return score, snapshots


def test_round_starts_keep_each_rounds_first_construction_decision_FF_RND_1(greedy_game_round_starts):
    from acreage.games.foxglove.constants import CONSTRUCTION

    _score, snapshots = greedy_game_round_starts
    assert sorted(snapshots) == [2, 3, 4]
    for rnd, state in snapshots.items():
        assert state.round == rnd and state.phase == CONSTRUCTION and not state.in_subdecision()
    # copies, not the game itself: the game went on to its end
    assert not snapshots[4].is_terminal


def test_a_beam_from_the_bots_round_4_continues_its_game_FF_SOLO_10(greedy_game_round_starts):
    import random

    _score, snapshots = greedy_game_round_starts
    start = snapshots[4]
    before = list(start.history)
    score, line = solo_oracle.beam(start, 1, random.Random(1))
    assert list(start.history) == before  # the position it started from is left as it was
    assert line[:len(before)] == before and len(line) > len(before)
    replayed, _builds = solo_oracle.replay(5, 4212, line)
    assert replayed == score >= start.points[0]


def test_round_lists_are_checked():
    import argparse

    assert solo_oracle._rounds("4,1,4") == (1, 4)
    for bad in ("0", "5", "x", ""):
        with pytest.raises(argparse.ArgumentTypeError, match="from 1 to 4"):
            solo_oracle._rounds(bad)


def test_per_town_keeps_the_best_positions_of_each_town_in_rank_order():
    """``varied`` keeps at most ``per_town`` positions per set of buildings, best first, so
    the beam's places go to different plans."""
    from acreage import new_game

    base = new_game("foxglove", players=1, seed=4212, solo_setup=5)
    other = base.clone()
    tiles = other.building_tiles[0]
    other.building_tiles[0] = [*tiles, tiles[0]]  # a second town: one more building
    ranked = [(9.0, base), (8.0, base.clone()), (7.0, other), (6.0, base.clone()), (5.0, other)]
    assert [v for v, _ in solo_oracle.varied(ranked, 1)] == [9.0, 7.0]
    assert [v for v, _ in solo_oracle.varied(ranked, 2)] == [9.0, 8.0, 7.0, 5.0]
    assert solo_oracle.town_of(base) != solo_oracle.town_of(other)


def test_a_beam_that_keeps_per_town_finds_a_legal_line_FF_SOLO_10():
    score, line = solo_oracle.oracle(5, 4212, width=2, per_town=1)
    replayed, _builds = solo_oracle.replay(5, 4212, line)
    assert replayed == score > 0
    with pytest.raises(ValueError, match="per_town=-1"):
        solo_oracle.oracle(5, 4212, width=2, per_town=-1)
