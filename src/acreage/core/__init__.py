"""Game-agnostic engine core: the state contract, errors, RNG, options, registry and records."""

from .errors import AcreageError, ContentError, IllegalAction, OptionError, RecordError
from .options import OptionSpec
from .records import load_state, replay, save_json
from .registry import GameInfo, game_info, games, new_game, register
from .rng import Rng
from .state import GameState

__all__ = [
    "AcreageError",
    "ContentError",
    "GameInfo",
    "GameState",
    "IllegalAction",
    "OptionError",
    "OptionSpec",
    "RecordError",
    "Rng",
    "game_info",
    "games",
    "load_state",
    "new_game",
    "register",
    "replay",
    "save_json",
]
