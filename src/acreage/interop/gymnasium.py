"""Gymnasium single-agent environments: one seat learns, bots play the others.

Importing this module registers, for every registered game, ``acreage/<Game>-v0`` (2 players
where the game allows it, the learner at seat 0 against ``random`` bots) and, for games that
can be played alone, ``acreage/<Game>Solo-v0``::

    import gymnasium as gym
    import acreage.interop.gymnasium  # noqa: F401  (registers the ids)

    env = gym.make("acreage/FoxgloveSolo-v0", move_cap=20)
    obs, info = env.reset(seed=1)
    obs, reward, terminated, truncated, info = env.step(env.action_space.sample(mask=info["action_mask"]))

Masks: ``info["action_mask"]`` (int8, usable as ``action_space.sample(mask=...)``) and the
method ``action_masks()`` (bool), which is what sb3-contrib's ``MaskablePPO`` calls.
"""

from __future__ import annotations

from typing import Any

import gymnasium
import numpy as np
from gymnasium import spaces

from ..agents import make_agent
from ..core.registry import game_info, games, new_game
from ._common import default_players, final_rewards, probe, render_text, resolve_reward

__all__ = ["AcreageEnv", "env_ids", "register_envs"]


class AcreageEnv(gymnasium.Env):
    """One seat of an acreage game; every other seat is played by a named bot.

    Args:
        game: registered game name.
        players: number of seats (default 2 where allowed).
        seat: the learner's seat, or ``"random"`` for a fresh draw at every reset.
        opponents: a bot spec for every other seat (``"random"``, ``"greedy"``,
            ``"greedy:iterations=50"``…, see :func:`acreage.agents.make_agent`) or a list with
            one spec per other seat, in seat order.
        reward: ``"auto"``, ``"rank"``, ``"score"`` or ``"margin"`` (paid when the game ends).
        illegal_action: ``"penalty"`` (default): an action that is not legal leaves the game
            unchanged, pays ``illegal_penalty`` and sets ``info["illegal_action"]``; ``"raise"``:
            raise :class:`acreage.IllegalAction`. With masks (MaskablePPO) it never happens.
        illegal_penalty: the reward for an illegal action under ``"penalty"``.
        render_mode: ``None`` or ``"ansi"``.
        **options: game options (e.g. ``move_cap=20``).

    Observation: the game's ``observation_tensor(seat)`` as a float32 ``Box`` in [0, 1].
    The bots decide on their own seeded generators, drawn from ``reset(seed=...)``, so a
    seeded episode replays exactly.
    """

    metadata = {"render_modes": ["ansi"], "render_fps": 4}

    def __init__(
        self,
        game: str = "foxglove",
        players: int | None = None,
        seat: int | str = 0,
        opponents: str | list[str] = "random",
        reward: str = "auto",
        illegal_action: str = "penalty",
        illegal_penalty: float = -1.0,
        render_mode: str | None = None,
        **options: Any,
    ) -> None:
        info = game_info(game)
        self.game = info.name
        self.players = default_players(info) if players is None else players
        if seat != "random" and not (isinstance(seat, int) and 0 <= seat < self.players):
            raise ValueError(f"seat must be 0–{self.players - 1} or 'random', not {seat!r}")
        self.seat_choice = seat
        others = self.players - 1
        specs = [opponents] * others if isinstance(opponents, str) else list(opponents)
        if len(specs) != others:
            raise ValueError(f"give one opponent spec per other seat ({others}), not {len(specs)}")
        for spec in specs:
            make_agent(spec)  # fail now, with the agent registry's message, on a bad spec
        self.opponent_specs = specs
        self.options = dict(options)
        self.reward_scheme = resolve_reward(reward, self.players)
        if illegal_action not in ("penalty", "raise"):
            raise ValueError("illegal_action must be 'penalty' or 'raise'")
        self.illegal_action = illegal_action
        self.illegal_penalty = float(illegal_penalty)
        if render_mode is not None and render_mode not in self.metadata["render_modes"]:
            raise ValueError(f"render_mode must be None or 'ansi', not {render_mode!r}")
        self.render_mode = render_mode
        sample = probe(self.game, self.players, self.options)
        self.num_actions = sample.num_distinct_actions
        self.obs_shape = tuple(sample.observation_shape)
        self.observation_space = spaces.Box(0.0, 1.0, self.obs_shape, dtype=np.float32)
        self.action_space = spaces.Discrete(self.num_actions)
        self.state = None
        self.seat = 0 if seat == "random" else seat
        self._bots: dict[int, Any] = {}

    # ------------------------------------------------------------------ helpers
    def _observation(self) -> np.ndarray:
        return np.asarray(self.state.observation_tensor(self.seat), dtype=np.float32).reshape(self.obs_shape)

    def _mask(self) -> np.ndarray:
        mask = np.zeros(self.num_actions, dtype=np.int8)
        state = self.state
        if not state.is_terminal and state.current_player == self.seat:
            mask[state.legal_action_ids()] = 1
        return mask

    def _info(self, **extra: Any) -> dict[str, Any]:
        info: dict[str, Any] = {"action_mask": self._mask(), "seat": self.seat}
        if self.state.is_terminal:
            info["scores"] = list(self.state.scores())
            info["ranking"] = list(self.state.ranking())
        info.update(extra)
        return info

    def _play_bots(self) -> None:
        state = self.state
        while not state.is_terminal and state.current_player != self.seat:
            seat = state.current_player
            state.apply(self._bots[seat].decide(state, seat))

    def _final_reward(self) -> float:
        return float(final_rewards(self.state, self.reward_scheme)[self.seat])

    # ------------------------------------------------------------------ Gymnasium API
    def reset(self, *, seed: int | None = None, options: dict | None = None):
        super().reset(seed=seed)
        rng = self.np_random
        game_seed = int(rng.integers(0, 2**63 - 1))
        if self.seat_choice == "random":
            self.seat = int(rng.integers(0, self.players))
        self._bots = {}
        others = [s for s in range(self.players) if s != self.seat]
        for s, spec in zip(others, self.opponent_specs, strict=True):
            self._bots[s] = make_agent(spec, seed=int(rng.integers(0, 2**63 - 1)))
        self.state = new_game(self.game, players=self.players, seed=game_seed, **self.options)
        self._play_bots()
        return self._observation(), self._info()

    def step(self, action):
        if self.state is None:
            raise RuntimeError("call reset() before step()")
        if self.state.is_terminal:
            raise RuntimeError("the episode is over; call reset()")
        state = self.state
        legal = state.legal_action_ids()
        a = int(action)
        if a not in legal:
            if self.illegal_action == "raise":
                state.apply_id(a)  # raises IllegalAction with the game's reason
            return self._observation(), self.illegal_penalty, False, False, self._info(illegal_action=True)
        state.apply_id(a)
        self._play_bots()
        terminated = state.is_terminal
        reward = self._final_reward() if terminated else 0.0
        return self._observation(), reward, terminated, False, self._info()

    def action_masks(self) -> np.ndarray:
        """Legal actions of the learner now, as booleans (the method MaskablePPO calls)."""
        return self._mask().astype(bool)

    def render(self) -> str | None:
        if self.render_mode is None:
            gymnasium.logger.warn("render() called without a render_mode; use render_mode='ansi'")
            return None
        if self.state is None:
            return "(not started: call reset())"
        return render_text(self.state, self.seat)

    def close(self) -> None:
        pass


def _camel(name: str) -> str:
    return "".join(part.capitalize() for part in name.split("_"))


def env_ids() -> dict[str, dict[str, Any]]:
    """Every id this module registers, with the keyword arguments it stands for."""
    out: dict[str, dict[str, Any]] = {}
    for info in games():
        camel = _camel(info.name)
        out[f"acreage/{camel}-v0"] = {"game": info.name, "players": default_players(info)}
        if info.min_players == 1:
            out[f"acreage/{camel}Solo-v0"] = {"game": info.name, "players": 1}
    return out


def register_envs() -> list[str]:
    """Register every id with Gymnasium (done on import; safe to call again)."""
    done = []
    for env_id, kwargs in env_ids().items():
        if env_id not in gymnasium.registry:
            gymnasium.register(id=env_id, entry_point=AcreageEnv, kwargs=kwargs)
        done.append(env_id)
    return done


register_envs()
