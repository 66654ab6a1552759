"""Profiles and sessions (docs/web-api.md, "Profiles and ratings"): creating a profile, the
session cookie and its flags, logging in and out, passwords kept as argon2 hashes only, wrong
passwords refused and rate-limited, names unique whatever their case, every bad input refused
by name with nothing changed, the server's guard in front of the writes, and no answer that
carries a secret."""

from __future__ import annotations

import hashlib
import json
from dataclasses import replace

import pytest

pytest.importorskip("fastapi", reason="the web tests need the web extra: pip install -e '.[web,dev]'")
pytest.importorskip("argon2", reason="profiles need argon2-cffi (in the web extra)")

from argon2 import PasswordHasher  # noqa: E402

from acreage.web import accounts_store  # noqa: E402
from acreage.web.accounts import COOKIE, link_seat  # noqa: E402

from .accounts_helpers import (  # noqa: E402
    FAST,
    GENEROUS,
    JSON,
    PASSWORD,
    assert_no_secret,
    new_profile,
    players_app,
    players_client,
    rows,
    set_cookie_header,
    store_of,
)


#: A cheap argon2 (the tests hash many passwords; the server uses argon2-cffi's defaults).
@pytest.fixture
def client():
    with players_client() as c:
        yield c


def test_a_new_profile_logs_its_browser_in_with_a_safe_cookie(client):
    r = client.post("/api/profiles", json={"name": "  Ada   Lovelace ", "password": PASSWORD})
    assert r.status_code == 201, r.text
    profile = r.json()["profile"]
    assert profile["name"] == "Ada Lovelace" and profile["has_password"] is True and profile["id"]
    assert set(profile) == {"id", "name", "created", "has_password"}
    cookie = set_cookie_header(r)
    flags = [part.strip().lower() for part in cookie.split(";")]
    assert cookie.startswith(f"{COOKIE}=") and "httponly" in flags and "samesite=lax" in flags
    assert "path=/" in flags and "secure" not in flags  # plain http here
    assert any(f.startswith("max-age=") and int(f[8:]) == 30 * 86400 for f in flags)
    assert r.headers["cache-control"] == "no-store"
    me = client.get("/api/me").json()["profile"]
    assert me == profile
    token = client.cookies[COOKIE]
    (stored,) = rows(store_of(client), "sessions")
    assert stored[0] == hashlib.sha256(token.encode()).hexdigest() and stored[1] == profile["id"]
    assert token not in json.dumps(rows(store_of(client), "sessions"))


def test_the_cookie_is_secure_over_https():
    with players_client(base_url="https://testserver") as c:
        r = c.post("/api/profiles", json={"name": "Grace"})
        assert r.status_code == 201
        assert "secure" in [p.strip().lower() for p in set_cookie_header(r).split(";")]


def test_a_password_is_stored_only_as_an_argon2_hash(client):
    profile = new_profile(client, "Ada", PASSWORD)
    store = store_of(client)
    (row,) = rows(store, "profiles")
    assert row[0] == profile["id"] and row[2] == "ada"
    assert row[3].startswith("$argon2id$") and FAST.verify(row[3], PASSWORD)
    everything = json.dumps([rows(store, t) for t in ("profiles", "sessions", "game_profiles")])
    assert PASSWORD not in everything


def test_login_logout_and_me(client):
    profile = new_profile(client, "Ada", PASSWORD)
    first = client.cookies[COOKIE]
    client.cookies.clear()
    assert client.get("/api/me").json() == {"profile": None}
    r = client.post("/api/session", json={"name": "ADA", "password": PASSWORD})
    assert r.status_code == 200 and r.json()["profile"] == profile
    assert "httponly" in set_cookie_header(r).lower()
    second = client.cookies[COOKIE]
    assert second != first and client.get("/api/me").json()["profile"]["id"] == profile["id"]
    r = client.delete("/api/session")
    assert r.status_code == 200 and r.json() == {"ok": True}
    assert COOKIE not in client.cookies and client.get("/api/me").json() == {"profile": None}
    client.cookies.set(COOKIE, second)  # a logged-out token is dead in the store, not only forgotten
    assert client.get("/api/me").json() == {"profile": None}
    client.cookies.set(COOKIE, first)  # the first session is still this profile's (never logged out)
    assert client.get("/api/me").json()["profile"]["id"] == profile["id"]
    assert client.delete("/api/session").json() == {"ok": True}
    assert rows(store_of(client), "sessions") == []
    client.cookies.clear()
    assert client.delete("/api/session").status_code == 200  # nothing to end is no error


def test_a_second_sign_in_on_one_browser_ends_its_first_session(client):
    new_profile(client, "Ada", PASSWORD)
    new_profile(client, "Grace", PASSWORD)
    assert len(rows(store_of(client), "sessions")) == 1
    client.post("/api/session", json={"name": "ada", "password": PASSWORD})
    assert len(rows(store_of(client), "sessions")) == 1
    assert client.get("/api/me").json()["profile"]["name"] == "Ada"


def test_garbage_cookies_are_nobody(client):
    for value in ("x", "y" * 5000, '"quoted"', "a%00b"):
        client.cookies.set(COOKIE, value)
        assert client.get("/api/me").json() == {"profile": None}
    client.cookies.clear()
    for raw in (b"acreage_session=\xe9t\xe9", b"acreage_session", b"acreage_session=\xff\xfe; x=;;"):
        r = client.get("/api/me", headers={"Cookie": raw})
        assert r.status_code == 200 and r.json() == {"profile": None}, raw


def test_an_expired_session_is_nobody_and_is_swept(client):
    new_profile(client, "Ada", PASSWORD)
    store = store_of(client)
    store._transaction([("UPDATE sessions SET expires = 1", ())])
    assert client.get("/api/me").json() == {"profile": None}
    client.cookies.clear()
    new_profile(client, "Grace")
    assert len(rows(store, "sessions")) == 1  # the expired one went with the next session


def test_a_visit_renews_a_session_at_most_once_a_day(client):
    import time

    new_profile(client, "Ada")
    store = store_of(client)
    r = client.get("/api/me")
    assert r.json()["profile"]["name"] == "Ada" and "set-cookie" not in r.headers  # fresh: left alone
    assert r.headers["cache-control"] == "no-store"
    store._transaction([("UPDATE sessions SET expires = ?", (time.time() + 10 * 86400,))])
    r = client.get("/api/me")
    assert r.json()["profile"]["name"] == "Ada"
    flags = [p.strip().lower() for p in set_cookie_header(r).split(";")]
    assert f"max-age={30 * 86400}" in flags and "httponly" in flags and "samesite=lax" in flags
    ((expires,),) = store._execute("SELECT expires FROM sessions")
    assert expires > time.time() + 29 * 86400


def test_a_wrong_password_is_refused_by_name_and_rate_limited():
    limits = replace(GENEROUS, failures_per_name="3/minute", failures_per_address="5/minute")
    with players_client(limits) as client:
        new_profile(client, "Ada", PASSWORD)
        new_profile(client, "Grace", PASSWORD)
        client.cookies.clear()
        for _ in range(3):
            r = client.post("/api/session", json={"name": "Ada", "password": "wrong password"})
            assert r.status_code == 401 and r.json()["error"] == "bad_login" and COOKIE not in client.cookies
        r = client.post("/api/session", json={"name": "Ada", "password": PASSWORD})
        assert r.status_code == 429 and r.json()["error"] == "rate_limited"
        assert int(r.headers["retry-after"]) >= 1 and COOKIE not in client.cookies
        # another name from the same address has its own count, under the address's
        assert client.post("/api/session", json={"name": "Grace", "password": PASSWORD}).status_code == 200
        client.cookies.clear()
        unknown = client.post("/api/session", json={"name": "Nobody", "password": PASSWORD})
        assert unknown.status_code == 401 and unknown.json()["error"] == "bad_login"  # the same answer
        client.post("/api/session", json={"name": "Grace", "password": "wrong password"})
        r = client.post("/api/session", json={"name": "Grace", "password": PASSWORD})
        assert r.status_code == 429 and r.json()["error"] == "rate_limited"  # the address's 5 are spent


def test_a_good_login_is_never_counted():
    limits = replace(GENEROUS, failures_per_name="2/minute")
    with players_client(limits) as client:
        new_profile(client, "Ada", PASSWORD)
        for _ in range(5):
            assert client.post("/api/session", json={"name": "Ada", "password": PASSWORD}).status_code == 200


def test_profile_creations_are_rate_limited_per_address():
    with players_client(replace(GENEROUS, creations="2/minute")) as client:
        new_profile(client, "Ada")
        new_profile(client, "Grace")
        r = client.post("/api/profiles", json={"name": "Hedy"})
        assert r.status_code == 429 and r.json()["error"] == "rate_limited"
        assert len(rows(store_of(client), "profiles")) == 2


def test_a_profile_without_a_password_is_kept_by_its_cookie_only(client):
    profile = new_profile(client, "Ada")
    assert profile["has_password"] is False
    assert client.get("/api/me").json()["profile"]["id"] == profile["id"]
    client.cookies.clear()
    r = client.post("/api/session", json={"name": "Ada", "password": PASSWORD})
    assert r.status_code == 403 and r.json()["error"] == "no_password"
    (row,) = rows(store_of(client), "profiles")
    assert row[3] is None


def test_names_are_unique_whatever_their_case(client):
    new_profile(client, "Ada Lovelace", PASSWORD)
    for name in ("ada lovelace", "ADA  LOVELACE", " Ada Lovelace ", "\uff21da Lovelace"):
        r = client.post("/api/profiles", json={"name": name, "password": PASSWORD})
        assert r.status_code == 409 and r.json()["error"] == "name_taken", name
    assert len(rows(store_of(client), "profiles")) == 1


BAD_CREATIONS = [
    ({"name": "x" * 25}, 400, "too_long"),
    ({"name": "x" * 200}, 400, "too_long"),
    ({"name": "a\u0007b"}, 400, "malformed"),
    ({"name": "a\nb\u200bc"}, 400, "malformed"),
    ({"name": "   "}, 400, "malformed"),
    ({"name": ""}, 400, "malformed"),
    ({"name": 3}, 400, "malformed"),
    ({"name": ["Ada"]}, 400, "malformed"),
    ({"name": {"n": "Ada"}}, 400, "malformed"),
    ({"name": None}, 400, "malformed"),
    ({}, 400, "malformed"),
    ({"name": "Ada", "password": "short"}, 400, "too_short"),
    ({"name": "Ada", "password": "p" * 129}, 400, "too_long"),
    ({"name": "Ada", "password": 12345678}, 400, "malformed"),
    ({"name": "Ada", "password": ["correct horse"]}, 400, "malformed"),
]


@pytest.mark.parametrize("body,status,code", BAD_CREATIONS)
def test_bad_creations_are_refused_by_name_and_change_nothing(client, body, status, code):
    r = client.post("/api/profiles", json=body)
    assert r.status_code == status and r.json()["error"] == code and r.json()["message"], r.text
    assert "set-cookie" not in r.headers and rows(store_of(client), "profiles") == []


def test_malformed_bodies_are_refused_by_name(client):
    cases = [
        (b'{"name": "\\ud800abc"}', "malformed"),  # a lone surrogate: valid JSON, not text
        (b"{not json", "malformed"),
        (b"[1, 2]", "malformed"),
        (b'{"name": NaN}', "malformed"),
        (b'{"a": ' * 10 + b"1" + b"}" * 10, "too_deep"),
    ]
    for path in ("/api/profiles", "/api/session"):
        for raw, code in cases:
            r = client.post(path, content=raw, headers=JSON)
            assert r.status_code == 400 and r.json()["error"] == code, (path, raw, r.text)
    r = client.post("/api/profiles", content=b'{"name": "' + b"x" * 20000 + b'"}', headers=JSON)
    assert r.status_code == 413 and r.json()["error"] == "too_large"
    assert rows(store_of(client), "profiles") == []


def test_bad_logins_are_refused_by_name(client):
    new_profile(client, "Ada", PASSWORD)
    client.cookies.clear()
    sessions = rows(store_of(client), "sessions")
    cases = [
        ({"name": "Ada"}, "malformed"),
        ({"password": PASSWORD}, "malformed"),
        ({"name": "Ada", "password": "short"}, "too_short"),
        ({"name": "Ada", "password": "x" * 500}, "too_long"),
        ({"name": "Ada", "password": True}, "malformed"),
        ({"name": "x" * 30, "password": PASSWORD}, "too_long"),
    ]
    for body, code in cases:
        r = client.post("/api/session", json=body)
        assert r.status_code == 400 and r.json()["error"] == code, (body, r.text)
    assert COOKIE not in client.cookies and rows(store_of(client), "sessions") == sessions


def test_writes_pass_the_servers_guard(client):
    plain = {"Content-Type": "text/plain"}
    r = client.post("/api/profiles", content=json.dumps({"name": "Ada"}), headers=plain)
    assert r.status_code == 415 and r.json()["error"] == "content_type"
    r = client.post("/api/profiles", json={"name": "Ada"}, headers={"Origin": "http://evil.example"})
    assert r.status_code == 403 and r.json()["error"] == "bad_origin"
    r = client.post("/api/session", json={"name": "Ada", "password": PASSWORD},
                    headers={"Origin": "http://evil.example"})
    assert r.status_code == 403 and r.json()["error"] == "bad_origin"
    assert rows(store_of(client), "profiles") == []
    new_profile(client, "Ada", PASSWORD)
    r = client.delete("/api/session", headers={"Origin": "http://evil.example"})
    assert r.status_code == 403 and client.get("/api/me").json()["profile"] is not None
    r = client.post("/api/profiles", json={"name": "Grace"}, headers={"Origin": "http://testserver"})
    assert r.status_code == 201 and r.headers["x-frame-options"] == "DENY"


def test_a_login_upgrades_an_old_hash():
    old = PasswordHasher(time_cost=1, memory_cost=8 * 1024, parallelism=1)
    new = PasswordHasher(time_cost=2, memory_cost=8 * 1024, parallelism=1)
    with players_client(hasher=old) as client:
        profile = new_profile(client, "Ada", PASSWORD)
        store = store_of(client)
        before = accounts_store.password_hash_of(store, profile["id"])
        client.app.state.accounts.hasher = new
        assert client.post("/api/session", json={"name": "Ada", "password": PASSWORD}).status_code == 200
        after = accounts_store.password_hash_of(store, profile["id"])
        assert after != before and not new.check_needs_rehash(after) and new.verify(after, PASSWORD)
        assert client.post("/api/session", json={"name": "Ada", "password": PASSWORD}).status_code == 200
        assert accounts_store.password_hash_of(store, profile["id"]) == after  # current: kept


def test_public_profiles_and_unknown_ones(client):
    profile = new_profile(client, "Ada", PASSWORD)
    page = client.get(f"/api/profiles/{profile['id']}").json()
    assert page["profile"] == {"id": profile["id"], "name": "Ada", "created": profile["created"]}
    assert page["games"] == page["ratings"] == page["history"] == page["vs_bots"] == []
    for bad in ("0" * 12, "nothex", "x" * 300, "%00", "ABC"):
        r = client.get(f"/api/profiles/{bad}")
        assert r.status_code == 404 and r.json()["error"] == "not_found", bad


def test_no_answer_carries_a_secret(client):
    profile = new_profile(client, "Ada", PASSWORD)
    texts = [client.get("/api/me").text, client.get(f"/api/profiles/{profile['id']}").text,
             client.post("/api/session", json={"name": "Ada", "password": PASSWORD}).text,
             client.post("/api/session", json={"name": "Ada", "password": "wrong password"}).text,
             client.post("/api/profiles", json={"name": "ada", "password": PASSWORD}).text,
             client.get("/api/leaderboard/foxglove").text]
    texts.append(client.delete("/api/session").text)
    assert_no_secret(texts, store_of(client))


def test_a_seat_is_linked_to_the_profile_of_a_request(client):
    """``profile_of_request`` reads the cookie; ``link_seat`` links a game's seat once."""
    from acreage.web.accounts import profile_of_request

    profile = new_profile(client, "Ada", PASSWORD)
    other = new_profile(client, "Grace", PASSWORD)
    body = {"game": "foxglove", "players": 2, "seats": ["human", "human"]}
    made = client.post("/api/games", json=body).json()
    store = store_of(client)

    class FakeRequest:  # what profile_of_request reads: the cookie and the app's hub
        cookies = {COOKIE: client.cookies[COOKIE]}
        app = client.app

    assert profile_of_request(FakeRequest()).id == other["id"]
    # the game was created by a signed-in browser: its first human seat is that profile's
    assert accounts_store.seat_links(store, made["id"]) == {0: other["id"]}
    assert link_seat(store, made["id"], 0, other["id"]) is True  # again: the same link
    assert link_seat(store, made["id"], 0, profile["id"]) is False  # taken by another profile
    assert link_seat(store, made["id"], 1, other["id"]) is False  # one seat per profile
    assert link_seat(store, made["id"], 1, profile["id"]) is True
    assert accounts_store.seat_links(store, made["id"]) == {0: other["id"], 1: profile["id"]}
    games = client.get(f"/api/profiles/{profile['id']}").json()["games"]
    assert games == [{"id": made["id"], "game": "foxglove", "created": games[0]["created"], "seat": 1,
                      "rated": False}]


def test_the_store_functions_on_postgresql(postgres_url):
    """The same SQL on PostgreSQL: a profile, its unique name, a session, a seat link."""
    from acreage.web.store import PostgresStore, StoreConflict, hash_token

    store = PostgresStore(postgres_url)
    try:
        accounts_store.ensure_schema(store)
        accounts_store.ensure_schema(PostgresStore(postgres_url))  # a second process: no harm
        accounts_store.insert_profile(store, "pg0001", "Ada", "ada-pg", "$argon2id$x", 1.0)
        with pytest.raises(StoreConflict):
            accounts_store.insert_profile(store, "pg0002", "ADA", "ada-pg", None, 2.0)
        row = accounts_store.profile_by_key(store, "ada-pg")
        assert row is not None and row.id == "pg0001" and row.has_password
        accounts_store.insert_session(store, hash_token("t-pg"), "pg0001", 100.0, 50.0)
        assert accounts_store.session_profile(store, hash_token("t-pg"), 60.0) == row
        assert accounts_store.session_profile(store, hash_token("t-pg"), 200.0) is None
        accounts_store.delete_session(store, hash_token("t-pg"))
        assert accounts_store.session_profile(store, hash_token("t-pg"), 60.0) is None
        assert link_seat(store, "pggame", 0, "pg0001") and not link_seat(store, "pggame", 1, "pg0001")
        assert accounts_store.seat_links(store, "pggame") == {0: "pg0001"}
    finally:
        store.close()


try:
    import schemathesis
except ModuleNotFoundError:  # the dev extra brings it; without it the fuzzing below is skipped
    schemathesis = None

if schemathesis is not None:
    import tempfile
    from pathlib import Path

    from hypothesis import HealthCheck, settings
    from schemathesis import GenerationMode
    from schemathesis.checks import not_a_server_error

    _fuzzed = schemathesis.openapi.from_asgi(
        "/openapi.json", players_app(str(Path(tempfile.mkdtemp(prefix="acreage-fuzz-")) / "games.db"))
    ).include(path_regex=r"^/api/(profiles|session|me|leaderboard)")
    _fuzzed.config.generation.update(modes=[GenerationMode.POSITIVE, GenerationMode.NEGATIVE])

    @_fuzzed.parametrize()
    @settings(max_examples=30, deadline=None, suppress_health_check=list(HealthCheck))
    def test_no_generated_request_to_the_players_routes_gets_a_server_error(case):
        """As for the rest of the API: whatever is sent, a named 4xx, never a 5xx or a secret."""
        response = case.call()
        case.validate_response(response, checks=[not_a_server_error])
        if response.status_code >= 400:
            assert set(response.json()) >= {"error", "message"}, response.text[:300]
        assert "$argon2" not in response.text


def test_a_seat_come_by_an_invite_link_is_linked_to_the_signed_in_profile(client):
    """``POST /api/games/{id}/sign``: the token's seat joins the signed-in profile (once); no
    profile, no token or another profile's seat change nothing."""
    body = {"game": "foxglove", "players": 2, "seats": ["human", "human"]}
    made = client.post("/api/games", json=body).json()
    gid, invite = made["id"], made["tokens"]["1"]
    store = store_of(client)
    r = client.post(f"/api/games/{gid}/sign", json={"token": invite})
    assert r.status_code == 401 and r.json()["error"] == "not_signed_in"
    grace = new_profile(client, "Grace", PASSWORD)
    assert client.post(f"/api/games/{gid}/sign", json={}).json()["error"] == "spectator"
    r = client.post(f"/api/games/{gid}/sign", json={"token": invite})
    assert r.json() == {"seat": 1, "linked": True}
    assert accounts_store.seat_links(store, gid) == {1: grace["id"]}
    client.cookies.clear()
    new_profile(client, "Ada", PASSWORD)
    assert client.post(f"/api/games/{gid}/sign", json={"token": invite}).json()["linked"] is False
    assert accounts_store.seat_links(store, gid) == {1: grace["id"]}
