"""``acreage serve`` refuses bad arguments with a message and exit code 2, before starting."""

from __future__ import annotations

import pytest

pytest.importorskip("fastapi", reason="the web tests need the web extra: pip install -e '.[dev]'")
from typer.testing import CliRunner  # noqa: E402

from acreage.app.cli import app  # noqa: E402

runner = CliRunner(env={"COLUMNS": "120"})


@pytest.mark.parametrize(
    "args,message",
    [
        (["--port", "0"], "--port 0: give a port from 1 to 65535"),
        (["--bot-workers", "0"], "--bot-workers must be at least 1"),
        (["--db", "mysql://x"], "unknown store 'mysql://x'"),
    ],
)
def test_bad_serve_arguments_exit_2_without_traceback(args, message):
    result = runner.invoke(app, ["serve", *args])
    assert result.exit_code == 2, result.output
    assert message in result.output and "Traceback" not in result.output


def test_serve_stops_gracefully_on_sigterm_and_says_so(tmp_path):
    """SIGTERM (and Ctrl-C) stop the server after its shutdown: the bot workers are stopped and
    the store closed; every acknowledged move was committed before it was acknowledged."""
    import signal
    import subprocess
    import sys
    import time
    import urllib.request
    from pathlib import Path

    from .conftest import free_port

    port = free_port()
    acreage_bin = str(Path(sys.executable).parent / "acreage")
    proc = subprocess.Popen(
        [acreage_bin, "serve", "--port", str(port), "--db", str(tmp_path / "g.db")],
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
    )
    try:
        for _ in range(150):
            try:
                urllib.request.urlopen(f"http://127.0.0.1:{port}/api/health", timeout=1).read()
                break
            except OSError:
                time.sleep(0.2)
        proc.send_signal(signal.SIGTERM)
        out, _ = proc.communicate(timeout=30)
    finally:
        if proc.poll() is None:
            proc.kill()
    assert "every move is stored" in out, out
