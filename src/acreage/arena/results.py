"""The results file: JSON Lines, one row per finished game, append-only.

A row that was cut off (the run was killed mid-write) is skipped when reading, and the game is
simply played again on resume.
"""

from __future__ import annotations

import json
from pathlib import Path

from .jobs import ROW_FORMAT, ArenaError, Config, config_of_row

#: How every row the arena writes begins (``json.dumps`` keeps the key order of the row).
_ROW_START = '{"format":"' + ROW_FORMAT + '"'


def _cut_off(line: str) -> bool:
    """Whether an unreadable line looks like a row cut off mid-write (and not like foreign text)."""
    compact = "".join(line[:60].split())
    return compact.startswith("{") and (
        _ROW_START.startswith(compact) or compact.startswith(_ROW_START) or f'"{ROW_FORMAT}"' in line
    )


def _is_int(v) -> bool:
    return isinstance(v, int) and not isinstance(v, bool)


def _is_number(v) -> bool:
    return isinstance(v, (int, float)) and not isinstance(v, bool)


def row_problem(row: dict) -> str | None:
    """What is wrong with the types of a row's fields, or None (the fields the report and resume
    read; anything else a row holds is left alone)."""
    players = row.get("players")
    if not _is_int(players) or players < 1:
        return f"field 'players' should be a whole number ≥ 1, not {players!r}"
    n = players

    def seat_list(check, what: str):
        return lambda v: isinstance(v, list) and len(v) == n and all(check(x) for x in v), \
            f"a list of {n} {what} (one per seat)"

    checks = {
        "id": (lambda v: _is_int(v) and v >= 0, "a whole number ≥ 0"),
        "game": (lambda v: isinstance(v, str), "a game name (text)"),
        "agents": seat_list(lambda x: isinstance(x, str), "agent specs"),
        "scores": seat_list(_is_number, "numbers"),
        "ranking": seat_list(lambda x: _is_int(x) and 1 <= x <= n, f"places from 1 to {n}"),
        "length": (lambda v: _is_number(v) and v >= 0, "a number ≥ 0"),
    }
    optional = {
        "seconds": (lambda v: _is_number(v) and v >= 0, "a number ≥ 0"),
        "lineup": (lambda v: isinstance(v, list) and all(isinstance(x, str) for x in v),
                   "a list of agent specs"),
        "metrics": (lambda v: v is None or isinstance(v, dict), "an object of metrics"),
        "options": (lambda v: isinstance(v, dict), "an object of game options"),
    }
    for key, (ok, what) in checks.items():
        if key not in row:
            return f"field {key!r} is missing"
        if not ok(row[key]):
            return f"field {key!r} should be {what}, not {row[key]!r}"
    for key, (ok, what) in optional.items():
        if key in row and not ok(row[key]):
            return f"field {key!r} should be {what}, not {row[key]!r}"
    return None


def read_rows(path: str | Path) -> tuple[list[dict], int]:
    """All result rows of ``path`` and the number of unreadable (cut-off) lines skipped.

    Raises :class:`ArenaError` for a folder, an unreadable file, a file that is not a results
    file (a line that is neither a row nor a cut-off row), and a row whose fields have the wrong
    types (naming the line and the field)."""
    path = Path(path)
    rows: list[dict] = []
    bad = 0
    if path.is_dir():
        raise ArenaError(f"{path} is a folder, not a results file; give a file name such as "
                         f"{path / 'results.jsonl'}")
    if not path.exists():
        return rows, bad
    not_ours = f"{path} is not an arena results file, so it was left as it is"
    try:
        with path.open(encoding="utf-8") as fh:
            for number, line in enumerate(fh, 1):
                line = line.strip()
                if not line:
                    continue
                try:
                    row = json.loads(line)
                except json.JSONDecodeError:
                    if not _cut_off(line):
                        raise ArenaError(f"{not_ours} (line {number} is not an {ROW_FORMAT} row)") from None
                    bad += 1
                    continue
                if not isinstance(row, dict) or row.get("format") != ROW_FORMAT:
                    raise ArenaError(f"{not_ours} (line {number} is not an {ROW_FORMAT} row)")
                problem = row_problem(row)
                if problem:
                    raise ArenaError(f"{path}, line {number}: {problem}")
                rows.append(row)
    except UnicodeDecodeError:
        raise ArenaError(f"{not_ours} (it is not UTF-8 text)") from None
    except OSError as exc:
        raise ArenaError(f"cannot read {path}: {exc.strerror or exc}") from None
    return rows, bad


def load_rows(path: str | Path) -> list[dict]:
    """The readable rows of ``path`` (raises if the file is missing)."""
    if not Path(path).exists():
        raise ArenaError(f"no results file {str(path)!r}")
    return read_rows(path)[0]


def done_ids(path: str | Path, config: Config) -> set[int]:
    """Game ids already in ``path`` for ``config``; refuse a file holding another configuration."""
    rows, _ = read_rows(path)
    want = config.as_dict()
    done: set[int] = set()
    for row in rows:
        have = config_of_row(row)
        if have != want:
            diffs = [
                f"{key}: {have.get(key)!r} in the file, {want[key]!r} now"
                for key in want
                if have.get(key) != want[key]
            ]
            raise ArenaError(
                f"{path} already holds games of another configuration ({'; '.join(diffs)}). "
                "To resume, repeat the original settings; to start a new run, choose another --out file."
            )
        done.add(int(row["id"]))
    return done


def append_rows(fh, rows: list[dict]) -> None:
    """Write rows (sorted by id) to an open text file and flush, one JSON object a line."""
    for row in sorted(rows, key=lambda r: r["id"]):
        fh.write(json.dumps(row, separators=(",", ":")) + "\n")
    fh.flush()


def open_for_append(path: str | Path):
    """Open ``path`` for appending; a cut-off last line is closed first so new rows start clean.

    A path that cannot be written (a folder, a path under a file, no permission, a read-only
    file system) raises :class:`ArenaError` naming it; nothing is created then."""
    path = Path(path)
    if path.is_dir():
        raise ArenaError(f"{path} is a folder, not a results file; give a file name such as "
                         f"{path / 'results.jsonl'}")
    existing = path.parent
    while not existing.exists() and existing != existing.parent:
        existing = existing.parent
    if existing.exists() and not existing.is_dir():
        raise ArenaError(f"cannot write the results file {path}: {existing} is a file, not a folder")
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        needs_newline = False
        if path.exists() and path.stat().st_size:
            with path.open("rb") as fh:
                fh.seek(-1, 2)
                needs_newline = fh.read(1) != b"\n"
        fh = path.open("a", encoding="utf-8")
        if needs_newline:
            fh.write("\n")
            fh.flush()
    except OSError as exc:
        raise ArenaError(f"cannot write the results file {path}: {exc.strerror or exc}") from None
    return fh
