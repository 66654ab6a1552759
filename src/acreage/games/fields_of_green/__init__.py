"""Fields of Green: a four-year farm-building card draft (2–4 players)."""

from __future__ import annotations

from ...core.levels import Level
from ...core.options import OptionSpec, as_bool, seat_or_none
from ...core.registry import GameInfo
from .bots.heuristic import evaluate, value
from .conservation import conservation_errors
from .present import PRESENTATION
from .state import FieldsState

OPTIONS = {
    "first_player": OptionSpec(
        "first_player", None, "seat that is First Player in year 1 (default: drawn with the game's seed)",
        convert=seat_or_none, lobby="seat",
    ),
    "introductory": OptionSpec(
        "introductory", False, "introductory mode: fixed draw splits each year instead of chosen ones",
        convert=as_bool,
    ),
}


#: Named bot levels (docs/bots.md has each one's measured strength). There is no ``expert``:
#: 2,000 iterations (about a second a move) scored no more than 300 against ``medium`` (37.0
#: against 36.6 points, paired games of 2026-12-06), so it would not be a stronger level.
LEVELS = (
    Level("easy", "greedy:temperature=1",
          "looks one move ahead by the projected final score, and often takes a lesser option"),
    Level("medium", "greedy", "always takes the best move one step ahead by the projected final score"),
    Level("hard", "mcts:iterations=300", "searches ahead (300 iterations, about a sixth of a second a move)"),
)

GAME_INFO = GameInfo(
    name="fields_of_green",
    title="Fields of Green",
    min_players=2,
    max_players=4,
    options=OPTIONS,
    factory=FieldsState,  # the state class is built from (players, seed, options)
    state_class=FieldsState,
    hidden_information=True,
    simultaneous_choices=True,
    description="Draft Location cards over four years and grow a watered, fed and scoring farm.",
    aliases=("fog", "fields-of-green", "fieldsofgreen"),
    heuristic=evaluate,
    value=value,
    presentation=PRESENTATION,
    conservation=conservation_errors,
    levels=LEVELS,
    variants=(
        (2, {}), (2, {"introductory": True}), (3, {}), (3, {"introductory": True}),
        (4, {}), (4, {"introductory": True}),
    ),
)

__all__ = ["FieldsState", "GAME_INFO", "OPTIONS"]
