"""Gymnasium adapter: Gymnasium's own check_env on every registered id, masks, bots, rewards."""

from __future__ import annotations

import warnings

import pytest

gym = pytest.importorskip("gymnasium")
np = pytest.importorskip("numpy")

from gymnasium.utils.env_checker import check_env  # noqa: E402

import acreage  # noqa: E402
from acreage.core import games  # noqa: E402
from acreage.interop import gymnasium as agym  # noqa: E402
from acreage.interop.gymnasium import AcreageEnv  # noqa: E402


def _short(env_id: str) -> dict:
    """Options that keep this environment's game short (only those its game has)."""
    from acreage.core import game_info

    info = game_info(gym.spec(env_id).kwargs["game"])
    return {k: v for k, v in {"move_cap": 5}.items() if k in info.options}


def _run_masked(env, seed: int, use_method: bool = False):
    """One episode choosing uniformly among legal actions, as a masked policy would."""
    obs, info = env.reset(seed=seed)
    rng = np.random.default_rng(seed)
    total, steps = 0.0, 0
    while True:
        mask = env.unwrapped.action_masks() if use_method else info["action_mask"].astype(bool)
        assert mask.any()
        action = int(rng.choice(np.flatnonzero(mask)))
        obs, reward, terminated, truncated, info = env.step(action)
        assert env.observation_space.contains(obs)
        assert not info.get("illegal_action")
        total += reward
        steps += 1
        if terminated or truncated:
            return total, steps, info


def test_ids_are_registered_on_import():
    ids = agym.env_ids()
    for info in games():
        name = "".join(p.capitalize() for p in info.name.split("_"))
        assert f"acreage/{name}-v0" in ids
        if info.min_players == 1:
            assert f"acreage/{name}Solo-v0" in ids
    assert "acreage/Foxglove-v0" in gym.registry and "acreage/FoxgloveSolo-v0" in gym.registry


@pytest.mark.parametrize("env_id", sorted(agym.env_ids()))
def test_check_env(env_id):
    env = gym.make(env_id, **_short(env_id))
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        check_env(env.unwrapped)
    env.close()


def test_check_env_solo_every_game(solo_game):
    game, options = solo_game
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        check_env(AcreageEnv(game, players=1, **options))


@pytest.mark.parametrize("env_id", sorted(agym.env_ids()))
def test_masked_episode_ends_with_the_final_reward(env_id):
    env = gym.make(env_id, **_short(env_id))
    total, steps, info = _run_masked(env, seed=7, use_method=True)
    state = env.unwrapped.state
    assert state.is_terminal and steps >= 1
    seat = env.unwrapped.seat
    if state.num_players == 1:
        assert total == state.scores()[0]
    else:
        places = state.ranking()
        better = sum(1 for p in places if p < places[seat])
        worse = sum(1 for p in places if p > places[seat])
        assert total == pytest.approx((worse - better) / (state.num_players - 1))
    assert info["scores"] == state.scores()


def test_seeded_episodes_replay_exactly_with_bots():
    def episode():
        env = AcreageEnv("foxglove", players=3, seat="random", opponents=["random", "greedy"], move_cap=1)
        obs, info = env.reset(seed=5)
        trace = [env.seat, env.state.seed]
        rng = np.random.default_rng(0)
        done = False
        while not done:
            a = int(rng.choice(np.flatnonzero(info["action_mask"])))
            obs, r, term, trunc, info = env.step(a)
            trace.append((a, r, float(obs.sum())))
            done = term or trunc
        return trace, env.state.record()

    assert episode() == episode()


def test_only_the_learner_acts_and_illegal_actions():
    env = AcreageEnv("foxglove", players=2, seat=1, move_cap=5)
    obs, info = env.reset(seed=3)
    assert env.state.current_player == 1
    np.testing.assert_array_equal(obs, np.asarray(env.state.observation_tensor(1), np.float32))
    assert sorted(np.flatnonzero(info["action_mask"]).tolist()) == env.state.legal_action_ids()
    np.testing.assert_array_equal(env.action_masks(), info["action_mask"].astype(bool))
    illegal = int(np.flatnonzero(info["action_mask"] == 0)[0])
    before = env.state.to_json()
    obs2, reward, term, trunc, info2 = env.step(illegal)
    assert (reward, term, trunc, info2["illegal_action"]) == (-1.0, False, False, True)
    assert env.state.to_json() == before
    strict = AcreageEnv("foxglove", players=2, illegal_action="raise", move_cap=5)
    strict.reset(seed=3)
    with pytest.raises(acreage.IllegalAction):
        strict.step(illegal)


def test_bad_configuration_is_refused():
    with pytest.raises(ValueError):
        AcreageEnv("foxglove", players=2, opponents=["random", "random"])
    with pytest.raises(ValueError):
        AcreageEnv("foxglove", players=2, opponents="nobody")
    with pytest.raises(ValueError):
        AcreageEnv("foxglove", players=2, seat=2)
    with pytest.raises(acreage.OptionError):
        AcreageEnv("foxglove", players=2, colour="red")
