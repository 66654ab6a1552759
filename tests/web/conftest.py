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
import tempfile
import time
import urllib.request
from dataclasses import replace
from pathlib import Path

import pytest

from .receivers import receiver, smtp_server  # noqa: F401  (fixtures: local HTTP and SMTP receivers)

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

    def __init__(self, db: str, port: int | None = None, limits: str = "Limits()",
                 env: dict[str, str] | None = None) -> None:
        self.db = db
        #: Environment variables the server starts with, besides this process's (operator settings)
        self.env = env or {}
        self.port = port or free_port()
        #: Python text of the server's :class:`~acreage.web.limits.Limits` (the default ones)
        self.limits = limits
        self.proc: subprocess.Popen | None = None

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    def start(self) -> Server:
        code = (
            "from acreage.web.server import create_app, serve; from acreage.web.limits import *; "
            f"serve(create_app({self.db!r}, limits={self.limits}), '127.0.0.1', {self.port})"
        )
        self.proc = subprocess.Popen([sys.executable, "-c", code], start_new_session=True,
                                     env={**os.environ, **self.env})
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


def _pg_bin() -> Path | None:
    found = sorted(Path("/usr/lib/postgresql").glob("*/bin/initdb"))
    return found[-1].parent if found else None


@pytest.fixture(scope="module")
def postgres_url():
    """A PostgreSQL server of its own, started as the postgres user on a free local port and
    stopped afterwards (Debian's packages; the test suite never touches a system database)."""
    pytest.importorskip("psycopg", reason="pip install 'psycopg[binary]' (in the dev extra)")
    bindir = _pg_bin()
    need(bindir is not None, "no PostgreSQL found: install it (Debian: apt-get install postgresql)")
    need(os.geteuid() == 0 or shutil.which("initdb") is not None, "PostgreSQL tests start a server as root")
    # pytest's temporary folders are private to root; the postgres user needs a folder it can reach
    base = Path(tempfile.mkdtemp(prefix="acreage-pg-"))
    os.chmod(base, 0o700)
    shutil.chown(base, "postgres")
    data, logfile, port = base / "data", base / "log", free_port()

    def as_postgres(*args: str) -> None:
        done = subprocess.run(["runuser", "-u", "postgres", "--", *args], capture_output=True, text=True)
        if done.returncode:
            raise RuntimeError(f"{args[0]} failed: {done.stderr or done.stdout}")

    as_postgres(
        str(bindir / "initdb"), "-D", str(data), "-A", "trust", "-U", "acreage", "--no-sync", "-E", "UTF8"
    )
    as_postgres(
        str(bindir / "pg_ctl"),
        "-D",
        str(data),
        "-l",
        str(logfile),
        "-w",
        "-o",
        f"-c listen_addresses=127.0.0.1 -p {port} -k {base}",
        "start",
    )
    try:
        yield f"postgresql://acreage@127.0.0.1:{port}/postgres"
    finally:
        as_postgres(str(bindir / "pg_ctl"), "-D", str(data), "-w", "-m", "fast", "stop")
        shutil.rmtree(base, ignore_errors=True)


def app_client(db: str, **kwargs):
    """A FastAPI test client of a fresh app on ``db``, answering to the test client's host name
    (``testserver``) besides loopback. Its rates are unlimited unless ``limits`` are given: the
    tests of rates give theirs; the others play faster than any person."""
    from fastapi.testclient import TestClient

    from acreage.web.limits import LOOPBACK_HOSTS, UNLIMITED
    from acreage.web.server import create_app

    limits = kwargs.pop("limits", UNLIMITED)
    limits = replace(limits, allowed_hosts=(*LOOPBACK_HOSTS, "testserver"))
    return TestClient(create_app(db, limits=limits, **kwargs))
