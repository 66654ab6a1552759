"""The server's front door, an ASGI middleware run before any route.

It refuses, with a named JSON error and before the application reads anything:
- a ``Host`` not on the allow-list (a page of another site reaching a loopback server through
  DNS rebinding arrives under that site's name);
- a write (``POST``) or a WebSocket whose ``Origin`` is another site's (a page the player
  visits must not create games or take seats on their server); a request without ``Origin``
  is not a browser's and passes;
- a write that is not ``application/json`` (the content types a foreign form may send without
  asking first are exactly the ones refused here), or whose declared body is over the cap;
- an address over its rate of requests.

It adds the security headers to every HTTP answer: a content security policy allowing only
the server's own scripts, no framing, no MIME sniffing, no referrer.
"""

from __future__ import annotations

import json
from urllib.parse import urlsplit

from .connections import ABORT_KEY
from .inputs import MAX_BODY_BYTES, InputError
from .limits import Counters, Limits

SECURITY_HEADERS = [
    (
        b"content-security-policy",
        b"default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data:; "
        b"connect-src 'self'; object-src 'none'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'",
    ),
    (b"x-content-type-options", b"nosniff"),
    (b"x-frame-options", b"DENY"),
    (b"referrer-policy", b"no-referrer"),
    (b"cross-origin-opener-policy", b"same-origin"),
]


def client_address(scope) -> str:
    client = scope.get("client")
    return str(client[0]) if client else "unknown"


def _host_name(host: str) -> str:
    """``example.org`` of ``example.org:8000``; ``[::1]`` of ``[::1]:8000``."""
    if host.startswith("["):
        return host.split("]")[0] + "]"
    return host.rsplit(":", 1)[0] if host.count(":") == 1 else host


class Guard:
    """ASGI middleware: host, origin, content type, body size, request rate, headers."""

    def __init__(self, app, limits: Limits, counters: Counters) -> None:
        self.app = app
        self.limits = limits
        self.counters = counters

    async def __call__(self, scope, receive, send) -> None:
        kind = scope["type"]
        if kind not in ("http", "websocket"):
            await self.app(scope, receive, send)
            return
        headers = {k.decode("latin-1").lower(): v.decode("latin-1") for k, v in scope.get("headers", ())}
        try:
            self._check(scope, kind, headers)
        except InputError as exc:
            await self._refuse(scope, send, receive, exc)
            return
        if kind == "websocket":
            transport = getattr(getattr(send, "__self__", None), "transport", None)
            if transport is not None and hasattr(transport, "abort"):
                scope[ABORT_KEY] = transport.abort
            await self.app(scope, receive, send)
            return

        async def send_with_headers(message) -> None:
            if message["type"] == "http.response.start":
                message = dict(message)
                message["headers"] = list(message.get("headers", ())) + SECURITY_HEADERS
            await send(message)

        await self.app(scope, receive, send_with_headers)

    def _check(self, scope, kind: str, headers: dict[str, str]) -> None:
        host = headers.get("host", "")
        allowed = self.limits.allowed_hosts
        if "*" not in allowed and _host_name(host) not in allowed:
            raise InputError(
                "bad_host",
                "this server does not answer to that host name; open it by its own address "
                "(or start it with --limit allowed_hosts=NAME)",
                421,
            )
        writes = kind == "websocket" or scope.get("method") not in ("GET", "HEAD", "OPTIONS")
        origin = headers.get("origin")
        if writes and origin is not None:
            parts = urlsplit(origin)
            same = parts.netloc == host and parts.scheme in ("http", "https")
            if not same and origin not in self.limits.allowed_origins:
                raise InputError("bad_origin", "requests from another site's pages are refused", 403)
        if kind == "http":
            self.counters.requests.hit(client_address(scope))
            if scope.get("method") in ("POST", "PUT", "PATCH"):
                ctype = headers.get("content-type", "").split(";")[0].strip().lower()
                if ctype != "application/json":
                    raise InputError(
                        "content_type", "send the body as JSON (Content-Type: application/json)", 415
                    )
                length = headers.get("content-length")
                if length is not None and (not length.isdigit() or int(length) > MAX_BODY_BYTES):
                    raise InputError("too_large", f"a body may be at most {MAX_BODY_BYTES} bytes", 413)

    async def _refuse(self, scope, send, receive, exc: InputError) -> None:
        body = json.dumps({"error": exc.code, "message": str(exc)}).encode()
        if scope["type"] == "websocket":
            # refuse the handshake itself with an HTTP answer (the ASGI denial response)
            await receive()  # websocket.connect
            start = {"type": "websocket.http.response.start", "status": exc.status,
                     "headers": [(b"content-type", b"application/json")]}
            try:
                await send(start)
                await send({"type": "websocket.http.response.body", "body": body})
            except RuntimeError:  # a server without the denial-response extension
                await send({"type": "websocket.close", "code": 4000 + exc.status})
            return
        headers = [(b"content-type", b"application/json"), (b"content-length", str(len(body)).encode())]
        if exc.retry_after is not None:
            headers.append((b"retry-after", str(int(exc.retry_after)).encode()))
        start = {"type": "http.response.start", "status": exc.status, "headers": headers + SECURITY_HEADERS}
        await send(start)
        await send({"type": "http.response.body", "body": body})
