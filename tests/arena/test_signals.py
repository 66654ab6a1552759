"""SIGTERM to a running ``acreage simulate`` stops its pool workers: no orphan is left, the rows
already written stay valid and a rerun resumes."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from acreage.arena import read_rows, simulate

from .conftest import FAST

pytestmark = pytest.mark.skipif(
    not sys.platform.startswith("linux"), reason="reads the process table from /proc (Linux)"
)

ACREAGE = Path(sys.executable).with_name("acreage")


def _children(pid: int) -> set[int]:
    """Every live descendant of ``pid``, from /proc/<pid>/stat (no psutil needed)."""
    parents: dict[int, int] = {}
    for entry in os.listdir("/proc"):
        if not entry.isdigit():
            continue
        try:
            stat = Path(f"/proc/{entry}/stat").read_text()
        except OSError:
            continue
        fields = stat.rsplit(")", 1)[1].split()  # after "(command name)": state, ppid, ...
        if fields[0] != "Z":
            parents[int(entry)] = int(fields[1])
    found, todo = set(), [pid]
    while todo:
        p = todo.pop()
        for child, parent in parents.items():
            if parent == p and child not in found:
                found.add(child)
                todo.append(child)
    return found


def _alive(pid: int) -> bool:
    try:
        stat = Path(f"/proc/{pid}/stat").read_text()
    except OSError:
        return False
    return stat.rsplit(")", 1)[1].split()[0] != "Z"


@pytest.mark.timelimit(60)
@pytest.mark.skipif(not ACREAGE.exists(), reason="the acreage console script is not installed")
@pytest.mark.parametrize("sig", [signal.SIGTERM, signal.SIGKILL], ids=["SIGTERM", "SIGKILL"])
def test_a_killed_run_leaves_no_worker_and_keeps_its_rows(tmp_path, sig):
    """SIGTERM: the run stops its workers and says how to resume. SIGKILL leaves it no chance;
    the workers notice their parent is gone and end themselves."""
    out = tmp_path / "r.jsonl"
    cmd = [str(ACREAGE), "simulate", FAST["game"], "--players", "2", "--agents", ",".join(FAST["agents"]),
           "--games", "20000", "--option", "move_cap=5", "--seed", "11", "--workers", "2",
           "--out", str(out)]
    proc = subprocess.Popen(cmd, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    try:
        deadline = time.monotonic() + 30
        workers: set[int] = set()
        while time.monotonic() < deadline:
            assert proc.poll() is None, proc.communicate()[0]
            workers = _children(proc.pid)
            if len(workers) >= 2 and out.exists() and out.stat().st_size > 0:
                break
            time.sleep(0.1)
        else:
            pytest.fail("the run did not start its workers and write rows in time")
        proc.send_signal(sig)
        output, _ = proc.communicate(timeout=10)
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait()
    if sig == signal.SIGTERM:
        assert proc.returncode == 143, output
        assert "terminated" in output and "Traceback" not in output, output
    else:
        assert proc.returncode == -signal.SIGKILL
    deadline = time.monotonic() + 5
    while time.monotonic() < deadline and any(_alive(p) for p in workers):
        time.sleep(0.1)
    assert not [p for p in workers if _alive(p)], "orphaned worker processes"

    rows, cut = read_rows(out)
    assert rows and cut <= 1
    ids = {row["id"] for row in rows}
    assert len(ids) == len(rows)
    # A rerun plays exactly the missing games (ids run in batches, finished out of order).
    games = max(ids) + 1
    again = simulate(FAST["game"], 2, FAST["agents"], games, out, root_seed=11, options=FAST["options"],
                     workers=1, progress=False)
    assert (again["skipped"], again["played"]) == (len(ids), games - len(ids))
    assert sorted(row["id"] for row in read_rows(out)[0]) == list(range(games))
