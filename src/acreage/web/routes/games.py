"""Games: the lobby, creating a game, a seat's view, moves and undo, the plan, joining,
leaving and rematches. Every move goes through the table under the game's lock; every answer
to a client is a named error or the result."""

from __future__ import annotations

import asyncio

from fastapi import APIRouter, Request

from ... import core
from .. import inputs
from ..accounts import link_seat, profile_of_request
from ..accounts_store import rated_request
from ..guard import client_address
from ..ratings import mark_rated
from ..requests import (
    CLIENT_ID,
    SEQ,
    TOKEN,
    body_schema,
    hub_of,
    limits_of,
    no_token_in_url,
    read_body,
    token_of,
)
from ..tables import DEFAULT_LEVEL, Table, TableError, create_row, is_bot

router = APIRouter()


@router.get("/api/games")
async def list_games(request: Request, limit: int = 100, mine: str = ""):
    """The public games, plus the games named in ``mine`` (ids, comma-separated: the ones a
    browser holds seats in, so its invite-only games show there too)."""
    ids = inputs.text(mine, "mine", 50 * 13).split(",") if mine else []
    lobby_max = limits_of(request).lobby_max
    return {"games": hub_of(request).lobby(inputs.whole(limit, "limit", 1, lobby_max), frozenset(ids))}


@router.post(
    "/api/games",
    status_code=201,
    openapi_extra=body_schema(
        {
            "game": {"type": "string", "enum": [i.name for i in core.games()]},
            "players": {"type": "integer", "minimum": 1, "maximum": 4},
            "options": {"type": "object"},
            "seats": {"type": "array", "items": {"type": "string"}},
            "names": {"type": "array", "items": {"type": ["string", "null"]}},
            "listed": {"type": "boolean"},
            "rated": {"type": "boolean"},
            "clock": {"type": "object", "properties": {"bank_s": {"type": "number"},
                                                      "increment_s": {"type": "number"}}},
        },
        ["game"],
    ),
)
async def create_game(request: Request):
    h = hub_of(request)
    data = await read_body(request)
    h.counters.creations.hit(client_address(request.scope))
    rated = data.get("rated", False)
    if type(rated) is not bool:
        raise TableError("malformed", "rated must be true (the result changes ratings) or false")
    row, tokens = create_row(
        data.get("game"), data.get("players"), data.get("options"), data.get("seats"), data.get("clock"),
        limits_of(request), data.get("names"), data.get("listed", True),
    )
    answer = h.open_game(row, tokens)
    _sign_seat(request, row.id, min(tokens) if tokens else None)
    if rated:
        mark_rated(h.store, row.id, row.seats)
    answer["rated"] = rated
    return answer


def _sign_seat(request: Request, game_id: str, seat: int | None) -> None:
    """A signed-in player's seat is linked to their profile (ratings, profile page, turn
    notices); a player without a profile keeps playing by the seat's token alone. Only the
    seat the person plays is linked (the first human seat of a game they create)."""
    profile = profile_of_request(request)
    if profile is not None and seat is not None:
        link_seat(hub_of(request).store, game_id, seat, profile.id)


@router.get("/api/games/{game_id}", openapi_extra={"parameters": []})
async def get_game(game_id: str, request: Request, since: int = 0):
    no_token_in_url(request)
    table = hub_of(request).table(game_id)
    seat = table.seat_of(token_of(request))
    count = table.state.event_count
    return table.view(seat, inputs.whole(since, "since", 0, count))


def _seated(table: Table, request: Request, data: dict, why: str) -> int:
    """The seat of the request's token; a request without one (a spectator) is refused with
    ``why``, an unknown token by ``seat_of``."""
    seat = table.seat_of(token_of(request, data))
    if seat is None:
        raise TableError("spectator", why, 403)
    return seat


async def _move(game_id: str, request: Request, do) -> dict:
    """An action or undo over HTTP: the seat first, then its rate, then the table."""
    h = hub_of(request)
    data = await read_body(request)
    table = h.table(game_id)
    seat = _seated(table, request, data, "spectators cannot act; join a seat or use your seat's link")
    h.counters.moves.hit(f"{game_id}/{seat}")
    async with h.lock(game_id):
        table = h.table(game_id)
        result = do(table, seat, data)
    h.changed(table)
    return {"seq": result.seq, "action": result.move}


@router.post(
    "/api/games/{game_id}/actions",
    openapi_extra=body_schema(
        {"token": TOKEN, "action": {"type": ["string", "integer"]}, "seq": SEQ, "client_id": CLIENT_ID},
        ["action", "seq"],
    ),
)
async def post_action(game_id: str, request: Request):
    def do(table: Table, seat: int, data: dict):
        if "action" not in data:
            raise TableError("malformed", "give the action: its notation or its id")
        return table.act(seat, data.get("action"), data.get("seq"), data.get("client_id"))

    return await _move(game_id, request, do)


@router.post(
    "/api/games/{game_id}/timeout",
    openapi_extra=body_schema(
        {"token": TOKEN, "seq": SEQ, "choice": {"type": "string", "enum": ["bot", "end"]}}, ["choice", "seq"]
    ),
)
async def post_timeout(game_id: str, request: Request):
    """Another player's choice for the seat to act whose clock ran out: ``bot`` (a bot plays
    it from now on) or ``end`` (the game ends, that seat ranks last)."""

    def do(table: Table, seat: int, data: dict):
        return table.resolve_timeout(seat, data.get("choice"), data.get("seq"))

    return await _move(game_id, request, do)


@router.post(
    "/api/games/{game_id}/undo",
    openapi_extra=body_schema(
        {"token": TOKEN, "seq": SEQ, "count": {"type": "integer", "minimum": 1}, "client_id": CLIENT_ID},
        ["seq"],
    ),
)
async def post_undo(game_id: str, request: Request):
    def do(table: Table, seat: int, data: dict):
        return table.undo(seat, data.get("seq"), data.get("client_id"), data.get("count", 1))

    return await _move(game_id, request, do)


@router.get("/api/games/{game_id}/plan")
async def plan(game_id: str, request: Request):
    """The game's shortcut for the seat to act (where its presentation model offers one), for
    that seat only; the page shows it and can play it action by action."""
    no_token_in_url(request)
    h = hub_of(request)
    table = h.table(game_id)
    seat = table.seat_of(token_of(request))
    if seat is None or seat != table.to_act():
        raise TableError("not_your_turn", "a plan is given to the seat to act", 403)
    h.counters.moves.hit(f"{game_id}/{seat}")
    state = table.state.clone()
    macros = await asyncio.to_thread(state.macro_actions)
    if not macros:
        return {"name": None, "actions": []}
    name, actions = macros[0]
    return {"name": name, "actions": [str(a) for a in actions]}


@router.post(
    "/api/games/{game_id}/join",
    openapi_extra=body_schema({"seat": {"type": "integer", "minimum": 0, "maximum": 3}}, ["seat"]),
)
async def join(game_id: str, request: Request):
    h = hub_of(request)
    data = await read_body(request)
    table = h.table(game_id)
    h.counters.creations.hit(client_address(request.scope))
    async with h.lock(game_id):
        table = h.table(game_id)
        token = table.join(data.get("seat"))
    seat = data["seat"]
    _sign_seat(request, game_id, seat)
    h.changed(table)
    return {"seat": seat, "token": token, "link": f"/play/{game_id}#token={token}"}


@router.post("/api/games/{game_id}/sign", openapi_extra=body_schema({"token": TOKEN}))
async def sign(game_id: str, request: Request):
    """Link the token's seat to this browser's profile: a player who came by an invite link
    and is signed in (or signs in later) has the game on their profile and, when every person's
    seat is linked, rated. Once only; a seat another profile holds stays theirs."""
    h = hub_of(request)
    data = await read_body(request)
    table = h.table(game_id)
    seat = _seated(table, request, data, "give your seat's token to link it to your profile")
    profile = profile_of_request(request)
    if profile is None:
        raise TableError("not_signed_in", "sign in to link this seat to your profile", 401)
    return {"seat": seat, "linked": link_seat(h.store, game_id, seat, profile.id)}


@router.post("/api/games/{game_id}/leave", openapi_extra=body_schema({"token": TOKEN}))
async def leave(game_id: str, request: Request):
    h = hub_of(request)
    data = await read_body(request)
    table = h.table(game_id)
    seat = _seated(table, request, data, "give your seat's token to hand it to a bot")
    async with h.lock(game_id):
        table = h.table(game_id)
        table.hand_to_bot(seat, DEFAULT_LEVEL)
    h.changed(table)
    return {"seat": seat, "now": f"bot:{DEFAULT_LEVEL}"}


@router.post("/api/games/{game_id}/rematch", status_code=201, openapi_extra=body_schema({"token": TOKEN}))
async def rematch(game_id: str, request: Request):
    """A new game with the same settings. The first player to ask creates it and gets their
    own seat; every other player of the game is offered theirs and claims it the same way."""
    h = hub_of(request)
    data = await read_body(request)
    old = h.table(game_id)
    seat = _seated(old, request, data, "only a player of the game can ask for a rematch")
    if is_bot(old.seats[seat]):
        raise TableError("bot_seat", "this seat was handed to a bot", 403)
    h.counters.creations.hit(client_address(request.scope))
    async with h.lock(game_id):
        answer = h.rematch(old, seat)
    _sign_seat(request, answer["id"], seat)
    if rated_request(h.store, old.id) is not None:  # a rated game's rematch is rated too
        mark_rated(h.store, answer["id"], h.table(answer["id"]).row.seats)
    return answer
