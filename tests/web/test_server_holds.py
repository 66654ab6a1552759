"""A web server that no client can stall, break or fool (docs/web-api.md, "Limits").

Each test here is one of the ways an unfriendly client took tables or the whole server down:
a spectator that never reads, a text the store cannot encode, a bot asked to think for a day,
small requests with large effects, bad input that answered 500, message ids and rematch tokens
that crossed seats, and requests from other sites' pages. Every refusal must be a named error
that changes nothing.
"""

from __future__ import annotations

import asyncio
import json
import os
import random
import signal
import subprocess
import sys
import threading
import time
import urllib.error
import urllib.request
from pathlib import Path

import pytest

pytest.importorskip("fastapi", reason="the web tests need the web extra: pip install -e '.[dev]'")

from acreage.web.limits import UNLIMITED, Limits  # noqa: E402
from acreage.web.store import SQLiteStore, StoreError  # noqa: E402

from .conftest import Server, app_client, free_port  # noqa: E402
from .rawws import RawSocket  # noqa: E402

JSON = {"Content-Type": "application/json"}


def bearer(token: str) -> dict:
    return {"Authorization": f"Bearer {token}"}


def create(client, **body) -> dict:
    body.setdefault("game", "foxglove")
    body.setdefault("players", 2)
    body.setdefault("seats", ["human"] * body["players"])
    body.setdefault("options", {"start_player": 0})
    r = client.post("/api/games", json=body)
    assert r.status_code == 201, r.text
    return r.json()


def view(client, gid: str, token: str | None = None) -> dict:
    r = client.get(f"/api/games/{gid}", headers=bearer(token) if token else {})
    assert r.status_code == 200, r.text
    return r.json()


def assert_refused(response, status: int, code: str) -> dict:
    assert response.status_code == status, (code, response.status_code, response.text[:300])
    body = response.json()
    assert body["error"] == code and body["message"], body
    assert len(response.text) < 1000
    return body


@pytest.fixture
def db(tmp_path):
    return str(tmp_path / "games.db")


@pytest.fixture
def client(db):
    with app_client(db, warm_bots=False) as c:
        yield c


# ---------------------------------------------------------------------- a socket that never reads
class _StuckSocket:
    """A WebSocket whose peer never reads: every send waits forever."""

    scope: dict = {}

    def __init__(self) -> None:
        self.closed_with = None

    async def send_text(self, text: str) -> None:
        await asyncio.Event().wait()

    async def close(self, code: int, reason: str = "") -> None:
        await asyncio.Event().wait()


class _GoodSocket:
    scope: dict = {}

    def __init__(self) -> None:
        self.sent: list[str] = []

    async def send_text(self, text: str) -> None:
        self.sent.append(text)

    async def close(self, code: int, reason: str = "") -> None:
        pass


def test_a_socket_that_never_reads_is_closed_and_never_delays_a_push():
    """The push queues and returns at once; the stuck socket is closed when its outbox is full
    or its send times out; a good socket of the same table gets every update. (Before: the
    push awaited each socket in turn, and a stuck one froze the table.)"""
    from acreage.web.connections import TOO_SLOW, Connection

    async def scenario():
        closed = []
        stuck = Connection(_StuckSocket(), None, "a", 4, 0.3, on_close=closed.append)
        good_ws = _GoodSocket()
        good = Connection(good_ws, None, "b", 4, 0.3, on_close=closed.append)
        started = time.perf_counter()
        for n in range(3):
            for conn in (stuck, good):
                conn.send({"n": n})
            await asyncio.sleep(0.01)
        assert time.perf_counter() - started < 0.2
        assert [json.loads(t)["n"] for t in good_ws.sent] == [0, 1, 2]
        await asyncio.sleep(0.5)  # past the send timeout
        assert stuck.closed and stuck in closed and "too slow" in stuck.close_reason
        assert not good.closed
        # a socket whose outbox is full is closed at the next push, without waiting
        stuck2 = Connection(_StuckSocket(), None, "c", 2, 30.0, on_close=closed.append)
        for n in range(4):
            stuck2.send({"n": n})
        assert stuck2.closed and "fell behind" in stuck2.close_reason
        good.close(None, "done")
        return TOO_SLOW

    asyncio.run(scenario())


def test_a_flooding_spectator_that_never_reads_slows_no_one(tmp_path):
    """Against a real server: a spectator without a token floods pings and never reads. Every
    move of the table is still answered at once, another watcher gets every update, and the
    flooder is told it is over the rate and then closed."""
    import websockets.sync.client as wsc

    srv = Server(str(tmp_path / "g.db"), limits="Limits(requests='10000/second', moves='1000/second')")
    srv.start()
    try:
        made = _call(
            srv,
            "/api/games",
            {"game": "foxglove", "players": 2, "seats": ["human", "human"], "options": {"start_player": 0}},
        )
        gid = made["id"]
        flooder = RawSocket(srv.port, f"/api/games/{gid}/ws")
        assert flooder.status == 101
        flooder.send_json({"type": "hello"})
        stop = threading.Event()

        def flood():
            while not stop.is_set():
                if not flooder.try_send_json({"type": "ping"}):
                    time.sleep(0.001)

        watcher = wsc.connect(f"ws://127.0.0.1:{srv.port}/api/games/{gid}/ws").__enter__()
        watcher.send(json.dumps({"type": "hello"}))
        assert json.loads(watcher.recv(timeout=5))["type"] == "update"
        thread = threading.Thread(target=flood, daemon=True)
        thread.start()
        rng = random.Random(2)
        slowest = 0.0
        for _ in range(25):
            v = _call(srv, f"/api/games/{gid}")
            if v["status"] == "over":
                break
            token = made["tokens"][str(v["to_act"])]
            legal = _call(srv, f"/api/games/{gid}", token=token)["legal"]
            began = time.monotonic()
            answer = _call(
                srv,
                f"/api/games/{gid}/actions",
                {"action": rng.choice(legal)["text"], "seq": v["seq"]},
                token=token,
            )
            slowest = max(slowest, time.monotonic() - began)
            update = json.loads(watcher.recv(timeout=2))
            while update.get("seq") != answer["seq"]:
                update = json.loads(watcher.recv(timeout=2))
        stop.set()
        thread.join()
        assert slowest < 1.0, slowest
        # the flooder was refused by name, then closed for flooding (with a close frame where
        # it could still be sent, else the connection is dropped); the watcher stays
        seen, closed = set(), None
        deadline = time.monotonic() + 10
        while closed is None and time.monotonic() < deadline:
            try:
                message = flooder.recv_json()
            except (ConnectionError, OSError):
                closed = "dropped"
                break
            if "closed" in message:
                closed = message["closed"]
            else:
                seen.add(message.get("error") or message["type"])
        # A dropped transport (reset) may discard what the flooder had not read yet, its refusals
        # included; a close frame comes after them, so then they must have been read.
        assert closed in (4029, "dropped") and ("rate_limited" in seen or closed == "dropped"), (seen, closed)
        assert _call(srv, "/api/health")["sockets"] == 1
        watcher.close()
    finally:
        srv.kill()


def _call(srv: Server, path: str, body=None, token=None):
    headers = dict(JSON)
    if token:
        headers.update(bearer(token))
    data = None if body is None else json.dumps(body).encode()
    req = urllib.request.Request(srv.url + path, data=data, headers=headers)
    with urllib.request.urlopen(req, timeout=10) as r:
        return json.loads(r.read())


# ---------------------------------------------------------------------- the store cannot be wedged
def test_an_unencodable_client_id_is_refused_and_every_other_game_still_writes(client):
    """A lone surrogate is valid JSON but not UTF-8; it once left the shared SQLite connection
    inside an open transaction, and most writes of every other game then failed."""
    victim = create(client)
    other = create(client)
    raw = (
        '{{"token": "{}", "action": "pass", "seq": 0, "client_id": "\\ud800"}}'.format(other["tokens"]["0"])
    ).encode()
    assert_refused(
        client.post(f"/api/games/{other['id']}/actions", content=raw, headers=JSON), 400, "malformed"
    )
    raw = b'{"game": "foxglove", "seats": ["\\udfff", "human"]}'
    assert_refused(client.post("/api/games", content=raw, headers=JSON), 400, "malformed")
    answers = _random_moves(client, victim["id"], victim["tokens"], 40, seed=4)
    assert answers and all(r.status_code == 200 for r in answers), [r.text for r in answers][:3]
    create(client)  # and a creation


@pytest.mark.parametrize("backend", ["sqlite", "postgresql"])
def test_a_failed_write_rolls_back_and_the_next_write_succeeds(backend, tmp_path, request):
    """Whatever fails inside a transaction (here the driver's own encoding error, reached by
    going under the field checks), the connection leaves the transaction."""
    from acreage.web import store as store_module

    if backend == "sqlite":
        store = SQLiteStore(tmp_path / "s.db")
    else:
        url = request.getfixturevalue("postgres_url")
        store = store_module.PostgresStore(url)
    from acreage.web.tables import create_row

    row, tokens = create_row("foxglove", 2, {}, ["human", "human"])
    store.create_game(row, tokens)
    with pytest.raises(StoreError):
        store.append_move(row.id, 0, 0, "pass", "\ud800")  # refused by the field check
    checked = store_module._checked
    store_module._checked = lambda params: params  # let the driver meet it mid-transaction
    try:
        with pytest.raises(StoreError):
            store.append_move(row.id, 0, 0, "pass", "\ud800")
    finally:
        store_module._checked = checked
    store.append_move(row.id, 0, 0, "pass", "ok")
    with pytest.raises(store_module.StoreConflict):
        store.append_move(row.id, 0, 0, "pass", "again")
    assert [m["action"] for m in store.load_game(row.id).moves] == ["pass"]
    store.close()


# ---------------------------------------------------------------------- bots that cannot hog
@pytest.mark.parametrize(
    "spec,words",
    [
        ("bot:mcts:ms=86400000", "cap of ms=10000"),
        ("bot:mcts:iterations=1000000000", "cap of iterations=100000"),
        ("bot:greedy:ms=20000", "cap of ms=10000"),
    ],
)
def test_bot_budgets_over_the_cap_are_refused(client, spec, words):
    r = client.post("/api/games", json={"game": "foxglove", "players": 2, "seats": ["human", spec]})
    assert words in assert_refused(r, 400, "bad_bot")["message"]
    caps = client.get("/api/catalogue").json()["bot_caps"]
    assert caps == {"ms": 10_000.0, "iterations": 100_000}


def _sleep_then(seconds: float) -> str:
    time.sleep(seconds)
    return "done"


def test_a_worker_that_overruns_is_killed_alone():
    """Two searches at once: one overruns and its worker is killed; the other, in its own
    worker, finishes. (Before: the pool restart cancelled every queued move.)"""
    from acreage.web.bots import Lane

    async def scenario():
        lane = Lane(2)
        try:
            slow = asyncio.create_task(lane.run(1.0, _sleep_then, 30))
            fast = asyncio.create_task(lane.run(30.0, _sleep_then, 2))
            assert await fast == "done"
            with pytest.raises(TimeoutError):
                await slow
            assert await lane.run(30.0, _sleep_then, 0) == "done"  # the killed worker was replaced
        finally:
            lane.kill()

    asyncio.run(scenario())


def test_quick_bots_do_not_wait_behind_a_search(db):
    """A table against a 3-second search and a table against greedy: greedy's moves come at
    greedy's pace while the search thinks (two lanes), and both tables move."""
    with app_client(db) as c:
        search = create(c, seats=["human", "bot:mcts:ms=3000"])
        quick = create(c, seats=["human", "bot:greedy"])
        for made in (search, quick):
            r = c.post(
                f"/api/games/{made['id']}/actions",
                json={"token": made["tokens"]["0"], "action": "pass", "seq": 0},
            )
            assert r.status_code == 200
        began = time.monotonic()
        while view(c, quick["id"])["to_act"] != 0:
            assert time.monotonic() - began < 2.5, "greedy waited behind the search"
            time.sleep(0.05)
        while view(c, search["id"])["seq"] < 2:  # the search's first move, about 3 s in
            assert time.monotonic() - began < 20
            time.sleep(0.1)


def test_a_bot_turn_whose_task_died_is_started_again(db):
    with app_client(db) as c:
        made = create(c, seats=["human", "bot:greedy"])
        gid = made["id"]
        hub = c.app.state.hub
        c.post(f"/api/games/{gid}/actions", json={"token": made["tokens"]["0"], "action": "pass", "seq": 0})

        async def kill():
            task = hub.bot_tasks.get(gid)
            if task is not None:
                task.cancel()

        c.portal.call(kill)
        deadline = time.monotonic() + 15
        while view(c, gid)["to_act"] != 0:
            assert time.monotonic() < deadline, "the bot's turn was lost"
            time.sleep(0.1)


def test_sigterm_stops_the_server_within_seconds_while_a_bot_thinks(tmp_path):
    port = free_port()
    proc = subprocess.Popen(
        [
            str(Path(sys.executable).parent / "acreage"),
            "serve",
            "--port",
            str(port),
            "--db",
            str(tmp_path / "g.db"),
        ],
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
        start_new_session=True,
    )
    srv = Server(str(tmp_path / "g.db"), port=port)
    try:
        for _ in range(150):
            try:
                _call(srv, "/api/health")
                break
            except OSError:
                time.sleep(0.2)
        made = _call(
            srv,
            "/api/games",
            {
                "game": "foxglove",
                "players": 2,
                "seats": ["bot:mcts:ms=10000", "human"],
                "options": {"start_player": 0},
            },
        )
        assert made["id"]
        time.sleep(1.0)  # the search is thinking now
        began = time.monotonic()
        proc.send_signal(signal.SIGTERM)
        out, _ = proc.communicate(timeout=20)
        assert time.monotonic() - began < 6, out
        assert "every move is stored" in out
    finally:
        if proc.poll() is None:
            os.killpg(proc.pid, signal.SIGKILL)


# ---------------------------------------------------------------------- small requests, large effects
def test_large_numbers_and_large_texts_are_refused_at_once_and_quoted_short(client):
    began = time.perf_counter()
    assert_refused(client.post("/api/games", json={"game": "foxglove", "players": 200000}), 400, "bad_option")
    assert time.perf_counter() - began < 0.5
    assert_refused(client.post("/api/games", json={"game": "foxglove", "players": 10**30}), 400, "bad_option")
    made = create(client)
    gid, t0 = made["id"], made["tokens"]["0"]
    huge = "x" * 5_000_000
    r = client.post(f"/api/games/{gid}/actions", json={"token": t0, "action": huge, "seq": 0})
    assert_refused(r, 413, "too_large")
    long = "build " + "y" * 500
    body = assert_refused(
        client.post(f"/api/games/{gid}/actions", json={"token": t0, "action": long, "seq": 0}),
        400,
        "too_long",
    )
    assert "yyyyyyyyyy" not in body["message"]
    assert view(client, gid)["seq"] == 0


def test_rates_are_limited_by_name_with_retry_after_and_nothing_changes(db):
    limits = Limits(moves="5/second", creations="3/minute", requests="10000/second")
    with app_client(db, warm_bots=False, limits=limits) as c:
        made = create(c)
        gid, t0 = made["id"], made["tokens"]["0"]
        codes = []
        for _ in range(8):  # illegal moves count too: a flood is a flood
            r = c.post(f"/api/games/{gid}/actions", json={"token": t0, "action": "place 9,9", "seq": 0})
            codes.append(r.json()["error"])
        assert codes[:5] == ["illegal_action"] * 5 and set(codes[5:]) == {"rate_limited"}
        r = c.post(f"/api/games/{gid}/actions", json={"token": t0, "action": "pass", "seq": 0})
        assert_refused(r, 429, "rate_limited")
        assert int(r.headers["Retry-After"]) >= 1
        assert view(c, gid)["seq"] == 0
        create(c)
        create(c)
        assert_refused(c.post("/api/games", json={"game": "foxglove"}), 429, "rate_limited")
        time.sleep(1.1)  # a seat pacing itself is never throttled
        for _seq in range(4):
            v = view(c, gid)
            token = made["tokens"][str(v["to_act"])]
            legal = [a["text"] for a in view(c, gid, token)["legal"]]
            r = c.post(
                f"/api/games/{gid}/actions", json={"token": token, "action": legal[0], "seq": v["seq"]}
            )
            assert r.status_code == 200, r.text
            time.sleep(0.25)


def test_idle_games_leave_memory_and_come_back_by_replay(db):
    with app_client(db, warm_bots=False, limits=Limits(idle_s=0.2, requests="10000/second")) as c:
        made = create(c)
        gid, t0 = made["id"], made["tokens"]["0"]
        c.post(f"/api/games/{gid}/actions", json={"token": t0, "action": "trails", "seq": 0})
        before = view(c, gid, t0)
        hub = c.app.state.hub
        deadline = time.monotonic() + 10
        while gid in hub.tables:
            assert time.monotonic() < deadline, "the idle game stayed in memory"
            time.sleep(0.2)
        assert any(g["id"] == gid for g in c.get("/api/games").json()["games"])
        assert view(c, gid, t0) == before
        assert gid in hub.tables


# ---------------------------------------------------------------------- bad input: named 4xx only
def test_bad_input_is_a_named_4xx_never_a_500(client):
    made = create(client)
    gid, _t0 = made["id"], made["tokens"]["0"]
    deep = "[" * 1500 + "]" * 1500
    cases = [
        (
            client.post(f"/api/games/{gid}/actions", json={"token": 5, "action": "pass", "seq": 0}),
            400,
            "malformed",
        ),
        (
            client.post(f"/api/games/{gid}/actions", json={"token": ["x"], "action": "pass", "seq": 0}),
            400,
            "malformed",
        ),
        (client.post(f"/api/games/{gid}/leave", json={"token": {"a": 1}}), 400, "malformed"),
        (client.post("/api/games", content=deep.encode(), headers=JSON), 400, "too_deep"),
        (client.post("/api/games", content=b'{"a":' * 8 + b"1" + b"}" * 8, headers=JSON), 400, "too_deep"),
        (client.post("/api/games", json={"game": "foxglove", "options": {"seed": 4}}), 400, "bad_option"),
        (client.post("/api/games", json={"game": "foxglove", "options": {"players": 3}}), 400, "bad_option"),
        (
            client.post("/api/games", json={"game": "foxglove", "options": {"solo_setup": [[1]]}}),
            400,
            "bad_option",
        ),
        (
            client.post("/api/games", content=b'{"game": "foxglove", "players": NaN}', headers=JSON),
            400,
            "malformed",
        ),
        (client.post("/api/games", json={"game": ["foxglove"]}), 400, "malformed"),
        (client.get(f"/api/games/{gid}?since=10000000000000000000000"), 400, "out_of_range"),
        (client.get(f"/api/games/{gid}?since=abc"), 400, "malformed"),
        (client.get(f"/api/games/{gid}/replay?step=-1"), 403, "not_over"),
        (client.get("/api/games/" + "z" * 5000), 404, "not_found"),
        (client.get("/api/games?limit=0"), 400, "out_of_range"),
        (client.get("/api/nothing-here"), 404, "not_found"),
        (client.delete(f"/api/games/{gid}"), 405, "method_not_allowed"),
        (client.get(f"/api/games/{gid}", headers={"Authorization": "Basic abc"}), 401, "malformed"),
        (client.post(f"/api/games/{gid}/join", json={"seat": 10**30}), 400, "malformed"),
    ]
    for response, status, code in cases:
        assert_refused(response, status, code)
    assert view(client, gid)["seq"] == 0


def test_websocket_bad_frames_get_named_errors_and_the_socket_stays(client):
    made = create(client)
    gid, t0 = made["id"], made["tokens"]["0"]
    with client.websocket_connect(f"/api/games/{gid}/ws") as ws:
        ws.send_json({"type": "hello", "token": t0})
        assert ws.receive_json()["type"] == "update"
        ws.send_bytes(b"\x00\x01")
        assert ws.receive_json()["error"] == "malformed"
        ws.send_text("[" * 2000 + "]" * 2000)
        assert ws.receive_json()["error"] == "too_deep"
        ws.send_text('{"type": "action", "action": "pass", "seq": 0, "client_id": "\\ud800"}')
        assert ws.receive_json()["error"] == "malformed"
        ws.send_text("x" * 20000)
        assert ws.receive_json()["error"] == "too_large"
        ws.send_json({"type": "ping"})
        assert ws.receive_json() == {"type": "pong", "seq": 0}
        ws.send_json({"type": "action", "action": "pass", "seq": 0, "client_id": "ok"})
        assert ws.receive_json()["type"] == "ack"


def test_a_websocket_must_say_hello_first_and_never_in_the_url(client):
    made = create(client)
    gid, t0 = made["id"], made["tokens"]["0"]
    with client.websocket_connect(f"/api/games/{gid}/ws?token={t0}") as ws:
        assert ws.receive_json()["error"] == "token_in_url"
    with client.websocket_connect(f"/api/games/{gid}/ws") as ws:
        ws.send_json({"type": "action", "action": "pass", "seq": 0})
        assert ws.receive_json()["error"] == "no_hello"
    assert_refused(client.get(f"/api/games/{gid}?token={t0}"), 400, "token_in_url")
    assert_refused(client.get(f"/api/games/{gid}/plan?token={t0}"), 400, "token_in_url")
    assert view(client, gid, t0)["you"] == 0  # the header is the way


# ---------------------------------------------------------------------- authority
def test_the_seat_comes_before_the_message_id_and_ids_are_each_seats_own(client):
    made = create(client)
    gid, t0, t1 = made["id"], made["tokens"]["0"], made["tokens"]["1"]
    r = client.post(
        f"/api/games/{gid}/actions", json={"token": t0, "action": "pass", "seq": 0, "client_id": "x"}
    )
    assert r.json()["seq"] == 1
    # no token, but seat 0's id: refused as a spectator, not "already applied"
    r = client.post(f"/api/games/{gid}/actions", json={"action": "pass", "seq": 1, "client_id": "x"})
    assert_refused(r, 403, "spectator")
    # seat 1's own legal move with the same id is applied, not silently skipped
    r = client.post(
        f"/api/games/{gid}/actions", json={"token": t1, "action": "pass", "seq": 1, "client_id": "x"}
    )
    assert r.status_code == 200 and r.json() == {"seq": 2, "action": "pass"}
    assert view(client, gid)["seq"] == 2


def test_a_rematch_gives_each_player_only_their_own_seat(client):
    made = create(client, game="foxglove", players=2, options={"start_player": 0, "move_cap": 1})
    gid, tokens = made["id"], made["tokens"]
    _play_to_the_end(client, gid, tokens)
    with client.websocket_connect(f"/api/games/{gid}/ws") as other:
        other.send_json({"type": "hello", "token": tokens["1"]})
        assert other.receive_json()["type"] == "update"
        assert_refused(client.post(f"/api/games/{gid}/rematch", json={}), 403, "spectator")
        first = client.post(f"/api/games/{gid}/rematch", headers=bearer(tokens["0"]), json={})
        assert first.status_code == 201, first.text
        new = first.json()
        assert set(new) == {"id", "seat", "token", "link"} and new["seat"] == 0
        assert other.receive_json() == {"type": "rematch", "id": new["id"]}
    assert view(client, new["id"])["status"] == "waiting"
    assert view(client, new["id"], new["token"])["you"] == 0
    second = client.post(f"/api/games/{gid}/rematch", json={"token": tokens["1"]}).json()
    assert second["id"] == new["id"] and second["seat"] == 1 and second["token"] != new["token"]
    assert view(client, new["id"], second["token"])["you"] == 1
    assert_refused(client.post(f"/api/games/{gid}/rematch", json={"token": tokens["1"]}), 409, "seat_taken")
    assert view(client, new["id"])["status"] == "playing"


def _random_moves(client, gid, tokens, moves: int, seed: int) -> list:
    """Up to ``moves`` random legal moves of the seat to act (each with a message id); the
    answers, until the game is over."""
    rng = random.Random(seed)
    answers = []
    for _ in range(moves):
        v = view(client, gid)
        if v["status"] == "over":
            break
        token = tokens[str(v["to_act"])]
        legal = view(client, gid, token)["legal"]
        body = {
            "token": token,
            "action": rng.choice(legal)["text"],
            "seq": v["seq"],
            "client_id": f"m{v['seq']}",
        }
        answers.append(client.post(f"/api/games/{gid}/actions", json=body))
    return answers


def _play_to_the_end(client, gid, tokens):
    _random_moves(client, gid, tokens, 3000, seed=1)
    assert view(client, gid)["status"] == "over", "the game did not end"


# ---------------------------------------------------------------------- browser protections
def test_foreign_pages_hosts_and_content_types_are_refused(db):
    with app_client(db, warm_bots=False, limits=UNLIMITED) as c:
        body = json.dumps({"game": "foxglove"})
        assert_refused(
            c.post("/api/games", content=body, headers={"Content-Type": "text/plain"}), 415, "content_type"
        )
        evil = {"Origin": "http://evil.example", **JSON}
        assert_refused(c.post("/api/games", content=body, headers=evil), 403, "bad_origin")
        same = {"Origin": "http://testserver", **JSON}
        assert c.post("/api/games", content=body, headers=same).status_code == 201
        assert_refused(c.get("/api/health", headers={"Host": "rebound.example"}), 421, "bad_host")
        for path in ("/", "/api/health", "/static/style.css", "/api/nothing"):
            headers = c.get(path).headers
            assert "script-src 'self'" in headers["content-security-policy"]
            assert "frame-ancestors 'none'" in headers["content-security-policy"]
            assert headers["x-content-type-options"] == "nosniff"
            assert headers["referrer-policy"] == "no-referrer"
        from starlette.testclient import WebSocketDenialResponse

        made = create(c)
        with pytest.raises(WebSocketDenialResponse) as denied:
            with c.websocket_connect(
                f"/api/games/{made['id']}/ws", headers={"Origin": "http://evil.example"}
            ):
                pass
        assert denied.value.status_code == 403


def test_many_sockets_from_one_client_are_capped(db):
    with app_client(db, warm_bots=False, limits=Limits(sockets_per_client=2, requests="10000/second")) as c:
        made = create(c)
        gid = made["id"]
        with (
            c.websocket_connect(f"/api/games/{gid}/ws") as a,
            c.websocket_connect(f"/api/games/{gid}/ws") as b,
        ):
            for ws in (a, b):
                ws.send_json({"type": "hello"})
                assert ws.receive_json()["type"] == "update"
            with c.websocket_connect(f"/api/games/{gid}/ws") as third:
                third.send_json({"type": "hello"})
                assert third.receive_json()["error"] == "too_many_sockets"
        assert c.get("/api/health").json()["sockets"] == 0


def test_serve_refuses_a_bad_limit():
    from typer.testing import CliRunner

    from acreage.app.cli import app

    result = CliRunner().invoke(app, ["serve", "--limit", "moves=lots"])
    assert result.exit_code == 2 and "not a valid moves" in result.output


def test_limits_read_their_settings():
    limits = Limits().with_settings(["moves=20/second", "allowed_hosts=a.example,b.example", "idle_s=5"])
    assert limits.moves == "20/second" and limits.allowed_hosts == ("a.example", "b.example")
    assert limits.idle_s == 5.0
    with pytest.raises(ValueError, match="NAME=VALUE"):
        Limits().with_settings(["nonsense=1"])
