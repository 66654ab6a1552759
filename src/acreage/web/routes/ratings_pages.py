"""The pages of ratings and profiles: leaderboards, a profile's page, turn notices and the bot
ladder, plus ``GET /api/ladder`` (the published bot ladder, for the ladder page).

The ladder is the JSON file that ``make ladder`` writes into the arena package's data. The web
layer does not import the arena (``tests/test_import_layers.py``), so the file is read here by
its path, with the same empty answer as ``acreage.arena.ladder.load_ladder`` when it is missing.
"""

from __future__ import annotations

import json
from pathlib import Path

from fastapi import APIRouter, Request
from fastapi.responses import FileResponse, RedirectResponse

from ... import core
from .. import accounts_store, inputs
from ..accounts import check_profile_id, store_of

STATIC = Path(__file__).resolve().parent.parent / "static"
#: The published bot ladder (``acreage/arena/data/ladder.json``, shipped as package data).
LADDER_FILE = Path(__file__).resolve().parents[2] / "arena" / "data" / "ladder.json"
LADDER_FORMAT = "acreage-ladder"
LADDER_VERSION = 1

router = APIRouter()


def _game_names() -> list[str]:
    return [info.name for info in core.games()]


def _known_game(value: str) -> str:
    """A game's name from an address, else a named 404 (not an empty page)."""
    return inputs.game(value, "not_found").name


@router.get("/leaderboard", include_in_schema=False)
async def leaderboard_index() -> RedirectResponse:
    return RedirectResponse(f"/leaderboard/{_game_names()[0]}", status_code=307)


@router.get("/leaderboard/{game}", include_in_schema=False)
async def leaderboard_page(game: str) -> FileResponse:
    _known_game(game)
    return FileResponse(STATIC / "leaderboard.html")


@router.get("/profile/{profile_id}", include_in_schema=False)
async def profile_page(profile_id: str, request: Request) -> FileResponse:
    if accounts_store.profile_by_id(store_of(request), check_profile_id(profile_id)) is None:
        raise inputs.InputError("not_found", "there is no such profile", 404)
    return FileResponse(STATIC / "profile.html")


@router.get("/notices", include_in_schema=False)
async def notices_page() -> FileResponse:
    return FileResponse(STATIC / "notices.html")


@router.get("/ladder", include_in_schema=False)
async def ladder_page() -> FileResponse:
    return FileResponse(STATIC / "ladder.html")


def _empty_ladder(message: str) -> dict:
    return {"format": LADDER_FORMAT, "version": LADDER_VERSION, "engine_version": None, "date": None,
            "games_total": 0, "method": {}, "games": {}, "message": message}


def read_ladder(path: Path | None = None) -> dict:
    """The published ladder as its file holds it; without a readable ladder file, an empty
    ladder (no games) whose ``message`` says why, so the page can say so."""
    path = LADDER_FILE if path is None else path
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except FileNotFoundError:
        return _empty_ladder(f"no bot ladder has been published ({path.name} is missing); "
                             "`make ladder` plays the games and writes it")
    except (OSError, ValueError):
        return _empty_ladder(f"the bot ladder ({path.name}) cannot be read; `make ladder` writes it again")
    if not isinstance(data, dict) or data.get("format") != LADDER_FORMAT:
        return _empty_ladder(f"{path.name} is not a bot ladder; `make ladder` writes it again")
    return data


@router.get("/api/ladder")
async def ladder() -> dict:
    """The bot ladder: per game, each bot level's rating (``random`` is 0; at 2 players a gap of
    D points means the stronger wins with probability 1 / (1 + 10^(−D/400))) with its 95 %
    interval and games, the fit's engine version, date and method. No file: no games and a
    ``message``."""
    return read_ladder()
