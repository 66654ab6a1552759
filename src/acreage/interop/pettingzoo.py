"""PettingZoo AEC environments for every registered game.

>>> from acreage.interop.pettingzoo import env
>>> e = env("foxglove", players=2, move_cap=20)
>>> e.reset(seed=7)
>>> for agent in e.agent_iter():
...     obs, reward, terminated, truncated, info = e.last()
...     action = None if terminated or truncated else e.action_space(agent).sample(obs["action_mask"])
...     e.step(action)

Agents are ``player_0`` … ``player_{n-1}`` (seat numbers). Each observation is
``{"observation": float32 vector, "action_mask": int8 vector}``; the vector is the game's
``observation_tensor(seat)`` (only what that seat may see), the mask marks the legal action ids
of the agent to act (all zero for the others). The action space is ``Discrete`` over the
game's fixed action ids. Rewards are paid once, when the game ends (``reward=`` ``"auto"``,
``"rank"``, ``"score"`` or ``"margin"``; see docs/interop.md). Turn order follows the game: the
same agent may act many times in a row (multi-step decisions, transport).
"""

from __future__ import annotations

import random
from typing import Any

import gymnasium
import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv
from pettingzoo.utils import wrappers

from ..core.registry import game_info, new_game
from ._common import default_players, final_rewards, probe, render_text, resolve_reward

__all__ = ["AcreageAECEnv", "env", "raw_env"]


class AcreageAECEnv(AECEnv):
    """One game of any registered acreage game as a PettingZoo AEC environment.

    Args:
        game: registered game name (``"foxglove"``).
        players: number of seats (default 2 where the game allows it).
        reward: ``"auto"`` (rank with opponents, score solo), ``"rank"``, ``"score"``, ``"margin"``.
        render_mode: ``None`` or ``"ansi"`` (``render()`` returns the acting seat's view as text).
        **options: game options, passed to :func:`acreage.new_game` (e.g. ``move_cap=20``).

    ``reset(seed=s)`` starts the game with seed ``s`` (the same seed a record would show);
    ``reset()`` without a seed draws the next seed from a generator seeded by the last seed
    given. Reset ``options`` are accepted and ignored: game options are fixed at construction.
    An illegal action raises :class:`acreage.IllegalAction` and leaves the game unchanged.
    """

    metadata = {"render_modes": ["ansi"], "name": "acreage_v0", "is_parallelizable": False}

    def __init__(
        self,
        game: str = "foxglove",
        players: int | None = None,
        reward: str = "auto",
        render_mode: str | None = None,
        **options: Any,
    ) -> None:
        super().__init__()
        info = game_info(game)
        self.game = info.name
        self.players = default_players(info) if players is None else players
        self.options = dict(options)
        self.reward_scheme = resolve_reward(reward, self.players)
        if render_mode is not None and render_mode not in self.metadata["render_modes"]:
            raise ValueError(f"render_mode must be None or 'ansi', not {render_mode!r}")
        self.render_mode = render_mode
        sample = probe(self.game, self.players, self.options)
        self.num_actions = sample.num_distinct_actions
        self.obs_shape = tuple(sample.observation_shape)
        self.possible_agents = [f"player_{i}" for i in range(self.players)]
        self._seat = {agent: i for i, agent in enumerate(self.possible_agents)}
        obs_space = spaces.Dict(
            {
                "observation": spaces.Box(0.0, 1.0, self.obs_shape, dtype=np.float32),
                "action_mask": spaces.Box(0, 1, (self.num_actions,), dtype=np.int8),
            }
        )
        # One space object per agent, returned as is on every call (seeding needs that).
        self.observation_spaces = {a: obs_space if i == 0 else _copy_space(obs_space)
                                   for i, a in enumerate(self.possible_agents)}
        self.action_spaces = {a: spaces.Discrete(self.num_actions) for a in self.possible_agents}
        self._seeds = random.Random()
        self.state_ = None

    # ------------------------------------------------------------------ spaces
    def observation_space(self, agent: str) -> spaces.Space:
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space:
        return self.action_spaces[agent]

    # ------------------------------------------------------------------ AEC API
    def reset(self, seed: int | None = None, options: dict | None = None) -> None:
        if seed is not None:
            self._seeds = random.Random(seed)
            game_seed = int(seed)
        else:
            game_seed = self._seeds.getrandbits(32)
        self.state_ = new_game(self.game, players=self.players, seed=game_seed, **self.options)
        self.agents = self.possible_agents[:]
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos = {a: {} for a in self.agents}
        if self.state_.is_terminal:  # a game that ends before anyone decides
            self._finish()
        else:
            self.agent_selection = self.possible_agents[self.state_.current_player]

    def observe(self, agent: str) -> dict[str, np.ndarray]:
        seat = self._seat[agent]
        state = self.state_
        obs = np.asarray(state.observation_tensor(seat), dtype=np.float32).reshape(self.obs_shape)
        mask = np.zeros(self.num_actions, dtype=np.int8)
        if not state.is_terminal and state.current_player == seat:
            mask[state.legal_action_ids()] = 1
        return {"observation": obs, "action_mask": mask}

    def step(self, action) -> None:
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        self._cumulative_rewards[agent] = 0.0
        self._clear_rewards()
        self.state_.apply_id(int(action))
        if self.state_.is_terminal:
            self._finish()
        else:
            self.agent_selection = self.possible_agents[self.state_.current_player]
        self._accumulate_rewards()

    def _finish(self) -> None:
        state = self.state_
        values = final_rewards(state, self.reward_scheme)
        scores = state.scores()
        places = state.ranking()
        for agent in self.agents:
            seat = self._seat[agent]
            self.rewards[agent] = float(values[seat])
            self.terminations[agent] = True
            self.infos[agent] = {"score": scores[seat], "place": places[seat]}
        self.agent_selection = self.agents[0]

    def render(self) -> str | None:
        if self.render_mode is None:
            gymnasium.logger.warn("render() called without a render_mode; use render_mode='ansi'")
            return None
        if self.state_ is None:
            return "(not started: call reset())"
        return render_text(self.state_)

    def close(self) -> None:
        pass

    @property
    def game_state(self):
        """The underlying :class:`acreage.GameState` (the true state; for tools, not agents)."""
        return self.state_


def _copy_space(space: spaces.Dict) -> spaces.Dict:
    return spaces.Dict({k: spaces.Box(v.low, v.high, v.shape, dtype=v.dtype) for k, v in space.items()})


def raw_env(game: str = "foxglove", players: int | None = None, **kwargs: Any) -> AcreageAECEnv:
    """The bare environment (no wrappers)."""
    return AcreageAECEnv(game, players=players, **kwargs)


def env(game: str = "foxglove", players: int | None = None, **kwargs: Any):
    """The environment wrapped in PettingZoo's usual order-enforcing wrapper."""
    return wrappers.OrderEnforcingWrapper(raw_env(game, players=players, **kwargs))
