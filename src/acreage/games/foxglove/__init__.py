"""Foxglove Farm: tile-laying town building with trails, transport and processing."""

from __future__ import annotations

from typing import Any

from ...core.levels import Level
from ...core.options import OptionSpec, as_bool, as_int, seat_or_none
from ...core.registry import GameInfo
from .bots.book import lookup as book_lookup
from .bots.heuristic import evaluate
from .bots.judgement_key import judgement_key
from .bots.planner import transport_macro
from .bots.prune import shortlist
from .bots.value import estimate_final_score, next_round_start
from .conservation import conservation_errors
from .metrics import metrics
from .present import PRESENTATION
from .rulings import DEFAULT_MOVE_CAP, SOLO_SETUPS
from .state import FoxgloveState


def _seats(value: Any, players: int) -> frozenset[int]:
    if value is None or value == "" or value is False:
        return frozenset()
    if value is True or value == "all":
        return frozenset(range(players))
    if isinstance(value, str):
        value = [v for v in value.replace(",", " ").split() if v]
    if isinstance(value, int):
        value = [value]
    seats = frozenset(as_int(v) for v in value)
    bad = [s for s in seats if not 0 <= s < players]
    if bad:
        raise ValueError(f"seat {bad[0]} does not exist in a {players}-player game")
    return seats


def _solo_setup(value: Any, players: int) -> int:
    setup = as_int(value)
    if setup not in SOLO_SETUPS:
        raise ValueError("solo setups are numbered 1–6")
    return setup


def _move_cap(value: Any, players: int) -> int:
    cap = as_int(value)
    if cap < 1:
        raise ValueError("the move cap must be at least 1")
    return cap


OPTIONS = {
    "start_player": OptionSpec(
        "start_player", None, "seat that starts round 1 (default: drawn at random)", convert=seat_or_none,
        lobby="seat",
    ),
    "expert": OptionSpec(
        "expert", frozenset(), "seats playing the expert transport variant, e.g. '0,2' or 'all'",
        convert=_seats, lobby="seats",
    ),
    "advanced_tiles": OptionSpec(
        "advanced_tiles", True, "include the ten advanced ('!') C tiles", convert=as_bool
    ),
    "solo_setup": OptionSpec(
        "solo_setup", 1, "solo display: 1 Random, 2 Bountiful Harvest, 3 Food Festival, "
        "4 Taste of Home, 5 Resourceful Artisans, 6 Vibrant History", convert=_solo_setup, players=(1,),
        lobby="choice", labels=tuple((k, f"{k} {v[0]}") for k, v in SOLO_SETUPS.items()),
    ),
    "move_cap": OptionSpec(
        "move_cap", DEFAULT_MOVE_CAP, "most cube moves per player in one transport phase",
        convert=_move_cap,
    ),
}


#: Named bot levels (docs/bots.md has each one's measured strength). ``hard`` at 200 iterations
#: thinks about half a second a move on average (more on a searched move, nothing on a planned
#: one) and won 86 % (78–91 %) of 100 paired games against ``medium`` (2026-12-06). Its search
#: keeps the full ordering it was measured with (``order_keep=0``; MCTS's default is the cheaper
#: one) until a sequential test passes a cheaper spec (``tools/ladder.py sprt``).
LEVELS = (
    Level("easy", "greedy:temperature=4",
          "looks one move ahead by its judgement of the town, and often takes a lesser option"),
    Level("medium", "greedy", "always takes the best move one step ahead by its judgement of the town"),
    Level("hard", "mcts:iterations=200,order_keep=0",
          "searches ahead (200 iterations, about half a second a move)",
          solo="mcts:iterations=50,order_keep=0"),
)

GAME_INFO = GameInfo(
    name="foxglove",
    title="Foxglove Farm",
    min_players=1,
    max_players=4,
    options=OPTIONS,
    factory=FoxgloveState,  # the state class is built from (players, seed, options)
    state_class=FoxgloveState,
    hidden_information=True,  # only the order of the face-down stacks
    simultaneous_choices=False,
    description="Tile-laying town building: trails, goods transport and processing over 4 rounds.",
    aliases=("foxglove_farm", "ff"),
    heuristic=evaluate,
    value=estimate_final_score,
    shortlist=shortlist,
    judge_key=judgement_key,
    horizon=next_round_start,
    book=book_lookup,
    macros=transport_macro,
    presentation=PRESENTATION,
    metrics=metrics,
    conservation=conservation_errors,
    levels=LEVELS,
    variants=(
        *[(1, {"solo_setup": k}) for k in range(1, 7)],
        (1, {"solo_setup": 1, "expert": "all", "advanced_tiles": False}),
        (2, {}),
        (2, {"expert": [0]}),
        (3, {}),
        (3, {"advanced_tiles": False, "expert": "all"}),
        (4, {}),
        (4, {"expert": [1, 3]}),
    ),
)

__all__ = ["FoxgloveState", "GAME_INFO", "OPTIONS"]
