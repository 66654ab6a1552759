"""The web API (docs/web-api.md): creating games, seat tokens, the turn, stale seq, resent
messages, spectators, illegal and malformed input, undo, bots, the record, a restart."""

from __future__ import annotations

import time

import pytest

pytest.importorskip("fastapi", reason="the web tests need the web extra: pip install -e '.[web,dev]'")

from .conftest import app_client  # noqa: E402
from .helpers import act, create, view  # noqa: E402


@pytest.fixture
def db(tmp_path):
    return str(tmp_path / "games.db")


@pytest.fixture
def client(db):
    with app_client(db) as c:
        yield c


JSON = {"Content-Type": "application/json"}


def bearer(token):
    return {"Authorization": f"Bearer {token}"}


def test_health_and_catalogue(client):
    assert client.get("/api/health").json()["ok"] is True
    names = {g["name"] for g in client.get("/api/catalogue").json()["games"]}
    assert names == {"foxglove", "fields_of_green", "harvest"}


def test_create_returns_a_token_and_a_link_per_human_seat(client):
    made = create(client)
    assert set(made["tokens"]) == {"0", "1"}
    assert made["links"]["0"] == f"/play/{made['id']}#token={made['tokens']['0']}"
    listed = client.get("/api/games").json()["games"]
    assert listed[0]["id"] == made["id"] and listed[0]["status"] == "playing" and listed[0]["to_act"] == 0


def test_a_seat_sees_its_legal_actions_only_on_its_turn_and_acts_with_its_token(client):
    made = create(client)
    gid, t0, t1 = made["id"], made["tokens"]["0"], made["tokens"]["1"]
    v0, v1, spectator = view(client, gid, t0), view(client, gid, t1), view(client, gid)
    assert v0["you"] == 0 and v0["legal"] and v1["legal"] == [] and spectator["legal"] == []
    assert spectator["you"] is None
    assert v0["seq"] == 0
    r = act(client, gid, t1, "pass", 0)
    assert r.status_code == 403 and r.json()["error"] == "not_your_turn"
    r = act(client, gid, t0, "pass", 0)
    assert r.status_code == 200 and r.json() == {"seq": 1, "action": "pass"}
    assert view(client, gid, t1)["legal"]


def test_action_by_id_stale_seq_illegal_and_malformed_change_nothing(client):
    made = create(client)
    gid, t0 = made["id"], made["tokens"]["0"]
    first = view(client, gid, t0)
    before = view(client, gid)
    cases = [
        (act(client, gid, t0, "pass", 5), 409, "stale_seq"),
        (act(client, gid, t0, "place 0,1", 0), 422, "illegal_action"),
        (act(client, gid, t0, "frobnicate", 0), 422, "illegal_action"),
        (act(client, gid, t0, 10**9, 0), 422, "illegal_action"),
        (act(client, gid, t0, None, 0), 400, "malformed"),
        (act(client, gid, t0, ["pass"], 0), 400, "malformed"),
        (act(client, gid, t0, "pass", "0"), 400, "malformed"),
        (act(client, gid, "not-a-token", "pass", 0), 401, "bad_token"),
        (act(client, gid, None, "pass", 0), 403, "spectator"),
        (client.post(f"/api/games/{gid}/actions", content=b"{not json", headers=JSON), 400, "malformed"),
        (client.post(f"/api/games/{gid}/actions", json=[1, 2]), 400, "malformed"),
        (
            client.post("/api/games/nope/actions", json={"token": t0, "action": "pass", "seq": 0}),
            404,
            "not_found",
        ),
    ]
    for response, status, code in cases:
        assert response.status_code == status, (code, response.text)
        assert response.json()["error"] == code and response.json()["message"]
    assert view(client, gid) == before
    by_id = next(a for a in first["legal"] if a["text"] == "pass")["id"]
    assert act(client, gid, t0, by_id, 0).json()["action"] == "pass"


def test_a_resent_message_is_applied_once(client):
    made = create(client)
    gid, t0 = made["id"], made["tokens"]["0"]
    assert act(client, gid, t0, "pass", 0, client_id="m-1").json()["seq"] == 1
    again = act(client, gid, t0, "pass", 0, client_id="m-1")
    assert again.status_code == 200 and again.json()["seq"] == 1
    assert view(client, gid)["seq"] == 1


def test_undo_follows_the_fair_policy(client):
    made = create(client)
    gid, t0, t1 = made["id"], made["tokens"]["0"], made["tokens"]["1"]
    assert act(client, gid, t0, "trails", 0).status_code == 200
    assert view(client, gid, t0)["undoable"] == 1
    r = client.post(f"/api/games/{gid}/undo", json={"token": t0, "seq": 1})
    assert r.status_code == 200 and r.json() == {"seq": 2, "action": "undo 1"}
    v = view(client, gid, t0)
    assert v["observation"]["phase"] == "construction" and v["undoable"] == 0
    act(client, gid, t0, "pass", 2)
    r = client.post(f"/api/games/{gid}/undo", json={"token": t1, "seq": 3})
    assert r.status_code == 409 and r.json()["error"] == "cannot_undo"


def test_bots_play_their_seats_on_the_server(client):
    made = create(client, seats=["human", "bot:greedy"], options={"start_player": 0})
    gid, t0 = made["id"], made["tokens"]["0"]
    act(client, gid, t0, "pass", 0)
    deadline = time.time() + 60
    while time.time() < deadline:
        v = view(client, gid, t0)
        if v["to_act"] == 0 or v["status"] == "over":
            break
        time.sleep(0.1)
    assert v["to_act"] == 0 and v["seq"] > 1
    assert any(e["seat"] == 1 for e in v["events"])


def test_the_catalogue_offers_each_game_its_levels_and_seats_take_them_by_name(client):
    cat = client.get("/api/catalogue").json()
    levels = {g["name"]: [lv["name"] for lv in g["levels"]] for g in cat["games"]}
    assert levels["foxglove"] == ["easy", "medium", "hard"]
    assert levels["harvest"] == ["easy", "medium", "hard"]
    assert cat["default_level"] == "medium"
    made = create(client, game="harvest", seats=["human", "bot:hard"], options={})
    assert made["id"]
    r = client.post("/api/games", json={"game": "foxglove", "players": 2, "seats": ["human", "bot:expert"]})
    assert r.status_code == 400 and r.json()["error"] == "bad_bot"
    assert "its levels are: easy, medium, hard" in r.json()["message"]


def test_a_bot_seat_keeps_one_bot_for_the_game(client):
    """The seat's bot comes back from each move (pickled) and goes with the next one: MCTS's
    tree and plans are kept between its moves, not rebuilt for each one."""
    import pickle
    import zlib

    made = create(client, game="fields_of_green", seats=["bot:mcts:iterations=30", "bot:greedy"], options={})
    gid = made["id"]
    table = client.app.state.hub.table(gid)
    deadline = time.time() + 90
    reused = 0
    while time.time() < deadline and reused == 0:
        mind = table.bot_minds.get(0)
        if mind is not None:
            reused = pickle.loads(zlib.decompress(mind)).last_reused
        time.sleep(0.2)
    assert reused > 0
    assert set(table.bot_minds) <= {0, 1}


def test_open_seats_are_joined_from_the_lobby(client):
    made = create(client, seats=["human", "open"])
    gid, t0 = made["id"], made["tokens"]["0"]
    assert view(client, gid)["status"] == "waiting"
    r = act(client, gid, t0, "pass", 0)
    assert r.status_code == 409 and r.json()["error"] == "waiting"
    joined = client.post(f"/api/games/{gid}/join", json={"seat": 1}).json()
    assert joined["seat"] == 1 and view(client, gid, joined["token"])["you"] == 1
    assert client.post(f"/api/games/{gid}/join", json={"seat": 1}).json()["error"] == "seat_taken"
    assert view(client, gid)["status"] == "playing"


def test_bad_creations_are_refused_by_name(client):
    cases = [
        ({"game": "chess"}, "bad_game"),
        ({"game": 3}, "malformed"),
        ({"players": 9, "seats": ["human"] * 9}, "bad_option"),
        ({"seats": ["human", "robot"]}, "bad_seat"),
        ({"seats": ["human", "bot:genius"]}, "bad_bot"),
        ({"seats": ["human"]}, "malformed"),
        ({"options": {"nope": 1}}, "bad_option"),
        ({"options": []}, "malformed"),
    ]
    for body, code in cases:
        body = {"game": "foxglove", "players": 2, "seats": ["human", "human"], **body}
        r = client.post("/api/games", json=body)
        assert r.status_code == 400 and r.json()["error"] == code, (body, r.text)
    assert client.get("/api/games").json()["games"] == []


def test_the_record_is_given_only_once_the_game_is_over(client):
    made = create(client, players=1, seats=["human"], options={"move_cap": 2})
    gid, t0 = made["id"], made["tokens"]["0"]
    assert client.get(f"/api/games/{gid}/record").json()["error"] == "not_over"
    seq = 0
    while True:
        v = view(client, gid, t0)
        if v["status"] == "over":
            break
        text = "pass" if any(a["text"] == "pass" for a in v["legal"]) else v["legal"][-1]["text"]
        seq = act(client, gid, t0, text, seq).json()["seq"]
    record = client.get(f"/api/games/{gid}/record").json()
    assert record["format"] == "acreage-record" and record["seed"] is not None
    assert sum(v["breakdown"][0].values()) == v["scores"][0]


def test_a_restarted_server_serves_every_game_as_it_was(db):
    with app_client(db) as c:
        made = create(c)
        gid, t0, t1 = made["id"], made["tokens"]["0"], made["tokens"]["1"]
        act(c, gid, t0, "trails", 0)
        before = view(c, gid, t0)
    with app_client(db) as c:
        after = view(c, gid, t0)
        assert after == before
        assert act(c, gid, t1, "pass", 1).json()["error"] == "not_your_turn"
        assert act(c, gid, t0, "done", 1).status_code in (200, 422)


def test_websocket_pushes_each_seat_its_own_update_and_acks_actions(client):
    made = create(client)
    gid, t0, t1 = made["id"], made["tokens"]["0"], made["tokens"]["1"]
    with (
        client.websocket_connect(f"/api/games/{gid}/ws") as w0,
        client.websocket_connect(f"/api/games/{gid}/ws") as w1,
        client.websocket_connect(f"/api/games/{gid}/ws") as spectator,
    ):
        w0.send_json({"type": "hello", "token": t0})
        w1.send_json({"type": "hello", "token": t1})
        spectator.send_json({"type": "hello"})
        first0, first1, first_s = w0.receive_json(), w1.receive_json(), spectator.receive_json()
        assert first0["you"] == 0 and first0["legal"] and first1["legal"] == [] and first_s["you"] is None
        w0.send_json({"type": "action", "action": "pass", "seq": 0, "client_id": "a"})
        assert w0.receive_json() == {"type": "ack", "seq": 1, "client_id": "a", "action": "pass"}
        up0, up1, up_s = w0.receive_json(), w1.receive_json(), spectator.receive_json()
        assert up0["seq"] == up1["seq"] == up_s["seq"] == 1
        assert up1["legal"] and up0["legal"] == []
        w1.send_json({"type": "action", "action": "frobnicate", "seq": 1, "client_id": "b"})
        error = w1.receive_json()
        assert error["type"] == "error" and error["error"] == "illegal_action"
        spectator.send_json({"type": "action", "action": "pass", "seq": 1})
        assert spectator.receive_json()["error"] == "spectator"
        w1.send_text("not json")
        assert w1.receive_json()["error"] == "malformed"


def test_after_an_undo_every_socket_is_sent_the_whole_log_again(client):
    """An undo takes back lines a page has shown: each socket's next update carries the whole
    log (``events_from`` 0), without the undone lines, so every log follows at once."""
    made = create(client)
    gid, t0, t1 = made["id"], made["tokens"]["0"], made["tokens"]["1"]
    with (
        client.websocket_connect(f"/api/games/{gid}/ws") as w0,
        client.websocket_connect(f"/api/games/{gid}/ws") as w1,
    ):
        w0.send_json({"type": "hello", "token": t0})
        w1.send_json({"type": "hello", "token": t1})
        w0.receive_json(), w1.receive_json()
        for n, action in enumerate(("trails", "trail ESW 1,1", "pay stone 1,0")):
            w0.send_json({"type": "action", "action": action, "seq": n, "client_id": f"a{n}"})
            w0.receive_json()  # ack
            w0.receive_json()
            up1 = w1.receive_json()
        assert up1["events_from"] > 0 and [e["text"] for e in up1["events"]] == [
            "Seat 1 paid 1 stone from the Mine (1,0)"]
        w0.send_json({"type": "undo", "count": 1, "seq": 3, "client_id": "b"})
        assert w0.receive_json()["action"] == "undo 1"
        back0, back1 = w0.receive_json(), w1.receive_json()
        for back in (back0, back1):
            assert back["events_from"] == 0 and back["seq"] == 4
            assert not any("paid" in e["text"] for e in back["events"])
            assert len(back["events"]) == back["event_count"] > 0


def test_websocket_with_a_bad_token_is_refused(client):
    made = create(client)
    with client.websocket_connect(f"/api/games/{made['id']}/ws") as ws:
        ws.send_json({"type": "hello", "token": "wrong"})
        assert ws.receive_json()["error"] == "bad_token"


def test_clocks_run_for_the_seat_to_act_and_greedy_plays_at_zero_with_nobody_else_to_ask(client):
    made = create(client, seats=["human", "bot:random"], clock={"bank_s": 1, "increment_s": 0.5})
    gid, t0 = made["id"], made["tokens"]["0"]
    first = view(client, gid, t0)
    assert first["clocks"][1] == 1.0 and 0 < first["clocks"][0] <= 1.0
    deadline = time.time() + 10
    while time.time() < deadline and view(client, gid)["seq"] == 0:
        time.sleep(0.2)
    after = view(client, gid, t0)
    assert after["seq"] >= 1
    assert any("clock ran out: greedy played" in n["text"] for n in after["notices"])
    assert after["clocks"][0] <= 0.5  # spent the bank, got one increment


def _out_of_time(client):
    """A two-person game whose first seat's clock has run out: (game id, late token, other token)."""
    made = create(client, clock={"bank_s": 1, "increment_s": 0})
    gid, t0, t1 = made["id"], made["tokens"]["0"], made["tokens"]["1"]
    deadline = time.time() + 10
    while time.time() < deadline and view(client, gid, t1)["timeout"] is None:
        time.sleep(0.1)
    return gid, t0, t1


def test_when_a_clock_runs_out_the_others_may_end_the_game_and_that_seat_ranks_last(client):
    gid, t0, t1 = _out_of_time(client)
    offer = view(client, gid, t1)
    assert offer["timeout"] == {"seat": 0, "choices": ["bot", "end"]}
    assert offer["seq"] == 0  # nobody played for the late seat
    assert view(client, gid, t0)["timeout"] is None  # the late player is not asked about itself
    r = client.post(f"/api/games/{gid}/timeout", json={"token": t0, "choice": "end", "seq": 0})
    assert r.status_code == 403 and r.json()["error"] == "not_yours"
    r = client.post(f"/api/games/{gid}/timeout", json={"token": t1, "choice": "draw", "seq": 0})
    assert r.status_code == 400 and r.json()["error"] == "malformed"
    r = client.post(f"/api/games/{gid}/timeout", json={"token": t1, "choice": "end", "seq": 0})
    assert r.status_code == 200, r.text
    over = view(client, gid, t1)
    assert over["status"] == "over" and over["forfeited"] == 0 and over["ranking"] == [2, 1]
    assert "clock ran out" in over["decision"]
    assert act(client, gid, t0, "pass", over["seq"]).json()["error"] == "game_over"
    assert client.get(f"/api/games/{gid}/record").status_code == 200  # over: the record opens


def test_when_a_clock_runs_out_the_others_may_let_a_bot_play_that_seat(client):
    gid, t0, t1 = _out_of_time(client)
    r = client.post(f"/api/games/{gid}/timeout", json={"token": t1, "choice": "bot", "seq": 0})
    assert r.status_code == 200, r.text
    v = view(client, gid, t1)
    assert v["seats"][0]["kind"] == "bot" and v["status"] == "playing"
    assert any("let a bot play" in n["text"] for n in v["notices"])
    r = client.post(f"/api/games/{gid}/timeout", json={"token": t1, "choice": "end", "seq": v["seq"]})
    assert r.json()["error"] in ("not_out_of_time", "stale_seq")


def test_a_forfeit_survives_a_restart(db):
    with app_client(db) as c:
        gid, _, t1 = _out_of_time(c)
        ended = c.post(f"/api/games/{gid}/timeout", json={"token": t1, "choice": "end", "seq": 0})
        assert ended.status_code == 200
    with app_client(db) as c:
        v = view(c, gid, t1)
        assert v["status"] == "over" and v["ranking"] == [2, 1]


def test_bad_clocks_are_refused(client):
    for clock in ({"bank_s": 0}, {"bank_s": "10"}, {"increment_s": 5}, {"bank_s": 10, "x": 1}, [10]):
        r = client.post(
            "/api/games", json={"game": "foxglove", "players": 2, "seats": ["human", "human"], "clock": clock}
        )
        assert r.status_code == 400 and r.json()["error"] == "malformed", clock


def test_games_without_clocks_have_none(client):
    made = create(client)
    assert view(client, made["id"])["clocks"] is None


def test_plan_is_given_to_the_seat_to_act_only(client):
    made = create(client)
    gid, t0, t1 = made["id"], made["tokens"]["0"], made["tokens"]["1"]
    assert client.get(f"/api/games/{gid}/plan", headers=bearer(t1)).json()["error"] == "not_your_turn"
    assert client.get(f"/api/games/{gid}/plan").json()["error"] == "not_your_turn"
    plan = client.get(f"/api/games/{gid}/plan", headers=bearer(t0)).json()
    legal = {a["text"] for a in view(client, gid, t0)["legal"]}
    assert plan["actions"] == [] or plan["actions"][0] in legal


def test_a_player_who_leaves_is_replaced_by_the_medium_level(client):
    made = create(client)
    gid, t0, t1 = made["id"], made["tokens"]["0"], made["tokens"]["1"]
    assert client.post(f"/api/games/{gid}/leave", json={}).json()["error"] == "spectator"
    assert client.post(f"/api/games/{gid}/leave", json={"token": t1}).json() == {
        "seat": 1,
        "now": "bot:medium",
    }
    act(client, gid, t0, "pass", 0)
    deadline = time.time() + 30
    while time.time() < deadline and view(client, gid)["to_act"] != 0:
        time.sleep(0.1)
    v = view(client, gid, t1)
    assert v["to_act"] == 0 and v["seats"][1] == {"seat": 1, "kind": "bot", "bot": "medium", "name": None}
    assert any("now played by medium" in n["text"] for n in v["notices"])


def test_two_server_processes_on_one_store_never_both_write_a_move(db):
    """Two servers on one store: one's move n is committed first; the other, whose copy of the
    game is behind, is refused (``conflict``, nothing applied), reloads the game from the store
    and then serves it as it is."""
    with app_client(db, warm_bots=False) as a:
        made = create(a)
        gid, t0, t1 = made["id"], made["tokens"]["0"], made["tokens"]["1"]
        with app_client(db, warm_bots=False) as b:  # loads the game as it is now
            assert act(a, gid, t0, "pass", 0).json()["seq"] == 1
            late = act(b, gid, t0, "trails", 0)  # b still thinks seq 0 and seat 0 to act
            assert late.status_code == 409 and late.json()["error"] == "conflict"
            v = view(b, gid, t1)
            assert v["seq"] == 1 and v["to_act"] == 1 and v["legal"]
            assert act(b, gid, t1, "pass", 1).json()["seq"] == 2
        assert view(a, gid)["seq"] == 1  # a's copy is now behind: its next write is refused too
        assert act(a, gid, t1, "pass", 1).json()["error"] == "conflict"
        assert view(a, gid)["seq"] == 2


def test_seat_names_are_bounded_and_shown_to_everyone(client):
    made = create(client, names=["  Ada   Lovelace ", None])
    v = view(client, made["id"])
    assert [s["name"] for s in v["seats"]] == ["Ada Lovelace", None]
    refused = ((["x" * 25, None], "too_long"), (["ok"], "malformed"), (["a\u0007b", None], "malformed"),
               ([3, None], "malformed"))
    for names, code in refused:
        r = client.post("/api/games", json={"game": "foxglove", "players": 2, "seats": ["human", "human"],
                                            "names": names})
        assert r.status_code in (400, 422) and r.json()["error"] == code, (names, r.text)


def test_an_invite_only_game_is_not_listed_but_its_holders_see_it(client):
    hidden = create(client, listed=False)["id"]
    shown = create(client)["id"]
    public = {g["id"] for g in client.get("/api/games").json()["games"]}
    assert shown in public and hidden not in public
    mine = {g["id"] for g in client.get("/api/games", params={"mine": hidden}).json()["games"]}
    assert hidden in mine
    r = client.post("/api/games", json={"game": "foxglove", "players": 2, "listed": "no"})
    assert r.status_code == 400 and r.json()["error"] == "malformed"


def test_a_store_made_before_seat_names_opens_and_gains_them(tmp_path):
    """An older SQLite store (no ``meta`` column) is opened and its games load with no names."""
    import sqlite3

    from acreage.web.store import SQLiteStore

    path = tmp_path / "old.db"
    conn = sqlite3.connect(path)
    conn.execute("""CREATE TABLE games (id TEXT PRIMARY KEY, game TEXT NOT NULL, players INTEGER NOT NULL,
        options TEXT NOT NULL, seed TEXT NOT NULL, seats TEXT NOT NULL, created DOUBLE PRECISION NOT NULL,
        clock TEXT)""")
    conn.execute("INSERT INTO games VALUES ('abc', 'foxglove', 2, '{}', '7', ?, 1.0, NULL)",
                 ('["human", "human"]',))
    conn.commit()
    conn.close()
    store = SQLiteStore(path)
    (row,) = store.load_games()
    assert row.id == "abc" and row.names == [] and row.listed is True
    store.close()


def test_a_finished_game_exports_its_record_and_an_openspiel_trace(client):
    made = create(client, seats=["human", "bot:random"])
    gid = made["id"]
    assert client.get(f"/api/games/{gid}/trace").json()["error"] == "not_over"
    gid, _, t1 = _out_of_time(client)
    client.post(f"/api/games/{gid}/timeout", json={"token": t1, "choice": "end", "seq": 0})
    trace = client.get(f"/api/games/{gid}/trace").json()
    assert set(trace) == {"header", "transitions"}
    assert trace["header"]["game_string"].startswith("acreage_foxglove(")
