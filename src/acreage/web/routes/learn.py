"""Learning: the "How to play" pages and their content, starting a tutorial, and "why can't
I?" (the engine's explanation of a move that is not allowed now)."""

from __future__ import annotations

from pathlib import Path

from fastapi import APIRouter, Request
from fastapi.responses import FileResponse

from ... import core
from .. import inputs
from ..guard import client_address
from ..learning import guide_page, tutorial_row
from ..requests import TOKEN, body_schema, hub_of, read_body, token_of

STATIC = Path(__file__).resolve().parent.parent / "static"

router = APIRouter()


@router.get("/learn", include_in_schema=False)
async def learn_index():
    return FileResponse(STATIC / "learn.html")


@router.get("/learn/{game}", include_in_schema=False)
async def learn_page(game: str):
    guide_page(game)  # an unknown game is a named 404, not an empty page
    return FileResponse(STATIC / "learn.html")


@router.get("/api/learn")
async def learn_games():
    """The games that have a guide, for the index of the "How to play" pages."""
    out = []
    for info in core.games():
        try:
            page = guide_page(info.name)
        except inputs.InputError:
            continue
        out.append({"game": info.name, "title": page["title"], "game_title": info.title,
                    "summary": page["summary"], "tutorial": page["tutorial"] is not None})
    return {"games": out}


@router.get("/api/learn/{game}")
async def learn_content(game: str):
    """A game's guide: sections with their figures (update messages of a real game's
    positions, drawn by the game's board), rulings with reasons, glossary and reference."""
    return guide_page(game)


@router.post("/api/tutorials/{game}", status_code=201, openapi_extra=body_schema({}))
async def start_tutorial(game: str, request: Request):
    """A new tutorial table of ``game`` for the caller, who plays its learner's seat."""
    h = hub_of(request)
    await read_body(request)
    h.counters.creations.hit(client_address(request.scope))
    row, tokens = tutorial_row(game)
    return h.open_game(row, tokens)


@router.post(
    "/api/games/{game_id}/why",
    openapi_extra=body_schema({"token": TOKEN, "action": {"type": ["string", "integer"]}}, ["action"]),
)
async def why(game_id: str, request: Request):
    """Why a move is not allowed now, for the seat asking (nothing changes): what a board
    shows when a player clicks something that cannot be played."""
    h = hub_of(request)
    data = await read_body(request)
    table = h.table(game_id)
    seat = table.seat_of(token_of(request, data))
    h.counters.moves.hit(f"{game_id}/{seat}")
    if "action" not in data:
        raise inputs.InputError("malformed", "give the action to explain: its notation or its id")
    return table.why(seat, data.get("action"))
