"""PettingZoo AEC adapter: PettingZoo's own api_test and seed_test for every game and player count."""

from __future__ import annotations

import warnings

import pytest

pytest.importorskip("pettingzoo")
np = pytest.importorskip("numpy")

from pettingzoo.test import api_test, seed_test  # noqa: E402

import acreage  # noqa: E402
from acreage.interop.pettingzoo import AcreageAECEnv, env, raw_env  # noqa: E402


def _play(e, seed: int) -> dict:
    """Play one game with masked random actions; return each agent's summed reward."""
    e.reset(seed=seed)
    totals = dict.fromkeys(e.possible_agents, 0.0)
    for agent in e.agent_iter():
        obs, reward, terminated, truncated, info = e.last()
        totals[agent] += reward
        if terminated or truncated:
            e.step(None)
            continue
        e.step(e.action_space(agent).sample(obs["action_mask"]))
    return totals


def test_api_test(game_case):
    game, players, options = game_case
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # Dict observations draw PettingZoo's style warnings
        api_test(env(game, players=players, **options), num_cycles=1000)


def test_seed_test(game_case):
    game, players, options = game_case
    seed_test(lambda: env(game, players=players, **options), num_cycles=1000)


def test_rank_rewards_sum_to_zero_and_match_the_ranking(game_case):
    game, players, options = game_case
    e = raw_env(game, players=players, **options)
    totals = _play(e, seed=3)
    state = e.game_state
    assert state.is_terminal
    if players == 1:
        assert list(totals.values()) == [float(state.scores()[0])]
        return
    assert sum(totals.values()) == pytest.approx(0.0)
    places = state.ranking()
    for seat, agent in enumerate(e.possible_agents):
        better = sum(1 for p in places if p < places[seat])
        worse = sum(1 for p in places if p > places[seat])
        assert totals[agent] == pytest.approx((worse - better) / (players - 1))


@pytest.mark.parametrize("reward", ["score", "margin"])
def test_score_and_margin_rewards(reward):
    e = raw_env("foxglove", players=3, reward=reward, move_cap=5)
    totals = _play(e, seed=4)
    scores = e.game_state.scores()
    for seat, agent in enumerate(e.possible_agents):
        if reward == "score":
            assert totals[agent] == scores[seat]
        else:
            others = [s for i, s in enumerate(scores) if i != seat]
            assert totals[agent] == pytest.approx(scores[seat] - sum(others) / len(others))


def test_observation_is_the_seats_encoding_and_mask_only_for_the_actor():
    e = raw_env("foxglove", players=2, move_cap=5)
    e.reset(seed=11)
    actor = e.agent_selection
    seat = int(actor.split("_")[1])
    obs = e.observe(actor)
    state = e.game_state
    assert obs["observation"].dtype == np.float32
    np.testing.assert_array_equal(obs["observation"], np.asarray(state.observation_tensor(seat), np.float32))
    assert sorted(np.flatnonzero(obs["action_mask"]).tolist()) == state.legal_action_ids()
    other = e.possible_agents[1 - seat]
    assert not e.observe(other)["action_mask"].any()


def test_illegal_action_raises_and_changes_nothing():
    e = raw_env("foxglove", players=2, move_cap=5)
    e.reset(seed=2)
    mask = e.observe(e.agent_selection)["action_mask"]
    illegal = int(np.flatnonzero(mask == 0)[0])
    before = e.game_state.to_json()
    with pytest.raises(acreage.IllegalAction):
        e.step(illegal)
    assert e.game_state.to_json() == before


def test_reset_seed_is_the_game_seed_and_render():
    e = raw_env("foxglove", players=2, render_mode="ansi", move_cap=5)
    e.reset(seed=42)
    assert e.game_state.seed == 42
    text = e.render()
    assert "round: 1" in text and "decision:" in text
    e.reset()
    assert e.game_state.seed != 42
    with pytest.raises(ValueError):
        AcreageAECEnv("foxglove", players=1, reward="rank")
