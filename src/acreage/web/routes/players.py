"""Profiles, sessions and ratings: creating a profile, logging in and out, who am I, a
profile's public page and a game's leaderboard. Every answer is a named error or the result;
no answer carries a password hash, a session token's hash, or another person's session."""

from __future__ import annotations

from fastapi import APIRouter, Request, Response
from fastapi.responses import JSONResponse

from .. import inputs, ratings
from ..accounts import (
    MAX_NAME_CHARS,
    MAX_PASSWORD_CHARS,
    MIN_PASSWORD_CHARS,
    Profile,
    accounts_of,
    check_profile_id,
    clear_session_cookie,
    create_profile,
    end_session,
    log_in,
    set_session_cookie,
    store_of,
    visit,
)
from ..guard import client_address
from ..inputs import InputError
from ..requests import body_schema, read_body

router = APIRouter()

NAME = {"type": "string", "minLength": 1, "maxLength": MAX_NAME_CHARS}
PASSWORD = {"type": "string", "minLength": MIN_PASSWORD_CHARS, "maxLength": MAX_PASSWORD_CHARS}
#: Answers that set or speak of a session are nobody's to keep.
PRIVATE = {"Cache-Control": "no-store"}
LEADERBOARD_MAX = 200


def _signed_in(request: Request, profile: Profile, token: str, status: int) -> JSONResponse:
    """The profile's own view, with the new session's cookie (this browser's previous session,
    if it had one, is ended: one browser, one session)."""
    end_session(request)
    response = JSONResponse({"profile": profile.own()}, status_code=status, headers=PRIVATE)
    set_session_cookie(response, request, token, accounts_of(request))
    return response


@router.post(
    "/api/profiles", status_code=201,
    openapi_extra=body_schema({"name": NAME, "password": {**PASSWORD, "type": ["string", "null"]}}, ["name"]),
)
async def create(request: Request) -> JSONResponse:
    """A new profile (the password is optional: without one, this browser's cookie is its only
    key); the answer logs this browser in."""
    data = await read_body(request)
    profile, token = await create_profile(
        store_of(request), accounts_of(request), data.get("name"), data.get("password"),
        client_address(request.scope),
    )
    return _signed_in(request, profile, token, 201)


@router.post(
    "/api/session", openapi_extra=body_schema({"name": NAME, "password": PASSWORD}, ["name", "password"])
)
async def login(request: Request) -> JSONResponse:
    data = await read_body(request)
    profile, token = await log_in(
        store_of(request), accounts_of(request), data.get("name"), data.get("password"),
        client_address(request.scope),
    )
    return _signed_in(request, profile, token, 200)


@router.delete("/api/session")
async def logout(request: Request) -> JSONResponse:
    """End this browser's session (nothing to end is no error)."""
    end_session(request)
    response = JSONResponse({"ok": True}, headers=PRIVATE)
    clear_session_cookie(response, request)
    return response


@router.get("/api/me")
async def me(request: Request, response: Response) -> dict:
    """This browser's profile, or ``null`` when it is not logged in; a visit renews the session."""
    profile = visit(request, response)
    response.headers.update(PRIVATE)
    return {"profile": profile.own() if profile else None}


@router.get("/api/profiles/{profile_id}")
async def public_profile(profile_id: str, request: Request) -> dict:
    """A profile's public page: name, games, ratings, rating history, record against bots."""
    summary = ratings.profile_summary(store_of(request), check_profile_id(profile_id))
    if summary is None:
        raise InputError("not_found", f"there is no profile {profile_id!r}", 404)
    return summary


def _game(value: str) -> str:
    return inputs.game(value, status=400).name


@router.get("/api/leaderboard/{game}")
async def leaderboard(game: str, request: Request, group: str = "2", limit: int = 50) -> dict:
    """A game's best players and bots in a player-count group, by ordinal (mu − 3σ)."""
    name = _game(game)
    group = inputs.text(group, "group", 8)
    if group not in set(ratings.GROUPS.values()):
        groups = ", ".join(sorted(set(ratings.GROUPS.values())))
        raise InputError("bad_group", f"group must be one of {groups} (got {inputs.quote(group)})")
    count = inputs.whole(limit, "limit", 1, LEADERBOARD_MAX)
    board = ratings.leaderboard(store_of(request), name, group, count)
    return {"game": name, "group": group, "players": board}
