"""Fixtures for the web tests: a real server in a subprocess and a real Chromium.

Browser tests use Playwright (from PyPI) driving the system's Chromium through
``executable_path`` (no browser download). Where Chromium is missing they skip with a message
saying how to enable them; in CI (``CI=true``) they must run, so a missing browser fails.
"""

from __future__ import annotations

import os
import shutil
import signal
import socket
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

import pytest

CHROMIUM_CANDIDATES = ("/usr/bin/chromium", "/usr/bin/chromium-browser", "/usr/bin/google-chrome")


def chromium_path() -> str | None:
    given = os.environ.get("ACREAGE_CHROMIUM")
    if given:
        return given
    for path in CHROMIUM_CANDIDATES:
        if Path(path).exists():
            return path
    return shutil.which("chromium")


def need(condition: bool, why: str) -> None:
    """Skip with ``why`` on a user's machine; fail in CI, where everything must run."""
    if condition:
        return
    if os.environ.get("CI") == "true":
        pytest.fail(f"{why} (CI=true: browser tests must run)")
    pytest.skip(why)


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class Server:
    """``acreage serve`` in a subprocess on a free port; ``kill()`` is a kill -9."""

    def __init__(self, db: str, port: int | None = None) -> None:
        self.db = db
        self.port = port or free_port()
        self.proc: subprocess.Popen | None = None

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    def start(self) -> Server:
        code = (
            "import uvicorn; from acreage.web.server import create_app; "
            f"uvicorn.run(create_app({self.db!r}), host='127.0.0.1', port={self.port}, log_level='warning')"
        )
        self.proc = subprocess.Popen([sys.executable, "-c", code], start_new_session=True)
        deadline = time.time() + 30
        while time.time() < deadline:
            try:
                with urllib.request.urlopen(self.url + "/api/health", timeout=1) as r:
                    if r.status == 200:
                        return self
            except OSError:
                time.sleep(0.1)
        raise RuntimeError("the server did not start")

    def kill(self) -> None:
        if self.proc and self.proc.poll() is None:
            os.killpg(self.proc.pid, signal.SIGKILL)
            self.proc.wait()

    def stop(self) -> None:
        if self.proc and self.proc.poll() is None:
            os.killpg(self.proc.pid, signal.SIGTERM)
            try:
                self.proc.wait(timeout=10)
            except subprocess.TimeoutExpired:
                self.kill()


@pytest.fixture
def server(tmp_path):
    srv = Server(str(tmp_path / "games.db")).start()
    yield srv
    srv.kill()


@pytest.fixture(scope="module")
def browser():
    playwright = pytest.importorskip(
        "playwright.sync_api", reason="pip install playwright (in the dev extra)"
    )
    path = chromium_path()
    need(
        path is not None,
        "no Chromium found: install it (Debian: apt-get install chromium) or set ACREAGE_CHROMIUM",
    )
    with playwright.sync_playwright() as p:
        b = p.chromium.launch(executable_path=path, headless=True)
        yield b
        b.close()
