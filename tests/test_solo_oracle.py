"""``bench/solo_oracle.py``: the perfect-information beam that measures a solo setup's headroom
(FF-SOLO-3, FF-SOLO-10: the solo setups and their thresholds; bench tooling, not a bot)."""

from __future__ import annotations

import importlib.util
from pathlib import Path

import pytest

from acreage.games.foxglove.rulings import SOLO_SETUPS

_PATH = Path(__file__).resolve().parents[1] / "bench" / "solo_oracle.py"
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
