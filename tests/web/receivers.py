"""Local receivers for turn-notice tests: an HTTP server recording every POST and a real SMTP
server (aiosmtpd) recording every message, as fixtures."""

from __future__ import annotations

import json
import socket
import threading
import time
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

import pytest


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


# ---------------------------------------------------------------------- receivers


class Receiver:
    """A local HTTP server recording every POST (time, path, headers, JSON body). ``plan`` is
    the answers to give first, in order (status, headers); after it, 200. ``hang`` makes every
    request wait on an event (at most 5 s) before answering."""

    def __init__(self) -> None:
        self.posts: list[tuple[float, str, dict[str, str], dict]] = []
        self.plan: list[tuple[int, dict[str, str]]] = []
        self.hang: threading.Event | None = None
        self.lock = threading.Lock()
        receiver = self

        class Handler(BaseHTTPRequestHandler):
            def do_POST(self) -> None:
                raw = self.rfile.read(int(self.headers.get("Content-Length", "0")))
                with receiver.lock:
                    body = json.loads(raw)
                    receiver.posts.append((time.perf_counter(), self.path, dict(self.headers), body))
                    status, headers = receiver.plan.pop(0) if receiver.plan else (200, {})
                if receiver.hang is not None:
                    receiver.hang.wait(5)
                self.send_response(status)
                for name, value in headers.items():
                    self.send_header(name, value)
                self.send_header("Content-Length", "0")
                self.end_headers()

            def log_message(self, *args: object) -> None:
                pass

        self.server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.port = self.server.server_address[1]
        self.thread = threading.Thread(target=self.server.serve_forever, args=(0.02,), daemon=True)

    def url(self, path: str = "/hook") -> str:
        return f"http://127.0.0.1:{self.port}{path}"

    def bodies(self, path: str | None = None) -> list[dict]:
        return [body for _, p, _, body in self.posts if path is None or p == path]


@pytest.fixture
def receiver():
    r = Receiver()
    r.thread.start()
    yield r
    if r.hang is not None:
        r.hang.set()
    r.server.shutdown()
    r.server.server_close()


@pytest.fixture
def smtp_server():
    """A real SMTP server on 127.0.0.1 recording each message it accepts (and, when it asks for
    a login, only ``ada``/``pw`` may send)."""
    controller_mod = pytest.importorskip("aiosmtpd.controller")
    from aiosmtpd.smtp import AuthResult, LoginPassword

    class Record:
        def __init__(self) -> None:
            self.messages: list[tuple[str, list[str], bytes]] = []
            self.logins: list[str] = []

        async def handle_DATA(self, server, session, envelope) -> str:
            self.messages.append((envelope.mail_from, list(envelope.rcpt_tos), envelope.content))
            return "250 OK"

    record = Record()

    def authenticator(server, session, envelope, mechanism, auth_data) -> AuthResult:
        ok = isinstance(auth_data, LoginPassword) and (auth_data.login, auth_data.password) == (b"ada", b"pw")
        if ok:
            record.logins.append(auth_data.login.decode())
        return AuthResult(success=ok, handled=False)

    def start(with_login: bool = False):
        port = free_port()
        extra = {"authenticator": authenticator, "auth_require_tls": False} if with_login else {}
        controller = controller_mod.Controller(record, hostname="127.0.0.1", port=port, **extra)
        controller.start()
        started.append(controller)
        return port, record

    started: list = []
    yield start
    for controller in started:
        controller.stop()
