"""Saved games and records read back for the terminal: a record (the moves) or a snapshot (a
position with every secret), refused with a named error when it is neither.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from ..core import (
    AcreageError,
    IllegalAction,
    RecordError,
    load_state,
    read_json_file,
    replay,
)
from ..core.formats import RECORD_FORMAT, SNAPSHOT_FORMAT


def read_json(path: str | Path) -> Any:
    """A record or snapshot file's JSON; a missing, unreadable, non-UTF-8, truncated or absurdly
    nested file is a :class:`RecordError` naming the file."""
    return read_json_file(path)


def replay_steps(record: dict) -> tuple[list, list[int | None]]:
    """Every position of a record (start first) and the seat that chose each action."""
    state = replay(record, upto=0)  # checks the header fields
    actions = record["actions"]
    states = [state.clone()]
    actors: list[int | None] = []
    for index, text in enumerate(actions):
        if not isinstance(text, str):
            raise RecordError(f"record: actions[{index}] should be a string, got {text!r}")
        actors.append(state.current_player)
        try:
            state.apply(state.parse_action(text))
        except IllegalAction as exc:
            raise RecordError(f"record: actions[{index}] {text!r} is not legal: {exc}") from None
        states.append(state.clone())
    return states, actors


def load_game(path: str | Path) -> tuple[Any, list[int | None]]:
    """A saved record (or snapshot) as (state, seat that chose each action so far)."""
    data = read_json(path)
    fmt = data.get("format") if isinstance(data, dict) else None
    if fmt == SNAPSHOT_FORMAT:
        state = load_state(data)
        try:
            _, actors = replay_steps(state.record())
        except AcreageError:
            actors = [None] * len(state.history)
        return state, actors
    if fmt != RECORD_FORMAT:
        raise RecordError(f"{path}: not a game record (field 'format' should be {RECORD_FORMAT!r})")
    states, actors = replay_steps(data)
    return states[-1], actors
