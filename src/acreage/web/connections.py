"""Open WebSockets, each with its own bounded outbox: no socket can make another wait.

A table's change is told to every connection by putting a message in each connection's outbox
(never by sending it there and then), so the request that made the change returns at once. A
writer task per connection sends its outbox in order, each message within a time limit. A
connection whose outbox is full (its reader fell behind, or stopped reading) or whose send
times out is closed with a reason, and its transport is aborted: a peer that never reads
cannot keep a buffer, a task or a socket of the server's.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
from collections.abc import Callable
from typing import Any

from starlette.websockets import WebSocket

log = logging.getLogger("acreage.web")

#: Close codes (4000–4999 are the application's): a reader that fell behind or timed out, a
#: flooding client, a missing hello, a server going away.
TOO_SLOW, FLOODING, NO_HELLO, REFUSED = 4008, 4029, 4001, 4000

#: The key under which the guard middleware leaves a way to abort the raw transport (uvicorn).
ABORT_KEY = "acreage.abort"


def encode(message: dict) -> str:
    """One message as the text sent on a socket (compact; encoded once for every receiver)."""
    return json.dumps(message, separators=(",", ":"), ensure_ascii=False)


class Connection:
    """One open WebSocket: whose eyes it has, how many events it has been sent, its outbox."""

    def __init__(
        self,
        ws: WebSocket,
        seat: int | None,
        client: str,
        queue_size: int,
        send_timeout_s: float,
        on_close: Callable[[Connection], None],
    ) -> None:
        self.ws, self.seat, self.client = ws, seat, client
        self.since = 0
        self.undos = 0  # the table's undo count when ``since`` was last set
        self.refusals = 0
        self.closed = False
        self.close_reason: str | None = None
        self._outbox: asyncio.Queue[str] = asyncio.Queue(maxsize=queue_size)
        self._send_timeout = send_timeout_s
        self._on_close = on_close
        self._writer = asyncio.get_running_loop().create_task(self._write())

    def send(self, message: dict | str) -> None:
        """Queue ``message`` (a dict, or text already encoded); never waits. A connection whose
        outbox is full is closed: it is too far behind to be worth catching up."""
        if self.closed:
            return
        try:
            self._outbox.put_nowait(message if isinstance(message, str) else encode(message))
        except asyncio.QueueFull:
            self.close(TOO_SLOW, "too slow: this socket fell behind the game's updates; reconnect")

    async def _write(self) -> None:
        try:
            while True:
                text = await self._outbox.get()
                # asyncio.timeout, not wait_for: on Python 3.11 wait_for wraps each send in a
                # task of its own, and with hundreds of sockets the mover's answer then waits
                # behind every other socket's task
                async with asyncio.timeout(self._send_timeout):
                    await self.ws.send_text(text)
        except TimeoutError:
            self.close(TOO_SLOW, "too slow: an update could not be delivered in time; reconnect")
        except asyncio.CancelledError:
            raise
        except Exception:  # the peer went away
            self.close(None, "gone")

    def close(self, code: int | None, reason: str) -> None:
        """Close once: stop writing, tell the peer why where it still listens, and abort the
        transport if the close itself cannot go out within a second."""
        if self.closed:
            return
        self.closed = True
        self.close_reason = reason
        self._on_close(self)
        if asyncio.current_task() is not self._writer:
            self._writer.cancel()
        if code is not None:
            asyncio.get_running_loop().create_task(self._close_frame(code, reason))

    async def _close_frame(self, code: int, reason: str) -> None:
        try:
            await asyncio.wait_for(self.ws.close(code, reason[:120]), 1.0)
        except Exception:
            self.abort()

    def abort(self) -> None:
        """Drop the TCP connection without flushing (a peer that does not read would keep a
        closed socket's buffer forever)."""
        abort: Any = self.ws.scope.get(ABORT_KEY)
        if abort is not None:
            with contextlib.suppress(Exception):
                abort()

    async def room(self) -> None:
        """Wait while the outbox is over half full: a client that sends faster than it reads is
        slowed down (its messages wait in TCP) instead of closed; one that never reads keeps the
        outbox full until its writer times out and closes it. Always yields once, so one busy
        socket cannot hold the event loop through a burst of messages."""
        await asyncio.sleep(0)
        half = max(1, self._outbox.maxsize // 2)
        while not self.closed and self._outbox.qsize() >= half:
            await asyncio.sleep(0.005)

    async def drain(self, timeout: float) -> None:
        """Wait until the outbox is empty (a handler that is about to close), at most ``timeout``."""
        end = asyncio.get_running_loop().time() + timeout
        while not self.closed and not self._outbox.empty() and asyncio.get_running_loop().time() < end:
            await asyncio.sleep(0.01)
