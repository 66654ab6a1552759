"""Acreage: engine, bots and play platform for modern farm-building board games.

>>> import acreage
>>> state = acreage.new_game("foxglove", players=2, seed=1)
>>> state.apply(state.legal_actions()[0])
"""

from .core import (
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
    GameInfo,
    GameState,
    IllegalAction,
    OptionError,
    RecordError,
    game_info,
    games,
    load_state,
    new_game,
    register,
    replay,
    save_json,
)

State = GameState
__version__ = "0.1.0"

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
    "RecordError",
    "State",
    "game_info",
    "games",
    "load_state",
    "new_game",
    "register",
    "replay",
    "save_json",
]
