"""Helpers for the profile and rating tests: an app with generous account rates and a fast
password hasher, new profiles, and checks that no secret reaches an answer."""

from __future__ import annotations

from dataclasses import replace

from argon2 import PasswordHasher
from fastapi.testclient import TestClient

from acreage.web import accounts_store
from acreage.web.accounts import AccountLimits, Accounts
from acreage.web.limits import LOOPBACK_HOSTS, UNLIMITED
from acreage.web.server import create_app

FAST = PasswordHasher(time_cost=1, memory_cost=8 * 1024, parallelism=1)
#: Rates no test reaches unless it means to.
GENEROUS = AccountLimits(creations="1000/second", failures_per_name="1000/second",
                         failures_per_address="1000/second")
PASSWORD = "correct horse battery"
JSON = {"Content-Type": "application/json"}


def players_app(db: str = ":memory:", limits: AccountLimits = GENEROUS, hasher: PasswordHasher = FAST):
    """The real app (its guard, its error handlers, its store) with the players' router
    included, as the server will include it."""
    server_limits = replace(UNLIMITED, allowed_hosts=(*LOOPBACK_HOSTS, "testserver"))
    app = create_app(db, warm_bots=False, limits=server_limits)
    app.state.accounts = Accounts(limits, hasher)
    return app


def players_client(limits: AccountLimits = GENEROUS, hasher: PasswordHasher = FAST,
                   base_url: str = "http://testserver") -> TestClient:
    """A test client of :func:`players_app` on an in-memory SQLite store."""
    return TestClient(players_app(":memory:", limits, hasher), base_url=base_url)


def store_of(client):
    return client.app.state.hub.store


def new_profile(client, name, password=None):
    body = {"name": name} if password is None else {"name": name, "password": password}
    r = client.post("/api/profiles", json=body)
    assert r.status_code == 201, r.text
    return r.json()["profile"]


def set_cookie_header(response) -> str:
    (header,) = [v for k, v in response.headers.multi_items() if k == "set-cookie"]
    return header


def rows(store, table):
    accounts_store.ensure_schema(store)
    return store._execute(f"SELECT * FROM {table}")


def secrets_in(store) -> list[str]:
    """Every password hash and session token hash in the store."""
    accounts_store.ensure_schema(store)
    found = [h for (h,) in store._execute("SELECT password_hash FROM profiles") if h]
    return found + [h for (h,) in store._execute("SELECT token_hash FROM sessions")]


def assert_no_secret(texts, store):
    for text in texts:
        assert "$argon2" not in text
        for secret in secrets_in(store):
            assert secret not in text
