"""Small helpers for the Harvest tests."""

from __future__ import annotations

import random

import pytest

from acreage import IllegalAction
from acreage.games.harvest import scenario as sc


def legal(state) -> set[str]:
    return {str(a) for a in state.legal_actions()}


def assert_illegal(state, text: str) -> None:
    before = state.to_json()
    with pytest.raises(IllegalAction):
        state.apply(text)
    assert state.to_json() == before


def random_game(players: int, seed: int, ff: bool = True, upto: int | None = None):
    state = sc.fresh(players, seed=seed, assign=None, fall_festival=ff)
    rng = random.Random(seed)
    steps = 0
    while not state.is_terminal and (upto is None or steps < upto):
        acts = state.legal_actions()
        busy = [a for a in acts if str(a) != "done"] or acts
        state.apply(rng.choice(busy if rng.random() < 0.8 else acts))
        steps += 1
    return state
