"""The solo opening book: first turns settled offline by playing them out.

Why: each fixed solo setup (2-6) opens at one public position, whatever the order of the
face-down stacks, and that first turn decides which engine the town grows around. A search of
a second judges it by the learned estimate, which undervalues production whose converter comes
later. ``tools/solo_book.py`` plays each strong candidate on in whole games of the bot itself
and keeps the best where it beats the bot's own choice; ``games/foxglove/data/solo_book.json`` holds the
result with its evidence (every candidate's mean score, paired with the bot's own games).

A position is matched by everything its seat can see (``observation``), so a book move is
played wherever that exact position comes up, however it was reached, and never where
anything differs. The book records a hash of ``tiles.toml``: computed for other costs or slots,
it is ignored (a logged warning says to rebuild it) rather than followed blindly.
"""

from __future__ import annotations

import hashlib
import json
import logging
from pathlib import Path

from ....core.errors import ContentError
from ..content import DATA_FILE

log = logging.getLogger(__name__)

BOOK_PATH = Path(__file__).parent.parent / "data" / "solo_book.json"
SCHEMA = 1


def content_hash() -> str:
    """A short hash of the tile data the book's games were played with."""
    return hashlib.sha256(DATA_FILE.read_bytes()).hexdigest()[:16]


def fingerprint(state, seat: int) -> str:
    """A short hash of what ``seat`` sees (``observation``): the key of a book position."""
    text = json.dumps(state.observation(seat), sort_keys=True, default=str)
    return hashlib.sha256(text.encode()).hexdigest()[:24]


def load(path: Path = BOOK_PATH) -> dict[str, str]:
    """position fingerprint -> action text; empty if the book is missing or stale.

    A malformed file is an error that names the file and how to rebuild it."""
    if not path.exists():
        return {}
    try:
        data = json.loads(path.read_text())
        if data["schema"] != SCHEMA:
            raise ValueError(f"schema {data['schema']!r}, expected {SCHEMA}")
        made_for = data["content_hash"]
        moves = {str(e["position"]): e["action"] for e in data["entries"]}
    except (OSError, ValueError, KeyError, TypeError) as exc:
        raise ContentError(
            f"{path}: not a solo opening book ({exc}); rebuild it with tools/solo_book.py --write "
            f"or delete it") from None
    if made_for != content_hash():
        log.warning("%s was computed for other tile data (tiles.toml changed); it is ignored "
                    "until rebuilt with tools/solo_book.py --write", path.name)
        return {}
    bad = [a for a in moves.values() if a is not None and not isinstance(a, str)]
    if bad:
        raise ContentError(
            f"{path}: book actions must be action texts such as 'build Volcano', got {bad[0]!r}")
    return {k: v for k, v in moves.items() if v is not None}


_MOVES: dict[str, str] | None = None


def lookup(state, seat: int):
    """The book's action for ``seat`` at ``state`` (a legal action), or None.

    Registered as ``GameInfo.book``. Only the first decision of a solo game can be in the
    book, so other positions are turned away before any hashing."""
    global _MOVES
    if state.num_players != 1 or state.round != 1 or state.history:
        return None
    if _MOVES is None:
        _MOVES = load()
    text = _MOVES.get(fingerprint(state, seat)) if _MOVES else None
    if text is None:
        return None
    return next((a for a in state.legal_actions() if str(a) == text), None)


def write(entries: list[dict], made_by: str, path: Path = BOOK_PATH) -> None:
    """Save a book computed by ``tools/solo_book.py`` (with its evidence)."""
    data = {
        "schema": SCHEMA,
        "content_hash": content_hash(),
        "made_by": made_by,
        "provenance": "computed: each candidate first turn played out by the bot itself "
                      "(paired games); see tools/solo_book.py",
        "entries": entries,
    }
    path.write_text(json.dumps(data, indent=1) + "\n")
