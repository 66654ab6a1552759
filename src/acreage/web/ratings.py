"""Ratings of players and bots, per game and player-count group (openskill's Plackett–Luce).

**Who is rated.** Every seat of a rated game is a *player key*: ``profile:<id>`` for a person
with a profile, ``bot:<game>:<spec>`` for a bot (``bot:<game>:hard``; a spec that is not a
level name is rated under its exact text, ``bot:<game>:greedy``). Bots are rated players
like people, so beating a bot that has itself been beaten a lot is worth little.

**Which games are rated** (:func:`is_rated`): the game was created as rated (:func:`mark_rated`
keeps that, with the seat kinds it was created with); it has 2 to 4 seats (a solo game has
nobody to be ranked against); every seat created as a person's (``human`` or ``open``) is
linked to a profile (an anonymous seat has nobody to rate); at least one seat is a profile
(two bots' games rate nothing a person asked for); and no profile holds two seats. The seat
kinds are the creation's, not the end's: a seat handed to a bot when its player left stays
its player's (leaving does not avoid a loss), and an anonymous player who left does not turn
the game into a rated one.

**Groups.** A 2-player game and a 3–4 player game are different contests, so each game has
two ratings per player: group ``"2"`` and group ``"3-4"``. Solo games are never rated.

**Once per game.** :func:`rate_game` marks the game in ``rated_games`` in the same transaction
that writes the new ratings, so a second call (a second server process, a retried hook) finds
the mark and changes nothing. Two games rated at once that share a player cannot both write
from the same old rating: the history row each appends is numbered by the player's game count,
so the second collides, reads the new rating and computes again.

**Placement** is a rank per seat, 1 = first, tied seats sharing a rank (``state.ranking()``).
Two seats with the same key (two ``bot:…:medium`` seats) are rated as two entrants from the
same rating, and the key keeps the mean of their two updates.
"""

from __future__ import annotations

import time
from collections import defaultdict
from typing import TYPE_CHECKING

from openskill.models import PlackettLuce

from . import accounts_store as db
from .store import Store, StoreConflict, StoreError

if TYPE_CHECKING:
    from .tables import Table

#: The model and its defaults (mu 25, sigma 25/3): one set of parameters for every game.
MODEL = PlackettLuce()
#: Player-count groups: each player count's group (absent: not rated).
GROUPS = {2: "2", 3: "3-4", 4: "3-4"}
#: Tries of a rating whose players another rating changed meanwhile.
RETRIES = 5
#: Points of history and games a profile summary gives at most.
HISTORY_MAX = 1000
GAMES_MAX = 200


def group_of(players: int) -> str | None:
    """The rating group of a player count (``None``: such games are not rated)."""
    return GROUPS.get(players)


def profile_key(profile_id: str) -> str:
    return f"profile:{profile_id}"


def bot_key(game: str, spec: str) -> str:
    return f"bot:{game}:{spec}"


def ordinal(mu: float, sigma: float) -> float:
    """The conservative skill shown on leaderboards: mu − 3σ (openskill's ``ordinal``)."""
    return mu - 3 * sigma


def seat_keys(game: str, seats: list[str], links: dict[int, str]) -> list[str | None]:
    """Each seat's player key: its linked profile, else its bot, else ``None`` (anonymous)."""
    keys: list[str | None] = []
    for seat, kind in enumerate(seats):
        if seat in links:
            keys.append(profile_key(links[seat]))
        elif kind.startswith("bot:"):
            keys.append(bot_key(game, kind[4:]))
        else:
            keys.append(None)
    return keys


def is_rated(rated: bool, seats: list[str], links: dict[int, str]) -> bool:
    """Whether a game is rated: asked for as rated, 2–4 seats, every non-bot seat linked to a
    profile, at least one profile, no profile on two seats (see the module's docstring)."""
    if not rated or group_of(len(seats)) is None:
        return False
    if any(not kind.startswith("bot:") and seat not in links for seat, kind in enumerate(seats)):
        return False
    linked = [links[s] for s in range(len(seats)) if s in links]
    return bool(linked) and len(set(linked)) == len(linked)


def mark_rated(store: Store, game_id: str, seats: list[str], at: float | None = None) -> bool:
    """Remember, at its creation, that a game is to be rated, with its seat kinds (``human``,
    ``open``, ``bot:SPEC``). ``False`` (nothing kept) for a player count that is never rated;
    marking a game twice keeps the first. Whether it *is* rated is decided at its end
    (:func:`is_rated`), once every seat has been taken and linked."""
    if group_of(len(seats)) is None:
        return False
    try:
        db.insert_rated_request(store, game_id, list(seats), time.time() if at is None else at)
    except StoreConflict:
        pass  # marked already
    return True


# ---------------------------------------------------------------------- rating
def _check(players: int, placement: list[int], keys: list[str]) -> str:
    group = group_of(players)
    if group is None:
        raise ValueError(f"games of {players} players are not rated")
    if len(placement) != players or len(keys) != players:
        raise ValueError(f"a {players}-player game needs a placement and a key per seat")
    if not all(type(p) is int and 1 <= p <= players for p in placement):
        raise ValueError(f"placements are ranks from 1 to {players}, not {placement}")
    return group


def _updated(placement: list[int], keys: list[str], old: dict[str, db.RatingRow]) -> dict[str, tuple]:
    """New (mu, sigma) per key: one entrant per seat; a key on several seats keeps the mean."""
    teams = []
    for key in keys:
        row = old.get(key)
        teams.append([MODEL.rating() if row is None else MODEL.rating(mu=row.mu, sigma=row.sigma)])
    rated = MODEL.rate(teams, ranks=[float(p) for p in placement])
    updates: dict[str, list[tuple[float, float]]] = defaultdict(list)
    for key, (rating,) in zip(keys, rated, strict=True):
        updates[key].append((rating.mu, rating.sigma))
    return {key: (sum(m for m, _ in ups) / len(ups), sum(s for _, s in ups) / len(ups))
            for key, ups in updates.items()}


def rate_game(
    store: Store,
    game: str,
    players: int,
    placement: list[int],
    seat_keys: list[str],
    game_id: str,
    at: float | None = None,
) -> dict[str, dict] | None:
    """Rate one finished game: every player's new rating, its history point and the game's
    result, in one transaction, once. Returns each key's new ``{mu, sigma, ordinal}``, or
    ``None`` if the game was rated already. ``ValueError`` for a game that cannot be rated (a
    solo game, lists of the wrong length); the caller decides whether it *should* be
    (:func:`is_rated`)."""
    group = _check(players, placement, seat_keys)
    at = time.time() if at is None else at
    unique = list(dict.fromkeys(seat_keys))
    result = db.result_statement(game_id, game, list(seat_keys), list(placement), True, at)
    for _ in range(RETRIES):
        if db.is_rated_game(store, game_id):
            return None
        old = db.ratings_of(store, game, group, unique)
        new = _updated(placement, seat_keys, old)
        try:
            db.write_ratings(store, game_id, game, group, result, old, new, at)
        except StoreConflict:
            continue  # rated meanwhile (checked again above) or a player's rating moved on
        return {key: {"mu": mu, "sigma": sigma, "ordinal": ordinal(mu, sigma)}
                for key, (mu, sigma) in new.items()}
    if db.is_rated_game(store, game_id):
        return None
    raise StoreError(f"game {game_id} could not be rated: its players' ratings kept changing")


def rate_result(
    store: Store, game_id: str, game: str, seats: list[str], placement: list[int], rated: bool,
    at: float | None = None,
) -> dict[str, dict] | None:
    """What to do with a finished game, from its seats and placement alone: nothing if no
    profile sat at it; rate it if it is rated (:func:`is_rated`); else only keep its result
    (for the profiles' records against bots). Returns the new ratings when it rated."""
    links = db.seat_links(store, game_id)
    if not links:
        return None
    at = time.time() if at is None else at
    if is_rated(rated, seats, links):
        keys = [k for k in seat_keys(game, seats, links) if k is not None]  # is_rated: none is None
        return rate_game(store, game, len(seats), placement, keys, game_id, at)
    anonymous = [k if k is not None else "guest" for k in seat_keys(game, seats, links)]
    db.record_result(store, game_id, game, anonymous, placement, at)
    return None


def rate_finished(store: Store, table: Table) -> dict[str, dict] | None:
    """Rate a finished :class:`~.tables.Table` if it is rated, else keep its result for the
    profiles that sat at it (see :func:`rate_result`); a game not over is left alone. What it
    reads of the table: ``id``, ``row.game``, ``seats`` (the seat kinds now, for an unrated
    game), ``over`` and ``ranking()`` (a seat that forfeited on time ranks last). Safe to call
    more than once, from any process; returns the new ratings when this call rated the game."""
    placement = table.ranking()
    if not table.over or placement is None:
        return None
    created = db.rated_request(store, table.id)
    seats = created if created is not None else list(table.seats)
    return rate_result(store, table.id, table.row.game, seats, placement, created is not None)


# ---------------------------------------------------------------------- reading
def _rating(row: db.RatingRow) -> dict:
    shown = {"mu": row.mu, "sigma": row.sigma, "ordinal": ordinal(row.mu, row.sigma)}
    return {**{name: round(value, 3) for name, value in shown.items()}, "games": row.games}


def describe_key(key: str, names: dict[str, str]) -> dict:
    """Who a player key is, for an answer: a profile's id and name, or a bot's spec."""
    kind, _, rest = key.partition(":")
    if kind == "profile":
        return {"kind": "profile", "profile": rest, "name": names.get(rest)}
    return {"kind": "bot", "bot": rest.partition(":")[2], "name": None}


def leaderboard(store: Store, game: str, group: str, limit: int) -> list[dict]:
    """The ``limit`` best of a game and group by ordinal (mu − 3σ), with their games count."""
    rows = db.leaderboard_rows(store, game, group, limit)
    ids = [r.player_key[len("profile:"):] for r in rows if r.player_key.startswith("profile:")]
    names = db.profile_names(store, ids)
    return [{"rank": n, "player": r.player_key, **describe_key(r.player_key, names), **_rating(r)}
            for n, r in enumerate(rows, 1)]


def profile_summary(store: Store, profile_id: str) -> dict | None:
    """A profile's public page: its games (latest first, with its seat and whether the game
    was rated), its ratings per game and group, its rating history (oldest first: points to
    plot) and its record against each bot. ``None`` for no such profile."""
    row = db.profile_by_id(store, profile_id)
    if row is None:
        return None
    key = profile_key(profile_id)
    games = [{"id": gid, "game": game, "created": float(created), "seat": int(seat),
              "rated": rated is not None}
             for gid, game, created, seat, rated in db.profile_games(store, profile_id, GAMES_MAX)]
    ratings = [{"game": game, "group": group, **_rating(r)}
               for game, group, r in db.player_ratings(store, key)]
    history = [{"game": game, "group": group, "n": int(n), "game_id": gid, "mu": round(float(mu), 3),
                "sigma": round(float(sigma), 3), "ordinal": round(float(o), 3), "at": float(at)}
               for game, group, n, gid, mu, sigma, o, at in db.player_history(store, key, HISTORY_MAX)]
    return {
        "profile": {"id": row.id, "name": row.name, "created": row.created},
        "games": games,
        "ratings": ratings,
        "history": history,
        "vs_bots": against_bots(db.profile_results(store, profile_id), key),
    }


def against_bots(results: list[tuple[str, str, list[str], list[int]]], key: str) -> list[dict]:
    """The player's wins, losses and draws against each bot (by game and spec) over the
    given results: a win is a better place than the bot's in the same game, a draw the same
    place. ``met`` counts bot seats met: a game against two ``medium`` seats meets two."""
    tally: dict[tuple[str, str], dict[str, int]] = {}
    for _gid, game, keys, placement in results:
        if key not in keys:
            continue
        mine = placement[keys.index(key)]
        for other, place in zip(keys, placement, strict=True):
            if not other.startswith("bot:"):
                continue
            spec = other.split(":", 2)[2]
            counts = tally.setdefault((game, spec), {"wins": 0, "losses": 0, "draws": 0})
            counts["wins" if mine < place else "losses" if mine > place else "draws"] += 1
    lines = []
    for (game, spec), counts in sorted(tally.items()):
        met = sum(counts.values())
        lines.append({"game": game, "bot": spec, **counts, "met": met,
                      "win_rate": round(counts["wins"] / met, 3)})
    return lines
