"""Setup's choices and its last step: each seat keeps a character and a farmhouse, face down
until all have chosen (HV-SET-8), then the characters' start effects (HV-CHR-3).

The deal itself (supplies, decks, the cards dealt) is the state's construction, in
``state.py``: every draw comes from the one seeded generator in the rulebook's order.
"""

from __future__ import annotations

from .actions import KEEPC, KEEPH, Action, made
from .content import CHARACTERS, FARMHOUSES
from .frames import KeepCharacter, KeepFarmhouse, setup_open
from .supply import gain


def keep_character_legal(state, frame: KeepCharacter) -> list[Action]:
    return [made(KEEPC, c) for c in sorted(set(state.dealt_characters[frame.seat]))]


def keep_character_do(state, frame: KeepCharacter, action: Action) -> None:
    state.character[frame.seat] = action.a
    state.frames.pop()


def keep_farmhouse_legal(state, frame: KeepFarmhouse) -> list[Action]:
    return [made(KEEPH, h) for h in sorted(set(state.dealt_farmhouses[frame.seat]))]


def keep_farmhouse_do(state, frame: KeepFarmhouse, action: Action) -> None:
    """The last choice of all reveals every seat's character and farmhouse together."""
    state.farmhouse[frame.seat] = action.a
    state.frames.pop()
    if not setup_open(state.frames):
        state.undo_mark += 1  # HV-SET-8: revealed together
        log_reveal(state)


def log_reveal(state) -> None:
    if state._events is not None:
        state._events.add("reveal", None, {
            "characters": [CHARACTERS[c].name for c in state.character],
            "farmhouses": [FARMHOUSES[h].name for h in state.farmhouse],
        })


def start_supply(state) -> None:
    """HV-CHR-3: character start effects after HV-SET-7."""
    for s in range(state.num_players):
        ch = CHARACTERS[state.character[s]]
        gain(state, s, ch.start, f"{ch.name}, start")
        if ch.capacity:
            state.bucket_capacity[s] = state.water[s] = ch.capacity
