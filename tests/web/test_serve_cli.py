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
