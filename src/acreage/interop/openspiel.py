"""OpenSpiel: every registered game as a Python OpenSpiel game.

Importing this module registers ``acreage_<name>`` (``acreage_foxglove``) with ``pyspiel``::

    import pyspiel
    import acreage.interop.openspiel  # noqa: F401  (registers the games)

    game = pyspiel.load_game("acreage_foxglove", {"players": 3, "move_cap": 20, "seed": 7})
    state = game.new_initial_state()
    while not state.is_terminal():
        state.apply_action(state.legal_actions()[0])
    print(state.returns())

Modelling choices (see docs/interop.md):

* **Chance: SAMPLED_STOCHASTIC.** The games shuffle and draw with a seeded generator held
  inside the state; there are no explicit chance nodes, ``max_chance_outcomes`` is 0. Each
  ``new_initial_state()`` draws a fresh game seed from a generator seeded by the ``seed``
  parameter (``-1``: from the operating system), so a seeded game object deals a reproducible
  sequence of games. ``clone()`` copies the state's generator, so a clone replays the same
  future: search that clones the true state (``MCTSBot``) sees the hidden stack order.
* **Information:** IMPERFECT for games that declare hidden information (Foxglove: the order of
  the face-down stacks), else PERFECT. ``state.resample_from_infostate(player, sampler)``
  returns a copy in which everything hidden from ``player`` is re-sampled (the game's
  ``determinize``) — what OpenSpiel's Python ``ISMCTSBot`` calls.
* **Observations:** ``observation_tensor`` / ``observation_string`` through a Python observer
  (the game's ``observation_tensor(seat)`` and a text view of ``observation(seat)``). There is no
  perfect-recall information state (``provides_information_state_*`` is False); run
  ``ISMCTSBot(..., use_observation_string=True)``.
* **Utility:** parameter ``reward``: ``auto`` (``rank`` with 2+ players, ``score`` solo),
  ``rank`` (zero-sum, −1 … +1), ``score`` (final points, clipped to ``[0, score_cap]``) or
  ``margin`` (points minus the others' mean, clipped to ``±score_cap``; zero-sum unless the
  clip bites). Returns are paid at the end (``RewardModel.TERMINAL``).
* **Parameters:** ``players``, ``seed``, ``reward``, ``score_cap`` and every game option.
  Options whose default is not a bool/int/float/str (e.g. Foxglove's ``expert`` seat set or
  ``start_player``) are string parameters, ``""`` meaning the default, e.g. ``expert="0,2"``.
"""

from __future__ import annotations

import random
from typing import Any

import numpy as np
import pyspiel

from ..core.errors import OptionError
from ..core.records import load_state
from ..core.registry import GameInfo, games, new_game
from ._common import default_players, final_rewards, probe, render_text, resolve_reward

__all__ = ["AcreageSpielGame", "AcreageSpielState", "game_type", "register_games", "short_name"]

_RESERVED = ("players", "seed", "reward", "score_cap")
DEFAULT_SCORE_CAP = 1000


def short_name(game: str) -> str:
    """The OpenSpiel name of an acreage game: ``foxglove`` → ``acreage_foxglove``."""
    return f"acreage_{game}"


def _option_param(default: Any) -> Any:
    """The OpenSpiel parameter default standing for an option default."""
    if isinstance(default, (bool, int, float, str)):
        return default
    return ""  # None, sets, tuples…: given as text, "" meaning the game's default


def _parameter_spec(info: GameInfo) -> dict[str, Any]:
    spec: dict[str, Any] = {
        "players": default_players(info),
        "seed": -1,
        "reward": "auto",
        "score_cap": DEFAULT_SCORE_CAP,
    }
    for name, option in info.options.items():
        if name in _RESERVED:
            raise OptionError(f"{info.name} option {name!r} clashes with an OpenSpiel parameter name")
        spec[name] = _option_param(option.default)
    return spec


def _game_options(info: GameInfo, params: dict[str, Any]) -> dict[str, Any]:
    options = {}
    for name, option in info.options.items():
        if name not in params:
            continue
        value = params[name]
        if not isinstance(option.default, (bool, int, float, str)) and value == "":
            continue
        options[name] = value
    return options


def game_type(info: GameInfo, utility=None, tensor: bool = True) -> pyspiel.GameType:
    """The OpenSpiel ``GameType`` of an acreage game."""
    information = (
        pyspiel.GameType.Information.IMPERFECT_INFORMATION
        if info.hidden_information
        else pyspiel.GameType.Information.PERFECT_INFORMATION
    )
    return pyspiel.GameType(
        short_name=short_name(info.name),
        long_name=f"Acreage {info.title}",
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=pyspiel.GameType.ChanceMode.SAMPLED_STOCHASTIC,
        information=information,
        utility=utility if utility is not None else pyspiel.GameType.Utility.ZERO_SUM,
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=info.max_players,
        min_num_players=info.min_players,
        provides_information_state_string=False,
        provides_information_state_tensor=False,
        provides_observation_string=True,
        provides_observation_tensor=tensor,
        parameter_specification=_parameter_spec(info),
        default_loadable=True,
    )


class AcreageSpielGame(pyspiel.Game):
    """An acreage game with fixed parameters, as OpenSpiel sees it.

    Registered per game as a subclass whose ``acreage_game_info`` names the game, so that
    ``pyspiel.load_game`` can call it with the parameters alone.
    """

    acreage_game_info: GameInfo | None = None

    def __init__(self, params: dict[str, Any] | None = None, info: GameInfo | None = None) -> None:
        info = info or self.acreage_game_info
        if info is None:
            raise TypeError("AcreageSpielGame needs the game's GameInfo")
        params = dict(_parameter_spec(info), **(params or {}))
        players = int(params["players"])
        options = _game_options(info, params)
        sample = probe(info.name, players, options)  # validates players and options
        scheme = resolve_reward(str(params["reward"]), players)
        cap = float(params["score_cap"])
        if cap <= 0:
            raise OptionError("score_cap must be positive")
        try:
            obs_shape = tuple(sample.observation_shape)
        except NotImplementedError:
            obs_shape = None
        U = pyspiel.GameType.Utility
        if scheme == "rank":
            utility, lo, hi, total = U.ZERO_SUM, -1.0, 1.0, 0.0
        elif scheme == "margin" and players > 1:
            utility, lo, hi, total = U.ZERO_SUM, -cap, cap, 0.0
        else:  # score (and a solo margin, which is the score)
            utility, lo, hi, total = U.GENERAL_SUM, 0.0, cap, None
        gtype = game_type(info, utility=utility, tensor=obs_shape is not None)
        ginfo = pyspiel.GameInfo(
            num_distinct_actions=sample.num_distinct_actions,
            max_chance_outcomes=0,
            num_players=players,
            min_utility=lo,
            max_utility=hi,
            utility_sum=total,
            max_game_length=sample.max_game_length,
        )
        super().__init__(gtype, ginfo, params)
        self.acreage_info = info
        self.acreage_players = players
        self.acreage_options = options
        self.reward_scheme = scheme
        self.score_cap = cap
        self.obs_shape = obs_shape
        seed = int(params["seed"])
        self._seeds = random.Random(None if seed < 0 else seed)

    def next_seed(self) -> int:
        return self._seeds.getrandbits(63)

    def new_initial_state(self, *args) -> AcreageSpielState:
        if args:
            raise pyspiel.SpielError("acreage games start only from a fresh deal (no initial-state string)")
        return AcreageSpielState(self)

    def make_py_observer(self, iig_obs_type=None, params=None) -> _Observer:
        return _Observer(self, iig_obs_type, params)


class _Box:
    """Holds the acreage state; built on first use so that OpenSpiel's ``Clone`` (which makes a
    throw-away initial state first) never draws a game seed. Copied with the state's own
    ``clone()``, pickled as a snapshot."""

    __slots__ = ("game", "state")

    def __init__(self, game: AcreageSpielGame | None, state=None) -> None:
        self.game = game
        self.state = state

    def get(self):
        if self.state is None:
            g = self.game
            self.state = new_game(
                g.acreage_info.name, players=g.acreage_players, seed=g.next_seed(), **g.acreage_options
            )
        return self.state

    def __deepcopy__(self, memo) -> _Box:
        return _Box(self.game, self.get().clone())

    def __reduce__(self):
        return (_box_from_snapshot, (self.get().to_json(),))


def _box_from_snapshot(snapshot: dict) -> _Box:
    return _Box(None, load_state(snapshot))


class AcreageSpielState(pyspiel.State):
    """An OpenSpiel state wrapping an :class:`acreage.GameState`."""

    def __init__(self, game: AcreageSpielGame) -> None:
        super().__init__(game)
        self._box = _Box(game)
        self._scheme = game.reward_scheme
        self._cap = game.score_cap

    @property
    def acreage_state(self):
        """The wrapped acreage state (the true one, hidden parts included)."""
        return self._box.get()

    def current_player(self) -> int:
        seat = self._box.get().current_player
        return pyspiel.PlayerId.TERMINAL if seat is None else seat

    def _legal_actions(self, player: int) -> list[int]:
        state = self._box.get()
        if state.is_terminal or player != state.current_player:
            return []
        return state.legal_action_ids()

    def _apply_action(self, action: int) -> None:
        self._box.get().apply_id(int(action))

    def _action_to_string(self, player: int, action: int) -> str:
        state = self._box.get()
        if not state.is_terminal and player == state.current_player:
            try:
                return str(state.action_from_id(int(action)))
            except ValueError:
                pass
        return f"action#{action}"

    def is_terminal(self) -> bool:
        return self._box.get().is_terminal

    def returns(self) -> list[float]:
        state = self._box.get()
        if not state.is_terminal:
            return [0.0] * state.num_players
        values = final_rewards(state, self._scheme)
        if self._scheme == "rank":
            return values
        cap = self._cap
        return [min(max(v, -cap), cap) for v in values]

    def resample_from_infostate(self, player_id: int, probability_sampler) -> AcreageSpielState:
        """A copy in which all that ``player_id`` cannot see is re-sampled (``determinize``).

        ``probability_sampler()`` (e.g. ``pyspiel.UniformProbabilitySampler(0., 1.)``) gives a
        number in [0, 1) that seeds the re-sampling.
        """
        rng = random.Random(int(float(probability_sampler()) * (1 << 53)))
        copy = self.clone()
        copy._box.state = self._box.get().determinize(player_id, rng)
        return copy

    def __str__(self) -> str:
        state = self._box.get()
        return f"{render_text(state)}\nactions played: {len(state.history)}"


class _Observer:
    """OpenSpiel's Python observer: ``tensor``/``dict`` from the game's ``observation_tensor``."""

    def __init__(self, game: AcreageSpielGame, iig_obs_type, params) -> None:
        if params:
            raise ValueError(f"observation parameters are not supported; got {params}")
        if iig_obs_type is not None and (
            iig_obs_type.perfect_recall
            or not iig_obs_type.public_info
            or iig_obs_type.private_info != pyspiel.PrivateInfoType.SINGLE_PLAYER
        ):
            raise ValueError(
                "acreage games offer only the default observation (public info plus the seat's own, "
                "no perfect recall); use observation_tensor/observation_string, or "
                "ISMCTSBot(use_observation_string=True)"
            )
        if game.obs_shape is None:
            self.tensor = None
            self.dict = {}
        else:
            size = int(np.prod(game.obs_shape))
            self.tensor = np.zeros(size, np.float32)
            self.dict = {"observation": self.tensor.reshape(game.obs_shape)}

    def set_from(self, state: AcreageSpielState, player: int) -> None:
        if self.tensor is not None:
            self.tensor[:] = state.acreage_state.observation_tensor(player)

    def string_from(self, state: AcreageSpielState, player: int) -> str:
        return render_text(state.acreage_state, player)


_GAME_CLASSES: dict[str, type] = {}


def _has_tensor(info: GameInfo) -> bool:
    try:
        probe(info.name, default_players(info), {}).observation_shape  # noqa: B018
    except NotImplementedError:
        return False
    return True


def register_games() -> list[str]:
    """Register every acreage game with pyspiel (done on import; safe to call again)."""
    known = set(pyspiel.registered_names())
    names = []
    for info in games():
        name = short_name(info.name)
        if name not in known:
            # A class, not a closure: pyspiel holds the factory until after Python has shut
            # down, and releasing the last reference to a plain function then aborts the
            # process. A class stays referenced by its own MRO, so that release is harmless.
            cls = type(f"AcreageSpielGame_{info.name}", (AcreageSpielGame,), {"acreage_game_info": info})
            _GAME_CLASSES[name] = cls
            pyspiel.register_game(game_type(info, tensor=_has_tensor(info)), cls)
        names.append(name)
    return names


register_games()
