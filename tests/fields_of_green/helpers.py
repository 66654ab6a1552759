"""Small helpers for the Fields of Green tests."""

from __future__ import annotations

import random

import pytest

from acreage import IllegalAction
from acreage.games.fields_of_green import scenario as sc
from acreage.games.fields_of_green.actions import cell_of
from acreage.games.fields_of_green.content import find_card
from acreage.games.fields_of_green.state import HARVEST_PHASE


def game(players: int = 3, seed: int = 0, **options):
    return sc.fresh(players, seed=seed, **options)


def legal(state) -> set[str]:
    return {str(a) for a in state.legal_actions()}


def assert_illegal(state, text: str) -> None:
    """``text`` is refused (as notation and as a structural action) and nothing changes."""
    before = state.to_json()
    with pytest.raises(IllegalAction):
        state.apply(text)
    assert state.to_json() == before
    try:
        action = state._parse_structural(text)
    except IllegalAction:
        return
    with pytest.raises(IllegalAction):
        state.apply(action)
    assert state.to_json() == before


def card_id(name: str) -> int:
    return find_card(name).id


def cell(x: int, y: int) -> int:
    return cell_of(x, y)


def next_year(state) -> None:
    """End the current year at once (as if every harvest were done) and run into the next."""
    state.frames = []
    state.phase = HARVEST_PHASE
    state.harvest_idx = state.num_players
    state._legal = None
    state._advance()


def random_game(players: int, seed: int, upto: int | None = None):
    """A random game played with seeded choices (to the end, or ``upto`` actions)."""
    state = game(players, seed=seed, first_player=None)
    rng = random.Random(seed)
    steps = 0
    while not state.is_terminal and (upto is None or steps < upto):
        state.apply(rng.choice(state.legal_actions()))
        steps += 1
    return state
