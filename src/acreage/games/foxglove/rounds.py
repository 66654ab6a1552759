"""The round: it begins with production and ends after processing; after round 2 the display
swaps to B tiles, after each of rounds 1-3 the start player moves on, and round 4 ends the game
(FF-RND).

Functions of the state. Construction begins as an automatic step once every gain is kept
(``frames.BeginConstruction``); transportation begins when construction ends
(``construction.end_turn``) and ends the round (``transport.finish_stage`` → ``end_round``).
"""

from __future__ import annotations

from .constants import PRODUCTION
from .display import swap_to_b
from .frames import BeginConstruction
from .production import produce
from .scoring import end_game


def begin_round(state) -> None:
    """Production for every seat (FF-PRD), then construction (FF-RND-1)."""
    state.phase = PRODUCTION
    state.undo_mark += 1  # the round (and the phase before) ended
    state.frames.append(BeginConstruction(-1))
    if state._events is not None:
        state._events.add("round", None, {"round": state.round, "start_player": state.start_player})
    produce(state)


def end_round(state) -> None:
    """Round 4 goes straight to the end of the game (FF-RND-13); after round 2 the display
    swaps to B tiles (FF-RND-9/10); the start player moves one seat on (FF-RND-8)."""
    if state.round == 4:
        end_game(state)
        return
    if state.round == 2:
        swap_to_b(state)
    state.round += 1
    state.start_player = (state.start_player + 1) % state.num_players
    begin_round(state)
