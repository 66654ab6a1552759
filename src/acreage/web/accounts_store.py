"""The SQL of profiles, sessions and ratings, on the games' own :class:`~.store.Store`.

These tables live beside the games' (same database, same connection, same placeholder
rewriting), so a game and the profiles seated at it are one backup and one transaction away.
Every statement here is plain SQL that SQLite and PostgreSQL both take: text ids drawn at
random (no autoincrement, whose syntax differs), ``DOUBLE PRECISION`` times, ``LIMIT ?``.
The rating groups' column is ``grp`` because ``group`` is a reserved word in both.

Secrets are stored only as hashes: a password as its argon2 hash (made in :mod:`.accounts`),
a session token as its SHA-256 hash. Nothing here returns either to a caller that builds an
answer: the one function that reads a password hash is :func:`password_hash_of`.

Writes go through ``Store._transaction`` (bounded, checked text; a unique key hit is a
:class:`~.store.StoreConflict`); reads through ``Store._execute``. The schema is created by
:func:`ensure_schema`, which every function here calls first (once per store object), so a
server that never calls it at startup still works.
"""

from __future__ import annotations

import json
import weakref
from dataclasses import dataclass

from .store import Store, StoreConflict

SCHEMA = (
    """CREATE TABLE IF NOT EXISTS profiles (
        id TEXT PRIMARY KEY, name TEXT NOT NULL, name_key TEXT NOT NULL UNIQUE, password_hash TEXT,
        created DOUBLE PRECISION NOT NULL)""",
    """CREATE TABLE IF NOT EXISTS sessions (
        token_hash TEXT PRIMARY KEY, profile_id TEXT NOT NULL, expires DOUBLE PRECISION NOT NULL)""",
    """CREATE TABLE IF NOT EXISTS game_profiles (
        game_id TEXT NOT NULL, seat INTEGER NOT NULL, profile_id TEXT NOT NULL,
        PRIMARY KEY (game_id, seat))""",
    """CREATE TABLE IF NOT EXISTS ratings (
        game TEXT NOT NULL, grp TEXT NOT NULL, player_key TEXT NOT NULL, mu DOUBLE PRECISION NOT NULL,
        sigma DOUBLE PRECISION NOT NULL, games INTEGER NOT NULL, updated DOUBLE PRECISION NOT NULL,
        PRIMARY KEY (game, grp, player_key))""",
    # n: the player's game number in this game and group; the key makes two raters that read
    # the same rating collide here, so the second one reads again (see ratings.rate_game)
    """CREATE TABLE IF NOT EXISTS rating_history (
        player_key TEXT NOT NULL, game TEXT NOT NULL, grp TEXT NOT NULL, n INTEGER NOT NULL,
        game_id TEXT NOT NULL, mu DOUBLE PRECISION NOT NULL, sigma DOUBLE PRECISION NOT NULL,
        ordinal DOUBLE PRECISION NOT NULL, at DOUBLE PRECISION NOT NULL,
        PRIMARY KEY (player_key, game, grp, n))""",
    # games created as rated, with their seat kinds then (a player who leaves becomes a bot
    # seat; the seat is still theirs for the rating)
    """CREATE TABLE IF NOT EXISTS rated_requests (
        game_id TEXT PRIMARY KEY, seats TEXT NOT NULL, created DOUBLE PRECISION NOT NULL)""",
    """CREATE TABLE IF NOT EXISTS rated_games (
        game_id TEXT PRIMARY KEY, game TEXT NOT NULL, grp TEXT NOT NULL, at DOUBLE PRECISION NOT NULL)""",
    # the placements of every finished game a profile sat at, rated or not (win rates vs bots)
    """CREATE TABLE IF NOT EXISTS game_results (
        game_id TEXT PRIMARY KEY, game TEXT NOT NULL, seat_keys TEXT NOT NULL, placement TEXT NOT NULL,
        rated INTEGER NOT NULL, at DOUBLE PRECISION NOT NULL)""",
    "CREATE INDEX IF NOT EXISTS sessions_by_profile ON sessions (profile_id)",
    "CREATE INDEX IF NOT EXISTS game_profiles_by_profile ON game_profiles (profile_id)",
    "CREATE INDEX IF NOT EXISTS history_by_game ON rating_history (game_id)",
)

#: Sessions one profile keeps at most (the oldest go first): logging in again and again from a
#: script cannot grow the table without bound.
SESSIONS_PER_PROFILE = 20

#: Stores whose tables exist already (a weak set: a closed store is forgotten with it).
_READY: weakref.WeakSet[Store] = weakref.WeakSet()

Statement = tuple[str, tuple]


def ensure_schema(store: Store) -> None:
    """Create the tables of profiles and ratings if they are missing; cheap after the first
    call on a store. Two processes creating them at once on PostgreSQL may collide on the
    catalogue (a unique violation): the loser tries again and finds them there."""
    if store in _READY:
        return
    statements = [(sql, ()) for sql in SCHEMA]
    try:
        store._transaction(statements)
    except StoreConflict:
        store._transaction(statements)
    _READY.add(store)


def _rows(store: Store, sql: str, params: tuple = ()) -> list[tuple]:
    ensure_schema(store)
    return store._execute(store._q(sql), params)


def _write(store: Store, statements: list[Statement]) -> None:
    ensure_schema(store)
    store._transaction([(store._q(sql), params) for sql, params in statements])


def _marks(count: int) -> str:
    return ", ".join("?" * count)


# ---------------------------------------------------------------------- profiles
@dataclass(frozen=True)
class ProfileRow:
    """A profile as stored, without its password hash (``has_password`` says whether one is set)."""

    id: str
    name: str
    created: float
    has_password: bool


def insert_profile(
    store: Store, profile_id: str, name: str, name_key: str, password_hash: str | None, created: float
) -> None:
    """Store a new profile; a taken ``name_key`` (or id) is a :class:`StoreConflict`."""
    _write(store, [(
        "INSERT INTO profiles (id, name, name_key, password_hash, created) VALUES (?, ?, ?, ?, ?)",
        (profile_id, name, name_key, password_hash, created),
    )])


def _profile(row: tuple) -> ProfileRow:
    return ProfileRow(row[0], row[1], float(row[2]), row[3] is not None)


def profile_by_id(store: Store, profile_id: str) -> ProfileRow | None:
    rows = _rows(store, "SELECT id, name, created, password_hash FROM profiles WHERE id = ?", (profile_id,))
    return _profile(rows[0]) if rows else None


def profile_by_key(store: Store, name_key: str) -> ProfileRow | None:
    rows = _rows(
        store, "SELECT id, name, created, password_hash FROM profiles WHERE name_key = ?", (name_key,)
    )
    return _profile(rows[0]) if rows else None


def password_hash_of(store: Store, profile_id: str) -> str | None:
    """The stored argon2 hash (for checking a login only; never for an answer)."""
    rows = _rows(store, "SELECT password_hash FROM profiles WHERE id = ?", (profile_id,))
    return rows[0][0] if rows else None


def set_password_hash(store: Store, profile_id: str, password_hash: str) -> None:
    _write(store, [("UPDATE profiles SET password_hash = ? WHERE id = ?", (password_hash, profile_id))])


def profile_names(store: Store, profile_ids: list[str]) -> dict[str, str]:
    """Names of the given profiles (those that exist), by id."""
    if not profile_ids:
        return {}
    rows = _rows(
        store, f"SELECT id, name FROM profiles WHERE id IN ({_marks(len(profile_ids))})", tuple(profile_ids)
    )
    return {pid: name for pid, name in rows}


# ---------------------------------------------------------------------- sessions
def insert_session(store: Store, token_hash: str, profile_id: str, expires: float, now: float) -> None:
    """Store a session (its token's hash), drop every expired one and the profile's oldest
    beyond :data:`SESSIONS_PER_PROFILE`, in one transaction: the table stays the size of the
    live sessions without a housekeeping task."""
    _write(store, [
        ("DELETE FROM sessions WHERE expires < ?", (now,)),
        ("INSERT INTO sessions (token_hash, profile_id, expires) VALUES (?, ?, ?)",
         (token_hash, profile_id, expires)),
        ("DELETE FROM sessions WHERE profile_id = ? AND token_hash NOT IN (SELECT token_hash FROM sessions "
         "WHERE profile_id = ? ORDER BY expires DESC LIMIT ?)",
         (profile_id, profile_id, SESSIONS_PER_PROFILE)),
    ])


def session(store: Store, token_hash: str, now: float) -> tuple[ProfileRow, float] | None:
    """The profile of an unexpired session and when the session expires, or ``None``."""
    rows = _rows(
        store,
        "SELECT p.id, p.name, p.created, p.password_hash, s.expires FROM sessions s JOIN profiles p "
        "ON p.id = s.profile_id WHERE s.token_hash = ? AND s.expires > ?",
        (token_hash, now),
    )
    return (_profile(rows[0][:4]), float(rows[0][4])) if rows else None


def session_profile(store: Store, token_hash: str, now: float) -> ProfileRow | None:
    """The profile of an unexpired session, or ``None``."""
    found = session(store, token_hash, now)
    return found[0] if found else None


def renew_session(store: Store, token_hash: str, expires: float) -> None:
    _write(store, [("UPDATE sessions SET expires = ? WHERE token_hash = ?", (expires, token_hash))])


def delete_session(store: Store, token_hash: str) -> None:
    _write(store, [("DELETE FROM sessions WHERE token_hash = ?", (token_hash,))])


# ---------------------------------------------------------------------- seats of games
def insert_seat_link(store: Store, game_id: str, seat: int, profile_id: str) -> None:
    """Link a seat to a profile; a seat linked already is a :class:`StoreConflict`."""
    _write(store, [(
        "INSERT INTO game_profiles (game_id, seat, profile_id) VALUES (?, ?, ?)", (game_id, seat, profile_id)
    )])


def seat_links(store: Store, game_id: str) -> dict[int, str]:
    """The profile of each linked seat of a game."""
    rows = _rows(store, "SELECT seat, profile_id FROM game_profiles WHERE game_id = ?", (game_id,))
    return {int(seat): pid for seat, pid in rows}


def profile_games(store: Store, profile_id: str, limit: int) -> list[tuple]:
    """``(game_id, game, created, seat, rated)`` of the profile's latest games (``rated``: rated
    already), newest first. ``games`` is the games' table of :mod:`.store`."""
    return _rows(
        store,
        "SELECT g.id, g.game, g.created, l.seat, r.game_id FROM game_profiles l "
        "JOIN games g ON g.id = l.game_id LEFT JOIN rated_games r ON r.game_id = l.game_id "
        "WHERE l.profile_id = ? ORDER BY g.created DESC, g.id LIMIT ?",
        (profile_id, limit),
    )


# ---------------------------------------------------------------------- results and ratings
def insert_rated_request(store: Store, game_id: str, seats: list[str], created: float) -> None:
    """Remember that a game was created as rated, with its seat kinds (once: a second is a
    :class:`StoreConflict`)."""
    _write(store, [(
        "INSERT INTO rated_requests (game_id, seats, created) VALUES (?, ?, ?)",
        (game_id, json.dumps(seats), created),
    )])


def rated_request(store: Store, game_id: str) -> list[str] | None:
    """The seat kinds a rated game was created with; ``None``: it was not created as rated."""
    rows = _rows(store, "SELECT seats FROM rated_requests WHERE game_id = ?", (game_id,))
    return list(json.loads(rows[0][0])) if rows else None


def result_statement(
    game_id: str, game: str, seat_keys: list[str], placement: list[int], rated: bool, at: float
) -> Statement:
    return (
        "INSERT INTO game_results (game_id, game, seat_keys, placement, rated, at) VALUES (?, ?, ?, ?, ?, ?)",
        (game_id, game, json.dumps(seat_keys), json.dumps(placement), int(rated), at),
    )


def record_result(
    store: Store, game_id: str, game: str, seat_keys: list[str], placement: list[int], at: float
) -> bool:
    """Store an unrated game's placements once; ``False`` if they were stored already."""
    try:
        _write(store, [result_statement(game_id, game, seat_keys, placement, False, at)])
    except StoreConflict:
        return False
    return True


def profile_results(store: Store, profile_id: str) -> list[tuple[str, str, list[str], list[int]]]:
    """``(game_id, game, seat_keys, placement)`` of every finished game the profile sat at."""
    rows = _rows(
        store,
        "SELECT r.game_id, r.game, r.seat_keys, r.placement FROM game_results r WHERE r.game_id IN "
        "(SELECT game_id FROM game_profiles WHERE profile_id = ?)",
        (profile_id,),
    )
    return [(gid, game, json.loads(keys), json.loads(places)) for gid, game, keys, places in rows]


def is_rated_game(store: Store, game_id: str) -> bool:
    return bool(_rows(store, "SELECT 1 FROM rated_games WHERE game_id = ?", (game_id,)))


@dataclass(frozen=True)
class RatingRow:
    """One player's rating in one game and player-count group."""

    player_key: str
    mu: float
    sigma: float
    games: int


def ratings_of(store: Store, game: str, group: str, keys: list[str]) -> dict[str, RatingRow]:
    """The stored ratings of ``keys`` (a key never rated is absent)."""
    rows = _rows(
        store,
        f"SELECT player_key, mu, sigma, games FROM ratings WHERE game = ? AND grp = ? "
        f"AND player_key IN ({_marks(len(keys))})",
        (game, group, *keys),
    )
    return {key: RatingRow(key, float(mu), float(sigma), int(n)) for key, mu, sigma, n in rows}


def write_ratings(
    store: Store,
    game_id: str,
    game: str,
    group: str,
    result: Statement,
    old: dict[str, RatingRow],
    new: dict[str, tuple[float, float]],
    at: float,
) -> None:
    """Mark the game rated, store its result and every player's new rating and history point,
    all in one transaction. A game rated already, or a rating another writer changed since
    ``old`` was read (its history number is taken), is a :class:`StoreConflict` and nothing
    is written."""
    statements: list[Statement] = [
        ("INSERT INTO rated_games (game_id, game, grp, at) VALUES (?, ?, ?, ?)", (game_id, game, group, at)),
        # the rated result replaces one kept before as unrated (a game marked rated late)
        ("DELETE FROM game_results WHERE game_id = ?", (game_id,)),
        result,
    ]
    for key, (mu, sigma) in new.items():
        before = old.get(key)
        n = 1 if before is None else before.games + 1
        if before is None:
            statements.append((
                "INSERT INTO ratings (game, grp, player_key, mu, sigma, games, updated) "
                "VALUES (?, ?, ?, ?, ?, ?, ?)",
                (game, group, key, mu, sigma, n, at),
            ))
        else:
            statements.append((
                "UPDATE ratings SET mu = ?, sigma = ?, games = ?, updated = ? "
                "WHERE game = ? AND grp = ? AND player_key = ?",
                (mu, sigma, n, at, game, group, key),
            ))
        statements.append((
            "INSERT INTO rating_history (player_key, game, grp, n, game_id, mu, sigma, ordinal, at) "
            "VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
            (key, game, group, n, game_id, mu, sigma, mu - 3 * sigma, at),
        ))
    _write(store, statements)


def leaderboard_rows(store: Store, game: str, group: str, limit: int) -> list[RatingRow]:
    """The best ``limit`` ratings of a game and group by ordinal (mu − 3σ), then most games."""
    rows = _rows(
        store,
        "SELECT player_key, mu, sigma, games FROM ratings WHERE game = ? AND grp = ? "
        "ORDER BY mu - 3 * sigma DESC, games DESC, player_key LIMIT ?",
        (game, group, limit),
    )
    return [RatingRow(key, float(mu), float(sigma), int(n)) for key, mu, sigma, n in rows]


def player_ratings(store: Store, player_key: str) -> list[tuple[str, str, RatingRow]]:
    """``(game, group, rating)`` of every game and group a player is rated in."""
    rows = _rows(
        store,
        "SELECT game, grp, mu, sigma, games FROM ratings WHERE player_key = ? ORDER BY game, grp",
        (player_key,),
    )
    return [(game, grp, RatingRow(player_key, float(mu), float(sigma), int(n))) for game, grp, mu, sigma, n
            in rows]


def player_history(store: Store, player_key: str, limit: int) -> list[tuple]:
    """``(game, group, n, game_id, mu, sigma, ordinal, at)`` of the player's latest ``limit``
    rated games, oldest first (the points of a plot)."""
    rows = _rows(
        store,
        "SELECT game, grp, n, game_id, mu, sigma, ordinal, at FROM rating_history WHERE player_key = ? "
        "ORDER BY at DESC, game, grp, n DESC LIMIT ?",
        (player_key, limit),
    )
    return list(reversed(rows))
