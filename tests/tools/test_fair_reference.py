"""``tools/fair_reference.py``: the heavy fair search that gives a reference for what a player
who cannot see the stacks scores in a solo setup (FF-SET-8: nothing it decides may depend on the hidden
order; FF-SOLO-10: the solo result; bench tooling, not a bot)."""

from __future__ import annotations

import importlib.util
import random
import sys
from pathlib import Path

import pytest

_TOOLS = Path(__file__).resolve().parents[2] / "tools"
sys.path.insert(0, str(_TOOLS))
_spec = importlib.util.spec_from_file_location("fair_reference", _TOOLS / "fair_reference.py")
fair_reference = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(fair_reference)
import solo_oracle  # noqa: E402  (on the path through fair_reference's own import)


@pytest.fixture(scope="module")
def round_4_start():
    """Round 4's first construction decision of a greedy setup-5 game (cheap to search)."""
    snapshots, watch = solo_oracle.round_starts([4])
    solo_oracle.solo_game("greedy", 5, 4212, 4212, watch=watch)
    return snapshots[4]


def test_the_beam_reports_the_best_line_under_each_first_step(round_4_start):
    found: dict = {}
    score, line = solo_oracle.beam(round_4_start, 2, random.Random(1), by_first=found)
    assert found and set(found) <= set(round_4_start.legal_actions())
    assert max(found.values()) == score
    assert found[line[len(round_4_start.history)]] == score


def test_a_fair_turn_ignores_the_hidden_stack_order_FF_SET_8(round_4_start):
    other = round_4_start.clone()
    for stack in other.stacks:
        random.Random(3).shuffle(stack)
    assert other.stacks != round_4_start.stacks
    before = round_4_start.to_json()
    one = fair_reference.choose_turn(round_4_start, 2, 1, 1, random.Random(7))
    two = fair_reference.choose_turn(other, 2, 1, 1, random.Random(7))
    assert one == two
    assert round_4_start.to_json() == before  # searched on copies only
    step, scores = one
    assert step in round_4_start.legal_actions()
    # the turn played has the best mean among the steps that reached the end in every guess
    full = {s: v for s, v in scores.items() if len(v) == 2}
    assert step in full and sum(full[step]) == max(sum(v) for v in full.values())


def test_peeking_searches_the_real_order_once(round_4_start):
    step, scores = fair_reference.choose_turn(round_4_start, 3, 1, 1, random.Random(7), peek=True)
    assert all(len(v) == 1 for v in scores.values())
    found: dict = {}
    solo_oracle.beam(round_4_start, 1, random.Random(7), 1, by_first=found)
    assert {s: [v] for s, v in found.items()} == scores


def test_a_fair_game_is_played_to_its_end_by_legal_moves_FF_SOLO_10():
    score, builds, seconds = fair_reference.fair_game(5, 4212, guesses=1, width=1, per_town=1)
    assert score > 0 and seconds > 0
    assert builds[0]  # round 1 built something from setup 5's display
