"""The pages: plain HTML files whose ES modules talk to the API (no build step)."""

from __future__ import annotations

from pathlib import Path

from fastapi import APIRouter, Request
from fastapi.responses import FileResponse

from ..requests import hub_of

STATIC = Path(__file__).resolve().parent.parent / "static"

router = APIRouter(include_in_schema=False)


@router.get("/")
async def lobby_page():
    return FileResponse(STATIC / "lobby.html")


@router.get("/favicon.ico")
async def favicon():
    return FileResponse(STATIC / "favicon.svg", media_type="image/svg+xml")


@router.get("/play/{game_id}")
async def game_page(game_id: str, request: Request):
    hub_of(request).table(game_id)  # an unknown game is a named 404, not an empty page
    return FileResponse(STATIC / "game.html")


@router.get("/replay/{game_id}")
async def replay_page(game_id: str, request: Request):
    hub_of(request).table(game_id)
    return FileResponse(STATIC / "replay.html")
