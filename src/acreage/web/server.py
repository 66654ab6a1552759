"""The web platform's server: HTTP + WebSocket API, pages, bots. See ``docs/web-api.md``.

One process holds the live tables in memory (:mod:`.hub`). Requests that change a game run one
at a time per table (an ``asyncio.Lock``); the store commit happens before the answer and
before any connection is told, and telling never waits on a socket. Everything a client sends
is checked by :mod:`.guard` (host, origin, content type, rate) and :mod:`.inputs` (size,
nesting, types, text) before a table sees it; every refusal is a named error, never a 500.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import Callable
from contextlib import asynccontextmanager
from pathlib import Path

from fastapi import FastAPI, Request, WebSocket
from fastapi.exceptions import RequestValidationError
from fastapi.responses import FileResponse, JSONResponse
from fastapi.staticfiles import StaticFiles
from starlette.exceptions import HTTPException as StarletteHTTPException

from .. import core
from ..core.events import recording
from ..core.presentation import presentation_of
from . import inputs
from .connections import FLOODING, NO_HELLO, REFUSED, Connection
from .guard import Guard, client_address
from .hub import Hub
from .inputs import MAX_BODY_BYTES, InputError
from .limits import Counters, Limits
from .store import open_store
from .tables import Table, TableError, bot_spec, create_row, is_bot

STATIC = Path(__file__).parent / "static"
log = logging.getLogger("acreage.web")


def _error(exc: InputError) -> JSONResponse:
    headers = {"Retry-After": str(int(exc.retry_after))} if exc.retry_after is not None else None
    return JSONResponse({"error": exc.code, "message": str(exc)}, status_code=exc.status, headers=headers)


async def _body(request: Request) -> dict:
    """The request's JSON object, read up to the size cap (a body without a declared length is
    counted as it arrives) and parsed with the nesting cap."""
    chunks, size = [], 0
    async for chunk in request.stream():
        size += len(chunk)
        if size > MAX_BODY_BYTES:
            raise InputError("too_large", f"a body may be at most {MAX_BODY_BYTES} bytes", 413)
        chunks.append(chunk)
    return inputs.json_object(b"".join(chunks))


def _token(request: Request, data: dict | None = None) -> str | None:
    """The seat token of a request: ``Authorization: Bearer …``, else a ``token`` in the body."""
    header = request.headers.get("authorization")
    if header is not None:
        scheme, _, value = header.partition(" ")
        if scheme.lower() != "bearer" or not value.strip():
            raise InputError("malformed", "the Authorization header must be 'Bearer <token>'", 401)
        return inputs.token(value.strip())
    return inputs.token(data.get("token")) if data is not None else None


def _no_token_in_url(request: Request) -> None:
    if "token" in request.query_params:
        raise InputError(
            "token_in_url",
            "tokens are not taken from the address (proxies and logs keep addresses); "
            "send 'Authorization: Bearer <token>'",
        )


def _body_schema(properties: dict, required: list[str] | None = None) -> dict:
    """OpenAPI for a route that reads its JSON body itself (so the checks above run first)."""
    schema = {"type": "object", "properties": properties}
    if required:
        schema["required"] = required
    return {"requestBody": {"required": True, "content": {"application/json": {"schema": schema}}}}


TOKEN = {"type": "string", "maxLength": inputs.MAX_TOKEN_CHARS}
SEQ = {"type": "integer", "minimum": 0}
CLIENT_ID = {"type": "string", "maxLength": inputs.MAX_ID_CHARS}
GAME_ID_PARAM = {"game_id": {"pattern": "^[0-9a-f]{1,32}$"}}


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
) -> FastAPI:
    """The application. ``store_url``: a SQLite file (default) or ``postgresql://…``;
    ``warm_bots`` starts the bot workers with the server (tests that need no bot turn it off);
    ``limits``: the rates, caps and allow-lists (:class:`~acreage.web.limits.Limits`).

    One function, as FastAPI apps are: each route is a short closure over this app's tables,
    store and bot pool (no module-level state, so tests and two servers in one process never
    share a game); the work is in ``hub.py``, ``tables.py``, ``store.py`` and ``bots.py``."""
    limits = limits or Limits()
    hub_box: dict[str, Hub] = {}

    @asynccontextmanager
    async def lifespan(app: FastAPI):
        hub = Hub(open_store(store_url), limits, bot_workers, counters)
        hub.load()
        if warm_bots:
            await asyncio.to_thread(hub.bots.warm)
        hub_box["hub"] = hub
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
    app.mount("/static", StaticFiles(directory=STATIC), name="static")
    counters = Counters(limits)  # one set for the guard and the routes

    def hub() -> Hub:
        return hub_box["hub"]

    app.add_middleware(Guard, limits=limits, counters=counters)

    @app.exception_handler(InputError)
    async def input_error(request: Request, exc: InputError):
        if exc.code == "conflict":
            game_id = request.path_params.get("game_id")
            if game_id:
                hub().reload(game_id)
        return _error(exc)

    @app.exception_handler(RequestValidationError)
    async def validation_error(request: Request, exc: RequestValidationError):
        where = ", ".join(".".join(str(p) for p in e.get("loc", ())) for e in exc.errors()[:3])
        return _error(InputError("malformed", f"a parameter has the wrong type or form ({where[:120]})"))

    @app.exception_handler(StarletteHTTPException)
    async def http_error(request: Request, exc: StarletteHTTPException):
        code = {404: "not_found", 405: "method_not_allowed"}.get(exc.status_code, "refused")
        return _error(InputError(code, str(exc.detail)[:200], exc.status_code))

    @app.exception_handler(Exception)
    async def unexpected(request: Request, exc: Exception):
        log.error("unexpected %s on %s %s: %s", type(exc).__name__, request.method, request.url.path, exc)
        return JSONResponse({"error": "internal", "message": "the server failed; nothing changed"}, 500)

    # ------------------------------------------------------------------ pages
    @app.get("/", include_in_schema=False)
    async def lobby_page():
        return FileResponse(STATIC / "lobby.html")

    @app.get("/favicon.ico", include_in_schema=False)
    async def favicon():
        return FileResponse(STATIC / "favicon.svg", media_type="image/svg+xml")

    @app.get("/play/{game_id}", include_in_schema=False)
    async def game_page(game_id: str):
        hub().table(game_id)
        return FileResponse(STATIC / "game.html")

    @app.get("/replay/{game_id}", include_in_schema=False)
    async def replay_page(game_id: str):
        hub().table(game_id)
        return FileResponse(STATIC / "replay.html")

    # ------------------------------------------------------------------ API
    @app.get("/api/health")
    async def health():
        h = hub()
        sockets = sum(len(conns) for conns in h.sockets.values())
        return {"ok": True, "games": len(h.summaries), "live": len(h.tables), "sockets": sockets}

    @app.get("/api/catalogue")
    async def catalogue():
        out = []
        for info in core.games():
            summary = info.summary()
            out.append(
                {
                    "name": info.name,
                    "title": info.title,
                    "players": summary["players"],
                    "options": summary["options"],
                }
            )
        return {
            "games": out,
            "bots": ["greedy", "random", "mcts:ms=1000", "beam:ms=1000"],
            "bot_caps": {"ms": limits.bot_ms, "iterations": limits.bot_iterations},
        }

    @app.get("/api/content/{game}")
    async def content(game: str):
        """What a board needs to draw a game's pieces: public, static data (no state)."""
        try:
            info = core.game_info(inputs.text(game, "game", 40))
        except core.AcreageError as exc:
            raise TableError("bad_game", str(exc)[:200], 404) from None
        return presentation_of(info).content()

    @app.get("/api/games")
    async def list_games(limit: int = 100, mine: str = ""):
        """The public games, plus the games named in ``mine`` (ids, comma-separated: the ones a
        browser holds seats in, so its invite-only games show there too)."""
        ids = inputs.text(mine, "mine", 50 * 13).split(",") if mine else []
        return {"games": hub().lobby(inputs.whole(limit, "limit", 1, limits.lobby_max), frozenset(ids))}

    @app.post(
        "/api/games",
        status_code=201,
        openapi_extra=_body_schema(
            {
                "game": {"type": "string", "enum": [i.name for i in core.games()]},
                "players": {"type": "integer", "minimum": 1, "maximum": 4},
                "options": {"type": "object"},
                "seats": {"type": "array", "items": {"type": "string"}},
                "names": {"type": "array", "items": {"type": ["string", "null"]}},
                "listed": {"type": "boolean"},
                "clock": {"type": "object", "properties": {"bank_s": {"type": "number"},
                                                          "increment_s": {"type": "number"}}},
            },
            ["game"],
        ),
    )
    async def create_game(request: Request):
        h = hub()
        data = await _body(request)
        h.counters.creations.hit(client_address(request.scope))
        row, tokens = create_row(
            data.get("game"), data.get("players"), data.get("options"), data.get("seats"), data.get("clock"),
            limits, data.get("names"), data.get("listed", True),
        )
        return h.open_game(row, tokens)

    @app.get("/api/games/{game_id}", openapi_extra={"parameters": []})
    async def get_game(game_id: str, request: Request, since: int = 0):
        _no_token_in_url(request)
        table = hub().table(game_id)
        seat = table.seat_of(_token(request))
        count = table.state.event_count
        return table.view(seat, inputs.whole(since, "since", 0, count))

    async def _move(game_id: str, request: Request, do) -> dict:
        """An action or undo over HTTP: the seat first, then its rate, then the table."""
        h = hub()
        data = await _body(request)
        table = h.table(game_id)
        seat = table.seat_of(_token(request, data))
        if seat is None:
            raise TableError("spectator", "spectators cannot act; join a seat or use your seat's link", 403)
        h.counters.moves.hit(f"{game_id}/{seat}")
        async with h.lock(game_id):
            table = h.table(game_id)
            result = do(table, seat, data)
        h.changed(table)
        return {"seq": result.seq, "action": result.move}

    @app.post(
        "/api/games/{game_id}/actions",
        openapi_extra=_body_schema(
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

    @app.post(
        "/api/games/{game_id}/undo",
        openapi_extra=_body_schema(
            {"token": TOKEN, "seq": SEQ, "count": {"type": "integer", "minimum": 1}, "client_id": CLIENT_ID},
            ["seq"],
        ),
    )
    async def post_undo(game_id: str, request: Request):
        def do(table: Table, seat: int, data: dict):
            return table.undo(seat, data.get("seq"), data.get("client_id"), data.get("count", 1))

        return await _move(game_id, request, do)

    @app.get("/api/games/{game_id}/plan")
    async def plan(game_id: str, request: Request):
        """The game's shortcut for the seat to act (where its presentation model offers one), for
        that seat only; the page shows it and can play it action by action."""
        _no_token_in_url(request)
        h = hub()
        table = h.table(game_id)
        seat = table.seat_of(_token(request))
        if seat is None or seat != table.to_act():
            raise TableError("not_your_turn", "a plan is given to the seat to act", 403)
        h.counters.moves.hit(f"{game_id}/{seat}")
        state = table.state.clone()
        macros = await asyncio.to_thread(state.macro_actions)
        if not macros:
            return {"name": None, "actions": []}
        name, actions = macros[0]
        return {"name": name, "actions": [str(a) for a in actions]}

    @app.post(
        "/api/games/{game_id}/join",
        openapi_extra=_body_schema({"seat": {"type": "integer", "minimum": 0, "maximum": 3}}, ["seat"]),
    )
    async def join(game_id: str, request: Request):
        h = hub()
        data = await _body(request)
        table = h.table(game_id)
        h.counters.creations.hit(client_address(request.scope))
        async with h.lock(game_id):
            table = h.table(game_id)
            token = table.join(data.get("seat"))
        h.changed(table)
        seat = data["seat"]
        return {"seat": seat, "token": token, "link": f"/play/{game_id}#token={token}"}

    @app.post("/api/games/{game_id}/leave", openapi_extra=_body_schema({"token": TOKEN}))
    async def leave(game_id: str, request: Request):
        h = hub()
        data = await _body(request)
        table = h.table(game_id)
        seat = table.seat_of(_token(request, data))
        if seat is None:
            raise TableError("spectator", "give your seat's token to hand it to a bot", 403)
        async with h.lock(game_id):
            table = h.table(game_id)
            table.hand_to_bot(seat, "greedy")
        h.changed(table)
        return {"seat": seat, "now": "bot:greedy"}

    @app.post("/api/games/{game_id}/rematch", status_code=201, openapi_extra=_body_schema({"token": TOKEN}))
    async def rematch(game_id: str, request: Request):
        """A new game with the same settings. The first player to ask creates it and gets their
        own seat; every other player of the game is offered theirs and claims it the same way."""
        h = hub()
        data = await _body(request)
        old = h.table(game_id)
        seat = old.seat_of(_token(request, data))
        if seat is None:
            raise TableError("spectator", "only a player of the game can ask for a rematch", 403)
        if is_bot(old.seats[seat]):
            raise TableError("bot_seat", "this seat was handed to a bot", 403)
        h.counters.creations.hit(client_address(request.scope))
        async with h.lock(game_id):
            return h.rematch(old, seat)

    @app.get("/api/games/{game_id}/replay")
    async def replay_step(game_id: str, step: int = 0):
        """A finished game at one step: the public view, the action that led there and its
        events, and where each round starts (for jumping)."""
        table = hub().table(game_id)
        if not table.state.is_terminal:
            raise TableError("not_over", "replays open once the game is over", 403)
        final = table.state
        total = len(final.history)
        step = inputs.whole(step, "step", 0, total)
        with recording():
            state = core.replay(final.record(), upto=step)
        events = [dict(e, text=final.describe_event(e)) for e in final.events_for(None) if e["step"] == step]
        marks = [{"step": 0, "label": "the start"}]
        for e in final.events_for(None):
            if e["kind"] in ("round", "year"):
                number = e.get("round", e.get("year"))
                marks.append({"step": e["step"], "label": f"{e['kind']} {number}"})
        marks.append({"step": total, "label": "the end"})
        return {
            "game": final.game_name,
            "title": table.info.title,
            "step": step,
            "total": total,
            "action": final.public_notation(final.history[step - 1]) if step else None,
            "actor": final.history_seats[step - 1] if step else None,
            "observation": state.observation(None),
            "events": events,
            "scores": state.scores(),
            "breakdown": [state.score_breakdown(s) for s in range(state.num_players)],
            "seats": [
                {"seat": s, "kind": "bot" if is_bot(k) else k, "bot": bot_spec(k) if is_bot(k) else None}
                for s, k in enumerate(table.seats)
            ],
            "marks": marks,
        }

    @app.get("/api/games/{game_id}/record")
    async def record(game_id: str):
        table = hub().table(game_id)
        if not table.state.is_terminal:
            raise TableError(
                "not_over", "the record (which holds the seed) is shown once the game is over", 403
            )
        return table.state.record()

    # ------------------------------------------------------------------ websocket
    @app.websocket("/api/games/{game_id}/ws")
    async def socket(ws: WebSocket, game_id: str):
        await _serve_socket(hub(), limits, ws, game_id)

    return app


def _ws_error(exc: InputError, client_id: str | None = None) -> dict:
    message = {"type": "error", "error": exc.code, "message": str(exc)}
    if exc.retry_after is not None:
        message["retry_after"] = exc.retry_after
    if client_id is not None:
        message["client_id"] = client_id
    return message


async def _hello(ws: WebSocket, limits: Limits) -> str | None:
    """The token of the socket's first message, ``{"type": "hello", "token": …}`` (no token:
    a spectator)."""
    try:
        first = await asyncio.wait_for(ws.receive(), limits.hello_timeout_s)
    except TimeoutError:
        raise InputError("no_hello", "say hello first: {\"type\": \"hello\", \"token\": …}") from None
    if first["type"] == "websocket.disconnect":
        raise ConnectionError
    if first.get("text") is None:
        raise InputError("malformed", "messages are JSON text, not binary frames")
    message = inputs.json_object(first["text"][: 2 * MAX_BODY_BYTES], "a message")
    if message.get("type") != "hello":
        raise InputError("no_hello", "the first message must be {\"type\": \"hello\", \"token\": …}")
    return inputs.token(message.get("token"))


async def _serve_socket(h: Hub, limits: Limits, ws: WebSocket, game_id: str) -> None:
    """One WebSocket from handshake to close: hello (the seat is established before anything
    else), then messages, each counted against the socket's rate; everything it is sent goes
    through its outbox."""
    await ws.accept()
    try:
        if "token" in ws.query_params:
            raise InputError(
                "token_in_url",
                'tokens are not taken from the address; send {"type": "hello", "token": …} first',
            )
        table = h.table(game_id)
        seat = table.seat_of(await _hello(ws, limits))
    except InputError as exc:
        with contextlib.suppress(Exception):
            await asyncio.wait_for(ws.send_json(_ws_error(exc)), 1.0)
            code = NO_HELLO if exc.code == "no_hello" else REFUSED + exc.status
            await asyncio.wait_for(ws.close(code=code), 1.0)
        return
    except (ConnectionError, Exception):  # gone before hello
        return
    conn = Connection(ws, seat, client_address(ws.scope), limits.socket_queue, limits.send_timeout_s,
                      on_close=lambda c: h.detach(c, game_id))
    try:
        h.attach(conn, game_id)
    except InputError as exc:
        conn.send(_ws_error(exc))
        await conn.drain(1.0)
        conn.close(REFUSED + 429, exc.code)
        return
    key = f"ws:{id(conn)}"
    try:
        table = h.table(game_id)
        first = table.view(seat, 0)
        conn.since, conn.undos = first["event_count"], table.undos
        conn.send(first)
        while not conn.closed:
            await conn.room()
            received = await ws.receive()
            if received["type"] == "websocket.disconnect" or conn.closed:
                break
            try:
                h.counters.messages.hit(key)
            except InputError as exc:
                conn.refusals += 1
                if conn.refusals > limits.refusals:
                    conn.close(FLOODING, "flooding: too many messages over the rate; slow down and reconnect")
                    break
                conn.send(_ws_error(exc))
                continue
            raw = received.get("text")
            try:
                if raw is None:
                    raise InputError("malformed", "messages are JSON text, not binary frames")
                if len(raw) > MAX_BODY_BYTES:
                    raise InputError("too_large", f"a message may be at most {MAX_BODY_BYTES} characters")
                message = inputs.json_object(raw, "a message")
            except InputError as exc:
                conn.send(_ws_error(exc))
                continue
            await _on_message(h, game_id, conn, message)
    except Exception as exc:  # the peer vanished mid-receive, or worse: never a traceback
        if not isinstance(exc, (RuntimeError, ConnectionError)):
            log.error("socket of game %s: %s: %s", game_id, type(exc).__name__, exc)
    finally:
        h.counters.messages.forget(key)
        conn.close(None, "done")


async def _on_message(h: Hub, game_id: str, conn: Connection, message: dict) -> None:
    """One client message: ``action``, ``undo`` or ``ping``; the answer goes to this socket's
    outbox, the update to every socket's of the table."""
    kind = message.get("type")
    try:
        client_id = inputs.client_id(message.get("client_id"))
    except InputError as exc:
        conn.send(_ws_error(exc))
        return
    try:
        if kind == "ping":
            conn.send({"type": "pong", "seq": h.table(game_id).seq})
            return
        if kind not in ("action", "undo"):
            raise InputError(
                "malformed", "a message's type is action, undo or ping (hello comes first, once)"
            )
        if conn.seat is None:
            raise TableError("spectator", "spectators cannot act; join a seat or use your seat's link", 403)
        h.counters.moves.hit(f"{game_id}/{conn.seat}")
        async with h.lock(game_id):
            table = h.table(game_id)
            if kind == "action":
                result = table.act(conn.seat, message.get("action"), message.get("seq"), client_id)
            else:
                result = table.undo(conn.seat, message.get("seq"), client_id, message.get("count", 1))
    except InputError as exc:
        if exc.code == "conflict":
            h.reload(game_id)
        conn.send(_ws_error(exc, client_id))
        return
    conn.send({"type": "ack", "seq": result.seq, "client_id": client_id, "action": result.move})
    h.changed(table)
