"""The results file: JSON Lines, one row per finished game, append-only.

A row that was cut off (the run was killed mid-write) is skipped when reading, and the game is
simply played again on resume.
"""

from __future__ import annotations

import json
from pathlib import Path

from .jobs import ROW_FORMAT, ArenaError, Config, config_of_row


def read_rows(path: str | Path) -> tuple[list[dict], int]:
    """All result rows of ``path`` and the number of unreadable (cut-off) lines skipped."""
    path = Path(path)
    rows: list[dict] = []
    bad = 0
    if not path.exists():
        return rows, bad
    with path.open(encoding="utf-8") as fh:
        for line in fh:
            line = line.strip()
            if not line:
                continue
            try:
                row = json.loads(line)
            except json.JSONDecodeError:
                bad += 1
                continue
            if not isinstance(row, dict) or row.get("format") != ROW_FORMAT:
                raise ArenaError(f"{path} is not an arena results file (a line is not an {ROW_FORMAT} row)")
            rows.append(row)
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
    """Open ``path`` for appending; a cut-off last line is closed first so new rows start clean."""
    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    needs_newline = False
    if path.exists() and path.stat().st_size:
        with path.open("rb") as fh:
            fh.seek(-1, 2)
            needs_newline = fh.read(1) != b"\n"
    fh = path.open("a", encoding="utf-8")
    if needs_newline:
        fh.write("\n")
    return fh
