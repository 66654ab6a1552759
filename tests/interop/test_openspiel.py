"""OpenSpiel adapter: pyspiel.random_sim_test, MCTSBot against a random bot, ISMCTS resampling."""

from __future__ import annotations

import pytest

pyspiel = pytest.importorskip("pyspiel")
np = pytest.importorskip("numpy")

from open_spiel.python.algorithms import evaluate_bots, ismcts, mcts  # noqa: E402
from open_spiel.python.bots import uniform_random  # noqa: E402

import acreage  # noqa: E402
from acreage.core import game_info, games  # noqa: E402
from acreage.interop.openspiel import register_games, short_name  # noqa: E402


def _load(game: str, players: int, options: dict, **params):
    return pyspiel.load_game(short_name(game), {"players": players, "seed": 1, **options, **params})


def test_every_game_is_registered():
    names = set(pyspiel.registered_names())
    for info in games():
        assert short_name(info.name) in names
    assert register_games() == [short_name(info.name) for info in games()]  # idempotent


def test_game_type_and_info(game_case):
    game, players, options = game_case
    info = game_info(game)
    g = _load(game, players, options)
    t = g.get_type()
    assert t.short_name == short_name(game)
    assert t.dynamics == pyspiel.GameType.Dynamics.SEQUENTIAL
    assert t.chance_mode == pyspiel.GameType.ChanceMode.SAMPLED_STOCHASTIC
    assert t.reward_model == pyspiel.GameType.RewardModel.TERMINAL
    expected_info = (
        pyspiel.GameType.Information.IMPERFECT_INFORMATION
        if info.hidden_information
        else pyspiel.GameType.Information.PERFECT_INFORMATION
    )
    assert t.information == expected_info
    assert (t.min_num_players, t.max_num_players) == (info.min_players, info.max_players)
    assert t.provides_observation_tensor and t.provides_observation_string
    assert not t.provides_information_state_string
    probe = acreage.new_game(game, players=players, seed=0, **options)
    assert g.num_players() == players
    assert g.num_distinct_actions() == probe.num_distinct_actions
    assert g.max_game_length() == probe.max_game_length
    assert g.max_chance_outcomes() == 0
    assert g.observation_tensor_shape() == list(probe.observation_shape)
    if players > 1:
        assert t.utility == pyspiel.GameType.Utility.ZERO_SUM
        assert (g.min_utility(), g.max_utility(), g.utility_sum()) == (-1.0, 1.0, 0.0)
    else:
        assert t.utility == pyspiel.GameType.Utility.GENERAL_SUM
        assert g.min_utility() == 0.0


def test_random_sim_test(game_case):
    game, players, options = game_case
    g = _load(game, players, options)
    # serialize=False: OpenSpiel serialises sampled-stochastic games with the game's RNG
    # state, which Python games cannot provide (as for every Python game in OpenSpiel).
    pyspiel.random_sim_test(g, num_sims=1 if players > 2 else 2, serialize=False, verbose=False)


@pytest.mark.parametrize("reward", ["score", "margin"])
def test_random_sim_test_other_rewards(reward):
    g = _load("foxglove", 2, {"move_cap": 5}, reward=reward)
    assert g.get_type().utility == (
        pyspiel.GameType.Utility.GENERAL_SUM if reward == "score" else pyspiel.GameType.Utility.ZERO_SUM
    )
    pyspiel.random_sim_test(g, num_sims=1, serialize=False, verbose=False)


def test_mcts_bot_plays_a_full_game_against_random(game_case):
    game, players, options = game_case
    g = _load(game, players, options)
    rng = np.random.RandomState(0)
    evaluator = mcts.RandomRolloutEvaluator(n_rollouts=1, random_state=np.random.RandomState(1))
    bots = [mcts.MCTSBot(g, uct_c=2.0, max_simulations=6, evaluator=evaluator,
                         random_state=np.random.RandomState(2), solve=False)]
    bots += [uniform_random.UniformRandomBot(p, np.random.RandomState(p)) for p in range(1, players)]
    state = g.new_initial_state()
    returns = evaluate_bots.evaluate_bots(state, bots, rng)
    assert len(returns) == players
    if players > 1:
        assert sum(returns) == pytest.approx(0.0)
        assert -1.0 <= min(returns) <= max(returns) <= 1.0


def test_seeded_game_deals_a_reproducible_sequence():
    def deals():
        g = _load("foxglove", 2, {"move_cap": 5})
        return [str(g.new_initial_state()) for _ in range(3)]

    first = deals()
    assert first == deals()
    assert len(set(first)) > 1


def test_clone_is_independent_and_lazy_seeds_are_not_consumed():
    g = _load("foxglove", 2, {"move_cap": 5})
    a = g.new_initial_state()
    b = a.clone()
    assert str(a) == str(b) and a.history() == b.history()
    b.apply_action(b.legal_actions()[0])
    assert a.history() == [] and len(b.history()) == 1
    # Cloning made throw-away initial states; none of them drew a seed.
    g2 = _load("foxglove", 2, {"move_cap": 5})
    g2.new_initial_state().current_player()
    assert str(g2.new_initial_state()) == str(g.new_initial_state())


def test_resample_from_infostate_keeps_what_the_player_sees():
    g = _load("foxglove", 2, {"move_cap": 5})
    state = g.new_initial_state()
    rng = np.random.RandomState(4)
    sampler = pyspiel.UniformProbabilitySampler(0.0, 1.0)
    for _ in range(25):
        if state.is_terminal():
            break
        player = state.current_player()
        other = state.resample_from_infostate(player, sampler)
        assert other.observation_string(player) == state.observation_string(player)
        assert other.observation_tensor(player) == state.observation_tensor(player)
        assert other.legal_actions() == state.legal_actions()
        assert other.history() == state.history()
        state.apply_action(int(rng.choice(state.legal_actions())))
    hidden = [s for s in state.acreage_state.stacks if len(s) > 1]
    if hidden:
        shuffled = [state.resample_from_infostate(0, sampler).acreage_state.stacks for _ in range(5)]
        assert any(s != state.acreage_state.stacks for s in shuffled)


def test_ismcts_searches_on_resampled_states():
    g = _load("foxglove", 2, {"move_cap": 5})
    bot = ismcts.ISMCTSBot(
        g, mcts.RandomRolloutEvaluator(1, np.random.RandomState(0)), 2.0, max_simulations=6,
        use_observation_string=True, random_state=np.random.RandomState(0),
    )
    state = g.new_initial_state()
    for _ in range(4):
        if state.is_terminal():
            break
        action = bot.step(state)
        assert action in state.legal_actions()
        state.apply_action(action)


def test_string_options_and_bad_parameters():
    g = _load("foxglove", 3, {"move_cap": 5}, expert="0,2", start_player="1")
    state = g.new_initial_state()
    assert state.acreage_state.options["expert"] == frozenset({0, 2})
    assert state.acreage_state.start_player == 1
    with pytest.raises(Exception, match="rank"):
        _load("foxglove", 1, {}, reward="rank")
    with pytest.raises(Exception, match="players"):
        _load("foxglove", 9, {})
