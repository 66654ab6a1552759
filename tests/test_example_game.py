"""The example game (examples/card_draft.py), added by the checklist in docs/architecture.md
and registered from outside the package: what a new game gets from the core unchanged."""

from __future__ import annotations

import importlib.util
import json
import random
from pathlib import Path

import pytest

import acreage
from acreage.agents import make_agent
from acreage.core import IllegalAction, registry
from acreage.core.errors import BadActionId, BadSeat, BadSnapshot

_PATH = Path(__file__).resolve().parents[1] / "examples" / "card_draft.py"
_spec = importlib.util.spec_from_file_location("card_draft", _PATH)
card_draft = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(card_draft)


@pytest.fixture(autouse=True)
def _registered():
    registry.register(card_draft.GAME_INFO)
    yield
    registry._LOADED.pop("card_draft", None)


def _random_game(seed: int, players: int = 2):
    state = acreage.new_game("card_draft", players=players, seed=seed)
    rng = random.Random(seed)
    while not state.is_terminal:
        state.apply(rng.choice(state.legal_actions()))
    return state


def test_listed_and_played_to_the_end_CD_SET_1_CD_END_1():
    assert "card_draft" in {info.name for info in acreage.games()}
    state = _random_game(1, players=3)
    assert sorted(c for h in state.hands for c in h) == list(range(1, 10))
    assert sum(state.scores()) == 45 and state.current_player is None
    assert state.ranking()[state.scores().index(max(state.scores()))] == 1


def test_records_snapshots_and_ids_round_trip():
    state = _random_game(2)
    assert acreage.replay(state.record()).to_json() == state.to_json()
    half = acreage.new_game("card_draft", players=2, seed=3)
    half.apply("take " + str(half.legal_actions()[0].card))
    text = json.dumps(half.to_json())
    assert acreage.load_state(json.loads(text)).to_json() == half.to_json()
    for action in half.legal_actions():
        assert half.action_from_id(half.action_id(action)) == action


def test_bad_input_gets_the_cores_named_errors_and_changes_nothing():
    state = acreage.new_game("card_draft", players=2, seed=4)
    before = state.to_json()
    missing = next(c for c in range(1, 10) if c not in state.display)
    with pytest.raises(IllegalAction, match="is not face up"):
        state.apply(f"take {missing}")
    with pytest.raises(IllegalAction):
        state.apply("fly away")
    with pytest.raises(BadSeat):
        state.observation(5)
    with pytest.raises(BadActionId):
        state.apply_id(99)
    assert state.to_json() == before
    broken = state.to_json()
    broken["state"]["deck"] = broken["state"]["deck"][1:]
    with pytest.raises(BadSnapshot, match="not one each of 1-9"):
        acreage.load_state(broken)


def test_the_hidden_deck_is_resampled_and_the_view_kept():
    state = acreage.new_game("card_draft", players=2, seed=5)
    orders = {tuple(state.determinize(0, random.Random(k)).deck) for k in range(8)}
    assert len(orders) > 1
    view = state.observation(0)
    assert all(state.determinize(0, random.Random(k)).observation(0) == view for k in range(8))


def test_every_bot_plays_it():
    for spec in ("random", "greedy", "mcts:iterations=30"):
        state = acreage.new_game("card_draft", players=2, seed=6)
        bots = [make_agent(spec, seed=s) for s in range(2)]
        while not state.is_terminal:
            state.apply(bots[state.current_player].decide(state, state.current_player))
        assert sum(state.scores()) == 45
