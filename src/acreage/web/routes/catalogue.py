"""What the server offers, the same for everyone: health, the games with their options and
bot levels, and each game's public content (from its presentation model)."""

from __future__ import annotations

from fastapi import APIRouter, Request

from ... import core
from ...core.presentation import presentation_of
from .. import inputs
from ..requests import hub_of, limits_of
from ..tables import DEFAULT_LEVEL

router = APIRouter()


@router.get("/api/health")
async def health(request: Request):
    h = hub_of(request)
    sockets = sum(len(conns) for conns in h.sockets.values())
    return {"ok": True, "games": len(h.summaries), "live": len(h.tables), "sockets": sockets}


@router.get("/api/catalogue")
async def catalogue(request: Request):
    limits = limits_of(request)
    out = []
    for info in core.games():
        summary = info.summary()
        out.append({key: summary[key]
                    for key in ("name", "title", "players", "options", "description", "levels")})
    return {
        "games": out,
        # Bots by name, for API clients that want one beyond the levels (any spec within the caps).
        "bots": ["greedy", "random", "mcts", "beam"],
        "default_level": DEFAULT_LEVEL,
        "bot_caps": {"ms": limits.bot_ms, "iterations": limits.bot_iterations},
    }


@router.get("/api/content/{game}")
async def content(game: str):
    """What a board needs to draw a game's pieces: public, static data (no state)."""
    return presentation_of(inputs.game(game)).content()
