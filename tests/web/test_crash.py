"""Crash test: ``kill -9`` the server in the middle of games (humans and bots), restart it, and
check that no acknowledged move was lost and every game goes on. Both stores: SQLite and a
PostgreSQL server started by the test itself."""

from __future__ import annotations

import http.client
import json
import random
import threading
import time
import urllib.error
import urllib.request

import pytest

pytest.importorskip("fastapi", reason="the web tests need the web extra: pip install -e '.[dev]'")

from .conftest import Server  # noqa: E402


def call(url, path, body=None, timeout=5, token=None):
    data = None if body is None else json.dumps(body).encode()
    headers = {"Content-Type": "application/json"}
    if token:
        headers["Authorization"] = f"Bearer {token}"
    req = urllib.request.Request(url + path, data=data, headers=headers)
    with urllib.request.urlopen(req, timeout=timeout) as r:
        return json.loads(r.read())


def players(server_url: str, games: list[dict], acked: dict, stop: threading.Event) -> None:
    """Humans playing random legal moves as fast as the server answers; every acknowledged
    ``seq`` is written down."""
    rng = random.Random(5)
    while not stop.is_set():
        for g in games:
            if stop.is_set():
                return
            try:
                seat_views = [
                    (s, call(server_url, f"/api/games/{g['id']}", token=t)) for s, t in g["tokens"].items()
                ]
                for seat, v in seat_views:
                    if v["legal"]:
                        choice = rng.choice(v["legal"])["text"]
                        r = call(
                            server_url,
                            f"/api/games/{g['id']}/actions",
                            {"token": g["tokens"][seat], "action": choice, "seq": v["seq"]},
                        )
                        acked[g["id"]] = max(acked.get(g["id"], 0), r["seq"])
                        break
            except (urllib.error.URLError, http.client.HTTPException, OSError, ValueError):
                time.sleep(0.05)  # the server is down (killed on purpose) or the seq moved on


def run_crashes(db: str, kills: int = 3) -> None:
    srv = Server(db, limits="UNLIMITED").start()
    games = []
    for seats in (["human", "human"], ["human", "bot:greedy"], ["human", "bot:random"], ["human", "human"]):
        made = call(srv.url, "/api/games", {"game": "foxglove", "players": 2, "seats": seats})
        games.append({"id": made["id"], "tokens": made["tokens"]})
    acked: dict[str, int] = {}
    try:
        for _ in range(kills):
            stop = threading.Event()
            worker = threading.Thread(target=players, args=(srv.url, games, acked, stop), daemon=True)
            worker.start()
            time.sleep(random.Random(len(acked)).uniform(1.0, 2.0))
            srv.kill()  # kill -9 while moves are in flight
            stop.set()
            worker.join(timeout=10)
            srv = Server(db, port=srv.port, limits="UNLIMITED").start()
            for g in games:
                v = call(srv.url, f"/api/games/{g['id']}")
                assert v["seq"] >= acked.get(g["id"], 0), (g["id"], v["seq"], acked.get(g["id"]))
        assert sum(acked.values()) > 20  # moves were really being made
        # Every game goes on after the last restart: a bot seat moves again, a human can act.
        for g in games:
            v = call(srv.url, f"/api/games/{g['id']}")
            assert v["status"] in ("playing", "over")
    finally:
        srv.kill()


def test_kill_9_loses_no_acknowledged_move_with_sqlite(tmp_path):
    run_crashes(str(tmp_path / "crash.db"))


def test_kill_9_loses_no_acknowledged_move_with_postgresql(postgres_url):
    run_crashes(postgres_url)
