"""Shared helpers for the arena tests: tiny, fast configurations."""

from __future__ import annotations

import pytest

#: Random bots on short Foxglove games: a game takes a few milliseconds.
FAST = {"game": "foxglove", "players": 2, "agents": ["random", "random:seed=5"], "options": {"move_cap": 5}}


@pytest.fixture
def fast():
    return dict(FAST)


def pytest_configure(config):
    config.addinivalue_line(
        "markers", "timelimit(seconds): fail the test if it runs longer (Unix: SIGALRM); it still runs "
        "in the normal suite",
    )


@pytest.fixture(autouse=True)
def _timelimit(request):
    """Enforce ``@pytest.mark.timelimit(s)``: a test that hangs fails after ``s`` seconds."""
    import signal

    mark = request.node.get_closest_marker("timelimit")
    if mark is None or not hasattr(signal, "SIGALRM"):
        yield
        return
    seconds = int(mark.args[0])

    def expired(signum, frame):
        pytest.fail(f"took longer than its time limit of {seconds} s", pytrace=False)

    previous = signal.signal(signal.SIGALRM, expired)
    signal.alarm(seconds)
    try:
        yield
    finally:
        signal.alarm(0)
        signal.signal(signal.SIGALRM, previous)
