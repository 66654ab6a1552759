"""The web platform's server: HTTP + WebSocket API, pages, bots. See ``docs/web-api.md``.

``create_app`` builds the app from the routers of :mod:`.routes` (pages, catalogue, games,
replays, sockets). One process holds the live tables in memory (:mod:`.hub`). Requests that
change a game run one at a time per table (an ``asyncio.Lock``); the store commit happens
before the answer and before any connection is told, and telling never waits on a socket.
Everything a client sends is checked by :mod:`.guard` (host, origin, content type, rate) and
:mod:`.inputs` (size, nesting, types, text) before a table sees it; every refusal is a named
error, never a 500.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Callable
from contextlib import asynccontextmanager
from pathlib import Path

from fastapi import FastAPI, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import JSONResponse
from fastapi.staticfiles import StaticFiles
from starlette.exceptions import HTTPException as StarletteHTTPException

from .accounts_store import ensure_schema
from .guard import Guard
from .hub import Hub
from .inputs import MAX_BODY_BYTES, InputError
from .limits import Counters, Limits
from .requests import error_response, hub_of
from .routes import ROUTERS
from .store import open_store
from .turn_notices import NoticeSettings

STATIC = Path(__file__).parent / "static"
log = logging.getLogger("acreage.web")


def serve(app: FastAPI, host: str, port: int, log_level: str = "warning") -> None:
    """Run ``app`` under uvicorn with the transport limits the app's own checks assume: small
    WebSocket frames, bounded request headers, a short graceful shutdown."""
    import uvicorn

    uvicorn.run(
        app,
        host=host,
        port=port,
        log_level=log_level,
        ws_max_size=4 * MAX_BODY_BYTES,
        ws_max_queue=8,
        # each socket would compress each update on its own: an update is a few KB, and with
        # hundreds of watchers compressing cost more server time than building the views
        ws_per_message_deflate=False,
        h11_max_incomplete_event_size=16 * 1024,
        timeout_graceful_shutdown=3,
        timeout_keep_alive=10,
    )


def create_app(
    store_url: str = "acreage-web.db",
    bot_workers: int = 1,
    warm_bots: bool = True,
    on_stop: Callable[[], None] | None = None,
    limits: Limits | None = None,
    notice_settings: NoticeSettings | None = None,
) -> FastAPI:
    """The application. ``store_url``: a SQLite file (default) or ``postgresql://…``;
    ``warm_bots`` starts the bot workers with the server (tests that need no bot turn it off);
    ``limits``: the rates, caps and allow-lists (:class:`~acreage.web.limits.Limits`);
    ``notice_settings``: turn notices' base URL and SMTP (default: from the environment,
    :meth:`~acreage.web.turn_notices.NoticeSettings.from_env`).

    The routes live in ``routes/`` (one router per concern) and reach this app's hub and
    limits through ``app.state`` (no module-level state, so tests and two servers in one
    process never share a game); the work is in ``hub.py``, ``tables.py``, ``store.py`` and
    ``bots.py``."""
    limits = limits or Limits()
    notice_settings = notice_settings or NoticeSettings.from_env()
    counters = Counters(limits)  # one set for the guard and the routes

    @asynccontextmanager
    async def lifespan(app: FastAPI):
        hub = Hub(open_store(store_url), limits, bot_workers, counters, notice_settings)
        ensure_schema(hub.store)
        hub.load()
        hub.notifier.start()
        if warm_bots:
            await asyncio.to_thread(hub.bots.warm)
        app.state.hub = hub
        for table in list(hub.tables.values()):
            hub.schedule_bot(table)  # bots whose turn it was when the server stopped
        hub.housekeeping = asyncio.get_running_loop().create_task(hub.keep_house())
        try:
            yield
        finally:
            await hub.close()
            if on_stop is not None:
                on_stop()

    app = FastAPI(title="Acreage", lifespan=lifespan, docs_url="/api/docs", redoc_url=None)
    app.state.limits = limits
    app.mount("/static", StaticFiles(directory=STATIC), name="static")
    app.add_middleware(Guard, limits=limits, counters=counters)
    _answer_errors_by_name(app)
    for router in ROUTERS:
        app.include_router(router)
    return app


def _answer_errors_by_name(app: FastAPI) -> None:
    """Every failure a client can cause is a named JSON error; anything else is logged without
    a traceback to the client ("internal", nothing changed)."""

    @app.exception_handler(InputError)
    async def input_error(request: Request, exc: InputError):
        if exc.code == "conflict":
            game_id = request.path_params.get("game_id")
            if game_id:
                hub_of(request).reload(game_id)
        return error_response(exc)

    @app.exception_handler(RequestValidationError)
    async def validation_error(request: Request, exc: RequestValidationError):
        where = ", ".join(".".join(str(p) for p in e.get("loc", ())) for e in exc.errors()[:3])
        why = f"a parameter has the wrong type or form ({where[:120]})"
        return error_response(InputError("malformed", why))

    @app.exception_handler(StarletteHTTPException)
    async def http_error(request: Request, exc: StarletteHTTPException):
        code = {404: "not_found", 405: "method_not_allowed"}.get(exc.status_code, "refused")
        return error_response(InputError(code, str(exc.detail)[:200], exc.status_code))

    @app.exception_handler(Exception)
    async def unexpected(request: Request, exc: Exception):
        log.error("unexpected %s on %s %s: %s", type(exc).__name__, request.method, request.url.path, exc)
        return JSONResponse({"error": "internal", "message": "the server failed; nothing changed"}, 500)
