"""Reading records and snapshots back (writing them is on the state itself).

A *record* is the game as (rules version, options, seed, actions): replaying it rebuilds
every position. A *snapshot* is one full position. Both are JSON objects whose format is
documented in ``docs/records.md``; every check below names the field it rejects.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from .errors import AcreageError, BadSnapshot, IllegalAction, RecordError
from .formats import RECORD_FORMAT, RECORD_VERSION, SNAPSHOT_FORMAT, SNAPSHOT_VERSION
from .registry import check_seed, game_info, new_game

#: The largest file read as a record or snapshot (a 4-player game's record is well under 1 MB).
MAX_BYTES = 64 * 1024 * 1024


def parse_json_text(text: str, where: str, error: type[RecordError] = RecordError) -> Any:
    """Parse JSON text of a record or snapshot, refusing it with ``error`` if it is not one.

    A hostile file nested thousands of levels deep makes the parser give up with a
    ``RecursionError``; records and snapshots are a few levels deep, so that is refused too."""
    try:
        return json.loads(text)
    except json.JSONDecodeError as exc:
        hint = " (the file looks cut short)" if exc.pos >= len(text.rstrip()) else ""
        raise error(f"{where}: not valid JSON at line {exc.lineno} column {exc.colno}: "
                    f"{exc.msg}{hint}") from None
    except RecursionError:
        raise error(f"{where}: JSON nested more than the parser can follow; this is not a game "
                    "record or snapshot") from None
    except ValueError as exc:  # e.g. an integer of 5,000 digits
        raise error(f"{where}: not a game record or snapshot ({exc})") from None


def read_json_file(path: str | Path, error: type[RecordError] = RecordError) -> Any:
    """Read a record or snapshot file; every way it can fail is ``error`` naming the file."""
    path = Path(path)
    try:
        if path.is_dir():
            raise error(f"{path}: is a folder, not a game record or snapshot file")
        size = path.stat().st_size
        if size > MAX_BYTES:
            raise error(f"{path}: {size} bytes is too large for a game record or snapshot")
        raw = path.read_bytes()
    except FileNotFoundError:
        raise error(f"{path}: no such file; check the path") from None
    except PermissionError:
        raise error(f"{path}: permission denied; the file cannot be read") from None
    except OSError as exc:
        raise error(f"{path}: cannot be read ({exc.strerror or exc})") from None
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise error(f"{path}: not UTF-8 text (bad byte at offset {exc.start}); game records and "
                    "snapshots are JSON in UTF-8") from None
    return parse_json_text(text, str(path), error)


def _require(
    data: Any, key: str, kind: type | tuple[type, ...], where: str,
    error: type[RecordError] = RecordError,
) -> Any:
    if not isinstance(data, dict):
        raise error(f"{where}: expected a JSON object, got {type(data).__name__}")
    if key not in data:
        raise error(f"{where}: field {key!r} is missing")
    value = data[key]
    if not isinstance(value, kind) or (kind is int and isinstance(value, bool)):
        want = kind.__name__ if isinstance(kind, type) else " or ".join(k.__name__ for k in kind)
        raise error(f"{where}: field {key!r} should be {want}, got {value!r}")
    return value


def check_rules_version(
    stated: Any, state, field: str, what: str, error: type[RecordError] = RecordError
) -> None:
    """Refuse a stored game made under other rules than ``state`` plays (``field`` names where
    the version was read, ``what`` the kind of file): its actions may not replay the same way."""
    if str(stated) != str(state.rules_version):
        raise error(f"{field} is {stated!r} but this program plays {state.rules_version!r}; "
                    f"the {what} may not replay the same way")


def replay(record: dict | str | Path, upto: int | None = None):
    """Rebuild the state a record describes; refuse the first action that is not legal.

    ``upto`` stops after that many actions (for stepping through a replay); it must be an int
    from 0 to the number of actions.
    """
    if isinstance(record, (str, Path)):
        record = read_json_file(record)
    if upto is not None and (not isinstance(upto, int) or isinstance(upto, bool)):
        raise RecordError(f"replay: upto should be an int (a count of actions) or None, got {upto!r}")
    fmt = _require(record, "format", str, "record")
    assert isinstance(record, dict)  # _require refused anything but a JSON object
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
    if upto is not None and not 0 <= upto <= len(actions):
        raise RecordError(f"replay: upto={upto} is out of range; the record has {len(actions)} "
                          f"actions, so use 0 to {len(actions)}")
    try:
        info = game_info(name)
        state = new_game(info.name, players=players, seed=record["seed"], **options)
    except AcreageError as exc:
        raise RecordError(f"record: cannot start the game: {exc}") from None
    check_rules_version(record.get("rules_version", state.rules_version), state,
                        "record: field 'rules_version'", "record")
    for index, text in enumerate(actions[:upto] if upto is not None else actions):
        if not isinstance(text, str):
            raise RecordError(f"record: actions[{index}] should be a string, got {text!r}")
        try:
            state.apply(state.parse_action(text))
        except IllegalAction as exc:
            raise RecordError(f"record: actions[{index}] {text!r} is not legal: {exc}") from None
    return state


def load_state(data: dict | str | Path):
    """Rebuild a position from :meth:`GameState.to_json` output.

    Like :func:`replay`, it refuses a snapshot written under another ``rules_version``: the
    position may hold what these rules cannot reach or continue.
    """
    if isinstance(data, (str, Path)):
        data = read_json_file(data, BadSnapshot)
    fmt = _require(data, "format", str, "snapshot", BadSnapshot)
    assert isinstance(data, dict)  # _require refused anything but a JSON object
    if fmt != SNAPSHOT_FORMAT:
        raise BadSnapshot(f"snapshot: field 'format' is {fmt!r}, expected {SNAPSHOT_FORMAT!r}")
    version = _require(data, "version", int, "snapshot", BadSnapshot)
    if version > SNAPSHOT_VERSION:
        raise BadSnapshot(
            f"snapshot: version {version} is newer than this program reads ({SNAPSHOT_VERSION})"
        )
    name = _require(data, "game", str, "snapshot", BadSnapshot)
    body = _require(data, "state", dict, "snapshot", BadSnapshot)
    try:
        info = game_info(name)
    except AcreageError as exc:
        raise BadSnapshot(f"snapshot: field 'game': {exc}") from None
    rules = data.get("rules_version", info.state_class.rules_version)
    if str(rules) != str(info.state_class.rules_version):
        raise BadSnapshot(
            f"snapshot: field 'rules_version' is {rules!r} but this program plays "
            f"{info.state_class.rules_version!r}; start a new game or use a matching version"
        )
    # Fields every game writes the same way are checked once here, so each game's loader
    # meets only well-typed values (a null or a list for the options, a float seed...).
    if "options" in body and not isinstance(body["options"], dict):
        raise BadSnapshot(
            f"snapshot: field 'options' should be an object of option names and values, got "
            f"{body['options']!r}"
        )
    if "seed" in body:
        try:
            check_seed(body["seed"])
        except AcreageError as exc:
            raise BadSnapshot(f"snapshot: field 'seed': {exc}") from None
    try:
        return info.state_class._state_from_json(body)
    except AcreageError:
        raise
    except (KeyError, TypeError, ValueError, IndexError, AttributeError) as exc:
        # Every field a loader reads is checked; this is the net for a check not yet written,
        # so a malformed file still gets a named error rather than a traceback.
        raise BadSnapshot(f"snapshot: malformed state ({type(exc).__name__}: {exc})") from None


def save_json(obj: dict, path: str | Path) -> None:
    Path(path).write_text(json.dumps(obj, indent=1) + "\n", encoding="utf-8")
