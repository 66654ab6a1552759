"""Plain helpers shared by the web tests: calls to a server's API and a fresh browser page.

Fixtures (the server, the browser, the store) live in ``conftest.py``; nothing here is one.
"""

from __future__ import annotations

import json
import urllib.request


# ---------------------------------------------------------------------- a real server (urllib)
def api(server, path, body=None, token=None):
    """The JSON answer of a real server's ``path`` (a POST of ``body`` when given, as ``token``)."""
    data = None if body is None else json.dumps(body).encode()
    headers = {"Content-Type": "application/json"}
    if token:
        headers["Authorization"] = f"Bearer {token}"
    req = urllib.request.Request(server.url + path, data=data, headers=headers)
    with urllib.request.urlopen(req, timeout=10) as r:
        return json.loads(r.read())


def new_page(browser, width=1280, height=900):
    """A page in a new browser context of that viewport, collecting its script errors in ``errors``."""
    context = browser.new_context(viewport={"width": width, "height": height})
    page = context.new_page()
    page.errors = []
    page.on("pageerror", lambda e: page.errors.append(str(e)))
    return page


# ------------------------------------------------------------------- a test client (FastAPI)
def create(client, **body):
    """A new game (a two-seat human Foxglove game unless ``body`` says otherwise): its creation answer."""
    body.setdefault("game", "foxglove")
    body.setdefault("players", 2)
    body.setdefault("seats", ["human", "human"])
    body.setdefault("options", {"start_player": 0})
    r = client.post("/api/games", json=body)
    assert r.status_code == 201, r.text
    return r.json()


def view(client, gid, token=None, since=0):
    """Game ``gid`` as ``token``'s seat sees it (a spectator without one), events from ``since``."""
    headers = {"Authorization": f"Bearer {token}"} if token else {}
    r = client.get(f"/api/games/{gid}", params={"since": since}, headers=headers)
    assert r.status_code == 200, r.text
    return r.json()


def act(client, gid, token, action, seq, client_id=None):
    """The response to ``token``'s seat posting ``action`` at step ``seq`` of game ``gid``."""
    return client.post(
        f"/api/games/{gid}/actions",
        json={"token": token, "action": action, "seq": seq, "client_id": client_id},
    )
