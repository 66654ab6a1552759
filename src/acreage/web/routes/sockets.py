"""The WebSocket of a game: hello first (the seat is established before anything else), then
messages, each counted against the socket's rate; everything a socket is sent goes through its
bounded outbox (``connections.py``), so no socket can slow another table."""

from __future__ import annotations

import asyncio
import contextlib
import logging
from typing import Any

from fastapi import APIRouter, WebSocket

from .. import inputs
from ..connections import FLOODING, NO_HELLO, REFUSED, Connection
from ..guard import client_address
from ..hub import Hub
from ..inputs import MAX_BODY_BYTES, InputError
from ..limits import Limits
from ..requests import hub_of, limits_of
from ..tables import TableError

log = logging.getLogger("acreage.web")
router = APIRouter()


@router.websocket("/api/games/{game_id}/ws")
async def socket(ws: WebSocket, game_id: str):
    await _serve_socket(hub_of(ws), limits_of(ws), ws, game_id)


def ws_error(exc: InputError, client_id: str | None = None) -> dict:
    message: dict[str, Any] = {"type": "error", "error": exc.code, "message": str(exc)}
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
            await asyncio.wait_for(ws.send_json(ws_error(exc)), 1.0)
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
        conn.send(ws_error(exc))
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
                conn.send(ws_error(exc))
                continue
            raw = received.get("text")
            try:
                if raw is None:
                    raise InputError("malformed", "messages are JSON text, not binary frames")
                if len(raw) > MAX_BODY_BYTES:
                    raise InputError("too_large", f"a message may be at most {MAX_BODY_BYTES} characters")
                message = inputs.json_object(raw, "a message")
            except InputError as exc:
                conn.send(ws_error(exc))
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
        conn.send(ws_error(exc))
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
        conn.send(ws_error(exc, client_id))
        return
    conn.send({"type": "ack", "seq": result.seq, "client_id": client_id, "action": result.move})
    h.changed(table)
