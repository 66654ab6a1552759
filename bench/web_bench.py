"""Load on the web platform: many tables of scripted clients over WebSockets on 127.0.0.1.

A server (``acreage serve`` in a subprocess, SQLite store in a temporary folder) hosts
``--tables`` Foxglove Farm games, each with two scripted players on their own WebSocket. Every
table plays one move per ``--interval`` seconds (a random legal action of the seat to act),
for ``--seconds``; the figure is the time from sending an action to receiving the update it
caused (acknowledged, committed to the store, observations rebuilt and pushed). With
``--bot-tables N`` as many extra tables have an ``mcts:ms=1000`` bot answering each human
move, so the bot pool thinks all the time.

Goal: p99 under 50 ms at 100 active tables while bots think, on a 2-core machine.

Run: ``python bench/web_bench.py [--tables 100] [--seconds 20] [--bot-tables 2]``.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import signal
import socket
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.request

GOAL_P99_MS = 50.0


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def start_server(db: str, port: int) -> subprocess.Popen:
    code = (
        "from acreage.web.server import create_app, serve; from acreage.web.limits import *; "
        f"serve(create_app({db!r}, limits=UNLIMITED), '127.0.0.1', {port})"
    )
    proc = subprocess.Popen([sys.executable, "-c", code], start_new_session=True)
    for _ in range(300):
        try:
            with urllib.request.urlopen(f"http://127.0.0.1:{port}/api/health", timeout=1):
                return proc
        except OSError:
            time.sleep(0.1)
    raise RuntimeError("the server did not start")


def create(port: int, seats: list[str]) -> dict:
    body = json.dumps({"game": "foxglove", "players": 2, "seats": seats}).encode()
    req = urllib.request.Request(
        f"http://127.0.0.1:{port}/api/games", data=body, headers={"Content-Type": "application/json"}
    )
    with urllib.request.urlopen(req, timeout=10) as r:
        return json.loads(r.read())


def cpu_seconds(pid: int) -> float:
    with open(f"/proc/{pid}/stat") as f:
        fields = f.read().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


async def seat_client(
    port: int, gid: str, token: str, interval: float, until: float, latencies: list[float], rng: random.Random
) -> None:
    import websockets

    async with websockets.connect(f"ws://127.0.0.1:{port}/api/games/{gid}/ws") as ws:
        await ws.send(json.dumps({"type": "hello", "token": token}))
        view = None
        sent_at = None
        next_move = time.monotonic() + rng.uniform(0, interval)
        while time.monotonic() < until:
            try:
                raw = await asyncio.wait_for(ws.recv(), timeout=max(0.01, min(1.0, until - time.monotonic())))
            except TimeoutError:
                raw = None
            if raw is not None:
                msg = json.loads(raw)
                if msg.get("type") == "update":
                    if sent_at is not None and view is not None and msg["seq"] > view["seq"]:
                        latencies.append(time.monotonic() - sent_at)
                        sent_at = None
                    view = msg
                    if view["status"] == "over":
                        return
            if view and view["legal"] and sent_at is None:
                delay = next_move - time.monotonic()
                if delay > 0:
                    await asyncio.sleep(delay)
                action = rng.choice(view["legal"])["text"]
                sent_at = time.monotonic()
                next_move = sent_at + interval
                await ws.send(
                    json.dumps(
                        {
                            "type": "action",
                            "action": action,
                            "seq": view["seq"],
                            "client_id": f"{gid}-{view['seq']}",
                        }
                    )
                )


async def run(port: int, tables: list[dict], interval: float, seconds: float) -> list[float]:
    latencies: list[float] = []
    until = time.monotonic() + seconds
    rng = random.Random(1)
    jobs = []
    for made in tables:
        for token in made["tokens"].values():
            jobs.append(
                seat_client(port, made["id"], token, interval, until, latencies, random.Random(rng.random()))
            )
    await asyncio.gather(*jobs, return_exceptions=False)
    return latencies


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--tables", type=int, default=100, help="tables of two scripted humans (default 100)")
    ap.add_argument("--bot-tables", type=int, default=2, help="extra tables against mcts:ms=1000 (default 2)")
    ap.add_argument("--interval", type=float, default=1.0, help="seconds between a table's moves (default 1)")
    ap.add_argument(
        "--seconds", type=float, default=20.0, help="how long to measure (default 20, at most 300)"
    )
    args = ap.parse_args(argv)
    seconds = min(max(args.seconds, 1.0), 300.0)
    tables_n = min(max(args.tables, 1), 1000)
    with tempfile.TemporaryDirectory() as tmp:
        port = free_port()
        server = start_server(os.path.join(tmp, "bench.db"), port)
        try:
            tables = [create(port, ["human", "human"]) for _ in range(tables_n)]
            bots = [create(port, ["human", "bot:mcts:ms=1000"]) for _ in range(max(0, args.bot_tables))]
            cpu0, wall0 = cpu_seconds(server.pid), time.monotonic()
            latencies = asyncio.run(run(port, tables + bots, args.interval, seconds))
            cpu = cpu_seconds(server.pid) - cpu0
            wall = time.monotonic() - wall0
        finally:
            os.killpg(server.pid, signal.SIGTERM)
            server.wait(timeout=20)
    if not latencies:
        print("no move was measured")
        return 1
    ms = sorted(x * 1000 for x in latencies)
    p50 = statistics.median(ms)
    p99 = ms[min(len(ms) - 1, int(0.99 * len(ms)))]
    print(
        f"{tables_n} tables of 2 humans + {args.bot_tables} tables against mcts:ms=1000, one move per "
        f"{args.interval:g} s per table, {wall:.0f} s"
    )
    print(
        f"moves measured {len(ms)}  ({len(ms) / wall:.1f} moves/s)   "
        f"server CPU {100 * cpu / wall:.0f} % of a core"
    )
    print(
        f"action → update latency: p50 {p50:.1f} ms   p99 {p99:.1f} ms   max {ms[-1]:.1f} ms   "
        f"(goal p99 < {GOAL_P99_MS:.0f} ms: {'met' if p99 < GOAL_P99_MS else 'MISSED'})"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
