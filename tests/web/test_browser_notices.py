"""Turn notices in a real browser against real receivers: a signed-in player subscribes an
e-mail address and a webhook, another player's move in the browser makes it their turn, and
one e-mail reaches a local SMTP server and one JSON post a local HTTP server, both with the
game's link and no secret. Skipped without Chromium on a user's machine; in CI they must run."""

from __future__ import annotations

import time

import pytest

pytest.importorskip("fastapi", reason="the web tests need the web extra: pip install -e '.[dev]'")

from .conftest import Server  # noqa: E402
from .helpers import new_page  # noqa: E402


def call(page, method, path, body=None):
    """A request from the page itself (its cookies, its origin), as the pages' scripts send them."""
    return page.evaluate(
        """async ([method, path, body]) => {
            const r = await fetch(path, { method, headers: { "Content-Type": "application/json" },
                                          body: body === null ? undefined : JSON.stringify(body) });
            return { status: r.status, body: await r.json() };
        }""", [method, path, body])


def wait_until(check, seconds=20.0):
    deadline = time.time() + seconds
    while time.time() < deadline:
        if check():
            return
        time.sleep(0.1)
    raise AssertionError("never happened")


def test_an_email_and_a_webhook_arrive_for_a_turn(tmp_path, browser, receiver, smtp_server):
    smtp_port, mailbox = smtp_server()
    server = Server(str(tmp_path / "games.db"), env={
        "ACREAGE_SMTP_HOST": "127.0.0.1", "ACREAGE_SMTP_PORT": str(smtp_port),
        "ACREAGE_SMTP_FROM": "acreage@example.org", "ACREAGE_NOTICES_ALLOW_PRIVATE": "1",
    }).start()
    server.env["ACREAGE_BASE_URL"] = server.url
    try:
        ada, grace = new_page(browser), new_page(browser)
        for page, name in ((ada, "Ada"), (grace, "Grace")):
            page.goto(server.url + "/")
            made = call(page, "POST", "/api/profiles", {"name": name, "password": "correct horse"})
            assert made["status"] == 201
        mail_sub = {"kind": "email", "target": "grace@example.org"}
        assert call(grace, "POST", "/api/me/notices", mail_sub)["status"] == 201
        hook = {"kind": "webhook", "target": receiver.url("/grace"), "flavour": "discord"}
        assert call(grace, "POST", "/api/me/notices", hook)["status"] == 201
        made = call(ada, "POST", "/api/games", {"game": "foxglove", "players": 2, "seats": ["human", "open"],
                                                "options": {"start_player": 0}})["body"]
        joined = call(grace, "POST", f"/api/games/{made['id']}/join", {"seat": 1})
        assert joined["status"] == 200
        ada.goto(server.url + made["links"]["0"])
        ada.wait_for_selector('#actions [data-action="pass"]')
        ada.click('#actions [data-action="pass"]')  # Ada passes: Grace is to act
        wait_until(lambda: mailbox.messages and receiver.posts)
        time.sleep(1.0)  # nothing more comes for the same turn
        assert len(mailbox.messages) == 1 and len(receiver.bodies("/grace")) == 1
        _, to, raw = mailbox.messages[0]
        mail = raw.decode()
        assert to == ["grace@example.org"] and "Foxglove Farm" in mail and f"/play/{made['id']}" in mail
        body = receiver.bodies("/grace")[0]
        assert "Grace" in body["content"] and f"/play/{made['id']}" in body["content"]
        token = joined["body"]["token"]
        assert token not in mail and token not in body["content"]  # never a seat's secret
        assert "token" not in body["content"]
    finally:
        server.kill()
