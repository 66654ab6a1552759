"""Reading records and snapshots back (writing them is on the state itself).

A *record* is the game as (rules version, options, seed, actions): replaying it rebuilds
every position. A *snapshot* is one full position. Both are JSON objects whose format is
documented in ``docs/records.md``; every check below names the field it rejects.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from .errors import AcreageError, IllegalAction, RecordError
from .registry import game_info, new_game
from .state import RECORD_FORMAT, RECORD_VERSION, SNAPSHOT_FORMAT, SNAPSHOT_VERSION


def _require(data: Any, key: str, kind: type | tuple[type, ...], where: str) -> Any:
    if not isinstance(data, dict):
        raise RecordError(f"{where}: expected a JSON object, got {type(data).__name__}")
    if key not in data:
        raise RecordError(f"{where}: field {key!r} is missing")
    value = data[key]
    if not isinstance(value, kind) or (kind is int and isinstance(value, bool)):
        want = kind.__name__ if isinstance(kind, type) else " or ".join(k.__name__ for k in kind)
        raise RecordError(f"{where}: field {key!r} should be {want}, got {value!r}")
    return value


def replay(record: dict | str | Path, upto: int | None = None):
    """Rebuild the state a record describes; refuse the first action that is not legal.

    ``upto`` stops after that many actions (for stepping through a replay).
    """
    if isinstance(record, (str, Path)):
        record = json.loads(Path(record).read_text(encoding="utf-8"))
    fmt = _require(record, "format", str, "record")
    if fmt != RECORD_FORMAT:
        raise RecordError(f"record: field 'format' is {fmt!r}, expected {RECORD_FORMAT!r}")
    version = _require(record, "version", int, "record")
    if version > RECORD_VERSION:
        raise RecordError(f"record: version {version} is newer than this program reads ({RECORD_VERSION})")
    name = _require(record, "game", str, "record")
    players = _require(record, "players", int, "record")
    options = _require(record, "options", dict, "record")
    actions = _require(record, "actions", list, "record")
    if "seed" not in record:
        raise RecordError("record: field 'seed' is missing")
    try:
        info = game_info(name)
        state = new_game(info.name, players=players, seed=record["seed"], **options)
    except AcreageError as exc:
        raise RecordError(f"record: cannot start the game: {exc}") from None
    rules = record.get("rules_version", state.rules_version)
    if str(rules) != str(state.rules_version):
        raise RecordError(
            f"record: field 'rules_version' is {rules!r} but this program plays "
            f"{state.rules_version!r}; the record may not replay the same way"
        )
    for index, text in enumerate(actions[:upto] if upto is not None else actions):
        if not isinstance(text, str):
            raise RecordError(f"record: actions[{index}] should be a string, got {text!r}")
        try:
            state.apply(state.parse_action(text))
        except IllegalAction as exc:
            raise RecordError(f"record: actions[{index}] {text!r} is not legal: {exc}") from None
    return state


def load_state(data: dict | str | Path):
    """Rebuild a position from :meth:`GameState.to_json` output."""
    if isinstance(data, (str, Path)):
        data = json.loads(Path(data).read_text(encoding="utf-8"))
    fmt = _require(data, "format", str, "snapshot")
    if fmt != SNAPSHOT_FORMAT:
        raise RecordError(f"snapshot: field 'format' is {fmt!r}, expected {SNAPSHOT_FORMAT!r}")
    version = _require(data, "version", int, "snapshot")
    if version > SNAPSHOT_VERSION:
        raise RecordError(
            f"snapshot: version {version} is newer than this program reads ({SNAPSHOT_VERSION})"
        )
    name = _require(data, "game", str, "snapshot")
    body = _require(data, "state", dict, "snapshot")
    try:
        info = game_info(name)
    except AcreageError as exc:
        raise RecordError(f"snapshot: field 'game': {exc}") from None
    return info.state_class._state_from_json(body)


def save_json(obj: dict, path: str | Path) -> None:
    Path(path).write_text(json.dumps(obj, indent=1) + "\n", encoding="utf-8")
