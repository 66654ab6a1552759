"""Game-agnostic engine core: the state contract, errors, RNG, options, registry and records."""

from .errors import (
    AcreageError,
    BadActionId,
    BadContent,
    BadEventIndex,
    BadOption,
    BadRecord,
    BadSeat,
    BadSeed,
    BadSnapshot,
    ContentError,
    IllegalAction,
    OptionError,
    RecordError,
)
from .options import OptionSpec
from .records import load_state, read_json_file, replay, save_json
from .registry import GameInfo, game_info, games, new_game, register
from .rng import Rng
from .state import GameState

__all__ = [
    "AcreageError",
    "BadActionId",
    "BadContent",
    "BadOption",
    "BadRecord",
    "BadEventIndex",
    "BadSeat",
    "BadSeed",
    "BadSnapshot",
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
    "read_json_file",
    "register",
    "replay",
    "save_json",
]
