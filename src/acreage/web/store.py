"""Durable storage of web games: SQLite by default, PostgreSQL with ``postgresql://…``.

What is stored is exactly what rebuilds a game: its header (game, players, options, seed, the
seat line-up, when it was created) and its *moves* in order. A move is an action in notation
or an ``undo N``; each carries the seat that sent it, the client's message id (so a message
resent after a reconnect is applied once) and a timestamp. The live state is the replay of the
moves, so a restarted server serves every game exactly as it was.

A move is committed before it is acknowledged: :meth:`Store.append_move` returns only once the
database has it (SQLite in WAL mode with ``synchronous=FULL``; PostgreSQL in autocommit).
Seat tokens are stored as SHA-256 hashes, never in clear.
"""

from __future__ import annotations

import hashlib
import json
import sqlite3
import threading
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from ..core.errors import AcreageError


class StoreError(AcreageError, RuntimeError):
    """The store cannot be opened or used (a bad URL, a missing driver, a broken database)."""


class StoreConflict(StoreError):
    """A write that another writer made first (move ``n`` of a game exists already): the only
    error a table turns into ``conflict``; every other failure is the store's own."""


@dataclass
class GameRow:
    """A game's header and its moves, as stored."""

    id: str
    game: str
    players: int
    options: dict[str, Any]
    seed: int
    seats: list[str]
    created: float
    moves: list[dict] = field(default_factory=list)
    token_hashes: dict[int, str] = field(default_factory=dict)
    clock: dict | None = None
    #: Seat names as given in the lobby (None where none was given).
    names: list[str | None] = field(default_factory=list)
    #: Whether the public lobby lists the game (an invite-only game is reached by its links).
    listed: bool = True
    #: Whether the game is its game's tutorial (``core.tutorials``): the script's moves are
    #: played for the other seats and the learner is guided.
    tutorial: bool = False


def hash_token(token: str) -> str:
    return hashlib.sha256(token.encode()).hexdigest()


SCHEMA = (
    """CREATE TABLE IF NOT EXISTS games (
        id TEXT PRIMARY KEY, game TEXT NOT NULL, players INTEGER NOT NULL, options TEXT NOT NULL,
        seed TEXT NOT NULL, seats TEXT NOT NULL, created DOUBLE PRECISION NOT NULL,
        clock TEXT)""",
    """CREATE TABLE IF NOT EXISTS seat_tokens (
        game_id TEXT NOT NULL, seat INTEGER NOT NULL, token_hash TEXT NOT NULL,
        PRIMARY KEY (game_id, seat))""",
    """CREATE TABLE IF NOT EXISTS moves (
        game_id TEXT NOT NULL, n INTEGER NOT NULL, seat INTEGER, action TEXT NOT NULL,
        client_id TEXT, at DOUBLE PRECISION NOT NULL, PRIMARY KEY (game_id, n))""",
    """CREATE TABLE IF NOT EXISTS rematches (
        game_id TEXT PRIMARY KEY, rematch_id TEXT NOT NULL)""",
)

#: Columns added to ``games`` after its first version: a store made before them gains them
#: on opening. ``meta`` holds the seat names, whether the lobby lists the game and whether it
#: is a tutorial (JSON).
ADDED_COLUMNS = (("meta", "TEXT"),)

#: The longest text the store writes in one field (a header's options and seats are the longest).
MAX_FIELD_CHARS = 8192


def _checked(params: tuple) -> tuple:
    """Refuse, before the database sees them, values it could store only in part or not at all:
    text that is not encodable as UTF-8 (a lone surrogate) or too long. A driver that failed on
    them mid-transaction is what wedged the shared connection once; here nothing has started."""
    for value in params:
        if isinstance(value, str):
            if len(value) > MAX_FIELD_CHARS:
                raise StoreError(f"a field of {len(value)} characters is longer than the store takes")
            try:
                value.encode("utf-8")
            except UnicodeEncodeError:
                raise StoreError("a field holds text that is not valid Unicode (a lone surrogate)") from None
    return params


class Store:
    """Base class: the same SQL on both back ends, with the placeholder style of each."""

    placeholder = "?"

    def _execute(self, sql: str, params: tuple = ()) -> list[tuple]:
        raise NotImplementedError

    def _transaction(self, statements: list[tuple[str, tuple]]) -> None:
        raise NotImplementedError

    def _q(self, sql: str) -> str:
        return sql.replace("?", self.placeholder)

    def close(self) -> None:
        """Release the connection."""

    # ------------------------------------------------------------------ writing
    def create_game(self, row: GameRow, tokens: dict[int, str]) -> None:
        """Store a new game and the hashes of its seat tokens, in one transaction."""
        statements: list[tuple[str, tuple]] = [
            (
                self._q(
                    "INSERT INTO games (id, game, players, options, seed, seats, created, clock, meta) "
                    "VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)"
                ),
                (
                    row.id,
                    row.game,
                    row.players,
                    json.dumps(row.options),
                    str(row.seed),
                    json.dumps(row.seats),
                    row.created,
                    json.dumps(row.clock) if row.clock else None,
                    json.dumps({"names": row.names, "listed": row.listed, "tutorial": row.tutorial}),
                ),
            )
        ]
        for seat, token in tokens.items():
            statements.append(
                (
                    self._q("INSERT INTO seat_tokens (game_id, seat, token_hash) VALUES (?, ?, ?)"),
                    (row.id, seat, hash_token(token)),
                )
            )
        self._transaction(statements)

    def append_move(
        self, game_id: str, n: int, seat: int | None, action: str, client_id: str | None
    ) -> float:
        """Commit move number ``n`` of a game; returns its timestamp. Raises :class:`StoreError`
        if move ``n`` already exists (two writers raced)."""
        at = time.time()
        sql = self._q("INSERT INTO moves (game_id, n, seat, action, client_id, at) VALUES (?, ?, ?, ?, ?, ?)")
        self._transaction([(sql, (game_id, n, seat, action, client_id, at))])
        return at

    def add_token(self, game_id: str, seat: int, token: str) -> None:
        self._transaction(
            [
                (
                    self._q("INSERT INTO seat_tokens (game_id, seat, token_hash) VALUES (?, ?, ?)"),
                    (game_id, seat, hash_token(token)),
                )
            ]
        )

    def set_seats(self, game_id: str, seats: list[str]) -> None:
        self._transaction(
            [(self._q("UPDATE games SET seats = ? WHERE id = ?"), (json.dumps(seats), game_id))]
        )

    def set_rematch(self, game_id: str, rematch_id: str) -> None:
        """Remember that ``rematch_id`` is the rematch of ``game_id`` (once: a second is a conflict)."""
        self._transaction(
            [(self._q("INSERT INTO rematches (game_id, rematch_id) VALUES (?, ?)"), (game_id, rematch_id))]
        )

    # ------------------------------------------------------------------ reading
    def rematch_of(self, game_id: str) -> str | None:
        rows = self._execute(self._q("SELECT rematch_id FROM rematches WHERE game_id = ?"), (game_id,))
        return rows[0][0] if rows else None

    def load_game(self, game_id: str) -> GameRow | None:
        """One game as stored now (another server may have written moves since it was read)."""
        rows = self._load(self._q(" WHERE id = ?"), self._q(" WHERE game_id = ?"), (game_id,))
        return rows[0] if rows else None

    def load_games(self) -> list[GameRow]:
        """Every stored game with its moves and token hashes (what a restarted server needs)."""
        return self._load("", "", ())

    def _load(self, where_game: str, where_rest: str, params: tuple) -> list[GameRow]:
        rows = {}
        for gid, game, players, options, seed, seats, created, clock, meta in self._execute(
            "SELECT id, game, players, options, seed, seats, created, clock, meta FROM games"
            + where_game + " ORDER BY created",
            params,
        ):
            rows[gid] = GameRow(
                gid,
                game,
                int(players),
                json.loads(options),
                int(seed),
                json.loads(seats),
                float(created),
                clock=json.loads(clock) if clock else None,
            )
            if meta:
                extra = json.loads(meta)
                rows[gid].names = list(extra.get("names") or [])
                rows[gid].listed = bool(extra.get("listed", True))
                rows[gid].tutorial = bool(extra.get("tutorial", False))
        for gid, seat, token_hash in self._execute(
            "SELECT game_id, seat, token_hash FROM seat_tokens" + where_rest, params
        ):
            if gid in rows:
                rows[gid].token_hashes[int(seat)] = token_hash
        for gid, n, seat, action, client_id, at in self._execute(
            "SELECT game_id, n, seat, action, client_id, at FROM moves" + where_rest + " ORDER BY game_id, n",
            params,
        ):
            if gid in rows:
                rows[gid].moves.append(
                    {"n": int(n), "seat": seat, "action": action, "client_id": client_id, "at": float(at)}
                )
        return list(rows.values())


class SQLiteStore(Store):
    """One SQLite file (``:memory:`` for tests), WAL journal, full sync: a committed move
    survives a crash of the process or of the machine."""

    def __init__(self, path: str | Path) -> None:
        self.path = str(path)
        if self.path != ":memory:":
            Path(self.path).parent.mkdir(parents=True, exist_ok=True)
        try:
            self.conn = sqlite3.connect(self.path, check_same_thread=False, isolation_level=None)
            self.conn.execute("PRAGMA journal_mode=WAL")
            self.conn.execute("PRAGMA synchronous=FULL")
            for statement in SCHEMA:
                self.conn.execute(statement)
            have = {r[1] for r in self.conn.execute("PRAGMA table_info(games)")}
            for name, kind in ADDED_COLUMNS:
                if name not in have:
                    self.conn.execute(f"ALTER TABLE games ADD COLUMN {name} {kind}")
        except sqlite3.Error as exc:
            raise StoreError(f"cannot open the SQLite store {self.path}: {exc}") from exc
        self.lock = threading.Lock()

    def _execute(self, sql: str, params: tuple = ()) -> list[tuple]:
        with self.lock:
            return self.conn.execute(sql, params).fetchall()

    def _transaction(self, statements: list[tuple[str, tuple]]) -> None:
        for _, params in statements:
            _checked(params)
        with self.lock:
            try:
                self.conn.execute("BEGIN IMMEDIATE")
                for sql, params in statements:
                    self.conn.execute(sql, params)
                self.conn.execute("COMMIT")
            except BaseException as exc:  # anything at all: the shared connection must not stay in it
                if self.conn.in_transaction:
                    self.conn.execute("ROLLBACK")
                if isinstance(exc, sqlite3.IntegrityError):
                    raise StoreConflict(str(exc)) from exc
                if isinstance(exc, Exception):
                    raise StoreError(f"the store refused a write: {exc}") from exc
                raise

    def close(self) -> None:
        with self.lock:
            self.conn.close()


class PostgresStore(Store):
    """PostgreSQL through psycopg 3, each write its own committed transaction."""

    placeholder = "%s"

    def __init__(self, url: str) -> None:
        try:
            import psycopg
        except ModuleNotFoundError as exc:
            raise StoreError("PostgreSQL needs psycopg: pip install 'acreage[postgres]'") from exc
        self._psycopg = psycopg
        try:
            self.conn = psycopg.connect(url, autocommit=True)
            for statement in SCHEMA:
                self.conn.execute(statement)
            for name, kind in ADDED_COLUMNS:
                self.conn.execute(f"ALTER TABLE games ADD COLUMN IF NOT EXISTS {name} {kind}")
        except psycopg.Error as exc:
            raise StoreError(f"cannot open the PostgreSQL store: {exc}") from exc
        self.lock = threading.Lock()

    def _execute(self, sql: str, params: tuple = ()) -> list[tuple]:
        with self.lock:
            return self.conn.execute(sql, params).fetchall()

    def _transaction(self, statements: list[tuple[str, tuple]]) -> None:
        for _, params in statements:
            _checked(params)
        with self.lock:
            try:
                # psycopg's transaction block rolls back on any exception leaving it
                with self.conn.transaction():
                    for sql, params in statements:
                        self.conn.execute(sql, params)
            except self._psycopg.errors.UniqueViolation as exc:
                raise StoreConflict(str(exc)) from exc
            except Exception as exc:
                raise StoreError(f"the store refused a write: {exc}") from exc

    def close(self) -> None:
        with self.lock:
            self.conn.close()


def open_store(url: str) -> Store:
    """``sqlite:///path/to/file.db`` (or a plain path, or ``:memory:``) or ``postgresql://…``."""
    if url.startswith(("postgresql://", "postgres://")):
        return PostgresStore(url)
    if url.startswith("sqlite:///"):
        return SQLiteStore(url[len("sqlite:///") :])
    if "://" in url:
        raise StoreError(f"unknown store {url!r}: give sqlite:///FILE, a file path or postgresql://…")
    return SQLiteStore(url)
